/**
 * GET /Documents/{projectId}/serviceCatalogue (planning spec section 7, issue 18): the project's
 * service catalogue (tender texts) as a GAEB file, written by the engine's writers from the
 * project's priced mass list grouped by measure (decisions 0115–0117). `gaebFileType` Gaebd81 /
 * Gaebd82 (the spec's GAEB 90 files) or GaebX81 / GaebX82 (GAEB DA XML 3.3). Reading needs read
 * access to the project.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Static } from 'typebox';
import type { FastifyReply } from 'fastify';
import { GaebError, gaebFileTypeOf, serviceCatalogue } from '@rainplan/engine/documents';
import { projectDocumentInputs } from '../../documents/project-documents.ts';
import { languageOf } from '../../catalogue/products.ts';
import { validation } from '../../errors.ts';
import { loadProjectFields, type ProjectFields } from '../../projects/access.ts';
import type { EntityManager } from '../../db/orm.ts';
import { errors } from '../../schemas/common.ts';
import { ProjectParams } from '../../schemas/documents.ts';
import { ServiceCatalogueFile, ServiceCatalogueQuery } from '../../schemas/service-catalogue.ts';

/** What every service-catalogue call (planner and share link) says about the file. */
export const SERVICE_CATALOGUE_DESCRIPTION =
  'One section per measure (with its box configuration) and per custom configuration, one item per product line of the mass list; ' +
  'ordinal numbers 01.0010, 01.0020 … (mask 11PPPP, widened when needed). Phase 82 carries unit prices, item, section and grand totals ' +
  'equal to the mass list (list prices excluding VAT). Content-Disposition names the file; `X-Gaeb-Warnings` counts texts shortened or ' +
  'replaced to fit the format, `X-Bill-Issues` what the data left out of the bill (see the mass-list data call for details). ' +
  'A quantity, amount or ordinal number the format cannot hold answers 400 with code 2.';

/**
 * Writes the project's service catalogue as the answer (the planner's call and the share link's,
 * decision 0160): the list prices the project keeps (decision 0100), as in the mass-list data.
 */
export async function sendServiceCatalogue(em: EntityManager, reply: FastifyReply, project: ProjectFields, query: Static<typeof ServiceCatalogueQuery>): Promise<FastifyReply> {
  const { file, catalogue } = await projectDocumentInputs(em, project);
  const { phase, format } = gaebFileTypeOf(query.gaebFileType);
  let gaeb;
  try {
    gaeb = serviceCatalogue(file, catalogue, { phase, format, language: languageOf(query.languageCode), date: new Date().toISOString().slice(0, 10) });
  } catch (e) {
    if (e instanceof GaebError) throw validation(`${e.code}: ${e.message}`);
    throw e;
  }
  return reply
    .header('content-type', gaeb.mimeType)
    .header('content-disposition', `attachment; filename="${gaeb.fileName}"`)
    .header('cache-control', 'no-store')
    .header('x-gaeb-warnings', String(gaeb.issues.length))
    .header('x-bill-issues', String(gaeb.billIssues.length))
    .send(Buffer.from(gaeb.bytes.buffer, gaeb.bytes.byteOffset, gaeb.bytes.byteLength));
}

const serviceCatalogueRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/:projectId/serviceCatalogue',
    {
      schema: {
        tags: ['Documents'],
        summary: "The project's service catalogue as a GAEB file: D81 / D82 (GAEB 90) or X81 / X82 (GAEB DA XML 3.3)",
        description: SERVICE_CATALOGUE_DESCRIPTION,
        params: ProjectParams,
        querystring: ServiceCatalogueQuery,
        produces: ['application/xml', 'text/plain'],
        response: { 200: ServiceCatalogueFile, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const project = await loadProjectFields(request, request.params.projectId, 'read');
      return sendServiceCatalogue(request.em, reply, project, request.query);
    },
  );
};

export default serviceCatalogueRoute;
