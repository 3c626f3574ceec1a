/**
 * Rain statistics axes.
 * Source: planning spec section 9 "Rain durations"; platform spec section 3 "Rain data";
 * DWD KOSTRA-DWD-2020 (22 durations, 9 annualities).
 */

/** Rain durations D in minutes, ascending (22 values, 5 min … 7 days). */
export const RAIN_DURATIONS_MIN = [
  5, 10, 15, 20, 30, 45, 60, 90, 120, 180, 240, 360, 540, 720, 1080, 1440, 2880, 4320, 5760, 7200,
  8640, 10080,
] as const satisfies readonly number[];

/** A rain duration in minutes. */
export type RainDurationMin = (typeof RAIN_DURATIONS_MIN)[number];

/** Annualities (return periods) T in years, ascending. 30, 50 and 100 serve flooding checks. */
export const ANNUALITIES_A = [1, 2, 3, 5, 10, 20, 30, 50, 100] as const satisfies readonly number[];

/** An annuality (return period) in years. */
export type Annuality = (typeof ANNUALITIES_A)[number];

/** Rain datasets whose results the engine stamps. Source: docs/calculation-reference.md section 1. */
export const RAIN_DATASET_EDITIONS = ['KOSTRA-DWD-2020', 'KOSTRA-DWD-2010R', 'custom'] as const satisfies readonly string[];
export type RainDatasetEdition = (typeof RAIN_DATASET_EDITIONS)[number];

/**
 * DWD's tolerance ranges of KOSTRA-DWD-2010R by return period T, in ± percent of the rain height
 * (the same percentage applies to the rain yield r). Each entry covers `minA < T ≤ maxA` (the
 * first also T = 1 a).
 *
 * Source: DWD, "DATA SET DESCRIPTION — Grids of return periods of heavy precipitation (design
 * precipitation) over Germany (KOSTRA-DWD), Version 2010R", section "Uncertainties" (file
 * `DWD_DESCRIPTION_KOSTRA-DWD-2010R_gis.pdf`, page 2, last edited 19.12.2018): "Please note the
 * following tolerance ranges: 1 a ≤ T ≤ 5 a ±10 %, 5 a < T ≤ 50 a ±15 %, 50 a < T ≤ 100 a ±20 %"
 * (after Malitz & Ertel 2015).
 */
export const KOSTRA_2010R_TOLERANCES = [
  { minA: 0, maxA: 5, pct: 10 },
  { minA: 5, maxA: 50, pct: 15 },
  { minA: 50, maxA: 100, pct: 20 },
] as const satisfies readonly { readonly minA: number; readonly maxA: number; readonly pct: number }[];

/** Where the percentages of a rain uncertainty band come from. */
export const RAIN_UNCERTAINTY_SOURCES = ['KOSTRA-DWD-2020-UC', 'KOSTRA-DWD-2010R-tolerance', 'rain-data'] as const satisfies readonly string[];
export type RainUncertaintySource = (typeof RAIN_UNCERTAINTY_SOURCES)[number];
