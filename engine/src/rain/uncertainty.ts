/**
 * The uncertainty of a rain series as ± percent per value r(D, T), and the series scaled to the
 * lower and upper end of that range (issue 19 part 1, docs/decisions/0130-rain-uncertainty-band.md).
 *
 * - KOSTRA-DWD-2020 publishes an uncertainty UC (± %) for every cell, duration and return period
 *   (GIS fields `UC_xxxA_`); the series carries it as `uncertaintyPct`.
 * - KOSTRA-DWD-2010R has no per-value uncertainty; DWD's data set description gives tolerance
 *   ranges by return period ({@link KOSTRA_2010R_TOLERANCES}: ±10 % for T ≤ 5 a, ±15 % for
 *   5 a < T ≤ 50 a, ±20 % for 50 a < T ≤ 100 a; `DWD_DESCRIPTION_KOSTRA-DWD-2010R_gis.pdf`,
 *   section "Uncertainties").
 * - Custom rain data has a band only when its values carry an uncertainty.
 */
import { ANNUALITIES_A, KOSTRA_2010R_TOLERANCES, RAIN_DURATIONS_MIN, type RainUncertaintySource } from '../tables/rain.ts';
import { EngineError } from '../errors.ts';
import { sanitizeRainValue, type RainSeries } from './series.ts';

/** Why a series has no uncertainty band. */
export const RAIN_UNCERTAINTY_UNAVAILABLE_REASONS = ['noRainData', 'customRainData', 'uncertaintyNotGiven', 'uncertaintyIncomplete'] as const satisfies readonly string[];
/**
 * - `noRainData`: the project has no rain data;
 * - `customRainData`: custom rain data whose values carry no uncertainty;
 * - `uncertaintyNotGiven`: KOSTRA-DWD-2020 data without its UC values (e.g. stored before they were kept);
 * - `uncertaintyIncomplete`: some values of the series carry an uncertainty, others with a rain yield do not.
 */
export type RainUncertaintyUnavailableReason = (typeof RAIN_UNCERTAINTY_UNAVAILABLE_REASONS)[number];

/** The uncertainty of a series: ± percent per (T, D) in the shape of `yieldsLsHa` (0 where r is missing). */
export type RainSeriesUncertainty =
  | { readonly ok: true; readonly source: RainUncertaintySource; readonly pct: readonly (readonly number[])[] }
  | { readonly ok: false; readonly reason: RainUncertaintyUnavailableReason };

/**
 * DWD's tolerance of KOSTRA-DWD-2010R for a return period T in years, ± percent
 * ({@link KOSTRA_2010R_TOLERANCES}).
 *
 * @throws EngineError `INVALID_ARGUMENT` when T is not in (0, 100]
 * @example
 * kostra2010RTolerancePct(10); // 15
 */
export function kostra2010RTolerancePct(annualityA: number): number {
  const range = KOSTRA_2010R_TOLERANCES.find((r) => annualityA > r.minA && annualityA <= r.maxA);
  if (range === undefined) throw new EngineError('INVALID_ARGUMENT', `annuality ${annualityA} a is outside DWD's tolerance ranges (0, 100] a`, { annualityA });
  return range.pct;
}

/**
 * The uncertainty of every value of a rain series, in ± percent: the series' own values where it
 * carries them (KOSTRA-DWD-2020 UC, or custom data with uncertainties), DWD's tolerance ranges
 * for KOSTRA-DWD-2010R, otherwise none with the reason.
 *
 * @example
 * const u = rainSeriesUncertainty(series);
 * if (u.ok) u.pct[4]?.[2]; // ± % of r(15 min, 10 a)
 */
export function rainSeriesUncertainty(series: RainSeries): RainSeriesUncertainty {
  const own = series.uncertaintyPct;
  const hasOwn = own !== undefined && own.some((row) => row.some((v) => sanitizeRainValue(v) > 0));
  if (hasOwn) {
    const pct = ANNUALITIES_A.map((_, t) => RAIN_DURATIONS_MIN.map((_, d) => (sanitizeRainValue(series.yieldsLsHa[t]?.[d]) > 0 ? sanitizeRainValue(own[t]?.[d]) : 0)));
    const incomplete = pct.some((row, t) => row.some((u, d) => u === 0 && sanitizeRainValue(series.yieldsLsHa[t]?.[d]) > 0));
    if (incomplete) return { ok: false, reason: 'uncertaintyIncomplete' };
    return { ok: true, source: series.stamp.edition === 'KOSTRA-DWD-2020' ? 'KOSTRA-DWD-2020-UC' : 'rain-data', pct };
  }
  switch (series.stamp.edition) {
    case 'KOSTRA-DWD-2010R':
      return {
        ok: true,
        source: 'KOSTRA-DWD-2010R-tolerance',
        pct: ANNUALITIES_A.map((T, t) => RAIN_DURATIONS_MIN.map((_, d) => (sanitizeRainValue(series.yieldsLsHa[t]?.[d]) > 0 ? kostra2010RTolerancePct(T) : 0))),
      };
    case 'KOSTRA-DWD-2020':
      return { ok: false, reason: 'uncertaintyNotGiven' };
    default:
      return { ok: false, reason: 'customRainData' };
  }
}

/**
 * The rain yields scaled to one end of their uncertainty: r · (1 − u/100) at the lower end,
 * r · (1 + u/100) at the upper end, per value (a value that drops to 0 or below is missing; one
 * that overflows stays `Number.MAX_VALUE`).
 * The sizing runs again on these yields, so the governing duration may differ at each end.
 *
 * @example
 * const upper = scaleRainYields(series.yieldsLsHa, u.pct, 'upper');
 */
export function scaleRainYields(
  yieldsLsHa: readonly (readonly number[])[],
  pct: readonly (readonly number[])[],
  end: 'lower' | 'upper',
): number[][] {
  const sign = end === 'upper' ? 1 : -1;
  return yieldsLsHa.map((row, t) =>
    row.map((r, d) => {
      const value = sanitizeRainValue(r);
      const u = sanitizeRainValue(pct[t]?.[d]);
      const scaled = value * (1 + (sign * u) / 100);
      // A huge value that overflows at the upper end stays the largest number (not missing).
      return value > 0 && scaled === Infinity ? Number.MAX_VALUE : sanitizeRainValue(scaled);
    }),
  );
}
