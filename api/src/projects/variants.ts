/**
 * Variants of a measure in the database (issue 19 part 2, decisions 0140 and 0145–0147). A
 * measure's variants live in its node (`variants`, `variantName`, engine schema version 3); the
 * chosen variant's product list is the measure's row in `measure_products`, each other variant's
 * list is its `additionalProducts` inside the node. Every change is the engine's
 * (`addVariant`, `updateVariant`, `removeVariant`, `chooseVariant`): this module only loads the
 * project as an engine project, runs the change in one transaction holding the project's lock,
 * and stores the measure (and, when choosing, its product list) again.
 */
import {
  isEngineError,
  updateVariant,
  type Measure,
  type MeasureVariant,
  type Project as EngineProject,
} from '@rainplan/engine';
import type { FastifyRequest } from 'fastify';
import { engineProductLine } from '../box-configurator/bill.ts';
import { catalogueByNumber, productLinesFrom, type Language } from '../catalogue/products.ts';
import { pricedProducts } from '../catalogue/versions.ts';
import { MeasureProducts } from '../db/entities/catalogue.ts';
import type { EntityManager } from '../db/orm.ts';
import { ApiError, ErrorCode, notFound, validation } from '../errors.ts';
import { loadProjectFields, projectIdOrFail } from './access.ts';
import { measureBands } from './uncertainty.ts';
import { deriveWaterflow, engineContext, engineFailure, findNode, loadWaterflow, saveWaterflow, toEngineProject, type AnyNode } from './waterflow.ts';

type AdditionalProduct = NonNullable<MeasureVariant['additionalProducts']>[number];

/** The fields of an engine error's `params` that name the body field at fault. */
const FIELD_PATH: Readonly<Record<string, string>> = { name: 'name', value: 'value', data: 'data', additionalProducts: 'additionalProducts' };

/**
 * An engine error of a variant operation as the client's error; the message starts with the
 * engine's message key (`engineError.<CODE>`): unknown measure or variant 404 (code 11), too many
 * variants 422 (code 59), an invalid name, value, data or product list 400 (code 2) naming the
 * body field (`where` prefixes it, e.g. `body/variants/2`).
 */
export function variantFailure(error: unknown, where = 'body'): never {
  if (isEngineError(error)) {
    const text = `${error.messageKey}: ${error.message}`;
    if (error.code === 'NODE_NOT_FOUND' || error.code === 'VARIANT_NOT_FOUND') throw notFound(text);
    if (error.code === 'TOO_MANY_VARIANTS') throw new ApiError(422, ErrorCode.VARIANT_LIMIT, text);
    if (error.code === 'INVALID_ARGUMENT') {
      const field = FIELD_PATH[String(error.params['field'] ?? '')];
      throw validation(`${error.messageKey}: ${where}${field === undefined ? '' : `/${field}`}: ${error.message}`);
    }
  }
  engineFailure(error);
}

/** A waterflow of one measure, as the engine's project (enough for `updateVariant`). */
function oneMeasureProject(measure: Measure): EngineProject {
  return { waterflow: { sealedSurfaces: [], purifications: [], measures: [measure] } } as unknown as EngineProject;
}

/**
 * A measure a client PUTs, with its variants checked by the engine's rules (decision 0145). The
 * body is the measure as the client holds it, as for every node: a body without `variants` or
 * `variantName` has none (the engine's form: removing the last variant drops the field), so a
 * client must send the variants it read.
 *
 * - variant ids are unique within the measure (else 400);
 * - each variant goes through the engine's `updateVariant` rules: name 1–200 characters, value a
 *   finite number ≥ 0, data valid measure inputs (computed fields stripped, the measure rules
 *   applied), product lines valid (else 400 naming `body/variants/<i>/<field>`).
 */
export function measureWithVariants(body: Measure): Measure {
  const variants = body.variants;
  if (variants === undefined) return body;
  if (variants.length === 0) {
    const { variants: _none, ...rest } = body;
    return rest as Measure;
  }
  const seen = new Set<string>();
  variants.forEach((v, i) => {
    if (seen.has(v.id)) throw validation(`body/variants/${i}/id: ${v.id} is already the id of another variant of this measure`);
    seen.add(v.id);
  });
  let project = oneMeasureProject({ ...body, variants: [...variants] });
  variants.forEach((v, i) => {
    try {
      project = updateVariant(project, body.id, v.id, {
        name: v.name,
        value: v.value ?? null,
        data: v.data,
        ...(v.additionalProducts === undefined ? {} : { additionalProducts: v.additionalProducts }),
      });
    } catch (error) {
      variantFailure(error, `body/variants/${i}`);
    }
  });
  return project.waterflow.measures[0] as Measure;
}

/** The measure's product list (the chosen variant's) as engine product lines; [] when it has none. */
async function measureProductLines(em: EntityManager, projectId: string, measureId: string): Promise<AdditionalProduct[]> {
  const row = await em.findOne(MeasureProducts, { project: projectId, measureId }, { disableIdentityMap: true });
  return (row?.lines ?? []).map(engineProductLine);
}

/**
 * Engine product lines (a variant's, possibly from a project file without text, unit or price)
 * as the lines the api stores: text, unit and unit price default to the catalogue's at the prices
 * the project keeps (decision 0100); a line outside the catalogue without them answers 400.
 */
export async function storedProductLines(em: EntityManager, projectId: string, lines: readonly AdditionalProduct[], language: Language, path: string) {
  const { products } = await pricedProducts(em, projectId, await catalogueByNumber(em, lines.map((l) => l.materialNumber)));
  return productLinesFrom(lines, products, language, path);
}

export interface VariantChange {
  readonly projectId: string;
  readonly measureId: string;
  /** The measure node's version the client read (optimistic concurrency like a node PUT). */
  readonly version: number;
  /** The change: the engine's function on the project (measure product list included). */
  readonly change: (project: EngineProject) => EngineProject;
  /** Store the measure's product list again (choosing swaps it with the variant's). */
  readonly productList?: { readonly language: Language } | undefined;
  /** Answer the measure with its read-only rain uncertainty band, as GET …/measure/{id} does (decision 0213). */
  readonly band?: boolean;
}

export type VariantChangeResult =
  | { readonly conflict: AnyNode & { version: number } }
  | { readonly before: Measure; readonly measure: Measure & { version: number } };

/**
 * Runs a variant change in one transaction holding the project's lock: the measure must exist
 * (404) at the client's version (else the current node, for a 409 code 56); the engine's change,
 * every derived value recomputed, the nodes stored (the measure's version + 1) and, when asked,
 * the measure's product list replaced by the one the change left.
 */
export async function changeVariants(request: FastifyRequest, options: VariantChange): Promise<VariantChangeResult> {
  const projectId = projectIdOrFail(options.projectId);
  return request.em.transactional(async (em) => {
    const project = await loadProjectFields(request, projectId, 'write', { em, lock: true });
    const before = await loadWaterflow(em, project.id);
    const stored = before.nodes.get(options.measureId);
    if (stored === undefined || stored.kind !== 'measure') throw notFound(`No measure ${options.measureId} in this project`);
    if (options.version !== stored.version) return { conflict: { ...stored.data, version: stored.version } };
    const [context, lines] = await Promise.all([engineContext(em, project), measureProductLines(em, project.id, options.measureId)]);
    const file: EngineProject = {
      ...toEngineProject(project, before.waterflow, context),
      measureProducts: lines.length === 0 ? [] : [{ measureId: options.measureId, products: lines }],
    };
    let changed: EngineProject;
    try {
      changed = options.change(file);
    } catch (error) {
      variantFailure(error);
    }
    const next = deriveWaterflow(project, changed.waterflow, context);
    const versions = await saveWaterflow(em, project.id, before, next, { written: options.measureId });
    if (options.productList !== undefined) {
      const list = changed.measureProducts?.find((l) => l.measureId === options.measureId)?.products ?? [];
      if (list.length === 0) await em.nativeDelete(MeasureProducts, { project: project.id, measureId: options.measureId });
      else {
        const stored = await storedProductLines(em, project.id, list, options.productList.language, 'measureProducts');
        await em.upsert(MeasureProducts, { project: project.id, measureId: options.measureId, lines: stored, updatedAt: new Date() });
      }
    }
    const measure = findNode(next, 'measure', options.measureId) as Measure;
    const band = options.band === true ? measureBands(project, next, context).get(options.measureId) : undefined;
    return { before: stored.data as Measure, measure: { ...measure, ...band, version: versions.get(options.measureId) ?? options.version + 1 } };
  });
}
