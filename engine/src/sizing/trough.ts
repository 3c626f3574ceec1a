/**
 * Trough (Mulde) sizing: geometry, required volume by the storage balance, draining time, and the
 * design with a given depth (docs/calculation-reference.md section 3 "Trough").
 */
import type { RuleEdition } from '../tables/measures.ts';
import { storageBalance, type GoverningResult, type StorageBalanceParams, type StorageBalanceResult } from './balance.ts';
import { fin, nonNeg, pos } from './core.ts';
import { sizingIssue, type IssueTarget, type SizingIssue } from './issues.ts';
import { rainRow, type RainInput } from './rain.ts';
import { CONVERSIONS } from '../tables/defaults.ts';

/** Trough inputs: length L, top width B and depth z in m, side slope 1:m (m = 0: vertical walls). */
export interface TroughDimensions {
  readonly lengthM: number;
  readonly widthM: number;
  readonly depthM: number;
  /** m of the side slope 1:m (horizontal per vertical); 0 = vertical walls. */
  readonly slope: number;
}

/** Geometry of a trough. */
export interface TroughGeometry {
  /** Top area `L·B` = A_VA (the trough receives rain on it), m². */
  readonly topAreaM2: number;
  /** Bottom area `(L − 2mz)(B − 2mz)`, clipped at 0, m². */
  readonly bottomAreaM2: number;
  /** Infiltration area A_S = (top + bottom) / 2, m². */
  readonly meanAreaM2: number;
  /** Available volume by the prismoid rule `z/6·(A_top + 4·A_mid + A_bottom)`, m³. */
  readonly volumeM3: number;
  /** The usable depth: z, or less when the side slopes meet above z (`min(L, B)/(2m)`), m. */
  readonly effectiveDepthM: number;
  /** True when the side slopes meet above the given depth (bottom area 0, depth reduced). */
  readonly depthLimited: boolean;
}

/**
 * Geometry of a trough with sloped sides (docs/calculation-reference.md section 3 "Trough"): bottom
 * `(L − 2mz)(B − 2mz)` clipped at 0, `A_VA = L·B`, `A_S = (A_top + A_bottom)/2`, available volume
 * by the prismoid rule `V = z/6·(A_top + 4·A_mid + A_bottom)` with
 * `A_mid = (L − mz)(B − mz)`. The prismoid rule is exact for this shape. When the side slopes meet
 * above z (`2mz > min(L, B)`), the water cannot stand deeper than where they meet: the depth is
 * taken as `min(L, B)/(2m)` and `depthLimited` is set.
 *
 * @returns the geometry, or undefined unless L, B, z > 0 and m ≥ 0 (all finite)
 * @example troughGeometry({ lengthM: 10, widthM: 2, depthM: 0.3, slope: 2 });
 * // top 20, bottom 8.8 × 0.8 = 7.04, mean 13.52, mid 9.4 × 1.4 = 13.16, volume 0.05·(20 + 4·13.16 + 7.04) = 3.984
 */
export function troughGeometry(dims: TroughDimensions): TroughGeometry | undefined {
  const { lengthM: L, widthM: B, depthM: z, slope: m } = dims;
  if (!pos(L) || !pos(B) || !pos(z) || !nonNeg(m)) return undefined;
  const zMax = m > 0 ? Math.min(L, B) / (2 * m) : Infinity;
  const depthLimited = z > zMax;
  const zEff = depthLimited ? zMax : z;
  const top = L * B;
  const bottom = Math.max(0, L - 2 * m * zEff) * Math.max(0, B - 2 * m * zEff);
  const mid = (L - m * zEff) * (B - m * zEff);
  const volume = (zEff / 6) * (top + 4 * mid + bottom);
  const mean = (top + bottom) / 2;
  if (![top, bottom, mid, volume, mean, zEff].every(Number.isFinite)) return undefined;
  return { topAreaM2: top, bottomAreaM2: bottom, meanAreaM2: mean, volumeM3: Math.max(0, volume), effectiveDepthM: zEff, depthLimited };
}

/** Inputs of {@link troughSizing}. */
export interface TroughSizingParams extends TroughDimensions {
  /** Connected area A_C, m². */
  readonly acM2: number;
  /** Infiltration rate q (2005: k_f/2; 2024: k_i = k_f·f_K), m/s. */
  readonly qMs: number;
  /** Safety factor f_Z. */
  readonly safetyFactor: number;
  /** Reduction factor f_A (default 1). */
  readonly reductionFactor?: number | undefined;
}

/**
 * The storage balance of a trough (internal; `troughSizing` and `sizeMeasure` both build it here):
 * rain on A_C and on the trough's top area A_VA = L·B, infiltration through A_S = (A_top + A_bottom)/2.
 */
export function troughBalanceParams(p: { readonly acM2: number; readonly geometry: TroughGeometry; readonly qMs: number; readonly safetyFactor: number; readonly reductionFactor?: number | undefined }): StorageBalanceParams {
  return { acM2: p.acM2, avaM2: p.geometry.topAreaM2, asM2: p.geometry.meanAreaM2, qMs: p.qMs, safetyFactor: p.safetyFactor, reductionFactor: p.reductionFactor };
}

/** Result of {@link troughSizing}: the storage balance plus the trough's geometry. */
export interface TroughSizingResult extends StorageBalanceResult {
  readonly geometry: TroughGeometry | undefined;
  /** Available volume (prismoid), m³. */
  readonly availableVolumeM3: number | undefined;
}

/**
 * Required volume of a trough (the trough check; DWA-A 138-1:2024 trough infiltration, simple
 * method of clause 5.3.3, and DWA-A 138:2005 trough infiltration): the storage balance
 * `V(D) = [(A_C + A_VA)·1e-7·r − A_S·q]·D·60·f_Z` with `A_VA = L·B` (rain on the trough itself),
 * `A_S = (A_top + A_bottom)/2`, no throttle, maximum over D. {@link troughAreaForDepth} designs
 * with the same balance (decision 0167). Draining time
 * `t_E = V_required / (A_S·q)` in hours. The edition enters through q ({@link infiltrationRateMs}).
 *
 * @example
 * troughSizing({ acM2: 190, lengthM: 10, widthM: 2, depthM: 0.3, slope: 2, qMs: 9.5e-6, safetyFactor: 1.2 },
 *   { durationMin: 240, rLsHa: 23.3 });
 */
export function troughSizing(params: TroughSizingParams, rain: RainInput, at: IssueTarget = {}): TroughSizingResult {
  const geometry = troughGeometry(params);
  const issues: SizingIssue[] = [];
  if (geometry === undefined) {
    for (const name of ['lengthM', 'widthM', 'depthM'] as const) {
      if (!pos(params[name])) issues.push(sizingIssue(params[name] === undefined ? 'REQUIRED' : 'VALUE_NOT_POSITIVE', { ...at, field: name }, { field: name }));
    }
    if (!nonNeg(params.slope)) issues.push(sizingIssue(params.slope === undefined ? 'REQUIRED' : 'VALUE_NOT_POSITIVE', { ...at, field: 'slope' }, { field: 'slope' }));
    if (issues.length === 0) issues.push(sizingIssue('NOT_COMPUTABLE', { ...at, field: 'dimensioningTrough' }));
  } else if (geometry.depthLimited) {
    issues.push(sizingIssue('TROUGH_DEPTH_LIMITED', { ...at, field: 'depthM' }, { depthM: params.depthM, effectiveDepthM: geometry.effectiveDepthM }));
  }
  if (geometry === undefined) {
    if (rainRow(rain).durationsMin.length === 0) issues.push(sizingIssue('RAIN_DATA_MISSING', { ...at, field: 'rain' }));
    return { ...emptyTrough, chart: [], issues };
  }
  const balance = storageBalance(troughBalanceParams({ ...params, geometry }), rain, at);
  return { ...balance, geometry, availableVolumeM3: geometry.volumeM3, issues: [...issues, ...balance.issues] };
}

const emptyTrough: Omit<TroughSizingResult, 'issues'> = {
  requiredVolumeM3: undefined,
  standardVolumeM3: undefined,
  drainingTimeH: undefined,
  durationMin: undefined,
  rLsHa: undefined,
  chart: [],
  geometry: undefined,
  availableVolumeM3: undefined,
};

/** Inputs of {@link troughAreaForDepth}. */
export interface TroughAreaForDepthParams {
  /** Connected area A_C, m². */
  readonly acM2: number;
  /** Design depth z, m. */
  readonly depthM: number;
  /** Infiltration rate q (2005: k_f/2; 2024: k_i), m/s. */
  readonly qMs: number;
  /** Safety factor f_Z. */
  readonly safetyFactor: number;
  readonly edition: RuleEdition;
  /**
   * Rain-receiving area of the trough beyond its mean infiltration area A_S, m² (default 0): for
   * example the slopes above the mean water area (`L·B − A_S`). Its rain enters the inflow like
   * A_C (both editions). The trough's own area A_S always receives rain and needs no input.
   */
  readonly avaM2?: number;
}

/** Result of {@link troughAreaForDepth}. */
export interface TroughAreaForDepthResult extends GoverningResult {
  /** Required mean infiltration area A_S, m² (maximum over D). */
  readonly areaM2: number | undefined;
  /**
   * Design volume at the governing D, m³: `A_S·z`, which equals the storage balance of the
   * designed trough `[(A_C + A_VA + A_S)·1e-7·r − A_S·q]·D·60·f_Z`.
   */
  readonly volumeM3: number | undefined;
  /** Draining time `z / q`, h. */
  readonly drainingTimeH: number | undefined;
  readonly issues: SizingIssue[];
}

/**
 * Trough design with a given depth z: the mean infiltration area A_S that stores the balance at
 * depth z, maximum over D. Both editions use the trough storage balance of DWA-A 138:2005
 * (trough infiltration) and DWA-A 138-1:2024 (trough infiltration, simple method of clause 5.3.3),
 * in which the trough's own area A_S receives rain and infiltrates:
 *
 * `V(D) = [(A_C + A_S)·1e-7·r − A_S·q]·D·60·f_Z = A_S·z`, solved for A_S:
 * `A_S = (A_C + A_VA)·1e-7·r / (z/(D·60·f_Z) − 1e-7·r + q)`
 *
 * with q = k_f/2 (2005) or k_i (2024) and A_VA any further rain-receiving area of the trough
 * (default 0). Infeasible when the denominator is ≤ 0 (the depth cannot take the rain on the trough
 * itself). The design is the same balance as {@link troughSizing}'s check: a trough with vertical
 * walls and `L·B = A_S` holds exactly the required volume at the governing D (decision 0167).
 *
 * @example
 * // published DWA-A 138-1:2024 example: A_C 131.2 m², k_i 7.2e-6 m/s, r(240 min) 28.3 l/(s·ha),
 * // f_Z 1.2, z 0.30 m → A_S 17.086 m² (published 17.1 m²), V 5.126 m³
 * troughAreaForDepth({ acM2: 131.2, depthM: 0.3, qMs: 7.2e-6, safetyFactor: 1.2, edition: 'DWA-A 138-1:2024' },
 *   { durationMin: 240, rLsHa: 28.3 });
 */
export function troughAreaForDepth(params: TroughAreaForDepthParams, rain: RainInput, at: IssueTarget = {}): TroughAreaForDepthResult {
  const { acM2, depthM: z, qMs: q, safetyFactor: fZ } = params;
  const avaM2 = params.avaM2 ?? 0;
  const issues: SizingIssue[] = [];
  for (const [name, ok] of [['acM2', nonNeg(acM2)], ['avaM2', nonNeg(avaM2)], ['depthM', pos(z)], ['qMs', nonNeg(q)], ['safetyFactor', pos(fZ)]] as const) {
    if (!ok) issues.push(sizingIssue('VALUE_NOT_POSITIVE', { ...at, field: name }, { field: name }));
  }
  const row = rainRow(rain);
  if (row.durationsMin.length === 0) issues.push(sizingIssue('RAIN_DATA_MISSING', { ...at, field: 'rain' }));
  const none = { areaM2: undefined, volumeM3: undefined, drainingTimeH: undefined, durationMin: undefined, rLsHa: undefined, issues };
  if (issues.length > 0) return none;
  const R = CONVERSIONS.rainYieldToMs;
  let best = -Infinity;
  let index = -1;
  for (let i = 0; i < row.durationsMin.length; i++) {
    const r = row.rLsHa[i]!;
    const T = row.durationsMin[i]! * CONVERSIONS.secondsPerMinute * fZ;
    const denominator = z / T - R * r + q;
    const area = denominator > 0 ? ((acM2 + avaM2) * R * r) / denominator : NaN;
    if (!Number.isFinite(area)) {
      issues.push(sizingIssue('DESIGN_NOT_FEASIBLE', { ...at, field: 'depthM' }, { durationMin: row.durationsMin[i]!, depthM: z }));
      return none;
    }
    if (area > best) {
      best = area;
      index = i;
    }
  }
  return {
    areaM2: fin(best),
    volumeM3: fin(best * z),
    drainingTimeH: q > 0 ? fin(z / q / CONVERSIONS.secondsPerHour) : undefined,
    durationMin: row.durationsMin[index],
    rLsHa: row.rLsHa[index],
    issues,
  };
}
