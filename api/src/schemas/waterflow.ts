/**
 * Schemas of the waterflow node calls (planning spec sections 3 and 7): the engine's wire schemas
 * of a sealed surface, purification and measure, plus the node's `version` (optimistic
 * concurrency, decision 0051).
 */
import { MeasureSchema, PurificationSchema, SealedSurfaceSchema } from '@rainplan/engine';
import { Type } from 'typebox';
import { bounded, LIMITS } from './bounds.ts';
import { ErrorBody, NonBlank } from './common.ts';

const Version = Type.Integer({
  minimum: 1,
  description: 'The version read with the node; a PUT with an older one answers 409 (code 56) with the current node',
});

export const SurfaceNode = Type.Object({ ...bounded(SealedSurfaceSchema).properties, version: Version }, { description: 'sealed surface', additionalProperties: false });
export const PurificationNode = Type.Object({ ...bounded(PurificationSchema).properties, version: Version }, { description: 'purification', additionalProperties: false });
export const MeasureNode = Type.Object({ ...bounded(MeasureSchema).properties, version: Version }, { description: 'measure', additionalProperties: false });

const Num = (description: string) => Type.Union([Type.Number(), Type.Null()], { description });
const BandEnd = (description: string) =>
  Type.Object(
    {
      requiredVolumeM3: Num('required storage volume in m³ (null: not sized)'),
      requiredLengthM: Num('required length in m of a measure sized by its length (trench, pipe, tank); null otherwise'),
      durationMin: Num('the design rain duration D in min'),
      rLsHa: Num('the rain yield r(D,T) in l/(s·ha)'),
    },
    { description, additionalProperties: false },
  );

/** Read-only: the engine's rain uncertainty band of the measure (decision 0213); ignored in a PUT. */
const UncertaintyBand = Type.Union(
  [
    Type.Object(
      {
        source: Type.Union([Type.Literal('KOSTRA-DWD-2020-UC'), Type.Literal('KOSTRA-DWD-2010R-tolerance'), Type.Literal('rain-data')], {
          description: "where the band's percentages come from",
        }),
        lower: BandEnd('sized with r · (1 − u/100)'),
        design: BandEnd('sized with r (the design figures)'),
        upper: BandEnd('sized with r · (1 + u/100)'),
        availableVolumeM3: Num('available storage volume in m³'),
        coversUpper: Type.Union([Type.Boolean(), Type.Null()], { description: 'whether the available volume covers the upper end' }),
      },
      { additionalProperties: false },
    ),
    Type.Null(),
  ],
  { description: "Read-only (ignored in a PUT): the measure sized at the lower and upper end of the rain's uncertainty, as `rainplan evaluate` prints it; null with `uncertaintyBandReason` when there is none" },
);
const UncertaintyBandReason = Type.Union(
  [
    Type.Literal('noRainData'),
    Type.Literal('customRainData'),
    Type.Literal('uncertaintyNotGiven'),
    Type.Literal('uncertaintyIncomplete'),
    Type.Literal('notSized'),
    Type.Null(),
  ],
  { description: 'Read-only (ignored in a PUT): why `uncertaintyBand` is null; null when there is a band' },
);

/** A measure as answered: the stored node plus its read-only uncertainty band; a PUT may send it back as read. */
export const MeasureAnswer = Type.Object(
  { ...MeasureNode.properties, uncertaintyBand: Type.Optional(UncertaintyBand), uncertaintyBandReason: Type.Optional(UncertaintyBandReason) },
  { description: 'measure', additionalProperties: false },
);

export const WaterflowDto = Type.Object({
  sealedSurfaces: Type.Array(SurfaceNode),
  purifications: Type.Array(PurificationNode),
  measures: Type.Array(MeasureAnswer),
});

export const NewNodeBody = Type.Object({ name: NonBlank(LIMITS.name, 'Name of the new node') });

export const NodeParams = Type.Object({
  projectId: Type.String({ maxLength: LIMITS.id, description: 'project id (uuid)' }),
  id: Type.String({ minLength: 1, maxLength: 64, description: 'node id' }),
});
export const ProjectIdParams = Type.Object({ projectId: Type.String({ maxLength: LIMITS.id, description: 'project id (uuid)' }) });

export const DeleteNodeQuery = Type.Object({
  detach: Type.Boolean({
    default: true,
    description: "true (default): apply the engine's deletion rules (detach, move surfaces up). false: refuse while links remain (codes 50–53)",
  }),
});

/** 409 of a stale PUT: the error and the node as it is now. */
export const ConflictBody = (node: ReturnType<typeof Type.Object>) =>
  Type.Object({ ...ErrorBody.properties, current: node }, { description: 'The node was changed by someone else (code 56)' });
