/**
 * The engine's rain series: a table r(D, T) of rain yields for the 22 durations and 9
 * annualities of the rain axes (../tables/rain.ts), stamped with the dataset that produced it.
 * Source: docs/calculation-reference.md section 1 "Rain data"; platform spec section 3 "Rain data" (0 = missing).
 */
import { EngineError } from '../errors.ts';
import type { KostraCell } from '../model/rain.ts';
import { ANNUALITIES_A, RAIN_DURATIONS_MIN, type Annuality, type RainDatasetEdition, type RainDurationMin } from '../tables/rain.ts';

/** Which rain data a series comes from: dataset edition and cell id (INDEX_RC without leading zeros). */
export interface RainSeriesStamp {
  readonly edition: RainDatasetEdition;
  readonly cell?: string;
}

/**
 * A rain series r(D, T). Plain data (crosses worker boundaries, stored as JSON).
 *
 * - `yieldsLsHa[t][d]` is the rain yield r in l/(s·ha) for annuality `ANNUALITIES_A[t]` and
 *   duration `RAIN_DURATIONS_MIN[d]`: 9 rows of 22 values. 0 = missing (skipped by every search
 *   over D).
 * - `uncertaintyPct[t][d]` (same shape, only where the dataset publishes it: KOSTRA-DWD-2020 UC)
 *   is the uncertainty in ± percent of that value; 0 = not given.
 */
export interface RainSeries {
  readonly stamp: RainSeriesStamp;
  /** Row and column of the dataset grid cell (KOSTRA datasets). */
  readonly kostraCell?: KostraCell;
  readonly yieldsLsHa: readonly (readonly number[])[];
  readonly uncertaintyPct?: readonly (readonly number[])[];
}

/** Index of a duration on the rain axis, or -1. */
export function durationIndex(durationMin: number): number {
  return (RAIN_DURATIONS_MIN as readonly number[]).indexOf(durationMin);
}

/** Index of an annuality on the rain axis, or -1. */
export function annualityIndex(annualityA: number): number {
  return (ANNUALITIES_A as readonly number[]).indexOf(annualityA);
}

/** A stored rain value: positive finite numbers are kept, everything else (0, negative, NaN, ±∞, non-numbers) is 0 = missing. */
export function sanitizeRainValue(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : 0;
}

/** Options of {@link createRainSeries}. */
export interface CreateRainSeriesOptions {
  readonly kostraCell?: KostraCell | undefined;
  /** Uncertainty in ± percent for (D, T); non-finite or ≤ 0 means not given. */
  readonly uncertaintyPct?: ((durationMin: RainDurationMin, annualityA: Annuality) => number | undefined) | undefined;
}

/**
 * Builds a rain series from a function giving r(D, T) in l/(s·ha). Values that are not positive
 * finite numbers become 0 (missing).
 *
 * @example
 * const series = createRainSeries({ edition: 'custom' }, (D, T) => table[T]?.[D]);
 */
export function createRainSeries(
  stamp: RainSeriesStamp,
  yieldLsHa: (durationMin: RainDurationMin, annualityA: Annuality) => number | undefined,
  options: CreateRainSeriesOptions = {},
): RainSeries {
  const yields = ANNUALITIES_A.map((T) => RAIN_DURATIONS_MIN.map((D) => sanitizeRainValue(yieldLsHa(D, T))));
  const uc = options.uncertaintyPct;
  return {
    stamp: stampOf(stamp),
    ...(options.kostraCell === undefined ? {} : { kostraCell: { row: options.kostraCell.row, column: options.kostraCell.column } }),
    yieldsLsHa: yields,
    ...(uc === undefined ? {} : { uncertaintyPct: ANNUALITIES_A.map((T) => RAIN_DURATIONS_MIN.map((D) => sanitizeRainValue(uc(D, T)))) }),
  };
}

/** A copy of a stamp without an undefined cell (exact optional properties). */
export function stampOf(stamp: RainSeriesStamp): RainSeriesStamp {
  return stamp.cell === undefined ? { edition: stamp.edition } : { edition: stamp.edition, cell: stamp.cell };
}

function checkAxes(durationMin: number, annualityA: number): { d: number; t: number } {
  const d = durationIndex(durationMin);
  const t = annualityIndex(annualityA);
  if (d < 0) throw new EngineError('INVALID_ARGUMENT', `duration ${durationMin} min is not on the rain axis`, { durationMin });
  if (t < 0) throw new EngineError('INVALID_ARGUMENT', `annuality ${annualityA} a is not on the rain axis`, { annualityA });
  return { d, t };
}

/**
 * The rain yield r(D, T) of a series, in l/(s·ha).
 *
 * @returns r, or `undefined` when the value is missing (0 or not a positive finite number)
 * @throws EngineError `INVALID_ARGUMENT` when D or T is not on the rain axes
 * @example
 * rainYield(series, 15, 5); // e.g. 152.2
 */
export function rainYield(series: RainSeries, durationMin: RainDurationMin, annualityA: Annuality): number | undefined {
  const { d, t } = checkAxes(durationMin, annualityA);
  const r = sanitizeRainValue(series.yieldsLsHa[t]?.[d]);
  return r > 0 ? r : undefined;
}

/**
 * The uncertainty of r(D, T) in ± percent (KOSTRA-DWD-2020 `UC_…` fields).
 *
 * @returns the percentage, or `undefined` when the dataset gives none for this value
 * @throws EngineError `INVALID_ARGUMENT` when D or T is not on the rain axes
 */
export function rainUncertainty(series: RainSeries, durationMin: RainDurationMin, annualityA: Annuality): number | undefined {
  const { d, t } = checkAxes(durationMin, annualityA);
  const uc = sanitizeRainValue(series.uncertaintyPct?.[t]?.[d]);
  return uc > 0 ? uc : undefined;
}

/**
 * The durations (ascending, min) for which the series has a value for annuality T: every search
 * over D (sizing, flooding) iterates over these.
 *
 * @throws EngineError `INVALID_ARGUMENT` when T is not on the annuality axis
 * @example
 * availableDurations(kostra2010rSeries, 10); // [5, 10, …, 4320]: 18 durations
 */
export function availableDurations(series: RainSeries, annualityA: Annuality): RainDurationMin[] {
  const t = annualityIndex(annualityA);
  if (t < 0) throw new EngineError('INVALID_ARGUMENT', `annuality ${annualityA} a is not on the rain axis`, { annualityA });
  const row = series.yieldsLsHa[t];
  return RAIN_DURATIONS_MIN.filter((_, d) => sanitizeRainValue(row?.[d]) > 0);
}
