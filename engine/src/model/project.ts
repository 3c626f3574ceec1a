import Type, { type Static } from 'typebox';
import { AIR_POLLUTION_IDS } from '../tables/m153.ts';
import { RULE_EDITIONS } from '../tables/measures.ts';
import { SIZE_LIMITS } from '../tables/defaults.ts';
import { Num, Opt, StringEnum } from './common.ts';
import { MeasureSchema } from './measure.ts';
import { AdditionalProductSchema } from './product.ts';
import { PurificationSchema, TreatmentFacilitySchema } from './purification.ts';
import { RainDataSchema } from './rain.ts';
import { SealedSurfaceSchema } from './surface.ts';

/**
 * The project file format version written by this engine. Version 2 (engine 0.3.0) adds the
 * product lists (additional products of measures and configurations) and bounds the item lists;
 * version 3 (engine 0.5.0) adds the variants of a measure (`variants`, `variantName`); version 4
 * (engine 0.6.0) adds the groundwater clearance of a measure (`groundLevel`,
 * `meanHighestGroundwaterLevel`, `baseLevel`, `coverDepth` and the computed `seepageZoneBaseLevel`,
 * `seepageZoneThickness`, `groundwaterClearance`). Version-1, -2 and -3 files are migrated
 * (`project/migrations.ts`).
 */
export const SCHEMA_VERSION = 4;

/** Most box items of one configuration (`SIZE_LIMITS.configurationItemsMax`: what the api's items call accepts; a large site has 20,160). */
export const MAX_CONFIGURATION_ITEMS: number = SIZE_LIMITS.configurationItemsMax;

export const FORMS_OF_ADDRESS = ['MALE', 'FEMALE', 'NONE', 'COMPANY', 'OTHER'] as const;

export const LocationSchema = Type.Object(
  {
    latitude: Num('WGS84 latitude, degrees', { minimum: -90, maximum: 90 }),
    longitude: Num('WGS84 longitude, degrees', { minimum: -180, maximum: 180 }),
    address: Opt(Type.String()),
  },
  { additionalProperties: false },
);

export const ClientDataSchema = Type.Object(
  {
    formOfAddress: Opt(StringEnum(FORMS_OF_ADDRESS)),
    name: Opt(Type.String()),
    street: Opt(Type.String()),
    streetNo: Opt(Type.String()),
    zipCode: Opt(Type.String()),
    city: Opt(Type.String()),
  },
  { additionalProperties: false },
);

export const ProjectDataSchema = Type.Object(
  {
    name: Type.String({ description: 'project name (required, not blank)' }),
    comment: Opt(Type.String()),
    location: Opt(LocationSchema),
    airPollution: Opt(StringEnum(AIR_POLLUTION_IDS, 'DWA-M 153 air pollution category L1 … L4')),
    clientData: Opt(ClientDataSchema),
    ruleEdition: Opt(StringEnum(RULE_EDITIONS, 'sizing rule edition (default DWA-A 138-1:2024)')),
  },
  { additionalProperties: false },
);
export type ProjectData = Static<typeof ProjectDataSchema>;

export const WaterflowSchema = Type.Object(
  {
    sealedSurfaces: Type.Array(SealedSurfaceSchema),
    purifications: Type.Array(PurificationSchema),
    measures: Type.Array(MeasureSchema),
  },
  { additionalProperties: false },
);
export type Waterflow = Static<typeof WaterflowSchema>;

export { AdditionalProductSchema, type AdditionalProduct } from './product.ts';

/** The additional products of one measure (GET/PUT /Project/{projectId}/measure/{measureId}/additionalProducts). */
export const MeasureProductsSchema = Type.Object(
  {
    measureId: Type.String({ minLength: 1, maxLength: 100 }),
    products: Type.Array(AdditionalProductSchema, { maxItems: 1000 }),
  },
  { additionalProperties: false },
);
export type MeasureProducts = Static<typeof MeasureProductsSchema>;

/** A box item on the wire (planning spec section 3). */
export const BoxItemSchema = Type.Object(
  {
    boxId: Opt(Type.String({ maxLength: 100 })),
    boxTypeId: Type.String({ maxLength: 100 }),
    x: Type.Number(),
    y: Type.Number({ description: 'layer' }),
    z: Type.Number(),
    rotation: StringEnum(['North', 'West', 'South', 'East'] as const),
    options: Type.Optional(
      Type.Array(
        Type.Object(
          {
            propertyId: Type.String({ maxLength: 300 }),
            optionId: Opt(Type.String({ maxLength: 300 })),
            value: Opt(Type.Union([Type.String({ maxLength: 1000 }), Type.Number(), Type.Boolean()])),
          },
          { additionalProperties: false },
        ),
        { maxItems: SIZE_LIMITS.optionsPerItemMax },
      ),
    ),
  },
  { additionalProperties: false },
);

/** A box configurator project (spec §3 "Box configurator project") with its items and additional products. */
export const BoxConfigurationSchema = Type.Object(
  {
    id: Type.String({ minLength: 1, maxLength: 100 }),
    name: Type.String({ maxLength: SIZE_LIMITS.configurationNameMaxLength }),
    measureId: Opt(Type.String({ maxLength: 100 })),
    dimensioning: Opt(
      Type.Object(
        {
          width: Opt(Type.Number()),
          length: Opt(Type.Number()),
          height: Opt(Type.Number()),
          levels: Opt(Type.Number()),
          storageCoefficient: Opt(Type.Number()),
          /** The planner's built height, m, for the cover and the construction pit (planning spec §5 "height overrides"). */
          heightOverride: Opt(Type.Number({ description: "height override, m: the installation's built height for the cover and the construction pit" })),
        },
        { additionalProperties: false },
      ),
    ),
    projectionAxes: Opt(
      Type.Object(
        { xProjectionAxes: Type.Array(Type.Number(), { maxItems: SIZE_LIMITS.projectionAxesMax }), yProjectionAxes: Type.Array(Type.Number(), { maxItems: SIZE_LIMITS.projectionAxesMax }) },
        { additionalProperties: false },
      ),
    ),
    groundLevel: Opt(Type.Number()),
    plantBottomLevel: Opt(Type.Number()),
    stormwaterObjective: Opt(StringEnum(['retention', 'infiltration'] as const)),
    items: Type.Optional(Type.Array(BoxItemSchema, { maxItems: MAX_CONFIGURATION_ITEMS })),
    additionalProducts: Type.Optional(Type.Array(AdditionalProductSchema, { maxItems: 1000 })),
  },
  { additionalProperties: false },
);
export type BoxConfiguration = Static<typeof BoxConfigurationSchema>;

export const ProjectFileSchema = Type.Object(
  {
    $schema: Type.Optional(Type.String()),
    schemaVersion: Type.Literal(SCHEMA_VERSION),
    project: ProjectDataSchema,
    rainData: Opt(RainDataSchema),
    purificationFacilities: Type.Optional(Type.Array(TreatmentFacilitySchema)),
    waterflow: WaterflowSchema,
    boxConfigurations: Type.Optional(Type.Array(BoxConfigurationSchema, { maxItems: 1000 })),
    measureProducts: Type.Optional(Type.Array(MeasureProductsSchema, { maxItems: 10_000 })),
  },
  {
    additionalProperties: false,
    $id: 'https://rainplan.dev/schema/project-file-4.json',
    title: 'rainplan project file',
  },
);
export type Project = Static<typeof ProjectFileSchema>;
