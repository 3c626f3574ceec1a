/**
 * The box grid of a configuration: items indexed by cell, and every operation of planning spec
 * §2 "Box configurator" / §4 "Box grid" that edits cells as a pure function `(grid, …) → { grid,
 * changes }` (layers, size, axes and settings: gridShape.ts).
 *
 * Layout: x runs along the configuration's length, z along its width (one cell = 800 mm), y is
 * the layer (0 = lowest layer). Boxes live in `layers[y][x * sizeZ + z]`; a shaft occupies its
 * whole column and lives in `shafts[x * sizeZ + z]` (its item has y = 0). A grid value is never
 * mutated: an edit copies the one layer it touches (structural sharing of the others), so a
 * single edit costs O(cells of a layer) and earlier grids stay valid for undo.
 *
 * Example:
 * ```ts
 * let grid = createGrid({ id: 'c1', name: 'Tank', lengthM: 4, widthM: 2.4 }); // 5 × 3 cells, 1 layer
 * const placed = place(grid, lookup, { x: 0, y: 0, z: 0, boxTypeId: 'BOX_FULL' });
 * grid = placed.grid; // placed.changes.added[0].boxId === 'temp-1'
 * ```
 */
import { boxGridCells } from '../sizing/boxBlock.ts';
import { BOX_GRID, DEFAULTS, SIZE_LIMITS } from '../tables/defaults.ts';
import { defaultLevels, heightOverrideOf } from './cover.ts';
import type { ItemGeometry, ItemGeometryLookup } from './itemGeometry.ts';
import { gridMessage, type GridMessage } from './messages.ts';
import { CUBE_SIDES, type SelectedOption } from './propertySets.ts';

export const ROTATIONS = ['North', 'West', 'South', 'East'] as const satisfies readonly string[];
export type Rotation = (typeof ROTATIONS)[number];

/** Rotation in degrees (spec §4: N, W, S, E = 0, 90, 180, 270). */
export const ROTATION_DEGREES = { North: 0, West: 90, South: 180, East: 270 } as const satisfies Record<Rotation, number>;

/** Prefix of the temporary ids of new items (spec §4); `toWireItems` sends them as null. */
export const TEMP_ID_PREFIX = 'temp-';

/** Grid cell edge, mm (spec §9). */
export const CELL_MM = 800;
/** Largest grid edge in cells (200 cells = 160 m; `SIZE_LIMITS.gridMaxCellsPerEdge`): bounds memory and work of one grid. */
export const MAX_CELLS_PER_EDGE: number = SIZE_LIMITS.gridMaxCellsPerEdge;
/**
 * Most items (boxes and shafts) of one grid (`SIZE_LIMITS.configurationItemsMax`, what the api's
 * items call accepts): an operation that would add items beyond it is refused with
 * `TOO_MANY_ITEMS` (decision 0191); one that keeps or lowers the count is not.
 */
export const MAX_GRID_ITEMS: number = SIZE_LIMITS.configurationItemsMax;

/**
 * Connection options of a cube side carry the propertyId prefix `side.<front|left|back|right>.`
 * in an item's flat option list (decision 0086); rotation clears them (spec §4).
 */
export function isConnectionOption(option: SelectedOption): boolean {
  return CUBE_SIDES.some((side) => option.propertyId.startsWith(`side.${side}.`));
}

/** An item in the grid. */
export interface GridItem {
  /** Stored id, or a temporary id (`temp-…`) of an item not yet saved. */
  readonly boxId: string;
  readonly boxTypeId: string;
  readonly kind: 'BOX' | 'SHAFT';
  readonly x: number;
  /** Layer (0 = lowest); always 0 for a shaft. */
  readonly y: number;
  readonly z: number;
  readonly rotation: Rotation;
  readonly options: readonly SelectedOption[];
}

/** A rectangular area of cells (inclusive bounds), e.g. the active selection in the top view. */
export interface CellArea {
  readonly x0: number;
  readonly z0: number;
  readonly x1: number;
  readonly z1: number;
}

/** The configuration's settings (spec §3 "Box configurator project"), in metres and percent. */
export interface GridSettings {
  readonly id: string;
  readonly name: string;
  readonly measureId: string | null;
  /** Storage coefficient of the boxes, percent (shaft storage, spec §9). */
  readonly storageCoefficient: number;
  /** Projection axes: positions in metres along x (length) and along the width. */
  readonly xProjectionAxes: readonly number[];
  readonly yProjectionAxes: readonly number[];
  /** Ground level and plant bottom level, m (same datum). */
  readonly groundLevel: number;
  readonly plantBottomLevel: number;
  readonly stormwaterObjective: 'retention' | 'infiltration';
  /** The planner's built height, m, for the cover and the construction pit (`installedHeightM`); null: the items' height. */
  readonly heightOverrideM: number | null;
}

export type Cells = readonly (GridItem | null)[];

export interface BoxGrid {
  readonly settings: GridSettings;
  /** Cells along x (length) and z (width). */
  readonly sizeX: number;
  readonly sizeZ: number;
  /** Boxes per layer: `layers[y][x * sizeZ + z]`. The layer count is `layers.length`. */
  readonly layers: readonly Cells[];
  /** Shafts per column: `shafts[x * sizeZ + z]`. */
  readonly shafts: Cells;
  readonly boxCount: number;
  readonly shaftCount: number;
  /** The layer being edited (UI state kept with the grid so the reset rule is one place). */
  readonly currentLayer: number;
  /** Counter of temporary ids. */
  readonly nextTempId: number;
}

/**
 * What an operation changed, so a view can update only those instances. `removed` holds the
 * previous items, `added` the new ones; an item that stays in its cell but changes (rotation,
 * options) is in `updated`. `relayout` says layers were inserted, deleted or moved or the grid
 * was resized: redraw everything.
 */
export interface GridChanges {
  readonly added: readonly GridItem[];
  readonly removed: readonly GridItem[];
  readonly updated: readonly GridItem[];
  readonly relayout: boolean;
  readonly settings: boolean;
}

export interface GridResult {
  readonly grid: BoxGrid;
  readonly changes: GridChanges;
  /** Set when the operation was refused; `grid` is then the unchanged input. */
  readonly refused?: GridMessage | undefined;
}

export const NO_CHANGES: GridChanges = { added: [], removed: [], updated: [], relayout: false, settings: false };

export function refuse(grid: BoxGrid, message: GridMessage): GridResult {
  return { grid, changes: NO_CHANGES, refused: message };
}

/** Cells of a length in metres: rounded down to whole 0.8 m cells (spec §5), at least 1. */
export function cellsOf(lengthM: number): number {
  // Whole cells rounded down, in whole millimetres (the box tank's rule, sizing/boxBlock.ts), 1 … MAX_CELLS_PER_EDGE.
  return Math.max(1, Math.min(MAX_CELLS_PER_EDGE, boxGridCells(lengthM)));
}

/**
 * A grid edge (length or width) in metres on the 0.8 m cells: rounded down to whole cells (spec §5)
 * and computed from whole millimetres, so the result is the exact decimal a planner types — 4.1 m
 * gives 4 m, 4.8 m stays 4.8 m (not 4.799999…). 0 below one cell; at most the largest grid edge.
 *
 * @example gridEdgeM(4.1); // 4
 */
export function gridEdgeM(lengthM: number): number {
  return (Math.min(MAX_CELLS_PER_EDGE, boxGridCells(lengthM)) * CELL_MM) / 1000;
}

/**
 * A configuration height in metres on the box levels: rounded down to whole levels of 0.66 m, plus
 * a half level of 0.36 m when it fits (spec §5), from whole millimetres (1.4 m gives 1.32 m,
 * 1.1 m gives 1.02 m). 0 below a half level.
 *
 * @example gridHeightM(1.4); // 1.32
 */
export function gridHeightM(heightM: number): number {
  if (!Number.isFinite(heightM) || heightM <= 0) return 0;
  const mm = Math.round(heightM * 1000);
  const whole = Math.floor(mm / BOX_GRID.boxHeightMm);
  const rest = mm - whole * BOX_GRID.boxHeightMm;
  return (whole * BOX_GRID.boxHeightMm + (rest >= BOX_GRID.halfBoxHeightMm ? BOX_GRID.halfBoxHeightMm : 0)) / 1000;
}

export interface CreateGridInput {
  readonly id: string;
  readonly name: string;
  readonly measureId?: string | null | undefined;
  /** Grid length (x) and width (z) in metres; default 10 m × 10 m (spec §9). */
  readonly lengthM?: number | undefined;
  readonly widthM?: number | undefined;
  /** Layer count, 1 … 7 (default 1). */
  readonly layers?: number | undefined;
  readonly storageCoefficient?: number | undefined;
  readonly groundLevel?: number | undefined;
  readonly plantBottomLevel?: number | undefined;
  readonly stormwaterObjective?: 'retention' | 'infiltration' | undefined;
  /** Height override, m (`isHeightOverride`; anything else counts as none). */
  readonly heightOverrideM?: number | null | undefined;
  readonly xProjectionAxes?: readonly number[] | undefined;
  readonly yProjectionAxes?: readonly number[] | undefined;
}

/** Most options one item may carry (bounds work of the option rules; `SIZE_LIMITS.optionsPerItemMax`). */
export const MAX_OPTIONS_PER_ITEM: number = SIZE_LIMITS.optionsPerItemMax;

const finiteOr = (v: number | undefined, fallback: number): number => (v !== undefined && Number.isFinite(v) ? v : fallback);

/** A storage coefficient in 0 … 100 %, else the default 95 %. */
function storageCoefficientOf(v: number | undefined): number {
  return v !== undefined && Number.isFinite(v) && v >= 0 && v <= 100 ? v : DEFAULTS.storageCoefficientPercent;
}

/** An empty grid. Non-finite or out-of-range numbers fall back to the defaults. */
export function createGrid(input: CreateGridInput): BoxGrid {
  const sizeX = cellsOf(input.lengthM ?? DEFAULTS.newConfiguratorGridLengthM);
  const sizeZ = cellsOf(input.widthM ?? DEFAULTS.newConfiguratorGridWidthM);
  const layerCount = clampLayers(input.layers ?? DEFAULTS.levels);
  const layers: Cells[] = [];
  for (let y = 0; y < layerCount; y++) layers.push(emptyCells(sizeX * sizeZ));
  const lengthM = (sizeX * CELL_MM) / 1000;
  const widthM = (sizeZ * CELL_MM) / 1000;
  return {
    settings: {
      id: input.id,
      name: input.name,
      measureId: input.measureId ?? null,
      storageCoefficient: storageCoefficientOf(input.storageCoefficient),
      xProjectionAxes: (input.xProjectionAxes ?? []).filter((a) => Number.isFinite(a) && a >= 0 && a <= lengthM),
      yProjectionAxes: (input.yProjectionAxes ?? []).filter((a) => Number.isFinite(a) && a >= 0 && a <= widthM),
      // Levels not given start as `defaultLevels` of the layers' height (decision 0172).
      ...levelsOf(input, layerCount),
      stormwaterObjective: input.stormwaterObjective ?? 'infiltration',
      heightOverrideM: heightOverrideOf(input.heightOverrideM),
    },
    sizeX,
    sizeZ,
    layers,
    shafts: emptyCells(sizeX * sizeZ),
    boxCount: 0,
    shaftCount: 0,
    currentLayer: 0,
    nextTempId: 1,
  };
}

/** Given levels as they are (non-finite ones as absent); absent ones from `defaultLevels` of `layers` full layers. */
function levelsOf(input: CreateGridInput, layers: number): { groundLevel: number; plantBottomLevel: number } {
  const groundLevel = finiteOr(input.groundLevel, DEFAULTS.groundLevelM);
  const plantBottomLevel = input.plantBottomLevel !== undefined && Number.isFinite(input.plantBottomLevel) ? input.plantBottomLevel : defaultLevels({ heightM: layers * DEFAULTS.boxHeightM, groundLevel }).plantBottomLevel;
  return { groundLevel, plantBottomLevel };
}

function clampLayers(n: number): number {
  if (!Number.isFinite(n)) return 1;
  return Math.min(DEFAULTS.maxLevels, Math.max(1, Math.ceil(n)));
}

export function emptyCells(n: number): (GridItem | null)[] {
  return new Array<GridItem | null>(n).fill(null);
}

/** Grid length (x) and width (z) in metres. */
export function gridLengthM(grid: BoxGrid): number {
  return (grid.sizeX * CELL_MM) / 1000;
}
export function gridWidthM(grid: BoxGrid): number {
  return (grid.sizeZ * CELL_MM) / 1000;
}

function inGrid(grid: BoxGrid, x: number, z: number): boolean {
  return Number.isInteger(x) && Number.isInteger(z) && x >= 0 && z >= 0 && x < grid.sizeX && z < grid.sizeZ;
}

function inArea(area: CellArea | undefined, x: number, z: number): boolean {
  if (area === undefined) return true;
  return x >= Math.min(area.x0, area.x1) && x <= Math.max(area.x0, area.x1) && z >= Math.min(area.z0, area.z1) && z <= Math.max(area.z0, area.z1);
}

/** Refusal of a draw/erase at a cell (spec §4 "Selection"), or undefined when allowed. */
function checkCell(grid: BoxGrid, x: number, y: number, z: number, area: CellArea | undefined): GridMessage | undefined {
  if (!inGrid(grid, x, z)) return gridMessage('OUTSIDE_GRID', { x, z });
  if (!Number.isInteger(y) || y < 0 || y >= grid.layers.length) return gridMessage('NO_SUCH_LAYER', { layer: y });
  if (!inArea(area, x, z)) return gridMessage('OUTSIDE_SELECTION', { x, z });
  return undefined;
}

/** The item occupying a cell: the box of that layer or the shaft of that column. */
export function itemAt(grid: BoxGrid, x: number, y: number, z: number): GridItem | null {
  if (!inGrid(grid, x, z)) return null;
  const i = x * grid.sizeZ + z;
  return grid.shafts[i] ?? grid.layers[y]?.[i] ?? null;
}

/**
 * Spec §4 "Selection": dragging from one cell to another defines a grid area. Returns the area
 * clipped to the grid, or null (clear the selection) when either end is not a cell of the grid.
 */
export function selectionFromDrag(grid: BoxGrid, from: { x: number; z: number }, to: { x: number; z: number }): CellArea | null {
  if (!inGrid(grid, from.x, from.z) || !inGrid(grid, to.x, to.z)) return null;
  return { x0: Math.min(from.x, to.x), z0: Math.min(from.z, to.z), x1: Math.max(from.x, to.x), z1: Math.max(from.z, to.z) };
}

/** The items of layer y inside an area (the boxes a selection selects, and shafts crossing the layer). */
export function itemsInArea(grid: BoxGrid, y: number, area: CellArea): GridItem[] {
  const out: GridItem[] = [];
  if (!Number.isInteger(y) || y < 0 || y >= grid.layers.length) return out;
  const a = areaCells(grid, area);
  for (let x = a.x0; x <= a.x1; x++) {
    for (let z = a.z0; z <= a.z1; z++) {
      const item = itemAt(grid, x, y, z);
      if (item !== null) out.push(item);
    }
  }
  return out;
}

/** Every item, in a stable order (shafts, then boxes layer by layer, x, z). */
export function gridItems(grid: BoxGrid): GridItem[] {
  const out: GridItem[] = [];
  for (const s of grid.shafts) if (s !== null) out.push(s);
  for (const layer of grid.layers) for (const b of layer) if (b !== null) out.push(b);
  return out;
}

/** A mutable working copy: copies a layer (or the shaft column array) the first time it is written. */
export class Draft {
  layers: Cells[];
  shafts: Cells;
  private copiedLayers = new Set<number>();
  private shaftsCopied = false;
  boxCount: number;
  shaftCount: number;
  nextTempId: number;
  added: GridItem[] = [];
  removed: GridItem[] = [];
  updated: GridItem[] = [];

  readonly grid: BoxGrid;

  constructor(grid: BoxGrid) {
    this.grid = grid;
    this.layers = grid.layers.slice();
    this.shafts = grid.shafts;
    this.boxCount = grid.boxCount;
    this.shaftCount = grid.shaftCount;
    this.nextTempId = grid.nextTempId;
  }

  layer(y: number): (GridItem | null)[] {
    if (!this.copiedLayers.has(y)) {
      this.layers[y] = (this.layers[y] as Cells).slice();
      this.copiedLayers.add(y);
    }
    return this.layers[y] as (GridItem | null)[];
  }

  shaftCells(): (GridItem | null)[] {
    if (!this.shaftsCopied) {
      this.shafts = this.shafts.slice();
      this.shaftsCopied = true;
    }
    return this.shafts as (GridItem | null)[];
  }

  tempId(): string {
    return `${TEMP_ID_PREFIX}${this.nextTempId++}`;
  }

  removeAt(x: number, y: number, z: number): void {
    const i = x * this.grid.sizeZ + z;
    const shaft = this.shafts[i];
    if (shaft != null) {
      this.shaftCells()[i] = null;
      this.shaftCount--;
      this.removed.push(shaft);
      return;
    }
    const box = this.layers[y]?.[i];
    if (box != null) {
      this.layer(y)[i] = null;
      this.boxCount--;
      this.removed.push(box);
    }
  }

  putBox(item: GridItem): void {
    const i = item.x * this.grid.sizeZ + item.z;
    this.layer(item.y)[i] = item;
    this.boxCount++;
    this.added.push(item);
  }

  putShaft(item: GridItem): void {
    const i = item.x * this.grid.sizeZ + item.z;
    for (let y = 0; y < this.layers.length; y++) if (this.layers[y]?.[i] != null) this.removeAt(item.x, y, item.z);
    if (this.shafts[i] != null) this.removeAt(item.x, 0, item.z);
    this.shaftCells()[i] = item;
    this.shaftCount++;
    this.added.push(item);
  }

  result(extra: Partial<BoxGrid> = {}, flags: { relayout?: boolean; settings?: boolean } = {}): GridResult {
    const count = this.boxCount + this.shaftCount;
    if (count > MAX_GRID_ITEMS && count > this.grid.boxCount + this.grid.shaftCount) return refuse(this.grid, gridMessage('TOO_MANY_ITEMS', { max: MAX_GRID_ITEMS }));
    const grid: BoxGrid = {
      ...this.grid,
      layers: this.layers,
      shafts: this.shafts,
      boxCount: this.boxCount,
      shaftCount: this.shaftCount,
      nextTempId: this.nextTempId,
      ...extra,
    };
    return {
      grid,
      changes: { added: this.added, removed: this.removed, updated: this.updated, relayout: flags.relayout ?? false, settings: flags.settings ?? false },
    };
  }
}

export interface PlaceInput {
  readonly x: number;
  /** Layer; ignored for a shaft (it takes the whole column). */
  readonly y: number;
  readonly z: number;
  readonly boxTypeId: string;
  readonly rotation?: Rotation | undefined;
  readonly options?: readonly SelectedOption[] | undefined;
}

/**
 * Place an item (spec §4): a box replaces whatever occupies its cell in that layer (a box, or the
 * shaft of that column); a shaft takes its whole column and replaces every box in it. New items
 * get a temporary id. Refused outside the grid or outside the active selection `area`.
 */
export function place(grid: BoxGrid, lookup: ItemGeometryLookup, input: PlaceInput, area?: CellArea): GridResult {
  const geometry = lookup(input.boxTypeId);
  if (geometry === undefined) return refuse(grid, gridMessage('UNKNOWN_ITEM_TYPE', { boxTypeId: String(input.boxTypeId).slice(0, 200) }));
  if (input.rotation !== undefined && !(ROTATIONS as readonly string[]).includes(input.rotation)) return refuse(grid, gridMessage('INVALID_VALUE', { field: 'rotation' }));
  if (input.options !== undefined && (!Array.isArray(input.options) || input.options.length > MAX_OPTIONS_PER_ITEM)) return refuse(grid, gridMessage('INVALID_VALUE', { field: 'options' }));
  const y = geometry.kind === 'SHAFT' ? 0 : input.y;
  const refusal = checkCell(grid, input.x, y, input.z, area);
  if (refusal !== undefined) return refuse(grid, refusal);
  const draft = new Draft(grid);
  placeInto(draft, geometry, input.x, input.y, input.z, input.rotation ?? 'North', input.options ?? []);
  return draft.result();
}

function placeInto(draft: Draft, geometry: ItemGeometry, x: number, y: number, z: number, rotation: Rotation, options: readonly SelectedOption[]): void {
  const item: GridItem = {
    boxId: draft.tempId(),
    boxTypeId: geometry.businessId,
    kind: geometry.kind,
    x,
    y: geometry.kind === 'SHAFT' ? 0 : y,
    z,
    rotation,
    options,
  };
  if (geometry.kind === 'SHAFT') draft.putShaft(item);
  else {
    draft.removeAt(x, y, z);
    draft.putBox(item);
  }
}

/** Erase the item at a cell (a shaft: its whole column). Refused outside grid or selection; no change on an empty cell. */
export function erase(grid: BoxGrid, x: number, y: number, z: number, area?: CellArea): GridResult {
  const refusal = checkCell(grid, x, y, z, area);
  if (refusal !== undefined) return refuse(grid, refusal);
  if (itemAt(grid, x, y, z) === null) return { grid, changes: NO_CHANGES };
  const draft = new Draft(grid);
  draft.removeAt(x, y, z);
  return draft.result();
}

/** Cells of a layer to fill: the selection area clipped to the grid, or the whole layer. */
function areaCells(grid: BoxGrid, area: CellArea | undefined): CellArea {
  if (area === undefined) return { x0: 0, z0: 0, x1: grid.sizeX - 1, z1: grid.sizeZ - 1 };
  return {
    x0: Math.max(0, Math.min(area.x0, area.x1)),
    z0: Math.max(0, Math.min(area.z0, area.z1)),
    x1: Math.min(grid.sizeX - 1, Math.max(area.x0, area.x1)),
    z1: Math.min(grid.sizeZ - 1, Math.max(area.z0, area.z1)),
  };
}

function fillCells(grid: BoxGrid, lookup: ItemGeometryLookup, y: number, boxTypeId: string, cells: CellArea, rotation: Rotation): GridResult {
  const geometry = lookup(boxTypeId);
  if (geometry === undefined) return refuse(grid, gridMessage('UNKNOWN_ITEM_TYPE', { boxTypeId }));
  if (!Number.isInteger(y) || y < 0 || y >= grid.layers.length) return refuse(grid, gridMessage('NO_SUCH_LAYER', { layer: y }));
  const draft = new Draft(grid);
  const layer = grid.layers[y] as Cells;
  for (let x = cells.x0; x <= cells.x1; x++) {
    for (let z = cells.z0; z <= cells.z1; z++) {
      const i = x * grid.sizeZ + z;
      // Fill only empty cells (decision 0085): existing boxes and shafts keep their options.
      if (layer[i] !== null || grid.shafts[i] !== null) continue;
      // A shaft takes its whole column: fill with shafts only columns empty in every layer.
      if (geometry.kind === 'SHAFT' && grid.layers.some((l) => l[i] !== null)) continue;
      placeInto(draft, geometry, x, y, z, rotation, []);
    }
  }
  return draft.result();
}

/**
 * Fill layer `y` with `boxTypeId`: every empty cell of the layer (within the selection `area`
 * when one is active). Occupied cells keep their items (decision 0085).
 */
export function fillLayer(grid: BoxGrid, lookup: ItemGeometryLookup, y: number, boxTypeId: string, area?: CellArea, rotation: Rotation = 'North'): GridResult {
  return fillCells(grid, lookup, y, boxTypeId, areaCells(grid, area), rotation);
}

/** Fill horizontally: the empty cells of the row through (x, z) along x in layer y, within the selection. */
export function fillHorizontal(grid: BoxGrid, lookup: ItemGeometryLookup, x: number, y: number, z: number, boxTypeId: string, area?: CellArea, rotation: Rotation = 'North'): GridResult {
  const refusal = checkCell(grid, x, y, z, area);
  if (refusal !== undefined) return refuse(grid, refusal);
  const a = areaCells(grid, area);
  return fillCells(grid, lookup, y, boxTypeId, { x0: a.x0, x1: a.x1, z0: z, z1: z }, rotation);
}

/** Fill vertically: the empty cells of the column through (x, z) along z in layer y, within the selection. */
export function fillVertical(grid: BoxGrid, lookup: ItemGeometryLookup, x: number, y: number, z: number, boxTypeId: string, area?: CellArea, rotation: Rotation = 'North'): GridResult {
  const refusal = checkCell(grid, x, y, z, area);
  if (refusal !== undefined) return refuse(grid, refusal);
  const a = areaCells(grid, area);
  return fillCells(grid, lookup, y, boxTypeId, { x0: x, x1: x, z0: a.z0, z1: a.z1 }, rotation);
}

function eraseCells(grid: BoxGrid, y: number, cells: CellArea): GridResult {
  const draft = new Draft(grid);
  for (let x = cells.x0; x <= cells.x1; x++) for (let z = cells.z0; z <= cells.z1; z++) if (itemAt(grid, x, y, z) !== null) draft.removeAt(x, y, z);
  return draft.result();
}

/** Erase horizontally: every item of the row through (x, z) along x in layer y, within the selection. */
export function eraseHorizontal(grid: BoxGrid, x: number, y: number, z: number, area?: CellArea): GridResult {
  const refusal = checkCell(grid, x, y, z, area);
  if (refusal !== undefined) return refuse(grid, refusal);
  const a = areaCells(grid, area);
  return eraseCells(grid, y, { x0: a.x0, x1: a.x1, z0: z, z1: z });
}

/** Erase vertically: every item of the column through (x, z) along z in layer y, within the selection. */
export function eraseVertical(grid: BoxGrid, x: number, y: number, z: number, area?: CellArea): GridResult {
  const refusal = checkCell(grid, x, y, z, area);
  if (refusal !== undefined) return refuse(grid, refusal);
  const a = areaCells(grid, area);
  return eraseCells(grid, y, { x0: x, x1: x, z0: a.z0, z1: a.z1 });
}

/** Erase every item of layer y inside an area (the Delete key on a selection). */
export function eraseArea(grid: BoxGrid, y: number, area: CellArea): GridResult {
  if (!Number.isInteger(y) || y < 0 || y >= grid.layers.length) return refuse(grid, gridMessage('NO_SUCH_LAYER', { layer: y }));
  return eraseCells(grid, y, areaCells(grid, area));
}

/** The next rotation: North → West → South → East → North (spec §4). */
export function nextRotation(r: Rotation): Rotation {
  return ROTATIONS[(ROTATIONS.indexOf(r) + 1) % ROTATIONS.length] as Rotation;
}

/** Replace the item at its cell by `next` (same cell, same id): an update. */
function updateItem(draft: Draft, previous: GridItem, next: GridItem): void {
  const i = previous.x * draft.grid.sizeZ + previous.z;
  if (previous.kind === 'SHAFT') draft.shaftCells()[i] = next;
  else draft.layer(previous.y)[i] = next;
  draft.updated.push(next);
}

/** Rotate the item at a cell a quarter turn (N → W → S → E) and clear its connections (spec §4). */
export function rotate(grid: BoxGrid, x: number, y: number, z: number, area?: CellArea): GridResult {
  const refusal = checkCell(grid, x, y, z, area);
  if (refusal !== undefined) return refuse(grid, refusal);
  const item = itemAt(grid, x, y, z);
  if (item === null) return refuse(grid, gridMessage('NO_ITEM', { x, y, z }));
  const draft = new Draft(grid);
  updateItem(draft, item, { ...item, rotation: nextRotation(item.rotation), options: item.options.filter((o) => !isConnectionOption(o)) });
  return draft.result();
}

/** Replace the options of the item at a cell (after the option rules of `options.ts`). */
export function setItemOptions(grid: BoxGrid, x: number, y: number, z: number, options: readonly SelectedOption[]): GridResult {
  const refusal = checkCell(grid, x, y, z, undefined);
  if (refusal !== undefined) return refuse(grid, refusal);
  if (!Array.isArray(options) || options.length > MAX_OPTIONS_PER_ITEM) return refuse(grid, gridMessage('INVALID_VALUE', { field: 'options' }));
  const item = itemAt(grid, x, y, z);
  if (item === null) return refuse(grid, gridMessage('NO_ITEM', { x, y, z }));
  const draft = new Draft(grid);
  updateItem(draft, item, { ...item, options });
  return draft.result();
}
