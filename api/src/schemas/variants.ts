/**
 * Schemas of the variant calls of a measure (issue 19 part 2, decisions 0140, 0145–0147): the
 * engine's variant schema (bounded like every node schema), the bodies of add / change / choose,
 * and the engine's comparison.
 */
import { MAX_VARIANTS, MeasureDataSchema, MeasureVariantSchema } from '@rainplan/engine';
import { Type } from 'typebox';
import { bounded, LIMITS } from './bounds.ts';
import { NonBlank } from './common.ts';
import { ProductLines } from './products.ts';
import { MeasureNode } from './waterflow.ts';

/** Longest variant id (the engine's bound). */
const VARIANT_ID = 100;

const Version = Type.Integer({
  minimum: 1,
  description: "The measure's version as read (GET /Project/{projectId}/measure/{measureId}); an older one answers 409, code 56, with the current measure",
});

export const VariantDto = bounded(MeasureVariantSchema);

export const MeasureVariantsParams = Type.Object({
  projectId: Type.String({ maxLength: LIMITS.id, description: 'project id (uuid)' }),
  measureId: Type.String({ format: 'uuid', maxLength: 36, description: 'measure id (uuid)' }),
});

export const VariantParams = Type.Object({
  ...MeasureVariantsParams.properties,
  variantId: Type.String({ minLength: 1, maxLength: VARIANT_ID, description: 'variant id (unique within the measure, e.g. v1)' }),
});

export const NewVariantBody = Type.Object({
  name: Type.Optional(NonBlank(200, 'Display name; default V2, V3, … (the lowest free one; the chosen variant counts as V1)')),
  from: Type.Optional(Type.String({ minLength: 1, maxLength: VARIANT_ID, description: 'Copy this variant; default: a copy of the chosen variant (the measure)' })),
  version: Version,
});

export const VariantPatchBody = Type.Object({
  name: Type.Optional(NonBlank(200, 'Display name')),
  value: Type.Optional(Type.Union([Type.Number({ minimum: 0 }), Type.Null()], { description: 'Available (planned) volume, m³; null clears it. Recomputed when the variant is compared or chosen' })),
  data: Type.Optional({ ...bounded(MeasureDataSchema), description: "The variant's inputs (type, target, dimensions, parameters); replace the stored ones, computed fields are dropped" }),
  additionalProducts: Type.Optional({
    ...ProductLines,
    description: "The variant's product list (replaces it): materialNumber and quantity required; text, unit, unitPrice default to the catalogue's at the prices the project keeps",
  }),
  version: Version,
});

export const VersionBody = Type.Object({ version: Version });
export const VersionQuery = Type.Object({ version: Version });

export const VariantAnswer = Type.Object({
  variant: VariantDto,
  version: Type.Integer({ description: "The measure's new version" }),
});

export const VariantDeleted = Type.Object({
  type: Type.Literal('MESSAGE'),
  code: Type.Literal(0),
  message: Type.String(),
  version: Type.Integer({ description: "The measure's new version" }),
});

/** 409 of a stale variant call: the error and the measure as it is now. */
export const VariantConflict = Type.Object(
  {
    type: Type.Literal('ERROR'),
    code: Type.Integer({ description: '56' }),
    message: Type.String(),
    current: MeasureNode,
  },
  { description: 'The measure was changed by someone else (code 56)' },
);

// As the engine's comparison: a figure that cannot be computed is left out (decision 0147).
const Figure = (description: string) => Type.Optional(Type.Number({ description: `${description}; absent when not computable` }));
const Money = Type.Optional(Type.String({ description: 'net list price, decimal string with 2 decimals (signed in differences); absent without a usable catalogue' }));
const Text = (description?: string) => Type.Optional(Type.String(description === undefined ? {} : { description }));

const FIGURES = {
  requiredVolumeM3: Figure('required volume of the whole measure, m³'),
  availableVolumeM3: Figure('available (planned) volume, m³'),
  requiredLengthM: Figure('required tank length at the chosen width and height, m'),
  footprintM2: Figure('ground area, m²'),
  depthM: Figure('construction depth, m'),
  drainingTimeH: Figure('draining time, h'),
  floodingExtraVolumeM3: Figure('extra flooding volume, m³'),
  billTotal: Money,
};

const Params = Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()]));

export const ComparisonRow = Type.Object({
  variantId: Type.Union([Type.String(), Type.Null()], { description: 'null for the chosen variant (the measure)' }),
  chosen: Type.Boolean(),
  name: Type.String(),
  type: Type.Union([Type.String(), Type.Null()], { description: 'trough, boxTank, pipeTank, troughBoxTank, troughPipeTank, retentionBasin, backwaterChannel; null while not chosen' }),
  installationTarget: Text('as in the measure data'),
  installationVariant: Text(),
  infiltrationTankType: Text(),
  installationType: Text(),
  ...FIGURES,
  passes: Type.Optional(Type.Boolean({ description: 'every part holds its required volume; absent when not computable' })),
  floodingVerification: Type.Boolean(),
  coversUpperBand: Type.Optional(Type.Boolean({ description: 'the available volume covers the upper end of the rain uncertainty band; absent without a band' })),
  upperBandRequiredVolumeM3: Figure('required volume at the upper end of the rain uncertainty band, m³'),
  issues: Type.Array(
    Type.Object({
      nodeId: Type.Union([Type.String(), Type.Null()]),
      field: Type.Union([Type.String(), Type.Null()]),
      code: Type.String(),
      messageKey: Type.String(),
      severity: Type.String(),
      params: Type.Optional(Params),
    }),
  ),
  billIssues: Type.Array(
    Type.Object({
      code: Type.String(),
      messageKey: Type.String(),
      severity: Type.String(),
      ownerId: Type.Union([Type.String(), Type.Null()]),
      path: Type.Union([Type.String(), Type.Null()]),
      params: Params,
    }),
  ),
  differences: Type.Object(FIGURES, { description: 'this row minus the chosen row; absent when either is not computable' }),
});

export const VariantComparisonDto = Type.Object({
  measureId: Type.String(),
  measureName: Type.String(),
  engineVersion: Type.String(),
  ruleEdition: Type.String(),
  rainDataset: Type.Union([Type.Object({}, { additionalProperties: true }), Type.Null()], { description: 'the rain data set the sizing used (source stamp)' }),
  currency: Text('currency of the bill totals'),
  billUnavailableReason: Type.Union([Type.String(), Type.Null()], { description: 'null when the totals are computed; noCatalogue without a catalogue' }),
  maxVariants: Type.Integer({ description: `most variants besides the chosen one (${MAX_VARIANTS})` }),
  rows: Type.Array(ComparisonRow, { description: 'the chosen variant first, then the variants in their order' }),
  catalogueVersion: Type.Object({ version: Type.Integer(), importedAt: Type.String({ format: 'date-time' }) }),
  newerPricesAvailable: Type.Boolean(),
  newestCatalogueVersion: Type.Optional(Type.Object({ version: Type.Integer(), importedAt: Type.String({ format: 'date-time' }) })),
});
