/**
 * Instance buffers of the configurator's scene, kept without Babylon (pure, testable): one group
 * per item type and layer (shafts: per type), each a growing Float32Array of instance matrices
 * with a slot per occupied cell. An engine change list (`GridChanges`: added, removed, updated)
 * touches only the slots it names: a removal moves the group's last instance into the freed slot,
 * an addition appends. `takeUpdates()` hands the scene what to upload: per group the instance
 * count, whether the array grew (re-create the GPU buffer) and the dirty slot ranges (partial
 * uploads). The number of groups, hence draw calls, depends on item types and layers, never on the
 * number of boxes (decision 0107).
 */
import type { BoxGrid, GridChanges, GridItem, ItemGeometryLookup, Rotation, SelectedOption } from '@rainplan/engine/boxgrid';
import { CUBE_SIDES, gridItems, type CubeSide } from '@rainplan/engine/boxgrid';
import { CELL_M, LAYER_M, MATRIX_FLOATS, turn, writeItemMatrix } from './layout.ts';

/** A group of instances drawn by one mesh: one item type in one layer, or one shaft type. */
export interface InstanceGroup {
  /** `<boxTypeId>@<layer>` for boxes, `<boxTypeId>@shaft` for shafts. */
  readonly key: string;
  readonly boxTypeId: string;
  readonly kind: 'BOX' | 'SHAFT';
  /** Layer of the boxes; -1 for shafts. */
  readonly layer: number;
  /** Height of the item type, m (the mesh's height). */
  readonly heightM: number;
  readonly lengthM: number;
  readonly widthM: number;
  matrices: Float32Array;
  count: number;
  /** Cell index (x * sizeZ + z) per slot. */
  readonly cellOfSlot: number[];
  /** Slot per cell index. */
  readonly slotOfCell: Map<number, number>;
  /** The array was replaced (grown): the scene re-creates the buffer. */
  grown: boolean;
  /** The instance count changed (an update is due even when no slot is left to upload). */
  countChanged: boolean;
  readonly dirty: Set<number>;
}

/** What the scene uploads for a group after changes. */
export interface GroupUpdate {
  readonly group: InstanceGroup;
  /** Upload the whole array (new group, grown array, or many scattered slots). */
  readonly full: boolean;
  /** Dirty slot ranges [start, start + length) to upload when not full. */
  readonly ranges: readonly { readonly start: number; readonly length: number }[];
}

const INITIAL_CAPACITY = 64;
/** More dirty ranges than this: one upload of the used part instead. */
const MAX_RANGES = 16;

export function groupKey(item: Pick<GridItem, 'boxTypeId' | 'kind' | 'y'>): string {
  return item.kind === 'SHAFT' ? `${item.boxTypeId}@shaft` : `${item.boxTypeId}@${item.y}`;
}

/** Connection indicators: one instance per connected cube side (the item's options `side.<side>.plant…`). */
export function connectedSides(options: readonly SelectedOption[]): CubeSide[] {
  return CUBE_SIDES.filter((side) => options.some((o) => o.propertyId.startsWith(`side.${side}.plant`)));
}

/** Direction of a cube side in the item's own frame (front = +z, left = −x seen from the front… i.e. west when facing north). */
const SIDE_DIRECTION: Record<CubeSide, { dx: number; dz: number }> = {
  front: { dx: 0, dz: 1 },
  back: { dx: 0, dz: -1 },
  left: { dx: -1, dz: 0 },
  right: { dx: 1, dz: 0 },
};

export class InstanceBuffers {
  readonly groups = new Map<string, InstanceGroup>();
  /** Connection indicators (small; rebuilt whenever an item with connections changes). */
  connectors = new Float32Array(0);
  connectorCount = 0;
  connectorsDirty = false;
  private readonly connectionItems = new Map<string, GridItem>();
  private sizeZ = 1;
  private lookup: ItemGeometryLookup;
  /** Debug view: boxes fall onto what is below them (perspective with gravity). */
  private gravity = false;
  private grid: BoxGrid | undefined;

  constructor(lookup: ItemGeometryLookup) {
    this.lookup = lookup;
  }

  get instanceCount(): number {
    let n = 0;
    for (const g of this.groups.values()) n += g.count;
    return n;
  }

  /** Rebuilds every group from a grid (load, relayout, gravity or catalogue change). Groups are kept (emptied), so meshes stay. */
  reset(grid: BoxGrid, lookup: ItemGeometryLookup = this.lookup, gravity = this.gravity): void {
    this.lookup = lookup;
    this.gravity = gravity;
    this.grid = grid;
    this.sizeZ = grid.sizeZ;
    for (const g of this.groups.values()) {
      g.count = 0;
      g.cellOfSlot.length = 0;
      g.slotOfCell.clear();
      g.dirty.clear();
      g.grown = true;
    }
    this.connectionItems.clear();
    const items = gridItems(grid);
    const fallen = gravity ? fallenLayers(grid) : undefined;
    for (const item of items) this.add(item, fallen?.get(item) ?? item.y);
    this.connectorsDirty = true;
  }

  /** Applies an operation's change list (or `diffGrids` between the drawn and the new grid). */
  apply(grid: BoxGrid, changes: GridChanges): void {
    if (changes.relayout || this.gravity || grid.sizeZ !== this.sizeZ || this.grid === undefined) {
      this.reset(grid);
      return;
    }
    this.grid = grid;
    for (const item of changes.removed) this.remove(item);
    for (const item of changes.added) this.add(item, item.y);
    for (const item of changes.updated) {
      const group = this.groups.get(groupKey(item));
      const slot = group?.slotOfCell.get(item.x * this.sizeZ + item.z);
      if (group === undefined || slot === undefined) {
        this.add(item, item.y);
        continue;
      }
      writeItemMatrix(group.matrices, slot * MATRIX_FLOATS, item.x, item.kind === 'SHAFT' ? 0 : item.y, item.z, group.heightM, item.rotation);
      group.dirty.add(slot);
      this.trackConnections(item);
    }
  }

  private groupFor(item: GridItem, layer: number): InstanceGroup | undefined {
    const key = item.kind === 'SHAFT' ? `${item.boxTypeId}@shaft` : `${item.boxTypeId}@${layer}`;
    let group = this.groups.get(key);
    if (group === undefined) {
      const g = this.lookup(item.boxTypeId);
      if (g === undefined) return undefined;
      group = {
        key,
        boxTypeId: item.boxTypeId,
        kind: item.kind,
        layer: item.kind === 'SHAFT' ? -1 : layer,
        heightM: g.heightMm / 1000,
        lengthM: g.lengthMm / 1000,
        widthM: g.widthMm / 1000,
        matrices: new Float32Array(INITIAL_CAPACITY * MATRIX_FLOATS),
        count: 0,
        cellOfSlot: [],
        slotOfCell: new Map(),
        grown: true,
        countChanged: true,
        dirty: new Set(),
      };
      this.groups.set(key, group);
    }
    return group;
  }

  private add(item: GridItem, drawnLayer: number): void {
    const group = this.groupFor(item, item.kind === 'SHAFT' ? 0 : drawnLayer);
    if (group === undefined) return;
    const cell = item.x * this.sizeZ + item.z;
    let slot = group.slotOfCell.get(cell);
    if (slot === undefined) {
      slot = group.count;
      if ((slot + 1) * MATRIX_FLOATS > group.matrices.length) {
        const bigger = new Float32Array(group.matrices.length * 2);
        bigger.set(group.matrices);
        group.matrices = bigger;
        group.grown = true;
      }
      group.count++;
      group.countChanged = true;
      group.cellOfSlot[slot] = cell;
      group.slotOfCell.set(cell, slot);
    }
    writeItemMatrix(group.matrices, slot * MATRIX_FLOATS, item.x, item.kind === 'SHAFT' ? 0 : drawnLayer, item.z, group.heightM, item.rotation);
    group.dirty.add(slot);
    this.trackConnections(item);
  }

  private remove(item: GridItem): void {
    const group = this.groups.get(groupKey(item));
    const cell = item.x * this.sizeZ + item.z;
    const slot = group?.slotOfCell.get(cell);
    if (group === undefined || slot === undefined) return;
    const last = group.count - 1;
    if (slot !== last) {
      // the last instance moves into the freed slot
      group.matrices.copyWithin(slot * MATRIX_FLOATS, last * MATRIX_FLOATS, (last + 1) * MATRIX_FLOATS);
      const movedCell = group.cellOfSlot[last] as number;
      group.cellOfSlot[slot] = movedCell;
      group.slotOfCell.set(movedCell, slot);
      group.dirty.add(slot);
    }
    group.cellOfSlot.length = last;
    group.slotOfCell.delete(cell);
    group.dirty.delete(last);
    group.count = last;
    group.countChanged = true;
    const key = connectionKey(item);
    if (this.connectionItems.delete(key)) this.connectorsDirty = true;
  }

  private trackConnections(item: GridItem): void {
    const key = connectionKey(item);
    const had = this.connectionItems.has(key);
    if (connectedSides(item.options).length > 0) {
      this.connectionItems.set(key, item);
      this.connectorsDirty = true;
    } else if (had) {
      this.connectionItems.delete(key);
      this.connectorsDirty = true;
    }
  }

  /** Rebuilds the connection indicators' matrices (one per connected side) when they changed. */
  private rebuildConnectors(): void {
    const matrices: number[] = [];
    for (const item of this.connectionItems.values()) {
      const g = this.lookup(item.boxTypeId);
      const heightM = g === undefined ? LAYER_M : g.heightMm / 1000;
      for (const side of connectedSides(item.options)) {
        const local = SIDE_DIRECTION[side];
        const d = turn(item.rotation, local.dx, local.dz);
        const out = new Float32Array(MATRIX_FLOATS);
        writeItemMatrix(out, 0, item.x, item.kind === 'SHAFT' ? 0 : item.y, item.z, heightM, rotationOf(d));
        // move to the middle of that side's face
        out[12] = (out[12] as number) + (d.dx * CELL_M) / 2;
        out[14] = (out[14] as number) + (d.dz * CELL_M) / 2;
        for (const v of out) matrices.push(v);
      }
    }
    this.connectors = new Float32Array(matrices);
    this.connectorCount = matrices.length / MATRIX_FLOATS;
  }

  /** What changed since the last call; clears the dirty marks. */
  takeUpdates(): { groups: GroupUpdate[]; connectors: boolean } {
    const updates: GroupUpdate[] = [];
    for (const group of this.groups.values()) {
      if (!group.grown && !group.countChanged && group.dirty.size === 0) continue;
      if (group.grown) {
        updates.push({ group, full: true, ranges: [] });
      } else {
        const ranges = slotRanges(group.dirty);
        updates.push(ranges.length > MAX_RANGES ? { group, full: true, ranges: [] } : { group, full: false, ranges });
      }
      group.grown = false;
      group.countChanged = false;
      group.dirty.clear();
    }
    const connectors = this.connectorsDirty;
    if (connectors) this.rebuildConnectors();
    this.connectorsDirty = false;
    return { groups: updates, connectors };
  }

  /**
   * Is this group's layer drawn in the plan view of `layer`? The current layer and the one below it
   * (darker): layers above are hidden, and lower ones would only be covered (decision 0107).
   */
  static visibleInPlan(group: InstanceGroup, layer: number): boolean {
    return group.kind === 'SHAFT' || group.layer === layer || group.layer === layer - 1;
  }
}

function connectionKey(item: GridItem): string {
  return item.kind === 'SHAFT' ? `s${item.x},${item.z}` : `b${item.x},${item.y},${item.z}`;
}

/** The rotation whose front points in direction d (used to turn a connection indicator outwards). */
function rotationOf(d: { dx: number; dz: number }): Rotation {
  if (d.dz > 0.5) return 'North';
  if (d.dx < -0.5) return 'West';
  if (d.dz < -0.5) return 'South';
  return 'East';
}

/** Sorted slots merged into contiguous ranges. */
export function slotRanges(slots: Iterable<number>): { start: number; length: number }[] {
  const sorted = [...slots].sort((a, b) => a - b);
  const out: { start: number; length: number }[] = [];
  for (const s of sorted) {
    const last = out[out.length - 1];
    if (last !== undefined && last.start + last.length === s) last.length++;
    else out.push({ start: s, length: 1 });
  }
  return out;
}

/** Gravity (debug): each box drawn on the layer of the boxes below it in its column, without gaps. */
export function fallenLayers(grid: BoxGrid): Map<GridItem, number> {
  const out = new Map<GridItem, number>();
  const cells = grid.sizeX * grid.sizeZ;
  for (let i = 0; i < cells; i++) {
    let level = 0;
    for (const layer of grid.layers) {
      const item = layer[i];
      if (item === null || item === undefined) continue;
      out.set(item, level++);
    }
  }
  return out;
}
