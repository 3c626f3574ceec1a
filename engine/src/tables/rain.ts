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

/** Rain datasets whose results the engine stamps. Source: design/domain.md section 1. */
export const RAIN_DATASET_EDITIONS = ['KOSTRA-DWD-2020', 'KOSTRA-DWD-2010R', 'custom'] as const satisfies readonly string[];
export type RainDatasetEdition = (typeof RAIN_DATASET_EDITIONS)[number];
