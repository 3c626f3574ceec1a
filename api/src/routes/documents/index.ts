/**
 * The Documents data calls (planning spec section 7, issue 16): the engine's mass lists of a
 * project, a measure or a box configuration, with totals and currency (decimal strings, list
 * prices excluding VAT). Reading needs read access to the project.
 */
import type { ApiPlugin } from '../../type-provider.ts';
import type { BoxConfiguration as EngineConfiguration, Project as EngineProject } from '@rainplan/engine';
import type { MassListGroup } from '@rainplan/engine/bom';
import { configurationBill, measureMassList } from '@rainplan/engine/bom';
import { configurationDepiction, configurationDrawings, gridFromConfiguration, rasterZoom } from '@rainplan/engine/boxgrid';
import { Resvg } from '@resvg/resvg-js';
import { boxCatalogue } from '../../box-configurator/catalogue.ts';
import { itemsJson, loadConfiguration } from '../../box-configurator/store.ts';
import { engineProjectWithConfigurations } from '../../box-configurator/bill.ts';
import { languageOf } from '../../catalogue/products.ts';
import { BoxConfiguration } from '../../db/entities/box-configuration.ts';
import { projectDocumentInputs, projectMassListData } from '../../documents/project-documents.ts';
import serviceCatalogueRoute from './service-catalogue.ts';
import { notFound } from '../../errors.ts';
import { loadProjectFields } from '../../projects/access.ts';
import { errors } from '../../schemas/common.ts';
import { BillOfMaterials, ConfigurationParams, ProjectFileDto, DrawingImages, ImagesParams, ItemMassListQuery, MassListQuery, MeasureParams, ProjectParams } from '../../schemas/documents.ts';

const TAGS = ['Documents'];

const documentRoutes: ApiPlugin = async (app) => {
  app.get(
    '/:projectId/projectFile',
    {
      schema: {
        tags: TAGS,
        summary: "The project as the engine's project file, the file every document is made from",
        description:
          "The project file (docs/project-file.md) with comment, client block, rain data, treatment facilities, the waterflow with its stored results, box configurations with their items and product lists: what the planner's report and project-file download use, and the same file a share link answers (GET /Share/{token}), so both documents are equal.",
        params: ProjectParams,
        response: { 200: ProjectFileDto, ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const project = await loadProjectFields(request, request.params.projectId, 'read');
      void reply.header('cache-control', 'no-store');
      return await engineProjectWithConfigurations(request.em, project);
    },
  );

  app.get(
    '/:projectId/masslist/data',
    {
      schema: {
        tags: TAGS,
        summary: "The project's mass list (groupBy none / measure / configuration; languageCode; prices) from the engine",
        params: ProjectParams,
        querystring: MassListQuery,
        response: { 200: BillOfMaterials, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const project = await loadProjectFields(request, request.params.projectId, 'read');
      return await projectMassListData(request.em, project, request.query);
    },
  );

  app.get(
    '/:projectId/measure/:measureId/masslist/data',
    {
      schema: {
        tags: TAGS,
        summary: "A measure's mass list (with its configuration, if it has one) from the engine",
        params: MeasureParams,
        querystring: ItemMassListQuery,
        response: { 200: BillOfMaterials, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const project = await loadProjectFields(request, request.params.projectId, 'read');
      const { file, catalogue, fields } = await projectDocumentInputs(request.em, project);
      const bill = measureMassList(file, request.params.measureId, catalogue, { language: languageOf(request.query.languageCode), prices: request.query.prices !== 'false' });
      if (bill === undefined) throw notFound(`No measure ${request.params.measureId} in this project`);
      return { ...bill, ...fields };
    },
  );

  app.get(
    '/:projectId/boxConfigurator/:boxConfiguratorId/masslist/data',
    {
      schema: {
        tags: TAGS,
        summary: "A box configuration's mass list (items and additional products) from the engine (groupBy configuration (default) / measure / none; languageCode; prices)",
        description:
          'One group holding the configuration\'s lines, named by `groupBy`: `configuration` (default) after the configuration, `measure` after its linked measure ' +
          '(a custom configuration keeps its own name, as in the project\'s list), `none` after the project. Any other value answers 400, code 2 (decision 0206).',
        params: ConfigurationParams,
        querystring: MassListQuery,
        response: { 200: BillOfMaterials, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const project = await loadProjectFields(request, request.params.projectId, 'read');
      const exists = await request.em.findOne(BoxConfiguration, { id: request.params.boxConfiguratorId, project: project.id }, { fields: ['id'], disableIdentityMap: true });
      if (exists === null) throw notFound(`No box configuration ${request.params.boxConfiguratorId} in this project`);
      const { file, catalogue, fields } = await projectDocumentInputs(request.em, project, { configurationId: exists.id });
      const configuration = file.boxConfigurations?.[0];
      if (configuration === undefined) throw notFound(`No box configuration ${request.params.boxConfiguratorId} in this project`);
      const { quantities: _quantities, ...bill } = configurationBill(configuration, catalogue, { language: languageOf(request.query.languageCode), prices: request.query.prices !== 'false' });
      return { ...groupedAs(bill, request.query.groupBy ?? 'configuration', file, configuration), ...fields };
    },
  );

  await app.register(imagesRoute);
  await app.register(serviceCatalogueRoute);
};

/**
 * A configuration's bill (one group) named as `groupBy` asks (decision 0206): after the
 * configuration, after its linked measure (a custom one keeps its name, as `projectMassList`
 * groups custom configurations) or after the project. The lines and totals are the engine's.
 */
function groupedAs<B extends { massListGroups: readonly MassListGroup[]; groupBy: string }>(bill: B, groupBy: 'none' | 'measure' | 'configuration', file: EngineProject, configuration: EngineConfiguration): B {
  const measure = configuration.measureId == null ? undefined : file.waterflow.measures.find((m) => m.id === configuration.measureId);
  const owner =
    groupBy === 'none'
      ? { groupName: file.project.name, systemType: 'project' as const, ownerId: null }
      : groupBy === 'measure' && measure !== undefined
        ? { groupName: measure.name, systemType: 'measure' as const, ownerId: measure.id }
        : undefined;
  return { ...bill, groupBy, massListGroups: owner === undefined ? bill.massListGroups : bill.massListGroups.map((g) => ({ ...g, ...owner })) };
}

/**
 * Zoom of the rasterised drawings: the SVGs are drawn at 40 px/m, the PNG at twice that — lowered
 * for a large drawing so that no PNG exceeds the engine's drawing limits (`rasterZoom`,
 * `SIZE_LIMITS.drawingMaxPixels`; decision 0192): the raster's memory and time stay bounded
 * whatever the grid's size.
 */
const PNG_ZOOM = 2;

function png(svg: string): string {
  const size = /<svg[^>]* width="(\d+)" height="(\d+)"/.exec(svg);
  const zoom = rasterZoom(Number(size?.[1] ?? 1), Number(size?.[2] ?? 1), PNG_ZOOM);
  return new Resvg(svg, { fitTo: { mode: 'zoom', value: zoom }, font: { loadSystemFonts: true } }).render().asPng().toString('base64');
}

const imagesRoute: ApiPlugin = async (app) => {
  app.get(
    '/images/:boxConfiguratorProjectId',
    {
      schema: {
        tags: TAGS,
        summary: 'Top, front and side view and an axonometric depiction of a box configuration as PNG (base64) and SVG, drawn by the engine',
        description:
          'Each image: description { displayId, translationKey }, content (base64 PNG, rasterised on the server) and svg (the same drawing as SVG for vector output). ' +
          '`depictions` holds one isometric depiction (boxes and shafts with shaded faces, the grid and the projection axes on the ground, the overall size as caption).',
        params: ImagesParams,
        querystring: ItemMassListQuery,
        response: { 200: DrawingImages, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { configuration } = await loadConfiguration(request, request.params.boxConfiguratorProjectId, 'read');
      const catalogue = await boxCatalogue(request.em);
      const items = JSON.parse(await itemsJson(request.em, configuration.id)) as NonNullable<EngineConfiguration['items']>;
      const { grid } = gridFromConfiguration({ id: configuration.id, name: configuration.name, dimensioning: configuration.dimensioning, items }, catalogue.lookup);
      const drawings = configurationDrawings(grid, catalogue.lookup, { language: languageOf(request.query.languageCode) });
      const image = (view: 'top' | 'front' | 'side') => [
        { description: { displayId: `${configuration.name} – ${view}`, translationKey: `documents.drawing.${view}View` }, content: png(drawings[view]), svg: drawings[view] },
      ];
      const depiction = configurationDepiction(grid, catalogue.lookup, { language: languageOf(request.query.languageCode) });
      const depictions = [{ description: { displayId: `${configuration.name} – depiction`, translationKey: 'documents.drawing.depiction' }, content: png(depiction), svg: depiction }];
      return { topViews: image('top'), frontViews: image('front'), sideViews: image('side'), depictions };
    },
  );
};

export { imagesRoute };
export default documentRoutes;
