/**
 * The KOSTRA-DWD-2020 grid. Source: docs/calculation-reference.md section 1; DWD, KOSTRA-DWD-2020
 * (DOI 10.5676/DWD/KOSTRA-DWD-2020): ETRS89-LAEA Europe (EPSG:3035), 300 × 300 cells of 5 km,
 * west edge x = 3,600,000 m, north edge y = 3,800,000 m, row 0 in the north.
 */
import { EngineError } from '../errors.ts';
import { kostraCellRef, type KostraCellRef } from './indexRc.ts';
import { projectWgs84, unprojectToWgs84 } from './projection.ts';

/** The grid's constants (docs/calculation-reference.md section 1). */
export const KOSTRA_2020_GRID = {
  /** EPSG:3035, ETRS89-extended / LAEA Europe, as a proj4 definition. */
  projection: '+proj=laea +lat_0=52 +lon_0=10 +x_0=4321000 +y_0=3210000 +ellps=GRS80 +towgs84=0,0,0,0,0,0,0 +units=m +no_defs',
  epsg: 3035,
  /** x of the west edge, m. */
  westM: 3_600_000,
  /** y of the north edge, m. */
  northM: 3_800_000,
  /** Cell edge, m. */
  cellSizeM: 5000,
  rows: 300,
  columns: 300,
  /** Cells that carry data in DWD's files. */
  cellsWithData: 15_989,
} as const;

/**
 * The cell of EPSG:3035 map coordinates: `col = floor((x − 3,600,000) / 5000)`,
 * `row = floor((3,800,000 − y) / 5000)`.
 *
 * @returns the cell, or `undefined` outside the 300 × 300 grid or for non-finite input
 */
export function kostra2020CellFromMap(xM: number, yM: number): KostraCellRef | undefined {
  if (!Number.isFinite(xM) || !Number.isFinite(yM)) return undefined;
  const g = KOSTRA_2020_GRID;
  const column = Math.floor((xM - g.westM) / g.cellSizeM);
  const row = Math.floor((g.northM - yM) / g.cellSizeM);
  if (row < 0 || row >= g.rows || column < 0 || column >= g.columns) return undefined;
  return kostraCellRef(row, column);
}

/**
 * The KOSTRA-DWD-2020 cell of a WGS84 position (projected to EPSG:3035 with proj4).
 * The cell may carry no data (sea, outside Germany): the dataset decides.
 *
 * @returns the cell, or `undefined` outside the grid or for invalid coordinates
 * @example
 * kostra2020CellAt(47.99609, 7.8494)?.id;   // "206112" (Freiburg im Breisgau)
 * kostra2020CellAt(51.44617, 7.020153)?.id; // "129102" (Essen)
 */
export function kostra2020CellAt(latDeg: number, lonDeg: number): KostraCellRef | undefined {
  const p = projectWgs84(KOSTRA_2020_GRID.projection, latDeg, lonDeg);
  return p === undefined ? undefined : kostra2020CellFromMap(p.x, p.y);
}

/**
 * The centre of a KOSTRA-DWD-2020 cell in WGS84 degrees (e.g. for a map marker).
 *
 * @throws EngineError `INVALID_ARGUMENT` when row or column is outside the grid
 */
export function kostra2020CellCenter(row: number, column: number): { latDeg: number; lonDeg: number } {
  const g = KOSTRA_2020_GRID;
  if (!Number.isInteger(row) || !Number.isInteger(column) || row < 0 || row >= g.rows || column < 0 || column >= g.columns) {
    throw new EngineError('INVALID_ARGUMENT', `cell row ${row}, column ${column} is outside the KOSTRA-DWD-2020 grid`, { row, column });
  }
  const x = g.westM + (column + 0.5) * g.cellSizeM;
  const y = g.northM - (row + 0.5) * g.cellSizeM;
  const p = unprojectToWgs84(g.projection, x, y);
  if (p === undefined) throw new EngineError('INVALID_ARGUMENT', 'projection failed', { row, column });
  return p;
}
