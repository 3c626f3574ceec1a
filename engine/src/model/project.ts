import Type, { type Static } from 'typebox';
import { AIR_POLLUTION_IDS } from '../tables/m153.ts';
import { RULE_EDITIONS } from '../tables/measures.ts';
import { Num, Opt, StringEnum } from './common.ts';
import { MeasureSchema } from './measure.ts';
import { PurificationSchema, TreatmentFacilitySchema } from './purification.ts';
import { RainDataSchema } from './rain.ts';
import { SealedSurfaceSchema } from './surface.ts';

/** The project file format version written by this engine. */
export const SCHEMA_VERSION = 1;

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

/** A box item on the wire (planning spec section 3). */
export const BoxItemSchema = Type.Object(
  {
    boxId: Opt(Type.String()),
    boxTypeId: Type.String(),
    x: Type.Number(),
    y: Type.Number({ description: 'layer' }),
    z: Type.Number(),
    rotation: StringEnum(['North', 'West', 'South', 'East'] as const),
    options: Type.Optional(
      Type.Array(
        Type.Object(
          { propertyId: Type.String(), optionId: Opt(Type.String()), value: Opt(Type.Union([Type.String(), Type.Number(), Type.Boolean()])) },
          { additionalProperties: false },
        ),
      ),
    ),
  },
  { additionalProperties: false },
);

/** A box configurator project; the configurator itself is built by a later issue. */
export const BoxConfigurationSchema = Type.Object(
  {
    id: Type.String({ minLength: 1 }),
    name: Type.String(),
    measureId: Opt(Type.String()),
    dimensioning: Opt(
      Type.Object(
        {
          width: Opt(Type.Number()),
          length: Opt(Type.Number()),
          height: Opt(Type.Number()),
          levels: Opt(Type.Number()),
          storageCoefficient: Opt(Type.Number()),
        },
        { additionalProperties: false },
      ),
    ),
    projectionAxes: Opt(
      Type.Object(
        { xProjectionAxes: Type.Array(Type.Number()), yProjectionAxes: Type.Array(Type.Number()) },
        { additionalProperties: false },
      ),
    ),
    groundLevel: Opt(Type.Number()),
    plantBottomLevel: Opt(Type.Number()),
    stormwaterObjective: Opt(StringEnum(['retention', 'infiltration'] as const)),
    items: Type.Optional(Type.Array(BoxItemSchema)),
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
    boxConfigurations: Type.Optional(Type.Array(BoxConfigurationSchema)),
  },
  {
    additionalProperties: false,
    $id: 'https://rainplan.dev/schema/project-file-1.json',
    title: 'rainplan project file',
  },
);
export type Project = Static<typeof ProjectFileSchema>;
