/**
 * Between the wire form of a configuration (`BoxConfiguration` / `BoxItem` of the project file,
 * spec §3) and the cell-indexed `BoxGrid`, with the item-list rules of spec §5:
 * - `checkItemList`: a response is accepted only if every item has string boxId and boxTypeId,
 *   numeric x, y, z and string rotation; otherwise nothing is applied.
 * - `gridFromConfiguration`: on load, items missing id, type, position or rotation are ignored
 *   (each with a message the caller can log), as are unknown types, items outside the grid and
 *   a second item in an occupied cell.
 * - `toWireItems`: temporary ids are sent as null (spec §4).
 */
import type { BoxConfiguration } from '../model/project.ts';
import { DEFAULTS } from '../tables/defaults.ts';
import { CELL_MM, MAX_CELLS_PER_EDGE, MAX_GRID_ITEMS, ROTATIONS, TEMP_ID_PREFIX, cellsOf, createGrid, gridItems, gridLengthM, gridWidthM, type BoxGrid, type Cells, type GridItem, type Rotation } from './grid.ts';
import type { ItemGeometryLookup } from './itemGeometry.ts';
import { gridMessage, type GridMessage } from './messages.ts';
import type { SelectedOption } from './propertySets.ts';
import { configurationLevels } from './levels.ts';

export type WireItem = NonNullable<BoxConfiguration['items']>[number];

/** Longest item list accepted (bounds work and memory; `SIZE_LIMITS.configurationItemsMax`, the items call's limit). */
export const MAX_ITEMS: number = MAX_GRID_ITEMS;

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * Spec §5: a box-items *response* (stored items, server → client) is accepted only if every item
 * has a string boxId and boxTypeId, numeric x, y, z and a string rotation. Returns the first
 * offending index, or ok. Not for request bodies: new items are sent with boxId null (spec §4);
 * those go through the project file schema and `gridFromConfiguration`.
 */
export function checkItemList(items: unknown): { ok: true } | { ok: false; message: GridMessage } {
  if (!Array.isArray(items)) return { ok: false, message: gridMessage('ITEM_LIST_INVALID', { index: -1 }) };
  if (items.length > MAX_ITEMS) return { ok: false, message: gridMessage('ITEM_LIST_INVALID', { index: MAX_ITEMS }) };
  for (let i = 0; i < items.length; i++) {
    const it: unknown = items[i];
    if (
      !isRecord(it) ||
      typeof it['boxId'] !== 'string' ||
      typeof it['boxTypeId'] !== 'string' ||
      typeof it['x'] !== 'number' ||
      typeof it['y'] !== 'number' ||
      typeof it['z'] !== 'number' ||
      typeof it['rotation'] !== 'string'
    ) {
      return { ok: false, message: gridMessage('ITEM_LIST_INVALID', { index: i }) };
    }
  }
  return { ok: true };
}

export interface LoadResult {
  readonly grid: BoxGrid;
  /** Items that were skipped, with why (spec §5: logged by the caller). */
  readonly skipped: readonly GridMessage[];
  /**
   * Items kept beyond the stored length × width (the grid was enlarged to hold them): an old
   * configuration saved before such items were refused. The caller lets the planner enlarge the
   * stored grid or remove them; 0 for every configuration the api stores now.
   */
  readonly outsideStoredGrid: number;
}

/**
 * Build the grid of a stored configuration. Grid size: the configuration's `dimensioning`
 * length × width (m, rounded down to 0.8 m cells), default 10 m × 10 m, enlarged when needed so
 * that no valid item is lost (`outsideStoredGrid` counts the items it was enlarged for); layers: `dimensioning.levels` rounded up, at least the highest item
 * layer + 1, at most 7. Items without an id keep none: they get a temporary id.
 */
export function gridFromConfiguration(config: BoxConfiguration, lookup: ItemGeometryLookup): LoadResult {
  const skipped: GridMessage[] = [];
  const dims = config.dimensioning ?? {};
  const valid: { item: WireItem; kind: 'BOX' | 'SHAFT'; index: number }[] = [];
  let maxX = 0;
  let maxZ = 0;
  let maxY = 0;
  (config.items ?? []).forEach((item, index) => {
    if (
      typeof item.boxTypeId !== 'string' ||
      item.boxTypeId === '' ||
      !Number.isFinite(item.x) ||
      !Number.isFinite(item.y) ||
      !Number.isFinite(item.z) ||
      !(ROTATIONS as readonly string[]).includes(item.rotation)
    ) {
      skipped.push(gridMessage('ITEM_INCOMPLETE', { index }, 'warning'));
      return;
    }
    const geometry = lookup(item.boxTypeId);
    if (geometry === undefined) {
      skipped.push(gridMessage('UNKNOWN_ITEM_TYPE', { index, boxTypeId: item.boxTypeId }, 'warning'));
      return;
    }
    const y = geometry.kind === 'SHAFT' ? 0 : item.y;
    if (!Number.isInteger(item.x) || !Number.isInteger(y) || !Number.isInteger(item.z) || item.x < 0 || item.z < 0 || y < 0 || item.x >= MAX_CELLS_PER_EDGE || item.z >= MAX_CELLS_PER_EDGE || y >= DEFAULTS.maxLevels) {
      skipped.push(gridMessage('ITEM_OUTSIDE_GRID', { index }, 'warning'));
      return;
    }
    maxX = Math.max(maxX, item.x + 1);
    maxZ = Math.max(maxZ, item.z + 1);
    maxY = Math.max(maxY, y + 1);
    valid.push({ item, kind: geometry.kind, index });
  });
  const lengthM = Math.max(dims.length ?? DEFAULTS.newConfiguratorGridLengthM, (maxX * CELL_MM) / 1000);
  const widthM = Math.max(dims.width ?? DEFAULTS.newConfiguratorGridWidthM, (maxZ * CELL_MM) / 1000);
  const levels = Math.max(dims.levels ?? 1, maxY);
  const empty = createGrid({
    id: config.id,
    name: config.name,
    measureId: config.measureId ?? null,
    lengthM: Math.max(lengthM, CELL_MM / 1000),
    widthM: Math.max(widthM, CELL_MM / 1000),
    layers: levels,
    storageCoefficient: dims.storageCoefficient ?? undefined,
    groundLevel: config.groundLevel ?? undefined,
    plantBottomLevel: config.plantBottomLevel ?? undefined,
    stormwaterObjective: config.stormwaterObjective ?? undefined,
    heightOverrideM: dims.heightOverride ?? null,
    xProjectionAxes: config.projectionAxes?.xProjectionAxes,
    yProjectionAxes: config.projectionAxes?.yProjectionAxes,
  });
  const sizeZ = empty.sizeZ;
  const stored = { sizeX: cellsOf(dims.length ?? DEFAULTS.newConfiguratorGridLengthM), sizeZ: cellsOf(dims.width ?? DEFAULTS.newConfiguratorGridWidthM) };
  let outsideStoredGrid = 0;
  const layers = empty.layers.map((l) => l.slice());
  const shafts = empty.shafts.slice();
  let tempId = 1;
  let boxCount = 0;
  let shaftCount = 0;
  for (const { item, kind, index } of valid) {
    const i = item.x * sizeZ + item.z;
    const y = kind === 'SHAFT' ? 0 : item.y;
    const occupied = shafts[i] !== null || (kind === 'SHAFT' ? layers.some((l) => l[i] !== null) : layers[y]?.[i] !== null);
    if (occupied) {
      skipped.push(gridMessage('ITEM_CELL_OCCUPIED', { index }, 'warning'));
      continue;
    }
    const boxId = typeof item.boxId === 'string' && item.boxId !== '' && !item.boxId.startsWith(TEMP_ID_PREFIX) ? item.boxId : `${TEMP_ID_PREFIX}${tempId++}`;
    const gridItem: GridItem = {
      boxId,
      boxTypeId: item.boxTypeId,
      kind,
      x: item.x,
      y,
      z: item.z,
      rotation: item.rotation as Rotation,
      options: (item.options ?? []).map(toSelectedOption),
    };
    if (item.x >= stored.sizeX || item.z >= stored.sizeZ) outsideStoredGrid++;
    if (kind === 'SHAFT') {
      shafts[i] = gridItem;
      shaftCount++;
    } else {
      (layers[y] as (GridItem | null)[])[i] = gridItem;
      boxCount++;
    }
  }
  return { grid: { ...empty, layers: layers as Cells[], shafts, boxCount, shaftCount, nextTempId: tempId }, skipped, outsideStoredGrid };
}

function toSelectedOption(o: { propertyId: string; optionId?: string | null | undefined; value?: string | number | boolean | null | undefined }): SelectedOption {
  return { propertyId: o.propertyId, ...(o.optionId == null ? {} : { optionId: o.optionId }), ...(o.value == null ? {} : { value: o.value }) };
}

/**
 * The grid's items in wire form. Temporary ids become null ("nulled on send", spec §4) unless
 * `savedIds` maps them to a stored id (an earlier save of the same session), so that saving twice
 * never renumbers an item.
 */
export function toWireItems(grid: BoxGrid, savedIds?: ReadonlyMap<string, string>): WireItem[] {
  return gridItems(grid).map((it) => ({
    boxId: it.boxId.startsWith(TEMP_ID_PREFIX) ? (savedIds?.get(it.boxId) ?? null) : it.boxId,
    boxTypeId: it.boxTypeId,
    x: it.x,
    y: it.y,
    z: it.z,
    rotation: it.rotation,
    options: it.options.map((o) => ({ propertyId: o.propertyId, ...(o.optionId === undefined ? {} : { optionId: o.optionId }), ...(o.value === undefined ? {} : { value: o.value }) })),
  }));
}

/**
 * The configuration in wire form: settings, dimensioning (length/width of the grid; height and
 * levels recomputed from the items, spec §4) and items.
 */
export function toConfiguration(grid: BoxGrid, lookup: ItemGeometryLookup): BoxConfiguration {
  const s = grid.settings;
  const { levels, heightMm } = configurationLevels(grid, lookup);
  return {
    id: s.id,
    name: s.name,
    measureId: s.measureId,
    dimensioning: {
      length: gridLengthM(grid),
      width: gridWidthM(grid),
      height: heightMm / 1000,
      levels: Math.max(levels, 0),
      storageCoefficient: s.storageCoefficient,
      ...(s.heightOverrideM === null ? {} : { heightOverride: s.heightOverrideM }),
    },
    projectionAxes: { xProjectionAxes: [...s.xProjectionAxes], yProjectionAxes: [...s.yProjectionAxes] },
    groundLevel: s.groundLevel,
    plantBottomLevel: s.plantBottomLevel,
    stormwaterObjective: s.stormwaterObjective,
    items: toWireItems(grid),
  };
}

/** Grid size in cells for a length and width in metres (0.8 m cells, rounded down). */
export function gridCells(lengthM: number, widthM: number): { sizeX: number; sizeZ: number } {
  return { sizeX: cellsOf(lengthM), sizeZ: cellsOf(widthM) };
}
