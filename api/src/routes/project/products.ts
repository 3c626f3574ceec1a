/**
 * Treatment facilities and products (planning spec section 7): GET /Project/purificationFacilities,
 * GET /Project/products, GET/PUT /Project/{projectId}/measure/{measureId}/additionalProducts.
 */
import type { ApiPlugin } from '../../type-provider.ts';
import { catalogueByNumber, languageOf, productLinesFrom, toCatalogueProductDto, toProductLineDto } from '../../catalogue/products.ts';
import { loadFacilities } from '../../catalogue/store.ts';
import { priceHeaders, priceVersionFields, pricedProducts } from '../../catalogue/versions.ts';
import { CatalogueProduct, MeasureProducts } from '../../db/entities/catalogue.ts';
import { WaterflowNode } from '../../db/entities/waterflow-node.ts';
import type { EntityManager } from '../../db/orm.ts';
import { notFound } from '../../errors.ts';
import { loadProject } from '../../projects/access.ts';
import { errors } from '../../schemas/common.ts';
import { exactValidator } from '../../schemas/exact-validator.ts';
import { CatalogueProductDto, Facilities, LanguageQuery, MeasureProductParams, ProductLineDto, ProductLines } from '../../schemas/products.ts';
import { Type } from 'typebox';

const TAGS = ['Products'];

const productRoutes: ApiPlugin = async (app) => {
  app.get(
    '/purificationFacilities',
    {
      schema: {
        tags: TAGS,
        summary: 'The treatment facilities of the catalogue (url = data-sheet file name under /dataSheets/)',
        response: { 200: Facilities, ...errors(401) },
      },
    },
    async (request) => loadFacilities(request.em),
  );

  app.get(
    '/products',
    {
      schema: {
        tags: TAGS,
        summary: 'The product catalogue (list prices excluding VAT), names in languageCode (de default, en)',
        querystring: LanguageQuery,
        response: { 200: Type.Array(CatalogueProductDto), ...errors(400, 401) },
      },
    },
    async (request) => {
      const language = languageOf(request.query.languageCode);
      const rows = await request.em.find(CatalogueProduct, {}, { orderBy: { position: 'asc' }, disableIdentityMap: true });
      return rows.map((p) => toCatalogueProductDto(p, language));
    },
  );

  const measureOrFail = async (projectId: string, measureId: string, em: EntityManager) => {
    const node = await em.findOne(WaterflowNode, { project: projectId, id: measureId, kind: 'measure' }, { fields: ['id'], disableIdentityMap: true });
    if (node === null) throw notFound(`No measure ${measureId} in this project`);
  };

  app.get(
    '/:projectId/measure/:measureId/additionalProducts',
    {
      schema: {
        tags: TAGS,
        summary: "A measure's additional products (languageCode)",
        params: MeasureProductParams,
        querystring: LanguageQuery,
        response: { 200: Type.Array(ProductLineDto), ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { projectId, measureId } = request.params;
      const project = await loadProject(request, projectId, 'read');
      await measureOrFail(project.id, measureId, request.em);
      const stored = await request.em.findOne(MeasureProducts, { project: project.id, measureId }, { disableIdentityMap: true });
      const lines = stored?.lines ?? [];
      const catalogue = await catalogueByNumber(request.em, lines.map((l) => l.materialNumber));
      const language = languageOf(request.query.languageCode);
      void reply.headers(priceHeaders(await priceVersionFields(request.em, project.id)));
      return lines.map((line) => toProductLineDto(line, catalogue, language));
    },
  );

  app.put(
    '/:projectId/measure/:measureId/additionalProducts',
    {
      schema: {
        tags: TAGS,
        summary: "Replace a measure's additional products; unit price, text and unit default to the catalogue's, totalPrice is computed",
        params: MeasureProductParams,
        querystring: LanguageQuery,
        body: ProductLines,
        response: { 200: Type.Array(ProductLineDto), ...errors(400, 401, 403, 404) },
      },
      validatorCompiler: exactValidator,
    },
    async (request, reply) => {
      const { projectId, measureId } = request.params;
      const language = languageOf(request.query.languageCode);
      // Unit prices default to the list prices of the catalogue version the project keeps (decision 0100).
      const { products: catalogue, fields } = await pricedProducts(request.em, projectId, await catalogueByNumber(request.em, request.body.map((l) => l.materialNumber)));
      const lines = productLinesFrom(request.body, catalogue, language);
      await request.em.transactional(async (em) => {
        const project = await loadProject(request, projectId, 'write', { em, lock: true });
        await measureOrFail(project.id, measureId, em);
        await em.upsert(MeasureProducts, { project: project.id, measureId, lines, updatedAt: new Date() });
      });
      void reply.headers(priceHeaders(fields));
      return lines.map((line) => toProductLineDto(line, catalogue, language));
    },
  );
};

export default productRoutes;
