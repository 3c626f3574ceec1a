/**
 * Every table and constant of the planning spec's section 9 (and the platform constants the engine
 * needs), typed once. Each file cites its source.
 */
export { RAIN_DURATIONS_MIN, ANNUALITIES_A, RAIN_DATASET_EDITIONS, KOSTRA_2010R_TOLERANCES, RAIN_UNCERTAINTY_SOURCES } from './rain.ts';
export type { RainDurationMin, Annuality, RainDatasetEdition, RainUncertaintySource } from './rain.ts';
export { RUNOFF_TYPES, RUNOFF_TYPE_IDS } from './runoff.ts';
export type { RunoffType, RunoffTypeId } from './runoff.ts';
export { SOIL_CATEGORIES, SOIL_CATEGORY_IDS, permeabilityMs } from './soil.ts';
export type { SoilCategory, SoilCategoryId } from './soil.ts';
export { PIPE_TYPES, PIPE_TYPE_IDS } from './pipes.ts';
export type { PipeType, PipeTypeId, PipeUse } from './pipes.ts';
export { SHAFT_FAMILIES, SHAFT_DEPTH_CODES, SHAFT_DEPTH_M, SHAFT_TYPE_IDS } from './shafts.ts';
export type { ShaftFamily, ShaftDepthCode, ShaftTypeId } from './shafts.ts';
export {
  AIR_POLLUTION,
  AIR_POLLUTION_IDS,
  GROUND_POLLUTION,
  GROUND_POLLUTION_IDS,
  WATER_CATEGORIES,
  WATER_CATEGORY_IDS,
  waterCategoryMessageKey,
  ABOVE_GROUND_PROPORTIONS,
  ABOVE_GROUND_PROPORTION_IDS,
  ABOVE_GROUND_FACTORS,
  PRETREATMENT_OPTIONS,
  PRETREATMENT_OPTION_IDS,
  INFILTRATION_PURIFICATION_LAYERS,
  M153_THROUGHPUT_LIMIT,
} from './m153.ts';
export type {
  AirPollutionId,
  GroundPollutionId,
  WaterKind,
  WaterCategoryId,
  AboveGroundProportionId,
  AboveGroundFactorClass,
  PretreatmentOptionId,
} from './m153.ts';
export {
  A102_CATEGORIES,
  AREA_GROUPS,
  AREA_GROUP_IDS,
  areaGroupMessageKey,
  A102_THRESHOLD_KG_HA_A,
  A102_BYPASS_SHARE,
} from './a102.ts';
export type { A102CategoryId, AreaGroupId } from './a102.ts';
export {
  INSTALLATION_TARGETS,
  INSTALLATION_VARIANTS,
  INFILTRATION_TANK_TYPES,
  INSTALLATION_TYPES,
  INFILTRATION_DIRECTIONS,
  FLOODING_SAFETY_MARGINS,
  FLOODING_SAFETY_MARGIN_IDS,
  THROTTLE_TYPES,
  BYPASS_TYPES,
  REGULATION_TYPES,
  RULE_EDITIONS,
  DEFAULT_RULE_EDITION,
  DRAINS,
} from './measures.ts';
export type {
  InstallationTarget,
  InstallationVariant,
  InfiltrationTankType,
  InstallationType,
  InfiltrationDirection,
  FloodingSafetyMarginId,
  ThrottleType,
  BypassType,
  RegulationType,
  RuleEdition,
  Drain,
} from './measures.ts';
export { DEFAULTS, DEFAULT_SHAFT_DEPTH_M, BOX_GRID, INPUT_LIMITS, SIZE_LIMITS, TIMING_MS, PLATFORM, CONVERSIONS } from './defaults.ts';
export { DRAINING_TIME_LIMITS_H, TROUGH_AREA_RATIO_MAX, A117_SIMPLE_METHOD_LIMITS, DIN_1986_100, SEEPAGE_ZONE_MIN_THICKNESS } from './sizing.ts';
export type { DrainingFacilityKind } from './sizing.ts';
