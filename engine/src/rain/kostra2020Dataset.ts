/**
 * KOSTRA-DWD-2020 from DWD's per-duration GIS tables (`.dbf`, see kostraDbf.ts): heights and
 * uncertainties of every cell with data, looked up by INDEX_RC or by position (the regular
 * EPSG:3035 grid of kostra2020Grid.ts). Source: docs/calculation-reference.md section 1.
 */
import { ANNUALITIES_A, RAIN_DURATIONS_MIN, type RainDurationMin } from '../tables/rain.ts';
import { rainDataError, type RainDataError } from './errors.ts';
import { parseIndexRc, type KostraCellRef } from './indexRc.ts';
import { kostra2020CellAt } from './kostra2020Grid.ts';
import type { KostraDurationTable } from './kostraDbf.ts';
import { kostraLookupMiss, type KostraLookupResult } from './lookup.ts';
import { createRainSeries, type RainSeries } from './series.ts';
import { rainYieldFromHeight } from './units.ts';

/**
 * KOSTRA-DWD-2020 cells with data (plain data). Cell `c` (ascending INDEX_RC in `cells`) has
 * `22 × 9` heights at `heightsMm[c · 198 …]` (duration-major over RAIN_DURATIONS_MIN, then
 * ANNUALITIES_A; 0 = missing) and uncertainties (± percent, 0 = not given) in the same layout.
 */
export interface Kostra2020Dataset {
  readonly edition: 'KOSTRA-DWD-2020';
  readonly cells: Int32Array;
  readonly heightsMm: Float64Array;
  readonly uncertaintyPct: Float64Array;
  readonly durationsMin: readonly RainDurationMin[];
}

/** What {@link buildKostra2020Dataset} returns. */
export type Kostra2020DatasetResult =
  | { readonly ok: true; readonly dataset: Kostra2020Dataset }
  | { readonly ok: false; readonly errors: readonly RainDataError[] };

/** A cell with its series. */
export interface Kostra2020Cell extends KostraCellRef {
  readonly series: RainSeries;
}

const ND = RAIN_DURATIONS_MIN.length;
const NT = ANNUALITIES_A.length;

/**
 * Joins the per-duration tables (read with readKostraDbf) by INDEX_RC. Any subset of the 22
 * durations may be given; absent ones are missing.
 *
 * @returns the dataset, or `INVALID_DATA` when a duration is given twice or a cell occurs twice in one table
 */
export function buildKostra2020Dataset(tables: readonly KostraDurationTable[]): Kostra2020DatasetResult {
  const errors: RainDataError[] = [];
  const seenDurations = new Set<number>();
  const ids = new Set<number>();
  for (const t of tables) {
    const name = `D${String(t.durationMin).padStart(5, '0')}`;
    if (seenDurations.has(t.durationMin)) errors.push(rainDataError('INVALID_DATA', `duration ${t.durationMin} min is given twice`, { field: name }));
    seenDurations.add(t.durationMin);
    const inTable = new Set<number>();
    for (let r = 0; r < t.recordCount; r++) {
      const id = t.indexRc[r] ?? -1;
      if (id < 0) continue;
      if (inTable.has(id)) {
        errors.push(rainDataError('INVALID_DATA', `INDEX_RC ${id} occurs twice`, { row: r + 1, field: `${name} INDEX_RC` }));
        break;
      }
      inTable.add(id);
      for (let k = 0; k < NT; k++) {
        if ((t.heightsMm[r * NT + k] ?? 0) > 0) {
          ids.add(id);
          break;
        }
      }
    }
  }
  if (errors.length > 0) return { ok: false, errors };
  const cells = Int32Array.from([...ids].sort((a, b) => a - b));
  const heightsMm = new Float64Array(cells.length * ND * NT);
  const uncertaintyPct = new Float64Array(cells.length * ND * NT);
  for (const t of tables) {
    const d = RAIN_DURATIONS_MIN.indexOf(t.durationMin);
    for (let r = 0; r < t.recordCount; r++) {
      const c = findCell(cells, t.indexRc[r] ?? -1);
      if (c < 0) continue;
      for (let k = 0; k < NT; k++) {
        heightsMm[(c * ND + d) * NT + k] = t.heightsMm[r * NT + k] ?? 0;
        uncertaintyPct[(c * ND + d) * NT + k] = t.uncertaintyPct?.[r * NT + k] ?? 0;
      }
    }
  }
  return {
    ok: true,
    dataset: {
      edition: 'KOSTRA-DWD-2020',
      cells,
      heightsMm,
      uncertaintyPct,
      durationsMin: [...seenDurations].sort((a, b) => a - b) as RainDurationMin[],
    },
  };
}

function findCell(cells: Int32Array, id: number): number {
  let lo = 0;
  let hi = cells.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const v = cells[mid] ?? 0;
    if (v === id) return mid;
    if (v < id) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

/**
 * The series of a KOSTRA-DWD-2020 cell by INDEX_RC (padded or not): r = hN · 10000 / (60 · D)
 * from DWD's heights, with DWD's uncertainties.
 *
 * @returns the cell and series, or `undefined` for a cell without data
 */
export function kostra2020DatasetCell(dataset: Kostra2020Dataset, indexRc: string | number): Kostra2020Cell | undefined {
  const cell = parseIndexRc(indexRc);
  if (cell === undefined) return undefined;
  const c = findCell(dataset.cells, cell.indexRc);
  if (c < 0) return undefined;
  const at = (D: RainDurationMin, k: number) => (c * ND + RAIN_DURATIONS_MIN.indexOf(D)) * NT + k;
  const series = createRainSeries(
    { edition: 'KOSTRA-DWD-2020', cell: cell.id },
    (D, T) => {
      const h = dataset.heightsMm[at(D, ANNUALITIES_A.indexOf(T))] ?? 0;
      return h > 0 ? rainYieldFromHeight(h, D) : 0;
    },
    {
      kostraCell: { row: cell.row, column: cell.column },
      uncertaintyPct: (D, T) => dataset.uncertaintyPct[at(D, ANNUALITIES_A.indexOf(T))] ?? 0,
    },
  );
  return { ...cell, series };
}

/**
 * The KOSTRA-DWD-2020 cell of a WGS84 position and its series, or why there is none:
 * `OUTSIDE_GRID` (outside the 300 × 300 grid, or not a valid position) or `CELL_WITHOUT_DATA`
 * with the grid cell of the position when the dataset holds no values for it (lookup.ts).
 */
export function kostra2020DatasetLocate(dataset: Kostra2020Dataset, latDeg: number, lonDeg: number): KostraLookupResult<Kostra2020Cell> {
  const cell = kostra2020CellAt(latDeg, lonDeg);
  if (cell === undefined) return kostraLookupMiss('KOSTRA-DWD-2020');
  const found = kostra2020DatasetCell(dataset, cell.indexRc);
  return found === undefined ? kostraLookupMiss('KOSTRA-DWD-2020', cell) : { ok: true, cell: found };
}

/**
 * {@link kostra2020DatasetLocate} without the reason.
 *
 * @returns the cell and series, or `undefined` outside the grid or in a cell without data
 */
export function kostra2020DatasetLookup(dataset: Kostra2020Dataset, latDeg: number, lonDeg: number): Kostra2020Cell | undefined {
  const found = kostra2020DatasetLocate(dataset, latDeg, lonDeg);
  return found.ok ? found.cell : undefined;
}
