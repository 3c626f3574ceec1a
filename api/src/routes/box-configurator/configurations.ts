/**
 * The BoxConfigurator calls of the planning spec (section 7, issue 16): configurations, their box
 * items and their additional products. Every call follows the project's rights
 * (projects/access.ts): reading needs read access to the project, every change write access.
 * Writes lock the project row, so a configuration, its items and a linked measure change together
 * or not at all. `version` (one per configuration, settings and items) guards against silent
 * overwrites: an older one answers 409, code 56, with the current state.
 */
import { sendJsonText, type ApiPlugin } from '../../type-provider.ts';
import type { FastifyError } from 'fastify';
import { CataloguePlantSchema, ItemTypeSchema, PropertySetSchema } from '@rainplan/engine/catalogue';
import { Type } from 'typebox';
import { boxCatalogue } from '../../box-configurator/catalogue.ts';
import { engineCatalogue } from '../../box-configurator/bill.ts';
import { priceHeaders, priceVersionFields, pricedProducts } from '../../catalogue/versions.ts';
import {
  assignIds,
  blockForMeasure,
  checkItems,
  DEFAULT_DIMENSIONING,
  DEFAULT_NAME,
  eligibleMeasureOrFail,
  ItemRefusal,
  itemsJson,
  loadConfiguration,
  newConfigurationLevels,
  objectiveOf,
  ownDimensioning,
  restoreMeasure,
  toConfigurationDto,
  writeItems,
} from '../../box-configurator/store.ts';
import { randomUUID } from 'node:crypto';
import type { Measure } from '@rainplan/engine';
import { gridCells, gridEdgeM, gridHeightM, heightOverrideOf, measureBlock } from '@rainplan/engine/boxgrid';
import { catalogueByNumber, languageOf, productLinesFrom, toProductLineDto, type ProductLineInput } from '../../catalogue/products.ts';
import { BoxConfiguration } from '../../db/entities/box-configuration.ts';
import { ApiError, ErrorCode, ItemsRefused, validation, VersionConflict } from '../../errors.ts';
import type { EntityManager } from '../../db/orm.ts';
import { loadProjectFields } from '../../projects/access.ts';
import { loadWaterflow, rederiveProject } from '../../projects/waterflow.ts';
import {
  BoxItemsDto,
  ConfigurationConflict,
  ConfigurationDto,
  ConfigurationParams,
  CreateConfiguration,
  type Dimensioning,
  ItemErrorBody,
  ItemsConflict,
  MAX_ITEMS,
  PatchConfiguration,
  ProjectParams,
  PutBoxItems,
} from '../../schemas/box-configurator.ts';
import { errors, message, MessageBody } from '../../schemas/common.ts';
import { exactValidator } from '../../schemas/exact-validator.ts';
import { strictValidator } from '../../schemas/strict-validator.ts';
import { validationMessage } from '../../schemas/validation-message.ts';
import { LanguageQuery, ProductLineDto, ProductLines } from '../../schemas/products.ts';

const TAGS = ['BoxConfigurator'];
/** A PUT of 20,000 items is about 2 MB of JSON; 50,000 items with options stay below 16 MiB. */
const ITEMS_BODY_LIMIT = 16 * 1024 * 1024;

const CONFIGURATION = 'box configuration';

const configurationRoutes: ApiPlugin = async (app) => {
  app.post(
    '',
    {
      schema: {
        tags: TAGS,
        summary: 'Create a box configurator project for a measure (infiltration box tank or retention basin without a configuration) or a custom one (measureId null)',
        description:
          'An empty name becomes "newConfig". A linked measure gives the configuration its tank dimensions and objective; the measure is re-sized by the engine ' +
          'from then on with the configuration’s dimensions (decision 0095). A measure that is not eligible answers 400 (code 2), one that already has a configuration 409 (code 2), ' +
          'one whose block of boxes would hold more than 50,000 items 422 (code 60, message key configurator.tooManyItems; decision 0191).',
        body: CreateConfiguration,
        response: { 200: ConfigurationDto, ...errors(400, 401, 403, 404, 409, 422) },
      },
      validatorCompiler: exactValidator,
    },
    async (request) => {
      const { projectId, measureId } = request.body;
      const name = request.body.name?.trim() || DEFAULT_NAME;
      const id = await request.em.transactional(async (em) => {
        const project = await loadProjectFields(request, projectId, 'write', { em, lock: true });
        const newId = randomUUID();
        let dimensioning = { ...DEFAULT_DIMENSIONING };
        let stormwaterObjective: 'retention' | 'infiltration' = 'infiltration';
        let items: ReturnType<typeof assignIds> = { items: [], nextNumber: 1 };
        let measureOwnDimensioning: Record<string, unknown> | null = null;
        if (measureId !== null) {
          const measure = await eligibleMeasureOrFail(em, project.id, measureId);
          // A block larger than one configuration holds is refused before it is laid out (decision 0191).
          const size = measureBlock(measure);
          if (!size.fits) {
            throw new ApiError(
              422,
              ErrorCode.CONFIGURATION_TOO_LARGE,
              `configurator.tooManyItems: the measure's block of ${size.cellsX} × ${size.cellsZ} cells × ${size.layers} levels holds ${size.items} boxes, ` +
                `more than the ${MAX_ITEMS} items of one configuration; make the measure smaller or split it`,
            );
          }
          measureOwnDimensioning = ownDimensioning(measure);
          // The engine's block of boxes L × B × levels from the measure's own dimensions.
          const block = blockForMeasure(measure, await boxCatalogue(em), newId, name);
          if (block !== undefined) {
            const d = block.dimensioning ?? {};
            dimensioning = {
              width: d.width ?? dimensioning.width,
              length: d.length ?? dimensioning.length,
              height: d.height ?? dimensioning.height,
              levels: d.levels ?? dimensioning.levels,
              storageCoefficient: d.storageCoefficient ?? dimensioning.storageCoefficient,
            };
            items = assignIds((block.items ?? []).map((i) => ({ ...i, boxId: i.boxId ?? null, options: [] })), 1);
          }
          stormwaterObjective = objectiveOf(measure);
        }
        const now = new Date();
        await em.insert(BoxConfiguration, {
          id: newId,
          project: project.id,
          measureId,
          name: name.slice(0, 255),
          dimensioning,
          projectionAxes: { xProjectionAxes: [], yProjectionAxes: [] },
          // ground level 0 m, plant bottom = ground − height − minimum cover (decision 0172)
          ...newConfigurationLevels(dimensioning),
          stormwaterObjective,
          measureOwnDimensioning,
          additionalProducts: [],
          itemCount: items.items.length,
          nextItemNumber: items.nextNumber,
          version: 1,
          creationDate: now,
          updatedAt: now,
        });
        await writeItems(em, newId, JSON.stringify(items.items));
        // The linked measure is re-sized by the engine from the configuration.
        if (measureId !== null) await rederiveProject(em, project);
        return newId;
      });
      const { configuration } = await loadConfiguration(request, id, 'read');
      return toConfigurationDto(configuration);
    },
  );

  app.get(
    '/itemTypes',
    {
      schema: {
        tags: TAGS,
        summary: 'The item types (boxes and shafts) of the box catalogue',
        response: { 200: Type.Array(ItemTypeSchema), ...errors(401) },
      },
    },
    async (request) => (await boxCatalogue(request.em)).document.itemTypes,
  );

  app.get(
    '/propertySets',
    {
      schema: {
        tags: TAGS,
        summary: 'The property sets of the box catalogue (options of boxes, shafts, cube sides and plants)',
        response: { 200: Type.Array(PropertySetSchema), ...errors(401) },
      },
    },
    async (request) => (await boxCatalogue(request.em)).document.propertySets,
  );

  app.get(
    '/plants',
    {
      schema: {
        tags: TAGS,
        summary: 'The plants of the box catalogue (pipe connections a cube side can take; their options are property sets)',
        response: { 200: Type.Array(CataloguePlantSchema), ...errors(401) },
      },
    },
    async (request) => (await boxCatalogue(request.em)).document.plants,
  );

  app.get(
    '/configurations/:projectId',
    {
      schema: {
        tags: TAGS,
        summary: 'The box configurator projects of a project (oldest first)',
        params: ProjectParams,
        response: { 200: Type.Array(ConfigurationDto), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const project = await loadProjectFields(request, request.params.projectId, 'read');
      const rows = await request.em.find(BoxConfiguration, { project: project.id }, { orderBy: { creationDate: 'asc', id: 'asc' }, disableIdentityMap: true });
      return rows.map(toConfigurationDto);
    },
  );

  app.get(
    '/:boxConfiguratorProjectId',
    {
      schema: {
        tags: TAGS,
        summary: 'A box configurator project',
        params: ConfigurationParams,
        response: { 200: ConfigurationDto, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => toConfigurationDto((await loadConfiguration(request, request.params.boxConfiguratorProjectId, 'read')).configuration),
  );

  app.patch(
    '/:boxConfiguratorProjectId',
    {
      schema: {
        tags: TAGS,
        summary: 'Change a box configurator project: name, measureId, dimensioning, projectionAxes, groundLevel, plantBottomLevel, stormwaterObjective',
        description:
          'Send `version` as read; an older one answers 409 (code 56) with the current configuration. Linking a measure (eligible, spec section 5) ' +
          'gives it the configuration’s tank dimensions and re-sizes it with the engine; unlinking (measureId null) returns the measure to its own dimensions.',
        params: ConfigurationParams,
        body: PatchConfiguration,
        response: { 200: ConfigurationDto, 409: ConfigurationConflict, ...errors(400, 401, 403, 404) },
      },
      validatorCompiler: exactValidator,
    },
    async (request) => {
      const id = request.params.boxConfiguratorProjectId;
      const body = request.body;
      const result = await request.em.transactional(async (em) => {
        const { configuration, project } = await loadConfiguration(request, id, 'write', { em, lock: true });
        if (body.version !== configuration.version) return { conflict: toConfigurationDto(configuration) };
        const dimensioning = { ...configuration.dimensioning, ...onTheGrid(body.dimensioning ?? {}) };
        await itemsStayInside(em, id, configuration.dimensioning, dimensioning);
        const oldMeasure = configuration.measureId ?? null;
        const newMeasure = body.measureId === undefined ? oldMeasure : body.measureId;
        let kept = configuration.measureOwnDimensioning ?? null;
        let linked: Measure | undefined;
        if (newMeasure !== oldMeasure && newMeasure !== null) linked = await eligibleMeasureOrFail(em, project.id, newMeasure, id);
        if (newMeasure !== oldMeasure) kept = linked === undefined ? null : ownDimensioning(linked);
        // The objective follows the linked measure's target (an infiltration tank holds no sealing foil).
        if (newMeasure !== null && linked === undefined && body.stormwaterObjective !== undefined) {
          linked = (await loadWaterflow(em, project.id)).waterflow.measures.find((m) => m.id === newMeasure);
        }
        const target = linked === undefined ? undefined : objectiveOf(linked);
        if (target !== undefined && body.stormwaterObjective !== undefined && body.stormwaterObjective !== target) {
          throw validation(
            `body/stormwaterObjective: ${body.stormwaterObjective} does not match the linked measure ${linked?.name ?? ''}, whose target is ${target}; ` +
              'unlink the measure (measureId null) to choose another objective (configurator.objectiveMismatch)',
          );
        }
        const stormwaterObjective = target ?? body.stormwaterObjective;
        const name = body.name === undefined ? configuration.name : body.name.trim() || DEFAULT_NAME;
        await em.nativeUpdate(
          BoxConfiguration,
          { id },
          {
            name,
            measureId: newMeasure,
            measureOwnDimensioning: kept,
            dimensioning,
            ...(body.projectionAxes === undefined ? {} : { projectionAxes: body.projectionAxes }),
            ...(body.groundLevel === undefined ? {} : { groundLevel: body.groundLevel }),
            ...(body.plantBottomLevel === undefined ? {} : { plantBottomLevel: body.plantBottomLevel }),
            ...(stormwaterObjective === undefined ? {} : { stormwaterObjective }),
            version: configuration.version + 1,
            updatedAt: new Date(),
          },
        );
        // Linking, unlinking or resizing a linked configuration re-sizes the measures with the engine;
        // a measure that is no longer linked gets its own dimensions back.
        if (oldMeasure !== null && oldMeasure !== newMeasure) await restoreMeasure(em, project, oldMeasure, configuration.measureOwnDimensioning);
        else if (newMeasure !== null) await rederiveProject(em, project);
        if (oldMeasure !== null && newMeasure !== null && oldMeasure !== newMeasure) await rederiveProject(em, project);
        return { ok: true as const };
      });
      if ('conflict' in result) {
        throw new VersionConflict(CONFIGURATION, result.conflict.version, body.version, result.conflict);
      }
      return toConfigurationDto((await loadConfiguration(request, id, 'read')).configuration);
    },
  );

  app.delete(
    '/:boxConfiguratorProjectId',
    {
      schema: {
        tags: TAGS,
        summary: 'Delete a box configurator project with its items and products; a linked measure returns to its own dimensions',
        params: ConfigurationParams,
        response: { 200: MessageBody, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const id = request.params.boxConfiguratorProjectId;
      await request.em.transactional(async (em) => {
        const { configuration, project } = await loadConfiguration(request, id, 'write', { em, lock: true });
        await em.nativeDelete(BoxConfiguration, { id });
        // A measure that was linked returns to its own dimensions.
        if (configuration.measureId != null) await restoreMeasure(em, project, configuration.measureId, configuration.measureOwnDimensioning);
      });
      return message('Box configuration deleted');
    },
  );

  app.get(
    '/:boxConfiguratorProjectId/boxItems',
    {
      schema: {
        tags: TAGS,
        summary: 'The box items of a configuration with the configuration version',
        params: ConfigurationParams,
        response: { 200: BoxItemsDto, ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { configuration } = await loadConfiguration(request, request.params.boxConfiguratorProjectId, 'read');
      const json = await itemsJson(request.em, configuration.id);
      // The stored document is the wire list: sent as it is, not parsed and serialized again.
      return sendJsonText(reply, `{"version":${configuration.version},"boxItems":${json}}`);
    },
  );

  app.put(
    '/:boxConfiguratorProjectId/boxItems',
    {
      bodyLimit: ITEMS_BODY_LIMIT,
      attachValidation: true,
      validatorCompiler: strictValidator,
      // A list over the limit is refused before its items are checked one by one (decision 0191).
      preValidation: async (request) => {
        const items = (request.body as { boxItems?: unknown } | null)?.boxItems;
        if (Array.isArray(items) && items.length > MAX_ITEMS) {
          throw new ItemsRefused(`body/boxItems: must NOT have more than ${MAX_ITEMS} items (configurator.tooManyItems)`);
        }
      },
      schema: {
        tags: TAGS,
        summary: 'Replace the box items of a configuration (atomically; new items get ids)',
        description:
          'Body `{ version, boxItems }`. Items with boxId null, "" or starting with "temp" get an id `b<n>`. An invalid item refuses the whole list with 400, ' +
          'code 2, and `index`; nothing is stored. An older `version` answers 409, code 56, with `current: { version, itemCount, href }` — GET `href` for the stored list ' +
          '(the answer stays small however many items are stored; decision 0193).',
        params: ConfigurationParams,
        body: PutBoxItems,
        response: { 200: BoxItemsDto, 400: ItemErrorBody, 409: ItemsConflict, ...errors(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const invalid = request.validationError;
      if (invalid !== undefined) {
        // The schema's answer, plus the index of the first refused item (spec section 5).
        const path = (invalid as { validation?: Array<{ instancePath?: string }> }).validation?.[0]?.instancePath ?? '';
        const index = /^\/boxItems\/(\d+)/.exec(path)?.[1];
        throw new ItemsRefused(validationMessage(invalid as FastifyError), index === undefined ? undefined : Number(index));
      }
      const id = request.params.boxConfiguratorProjectId;
      const { version, boxItems } = request.body;
      const result = await request.em.transactional(async (em) => {
        const { configuration, project } = await loadConfiguration(request, id, 'write', { em, lock: true });
        if (version !== configuration.version) {
          // The stored version and the link to the stored list, not the list (decision 0193).
          return { conflict: { version: Number(configuration.version), itemCount: configuration.itemCount, href: `/api/BoxConfigurator/${id}/boxItems` } };
        }
        let assigned;
        let levels;
        try {
          assigned = assignIds(boxItems, configuration.nextItemNumber);
          const withOptions = assigned.items.some((i) => i.options.length > 0);
          levels = checkItems(configuration, assigned.items, await boxCatalogue(em), withOptions ? await engineCatalogue(em) : undefined);
        } catch (error) {
          if (error instanceof ItemRefusal) return { refused: error };
          throw error;
        }
        const json = JSON.stringify(assigned.items);
        await writeItems(em, id, json);
        const next = configuration.version + 1;
        const dimensioning = {
          ...configuration.dimensioning,
          ...(assigned.items.length === 0 ? {} : { height: levels.height ?? configuration.dimensioning.height, levels: levels.levels ?? configuration.dimensioning.levels }),
        };
        await em.nativeUpdate(BoxConfiguration, { id }, { itemCount: assigned.items.length, nextItemNumber: assigned.nextNumber, dimensioning, version: next, updatedAt: new Date() });
        if (configuration.measureId != null) await rederiveProject(em, project);
        return { body: `{"version":${next},"boxItems":${json}}` };
      });
      if ('refused' in result) {
        throw new ItemsRefused(result.refused.message, result.refused.index);
      }
      if ('conflict' in result) {
        throw new VersionConflict(CONFIGURATION, result.conflict.version, version, result.conflict);
      }
      return sendJsonText(reply, result.body);
    },
  );

  app.get(
    '/:boxConfiguratorProjectId/additionalProducts',
    {
      schema: {
        tags: TAGS,
        summary: "A configuration's additional products (languageCode)",
        params: ConfigurationParams,
        querystring: LanguageQuery,
        response: { 200: Type.Array(ProductLineDto), ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { configuration, project } = await loadConfiguration(request, request.params.boxConfiguratorProjectId, 'read');
      const lines = configuration.additionalProducts;
      const catalogue = await catalogueByNumber(request.em, lines.map((l) => l.materialNumber));
      const language = languageOf(request.query.languageCode);
      void reply.headers(priceHeaders(await priceVersionFields(request.em, project.id)));
      return lines.map((line) => toProductLineDto(line, catalogue, language));
    },
  );

  app.put(
    '/:boxConfiguratorProjectId/additionalProducts',
    {
      schema: {
        tags: TAGS,
        summary: "Replace a configuration's additional products; unit price, text and unit default to the catalogue's, totalPrice is computed",
        params: ConfigurationParams,
        querystring: LanguageQuery,
        body: ProductLines,
        response: { 200: Type.Array(ProductLineDto), ...errors(400, 401, 403, 404) },
      },
      validatorCompiler: exactValidator,
    },
    async (request, reply) => {
      const id = request.params.boxConfiguratorProjectId;
      const language = languageOf(request.query.languageCode);
      const products = await catalogueByNumber(request.em, request.body.map((l) => l.materialNumber));
      const projectId = (await loadConfiguration(request, id, 'write')).project.id;
      // Unit prices default to the list prices of the catalogue version the project keeps (decision 0100).
      const { products: catalogue, fields } = await pricedProducts(request.em, projectId, products);
      const lines = productLinesFrom(request.body as readonly ProductLineInput[], catalogue, language);
      await request.em.transactional(async (em) => {
        await loadConfiguration(request, id, 'write', { em, lock: true });
        await em.nativeUpdate(BoxConfiguration, { id }, { additionalProducts: lines, updatedAt: new Date() });
      });
      void reply.headers(priceHeaders(fields));
      return lines.map((line) => toProductLineDto(line, catalogue, language));
    },
  );
};

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/**
 * The given dimensions on the grid by the engine's rules (spec §5, decision 0205): width and length
 * rounded down to whole 0.8 m cells (`gridEdgeM`, exact decimals), height to box levels
 * (`gridHeightM`). A width or length below one cell is refused (400, code 2).
 */
function onTheGrid(given: Partial<Dimensioning>): Partial<Dimensioning> {
  const out = definedOnly(given);
  for (const edge of ['width', 'length'] as const) {
    const typed = out[edge];
    if (typed === undefined) continue;
    const onGrid = gridEdgeM(typed);
    if (onGrid === 0) throw validation(`body/dimensioning/${edge}: ${typed} m is less than one cell of 0.8 m (configurator.gridTooSmall)`);
    out[edge] = onGrid;
  }
  if (out.height !== undefined) out.height = gridHeightM(out.height);
  // the override in millimetres (decision 0229); null clears it
  if (typeof out.heightOverride === 'number') out.heightOverride = heightOverrideOf(out.heightOverride);
  return out;
}

/** Refuses (400, code 2) a smaller grid that would leave stored items outside it: nothing is dropped silently. */
async function itemsStayInside(em: EntityManager, id: string, before: Dimensioning, after: Dimensioning): Promise<void> {
  if (after.width >= before.width && after.length >= before.length) return;
  const { sizeX, sizeZ } = gridCells(after.length, after.width);
  const items = JSON.parse(await itemsJson(em, id)) as Array<{ x: number; z: number }>;
  const outside = items.filter((i) => i.x >= sizeX || i.z >= sizeZ).length;
  if (outside > 0) {
    throw validation(
      `body/dimensioning: ${outside} stored item(s) lie outside a grid of ${after.length} m × ${after.width} m (${sizeX} × ${sizeZ} cells); remove them first (configurator.itemsOutsideSmallerGrid)`,
    );
  }
}

export default configurationRoutes;
