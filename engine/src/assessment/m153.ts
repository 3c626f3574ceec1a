import type { SurfaceM153Data } from '../model/purification.ts';
import {
  ABOVE_GROUND_FACTORS,
  AIR_POLLUTION,
  GROUND_POLLUTION,
  M153_THROUGHPUT_LIMIT,
  PRETREATMENT_OPTIONS,
  WATER_CATEGORIES,
  type AboveGroundProportionId,
  type AirPollutionId,
  type GroundPollutionId,
  type PretreatmentOptionId,
  type WaterCategoryId,
} from '../tables/m153.ts';

export interface M153SurfaceInput {
  readonly surfaceId: string;
  /** Connected area A_u,i = A_E · C_m, m². */
  readonly connectedAreaM2: number;
  readonly groundPollution: GroundPollutionId | undefined;
}

export interface M153Input {
  readonly airPollution: AirPollutionId | undefined;
  readonly waterCategory: WaterCategoryId | undefined;
  readonly surfaces: readonly M153SurfaceInput[];
}

export interface M153Assessment {
  readonly surfaces: readonly SurfaceM153Data[];
  /** Σ A_u,i of the surfaces, m² (the calculation table's total area); undefined when the sum overflows. */
  readonly areaTotal: number | undefined;
  /** Σ f_i, the total of the area shares: 1 (up to rounding) when any surface has area, else 0. */
  readonly areaShareTotal: number;
  /** B = Σ f_i · (L + F_i), points; undefined when a category is missing or A_C is 0. */
  readonly dischargedLoad: number | undefined;
  /** G, points. */
  readonly waterCategoryPoints: number | undefined;
  readonly airPollutionPoints: number | undefined;
  /** Throughput value G / B; undefined when not computable. */
  readonly throughputValue: number | undefined;
}

/**
 * DWA-M 153 scoring of the surfaces treated by one purification (docs/calculation-reference.md section 5):
 * `f_i = A_u,i / Σ A_u`, `dischargedLoad_i = f_i · (L + F_i)`, `B = Σ dischargedLoad_i`,
 * throughput value `G / B` (≥ 1: no treatment needed).
 *
 * @example
 * m153Assessment({ airPollution: 'L1', waterCategory: 'G12',
 *   surfaces: [{ surfaceId: 'roof', connectedAreaM2: 900, groundPollution: 'F2' }] });
 * // dischargedLoad 9 (1 + 8), throughputValue 10 / 9 ≈ 1.11
 */
export function m153Assessment(input: M153Input): M153Assessment {
  const L = input.airPollution === undefined ? undefined : AIR_POLLUTION.find((a) => a.id === input.airPollution)?.points;
  const G = input.waterCategory === undefined ? undefined : WATER_CATEGORIES.find((w) => w.id === input.waterCategory)?.points;
  const total = input.surfaces.reduce((sum, s) => sum + (Number.isFinite(s.connectedAreaM2) ? s.connectedAreaM2 : 0), 0);
  let B: number | undefined = total > 0 && L !== undefined ? 0 : undefined;
  let shareTotal = 0;
  const surfaces: SurfaceM153Data[] = input.surfaces.map((s) => {
    const area = Number.isFinite(s.connectedAreaM2) ? s.connectedAreaM2 : 0;
    const share = total > 0 ? area / total : 0;
    shareTotal += share;
    const F = s.groundPollution === undefined ? undefined : GROUND_POLLUTION.find((g) => g.id === s.groundPollution)?.points;
    const load = L !== undefined && F !== undefined ? share * (L + F) : 0;
    if (F === undefined && share > 0) B = undefined;
    else if (B !== undefined) B += load;
    return { surfaceId: s.surfaceId, area, areaShare: share, dischargedLoad: load };
  });
  const throughputValue = G !== undefined && B !== undefined && B > 0 ? G / B : undefined;
  return { surfaces, areaTotal: Number.isFinite(total) ? total : undefined, areaShareTotal: shareTotal, dischargedLoad: B, waterCategoryPoints: G, airPollutionPoints: L, throughputValue };
}

/** Whether M 153 needs treatment: throughput value below 1. */
export function m153TreatmentNeeded(throughputValue: number): boolean {
  return throughputValue < M153_THROUGHPUT_LIMIT;
}

export interface M153TreatmentChoice {
  /** Throughput value D of the chosen facility (1 when none). */
  readonly facilityValue?: number | undefined;
  readonly proportion?: AboveGroundProportionId | undefined;
  readonly pretreatmentOption?: PretreatmentOptionId | undefined;
  readonly withD4?: boolean | undefined;
}

/**
 * Combined reduction factor of the chosen treatment, D = D_facility · D_pretreatment · D_D4
 * (DWA-M 153 Table A.4; factors by area ratio in the spec's section 9). Factors that are not
 * chosen count 1; above-ground factors need the area ratio (proportion).
 */
export function m153CombinedFactor(choice: M153TreatmentChoice): number {
  const facility = choice.facilityValue ?? 1;
  const proportion = choice.proportion;
  let pretreatment = 1;
  let d4 = 1;
  if (proportion !== undefined) {
    const option = PRETREATMENT_OPTIONS.find((o) => o.id === choice.pretreatmentOption);
    if (option !== undefined) pretreatment = ABOVE_GROUND_FACTORS[option.factorClass][proportion];
    if (choice.withD4 === true) d4 = ABOVE_GROUND_FACTORS.D4[proportion];
  }
  return facility * pretreatment * d4;
}

/** M 153 passes when no treatment is needed (value ≥ 1) or the combined factor D ≤ value (emission B · D ≤ G). */
export function m153Passes(throughputValue: number, combinedFactor: number): boolean {
  return throughputValue >= M153_THROUGHPUT_LIMIT || combinedFactor <= throughputValue;
}
