/**
 * Checks of sizing results, returned as issue values (docs/calculation-reference.md section 3 "Checks to
 * report"; limits in ./limits.ts and ../tables/defaults.ts INPUT_LIMITS).
 */
import type { RuleEdition } from '../tables/measures.ts';
import { INPUT_LIMITS } from '../tables/defaults.ts';
import { nonNeg, pos } from './core.ts';
import { sizingIssue, type IssueTarget, type SizingIssue } from './issues.ts';
import { A117_SIMPLE_METHOD_LIMITS, DRAINING_TIME_LIMITS_H, TROUGH_AREA_RATIO_MAX, type DrainingFacilityKind } from './limits.ts';

/**
 * The maximum draining time of a facility kind under a rule edition (24 h; 2024 planted troughs
 * longer), in hours. See `DRAINING_TIME_LIMITS_H`.
 */
export function drainingTimeLimitH(edition: RuleEdition, kind: DrainingFacilityKind): number {
  return DRAINING_TIME_LIMITS_H[edition][kind];
}

/**
 * Draining time check: `t_E ≤ limit` (warning `DRAINING_TIME_EXCEEDED` with `drainingTimeH` and
 * `limitH`). An undefined draining time is not checked here.
 */
export function checkDrainingTime(drainingTimeH: number | undefined, edition: RuleEdition, kind: DrainingFacilityKind, at: IssueTarget = {}): SizingIssue[] {
  if (drainingTimeH === undefined || !Number.isFinite(drainingTimeH)) return [];
  const limitH = drainingTimeLimitH(edition, kind);
  return drainingTimeH > limitH ? [sizingIssue('DRAINING_TIME_EXCEEDED', at, { drainingTimeH, limitH, kind })] : [];
}

/**
 * Permeability check: k_f within 1e-6 … 1e-3 m/s (DWA-A 138: the range in which infiltration is
 * suitable; `INPUT_LIMITS.permeabilityMinMs/MaxMs`). Warning `PERMEABILITY_OUT_OF_RANGE`.
 */
export function checkPermeability(kfMs: number | undefined, at: IssueTarget = {}): SizingIssue[] {
  if (kfMs === undefined || !Number.isFinite(kfMs)) return [];
  const min = INPUT_LIMITS.permeabilityMinMs;
  const max = INPUT_LIMITS.permeabilityMaxMs;
  return kfMs < min || kfMs > max ? [sizingIssue('PERMEABILITY_OUT_OF_RANGE', at, { kfMs, min, max })] : [];
}

/**
 * Hydraulic load of a trough: `A_C / A_S ≤ 15` (`TROUGH_AREA_RATIO_MAX`). Warning
 * `AREA_RATIO_EXCEEDED` with the ratio; A_S = 0 with A_C > 0 always exceeds.
 */
export function checkTroughAreaRatio(acM2: number | undefined, asM2: number | undefined, at: IssueTarget = {}): SizingIssue[] {
  if (!nonNeg(acM2) || !nonNeg(asM2) || acM2 === 0) return [];
  const max = TROUGH_AREA_RATIO_MAX;
  if (asM2 === 0) return [sizingIssue('AREA_RATIO_EXCEEDED', at, { max })];
  const ratio = acM2 / asM2;
  return Number.isFinite(ratio) && ratio <= max ? [] : [sizingIssue('AREA_RATIO_EXCEEDED', at, Number.isFinite(ratio) ? { ratio, max } : { max })];
}

/**
 * Limits of the DWA-A 117 simple method: catchment area A_E ≤ 200 ha and exceedance frequency
 * n = 1/T ≥ 0.1/a. Warning `SIMPLE_METHOD_LIMIT` with `limit` = 'catchmentArea' or 'frequency'.
 */
export function checkA117SimpleMethod(p: { readonly catchmentAreaM2?: number | undefined; readonly annuality?: number | undefined }, at: IssueTarget = {}): SizingIssue[] {
  const out: SizingIssue[] = [];
  const { maxCatchmentAreaM2, minFrequencyPerYear } = A117_SIMPLE_METHOD_LIMITS;
  if (nonNeg(p.catchmentAreaM2) && p.catchmentAreaM2 > maxCatchmentAreaM2) {
    out.push(sizingIssue('SIMPLE_METHOD_LIMIT', at, { limit: 'catchmentArea', catchmentAreaM2: p.catchmentAreaM2, maxCatchmentAreaM2 }));
  }
  if (pos(p.annuality) && 1 / p.annuality < minFrequencyPerYear) {
    out.push(sizingIssue('SIMPLE_METHOD_LIMIT', at, { limit: 'frequency', frequencyPerYear: 1 / p.annuality, minFrequencyPerYear }));
  }
  return out;
}
