/**
 * The catalogue version a project is priced with (decision 0100), under /Project:
 * GET /Project/{projectId}/catalogueVersion (readers) and POST /Project/{projectId}/updatePrices
 * (writers): existing projects keep the list prices they were planned with until their planner
 * moves them to the current catalogue's prices.
 */
import type { ApiPlugin } from '../../type-provider.ts';
import { Type } from 'typebox';
import { priceVersionFields, updateProjectPrices } from '../../catalogue/versions.ts';
import { loadProjectFields } from '../../projects/access.ts';
import { errors } from '../../schemas/common.ts';

const TAGS = ['Products'];

const Params = Type.Object({ projectId: Type.String({ format: 'uuid', maxLength: 36 }) });

const Version = Type.Object({
  version: Type.Integer({ description: 'Catalogue version: raised by every import; 1 = the demo catalogue of the first start' }),
  importedAt: Type.String({ format: 'date-time' }),
});

/** The price fields every priced answer carries (mass-list data and these calls). */
export const PriceVersion = Type.Object({
  catalogueVersion: Version,
  newerPricesAvailable: Type.Boolean({ description: 'true when the catalogue has changed since the version the project is priced with' }),
  newestCatalogueVersion: Type.Optional(Version),
});

const UpdateResult = Type.Object({
  catalogueVersion: Version,
  newerPricesAvailable: Type.Boolean(),
  updatedLines: Type.Integer({ description: 'Product lines of measures and configurations that took the current list price' }),
});

const priceRoutes: ApiPlugin = async (app) => {
  app.get(
    '/:projectId/catalogueVersion',
    {
      schema: {
        tags: TAGS,
        summary: 'The catalogue version whose list prices the project keeps, and whether newer prices exist',
        params: Params,
        response: { 200: PriceVersion, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const project = await loadProjectFields(request, request.params.projectId, 'read');
      return priceVersionFields(request.em, project.id);
    },
  );

  app.post(
    '/:projectId/updatePrices',
    {
      schema: {
        tags: TAGS,
        summary: "Move the project to the current catalogue's list prices",
        description:
          'Box items and every catalogue-priced line are priced from now on with the current catalogue; product lines whose unit price was the list price ' +
          'of the version the project kept take the current list price, lines with a price of their own keep it. Idempotent.',
        params: Params,
        response: { 200: UpdateResult, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const result = await request.em.transactional(async (em) => {
        const project = await loadProjectFields(request, request.params.projectId, 'write', { em, lock: true });
        return updateProjectPrices(em, project.id);
      });
      return { ...result.fields, updatedLines: result.updatedLines };
    },
  );
};

export default priceRoutes;
