import { EngineError } from '../errors.ts';
import type { MeasureData } from '../model/measure.ts';
import type { Waterflow } from '../model/project.ts';
import { boxTankHeightM, defaultBoxTank } from '../kinds/parts/box.ts';
import { defaultPipeTank, defaultRetentionPipe } from '../kinds/parts/pipe.ts';
import { defaultTrough } from '../kinds/parts/trough.ts';
import { lastAnswerByInstallation, measureKindCandidates, measureKindOf, tankPart } from '../kinds/registry.ts';
import type { MeasureKindId, MeasureKindModule, TankPartId } from '../kinds/types.ts';
import { DEFAULTS } from '../tables/defaults.ts';
import type { InfiltrationTankType, InstallationTarget, InstallationType, InstallationVariant } from '../tables/measures.ts';
import { SOIL_CATEGORIES, type SoilCategoryId } from '../tables/soil.ts';
import { WaterflowDraft, type OperationResult } from './draft.ts';

/** What the measure's installation choice makes applicable (planning spec section 4, "Measure rules"). */
export interface MeasureKind {
  /** The kind the choice selects (kinds/registry.ts), or null while the choice is incomplete. */
  readonly id: MeasureKindId | null;
  /** Steps 2 (parameters) and 3 (dimensioning) are enabled. */
  readonly stepsEnabled: boolean;
  readonly retention: boolean;
  readonly infiltration: boolean;
  /** The measure has a trough part (trough or trough with tank). */
  readonly trough: boolean;
  /** The tank part: boxes, pipes in gravel, or a retention pipe; null when none. */
  readonly tank: TankPartId | null;
  /** Throttle discharge is kept (retention, or infiltration with a tank). */
  readonly throttle: boolean;
  /** Soil data and permeability apply (infiltration only). */
  readonly soil: boolean;
}

/**
 * Classifies a measure's installation choice through the kind registry: a complete choice gives its
 * kind's parts; an incomplete one what every kind it can still become shares (a trough variant
 * keeps its trough before the tank type is chosen; retention keeps its throttle).
 *
 * The answer depends on the four installation fields only and is kept per combination (frozen,
 * at most 256 combinations): `evaluate` asks about 270 times for a 50-measure project, from
 * sizing, validation and the groundwater check, and classifying anew each time was a third of the
 * sizing throughput (docs/performance.md, issue 24).
 */
export function measureKind(data: MeasureData): MeasureKind {
  return lastKind(data);
}

const lastKind = lastAnswerByInstallation(cachedKind);

function cachedKind(data: MeasureData): MeasureKind {
  const byVariant = KIND_CACHE.get(data.installationTarget);
  const byTankType = byVariant?.get(data.installationVariant);
  const byType = byTankType?.get(data.infiltrationTankType);
  const cached = byType?.get(data.installationType);
  if (cached !== undefined) return cached;
  const kind = Object.freeze(classifyMeasure(data));
  if (kindCacheSize >= MAX_CACHED_KINDS) {
    KIND_CACHE.clear();
    kindCacheSize = 0;
  }
  const v = getOrAdd(KIND_CACHE, data.installationTarget);
  const t = getOrAdd(v, data.installationVariant);
  getOrAdd(t, data.infiltrationTankType).set(data.installationType, kind);
  kindCacheSize++;
  return kind;
}

const MAX_CACHED_KINDS = 256;
let kindCacheSize = 0;
/** installationTarget → installationVariant → infiltrationTankType → installationType → kind. */
const KIND_CACHE = new Map<unknown, Map<unknown, Map<unknown, Map<unknown, MeasureKind>>>>();

function getOrAdd<V>(map: Map<unknown, Map<unknown, V>>, key: unknown): Map<unknown, V> {
  let next = map.get(key);
  if (next === undefined) map.set(key, (next = new Map()));
  return next;
}

function classifyMeasure(data: MeasureData): MeasureKind {
  const module = measureKindOf(data);
  const candidates = measureKindCandidates(data);
  const all = (test: (k: MeasureKindModule) => boolean) => candidates.length > 0 && candidates.every(test);
  return {
    id: module?.id ?? null,
    stepsEnabled: module !== undefined,
    retention: data.installationTarget === 'Retention',
    infiltration: data.installationTarget === 'Infiltration',
    trough: all((k) => k.trough !== null),
    tank: module?.tank?.id ?? null,
    throttle: all((k) => k.throttle),
    soil: all((k) => k.infiltrates),
  };
}

export { boxTankHeightM, defaultBoxTank, defaultPipeTank, defaultRetentionPipe, defaultTrough };

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
  if (kind.tank !== null && next.dimensioningInfiltrationTank != null) next.dimensioningInfiltrationTank = tankPart(kind.tank).normalize(next.dimensioningInfiltrationTank);
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
    // What every kind of the variant shares: its trough part (default dimensions), the trough's own
    // recurrence interval, the throttle.
    const kinds = measureKindCandidates({ installationTarget: 'Infiltration', installationVariant: variant });
    const every = (test: (k: MeasureKindModule) => boolean) => kinds.length > 0 && kinds.every(test);
    const trough = every((k) => k.trough !== null) ? kinds[0]!.trough : null;
    return {
      ...rest,
      installationVariant: variant,
      ...(trough !== null ? { dimensioningTrough: data.dimensioningTrough ?? trough.defaultDimensions() } : {}),
      ...(every((k) => k.troughOwnInputs) ? { recurrenceIntervalTrough: data.recurrenceIntervalTrough ?? DEFAULTS.recurrenceIntervalTroughA } : {}),
      ...(every((k) => k.throttle) ? { throttleDischarge: data.throttleDischarge ?? DEFAULTS.throttleDischargeLs } : {}),
    };
  });
}

/** Tank type (boxes or pipes in gravel). A change resets the tank dimensions to the type's defaults. */
export function setInfiltrationTankType(waterflow: Waterflow, measureId: string, tankType: InfiltrationTankType): OperationResult {
  return editMeasure(waterflow, measureId, (data) => {
    const kind = data.installationTarget === 'Infiltration' && data.installationVariant != null ? measureKindOf({ ...data, infiltrationTankType: tankType }) : undefined;
    if (kind?.tank == null) {
      throw new EngineError('INVALID_ARGUMENT', 'A tank type needs an infiltration variant with a tank.', { id: measureId });
    }
    if (data.infiltrationTankType === tankType) return data;
    return { ...data, infiltrationTankType: tankType, dimensioningInfiltrationTank: kind.tank.defaultDimensions() };
  });
}

/** Retention installation type (basin of boxes or backwater channel / retention pipe); a change resets its dimensions. */
export function setInstallationType(waterflow: Waterflow, measureId: string, installationType: InstallationType): OperationResult {
  return editMeasure(waterflow, measureId, (data) => {
    if (data.installationTarget !== 'Retention') throw new EngineError('INVALID_ARGUMENT', 'An installation type needs the retention target.', { id: measureId });
    if (data.installationType === installationType) return data;
    const kind = measureKindOf({ installationTarget: 'Retention', installationType });
    return { ...data, installationType, dimensioningInfiltrationTank: kind?.tank?.defaultDimensions() ?? null };
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
