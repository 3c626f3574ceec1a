/**
 * Waterflow nodes (planning spec section 7): POST/GET/PUT/DELETE
 * /Project/{projectId}/surface|purification|measure[/{id}], and GET /Project/{projectId}/waterflow
 * (an extension: the whole waterflow in one call). Every write runs in one transaction with the
 * project row locked: the waterflow is loaded, the change applied with the engine's rules, every
 * derived value recomputed (`deriveProject`) and the changed nodes stored (decision 0051).
 */
import type { ApiPlugin } from '../../type-provider.ts';
import { createMeasure, createPurification, createSurface, deleteNode, type Measure, type Waterflow } from '@rainplan/engine';
import { randomUUID } from 'node:crypto';
import { isUuid } from '../../accounts/fields.ts';
import { MeasureProducts } from '../../db/entities/catalogue.ts';
import type { WaterflowNodeKind } from '../../db/entities/waterflow-node.ts';
import { ApiError, ErrorCode, notFound, validation, VersionConflict } from '../../errors.ts';
import { loadProjectFields, projectIdOrFail } from '../../projects/access.ts';
import { checkComputedValues } from '../../projects/computed.ts';
import { measureBands, withoutBandFields, type MeasureBandFields } from '../../projects/uncertainty.ts';
import { measureWithVariants } from '../../projects/variants.ts';
import {
  applyNode,
  deriveWaterflow,
  engineContext,
  engineFailure,
  findNode,
  loadWaterflow,
  saveWaterflow,
  type AnyNode,
} from '../../projects/waterflow.ts';
import { errors, message, MessageBody } from '../../schemas/common.ts';
import { exactValidator } from '../../schemas/exact-validator.ts';
import {
  ConflictBody,
  DeleteNodeQuery,
  MeasureAnswer,
  NewNodeBody,
  NodeParams,
  ProjectIdParams,
  PurificationNode,
  SurfaceNode,
  WaterflowDto,
} from '../../schemas/waterflow.ts';

const TAGS = ['Waterflow'];

const KINDS = [
  { kind: 'surface', path: 'surface', schema: SurfaceNode, label: 'sealed surface' },
  { kind: 'purification', path: 'purification', schema: PurificationNode, label: 'purification' },
  { kind: 'measure', path: 'measure', schema: MeasureAnswer, label: 'measure' },
] as const;

const CREATE = { surface: createSurface, purification: createPurification, measure: createMeasure } as const;

type Versioned = AnyNode & { version: number };

const withVersion = <N extends AnyNode>(node: N, version: number): N & { version: number } => ({ ...node, version });

/** A measure answer carries its read-only rain uncertainty band (decision 0213); other nodes answer as stored. */
const withBand = <N extends Versioned>(node: N, bands: ReadonlyMap<string, MeasureBandFields> | undefined): N | (N & MeasureBandFields) => {
  const band = bands?.get(node.id);
  return band === undefined ? node : { ...node, ...band };
};

/** A node id from the path: node ids are UUIDs, so anything else is malformed (400, code 2) rather than unknown (404). */
function nodeIdOrFail(id: string): string {
  if (!isUuid(id)) throw validation(`params/id: must be a UUID (a node id); ${id.slice(0, 64)} is malformed`);
  return id;
}

/** The node, or 404. */
function nodeOrFail(waterflow: Waterflow, kind: WaterflowNodeKind, id: string, label: string): AnyNode {
  const node = findNode(waterflow, kind, id);
  if (node === undefined) throw notFound(`No ${label} ${id} in this project`);
  return node;
}

/** The link that forbids deleting a node when the client asked not to detach (codes 50–53). */
function linkProblem(waterflow: Waterflow, kind: WaterflowNodeKind, node: AnyNode): ApiError | undefined {
  const conflict = (code: ErrorCode, text: string) => new ApiError(409, code, text);
  if (kind === 'surface') {
    return node.parentId == null ? undefined : conflict(ErrorCode.PARENT_LINKED, 'Parent element still linked: detach the surface first');
  }
  if (kind === 'purification') {
    if (node.parentId != null) return conflict(ErrorCode.MEASURE_LINKED, 'Measure still linked: choose "No measure" first');
    if (waterflow.sealedSurfaces.some((s) => s.parentId === node.id)) return conflict(ErrorCode.SURFACES_LINKED, 'Surfaces still linked to this purification');
    return undefined;
  }
  if (waterflow.purifications.some((p) => p.parentId === node.id)) return conflict(ErrorCode.PURIFICATIONS_LINKED, 'Purifications still linked to this measure');
  if (waterflow.sealedSurfaces.some((s) => s.parentId === node.id)) return conflict(ErrorCode.SURFACES_LINKED, 'Surfaces still linked to this measure');
  return undefined;
}

const nodeRoutes: ApiPlugin = async (app) => {
  app.get(
    '/:projectId/waterflow',
    {
      schema: {
        tags: TAGS,
        summary: 'The whole waterflow of a project (extension of the spec)',
        description: 'rainplan extension: every node of the project in one call, each with its version, in the planner’s order.',
        params: ProjectIdParams,
        response: { 200: WaterflowDto, ...errors(400, 401, 403, 404) },
        'x-rainplan-extension': true,
      },
    },
    async (request) => {
      const project = await loadProjectFields(request, projectIdOrFail(request.params.projectId), 'read');
      const { waterflow, nodes } = await loadWaterflow(request.em, project.id);
      const v = <N extends AnyNode>(node: N) => withVersion(node, nodes.get(node.id)?.version ?? 1);
      const bands = waterflow.measures.length === 0 ? undefined : measureBands(project, waterflow, await engineContext(request.em, project));
      return {
        sealedSurfaces: waterflow.sealedSurfaces.map(v),
        purifications: waterflow.purifications.map(v),
        measures: waterflow.measures.map((m) => withBand(v(m), bands)),
      };
    },
  );

  for (const { kind, path, schema, label } of KINDS) {
    app.post(
      `/:projectId/${path}`,
      {
        schema: {
          tags: TAGS,
          summary: `Create a ${label} (empty${kind === 'measure' ? ', with the default parameters' : ''}); answers the new node`,
          params: ProjectIdParams,
          body: NewNodeBody,
          response: { 200: schema, ...errors(400, 401, 403, 404) },
        },
      },
      async (request) => {
        const projectId = projectIdOrFail(request.params.projectId);
        return request.em.transactional(async (em) => {
          const project = await loadProjectFields(request, projectId, 'write', { em, lock: true });
          const before = await loadWaterflow(em, project.id);
          const id = randomUUID();
          let created: Waterflow;
          try {
            created = CREATE[kind](before.waterflow, { id, name: request.body.name.trim() }).waterflow;
          } catch (error) {
            engineFailure(error);
          }
          const context = await engineContext(em, project);
          const next = deriveWaterflow(project, created, context);
          const versions = await saveWaterflow(em, project.id, before, next);
          const answer = withVersion(nodeOrFail(next, kind, id, label), versions.get(id) ?? 1);
          return (kind === 'measure' ? withBand(answer, measureBands(project, next, context)) : answer);
        });
      },
    );

    app.get(
      `/:projectId/${path}/:id`,
      {
        schema: {
          tags: TAGS,
          summary: `A ${label} with its version`,
          params: NodeParams,
          response: { 200: schema, ...errors(400, 401, 403, 404) },
        },
      },
      async (request) => {
        const projectId = projectIdOrFail(request.params.projectId);
        nodeIdOrFail(request.params.id);
        const project = await loadProjectFields(request, projectId, 'read');
        const { waterflow, nodes } = await loadWaterflow(request.em, project.id);
        const node = nodeOrFail(waterflow, kind, request.params.id, label);
        const answer = withVersion(node, nodes.get(node.id)?.version ?? 1);
        return (kind === 'measure' ? withBand(answer, measureBands(project, waterflow, await engineContext(request.em, project))) : answer);
      },
    );

    app.put(
      `/:projectId/${path}/:id`,
      {
        schema: {
          tags: TAGS,
          summary: `Save a ${label}: inputs are stored, every computed value is recomputed by the engine`,
          description:
            'The body is the node as read (with `version`). Computed values the client sends must agree with the engine (else 422, code 55); ' +
            'a `version` older than the stored one answers 409, code 56, with the current node in `current`. ' +
            '`parentId` links a node; a `sealedSurfaces` list that differs from the linked surfaces chooses surfaces with the engine’s rules.',
          params: NodeParams,
          body: schema,
          response: { 200: schema, 409: ConflictBody(schema), ...errors(400, 401, 403, 404, 422) },
        },
        validatorCompiler: exactValidator,
      },
      async (request) => {
        const projectId = projectIdOrFail(request.params.projectId);
        nodeIdOrFail(request.params.id);
        // the read-only band of a measure as read is recomputed, never taken from the body
        const { version, ...body } = (kind === 'measure' ? withoutBandFields(request.body) : request.body) as Versioned;
        if (body.id !== request.params.id) throw validation(`body/id: ${body.id} differs from the id in the path (${request.params.id})`);
        if (body.name.trim() === '') throw validation('body/name: must not be empty');
        const result = await request.em.transactional(async (em) => {
          const project = await loadProjectFields(request, projectId, 'write', { em, lock: true });
          const before = await loadWaterflow(em, project.id);
          const stored = before.nodes.get(body.id);
          if (stored === undefined || stored.kind !== kind) throw notFound(`No ${label} ${body.id} in this project`);
          if (version !== stored.version) return { conflict: withVersion(stored.data, stored.version) };
          // A measure's variants are checked with the engine's rules (decision 0145).
          const sent = kind === 'measure' ? measureWithVariants(body as Measure) : (body as AnyNode);
          const applied = applyNode(before.waterflow, kind, sent);
          const context = await engineContext(em, project);
          const next = deriveWaterflow(project, applied, context);
          const derived = nodeOrFail(next, kind, body.id, label);
          checkComputedValues(kind, body as AnyNode, derived);
          const versions = await saveWaterflow(em, project.id, before, next, { written: body.id });
          const answer = withVersion(derived, versions.get(body.id) ?? version + 1);
          return { node: kind === 'measure' ? withBand(answer, measureBands(project, next, context)) : answer };
        });
        if ('conflict' in result) {
          throw new VersionConflict(label, result.conflict.version, version, result.conflict);
        }
        return result.node;
      },
    );

    app.delete(
      `/:projectId/${path}/:id`,
      {
        schema: {
          tags: TAGS,
          summary: `Delete a ${label} with the engine's rules`,
          description:
            'Default (`detach=true`): links are resolved as the engine does (surfaces detached or moved up to the measure, purifications detached) ' +
            'and the affected nodes are recomputed. With `detach=false` a node that is still linked is refused: 50 parent element, 51 measure, 52 surfaces, ' +
            '53 purifications still linked. The last sealed surface cannot be deleted (409, code 58).',
          params: NodeParams,
          querystring: DeleteNodeQuery,
          response: { 200: MessageBody, ...errors(400, 401, 403, 404, 409) },
        },
      },
      async (request) => {
        const projectId = projectIdOrFail(request.params.projectId);
        nodeIdOrFail(request.params.id);
        await request.em.transactional(async (em) => {
          const project = await loadProjectFields(request, projectId, 'write', { em, lock: true });
          const before = await loadWaterflow(em, project.id);
          const node = nodeOrFail(before.waterflow, kind, request.params.id, label);
          if (!request.query.detach) {
            const problem = linkProblem(before.waterflow, kind, node);
            if (problem !== undefined) throw problem;
          }
          let removed: Waterflow;
          try {
            removed = deleteNode(before.waterflow, node.id).waterflow;
          } catch (error) {
            engineFailure(error);
          }
          const next = deriveWaterflow(project, removed, await engineContext(em, project));
          await saveWaterflow(em, project.id, before, next);
          if (kind === 'measure') await em.nativeDelete(MeasureProducts, { project: project.id, measureId: node.id });
        });
        return message(`The ${label} was deleted`);
      },
    );

    // The spec's client calls DELETE without a project id as /Project/{kind}/{id}: say what is missing.
    app.delete(
      `/${path}/:id`,
      { schema: { hide: true } },
      async () => {
        throw validation('No project id specified.');
      },
    );
  }
};

export default nodeRoutes;
