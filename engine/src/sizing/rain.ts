/**
 * Rain input of the sizing functions (docs/calculation-reference.md section 1: a missing value is 0 and is
 * skipped by every search over D).
 */
import { ANNUALITIES_A, RAIN_DURATIONS_MIN, type Annuality } from '../tables/rain.ts';

/** One rain value: duration D in minutes and rain yield r in l/(s·ha). r = 0 means missing. */
export interface RainPoint {
  readonly durationMin: number;
  readonly rLsHa: number;
}

/**
 * The rain input of a standard calculation: the design annuality's row as a list of points
 * (entries with r ≤ 0 or non-finite values are missing and skipped), or a single point for a
 * textbook reproduction at one duration.
 */
export type RainInput = RainPoint | readonly RainPoint[];

/**
 * A rain table r(D, T) in l/(s·ha) over the 22 durations × 9 annualities, either as a lookup
 * function (0 = missing) or as a 9 × 22 matrix `yieldsLsHa[t][d]` indexed like `ANNUALITIES_A`
 * and `RAIN_DURATIONS_MIN` (the shape of the engine's rain series).
 */
export type RainTable =
  | { readonly rLsHa: (durationMin: number, annuality: Annuality) => number }
  | { readonly yieldsLsHa: readonly (readonly number[])[] };

/** The valid points of a rain input as parallel arrays (internal; read only: they may be the table's own arrays). */
export interface RainRow {
  readonly durationsMin: readonly number[];
  readonly rLsHa: readonly number[];
}

const validPoint = (durationMin: number, rLsHa: number) =>
  Number.isFinite(durationMin) && durationMin > 0 && Number.isFinite(rLsHa) && rLsHa > 0;

/** The usable points of a rain input (r > 0, D > 0, both finite), in input order. */
export function rainRow(input: RainInput): RainRow {
  const durationsMin: number[] = [];
  const rLsHa: number[] = [];
  const list: readonly RainPoint[] = isPointList(input) ? input : [input];
  for (const p of list) {
    if (p !== null && typeof p === 'object' && validPoint(p.durationMin, p.rLsHa)) {
      durationsMin.push(p.durationMin);
      rLsHa.push(p.rLsHa);
    }
  }
  return { durationsMin, rLsHa };
}

/** One usable value per duration and nothing else (the 22 of `RAIN_DURATIONS_MIN`). */
function completeRow(row: readonly number[]): boolean {
  if (row.length !== RAIN_DURATIONS_MIN.length) return false;
  for (let i = 0; i < row.length; i++) {
    const r = row[i];
    if (typeof r !== 'number' || !(r > 0) || !Number.isFinite(r)) return false;
  }
  return true;
}

function isPointList(input: RainInput): input is readonly RainPoint[] {
  return Array.isArray(input);
}

/** The row of annuality T from a rain table, over the 22 durations (internal, no allocation of points). */
export function rainRowFromTable(table: RainTable, annuality: Annuality): RainRow {
  if ('yieldsLsHa' in table) {
    const row = table.yieldsLsHa[ANNUALITIES_A.indexOf(annuality)];
    // A row with a usable value at every duration is read as it is (no copy: sizing reads a row
    // per annuality and measure, and the rows of a real rain series are complete).
    if (row === undefined) return { durationsMin: [], rLsHa: [] };
    if (completeRow(row)) return { durationsMin: RAIN_DURATIONS_MIN, rLsHa: row };
    return usablePoints(row);
  }
  // The values first: when every duration has one (the common case) the durations are the
  // table's own, as for a complete matrix row; otherwise the usable points only.
  const values: number[] = [];
  let complete = true;
  for (let i = 0; i < RAIN_DURATIONS_MIN.length; i++) {
    const r = table.rLsHa(RAIN_DURATIONS_MIN[i]!, annuality);
    if (typeof r === 'number' && validPoint(1, r)) values.push(r);
    else {
      complete = false;
      values.push(0);
    }
  }
  return complete ? { durationsMin: RAIN_DURATIONS_MIN, rLsHa: values } : usablePoints(values);
}

/** The usable points of a row over the 22 durations (a value r > 0 and finite), in order. */
function usablePoints(row: readonly unknown[]): RainRow {
  const durationsMin: number[] = [];
  const rLsHa: number[] = [];
  for (let i = 0; i < RAIN_DURATIONS_MIN.length; i++) {
    const r = row[i];
    if (typeof r === 'number' && validPoint(1, r)) {
      durationsMin.push(RAIN_DURATIONS_MIN[i]!);
      rLsHa.push(r);
    }
  }
  return { durationsMin, rLsHa };
}

/**
 * The design annuality's row of a rain table as a list of points (missing values left out): the
 * rain input of the standard calculations.
 *
 * @example
 * storageBalance(params, rainPoints(table, 5));
 */
export function rainPoints(table: RainTable, annuality: Annuality): RainPoint[] {
  const row = rainRowFromTable(table, annuality);
  return row.durationsMin.map((durationMin, i) => ({ durationMin, rLsHa: row.rLsHa[i]! }));
}
