/**
 * Box configurator projects in the database (issue 16, decisions 0095, 0096): access through the
 * project's rights, the measure eligibility and the engine's item checks (planning spec section
 * 5), item lists stored as one jsonb document per configuration. A linked measure is sized by the
 * engine's `evaluate` from its configuration (projects/waterflow.ts `engineContext`).
 */
import { measureKind, type BoxConfiguration as EngineConfiguration, type Measure } from '@rainplan/engine';
import { configurationBill } from '@rainplan/engine/bom';
import type { Catalogue } from '@rainplan/engine/catalogue';
import { checkItemList, GRID_MESSAGE_KEYS, gridCells, coverChecks, coverDepth, defaultLevels, installedHeightM, gridForMeasure, gridFromConfiguration, measureTakesConfiguration, toConfiguration } from '@rainplan/engine/boxgrid';
import { BOX_GRID, DEFAULTS } from '@rainplan/engine/tables';
import type { LoadedBoxCatalogue } from './catalogue.ts';
import type { FastifyRequest } from 'fastify';
import { BoxConfiguration, type BoxItemData, type ConfigurationDimensioning } from '../db/entities/box-configuration.ts';
import type { EntityManager } from '../db/orm.ts';
import { ApiError, ErrorCode, notFound, validation } from '../errors.ts';
import { loadProjectFields, type ProjectFields, type ProjectRight } from '../projects/access.ts';
import { deriveWaterflow, engineContext, loadWaterflow, saveWaterflow } from '../projects/waterflow.ts';
import type { ConfigurationDto } from '../schemas/box-configurator.ts';

/**
 * Defaults of a new configuration: the engine's new-configurator grid (10 m × 10 m), one level of
 * boxes (0.66 m) and their storage coefficient (planning spec section 9, `DEFAULTS` in
 * engine/src/tables/defaults.ts).
 */
export const DEFAULT_DIMENSIONING: ConfigurationDimensioning = {
  width: DEFAULTS.newConfiguratorGridWidthM,
  length: DEFAULTS.newConfiguratorGridLengthM,
  height: DEFAULTS.boxHeightM,
  levels: DEFAULTS.levels,
  storageCoefficient: DEFAULTS.storageCoefficientPercent,
};
export const DEFAULT_NAME = 'newConfig';

/**
 * The levels a new configuration starts with: ground level 0 m and the plant bottom at
 * ground − its height − the minimum cover (the engine's `defaultLevels`, decision 0172).
 */
export function newConfigurationLevels(dimensioning: ConfigurationDimensioning): { groundLevel: number; plantBottomLevel: number } {
  return defaultLevels({ heightM: dimensioning.height });
}

export function toConfigurationDto(row: BoxConfiguration): ConfigurationDto {
  // The cover and its checks by the engine, from the height stored with the items or its override (decisions 0172, 0229).
  const occupied = row.itemCount > 0;
  const levels = { groundLevel: Number(row.groundLevel), plantBottomLevel: Number(row.plantBottomLevel), heightM: occupied ? installedHeightM(row.dimensioning.height, row.dimensioning.heightOverride) : 0 };
  return {
    id: row.id,
    projectId: typeof row.project === 'string' ? row.project : row.project.id,
    measureId: row.measureId ?? null,
    name: row.name,
    dimensioning: row.dimensioning,
    projectionAxes: row.projectionAxes,
    groundLevel: Number(row.groundLevel),
    plantBottomLevel: Number(row.plantBottomLevel),
    stormwaterObjective: row.stormwaterObjective,
    itemCount: row.itemCount,
    version: row.version,
    coverDepthM: Math.round(coverDepth(levels) * 1e6) / 1e6,
    checks: coverChecks({ ...levels, occupied }).map((m) => ({ code: m.code, messageKey: m.messageKey, severity: m.severity, params: { ...m.params } })),
  };
}

export interface LoadedConfiguration {
  readonly configuration: BoxConfiguration;
  readonly project: ProjectFields;
}

/**
 * The configuration `id` if the signed-in user has `right` on its project: 404 when there is
 * none, 403 when the user may not. With `lock`, the project row is locked first (every write of a
 * project is serialized on it) and the configuration read after the lock.
 */
export async function loadConfiguration(
  request: FastifyRequest,
  id: string,
  right: ProjectRight,
  options: { em?: EntityManager; lock?: boolean } = {},
): Promise<LoadedConfiguration> {
  const em = options.em ?? request.em;
  const first = await em.findOne(BoxConfiguration, { id }, { fields: ['project'], disableIdentityMap: true });
  if (first === null) throw notFound(`No box configuration ${id}`);
  const project = await loadProjectFields(request, first.project.id, right, { em, ...(options.lock === true ? { lock: true } : {}) });
  const configuration = await em.findOne(BoxConfiguration, { id }, { disableIdentityMap: true });
  if (configuration === null) throw notFound(`No box configuration ${id}`);
  return { configuration, project };
}

/** The stormwater objective that follows from a measure. */
export function objectiveOf(measure: Measure): 'retention' | 'infiltration' {
  // The engine's kind classification (kinds/registry.ts): retention measures store for the throttle.
  return measureKind(measure.data).retention ? 'retention' : 'infiltration';
}

/**
 * Checks with the engine that `measureId` is an eligible measure of the project (spec section 5:
 * infiltration box tank or retention basin) without another configuration (`except`: the
 * configuration being edited). Answers 400 (code 2), or 409 when the measure has one already.
 */
export async function eligibleMeasureOrFail(em: EntityManager, projectId: string, measureId: string, except?: string): Promise<Measure> {
  const { waterflow } = await loadWaterflow(em, projectId);
  const measure = waterflow.measures.find((m) => m.id === measureId);
  if (measure === undefined) throw validation(`measureId: ${measureId} is not a measure of this project`);
  if (!measureTakesConfiguration(measure)) throw validation(`measureId: ${measureId} is neither an infiltration box tank nor a retention basin (createDialog.noAvailableMeasures)`);
  const other = await em.findOne(BoxConfiguration, { project: projectId, measureId }, { fields: ['id'], disableIdentityMap: true });
  if (other !== null && other.id !== except) throw new ApiError(409, ErrorCode.VALIDATION, `measureId: ${measureId} already has a box configuration (${other.id})`);
  return measure;
}

/**
 * The first full box of the catalogue (the type a measure's block is filled with): a BOX whose
 * height is the tallest of the boxes.
 */
export function fullBoxType(catalogue: LoadedBoxCatalogue): string | undefined {
  const boxes = catalogue.document.itemTypes.map((t) => catalogue.lookup(t.businessId)).filter((g) => g !== undefined && g.kind === 'BOX');
  const tallest = Math.max(...boxes.map((g) => g?.heightMm ?? 0));
  return boxes.find((g) => g?.heightMm === tallest)?.businessId;
}

/**
 * A new configuration for a measure (docs/configurator.md "Link to the measure"): the engine's block of
 * boxes L × B × levels from the measure's own dimensions, with its dimensioning and wire items.
 */
export function blockForMeasure(measure: Measure, catalogue: LoadedBoxCatalogue, id: string, name: string): EngineConfiguration | undefined {
  const boxTypeId = fullBoxType(catalogue);
  if (boxTypeId === undefined) return undefined;
  return toConfiguration(gridForMeasure({ id, name }, measure, catalogue.lookup, boxTypeId, halfBoxType(catalogue)), catalogue.lookup);
}

/**
 * The half box of the catalogue (the top layer of a measure's block with a half level, such as
 * 1.5 levels; decision 0168): a BOX 360 mm high, or undefined when the catalogue has none.
 */
export function halfBoxType(catalogue: LoadedBoxCatalogue): string | undefined {
  return catalogue.document.itemTypes.map((t) => catalogue.lookup(t.businessId)).find((g) => g !== undefined && g.kind === 'BOX' && g.heightMm === BOX_GRID.halfBoxHeightMm)?.businessId;
}

/**
 * Checks an item list with the engine (spec section 5): the list rule, then the grid load, which
 * skips unknown item types, items outside the grid and a second item in an occupied cell — any
 * skipped item refuses the whole list with its index and message key.
 */
export function checkItems(
  configuration: { id: string; name: string; dimensioning: ConfigurationDimensioning },
  items: BoxItemData[],
  catalogue: LoadedBoxCatalogue,
  billCatalogue?: Catalogue,
): NonNullable<EngineConfiguration['dimensioning']> {
  const list = checkItemList(items);
  if (!list.ok) {
    const index = Number(list.message.params['index'] ?? -1);
    throw new ItemRefusal(index, `body/boxItems/${index}: ${list.message.messageKey}`);
  }
  // The configured grid bounds the items: the engine's load would grow the grid to hold them, so an
  // item beyond the stored length or width is refused instead (enlarge the grid first).
  const { sizeX, sizeZ } = gridCells(configuration.dimensioning.length, configuration.dimensioning.width);
  const outside = items.findIndex((i) => i.x >= sizeX || i.z >= sizeZ);
  if (outside >= 0) {
    const item = items[outside]!;
    throw new ItemRefusal(
      outside,
      `body/boxItems/${outside}: ITEM_OUTSIDE_GRID (${GRID_MESSAGE_KEYS.ITEM_OUTSIDE_GRID}): cell x ${item.x}, z ${item.z} lies outside the grid of ${sizeX} × ${sizeZ} cells ` +
        `(${configuration.dimensioning.length} m × ${configuration.dimensioning.width} m); enlarge the grid (PATCH dimensioning) first`,
    );
  }
  // Option ids the catalogue does not know are refused by the bill's own rule (UNKNOWN_OPTION).
  if (billCatalogue !== undefined && items.some((i) => i.options.length > 0)) {
    const unknown = unknownOption({ id: configuration.id, name: configuration.name, dimensioning: configuration.dimensioning, items }, billCatalogue);
    if (unknown !== undefined) throw new ItemRefusal(unknown.index, `body/boxItems/${unknown.index}/options/${unknown.option}: UNKNOWN_OPTION (${unknown.messageKey}): ${unknown.detail}`);
  }
  const { grid, skipped } = gridFromConfiguration({ id: configuration.id, name: configuration.name, dimensioning: configuration.dimensioning, items }, catalogue.lookup);
  const first = skipped[0];
  if (first !== undefined) {
    const index = Number(first.params['index'] ?? -1);
    const detail = Object.entries(first.params).filter(([k]) => k !== 'index').map(([k, v]) => `${k} ${String(v)}`).join(', ');
    throw new ItemRefusal(index, `body/boxItems/${index}: ${first.code} (${first.messageKey})${detail === '' ? '' : `: ${detail}`}`);
  }
  // Height and levels recomputed from the items (spec section 4).
  return toConfiguration(grid, catalogue.lookup).dimensioning ?? {};
}

/** The first option of `configuration` the catalogue does not know (the bill's UNKNOWN_OPTION), with its item and option index. */
function unknownOption(configuration: EngineConfiguration, catalogue: Catalogue): { index: number; option: number; messageKey: string; detail: string } | undefined {
  const { issues } = configurationBill(configuration, catalogue, { prices: false });
  for (const issue of issues) {
    if (issue.code !== 'UNKNOWN_OPTION') continue;
    const at = /^\$\.items\[(\d+)\]\.options\[(\d+)\]/.exec(issue.path ?? '');
    if (at === null) continue;
    const detail = Object.entries(issue.params).map(([k, v]) => `${k} ${String(v)}`).join(', ');
    return { index: Number(at[1]), option: Number(at[2]), messageKey: issue.messageKey, detail };
  }
  return undefined;
}

/** What to keep of a measure when a configuration is linked to it (restored by `restoreMeasure`). */
export function ownDimensioning(measure: Measure): Record<string, unknown> {
  return { dimensioningInfiltrationTank: measure.data.dimensioningInfiltrationTank ?? null };
}

/**
 * Returns a measure to its own tank dimensioning (unlink or delete of its configuration, which
 * must already be stored as unlinked) and re-derives the project with the engine; the measure's
 * version goes up, as its data changed.
 */
export async function restoreMeasure(em: EntityManager, project: ProjectFields, measureId: string, own: Record<string, unknown> | null | undefined): Promise<void> {
  const before = await loadWaterflow(em, project.id);
  const measure = before.waterflow.measures.find((m) => m.id === measureId);
  if (measure === undefined) return; // the measure is gone: nothing to restore
  const data = { ...measure.data };
  const tank = own?.['dimensioningInfiltrationTank'] as Measure['data']['dimensioningInfiltrationTank'] | undefined;
  if (tank == null) delete data.dimensioningInfiltrationTank;
  else data.dimensioningInfiltrationTank = tank;
  const applied = { ...before.waterflow, measures: before.waterflow.measures.map((m) => (m.id === measureId ? { ...m, data } : m)) };
  const derived = deriveWaterflow(project, applied, await engineContext(em, project));
  await saveWaterflow(em, project.id, before, derived, { written: measureId });
}

/** The stored items of a configuration as JSON text (sent without re-serializing). */
export async function itemsJson(em: EntityManager, configurationId: string): Promise<string> {
  const [row] = await em.execute<Array<{ items: string }>>('select items::text as items from box_configuration_items where configuration_id = ?', [configurationId]);
  return row?.items ?? '[]';
}

/** Replaces the stored items with `json` (the list as JSON text, stored as written), one statement. */
export async function writeItems(em: EntityManager, configurationId: string, json: string): Promise<void> {
  await em.execute(
    'insert into box_configuration_items (configuration_id, items) values (?, ?::json) on conflict (configuration_id) do update set items = excluded.items',
    [configurationId, json],
  );
}

export function isTemporaryId(id: string | null): boolean {
  return id === null || id === '' || id.startsWith('temp');
}

/**
 * Assigns ids `b<n>` to new items (null, "" or a `temp…` id), keeping the others; duplicates are
 * refused with the item's index. Returns the items and the next free number.
 */
export function assignIds(items: ReadonlyArray<Omit<BoxItemData, 'boxId' | 'options'> & { boxId: string | null; options?: BoxItemData['options'] | undefined }>, nextNumber: number): { items: BoxItemData[]; nextNumber: number } {
  const used = new Set<string>();
  for (const [index, item] of items.entries()) {
    if (isTemporaryId(item.boxId)) continue;
    const id = item.boxId as string;
    if (used.has(id)) throw new ItemRefusal(index, `body/boxItems/${index}/boxId: ${id} appears twice`);
    used.add(id);
  }
  let n = nextNumber;
  const out = items.map((item): BoxItemData => {
    let boxId = item.boxId;
    if (isTemporaryId(boxId)) {
      while (used.has(`b${n}`)) n++;
      boxId = `b${n++}`;
    }
    return { boxId: boxId as string, boxTypeId: item.boxTypeId, x: item.x, y: item.y, z: item.z, rotation: item.rotation, options: item.options ?? [] };
  });
  return { items: out, nextNumber: n };
}

/** An item list refused because of one item (answered 400, code 2, with its index). */
export class ItemRefusal extends Error {
  readonly index: number;
  constructor(index: number, message: string) {
    super(message);
    this.index = index;
  }
}
