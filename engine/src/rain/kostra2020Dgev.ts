/**
 * KOSTRA-DWD-2020 rain heights from a cell's five parameters (duration-dependent GEV with the
 * Koutsoyiannis intensity scaling). Source: docs/calculation-reference.md section 1 ("verified to the 0.1 mm
 * rounding"); DWD, KOSTRA-DWD-2020, `Parameter_KOSTRA-DWD-2020.csv` (columns LOCAL_XI,
 * SCALE_ALPHA, SHAPE_KAPPA, KOUT_1_THETA, KOUT_2_ETA).
 *
 * - `D_h = D / 60` (hours)
 * - `y = 1 / T` for T ≤ 10 a, `y = −ln(1 − 1/T)` for T > 10 a
 * - `i = [ξ + (α/κ)·(1 − y^κ)] / (D_h + θ)^η` in mm/h
 * - `hN = i · D_h` in mm
 */
import { ANNUALITIES_A, RAIN_DURATIONS_MIN } from '../tables/rain.ts';
import { kostraCellRef, type KostraCellRef } from './indexRc.ts';
import { createRainSeries, type RainSeries } from './series.ts';
import { rainYieldFromHeight } from './units.ts';

/** The five parameters of a KOSTRA-DWD-2020 cell (dimensionless except where noted). */
export interface Kostra2020Parameters {
  /** ξ, GEV location (LOCAL_XI), mm/h scaled. */
  readonly xi: number;
  /** α, GEV scale (SCALE_ALPHA). */
  readonly alpha: number;
  /** κ, GEV shape (SHAPE_KAPPA). */
  readonly kappa: number;
  /** θ, first Koutsoyiannis parameter (KOUT_1_THETA), hours. */
  readonly theta: number;
  /** η, second Koutsoyiannis parameter (KOUT_2_ETA). */
  readonly eta: number;
}

/**
 * The reduced variate y of an annuality T: `1/T` for T ≤ 10 a, `−ln(1 − 1/T)` above.
 *
 * @returns y, or `undefined` for T ≤ 0 or non-finite T
 */
export function kostra2020ReducedVariate(annualityA: number): number | undefined {
  if (!Number.isFinite(annualityA) || annualityA <= 0) return undefined;
  return annualityA <= 10 ? 1 / annualityA : -Math.log(1 - 1 / annualityA);
}

/**
 * Rain intensity i(D, T) in mm/h: `i = [ξ + (α/κ)(1 − y^κ)] / (D/60 + θ)^η` (κ → 0 gives the
 * Gumbel limit `ξ − α·ln y`).
 *
 * @returns i in mm/h, or `undefined` when not finite (invalid parameters, D ≤ 0, T ≤ 0)
 */
export function kostra2020IntensityMmH(p: Kostra2020Parameters, durationMin: number, annualityA: number): number | undefined {
  const y = kostra2020ReducedVariate(annualityA);
  if (y === undefined || !Number.isFinite(durationMin) || durationMin <= 0) return undefined;
  const dh = durationMin / 60;
  const growth = Math.abs(p.kappa) < 1e-12 ? -p.alpha * Math.log(y) : (p.alpha / p.kappa) * (1 - Math.pow(y, p.kappa));
  const i = (p.xi + growth) / Math.pow(dh + p.theta, p.eta);
  return Number.isFinite(i) ? i : undefined;
}

/**
 * Rain height hN(D, T) in mm: `hN = i(D, T) · D/60`.
 *
 * @example
 * // cell 117111 (parameters as printed by dimfalk/kostra2020): 7.0 mm in 5 min once a year
 * kostra2020HeightMm({ xi: 15.1, alpha: 5.45, kappa: -0.1, theta: 0.0185, eta: 0.752 }, 5, 1); // 7.01
 */
export function kostra2020HeightMm(p: Kostra2020Parameters, durationMin: number, annualityA: number): number | undefined {
  const i = kostra2020IntensityMmH(p, durationMin, annualityA);
  if (i === undefined) return undefined;
  const h = (i * durationMin) / 60;
  return Number.isFinite(h) ? h : undefined;
}

/** Options of {@link kostra2020HeightTable} and {@link kostra2020SeriesFromParameters}. */
export interface Kostra2020TableOptions {
  /** Round hN to 0.1 mm as DWD publishes it (default true); r is then computed from the rounded height. */
  readonly roundHeights?: boolean;
}

function roundTenth(v: number): number {
  return Math.round(v * 10) / 10;
}

/**
 * The full table hN(D, T) in mm of a cell, `[annualityIndex][durationIndex]` over ANNUALITIES_A ×
 * RAIN_DURATIONS_MIN (9 × 22); values that are not positive finite are 0 (missing).
 */
export function kostra2020HeightTable(p: Kostra2020Parameters, options: Kostra2020TableOptions = {}): number[][] {
  const round = options.roundHeights !== false;
  return ANNUALITIES_A.map((T) =>
    RAIN_DURATIONS_MIN.map((D) => {
      const h = kostra2020HeightMm(p, D, T);
      if (h === undefined || !(h > 0)) return 0;
      return round ? roundTenth(h) : h;
    }),
  );
}

/**
 * The rain series of a KOSTRA-DWD-2020 cell from its five parameters: r = hN · 10000 / (60 · D)
 * for all 22 durations and 9 annualities (hN rounded to 0.1 mm unless `roundHeights: false`).
 * The parameter table carries no uncertainties; the GIS files do (see readKostraDbf).
 *
 * @param cell the cell for the stamp and `kostraCell` (e.g. from `parseIndexRc`); optional
 */
export function kostra2020SeriesFromParameters(
  p: Kostra2020Parameters,
  cell?: KostraCellRef | undefined,
  options: Kostra2020TableOptions = {},
): RainSeries {
  const heights = kostra2020HeightTable(p, options);
  const ref = cell === undefined ? undefined : kostraCellRef(cell.row, cell.column);
  return createRainSeries(
    ref === undefined ? { edition: 'KOSTRA-DWD-2020' } : { edition: 'KOSTRA-DWD-2020', cell: ref.id },
    (D, T) => {
      const h = heights[ANNUALITIES_A.indexOf(T)]?.[RAIN_DURATIONS_MIN.indexOf(D)] ?? 0;
      return h > 0 ? rainYieldFromHeight(h, D) : 0;
    },
    { kostraCell: ref === undefined ? undefined : { row: ref.row, column: ref.column } },
  );
}
