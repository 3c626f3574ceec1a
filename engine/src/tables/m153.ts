/**
 * DWA-M 153 (drain to groundwater or surface water via the M 153 scoring) tables.
 * Source: planning spec section 9 ("Air pollution", "Ground pollution", "Water category ratings",
 * "Above-ground treatment") and platform spec section 3 ("Air pollution levels"); values as in
 * DWA-M 153 (2007) Tables A.1a (G), A.2 (L), A.3 (F) and A.4a (D).
 */

/** Air pollution categories L1 … L4 with their points. */
export const AIR_POLLUTION = [
  { id: 'L1', points: 1, messageKey: 'airPollution.low' },
  { id: 'L2', points: 2, messageKey: 'airPollution.medium' },
  { id: 'L3', points: 4, messageKey: 'airPollution.heavy' },
  { id: 'L4', points: 8, messageKey: 'airPollution.strong' },
] as const satisfies readonly { id: string; points: number; messageKey: string }[];
export type AirPollutionId = (typeof AIR_POLLUTION)[number]['id'];
export const AIR_POLLUTION_IDS = AIR_POLLUTION.map((a) => a.id) as readonly AirPollutionId[];

/** Ground (surface) pollution categories F1 … F7 with their points. */
export const GROUND_POLLUTION = [
  { id: 'F1', points: 5, messageKey: 'groundPollution.F1' },
  { id: 'F2', points: 8, messageKey: 'groundPollution.F2' },
  { id: 'F3', points: 12, messageKey: 'groundPollution.F3' },
  { id: 'F4', points: 19, messageKey: 'groundPollution.F4' },
  { id: 'F5', points: 27, messageKey: 'groundPollution.F5' },
  { id: 'F6', points: 35, messageKey: 'groundPollution.F6' },
  { id: 'F7', points: 45, messageKey: 'groundPollution.F7' },
] as const satisfies readonly { id: string; points: number; messageKey: string }[];
export type GroundPollutionId = (typeof GROUND_POLLUTION)[number]['id'];
export const GROUND_POLLUTION_IDS = GROUND_POLLUTION.map((g) => g.id) as readonly GroundPollutionId[];

export type WaterKind = 'sea' | 'watercourse' | 'standingWater' | 'groundwater' | 'sensitive';

/** Water categories G with their ratings (points G). */
export const WATER_CATEGORIES = [
  { id: 'G1', kind: 'sea', points: 33 },
  { id: 'G2', kind: 'watercourse', points: 27 },
  { id: 'G3', kind: 'watercourse', points: 24 },
  { id: 'G4', kind: 'watercourse', points: 21 },
  { id: 'G5', kind: 'watercourse', points: 18 },
  { id: 'G6', kind: 'watercourse', points: 15 },
  { id: 'G7', kind: 'standingWater', points: 18 },
  { id: 'G8', kind: 'standingWater', points: 16 },
  { id: 'G9', kind: 'standingWater', points: 14 },
  { id: 'G10', kind: 'standingWater', points: 12 },
  { id: 'G11', kind: 'standingWater', points: 10 },
  { id: 'G12', kind: 'groundwater', points: 10 },
  { id: 'G13', kind: 'groundwater', points: 8 },
  { id: 'G21', kind: 'watercourse', points: 14 },
  { id: 'G22', kind: 'watercourse', points: 11 },
  { id: 'G23', kind: 'standingWater', points: 11 },
  { id: 'G24', kind: 'standingWater', points: 10 },
  { id: 'G25', kind: 'groundwater', points: 8 },
  { id: 'G26', kind: 'groundwater', points: 5 },
  { id: 'G27', kind: 'groundwater', points: 3 },
  { id: 'G28', kind: 'sensitive', points: 0 },
] as const satisfies readonly { id: string; kind: WaterKind; points: number }[];
export type WaterCategoryId = (typeof WATER_CATEGORIES)[number]['id'];
export const WATER_CATEGORY_IDS = WATER_CATEGORIES.map((w) => w.id) as readonly WaterCategoryId[];
/** Message key of a water category's display name. */
export const waterCategoryMessageKey = (id: WaterCategoryId): string => `waterCategory.${id}`;

/**
 * Area ratio A_u : A_s of above-ground treatment (infiltration through the topsoil), the
 * "connected-area ratios" 5:1, 15:1, 50:1.
 */
export const ABOVE_GROUND_PROPORTIONS = [
  { id: 'FIVE', ratio: 5, messageKey: 'aboveGround.proportion.five' },
  { id: 'FIFTEEN', ratio: 15, messageKey: 'aboveGround.proportion.fifteen' },
  { id: 'FIFTY', ratio: 50, messageKey: 'aboveGround.proportion.fifty' },
] as const satisfies readonly { id: string; ratio: number; messageKey: string }[];
export type AboveGroundProportionId = (typeof ABOVE_GROUND_PROPORTIONS)[number]['id'];
export const ABOVE_GROUND_PROPORTION_IDS = ABOVE_GROUND_PROPORTIONS.map((p) => p.id) as readonly AboveGroundProportionId[];

/** Removal (throughput) factors D1 … D4 per area ratio. Dimensionless, lower is better. */
export const ABOVE_GROUND_FACTORS = {
  D1: { FIVE: 0.1, FIFTEEN: 0.2, FIFTY: 0.45 },
  D2: { FIVE: 0.2, FIFTEEN: 0.35, FIFTY: 0.6 },
  D3: { FIVE: 0.45, FIFTEEN: 0.6, FIFTY: 0.8 },
  D4: { FIVE: 0.35, FIFTEEN: 0.45, FIFTY: 0.6 },
} as const satisfies Record<'D1' | 'D2' | 'D3' | 'D4', Record<AboveGroundProportionId, number>>;
export type AboveGroundFactorClass = keyof typeof ABOVE_GROUND_FACTORS;

/**
 * Pretreatment options of above-ground treatment and the factor class they map to:
 * D1 for 30 cm topsoil or 20 cm of an approved filter substrate, D2 for 20 cm topsoil,
 * D3 for 10 cm topsoil.
 */
export const PRETREATMENT_OPTIONS = [
  { id: 'TOPSOIL_30CM', factorClass: 'D1', messageKey: 'pretreatment.topsoil30' },
  { id: 'SUBSTRATE_20CM', factorClass: 'D1', messageKey: 'pretreatment.substrate20' },
  { id: 'TOPSOIL_20CM', factorClass: 'D2', messageKey: 'pretreatment.topsoil20' },
  { id: 'TOPSOIL_10CM', factorClass: 'D3', messageKey: 'pretreatment.topsoil10' },
] as const satisfies readonly { id: string; factorClass: AboveGroundFactorClass; messageKey: string }[];
export type PretreatmentOptionId = (typeof PRETREATMENT_OPTIONS)[number]['id'];
export const PRETREATMENT_OPTION_IDS = PRETREATMENT_OPTIONS.map((p) => p.id) as readonly PretreatmentOptionId[];

/** Infiltration purification layers offered with measures. */
export const INFILTRATION_PURIFICATION_LAYERS = [
  { id: 'NONE', messageKey: 'purificationLayer.none' },
  { id: 'TOPSOIL_10_20CM', messageKey: 'purificationLayer.topsoil10to20' },
  { id: 'PURAT200_20_30CM', messageKey: 'purificationLayer.purat200_20to30' },
  { id: 'TOPSOIL_30CM', messageKey: 'purificationLayer.topsoil30' },
] as const satisfies readonly { id: string; messageKey: string }[];

/** The M 153 throughput value (G / B) at or above which no treatment is needed. */
export const M153_THROUGHPUT_LIMIT = 1;
