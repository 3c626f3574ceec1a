/**
 * Flooding: the per-measure flooding verification (DWA-A 138-1 eq. 10 form) and the site check of
 * DIN 1986-100:2016 eqs. 20 and 21 (docs/calculation-reference.md section 4). Usable on their own.
 */
import type { ChartPoint } from '../model/measure.ts';
import { CONVERSIONS, DEFAULTS } from '../tables/defaults.ts';
import { FLOODING_SAFETY_MARGINS, type FloodingSafetyMarginId } from '../tables/measures.ts';
import { storageBalance, type GoverningResult } from './balance.ts';
import { fin, nonNeg, pos } from './core.ts';
import { sizingIssue, type IssueTarget, type SizingIssue } from './issues.ts';
import { DIN_1986_100 } from './limits.ts';
import { rainRow, type RainInput } from './rain.ts';

/**
 * Flooding safety factor of an Fz option: `f_flood = 1 + percent/100` (Fz10 → 1.1, Fz15 → 1.15,
 * Fz20 → 1.2; docs/calculation-reference.md section 4; the spec's "1.0/1.5/2.0" are tenths of the percents).
 *
 * @returns the factor, or undefined for an unknown option
 */
export function floodingSafetyFactor(margin: FloodingSafetyMarginId): number | undefined {
  const option = FLOODING_SAFETY_MARGINS.find((m) => m.id === margin);
  return option === undefined ? undefined : 1 + option.percent / 100;
}

/** Inputs of {@link measureFloodingVolume}. */
export interface FloodingParams {
  /** Σ A_E·C_s of the measure's surfaces (peak runoff coefficients), m². */
  readonly peakAreaM2: number;
  /** The facility's own rain-receiving area A_VA, m² (default 0). */
  readonly avaM2?: number | undefined;
  /** Infiltration area A_S, m² (default 0). */
  readonly asM2?: number | undefined;
  /** Infiltration rate q, m/s (default 0). */
  readonly qMs?: number | undefined;
  /** Throttle discharge Q_Dr, l/s (default 0). */
  readonly throttleLs?: number | undefined;
  /** f_flood = 1 + percent/100 of the Fz option ({@link floodingSafetyFactor}). */
  readonly floodingFactor: number;
  /** Volume stored upstream and subtracted per D (the trough above a tank), m³ (default 0). */
  readonly storedUpstreamM3?: number | undefined;
}

/** Result of {@link measureFloodingVolume}. */
export interface FloodingResult extends GoverningResult {
  /** `floodingVolume = max(0, max_D V_f(D))`, m³. */
  readonly floodingVolumeM3: number | undefined;
  /** The governing V_f without f_flood, m³. */
  readonly standardVolumeM3: number | undefined;
  /** Draining time `V_f / (A_S·q + Q_Dr·1e-3)`, h. */
  readonly drainingTimeH: number | undefined;
  readonly chart: ChartPoint[];
  readonly issues: SizingIssue[];
}

/**
 * Flooding volume of a measure (docs/calculation-reference.md section 4, DWA-A 138-1 eq. 10 form), over the
 * rain row of the flooding annuality T_f (default 30 years, 100 with the flooding option):
 *
 * `V_f(D) = [ r(D,T_f)·(Σ A_E·C_s + A_VA)·1e-7 − (A_S·q + Q_Dr·1e-3) ] · D·60 · f_flood`
 *
 * `floodingVolume = max over D` (floored at 0). The extra volume is {@link extraVolumeM3}.
 *
 * @example
 * measureFloodingVolume({ peakAreaM2: 1000, asM2: 50, qMs: 1e-5, floodingFactor: 1.15 }, rainPoints(table, 30));
 */
export function measureFloodingVolume(params: FloodingParams, rain: RainInput, at: IssueTarget = {}): FloodingResult {
  const b = storageBalance(
    {
      acM2: params.peakAreaM2,
      avaM2: params.avaM2,
      asM2: params.asM2,
      qMs: params.qMs,
      throttleLs: params.throttleLs,
      safetyFactor: params.floodingFactor,
      storedUpstreamM3: params.storedUpstreamM3,
    },
    rain,
    at,
  );
  return {
    floodingVolumeM3: b.requiredVolumeM3,
    standardVolumeM3: b.standardVolumeM3,
    drainingTimeH: b.drainingTimeH,
    durationMin: b.durationMin,
    rLsHa: b.rLsHa,
    chart: b.chart,
    issues: b.issues.map((i) => (i.field !== null && i.field.endsWith('acM2') ? { ...i, field: i.field.replace(/acM2$/, 'peakAreaM2') } : i)),
  };
}

/**
 * Extra flooding volume: `max(0, floodingVolume − available volume)` (planning spec section 4
 * "Measure rules"; docs/calculation-reference.md section 4).
 *
 * @example extraVolumeM3(12, 10); // 2
 */
export function extraVolumeM3(floodingVolumeM3: number, availableVolumeM3: number): number | undefined {
  if (!nonNeg(floodingVolumeM3) || !nonNeg(availableVolumeM3)) return undefined;
  return fin(Math.max(0, floodingVolumeM3 - availableVolumeM3));
}

/** The paved areas of a site for DIN 1986-100 (A_ges, A_Dach, A_FaG with their peak coefficients C_s). */
export interface Din1986Site {
  /** A_ges: total paved (sealed) area of the site, m². */
  readonly totalAreaM2: number;
  /** A_Dach: roof area, m². */
  readonly roofAreaM2: number;
  /** C_s of the roofs. */
  readonly roofCs: number;
  /** A_FaG: paved area outside buildings, m². */
  readonly pavedAreaM2: number;
  /** C_s of the paved area. */
  readonly pavedCs: number;
}

/**
 * DIN 1986-100:2016 eq. 20, retention volume of the flooding check for one duration:
 *
 * `V_Rück = [ r(D,30)·A_ges − (r(D,2)·A_Dach·C_s,Dach + r(D,2)·A_FaG·C_s,FaG) ] · D·60 / 1e7` m³
 *
 * Negative values are returned as they are.
 *
 * @example
 * // Düsseldorf municipal example: A_ges 950, roof 350 (C_s 1), paved 600 (C_s 0.9), r(5,30) 433, r(5,2) 209 → 6.76 m³
 * din1986Eq20VolumeM3({ totalAreaM2: 950, roofAreaM2: 350, roofCs: 1, pavedAreaM2: 600, pavedCs: 0.9 }, 5, 433, 209);
 */
export function din1986Eq20VolumeM3(site: Din1986Site, durationMin: number, r30LsHa: number, r2LsHa: number): number | undefined {
  if (!validSite(site) || !pos(durationMin) || !nonNeg(r30LsHa) || !nonNeg(r2LsHa)) return undefined;
  const held = r30LsHa * site.totalAreaM2 - (r2LsHa * site.roofAreaM2 * site.roofCs + r2LsHa * site.pavedAreaM2 * site.pavedCs);
  return fin(held * durationMin * CONVERSIONS.secondsPerMinute * CONVERSIONS.rainYieldToMs);
}

/**
 * DIN 1986-100:2016 eq. 21, retention volume with the full-flow capacity of the drain:
 *
 * `V_Rück = [ r(D,30)·A_ges / 1e4 − Q_voll ] · D·60 / 1000` m³, for D = 5, 10 and 15 min
 *
 * @example din1986Eq21VolumeM3({ totalAreaM2: 147, fullFlowLs: 2 }, 15, 305.6); // 2.243
 */
export function din1986Eq21VolumeM3(site: { readonly totalAreaM2: number; readonly fullFlowLs: number }, durationMin: number, r30LsHa: number): number | undefined {
  if (!nonNeg(site.totalAreaM2) || !nonNeg(site.fullFlowLs) || !pos(durationMin) || !nonNeg(r30LsHa)) return undefined;
  const flow = (r30LsHa * site.totalAreaM2) / CONVERSIONS.squareMetresPerHectare - site.fullFlowLs;
  return fin(flow * durationMin * CONVERSIONS.secondsPerMinute * CONVERSIONS.litresToCubicMetres);
}

/** Inputs of {@link din1986FloodingCheck}. */
export interface Din1986CheckParams extends Din1986Site {
  /** Q_voll: full-flow capacity of the drain, l/s (eq. 21 is skipped without it). */
  readonly fullFlowLs?: number | undefined;
  /** Connected area of the site (Σ A_E·C), m²: the check is required above 800 m². */
  readonly connectedAreaM2?: number | undefined;
}

/** One equation's result: the maximum over its durations, floored at 0. */
export interface Din1986Equation extends GoverningResult {
  readonly volumeM3: number | undefined;
}

/** Result of {@link din1986FloodingCheck}. */
export interface Din1986CheckResult {
  readonly eq20: Din1986Equation;
  readonly eq21: Din1986Equation;
  /** The larger of both, m³. */
  readonly volumeM3: number | undefined;
  /** Which equation governs (20 on ties). */
  readonly governingEquation: 20 | 21 | undefined;
  /** Whether the check is required: connected area above 800 m² (`DEFAULTS.acThresholdM2`). */
  readonly required: boolean | undefined;
  readonly issues: SizingIssue[];
}

/**
 * DIN 1986-100:2016 site flooding check (docs/calculation-reference.md section 4 "Site check"): eq. 20 over
 * every duration that has both r(D,30) and r(D,2), eq. 21 for D = 5, 10, 15 min; each floored at
 * 0; the larger governs; required above 800 m² of connected area.
 *
 * @param rain30 the 30-year row (r(D,30))
 * @param rain2 the 2-year row (r(D,2)), matched by duration
 */
export function din1986FloodingCheck(params: Din1986CheckParams, rain30: RainInput, rain2: RainInput, at: IssueTarget = {}): Din1986CheckResult {
  const issues: SizingIssue[] = [];
  for (const name of ['totalAreaM2', 'roofAreaM2', 'roofCs', 'pavedAreaM2', 'pavedCs'] as const) {
    if (!nonNeg(params[name])) issues.push(sizingIssue(params[name] === undefined ? 'REQUIRED' : 'VALUE_NOT_POSITIVE', { ...at, field: name }, { field: name }));
  }
  if (params.fullFlowLs !== undefined && !nonNeg(params.fullFlowLs)) issues.push(sizingIssue('VALUE_NOT_POSITIVE', { ...at, field: 'fullFlowLs' }, { field: 'fullFlowLs' }));
  const row30 = rainRow(rain30);
  const row2 = rainRow(rain2);
  if (row30.durationsMin.length === 0) issues.push(sizingIssue('RAIN_DATA_MISSING', { ...at, field: 'rain30' }, { annuality: DIN_1986_100.checkAnnualityA }));
  const required = params.connectedAreaM2 === undefined || !nonNeg(params.connectedAreaM2) ? undefined : params.connectedAreaM2 > DEFAULTS.acThresholdM2;
  const empty: Din1986Equation = { volumeM3: undefined, durationMin: undefined, rLsHa: undefined };
  if (issues.length > 0) return { eq20: empty, eq21: empty, volumeM3: undefined, governingEquation: undefined, required, issues };

  let eq20: Din1986Equation = empty;
  let eq21: Din1986Equation = empty;
  for (let i = 0; i < row30.durationsMin.length; i++) {
    const D = row30.durationsMin[i]!;
    const r30 = row30.rLsHa[i]!;
    const j = row2.durationsMin.indexOf(D);
    if (j >= 0) {
      const v = din1986Eq20VolumeM3(params, D, r30, row2.rLsHa[j]!);
      if (v !== undefined && (eq20.volumeM3 === undefined || v > eq20.volumeM3)) eq20 = { volumeM3: v, durationMin: D, rLsHa: r30 };
    }
    if (params.fullFlowLs !== undefined && (DIN_1986_100.eq21DurationsMin as readonly number[]).includes(D)) {
      const v = din1986Eq21VolumeM3({ totalAreaM2: params.totalAreaM2, fullFlowLs: params.fullFlowLs }, D, r30);
      if (v !== undefined && (eq21.volumeM3 === undefined || v > eq21.volumeM3)) eq21 = { volumeM3: v, durationMin: D, rLsHa: r30 };
    }
  }
  if (eq20.volumeM3 === undefined && row2.durationsMin.length === 0) {
    issues.push(sizingIssue('RAIN_DATA_MISSING', { ...at, field: 'rain2' }, { annuality: DIN_1986_100.drainAnnualityA }));
  }
  const floor = (e: Din1986Equation): Din1986Equation => (e.volumeM3 === undefined ? e : { ...e, volumeM3: Math.max(0, e.volumeM3) });
  eq20 = floor(eq20);
  eq21 = floor(eq21);
  const v20 = eq20.volumeM3;
  const v21 = eq21.volumeM3;
  const governingEquation = v20 === undefined ? (v21 === undefined ? undefined : 21) : v21 === undefined || v20 >= v21 ? 20 : 21;
  const volumeM3 = governingEquation === 20 ? v20 : governingEquation === 21 ? v21 : undefined;
  return { eq20, eq21, volumeM3, governingEquation, required, issues };
}

function validSite(site: Din1986Site): boolean {
  return nonNeg(site.totalAreaM2) && nonNeg(site.roofAreaM2) && nonNeg(site.roofCs) && nonNeg(site.pavedAreaM2) && nonNeg(site.pavedCs);
}
