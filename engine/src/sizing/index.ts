/**
 * @rainplan/engine/sizing — the standard calculations of sizing, each usable on its own: the storage
 * balance (DWA-A 138-1:2024 / DWA-A 138:2005), trough, box and pipe tanks, trough with tank below,
 * DWA-A 117 retention, surface infiltration, measure flooding and the DIN 1986-100 site check, the
 * checks reported as issues, and `sizeMeasure` (one project measure). Pure. Explicit export list.
 */
export { SIZING_ISSUE_CODES, SIZING_ISSUE_MESSAGE_KEYS, SIZING_ISSUE_SEVERITIES, sizingIssue } from './issues.ts';
export type { SizingIssue, SizingIssueCode, IssueTarget } from './issues.ts';
export { DRAINING_TIME_LIMITS_H, TROUGH_AREA_RATIO_MAX, A117_SIMPLE_METHOD_LIMITS, DIN_1986_100 } from './limits.ts';
export type { DrainingFacilityKind } from './limits.ts';
export { rainRow, rainRowFromTable, rainPoints } from './rain.ts';
export type { RainPoint, RainInput, RainTable, RainRow } from './rain.ts';

// Storage balance
export { safetyFactorFromPercent, infiltrationRateMs, drainingTimeH, storageBalanceVolumeM3, storageBalance } from './balance.ts';
export type { PermeabilityFactors, StorageBalanceParams, GoverningResult, StorageBalanceResult } from './balance.ts';

// Facilities
export { troughGeometry, troughSizing, troughAreaForDepth } from './trough.ts';
export type { TroughDimensions, TroughGeometry, TroughSizingParams, TroughSizingResult, TroughAreaForDepthParams, TroughAreaForDepthResult } from './trough.ts';
export {
  storageCoefficientFromPercent,
  tankAvailableVolumeM3,
  tankInfiltrationAreaTerms,
  tankInfiltrationAreaM2,
  pipeTankStorageCoefficient,
  retentionPipeVolumeM3,
  tankSizing,
  tankRequiredLength,
} from './tank.ts';
export type { TankSection, InfiltrationAreaTerms, PipeTankSection, TankBalanceParams, TankSizingResult, TankLengthResult } from './tank.ts';
export { boxBlockDimensions, boxBlockVolumeM3, boxGridCells, boxLevelsHeightMm, boxTankOnGrid, boxTankVolumeM3 } from './boxBlock.ts';
export type { BoxBlock, BoxCounts, BoxGridWarning } from './boxBlock.ts';
export { troughTankSizing } from './troughTank.ts';
export type { TroughTankParams, TroughTankResult } from './troughTank.ts';
export { a117ThrottleRateLsHa, a117SpecificVolumeM3Ha, a117RetentionVolume, surfaceInfiltrationArea } from './retention.ts';
export type { A117Params, A117Result, SurfaceInfiltrationResult } from './retention.ts';

// Flooding
export { floodingSafetyFactor, measureFloodingVolume, extraVolumeM3, din1986Eq20VolumeM3, din1986Eq21VolumeM3, din1986FloodingCheck } from './flooding.ts';
export type { FloodingParams, FloodingResult, Din1986Site, Din1986CheckParams, Din1986Equation, Din1986CheckResult } from './flooding.ts';

// Checks
export { drainingTimeLimitH, checkDrainingTime, checkPermeability, checkTroughAreaRatio, checkA117SimpleMethod } from './checks.ts';
export { SEEPAGE_ZONE_MIN_THICKNESS } from '../tables/sizing.ts';
export {
  seepageZoneCheck,
  measureInfiltrates,
  measureBaseDepth,
  measureGroundwaterClearance,
  groundwaterClearanceFields,
  groundwaterClearanceIssues,
  validateGroundwaterClearanceInputs,
  GROUNDWATER_CLEARANCE_INPUTS,
} from './groundwaterClearance.ts';
export type {
  GroundwaterClearanceStatus,
  BaseLevelSource,
  SeepageZoneParams,
  GroundwaterClearanceResult,
  GroundwaterClearanceFields,
} from './groundwaterClearance.ts';

// One project measure
export { MEASURE_COMPUTED_KEYS, sizeMeasure, requiredTankLength } from './sizeMeasure.ts';
export type { BalancePart, MeasureBalances, MeasureComputedKey, MeasureComputedData, PartBalance, SizeMeasureInput, SizeMeasureOptions, SizeMeasureResult, RequiredTankLengthResult } from './sizeMeasure.ts';

// Rain uncertainty band of one measure (issue 19 part 1)
export { measureUncertaintyBand } from './uncertaintyBand.ts';
export type { MeasureUncertaintyBand, UncertaintyBandEnd } from './uncertaintyBand.ts';
