import Type, { type Static } from 'typebox';
import {
  FLOODING_SAFETY_MARGIN_IDS,
  INFILTRATION_DIRECTIONS,
  INFILTRATION_TANK_TYPES,
  INSTALLATION_TARGETS,
  INSTALLATION_TYPES,
  INSTALLATION_VARIANTS,
  THROTTLE_TYPES,
} from '../tables/measures.ts';
import { PIPE_TYPE_IDS } from '../tables/pipes.ts';
import { INPUT_LIMITS } from '../tables/defaults.ts';
import { ANNUALITIES_A } from '../tables/rain.ts';
import { SIZE_LIMITS } from '../tables/defaults.ts';
import { SOIL_CATEGORY_IDS } from '../tables/soil.ts';
import { NodeId, Num, NumberEnum, Opt, StringEnum } from './common.ts';
import { AdditionalProductSchema } from './product.ts';
import { nodeBase } from './surface.ts';

/** A level of the groundwater clearance, m above datum, within INPUT_LIMITS.levelMinM … levelMaxM. */
const Level = (what: string) => Num(`${what}, m above datum`, { minimum: INPUT_LIMITS.levelMinM, maximum: INPUT_LIMITS.levelMaxM });

/** Statuses of the groundwater clearance check (`sizing/groundwaterClearance.ts`). */
export const GROUNDWATER_CLEARANCE_STATUSES = ['pass', 'fail', 'incomplete'] as const;

const Annuality = (what: string) => Opt(NumberEnum(ANNUALITIES_A, `${what}, years`));

export const DimensioningTroughSchema = Type.Object(
  {
    width: Opt(Num('top width B, m', { minimum: 0, maximum: SIZE_LIMITS.measureLengthMaxM })),
    length: Opt(Num('length L, m', { minimum: 0, maximum: SIZE_LIMITS.measureLengthMaxM })),
    depth: Opt(Num('depth z, m', { minimum: 0, maximum: SIZE_LIMITS.measureHeightMaxM })),
    slope: Opt(Num('side slope 1:m (0 = vertical walls)', { minimum: 0, maximum: SIZE_LIMITS.troughSlopeMax })),
  },
  { additionalProperties: false },
);
export type DimensioningTrough = Static<typeof DimensioningTroughSchema>;

export const DimensioningInfiltrationTankSchema = Type.Object(
  {
    width: Opt(Num('width B, m (a box tank at most the configurator grid, 160 m)', { minimum: 0, maximum: SIZE_LIMITS.measureLengthMaxM })),
    length: Opt(Num('length L, m (a box tank at most the configurator grid, 160 m)', { minimum: 0, maximum: SIZE_LIMITS.measureLengthMaxM })),
    height: Opt(Num('height H, m', { minimum: 0, maximum: SIZE_LIMITS.measureHeightMaxM })),
    levels: Opt(Num('box layers (step 0.5, at most 7)', { minimum: 0 })),
    numberOfPipes: Opt(Num('number of pipes a', { minimum: 0, maximum: SIZE_LIMITS.numberOfPipesMax })),
    pipeType: Opt(StringEnum(PIPE_TYPE_IDS)),
    storageCoefficient: Opt(Num('storage coefficient of boxes s, percent', { minimum: 0, maximum: 100 })),
    storageCoefficientMaterial: Opt(Num('storage coefficient of the gravel s_F, percent', { minimum: 0, maximum: 100 })),
  },
  { additionalProperties: false },
);
export type DimensioningInfiltrationTank = Static<typeof DimensioningInfiltrationTankSchema>;

export const ChartPointSchema = Type.Object(
  { duration: Num('rain duration D, min'), volume: Num('required volume V(D), m³') },
  { additionalProperties: false },
);
export type ChartPoint = Static<typeof ChartPointSchema>;

export const ReportDataSchema = Type.Object(
  {
    troughDrainingTimeChart: Opt(Type.Array(ChartPointSchema)),
    infiltrationTankDrainingTimeChart: Opt(Type.Array(ChartPointSchema)),
    retentionDrainingTimeChart: Opt(Type.Array(ChartPointSchema)),
  },
  { additionalProperties: false },
);
export type ReportData = Static<typeof ReportDataSchema>;

/** Computed measure fields (written by the engine, accepted on input and recomputed). */
const computed = {
  AC: Opt(Num('connected area A_C, m²')),
  ...Object.fromEntries(
    ['', 'Trough', 'Flooding', 'InfiltrationTank', 'FloodingInfiltrationTank'].flatMap((v) => [
      [`duration${v}`, Opt(Num('governing rain duration D, min'))],
      [`precipitation${v}`, Opt(Num('rain yield r of the governing duration, l/(s·ha)'))],
      [`standardVolume${v}`, Opt(Num('standard volume, m³'))],
      [`drainingTime${v}`, Opt(Num('draining time, h'))],
    ]),
  ),
  requiredVolume: Opt(Num('required volume, m³')),
  requiredVolumeTrough: Opt(Num('required trough volume, m³')),
  requiredVolumeInfiltrationTank: Opt(Num('required tank volume, m³')),
  plannedVolumeTrough: Opt(Num('available trough volume, m³')),
  plannedVolumeInfiltrationTank: Opt(Num('available tank volume, m³')),
  floodingVolume: Opt(Num('flooding volume, m³')),
  floodingVolumeInfiltrationTank: Opt(Num('flooding volume of the tank, m³')),
  extraVolume: Opt(Num('extra flooding volume max(0, floodingVolume − available), m³')),
  extraVolumeInfiltrationTank: Opt(Num('extra flooding volume of the tank, m³')),
  permeability: Opt(Num('permeability k_f, m/s')),
  permeabilityTrough: Opt(Num('permeability k_f of the trough soil, m/s')),
  troughArea: Opt(Num('trough top area, m²')),
  troughGroundArea: Opt(Num('trough bottom area, m²')),
  reportData: Opt(ReportDataSchema),
  seepageZoneBaseLevel: Opt(Num('groundwater clearance: the base level used (typed, or ground level − depth), m above datum')),
  seepageZoneThickness: Opt(Num('groundwater clearance: seepage zone thickness = base level − MHGW, m')),
  groundwaterClearance: Opt(StringEnum(GROUNDWATER_CLEARANCE_STATUSES, 'groundwater clearance check (DWA-A 138-1): pass, fail, or incomplete (not checked)')),
} as const;

/** The keys of the computed part of the schema (model/computedFields.test.ts: the same as MEASURE_COMPUTED_FIELDS). */
export const SCHEMA_COMPUTED_KEYS: readonly string[] = Object.keys(computed);
export { MEASURE_COMPUTED_FIELDS } from './computedFields.ts';

type ComputedKeys =
  | `${'duration' | 'precipitation' | 'standardVolume' | 'drainingTime'}${'' | 'Trough' | 'Flooding' | 'InfiltrationTank' | 'FloodingInfiltrationTank'}`;

export const MeasureDataSchema = Type.Object(
  {
    installationTarget: Opt(StringEnum(INSTALLATION_TARGETS)),
    installationVariant: Opt(StringEnum(INSTALLATION_VARIANTS)),
    infiltrationTankType: Opt(StringEnum(INFILTRATION_TANK_TYPES)),
    installationType: Opt(StringEnum(INSTALLATION_TYPES)),
    infiltrationDirection: Opt(StringEnum(INFILTRATION_DIRECTIONS)),
    soilData: Opt(StringEnum(SOIL_CATEGORY_IDS)),
    soilDataTrough: Opt(StringEnum(SOIL_CATEGORY_IDS)),
    permeabilityCoefficientX: Opt(Num('mantissa x of k_f = x · 10^-y m/s', { minimum: 0 })),
    permeabilityCoefficientY: Opt(Num('exponent y of k_f = x · 10^-y m/s')),
    permeabilityCoefficientXTrough: Opt(Num('mantissa x of the trough k_f', { minimum: 0 })),
    permeabilityCoefficientYTrough: Opt(Num('exponent y of the trough k_f')),
    permeabilityFactorSite: Opt(Num('DWA-A 138-1:2024 f_site (k_i = k_f · f_site · f_method)', { minimum: 0, maximum: 1 })),
    permeabilityFactorMethod: Opt(Num('DWA-A 138-1:2024 f_method', { minimum: 0, maximum: 1 })),
    recurrenceInterval: Annuality('design recurrence interval T'),
    recurrenceIntervalTrough: Annuality('trough recurrence interval'),
    safetyMargin: Opt(Num('safety margin, percent (20 → f_Z = 1.2)', { minimum: 0 })),
    throttleDischarge: Opt(Num('throttle discharge Q_Dr, l/s', { minimum: 0 })),
    throttleType: Opt(StringEnum(THROTTLE_TYPES)),
    degreeOfSealing: Opt(Type.Boolean({ description: 'flooding option: high degree of sealing (100-year check)' })),
    floodingVerification: Opt(Type.Boolean()),
    calculateFlooding: Opt(Type.Boolean()),
    recurrenceIntervalFloodingVerification: Annuality('flooding recurrence interval'),
    safetyMarginFlooding: Opt(StringEnum(FLOODING_SAFETY_MARGIN_IDS)),
    dimensioningTrough: Opt(DimensioningTroughSchema),
    dimensioningInfiltrationTank: Opt(DimensioningInfiltrationTankSchema),
    // Groundwater clearance of infiltration measures (schema version 4, decisions 0173–0174): levels
    // in m above the datum of the project's ground level (m NHN or one site datum).
    groundLevel: Opt(Level('ground level at the installation')),
    meanHighestGroundwaterLevel: Opt(Level('mean highest groundwater level MHGW')),
    baseLevel: Opt(Level("the installation's base level as typed (instead of ground level − depth)")),
    coverDepth: Opt(
      Num('soil cover above the tank part, m (trough with tank: between the trough bottom and the tank top)', {
        minimum: INPUT_LIMITS.coverDepthMinM,
        maximum: INPUT_LIMITS.coverDepthMaxM,
      }),
    ),
    ...(computed as typeof computed & Record<ComputedKeys, ReturnType<typeof Opt<ReturnType<typeof Num>>>>),
  },
  { additionalProperties: false },
);
export type MeasureData = Static<typeof MeasureDataSchema>;

/** Most variants (alternatives not chosen) one measure holds (schema version 3). */
export const MAX_VARIANTS = 10;

/**
 * An alternative of a measure that is not chosen (schema version 3, decision 0140): its own
 * inputs (`data`: type, target, dimensions, parameters; no computed fields), its available volume
 * as last computed and its own additional products. The chosen variant is the measure itself.
 */
export const MeasureVariantSchema = Type.Object(
  {
    id: Type.String({ minLength: 1, maxLength: 100, description: 'variant id, unique within its measure' }),
    name: Type.String({ minLength: 1, maxLength: 200, description: 'display name of the variant' }),
    value: Opt(Num('available (planned) volume as last computed, m³')),
    data: MeasureDataSchema,
    additionalProducts: Type.Optional(Type.Array(AdditionalProductSchema, { maxItems: 1000 })),
  },
  { additionalProperties: false, description: 'a variant of a measure that is not chosen' },
);
export type MeasureVariant = Static<typeof MeasureVariantSchema>;

export const MeasureSchema = Type.Object(
  {
    ...nodeBase,
    value: Opt(Num('available (planned) volume, m³')),
    sealedSurfaces: Type.Array(NodeId, { description: 'ids of every surface draining here (directly or through a purification)' }),
    AC: Opt(Num('connected area A_C, m²')),
    data: MeasureDataSchema,
    variantName: Opt(Type.String({ maxLength: 200, description: 'display name of the chosen variant (schema version 3)' })),
    variants: Type.Optional(Type.Array(MeasureVariantSchema, { maxItems: MAX_VARIANTS, description: 'the variants not chosen (schema version 3)' })),
  },
  { additionalProperties: false, description: 'measure (retention or infiltration installation)' },
);
export type Measure = Static<typeof MeasureSchema>;
