/**
 * Variants of a measure (issue 19 part 2; decisions 0140, 0145–0147), all on the engine's
 * functions:
 *
 * - GET /Project/{projectId}/measure/{measureId}/variants: the engine's comparison
 *   (`compareVariants`) with the bill totals at the prices the project keeps (decision 0100);
 * - POST …/variants: a new variant (`addVariant`), 201 with the variant and the measure's version;
 * - PATCH …/variants/{variantId}: name, value, data, product list (`updateVariant`);
 * - DELETE …/variants/{variantId} (`removeVariant`);
 * - POST …/variants/{variantId}/choose (`chooseVariant`): the variant becomes the measure, the
 *   measure's product list swaps with the variant's, in one transaction; answers the measure.
 *
 * Writes carry the measure's `version` (body, or the query of DELETE) like a node PUT: an older
 * one answers 409, code 56, with the current measure. Each write is one transaction holding the
 * project's lock and raises the measure's version by one.
 */
import type { ApiPlugin } from '../../type-provider.ts';
import { addVariant, chooseVariant, compareVariants, MAX_VARIANTS, removeVariant, updateVariant, type Measure, type MeasureVariant } from '@rainplan/engine';
import { boxCatalogue } from '../../box-configurator/catalogue.ts';
import { engineProductLine, engineProjectWithConfigurations } from '../../box-configurator/bill.ts';
import { catalogueByNumber, languageOf, productLinesFrom } from '../../catalogue/products.ts';
import { pricedProducts, projectCatalogue } from '../../catalogue/versions.ts';
import { notFound, VersionConflict } from '../../errors.ts';
import { loadProjectFields, projectIdOrFail } from '../../projects/access.ts';
import { changeVariants, variantFailure, type VariantChangeResult } from '../../projects/variants.ts';
import { findNode, loadWaterflow } from '../../projects/waterflow.ts';
import { errors, message } from '../../schemas/common.ts';
import { LanguageQuery } from '../../schemas/products.ts';
import { MeasureAnswer } from '../../schemas/waterflow.ts';
import {
  MeasureVariantsParams,
  NewVariantBody,
  VariantAnswer,
  VariantComparisonDto,
  VariantConflict,
  VariantDeleted,
  VariantParams,
  VariantPatchBody,
  VersionBody,
  VersionQuery,
} from '../../schemas/variants.ts';

const TAGS = ['Waterflow'];

/** The result of a variant change; a stale one answers 409 (code 56) with the stored measure. */
function unlessStale(result: VariantChangeResult, version: number): Exclude<VariantChangeResult, { conflict: unknown }> {
  if ('conflict' in result) throw new VersionConflict('measure', result.conflict.version, version, result.conflict);
  return result;
}

function variantOf(measure: Measure, variantId: string): MeasureVariant {
  const variant = measure.variants?.find((v) => v.id === variantId);
  if (variant === undefined) throw notFound(`No variant ${variantId} in measure ${measure.id}`);
  return variant;
}

const variantRoutes: ApiPlugin = async (app) => {
  app.get(
    '/:projectId/measure/:measureId/variants',
    {
      schema: {
        tags: TAGS,
        summary: "A measure's variants compared side by side (the engine's comparison with bill totals)",
        description:
          'One row for the chosen variant (the measure) and one per variant, each evaluated by the engine with that variant chosen: required and available volume, ' +
          'required length, footprint, depth, draining time, passes, the rain uncertainty band, the net bill total at the list prices the project keeps (decision 0100), ' +
          'and each figure’s difference to the chosen row. A figure that cannot be computed is left out (as in the engine’s comparison). `languageCode` (de default, en) names the bill’s products.',
        params: MeasureVariantsParams,
        querystring: LanguageQuery,
        response: { 200: VariantComparisonDto, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const project = await loadProjectFields(request, projectIdOrFail(request.params.projectId), 'read');
      const [file, { catalogue, fields }] = await Promise.all([engineProjectWithConfigurations(request.em, project), projectCatalogue(request.em, project.id)]);
      const measureId = request.params.measureId;
      if (file.waterflow.measures.every((m) => m.id !== measureId)) throw notFound(`No measure ${measureId} in this project`);
      const linked = (file.boxConfigurations ?? []).some((c) => c.measureId != null);
      let comparison: ReturnType<typeof compareVariants>;
      try {
        comparison = compareVariants(file, measureId, {
          catalogue,
          language: languageOf(request.query.languageCode),
          facilities: file.purificationFacilities ?? [],
          ...(linked ? { itemGeometry: (await boxCatalogue(request.em)).lookup } : {}),
        });
      } catch (error) {
        variantFailure(error);
      }
      return { ...comparison, maxVariants: MAX_VARIANTS, ...fields };
    },
  );

  app.post(
    '/:projectId/measure/:measureId/variants',
    {
      schema: {
        tags: TAGS,
        summary: 'Add a variant to a measure: a copy of the chosen variant (the measure) or of the variant `from`',
        description: `At most ${MAX_VARIANTS} variants besides the chosen one (422, code 59). The new variant is the last; its id is the lowest free v1, v2, …`,
        params: MeasureVariantsParams,
        body: NewVariantBody,
        response: { 201: VariantAnswer, 409: VariantConflict, ...errors(400, 401, 403, 404, 422) },
      },
    },
    async (request, reply) => {
      const { name, from, version } = request.body;
      const result = unlessStale(
        await changeVariants(request, {
          projectId: request.params.projectId,
          measureId: request.params.measureId,
          version,
          change: (file) => addVariant(file, request.params.measureId, { ...(name === undefined ? {} : { name: name.trim() }), ...(from === undefined ? {} : { from }) }),
        }),
        version,
      );
      const variants = result.measure.variants ?? [];
      const added = variants[variants.length - 1] as MeasureVariant;
      return reply.code(201).send({ variant: added, version: result.measure.version });
    },
  );

  app.patch(
    '/:projectId/measure/:measureId/variants/:variantId',
    {
      schema: {
        tags: TAGS,
        summary: "Change a variant's name, available volume, inputs or product list; fields left out stay",
        params: VariantParams,
        querystring: LanguageQuery,
        body: VariantPatchBody,
        response: { 200: VariantAnswer, 409: VariantConflict, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { projectId, measureId, variantId } = request.params;
      const { version, name, value, data, additionalProducts } = request.body;
      // Product lines as for a measure's list: defaults from the catalogue at the prices the project keeps.
      let products: ReturnType<typeof engineProductLine>[] | undefined;
      if (additionalProducts !== undefined) {
        const { products: catalogue } = await pricedProducts(request.em, projectIdOrFail(projectId), await catalogueByNumber(request.em, additionalProducts.map((l) => l.materialNumber)));
        products = productLinesFrom(additionalProducts, catalogue, languageOf(request.query.languageCode), 'body/additionalProducts').map(engineProductLine);
      }
      const result = unlessStale(
        await changeVariants(request, {
          projectId,
          measureId,
          version,
          change: (file) =>
            updateVariant(file, measureId, variantId, {
              ...(name === undefined ? {} : { name: name.trim() }),
              ...(value === undefined ? {} : { value }),
              ...(data === undefined ? {} : { data: data as Measure['data'] }),
              ...(products === undefined ? {} : { additionalProducts: products }),
            }),
        }),
        version,
      );
      return { variant: variantOf(result.measure, variantId), version: result.measure.version };
    },
  );

  app.delete(
    '/:projectId/measure/:measureId/variants/:variantId',
    {
      schema: {
        tags: TAGS,
        summary: 'Delete a variant (query `version`: the measure’s version as read)',
        params: VariantParams,
        querystring: VersionQuery,
        response: { 200: VariantDeleted, 409: VariantConflict, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { projectId, measureId, variantId } = request.params;
      const version = request.query.version;
      const result = unlessStale(await changeVariants(request, { projectId, measureId, version, change: (file) => removeVariant(file, measureId, variantId) }), version);
      return { ...message('The variant was deleted'), version: result.measure.version };
    },
  );

  app.post(
    '/:projectId/measure/:measureId/variants/:variantId/choose',
    {
      schema: {
        tags: TAGS,
        summary: 'Choose a variant: it becomes the measure, the previously chosen one takes its place (same id); answers the measure',
        description:
          "The variant's inputs, available volume, name and product list become the measure's (its product list is the measure's `additionalProducts` from now on), " +
          'the measure keeps its id, name, links and box configuration; every derived value is recomputed. One transaction.',
        params: VariantParams,
        querystring: LanguageQuery,
        body: VersionBody,
        response: { 200: MeasureAnswer, 409: VariantConflict, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { projectId, measureId, variantId } = request.params;
      const version = request.body.version;
      const result = unlessStale(
        await changeVariants(request, {
          projectId,
          measureId,
          version,
          change: (file) => chooseVariant(file, measureId, variantId),
          productList: { language: languageOf(request.query.languageCode) },
          // the answered node is the measure as GET …/measure/{id} answers it (the web applies it as saved)
          band: true,
        }),
        version,
      );
      return result.measure;
    },
  );

  // Reading one variant is part of the measure (GET /Project/{projectId}/measure/{measureId}); this keeps a
  // variant addressable for clients that hold only its id.
  app.get(
    '/:projectId/measure/:measureId/variants/:variantId',
    {
      schema: {
        tags: TAGS,
        summary: 'One variant of a measure with the measure’s version',
        params: VariantParams,
        response: { 200: VariantAnswer, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const project = await loadProjectFields(request, projectIdOrFail(request.params.projectId), 'read');
      const { waterflow, nodes } = await loadWaterflow(request.em, project.id);
      const measure = findNode(waterflow, 'measure', request.params.measureId) as Measure | undefined;
      if (measure === undefined) throw notFound(`No measure ${request.params.measureId} in this project`);
      return { variant: variantOf(measure, request.params.variantId), version: nodes.get(measure.id)?.version ?? 1 };
    },
  );
};

export default variantRoutes;
