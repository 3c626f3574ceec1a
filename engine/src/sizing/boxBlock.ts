/**
 * A block of storage boxes on the grid (planning spec section 5): length and width in whole grid
 * cells of 0.8 m, height in box levels of 0.66 m with an optional half level of 0.36 m on top.
 * The one place where a box tank's typed dimensions are put on the grid and where the available
 * volume of boxes is computed. A box-tank measure without configuration (`sizeMeasure`), its bill
 * (`bom/`) and the box grid (`boxgrid/volumes.ts`, the linked configuration) all use it, so that
 * the same boxes hold the same volume everywhere (decision 0168).
 */
import { BOX_GRID, DEFAULTS } from '../tables/defaults.ts';

/** Relative tolerance under which a typed dimension counts as on the grid (float noise of 0.8·n). */
const ON_GRID = 1e-9;

/** Boxes by height: full boxes (0.66 m) and half boxes (0.36 m), each on one 0.8 × 0.8 m cell. */
export interface BoxCounts {
  readonly fullBoxes: number;
  readonly halfBoxes: number;
}

/** A block of boxes on the grid: {@link boxBlockDimensions}. */
export interface BoxBlock extends BoxCounts {
  /** Whole cells along the length and the width (0 when the typed value is below one cell). */
  readonly cellsX: number;
  readonly cellsZ: number;
  /** Whole box levels, and whether a half level tops them. */
  readonly fullLevels: number;
  readonly halfLevel: boolean;
  /** The block on the grid, m: cells × 0.8, and the levels' height (whole levels × 0.66 + 0.36). */
  readonly lengthM: number;
  readonly widthM: number;
  readonly heightM: number;
  /** The levels on the grid: whole levels + 0.5 for a half level. */
  readonly levels: number;
  /** Which typed dimensions were rounded down to the grid. */
  readonly rounded: { readonly length: boolean; readonly width: boolean; readonly levels: boolean };
}

/**
 * Whole grid cells in a typed length, rounded down. The length is taken to whole millimetres
 * first, so 4.0 m gives 5 cells (not 4.999…) and 2.3996 m counts as 2.400 m.
 */
export function boxGridCells(lengthM: number): number {
  if (!Number.isFinite(lengthM) || lengthM <= 0) return 0;
  return Math.floor(Math.round(lengthM * 1000) / BOX_GRID.cellMm);
}

/**
 * Height of box levels in millimetres: whole levels × 660 mm, plus 360 mm when the fraction is at
 * least a half (planning spec section 5; 1.3 levels → 660 mm, 1.5 → 1020 mm). Not clamped: a
 * negative or non-finite input gives a negative or non-finite height, which callers report.
 */
export function boxLevelsHeightMm(levels: number): number {
  const whole = Math.floor(levels + ON_GRID);
  return whole * BOX_GRID.boxHeightMm + (levels - whole >= 0.5 - ON_GRID ? BOX_GRID.halfBoxHeightMm : 0);
}

const offGrid = (typed: number, snapped: number) => Math.abs(typed - snapped) > ON_GRID * Math.max(1, Math.abs(typed));

/**
 * A box tank's typed length, width and levels on the grid, each rounded down: the length and the
 * width to whole 0.8 m cells, the levels to whole levels plus a half level (0.5 step).
 *
 * @returns the block with its cells, metres and boxes, and which typed dimension was rounded; or
 *   undefined unless all three are finite and > 0
 * @example
 * boxBlockDimensions(2.5, 1.7, 1);
 * // cellsX 3, cellsZ 2, lengthM 2.4, widthM 1.6, heightM 0.66, fullBoxes 6, halfBoxes 0,
 * // rounded { length: true, width: true, levels: false }
 */
export function boxBlockDimensions(lengthM: number, widthM: number, levels: number): BoxBlock | undefined {
  if (![lengthM, widthM, levels].every((v) => Number.isFinite(v) && v > 0)) return undefined;
  const cellsX = boxGridCells(lengthM);
  const cellsZ = boxGridCells(widthM);
  const fullLevels = Math.floor(levels + ON_GRID);
  const halfLevel = levels - fullLevels >= 0.5 - ON_GRID;
  const gridLevels = fullLevels + (halfLevel ? 0.5 : 0);
  const snappedLength = (cellsX * BOX_GRID.cellMm) / 1000;
  const snappedWidth = (cellsZ * BOX_GRID.cellMm) / 1000;
  const columns = cellsX * cellsZ;
  return {
    cellsX,
    cellsZ,
    fullLevels,
    halfLevel,
    lengthM: snappedLength,
    widthM: snappedWidth,
    heightM: boxLevelsHeightMm(gridLevels) / 1000,
    levels: gridLevels,
    fullBoxes: columns * fullLevels,
    halfBoxes: halfLevel ? columns : 0,
    rounded: {
      length: offGrid(lengthM, snappedLength),
      width: offGrid(widthM, snappedWidth),
      levels: offGrid(levels, gridLevels),
    },
  };
}

/** Cell volume of a full and a half box, mm³ (800 · 800 · 660 and 800 · 800 · 360). */
const FULL_BOX_MM3 = BOX_GRID.cellMm * BOX_GRID.cellMm * BOX_GRID.boxHeightMm;
const HALF_BOX_MM3 = BOX_GRID.cellMm * BOX_GRID.cellMm * BOX_GRID.halfBoxHeightMm;

/**
 * Available (net) volume of boxes, m³: the cells they fill times the storage coefficient,
 * `(full · 0.8 · 0.8 · 0.66 + half · 0.8 · 0.8 · 0.36) · s` — for a block L × B × H on the grid
 * exactly the box tank's `L · B · H · s`. The sum of the boxes' cell volumes
 * is taken in whole cubic millimetres before s is applied, so the result does not depend on the
 * order or the grouping of the boxes, and no box is rounded on its own.
 *
 * @param storageCoefficientPercent s in percent (default 95, the spec's boxes)
 * @returns the volume, or undefined for negative or non-integer counts or s outside [0, 100]
 * @example boxBlockVolumeM3({ fullBoxes: 6, halfBoxes: 0 }); // 2.40768 (2.4 × 1.6 × 0.66 × 0.95)
 */
export function boxBlockVolumeM3(boxes: BoxCounts, storageCoefficientPercent: number = DEFAULTS.storageCoefficientPercent): number | undefined {
  return boxesVolumeM3(boxes.fullBoxes, boxes.halfBoxes, storageCoefficientPercent);
}

/** {@link boxBlockVolumeM3} of the two counts (no counts object: sizing calls it for every box tank). */
function boxesVolumeM3(fullBoxes: number, halfBoxes: number, storageCoefficientPercent: number): number | undefined {
  if (!Number.isSafeInteger(fullBoxes) || !Number.isSafeInteger(halfBoxes) || fullBoxes < 0 || halfBoxes < 0) return undefined;
  if (!(storageCoefficientPercent >= 0 && storageCoefficientPercent <= 100)) return undefined;
  const mm3 = fullBoxes * FULL_BOX_MM3 + halfBoxes * HALF_BOX_MM3;
  const volume = (mm3 * storageCoefficientPercent) / 1e11; // mm³ · % → m³
  return Number.isFinite(volume) ? volume : undefined;
}

/** A warning that a typed box-tank dimension was rounded down to the grid (`BOX_DIMENSION_ROUNDED`). */
export type BoxGridWarning = (code: 'BOX_DIMENSION_ROUNDED', field: 'length' | 'width' | 'levels', params: { field: string; typed: number; rounded: number }) => void;

/**
 * A box tank's dimensioning on the grid, for sizing: length, width and levels rounded down by
 * {@link boxBlockDimensions} (the height follows the levels), with one `BOX_DIMENSION_ROUNDED`
 * warning per typed dimension that was rounded. Other tank parts are returned as they are; so are
 * dimensions that are missing or not positive (sizing reports those), each dimension on its own:
 * without levels (an older file with a typed height only) the length and the width are still put
 * on the grid, and without a length (the one-click length) the width and the levels.
 *
 * @param tankPart the measure's tank part (`measureKind(data).tank`): only `Box` is on the grid
 * @example
 * boxTankOnGrid('Box', { length: 2.5, width: 1.7, levels: 1 }, warn);
 * // { length: 2.4, width: 1.6, levels: 1, height: 0.66 }; warn(… 'length' …), warn(… 'width' …)
 */
export function boxTankOnGrid<T extends { length?: number | null; width?: number | null; levels?: number | null; height?: number | null }>(
  tankPart: string | null,
  dims: T,
  warn: BoxGridWarning,
): T {
  return onGrid(tankPart, dims, warn, true);
}

/**
 * {@link boxTankOnGrid} for sizing (internal): the same values and warnings, without the height
 * when levels are given (sizing then reads the levels and never the height), and the typed
 * dimensions themselves when all of them already lie on the grid.
 */
export function boxTankOnGridForSizing<T extends { length?: number | null; width?: number | null; levels?: number | null; height?: number | null }>(
  tankPart: string | null,
  dims: T,
  warn: BoxGridWarning,
): T {
  return onGrid(tankPart, dims, warn, false);
}

function onGrid<T extends { length?: number | null; width?: number | null; levels?: number | null; height?: number | null }>(
  tankPart: string | null,
  dims: T,
  warn: BoxGridWarning,
  withHeight: boolean,
): T {
  if (tankPart !== 'Box') return dims;
  // Each dimension on its own (the one-click length needs the width and levels on the grid before
  // a length exists), with the figures of `boxBlockDimensions` but without building the block:
  // sizing calls this for every box tank.
  const { length, width, levels } = dims;
  const lengthOk = positive(length);
  const widthOk = positive(width);
  const levelsOk = positive(levels);
  if (!lengthOk && !widthOk && !levelsOk) return dims;
  let gridLength: number | undefined;
  if (lengthOk) {
    gridLength = (boxGridCells(length) * BOX_GRID.cellMm) / 1000;
    if (offGrid(length, gridLength)) warn('BOX_DIMENSION_ROUNDED', 'length', { field: 'length', typed: length, rounded: gridLength });
  }
  let gridWidth: number | undefined;
  if (widthOk) {
    gridWidth = (boxGridCells(width) * BOX_GRID.cellMm) / 1000;
    if (offGrid(width, gridWidth)) warn('BOX_DIMENSION_ROUNDED', 'width', { field: 'width', typed: width, rounded: gridWidth });
  }
  let gridLevels: number | undefined;
  if (levelsOk) {
    const fullLevels = Math.floor(levels + ON_GRID);
    gridLevels = fullLevels + (levels - fullLevels >= 0.5 - ON_GRID ? 0.5 : 0);
    if (offGrid(levels, gridLevels)) warn('BOX_DIMENSION_ROUNDED', 'levels', { field: 'levels', typed: levels, rounded: gridLevels });
  }
  // Sizing: nothing to change when every usable dimension already lies on the grid.
  if (!withHeight && (gridLength === undefined || gridLength === length) && (gridWidth === undefined || gridWidth === width) && (gridLevels === undefined || gridLevels === levels)) return dims;
  const out: T = { ...dims };
  if (gridLength !== undefined) out.length = gridLength;
  if (gridWidth !== undefined) out.width = gridWidth;
  if (gridLevels !== undefined) {
    out.levels = gridLevels;
    if (withHeight) out.height = boxLevelsHeightMm(gridLevels) / 1000;
  }
  return out;
}

/** A finite value above 0. */
function positive(v: number | null | undefined): v is number {
  return typeof v === 'number' && Number.isFinite(v) && v > 0;
}

/** A finite value of at least 0. */
function nonNegative(v: number): boolean {
  return Number.isFinite(v) && v >= 0;
}

/**
 * Available volume of a box tank L × B × H with storage coefficient s (a fraction), m³: by
 * {@link boxBlockVolumeM3} when the tank lies on the grid (L and B whole cells, H whole levels of
 * 0.66 m plus at most one half level of 0.36 m, to the millimetre), so that it is the volume of its
 * boxes; otherwise (an older file's typed height off the levels) `L · B · H · s`.
 *
 * @returns the volume, or undefined for negative or non-finite inputs or s outside [0, 1]
 * @example boxTankVolumeM3(2.4, 1.6, 0.66, 0.95); // 2.40768, the volume of six boxes
 */
export function boxTankVolumeM3(lengthM: number, widthM: number, heightM: number, storageCoefficient: number): number | undefined {
  if (!nonNegative(lengthM) || !nonNegative(widthM) || !nonNegative(heightM) || !(storageCoefficient >= 0 && storageCoefficient <= 1)) return undefined;
  const cellsX = boxGridCells(lengthM);
  const cellsZ = boxGridCells(widthM);
  const heightMm = Math.round(heightM * 1000);
  const full = Math.floor(heightMm / BOX_GRID.boxHeightMm);
  const rest = heightMm - full * BOX_GRID.boxHeightMm;
  const onGrid =
    cellsX * BOX_GRID.cellMm === Math.round(lengthM * 1000) &&
    cellsZ * BOX_GRID.cellMm === Math.round(widthM * 1000) &&
    (rest === 0 || rest === BOX_GRID.halfBoxHeightMm);
  if (!onGrid) {
    const v = lengthM * widthM * heightM * storageCoefficient;
    return Number.isFinite(v) ? v : undefined;
  }
  const columns = cellsX * cellsZ;
  return boxesVolumeM3(columns * full, rest === 0 ? 0 : columns, storageCoefficient * 100);
}
