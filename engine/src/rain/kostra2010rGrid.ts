/**
 * The KOSTRA-DWD-2010R grid: a regular grid in DWD's Lambert conformal conic projection
 * (ETRS89 / LCC Europe, EPSG:3034, the `.prj` of `StatRR_KOSTRA-DWD-2010R_grid`), 107 rows × 79
 * columns of 8.15 km × 8.2 km, row 0 in the north, `INDEX_RC = row · 1000 + column` (indexRc.ts).
 * Source: DWD data set description KOSTRA-DWD-2010R (GIS) (79 × 107 cells of about 8.15 × 8.2 km);
 * the edges from the 8,453 cell polygons of DWD's `StatRR_KOSTRA-DWD-2010R_grid.shp`, each of
 * them the rectangle this formula gives its INDEX_RC (kostra2010rReal.test.ts checks all of them). Positions are found by polygon in `kostra2010rIndex.ts`; this formula names the cell
 * where only the cells with data are at hand (the api stores those alone).
 */
import { kostraCellRef, type KostraCellRef } from './indexRc.ts';

/** The grid's constants, m in the projection of the dataset's `.prj`. */
export const KOSTRA_2010R_GRID = {
  epsg: 3034,
  /** x of the west edge, m. */
  westM: 3_710_675,
  /** y of the north edge, m. */
  northM: 3_149_247.895876,
  /** Cell width (x), m. */
  cellWidthM: 8150,
  /** Cell height (y), m. */
  cellHeightM: 8200,
  rows: 107,
  columns: 79,
  /** Cells that carry data in DWD's files. */
  cellsWithData: 5405,
} as const;

/**
 * The cell of map coordinates in the grid's projection: `col = floor((x − 3,710,675) / 8150)`,
 * `row = floor((3,149,247.895876 − y) / 8200)`.
 *
 * @returns the cell, or `undefined` outside the 107 × 79 grid or for non-finite input
 */
export function kostra2010RCellFromMap(xM: number, yM: number): KostraCellRef | undefined {
  if (!Number.isFinite(xM) || !Number.isFinite(yM)) return undefined;
  const g = KOSTRA_2010R_GRID;
  const column = Math.floor((xM - g.westM) / g.cellWidthM);
  const row = Math.floor((g.northM - yM) / g.cellHeightM);
  if (row < 0 || row >= g.rows || column < 0 || column >= g.columns) return undefined;
  return kostraCellRef(row, column);
}
