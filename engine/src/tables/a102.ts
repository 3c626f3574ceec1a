/**
 * DWA-A 102-2 (drain to surface water) tables.
 * Source: planning spec section 9 "Runoff categories" and "Area groups"; DWA-A 102-2/BWK-A 3-2
 * (2020) Table 1 (area groups → categories) and section 5 (AFS63 specific ablation b_R,a).
 */

/** Runoff categories with their specific ablation b in kg/(ha·a) (AFS63). */
export const A102_CATEGORIES = [
  { id: 'I', ablationKgHaA: 280 },
  { id: 'II', ablationKgHaA: 530 },
  { id: 'III', ablationKgHaA: 760 },
] as const satisfies readonly { id: string; ablationKgHaA: number }[];
export type A102CategoryId = (typeof A102_CATEGORIES)[number]['id'];

/** Area groups in the spec's order, each mapped to its category. */
export const AREA_GROUPS = [
  { id: 'D', category: 'I' },
  { id: 'VW1', category: 'I' },
  { id: 'V1', category: 'I' },
  { id: 'VW2', category: 'II' },
  { id: 'V2', category: 'II' },
  { id: 'V3', category: 'III' },
  { id: 'BG1', category: 'III' },
  { id: 'BF', category: 'II' },
  { id: 'BL', category: 'II' },
  { id: 'BG2', category: 'II' },
  { id: 'SD1', category: 'II' },
  { id: 'SD2', category: 'III' },
  { id: 'SV', category: 'III' },
  { id: 'SF', category: 'III' },
  { id: 'SL', category: 'III' },
  { id: 'BG3', category: 'III' },
  { id: 'SG', category: 'III' },
  { id: 'SA', category: 'III' },
] as const satisfies readonly { id: string; category: A102CategoryId }[];
export type AreaGroupId = (typeof AREA_GROUPS)[number]['id'];
export const AREA_GROUP_IDS = AREA_GROUPS.map((g) => g.id) as readonly AreaGroupId[];
export const areaGroupMessageKey = (id: AreaGroupId): string => `areaGroup.${id}`;

/** Permitted area-specific ablation (threshold) in kg/(ha·a). */
export const A102_THRESHOLD_KG_HA_A = 280;
/** Share of the runoff that an external bypass passes untreated (10 %). */
export const A102_BYPASS_SHARE = 0.1;
