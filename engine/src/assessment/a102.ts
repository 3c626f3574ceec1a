import type { A102CategoryBlock, PurificationA102Data } from '../model/purification.ts';
import { A102_BYPASS_SHARE, A102_CATEGORIES, A102_THRESHOLD_KG_HA_A, AREA_GROUPS, type A102CategoryId, type AreaGroupId } from '../tables/a102.ts';
import { CONVERSIONS } from '../tables/defaults.ts';

export interface A102SurfaceInput {
  readonly surfaceId: string;
  /** Surface area A_E, m² (A 102-2 uses the sealed area, not A_C). */
  readonly areaM2: number;
  readonly areaGroup: AreaGroupId | undefined;
}

export interface A102Assessment {
  readonly data: PurificationA102Data;
  /** Required efficiency η in [0, 1): with bypass (total − permitted) / (0.9 · total), else 1 − 280 / areaSpecific. */
  readonly requiredEfficiency: number;
  /** total − permitted ablation, kg/a (missing values count 0; negative means headroom). */
  readonly requiredRestraint: number;
  /** Area-specific ablation above the threshold of 280 kg/(ha·a). */
  readonly thresholdExceeded: boolean;
  /** Whether every surface has an area group. */
  readonly complete: boolean;
}

const categoryOf = new Map<AreaGroupId, A102CategoryId>(AREA_GROUPS.map((g) => [g.id, g.category]));
const ablationOf = new Map<A102CategoryId, number>(A102_CATEGORIES.map((c) => [c.id, c.ablationKgHaA]));

/**
 * DWA-A 102-2 assessment (docs/calculation-reference.md section 5): each surface's area group maps to
 * category I, II or III with b = 280, 530, 760 kg/(ha·a).
 * `totalAblation = Σ A_E,i/10⁴ · b_i` (kg/a), `areaSpecificAblation = total / (Σ A_E/10⁴)`,
 * `permittedAblation = 280 · Σ A_E/10⁴`; with an external bypass 10 % passes untreated.
 * Surfaces without an area group count with their area and no ablation.
 *
 * @example
 * a102Assessment([{ surfaceId: 'yard', areaM2: 10000, areaGroup: 'V3' }], false)
 * // total 760 kg/a, areaSpecific 760, permitted 280, requiredEfficiency 1 − 280/760 ≈ 0.632
 */
export function a102Assessment(surfaces: readonly A102SurfaceInput[], externalBypass: boolean): A102Assessment {
  let totalArea = 0;
  let totalAblation = 0;
  let complete = true;
  const perCategory = new Map<A102CategoryId, { area: number; ablation: number }>(A102_CATEGORIES.map((c) => [c.id, { area: 0, ablation: 0 }]));
  for (const s of surfaces) {
    const area = Number.isFinite(s.areaM2) && s.areaM2 > 0 ? s.areaM2 : 0;
    totalArea += area;
    const category = s.areaGroup === undefined ? undefined : categoryOf.get(s.areaGroup);
    if (category === undefined) {
      complete = false;
      continue;
    }
    const ablation = (area / CONVERSIONS.squareMetresPerHectare) * ablationOf.get(category)!;
    totalAblation += ablation;
    const block = perCategory.get(category)!;
    block.area += area;
    block.ablation += ablation;
  }
  const hectares = totalArea / CONVERSIONS.squareMetresPerHectare;
  // Σ A·b / Σ A of category-I-only surfaces is 280 up to rounding (e.g. 280.00000000000006):
  // snap values within a relative 1e-12 of a category's ablation to it, so the threshold
  // comparison is not decided by floating-point noise.
  const areaSpecificAblation = snapToCategory(hectares > 0 ? totalAblation / hectares : 0);
  const permittedAblation = A102_THRESHOLD_KG_HA_A * hectares;
  const ablationOfBypass = externalBypass ? A102_BYPASS_SHARE * totalAblation : 0;
  const intakeWithBypass = externalBypass ? (1 - A102_BYPASS_SHARE) * totalAblation : totalAblation;
  const requiredRestraint = areaSpecificAblation === A102_THRESHOLD_KG_HA_A ? 0 : totalAblation - permittedAblation;
  let requiredEfficiency = 0;
  if (totalAblation > 0 && requiredRestraint > 0 && areaSpecificAblation > A102_THRESHOLD_KG_HA_A) {
    requiredEfficiency = externalBypass
      ? requiredRestraint / ((1 - A102_BYPASS_SHARE) * totalAblation)
      : Math.max(0, 1 - A102_THRESHOLD_KG_HA_A / areaSpecificAblation);
  }
  const block = (id: A102CategoryId): A102CategoryBlock => {
    const b = perCategory.get(id)!;
    return { totalAblation: b.ablation, area: b.area, areaProportion: totalArea > 0 ? b.area / totalArea : 0 };
  };
  const data: PurificationA102Data = {
    totalAblation,
    areaSpecificAblation,
    ablationOfBypass,
    intakeWithBypass,
    permittedAblation,
    requiredRestraint,
    categoryI: block('I'),
    categoryII: block('II'),
    categoryIII: block('III'),
  };
  return { data, requiredEfficiency, requiredRestraint, thresholdExceeded: areaSpecificAblation > A102_THRESHOLD_KG_HA_A, complete };
}

function snapToCategory(value: number): number {
  for (const c of A102_CATEGORIES) {
    if (Math.abs(value - c.ablationKgHaA) <= 1e-12 * c.ablationKgHaA) return c.ablationKgHaA;
  }
  return value;
}

/** A 102-2 passes when the area-specific ablation is at most the threshold, or the facility's efficiency reaches the required efficiency. */
export function a102Passes(assessment: Pick<A102Assessment, 'requiredEfficiency' | 'data'>, facilityEfficiency: number | undefined): boolean {
  if (assessment.data.areaSpecificAblation <= A102_THRESHOLD_KG_HA_A) return true;
  return facilityEfficiency !== undefined && facilityEfficiency >= assessment.requiredEfficiency;
}
