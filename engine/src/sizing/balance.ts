/**
 * The general storage balance of DWA-A 138-1:2024 / DWA-A 138:2005 and DWA-A 117 and the factors
 * it uses (docs/calculation-reference.md sections 0 and 3). Usable on their own.
 */
import type { ChartPoint } from '../model/measure.ts';
import { CONVERSIONS } from '../tables/defaults.ts';
import type { RuleEdition } from '../tables/measures.ts';
import { balanceAt, fin, hours, inflowPerRain, nonNeg, pos, scanBalance } from './core.ts';
import { sizingIssue, type IssueTarget, type SizingIssue } from './issues.ts';
import { rainRow, type RainInput, type RainRow } from './rain.ts';

/**
 * Safety factor from a safety margin in percent: `f_Z = 1 + margin/100` (docs/calculation-reference.md
 * section 0; spec default 20 % → 1.2). Also the flooding factor of the Fz options.
 *
 * @returns the factor, or undefined for a negative or non-finite margin
 * @example safetyFactorFromPercent(20); // 1.2
 */
export function safetyFactorFromPercent(percent: number): number | undefined {
  return nonNeg(percent) ? fin(1 + percent / 100) : undefined;
}

/** The 2024 correction factors of k_f (DWA-A 138-1:2024): `f_K = f_site · f_method ≤ 1`. */
export interface PermeabilityFactors {
  /** f_site (f_Ort) in [0, 1], default 1. */
  readonly fSite?: number | null | undefined;
  /** f_method (f_Methode) in [0, 1], default 1. */
  readonly fMethod?: number | null | undefined;
}

/**
 * Design infiltration rate q in m/s from the permeability coefficient k_f (docs/calculation-reference.md
 * section 3 table):
 * - DWA-A 138:2005: `q = k_f / 2` (half the saturated k_f for the unsaturated zone);
 * - DWA-A 138-1:2024: `q = k_i = k_f · f_K` with `f_K = f_site · f_method ≤ 1` (both default 1).
 *
 * @returns q, or undefined for a negative or non-finite k_f or a factor outside [0, 1]
 * @example infiltrationRateMs(1e-4, 'DWA-A 138:2005'); // 5e-5
 * @example infiltrationRateMs(1e-4, 'DWA-A 138-1:2024', { fSite: 0.5 }); // 5e-5
 */
export function infiltrationRateMs(kfMs: number, edition: RuleEdition, factors: PermeabilityFactors = {}): number | undefined {
  if (!nonNeg(kfMs)) return undefined;
  if (edition === 'DWA-A 138:2005') return fin(kfMs / 2);
  const fSite = factors.fSite ?? 1;
  const fMethod = factors.fMethod ?? 1;
  if (!(fSite >= 0 && fSite <= 1 && fMethod >= 0 && fMethod <= 1)) return undefined;
  return fin(kfMs * (fSite * fMethod));
}

/**
 * Draining (emptying) time in hours: `t_E = V / Q_out / 3600` with the outflow Q_out in m³/s
 * (docs/calculation-reference.md section 0: draining time h = seconds / 3600). A volume of 0 drains in 0 h.
 *
 * @returns hours, or undefined for invalid inputs or a positive volume without outflow
 * @example drainingTimeH(36, 0.001); // 10
 */
export function drainingTimeH(volumeM3: number, outflowM3s: number): number | undefined {
  if (!nonNeg(volumeM3) || !nonNeg(outflowM3s)) return undefined;
  if (volumeM3 === 0) return 0;
  return hours(volumeM3, outflowM3s);
}

/** Inputs of the general storage balance (docs/calculation-reference.md section 3). */
export interface StorageBalanceParams {
  /** Connected area A_C = Σ A_E·C_m, m² (for flooding: Σ A_E·C_s). */
  readonly acM2: number;
  /** The facility's own surface receiving rain directly, A_VA, m² (a trough's top area; default 0). */
  readonly avaM2?: number | undefined;
  /** Infiltration area A_S, m² (default 0: retention). */
  readonly asM2?: number | undefined;
  /** Infiltration rate q (2005: k_f/2, 2024: k_i), m/s (default 0). */
  readonly qMs?: number | undefined;
  /** Throttle discharge Q_Dr, l/s (default 0). */
  readonly throttleLs?: number | undefined;
  /** Safety factor f_Z (> 0; 1 + margin/100). */
  readonly safetyFactor: number;
  /** Reduction factor f_A (> 0, default 1). */
  readonly reductionFactor?: number | undefined;
  /** Volume stored upstream and subtracted per D, m³ (the trough of a trough with tank below; default 0). */
  readonly storedUpstreamM3?: number | undefined;
}

/**
 * Storage balance V(D) for one duration (DWA-A 138-1:2024 / DWA-A 138:2005 storage balance;
 * docs/calculation-reference.md section 3, normative form):
 *
 * `V(D) = [ (A_C + A_VA)·1e-7·r − A_S·q − Q_Dr·1e-3 ] · D·60 · f_Z · f_A − V_up`
 *
 * Negative values (more outflow than inflow) are returned as they are.
 *
 * @returns V in m³, or undefined for invalid inputs or a non-finite result
 * @example
 * // consistency case (docs/calculation-reference.md §8) (2024): A_C 1000, A_VA 50, A_S 68.824, k_i 5e-5, D 30, r 130, f_Z 1.2
 * storageBalanceVolumeM3({ acM2: 1000, avaM2: 50, asM2: 68.824, qMs: 5e-5, safetyFactor: 1.2 }, 30, 130); // 22.051
 */
export function storageBalanceVolumeM3(params: StorageBalanceParams, durationMin: number, rLsHa: number): number | undefined {
  if (!formTerms(params) || !pos(durationMin) || !nonNeg(rLsHa)) return undefined;
  return fin(balanceAt(T.a, T.b, T.f, T.up, durationMin, rLsHa));
}

/** The governing result of a search over D. */
export interface GoverningResult {
  /** Governing duration D (the maximum; the shortest D on ties), min. */
  readonly durationMin: number | undefined;
  /** Rain yield r of the governing duration, l/(s·ha). */
  readonly rLsHa: number | undefined;
}

/** Result of {@link storageBalance}. */
export interface StorageBalanceResult extends GoverningResult {
  /** Required volume `max(0, max_D V(D))`, m³. */
  readonly requiredVolumeM3: number | undefined;
  /** The governing duration's balance without f_Z and f_A, floored at 0, m³ (the "standard volume"). */
  readonly standardVolumeM3: number | undefined;
  /** Draining time `V_required / (A_S·q + Q_Dr·1e-3)`, h. */
  readonly drainingTimeH: number | undefined;
  /** V(D) for every usable duration, floored at 0 (the report's chart: volume per duration). */
  readonly chart: ChartPoint[];
  readonly issues: SizingIssue[];
}

/**
 * Required volume of the general storage balance: the maximum over D of
 * {@link storageBalanceVolumeM3}, floored at 0, with the governing D and r and V(D) for every D
 * (docs/calculation-reference.md section 3 "General storage balance"; DWA-A 138-1:2024 / DWA-A 138:2005).
 *
 * @param rain the design annuality's row (entries with r = 0 are skipped) or a single duration
 * @example
 * storageBalance({ acM2: 500, asM2: 20, qMs: 1e-5, safetyFactor: 1.2 }, rainPoints(table, 5));
 */
export function storageBalance(params: StorageBalanceParams, rain: RainInput, at: IssueTarget = {}): StorageBalanceResult {
  const issues = balanceParamIssues(params, at);
  const formed = issues.length === 0 && formTerms(params);
  const { a, b, f, up } = T;
  if (issues.length === 0 && !formed) issues.push(sizingIssue('NOT_COMPUTABLE', { ...at, field: 'acM2' }));
  const row = rainRow(rain);
  if (row.durationsMin.length === 0) issues.push(sizingIssue('RAIN_DATA_MISSING', { ...at, field: 'rain' }));
  if (!formed || row.durationsMin.length === 0) return emptyBalance(issues);
  const chart: ChartPoint[] = [];
  const on = governingPoint(a, b, f, up, row, chart);
  if (on === undefined) {
    issues.push(sizingIssue('NOT_COMPUTABLE', { ...at, field: 'requiredVolume' }));
    return emptyBalance(issues);
  }
  if (on.drainingTimeH === undefined && on.requiredM3 > 0) issues.push(sizingIssue('NO_OUTFLOW', { ...at, field: 'drainingTime' }));
  return { requiredVolumeM3: on.requiredM3, durationMin: on.durationMin, rLsHa: on.rLsHa, standardVolumeM3: on.standardM3, drainingTimeH: on.drainingTimeH, chart, issues };
}

/** The governing point of a balance over a rain row (internal). */
export interface BalanceOnRow {
  /** max(0, max_D V(D)), m³. */
  readonly requiredM3: number;
  readonly durationMin: number;
  readonly rLsHa: number;
  /** V(D*) at f = 1, floored at 0, m³. */
  readonly standardM3: number | undefined;
  /** requiredM3 / b in hours (0 for nothing stored; undefined without outflow). */
  readonly drainingTimeH: number | undefined;
  /** `{ duration, volume: max(0, V(D)) }` for every D of the row, when a chart was asked for. */
  readonly chart: ChartPoint[] | null;
}

/**
 * The search over D of the storage balance on a non-empty rain row (internal: `storageBalance`, the
 * standard calculations built on it and `sizeMeasure` all go through here, so every figure of a
 * balance comes from one assembly). Undefined for invalid parameters (as {@link storageBalance}
 * refuses them) or when a value overflows.
 */
export function balanceOnRow(params: StorageBalanceParams, row: RainRow, chart: ChartPoint[] | null): BalanceOnRow | undefined {
  return formTerms(params) ? governingPoint(T.a, T.b, T.f, T.up, row, chart) : undefined;
}

/** The governing point of `V(D) = (a·r − b)·D·60·f − up` over a non-empty row; undefined on overflow. */
function governingPoint(a: number, b: number, f: number, up: number, row: RainRow, chart: ChartPoint[] | null): BalanceOnRow | undefined {
  const i = scanBalance(row, a, b, f, up, chart);
  if (i < 0) return undefined;
  const D = row.durationsMin[i]!;
  const r = row.rLsHa[i]!;
  const value = balanceAt(a, b, f, up, D, r);
  const required = value > 0 ? value : 0;
  const standard = Math.max(0, balanceAt(a, b, 1, up, D, r));
  return { requiredM3: required, durationMin: D, rLsHa: r, standardM3: fin(standard), drainingTimeH: drainingTimeH(required, b), chart };
}

const emptyBalance = (issues: SizingIssue[]): StorageBalanceResult => ({
  requiredVolumeM3: undefined,
  durationMin: undefined,
  rLsHa: undefined,
  standardVolumeM3: undefined,
  drainingTimeH: undefined,
  chart: [],
  issues,
});

/**
 * The terms of the balance `V(D) = (a·r − b)·D·60·f − up` (see {@link balanceAt}) as the last
 * {@link formTerms} formed them. One scratch record rather than an object per balance: sizing runs
 * several balances per measure, and every reader takes the four numbers at once.
 */
const T = { a: 0, b: 0, f: 1, up: 0 };

/**
 * Forms the terms a, b, f, up of the balance into {@link T} (internal: the one place they are
 * formed). False for invalid inputs, which leave `T` unusable.
 */
function formTerms(params: StorageBalanceParams): boolean {
  const { acM2, avaM2 = 0, asM2 = 0, qMs = 0, throttleLs = 0, safetyFactor, reductionFactor = 1, storedUpstreamM3 = 0 } = params;
  if (!nonNeg(acM2) || !nonNeg(avaM2) || !nonNeg(asM2) || !nonNeg(qMs) || !nonNeg(throttleLs) || !nonNeg(storedUpstreamM3)) return false;
  if (!pos(safetyFactor) || !pos(reductionFactor)) return false;
  const a = inflowPerRain(acM2 + avaM2);
  const b = asM2 * qMs + throttleLs * CONVERSIONS.litresToCubicMetres;
  const f = safetyFactor * reductionFactor;
  if (!Number.isFinite(a) || !Number.isFinite(b) || !Number.isFinite(f)) return false;
  T.a = a;
  T.b = b;
  T.f = f;
  T.up = storedUpstreamM3;
  return true;
}

/** Issues for the parameters of the balance (field = parameter name). */
function balanceParamIssues(params: StorageBalanceParams, at: IssueTarget): SizingIssue[] {
  const issues: SizingIssue[] = [];
  const nonNegative = ['acM2', 'avaM2', 'asM2', 'qMs', 'throttleLs', 'storedUpstreamM3'] as const;
  for (const name of nonNegative) {
    const v = params[name];
    if (name !== 'acM2' && v === undefined) continue;
    if (!nonNeg(v)) issues.push(sizingIssue(v === undefined ? 'REQUIRED' : 'VALUE_NOT_POSITIVE', { ...at, field: name }, { field: name }));
  }
  for (const name of ['safetyFactor', 'reductionFactor'] as const) {
    const v = params[name];
    if (name === 'reductionFactor' && v === undefined) continue;
    if (!pos(v)) issues.push(sizingIssue(v === undefined ? 'REQUIRED' : 'VALUE_NOT_POSITIVE', { ...at, field: name }, { field: name }));
  }
  return issues;
}
