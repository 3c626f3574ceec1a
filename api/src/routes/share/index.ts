/**
 * The read-only share calls (issue 19, part 3; decisions 0135–0137), public: the token in the
 * path is the only credential. GET /Share/{token} answers the project's data and its engine
 * project file (the web app evaluates it), GET /Share/{token}/masslist/data the engine's mass list,
 * GET /Share/{token}/serviceCatalogue the GAEB service catalogue (decision 0160).
 * Nothing here creates a session or reads anything but the token's project.
 */
import type { ApiPlugin } from '../../type-provider.ts';
import { engineProjectWithConfigurations } from '../../box-configurator/bill.ts';
import { boxCatalogue } from '../../box-configurator/catalogue.ts';
import { projectMassListData } from '../../documents/project-documents.ts';
import { openLink, SHARE_ADDRESS_LIMIT, SHARE_LINK_LIMIT } from '../../projects/share-links.ts';
import { errors } from '../../schemas/common.ts';
import { BillOfMaterials, MassListQuery } from '../../schemas/documents.ts';
import { ServiceCatalogueFile, ServiceCatalogueQuery } from '../../schemas/service-catalogue.ts';
import { SharedProjectDto, TokenParams } from '../../schemas/share.ts';
import { SERVICE_CATALOGUE_DESCRIPTION, sendServiceCatalogue } from '../documents/service-catalogue.ts';

const TAGS = ['Share links'];

const LIMITS =
  `At most ${SHARE_ADDRESS_LIMIT.max} calls per client address in ${SHARE_ADDRESS_LIMIT.timeWindow / 60_000} minutes and ` +
  `${SHARE_LINK_LIMIT.max} per link in ${SHARE_LINK_LIMIT.timeWindow / 60_000} minutes (429, code 15). ` +
  'An unknown token answers 404 (code 70), a revoked or expired link 410 (code 71).';

const shareRoutes: ApiPlugin = async (app) => {
  app.get(
    '/:token',
    {
      config: { auth: 'public' },
      schema: {
        tags: TAGS,
        summary: "A shared project, read-only and without an account: its data, the engine's project file and the catalogue's item types",
        description: `Public: the token is the credential; no session is created. Counts as an opening of the view. ${LIMITS}`,
        params: TokenParams,
        response: { 200: SharedProjectDto, ...errors(400, 404, 410, 429) },
      },
    },
    async (request, reply) => {
      const { link, project, planner } = await openLink(request, reply, request.params.token, { view: true });
      // the project file as the planner downloads it and makes the report from (the same function:
      // comment, client, box configurations with items, product lists; decision 0196) and the
      // catalogue's item types: what the report's drawings need
      const [file, catalogue] = await Promise.all([engineProjectWithConfigurations(request.em, project), boxCatalogue(request.em)]);
      void reply.header('cache-control', 'no-store');
      return {
        link: { label: link.label, expiresAt: link.expiresAt?.toISOString() ?? null },
        // the planner who issued the link: the report's cover names them, as on the planner's
        // own report (decision 0200); the name only, no e-mail or account
        planner,
        project: {
          name: project.name,
          comment: project.comment,
          location:
            project.latitude == null || project.longitude == null ? null : { latitude: Number(project.latitude), longitude: Number(project.longitude), address: project.address ?? null },
          airPollution: project.airPollution ?? null,
          clientData: project.clientData,
          ruleEdition: project.ruleEdition,
          usesCustomRaindata: project.customRainData != null,
          creationDate: project.creationDate.toISOString(),
        },
        file,
        itemTypes: catalogue.document.itemTypes,
      };
    },
  );

  app.get(
    '/:token/masslist/data',
    {
      config: { auth: 'public' },
      schema: {
        tags: TAGS,
        summary: "The shared project's mass list from the engine (as GET /Documents/{projectId}/masslist/data)",
        description: `Public: the token is the credential. ${LIMITS}`,
        params: TokenParams,
        querystring: MassListQuery,
        response: { 200: BillOfMaterials, ...errors(400, 404, 409, 410, 429) },
      },
    },
    async (request, reply) => {
      const { project } = await openLink(request, reply, request.params.token, { view: false });
      // the prices the project keeps (catalogue versions), as the planner's own mass list
      const data = await projectMassListData(request.em, project, request.query);
      void reply.header('cache-control', 'no-store');
      return data;
    },
  );

  app.get(
    '/:token/serviceCatalogue',
    {
      config: { auth: 'public' },
      schema: {
        tags: TAGS,
        summary: "The shared project's service catalogue as a GAEB file (as GET /Documents/{projectId}/serviceCatalogue)",
        description: `Public: the token is the credential. ${SERVICE_CATALOGUE_DESCRIPTION} ${LIMITS}`,
        params: TokenParams,
        querystring: ServiceCatalogueQuery,
        produces: ['application/xml', 'text/plain'],
        response: { 200: ServiceCatalogueFile, ...errors(400, 404, 409, 410, 429) },
      },
    },
    async (request, reply) => {
      const { project } = await openLink(request, reply, request.params.token, { view: false });
      // the prices the project keeps, as the planner's own file (sets Cache-Control: no-store)
      return sendServiceCatalogue(request.em, reply, project, request.query);
    },
  );
};

export default shareRoutes;
