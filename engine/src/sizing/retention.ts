/**
 * Retention (DWA-A 117, simple method) and surface infiltration (docs/calculation-reference.md section 3).
 */
import type { ChartPoint } from '../model/measure.ts';
import { CONVERSIONS } from '../tables/defaults.ts';
import { storageBalance, type GoverningResult } from './balance.ts';
import { fin, nonNeg, pos } from './core.ts';
import { sizingIssue, type IssueTarget, type SizingIssue } from './issues.ts';
import { rainRow, type RainInput } from './rain.ts';

/** 60 s/min · 1e-3 m³/l: converts (l/(s·ha))·min into m³/ha. */
const M3_PER_HA = CONVERSIONS.secondsPerMinute * CONVERSIONS.litresToCubicMetres;

/**
 * Throttle discharge per hectare of connected area (DWA-A 117 Drosselabflussspende):
 * `q_Dr = Q_Dr / (A_C / 10,000)` in l/(s·ha).
 *
 * @returns q_Dr, or undefined when A_C ≤ 0 or an input is negative or not finite
 * @example a117ThrottleRateLsHa(1, 2000); // 5
 */
export function a117ThrottleRateLsHa(throttleLs: number, acM2: number): number | undefined {
  if (!nonNeg(throttleLs) || !pos(acM2)) return undefined;
  return fin(throttleLs / (acM2 / CONVERSIONS.squareMetresPerHectare));
}

/**
 * Specific storage volume of the DWA-A 117 simple method for one duration:
 * `V_s(D) = (r − q_Dr) · D · f_Z · f_A · 0.06` in m³/ha (docs/calculation-reference.md section 3 "Retention";
 * 0.06 = 60 s/min · 1e-3 m³/l). Negative values are returned as they are.
 *
 * @example a117SpecificVolumeM3Ha(100, 5, 60, 1.2); // (100 − 5)·60·1.2·0.06 = 410.4
 */
export function a117SpecificVolumeM3Ha(rLsHa: number, throttleRateLsHa: number, durationMin: number, safetyFactor: number, reductionFactor = 1): number | undefined {
  if (!nonNeg(rLsHa) || !nonNeg(throttleRateLsHa) || !pos(durationMin) || !pos(safetyFactor) || !pos(reductionFactor)) return undefined;
  return fin((rLsHa - throttleRateLsHa) * durationMin * safetyFactor * reductionFactor * M3_PER_HA);
}

/** Inputs of {@link a117RetentionVolume}. */
export interface A117Params {
  /** Connected area A_C, m². */
  readonly acM2: number;
  /** Throttle discharge Q_Dr, l/s (spec default for retention: 1). */
  readonly throttleLs: number;
  /** Safety factor f_Z. */
  readonly safetyFactor: number;
  /** Reduction factor f_A (default 1). */
  readonly reductionFactor?: number | undefined;
}

/** Result of {@link a117RetentionVolume}. */
export interface A117Result extends GoverningResult {
  /** Required volume `max_D V_s(D) · A_C / 10,000`, floored at 0, m³. */
  readonly requiredVolumeM3: number | undefined;
  /** `max_D V_s(D)`, floored at 0, m³/ha (undefined when A_C = 0). */
  readonly specificVolumeM3Ha: number | undefined;
  /** q_Dr, l/(s·ha) (undefined when A_C = 0). */
  readonly throttleRateLsHa: number | undefined;
  /** The governing balance without f_Z and f_A, m³. */
  readonly standardVolumeM3: number | undefined;
  /** Draining time `V / Q_Dr`, h. */
  readonly drainingTimeH: number | undefined;
  /** Volume per duration (floored at 0), m³. */
  readonly chart: ChartPoint[];
  readonly issues: SizingIssue[];
}

/**
 * Required volume of a retention basin or backwater channel by the simple method of DWA-A 117
 * (docs/calculation-reference.md section 3 "Retention"): `A_S = 0`, throttle Q_Dr,
 * `V = max_D V_s(D) · A_C / 10,000` with `V_s` of {@link a117SpecificVolumeM3Ha}, draining time
 * `V / Q_Dr`. It is computed as the storage balance with A_S = 0, which is the same expression
 * multiplied out (`(r − q_Dr)·D·0.06·A_C/1e4 = (A_C·1e-7·r − Q_Dr·1e-3)·D·60`), so A_C = 0 needs
 * no special case. Check the method's limits with `checkA117SimpleMethod`.
 *
 * @example
 * a117RetentionVolume({ acM2: 2000, throttleLs: 1, safetyFactor: 1.2 }, [{ durationMin: 60, rLsHa: 100 }]);
 * // V_s = 410.4 m³/ha → 82.08 m³, draining time 22.8 h
 */
export function a117RetentionVolume(params: A117Params, rain: RainInput, at: IssueTarget = {}): A117Result {
  const balance = storageBalance(
    { acM2: params.acM2, throttleLs: params.throttleLs, safetyFactor: params.safetyFactor, reductionFactor: params.reductionFactor },
    rain,
    at,
  );
  const required = balance.requiredVolumeM3;
  const perHa = required !== undefined && pos(params.acM2) ? fin(required / (params.acM2 / CONVERSIONS.squareMetresPerHectare)) : undefined;
  return {
    requiredVolumeM3: required,
    specificVolumeM3Ha: perHa,
    throttleRateLsHa: a117ThrottleRateLsHa(params.throttleLs, params.acM2),
    standardVolumeM3: balance.standardVolumeM3,
    drainingTimeH: balance.drainingTimeH,
    durationMin: balance.durationMin,
    rLsHa: balance.rLsHa,
    chart: balance.chart,
    issues: balance.issues,
  };
}

/** Result of {@link surfaceInfiltrationArea}. */
export interface SurfaceInfiltrationResult extends GoverningResult {
  /** Required infiltration area A_S (maximum over D), m². */
  readonly areaM2: number | undefined;
  readonly issues: SizingIssue[];
}

/**
 * Surface infiltration (no storage; docs/calculation-reference.md section 3 "Surface infiltration";
 * DWA-A 138 Flächenversickerung): the infiltration area receives rain itself and must take the
 * rain of A_C and of itself: `(A_C + A_S)·1e-7·r = A_S·q`, i.e. `A_S = A_C / (q·1e7/r − 1)`,
 * only when `q > r·1e-7`. Maximum over D; when q ≤ r·1e-7 for some D the result is undefined
 * with an `INFILTRATION_INSUFFICIENT` issue.
 *
 * @example surfaceInfiltrationArea({ acM2: 100, qMs: 5e-5 }, { durationMin: 15, rLsHa: 200 }).areaM2; // 100 / (2.5 − 1) = 66.67
 */
export function surfaceInfiltrationArea(params: { readonly acM2: number; readonly qMs: number }, rain: RainInput, at: IssueTarget = {}): SurfaceInfiltrationResult {
  const issues: SizingIssue[] = [];
  if (!nonNeg(params.acM2)) issues.push(sizingIssue('VALUE_NOT_POSITIVE', { ...at, field: 'acM2' }, { field: 'acM2' }));
  if (!nonNeg(params.qMs)) issues.push(sizingIssue('VALUE_NOT_POSITIVE', { ...at, field: 'qMs' }, { field: 'qMs' }));
  const row = rainRow(rain);
  if (row.durationsMin.length === 0) issues.push(sizingIssue('RAIN_DATA_MISSING', { ...at, field: 'rain' }));
  const none = { areaM2: undefined, durationMin: undefined, rLsHa: undefined, issues };
  if (issues.length > 0) return none;
  let best = -Infinity;
  let index = -1;
  for (let i = 0; i < row.durationsMin.length; i++) {
    const r = row.rLsHa[i]!;
    if (!(params.qMs > r * CONVERSIONS.rainYieldToMs)) {
      issues.push(sizingIssue('INFILTRATION_INSUFFICIENT', { ...at, field: 'qMs' }, { durationMin: row.durationsMin[i]!, rLsHa: r, qMs: params.qMs }));
      return none;
    }
    const area = params.acM2 / ((params.qMs * 1e7) / r - 1);
    if (!Number.isFinite(area)) {
      issues.push(sizingIssue('NOT_COMPUTABLE', { ...at, field: 'areaM2' }));
      return none;
    }
    if (area > best) {
      best = area;
      index = i;
    }
  }
  return { areaM2: best, durationMin: row.durationsMin[index], rLsHa: row.rLsHa[index], issues };
}
