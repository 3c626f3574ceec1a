/**
 * The rain uncertainty band of one measure (issue 19 part 1; docs/decisions/0130-rain-uncertainty-band.md):
 * the measure is sized again with its rain series scaled to the lower and to the upper end of the
 * rain's uncertainty (`scaleRainYields`), beside the design value. Because the whole search over D
 * runs again, the governing duration may differ at each end. Where the measure has a tank, the
 * one-click length (`requiredTankLength`) is given at each end too.
 */
import type { ChartPoint } from '../model/measure.ts';
import type { RainUncertaintySource } from '../tables/rain.ts';
import { scaleRainYields } from '../rain/uncertainty.ts';
import type { RainTable } from './rain.ts';
import { requiredTankLength, sizeMeasure, sizeMeasureWith, type RequiredTankLengthResult, type SizeMeasureInput, type SizeMeasureResult } from './sizeMeasure.ts';

/** The sizing of a measure at one end of the rain's uncertainty (or at the design rain). */
export interface UncertaintyBandEnd {
  /** Required volume of the whole measure, m³ (trough + tank when combined); undefined when not computable. */
  readonly requiredVolumeM3: number | undefined;
  /** Governing rain duration of the whole measure at this end, min. */
  readonly durationMin: number | undefined;
  /** Rain yield r of that duration at this end (scaled), l/(s·ha). */
  readonly rLsHa: number | undefined;
  /** Required tank length at the chosen width and height (auto-dimensioning), m; undefined without a tank. */
  readonly requiredLengthM: number | undefined;
  /** That length rounded up to the 0.8 m box grid (box tanks and basins), m. */
  readonly roundedLengthM: number | undefined;
  /** Required volume per rain duration of the measure's main chart (tank, basin or trough), m³. */
  readonly chart: readonly ChartPoint[] | null;
}

/** The required volume (and length) of a measure at the lower and upper end of the rain's uncertainty. */
export interface MeasureUncertaintyBand {
  /** Where the percentages come from: KOSTRA-DWD-2020 UC values, DWD's KOSTRA-DWD-2010R tolerance ranges, or the rain data's own values. */
  readonly source: RainUncertaintySource;
  /** Sized with r · (1 − u/100). */
  readonly lower: UncertaintyBandEnd;
  /** Sized with the design rain r (the measure's own results). */
  readonly design: UncertaintyBandEnd;
  /** Sized with r · (1 + u/100). */
  readonly upper: UncertaintyBandEnd;
  /** Available (planned) volume of the measure, m³. */
  readonly availableVolumeM3: number | undefined;
  /** Every part's available volume also covers its required volume at the upper end; undefined when not computable. */
  readonly coversUpper: boolean | undefined;
}

function mainChart(sized: SizeMeasureResult): readonly ChartPoint[] | null {
  const r = sized.data.reportData;
  return r?.retentionDrainingTimeChart ?? r?.infiltrationTankDrainingTimeChart ?? r?.troughDrainingTimeChart ?? null;
}

function endOf(
  input: SizeMeasureInput,
  rain: RainTable,
  withLength: boolean,
  sized?: SizeMeasureResult,
  design = false,
  knownLength?: RequiredTankLengthResult,
): { end: UncertaintyBandEnd; sized: SizeMeasureResult } {
  const at = { ...input, rain };
  // The ends re-size the storage only: their flooding volumes and balances are not part of the band.
  const s = sized ?? (design ? sizeMeasure(at) : sizeMeasureWith(at, false, false));
  const length = withLength ? (knownLength ?? requiredTankLength(at)) : undefined;
  return {
    sized: s,
    end: {
      requiredVolumeM3: s.requiredVolumeM3,
      durationMin: s.data.duration ?? undefined,
      rLsHa: s.data.precipitation ?? undefined,
      requiredLengthM: length?.lengthM,
      roundedLengthM: length?.roundedLengthM,
      chart: mainChart(s),
    },
  };
}

/**
 * The required volume of a measure at the lower and upper end of the rain's uncertainty beside
 * the design value, each from a full sizing run on the scaled rain series.
 *
 * @param input the measure's sizing input with the design rain as a `{ yieldsLsHa }` table
 * @param pct the uncertainty per value in ± percent, shaped like `yieldsLsHa` (`rainSeriesUncertainty(series).pct`)
 * @param source where `pct` comes from
 * @param designSized the design sizing when the caller has it already (saves one run)
 * @returns the band, or undefined when the design rain is not a matrix or the measure is not sized at the design rain
 * @example
 * const u = rainSeriesUncertainty(series);
 * if (u.ok) {
 *   const band = measureUncertaintyBand({ data, acM2: 500, rain: { yieldsLsHa: series.yieldsLsHa } }, u.pct, u.source);
 *   band?.upper.requiredVolumeM3; // m³ at r · (1 + u)
 * }
 */
export function measureUncertaintyBand(
  input: SizeMeasureInput & { readonly rain: { readonly yieldsLsHa: readonly (readonly number[])[] } },
  pct: readonly (readonly number[])[],
  source: RainUncertaintySource,
  designSized?: SizeMeasureResult,
): MeasureUncertaintyBand | undefined {
  return uncertaintyBandAt(input, scaledRainEnds(input.rain.yieldsLsHa, pct), source, designSized);
}

/** The design rain scaled to both ends of its uncertainty (internal; evaluate scales once per project). */
export interface ScaledRainEnds {
  readonly lower: RainTable;
  readonly upper: RainTable;
}

/** Scales a rain table to both ends of its uncertainty (internal, not exported from the package). */
export function scaledRainEnds(yieldsLsHa: readonly (readonly number[])[], pct: readonly (readonly number[])[]): ScaledRainEnds {
  return { lower: { yieldsLsHa: scaleRainYields(yieldsLsHa, pct, 'lower') }, upper: { yieldsLsHa: scaleRainYields(yieldsLsHa, pct, 'upper') } };
}

/**
 * {@link measureUncertaintyBand} on rain already scaled to both ends, optionally with the design
 * sizing and the design one-click length the caller has computed (internal: evaluate sizes every
 * measure on the same scaled rain and needs the design length for its auto-dimensioning anyway;
 * not exported from the package).
 */
export function uncertaintyBandAt(
  input: SizeMeasureInput & { readonly rain: RainTable },
  ends: ScaledRainEnds,
  source: RainUncertaintySource,
  designSized?: SizeMeasureResult,
  designLength?: RequiredTankLengthResult,
): MeasureUncertaintyBand | undefined {
  const design = endOf(input, input.rain, true, designSized, true, designLength);
  if (design.sized.requiredVolumeM3 === undefined) return undefined;
  const hasTank = design.end.requiredLengthM !== undefined;
  const lower = endOf(input, ends.lower, hasTank);
  const upper = endOf(input, ends.upper, hasTank);
  return {
    source,
    lower: lower.end,
    design: design.end,
    upper: upper.end,
    availableVolumeM3: design.sized.availableVolumeM3,
    coversUpper: upper.sized.sufficient,
  };
}
