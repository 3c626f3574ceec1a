/**
 * Tank sizing: box tank (Rigole with boxes), pipe tank (pipes in gravel) and retention pipe
 * (docs/calculation-reference.md section 3). Usable on their own.
 */
import type { InfiltrationDirection, RuleEdition } from '../tables/measures.ts';
import { CONVERSIONS } from '../tables/defaults.ts';
import { storageBalance, type GoverningResult, type StorageBalanceParams, type StorageBalanceResult } from './balance.ts';
import { fin, inflowPerRain, lengthAt, nonNeg, pos, scanLength } from './core.ts';
import { sizingIssue, type IssueTarget, type SizingIssue } from './issues.ts';
import { rainRow, type RainInput, type RainRow } from './rain.ts';

const MM = 1e-3;

/** Storage coefficient as a fraction from percent (spec: 95 % boxes, 30 % gravel). */
export function storageCoefficientFromPercent(percent: number): number | undefined {
  return nonNeg(percent) && percent <= 100 ? percent / 100 : undefined;
}

/** Cross-section of a tank: width B and height H in m. */
export interface TankSection {
  readonly widthM: number;
  readonly heightM: number;
}

/**
 * Available volume of a tank (box or pipe tank, retention basin of boxes): `V = L · B · H · s`
 * with s the storage coefficient as a fraction (docs/calculation-reference.md section 3 "Box tank").
 *
 * @returns V in m³, or undefined for negative or non-finite inputs or s outside [0, 1]
 * @example tankAvailableVolumeM3({ lengthM: 8, widthM: 0.8, heightM: 0.66, storageCoefficient: 0.95 }); // 4.01280
 */
export function tankAvailableVolumeM3(p: TankSection & { readonly lengthM: number; readonly storageCoefficient: number }): number | undefined {
  if (!nonNeg(p.lengthM) || !nonNeg(p.widthM) || !nonNeg(p.heightM) || !(nonNeg(p.storageCoefficient) && p.storageCoefficient <= 1)) return undefined;
  return fin(p.lengthM * p.widthM * p.heightM * p.storageCoefficient);
}

/** The infiltration area of a tank as `A_S = perLengthM · L + fixedM2`. */
export interface InfiltrationAreaTerms {
  /** α: area per metre of length, m²/m. */
  readonly perLengthM: number;
  /** β: area independent of the length (the two ends in 2024), m². */
  readonly fixedM2: number;
}

/**
 * Infiltration area terms of a trench or box tank per direction and edition (docs/calculation-reference.md
 * section 3 table; DWA-A 138:2005 counts the sides at half height, DWA-A 138-1:2024 the full
 * height and the ends):
 *
 * | direction | 2005 | 2024 |
 * |---|---|---|
 * | everySide (all open) | `(B + H/2)·L` | `(B + H)·L + B·H` |
 * | sealedSides (only the sole) | `B·L` | `B·L` |
 * | sealedSole (only the sides) | `(H/2)·L` | `H·L + B·H` |
 *
 * @returns the terms, or undefined for negative or non-finite B or H
 */
export function tankInfiltrationAreaTerms(
  section: TankSection,
  direction: InfiltrationDirection,
  edition: RuleEdition,
): InfiltrationAreaTerms | undefined {
  const { widthM: B, heightM: H } = section;
  if (!nonNeg(B) || !nonNeg(H)) return undefined;
  const y2005 = edition === 'DWA-A 138:2005';
  const ends = fin(B * H);
  if (ends === undefined) return undefined;
  switch (direction) {
    case 'sealedSides':
      return { perLengthM: B, fixedM2: 0 };
    case 'sealedSole':
      return y2005 ? { perLengthM: H / 2, fixedM2: 0 } : { perLengthM: H, fixedM2: ends };
    case 'everySide':
    default:
      return y2005 ? { perLengthM: B + H / 2, fixedM2: 0 } : { perLengthM: B + H, fixedM2: ends };
  }
}

/**
 * Infiltration area A_S of a trench or box tank of length L (see {@link tankInfiltrationAreaTerms}).
 *
 * @example tankInfiltrationAreaM2({ lengthM: 10, widthM: 1, heightM: 1 }, 'everySide', 'DWA-A 138-1:2024'); // 21
 */
export function tankInfiltrationAreaM2(
  p: TankSection & { readonly lengthM: number },
  direction: InfiltrationDirection,
  edition: RuleEdition,
): number | undefined {
  const terms = tankInfiltrationAreaTerms(p, direction, edition);
  if (terms === undefined || !nonNeg(p.lengthM)) return undefined;
  return fin(terms.perLengthM * p.lengthM + terms.fixedM2);
}

/** Inputs of {@link pipeTankStorageCoefficient}. */
export interface PipeTankSection extends TankSection {
  /** Number of pipes a (≥ 0). */
  readonly numberOfPipes: number;
  /** Inner diameter d_i of a pipe, mm. */
  readonly innerDiameterMm: number;
  /** Outer diameter d_a of a pipe, mm. */
  readonly outerDiameterMm: number;
  /** Storage coefficient s_F of the gravel (material) as a fraction. */
  readonly materialStorageCoefficient: number;
}

/**
 * Storage coefficient s_R of a pipe tank (pipes in gravel; docs/calculation-reference.md section 3):
 * `s_R = [s_F · (B·H − a·π·d_a²/4) + a·π·d_i²/4] / (B·H)`, diameters in mm → m.
 *
 * @returns s_R, or undefined when B·H ≤ 0, d_i > d_a, s_F is outside [0, 1], or the pipes'
 *   cross-section (or one pipe's outer diameter) does not fit into B × H
 * @example
 * // consistency case (docs/calculation-reference.md §8): B = H = 1, s_F 0.30, d_a 200, d_i 184 mm, one pipe → 0.317166
 * pipeTankStorageCoefficient({ widthM: 1, heightM: 1, numberOfPipes: 1, innerDiameterMm: 184, outerDiameterMm: 200, materialStorageCoefficient: 0.3 });
 */
export function pipeTankStorageCoefficient(p: PipeTankSection): number | undefined {
  const { widthM: B, heightM: H, numberOfPipes: a, innerDiameterMm, outerDiameterMm, materialStorageCoefficient: sF } = p;
  if (!pos(B) || !pos(H) || !nonNeg(a) || !nonNeg(innerDiameterMm) || !nonNeg(outerDiameterMm)) return undefined;
  if (!(nonNeg(sF) && sF <= 1) || innerDiameterMm > outerDiameterMm) return undefined;
  const di = innerDiameterMm * MM;
  const da = outerDiameterMm * MM;
  const section = B * H;
  const pipesOuter = (a * Math.PI * da * da) / 4;
  if (pipesOuter > section || (a > 0 && (da > B || da > H))) return undefined;
  const pipesInner = (a * Math.PI * di * di) / 4;
  return fin((sF * (section - pipesOuter) + pipesInner) / section);
}

/**
 * Available volume of a retention pipe (backwater channel): `V = L · π · d_i² / 4`, d_i in mm → m
 * (docs/calculation-reference.md section 3 "Retention").
 *
 * @example retentionPipeVolumeM3(10, 500); // 1.9635
 */
export function retentionPipeVolumeM3(lengthM: number, innerDiameterMm: number): number | undefined {
  if (!nonNeg(lengthM) || !nonNeg(innerDiameterMm)) return undefined;
  // (L·π·d_i²)/4 in this order: the one formula of the retention pipe's volume (its kind's part uses it).
  return fin((lengthM * Math.PI * (innerDiameterMm * MM) ** 2) / 4);
}

/** Common inputs of the tank balance (docs/calculation-reference.md section 3 "Box tank", "Trough with tank below"). */
export interface TankBalanceParams extends TankSection {
  /** Connected area A_C, m². */
  readonly acM2: number;
  /** Rain-receiving area on top (the trough above a tank), m² (default 0). */
  readonly avaM2?: number | undefined;
  /** Storage coefficient s (boxes) or s_R (pipe tank) as a fraction. */
  readonly storageCoefficient: number;
  readonly direction: InfiltrationDirection;
  readonly edition: RuleEdition;
  /** Infiltration rate q (2005: k_f/2; 2024: k_i), m/s; 0 for a sealed (retention) tank. */
  readonly qMs: number;
  /** Throttle discharge Q_Dr, l/s (default 0). */
  readonly throttleLs?: number | undefined;
  /** Safety factor f_Z. */
  readonly safetyFactor: number;
  /** Reduction factor f_A (default 1). */
  readonly reductionFactor?: number | undefined;
  /** Volume stored upstream (the trough's V_M of a trough with tank below), m³ (default 0). */
  readonly storedUpstreamM3?: number | undefined;
}

/** The balance inputs of a tank besides its section (internal). */
export type TankInflowOutflow = Pick<TankBalanceParams, 'acM2' | 'avaM2' | 'qMs' | 'throttleLs' | 'safetyFactor' | 'reductionFactor' | 'storedUpstreamM3'>;

/**
 * The storage balance of an infiltration tank with infiltration area A_S (internal; `tankSizing` and
 * `sizeMeasure` both build it here): rain on A_C (+ A_VA of a trough above), outflow A_S·q + Q_Dr,
 * the trough's volume stored upstream.
 */
export function tankBalanceParams(p: TankInflowOutflow, infiltrationAreaM2: number): StorageBalanceParams {
  return {
    acM2: p.acM2,
    avaM2: p.avaM2,
    asM2: infiltrationAreaM2,
    qMs: p.qMs,
    throttleLs: p.throttleLs,
    safetyFactor: p.safetyFactor,
    reductionFactor: p.reductionFactor,
    storedUpstreamM3: p.storedUpstreamM3,
  };
}

/** Result of {@link tankSizing}. */
export interface TankSizingResult extends StorageBalanceResult {
  /** Available volume `L·B·H·s`, m³. */
  readonly availableVolumeM3: number | undefined;
  /** Infiltration area A_S at the given length, m². */
  readonly infiltrationAreaM2: number | undefined;
}

/**
 * Required volume of a tank of given length L (box tank, pipe tank, tank below a trough): the
 * storage balance with `A_S` per {@link tankInfiltrationAreaM2}, throttle Q_Dr and the upstream
 * volume V_M subtracted, maximum over D (DWA-A 138-1:2024 / DWA-A 138:2005; docs/calculation-reference.md
 * section 3). Draining time `V / (A_S·q + Q_Dr·1e-3)`.
 *
 * @example
 * tankSizing({ acM2: 1000, lengthM: 52.464, widthM: 1, heightM: 1, storageCoefficient: 0.317166,
 *   direction: 'everySide', edition: 'DWA-A 138-1:2024', qMs: 5e-5, safetyFactor: 1.2 }, { durationMin: 30, rLsHa: 130 });
 */
export function tankSizing(p: TankBalanceParams & { readonly lengthM: number }, rain: RainInput, at: IssueTarget = {}): TankSizingResult {
  const issues = tankParamIssues(p, at);
  if (!nonNeg(p.lengthM)) issues.push(sizingIssue(p.lengthM === undefined ? 'REQUIRED' : 'VALUE_NOT_POSITIVE', { ...at, field: 'lengthM' }, { field: 'lengthM' }));
  const area = issues.length === 0 ? tankInfiltrationAreaM2(p, p.direction, p.edition) : undefined;
  const available = issues.length === 0 ? tankAvailableVolumeM3(p) : undefined;
  if (area === undefined || available === undefined) {
    if (issues.length === 0) issues.push(sizingIssue('NOT_COMPUTABLE', { ...at, field: 'infiltrationAreaM2' }));
    if (rainRow(rain).durationsMin.length === 0) issues.push(sizingIssue('RAIN_DATA_MISSING', { ...at, field: 'rain' }));
    return {
      requiredVolumeM3: undefined,
      standardVolumeM3: undefined,
      drainingTimeH: undefined,
      durationMin: undefined,
      rLsHa: undefined,
      chart: [],
      availableVolumeM3: undefined,
      infiltrationAreaM2: undefined,
      issues,
    };
  }
  const balance = storageBalance(tankBalanceParams(p, area), rain, at);
  return { ...balance, availableVolumeM3: available, infiltrationAreaM2: area };
}

/** Result of {@link tankRequiredLength}. */
export interface TankLengthResult extends GoverningResult {
  /** Required length L (maximum over D, floored at 0), m. */
  readonly lengthM: number | undefined;
  readonly issues: SizingIssue[];
}

/**
 * Required length of a tank at given width B and height H (auto-dimensioning; docs/calculation-reference.md
 * section 3 "Box tank" and "Trough with tank below"), maximum over D, floored at 0:
 *
 * - DWA-A 138:2005: `L = (A_C·1e-7·r − Q_Dr·1e-3) / (B·H·s/(D·60·f_Z) + (B + H/2)·q)`
 * - DWA-A 138-1:2024: `L = (A_C·1e-7·r − B·H·q − Q_Dr·1e-3) / (B·H·s/(D·60·f_Z) + (B + H)·q)`
 *
 * generalised to the infiltration direction (`A_S = α·L + β`, {@link tankInfiltrationAreaTerms}),
 * to a rain-receiving area on top (A_VA) and to an upstream volume V_M (trough with tank below:
 * numerator `(A_C + A_VA)·1e-7·r − V_M/(D·60·f_Z) − β·q − Q_Dr·1e-3`). At this length the available
 * volume `L·B·H·s` equals the required volume of {@link tankSizing}.
 *
 * @example
 * // consistency case (docs/calculation-reference.md §8) (2024): A_C 1000, B = H = 1, s_R 0.317166, k_i 5e-5, D 30, r 130, f_Z 1.2 → 52.464 m
 * tankRequiredLength({ acM2: 1000, widthM: 1, heightM: 1, storageCoefficient: 0.317166, direction: 'everySide',
 *   edition: 'DWA-A 138-1:2024', qMs: 5e-5, safetyFactor: 1.2 }, { durationMin: 30, rLsHa: 130 }).lengthM;
 */
export function tankRequiredLength(p: TankBalanceParams, rain: RainInput, at: IssueTarget = {}): TankLengthResult {
  const issues = tankParamIssues(p, at);
  if (issues.length === 0 && !pos(p.widthM * p.heightM * p.storageCoefficient)) {
    issues.push(sizingIssue('VALUE_NOT_POSITIVE', { ...at, field: 'storageCoefficient' }, { field: 'storageCoefficient' }));
  }
  const row = rainRow(rain);
  if (row.durationsMin.length === 0) issues.push(sizingIssue('RAIN_DATA_MISSING', { ...at, field: 'rain' }));
  const none = { lengthM: undefined, durationMin: undefined, rLsHa: undefined, issues };
  if (issues.length > 0) return none;
  const terms = tankInfiltrationAreaTerms(p, p.direction, p.edition)!;
  const on = tankLengthOnRow(p, terms, row);
  if (on === undefined) {
    issues.push(sizingIssue('NOT_COMPUTABLE', { ...at, field: 'lengthM' }));
    return none;
  }
  return { lengthM: on.lengthM, durationMin: on.durationMin, rLsHa: on.rLsHa, issues };
}

/**
 * The required length over a non-empty rain row (internal: `tankRequiredLength` and `sizeMeasure`'s
 * one-click length both go through here). Undefined when a value overflows.
 */
export function tankLengthOnRow(p: TankBalanceParams, terms: InfiltrationAreaTerms, row: RainRow): { lengthM: number; durationMin: number; rLsHa: number } | undefined {
  const f = p.safetyFactor * (p.reductionFactor ?? 1);
  const a = inflowPerRain(p.acM2 + (p.avaM2 ?? 0));
  const b0 = terms.fixedM2 * p.qMs + (p.throttleLs ?? 0) * CONVERSIONS.litresToCubicMetres;
  const k = p.widthM * p.heightM * p.storageCoefficient;
  const alphaQ = terms.perLengthM * p.qMs;
  const up = p.storedUpstreamM3 ?? 0;
  const i = scanLength(row, a, b0, k, alphaQ, f, up);
  if (i < 0 || !Number.isFinite(a) || !Number.isFinite(b0)) return undefined;
  const D = row.durationsMin[i]!;
  const r = row.rLsHa[i]!;
  const L = lengthAt(a, b0, k, alphaQ, f, up, D, r);
  return { lengthM: L > 0 ? L : 0, durationMin: D, rLsHa: r };
}

function tankParamIssues(p: TankBalanceParams, at: IssueTarget): SizingIssue[] {
  const issues: SizingIssue[] = [];
  const need = (name: string, value: number | undefined, ok: boolean) => {
    if (!ok) issues.push(sizingIssue(value === undefined ? 'REQUIRED' : 'VALUE_NOT_POSITIVE', { ...at, field: name }, { field: name }));
  };
  need('acM2', p.acM2, nonNeg(p.acM2));
  need('widthM', p.widthM, pos(p.widthM));
  need('heightM', p.heightM, pos(p.heightM));
  need('storageCoefficient', p.storageCoefficient, nonNeg(p.storageCoefficient) && p.storageCoefficient <= 1);
  need('qMs', p.qMs, nonNeg(p.qMs));
  need('safetyFactor', p.safetyFactor, pos(p.safetyFactor));
  if (p.avaM2 !== undefined) need('avaM2', p.avaM2, nonNeg(p.avaM2));
  if (p.throttleLs !== undefined) need('throttleLs', p.throttleLs, nonNeg(p.throttleLs));
  if (p.reductionFactor !== undefined) need('reductionFactor', p.reductionFactor, pos(p.reductionFactor));
  if (p.storedUpstreamM3 !== undefined) need('storedUpstreamM3', p.storedUpstreamM3, nonNeg(p.storedUpstreamM3));
  return issues;
}
