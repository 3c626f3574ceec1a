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

export const WaterflowDto = Type.Object({
  sealedSurfaces: Type.Array(SurfaceNode),
  purifications: Type.Array(PurificationNode),
  measures: Type.Array(MeasureNode),
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
