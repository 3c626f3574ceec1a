import { EngineError } from '../errors.ts';
import type { DimensioningInfiltrationTank, DimensioningTrough, MeasureData } from '../model/measure.ts';
import type { Waterflow } from '../model/project.ts';
import { BOX_GRID, DEFAULTS } from '../tables/defaults.ts';
import type { InfiltrationTankType, InstallationTarget, InstallationType, InstallationVariant } from '../tables/measures.ts';
import { SOIL_CATEGORIES, type SoilCategoryId } from '../tables/soil.ts';
import { WaterflowDraft, type OperationResult } from './draft.ts';

/** What the measure's installation choice makes applicable (planning spec section 4, "Measure rules"). */
export interface MeasureKind {
  /** Steps 2 (parameters) and 3 (dimensioning) are enabled. */
  readonly stepsEnabled: boolean;
  readonly retention: boolean;
  readonly infiltration: boolean;
  /** The measure has a trough part (trough or trough with tank). */
  readonly trough: boolean;
  /** The tank part: boxes, pipes in gravel, or a retention pipe; null when none. */
  readonly tank: 'Box' | 'Pipe' | 'RetentionPipe' | null;
  /** Throttle discharge is kept (retention, or infiltration with a tank). */
  readonly throttle: boolean;
  /** Soil data and permeability apply (infiltration only). */
  readonly soil: boolean;
}

/** Classifies a measure's installation choice. */
export function measureKind(data: MeasureData): MeasureKind {
  const target = data.installationTarget ?? undefined;
  const variant = data.installationVariant ?? undefined;
  const tankType = data.infiltrationTankType ?? undefined;
  const installationType = data.installationType ?? undefined;
  if (target === 'Retention') {
    const tank = installationType === 'retentionBasin' ? 'Box' : installationType === 'backwaterChannel' ? 'RetentionPipe' : null;
    return { stepsEnabled: installationType !== undefined, retention: true, infiltration: false, trough: false, tank, throttle: true, soil: false };
  }
  if (target === 'Infiltration') {
    const hasTank = variant === 'infiltrationTank' || variant === 'troughInfiltrationTank';
    const stepsEnabled = variant === 'trough' || (hasTank && tankType !== undefined);
    return {
      stepsEnabled,
      retention: false,
      infiltration: true,
      trough: variant === 'trough' || variant === 'troughInfiltrationTank',
      tank: hasTank ? (tankType ?? null) : null,
      throttle: hasTank,
      soil: true,
    };
  }
  return { stepsEnabled: false, retention: false, infiltration: false, trough: false, tank: null, throttle: false, soil: false };
}

/** Default box tank dimensions: one box, 0.8 × 0.8 m, one layer of 0.66 m, storage coefficient 95 %. */
export function defaultBoxTank(): DimensioningInfiltrationTank {
  return {
    width: DEFAULTS.boxWidthM,
    length: DEFAULTS.boxLengthM,
    levels: DEFAULTS.levels,
    height: DEFAULTS.boxHeightM,
    storageCoefficient: DEFAULTS.storageCoefficientPercent,
  };
}

/** Default pipe tank: 1 × 1 × 0.6 m, one pipe, material storage coefficient 30 %. */
export function defaultPipeTank(): DimensioningInfiltrationTank {
  return {
    width: DEFAULTS.pipeTankWidthM,
    length: DEFAULTS.pipeTankLengthM,
    height: DEFAULTS.pipeTankHeightM,
    numberOfPipes: DEFAULTS.numberOfPipes,
    storageCoefficientMaterial: DEFAULTS.storageCoefficientMaterialPercent,
  };
}

/** Default retention pipe (backwater channel): 1 m long; the pipe type is chosen by the planner. */
export function defaultRetentionPipe(): DimensioningInfiltrationTank {
  return { length: DEFAULTS.pipeLengthM };
}

/** Default trough: 1 × 1 m, 0.3 m deep, slope 1:2.5. */
export function defaultTrough(): DimensioningTrough {
  return { width: DEFAULTS.troughWidthM, length: DEFAULTS.troughLengthM, depth: DEFAULTS.troughDepthM, slope: DEFAULTS.troughSlope };
}

/** Box layers → height in m: whole layers × 0.66 m, a half layer adds 0.36 m (domain.md section 3). */
export function boxTankHeightM(levels: number): number {
  const whole = Math.floor(levels);
  // In whole millimetres, so 5 layers give exactly 3.3 m rather than 3.3000000000000003.
  const mm = whole * BOX_GRID.boxHeightMm + (levels - whole >= 0.5 ? BOX_GRID.halfBoxHeightMm : 0);
  return mm / 1000;
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/**
 * Drops and resets what the installation choice does not allow (spec section 4): throttle only for
 * retention or infiltration with a tank; no soil data or permeability for retention; the box
 * storage coefficient is fixed at its default; box height follows the layers.
 */
export function normalizeMeasureData(data: MeasureData): MeasureData {
  const kind = measureKind(data);
  const next: Mutable<MeasureData> = { ...data };
  if (!kind.throttle) delete next.throttleDischarge;
  if (!kind.soil) {
    delete next.soilData;
    delete next.soilDataTrough;
    delete next.permeabilityCoefficientX;
    delete next.permeabilityCoefficientY;
    delete next.permeabilityCoefficientXTrough;
    delete next.permeabilityCoefficientYTrough;
    delete next.infiltrationDirection;
  }
  if (!kind.trough) {
    delete next.dimensioningTrough;
    delete next.soilDataTrough;
    delete next.permeabilityCoefficientXTrough;
    delete next.permeabilityCoefficientYTrough;
    delete next.recurrenceIntervalTrough;
  }
  if (kind.tank === null && data.installationTarget != null) delete next.dimensioningInfiltrationTank;
  if (kind.tank === 'Box' && next.dimensioningInfiltrationTank != null) {
    const tank = next.dimensioningInfiltrationTank;
    const levels = tank.levels ?? DEFAULTS.levels;
    next.dimensioningInfiltrationTank = { ...tank, storageCoefficient: DEFAULTS.storageCoefficientPercent, height: boxTankHeightM(levels) };
  }
  return next;
}

function editMeasure(waterflow: Waterflow, measureId: string, edit: (data: MeasureData) => MeasureData): OperationResult {
  const draft = new WaterflowDraft(waterflow);
  const measure = draft.measure(measureId);
  draft.setMeasure({ ...measure, data: normalizeMeasureData(edit(measure.data)) });
  return draft.finish();
}

/** Step 1: retention or infiltration. A change clears variant, tank type and installation type and sets the target's default throttle. */
export function setInstallationTarget(waterflow: Waterflow, measureId: string, target: InstallationTarget): OperationResult {
  return editMeasure(waterflow, measureId, (data) => {
    if (data.installationTarget === target) return data;
    const { installationVariant: _v, infiltrationTankType: _t, installationType: _i, dimensioningInfiltrationTank: _d, dimensioningTrough: _dt, ...rest } = data;
    return target === 'Retention'
      ? { ...rest, installationTarget: target, throttleDischarge: DEFAULTS.throttleDischargeRetentionLs }
      : { ...rest, installationTarget: target, throttleDischarge: DEFAULTS.throttleDischargeLs, infiltrationDirection: data.infiltrationDirection ?? DEFAULTS.infiltrationDirection };
  });
}

/** Infiltration variant. A change clears the tank type (and its dimensions); a trough part gets default dimensions. */
export function setInstallationVariant(waterflow: Waterflow, measureId: string, variant: InstallationVariant): OperationResult {
  return editMeasure(waterflow, measureId, (data) => {
    if (data.installationTarget !== 'Infiltration') throw new EngineError('INVALID_ARGUMENT', 'An installation variant needs the infiltration target.', { id: measureId });
    if (data.installationVariant === variant) return data;
    const { infiltrationTankType: _t, dimensioningInfiltrationTank: _d, ...rest } = data;
    const withTrough = variant === 'trough' || variant === 'troughInfiltrationTank';
    return {
      ...rest,
      installationVariant: variant,
      ...(withTrough ? { dimensioningTrough: data.dimensioningTrough ?? defaultTrough() } : {}),
      ...(variant === 'troughInfiltrationTank' ? { recurrenceIntervalTrough: data.recurrenceIntervalTrough ?? DEFAULTS.recurrenceIntervalTroughA } : {}),
      ...(variant !== 'trough' ? { throttleDischarge: data.throttleDischarge ?? DEFAULTS.throttleDischargeLs } : {}),
    };
  });
}

/** Tank type (boxes or pipes in gravel). A change resets the tank dimensions to the type's defaults. */
export function setInfiltrationTankType(waterflow: Waterflow, measureId: string, tankType: InfiltrationTankType): OperationResult {
  return editMeasure(waterflow, measureId, (data) => {
    const variant = data.installationVariant;
    if (data.installationTarget !== 'Infiltration' || (variant !== 'infiltrationTank' && variant !== 'troughInfiltrationTank')) {
      throw new EngineError('INVALID_ARGUMENT', 'A tank type needs an infiltration variant with a tank.', { id: measureId });
    }
    if (data.infiltrationTankType === tankType) return data;
    return { ...data, infiltrationTankType: tankType, dimensioningInfiltrationTank: tankType === 'Box' ? defaultBoxTank() : defaultPipeTank() };
  });
}

/** Retention installation type (basin of boxes or backwater channel / retention pipe); a change resets its dimensions. */
export function setInstallationType(waterflow: Waterflow, measureId: string, installationType: InstallationType): OperationResult {
  return editMeasure(waterflow, measureId, (data) => {
    if (data.installationTarget !== 'Retention') throw new EngineError('INVALID_ARGUMENT', 'An installation type needs the retention target.', { id: measureId });
    if (data.installationType === installationType) return data;
    return { ...data, installationType, dimensioningInfiltrationTank: installationType === 'retentionBasin' ? defaultBoxTank() : defaultRetentionPipe() };
  });
}

/** Chooses a soil category; it sets the category's default permeability coefficient (x, y). `trough` targets the trough part. */
export function setSoil(waterflow: Waterflow, measureId: string, soil: SoilCategoryId, part: 'tank' | 'trough' = 'tank'): OperationResult {
  const category = SOIL_CATEGORIES.find((c) => c.id === soil);
  if (category === undefined) throw new EngineError('INVALID_ARGUMENT', `Unknown soil category ${soil}.`, { soil });
  return editMeasure(waterflow, measureId, (data) =>
    part === 'trough'
      ? { ...data, soilDataTrough: soil, permeabilityCoefficientXTrough: category.permeabilityX, permeabilityCoefficientYTrough: category.permeabilityY }
      : { ...data, soilData: soil, permeabilityCoefficientX: category.permeabilityX, permeabilityCoefficientY: category.permeabilityY },
  );
}

/**
 * The flooding option (high degree of sealing). Choosing it sets degreeOfSealing, the flooding
 * safety margin Fz15 and a 100-year recurrence; clearing it restores the 30-year default.
 */
export function setFloodingOption(waterflow: Waterflow, measureId: string, on: boolean): OperationResult {
  return editMeasure(waterflow, measureId, (data) =>
    on
      ? { ...data, degreeOfSealing: true, safetyMarginFlooding: DEFAULTS.safetyMarginFlooding, recurrenceIntervalFloodingVerification: DEFAULTS.recurrenceIntervalFloodingOptionA }
      : { ...data, degreeOfSealing: false, recurrenceIntervalFloodingVerification: DEFAULTS.recurrenceIntervalFloodingA },
  );
}

/** Whether the flooding checkbox is locked: A_C is not a number, or at/above the threshold (then it is on). */
export function floodingVerificationLocked(acM2: number | null | undefined): boolean {
  return typeof acM2 !== 'number' || !Number.isFinite(acM2) || acM2 >= DEFAULTS.acThresholdM2;
}

/** Ticks or clears flooding verification; refused (INVALID_ARGUMENT) while the checkbox is locked. */
export function setFloodingVerification(waterflow: Waterflow, measureId: string, on: boolean): OperationResult {
  const measure = waterflow.measures.find((m) => m.id === measureId);
  if (measure !== undefined && floodingVerificationLocked(measure.AC) && (measure.data.floodingVerification ?? false) !== on) {
    throw new EngineError('INVALID_ARGUMENT', 'Flooding verification is fixed while A_C is missing or at least 800 m².', { id: measureId });
  }
  return editMeasure(waterflow, measureId, (data) => ({ ...data, floodingVerification: on }));
}

export type MeasurePatch = Partial<
  Pick<
    MeasureData,
    | 'infiltrationDirection'
    | 'permeabilityCoefficientX'
    | 'permeabilityCoefficientY'
    | 'permeabilityCoefficientXTrough'
    | 'permeabilityCoefficientYTrough'
    | 'permeabilityFactorSite'
    | 'permeabilityFactorMethod'
    | 'recurrenceInterval'
    | 'recurrenceIntervalTrough'
    | 'safetyMargin'
    | 'throttleDischarge'
    | 'throttleType'
    | 'calculateFlooding'
    | 'recurrenceIntervalFloodingVerification'
    | 'safetyMarginFlooding'
    | 'dimensioningTrough'
    | 'dimensioningInfiltrationTank'
    | 'groundLevel'
    | 'meanHighestGroundwaterLevel'
    | 'baseLevel'
    | 'coverDepth'
  >
>;

/**
 * Edits a measure's plain parameters and dimensions; the rules of normalizeMeasureData apply
 * afterwards. The flood recurrence interval cannot be edited while degreeOfSealing is set.
 */
export function updateMeasure(waterflow: Waterflow, measureId: string, patch: MeasurePatch): OperationResult {
  return editMeasure(waterflow, measureId, (data) => {
    if (patch.recurrenceIntervalFloodingVerification !== undefined && data.degreeOfSealing === true && patch.recurrenceIntervalFloodingVerification !== data.recurrenceIntervalFloodingVerification) {
      throw new EngineError('INVALID_ARGUMENT', 'The flood recurrence interval is fixed while the flooding option is chosen.', { id: measureId });
    }
    return { ...data, ...patch };
  });
}
