/**
 * Box configurator projects in the database (issue 16, decision 0095): access through the
 * project's rights, the measure link (planning spec section 5, configurator.md "Link to the
 * measure"), item lists stored as one jsonb document per configuration.
 */
import type { Measure } from '@rainplan/engine';
import type { FastifyRequest } from 'fastify';
import { BoxConfiguration, type BoxItemData, type ConfigurationDimensioning } from '../db/entities/box-configuration.ts';
import type { EntityManager } from '../db/orm.ts';
import { ApiError, ErrorCode, notFound, validation } from '../errors.ts';
import { loadProjectFields, type ProjectFields, type ProjectRight } from '../projects/access.ts';
import { deriveWaterflow, engineContext, loadWaterflow, saveWaterflow } from '../projects/waterflow.ts';
import type { ConfigurationDto } from '../schemas/box-configurator.ts';

/** Defaults of a new configuration (planning spec section 9, configurator.md "Geometry"). */
export const DEFAULT_DIMENSIONING: ConfigurationDimensioning = { width: 10, length: 10, height: 0.66, levels: 1, storageCoefficient: 95 };
export const DEFAULT_NAME = 'newConfig';

export function toConfigurationDto(row: BoxConfiguration): ConfigurationDto {
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

/** Whether a measure may carry a configuration (planning spec section 5: infiltration box tank or retention basin). */
export function measureKindAllowsConfiguration(measure: Measure): boolean {
  const d = measure.data;
  const boxTank = d.installationTarget === 'Infiltration' && (d.installationVariant === 'infiltrationTank' || d.installationVariant === 'troughInfiltrationTank') && d.infiltrationTankType === 'Box';
  const basin = d.installationTarget === 'Retention' && d.installationType === 'retentionBasin';
  return boxTank || basin;
}

/** The stormwater objective that follows from a measure. */
export function objectiveOf(measure: Measure): 'retention' | 'infiltration' {
  return measure.data.installationTarget === 'Retention' ? 'retention' : 'infiltration';
}

/**
 * Checks that `measureId` is an eligible measure of the project without another configuration
 * (`except`: the configuration being edited). Answers 400 (code 2) naming the reason.
 */
export async function eligibleMeasureOrFail(em: EntityManager, projectId: string, measureId: string, except?: string): Promise<Measure> {
  const { waterflow } = await loadWaterflow(em, projectId);
  const measure = waterflow.measures.find((m) => m.id === measureId);
  if (measure === undefined) throw validation(`measureId: ${measureId} is not a measure of this project`);
  if (!measureKindAllowsConfiguration(measure)) throw validation(`measureId: ${measureId} is neither an infiltration box tank nor a retention basin (createDialog.noAvailableMeasures)`);
  const other = await em.findOne(BoxConfiguration, { project: projectId, measureId }, { fields: ['id'], disableIdentityMap: true });
  if (other !== null && other.id !== except) throw new ApiError(409, ErrorCode.VALIDATION, `measureId: ${measureId} already has a box configuration (${other.id})`);
  return measure;
}

type TankDimensioning = NonNullable<Measure['data']['dimensioningInfiltrationTank']>;

/**
 * Writes a measure's tank dimensioning and re-derives the project with the engine (available
 * volume, sizing), in the caller's transaction. `dimensioning` undefined restores `own` (unlink).
 * Returns the measure's dimensioning before the change.
 */
export async function setMeasureTank(em: EntityManager, project: ProjectFields, measureId: string, next: TankDimensioning | undefined): Promise<TankDimensioning | undefined> {
  const before = await loadWaterflow(em, project.id);
  const measure = before.waterflow.measures.find((m) => m.id === measureId);
  if (measure === undefined) return undefined; // the measure is gone: nothing to restore
  const own = measure.data.dimensioningInfiltrationTank ?? undefined;
  const data = { ...measure.data };
  if (next === undefined) delete data.dimensioningInfiltrationTank;
  else data.dimensioningInfiltrationTank = next;
  const applied = { ...before.waterflow, measures: before.waterflow.measures.map((m) => (m.id === measureId ? { ...m, data } : m)) };
  const derived = deriveWaterflow(project, applied, await engineContext(em, project));
  await saveWaterflow(em, project.id, before, derived, { written: measureId });
  return own;
}

/** The measure's tank dimensioning taken from a configuration (configurator.md "Link to the measure"). */
export function tankFromConfiguration(own: TankDimensioning | undefined, dimensioning: ConfigurationDimensioning): TankDimensioning {
  return {
    ...(own ?? {}),
    width: dimensioning.width,
    length: dimensioning.length,
    height: dimensioning.height,
    levels: dimensioning.levels,
    storageCoefficient: dimensioning.storageCoefficient,
  };
}

/** Links a configuration to `measureId`: returns the measure's own dimensioning to keep for the unlink. */
export async function linkMeasure(em: EntityManager, project: ProjectFields, measure: Measure, dimensioning: ConfigurationDimensioning): Promise<Record<string, unknown>> {
  const own = measure.data.dimensioningInfiltrationTank ?? undefined;
  await setMeasureTank(em, project, measure.id, tankFromConfiguration(own, dimensioning));
  return { dimensioningInfiltrationTank: own ?? null };
}

/** Returns a measure to its own dimensioning (unlink or delete of its configuration). */
export async function unlinkMeasure(em: EntityManager, project: ProjectFields, measureId: string, kept: Record<string, unknown> | null | undefined): Promise<void> {
  const own = (kept?.['dimensioningInfiltrationTank'] ?? undefined) as TankDimensioning | undefined | null;
  await setMeasureTank(em, project, measureId, own ?? undefined);
}

/** The stored items of a configuration as JSON text (sent without re-serializing). */
export async function itemsJson(em: EntityManager, configurationId: string): Promise<string> {
  const [row] = await em.execute<Array<{ items: string }>>('select items::text as items from box_configuration_items where configuration_id = ?', [configurationId]);
  return row?.items ?? '[]';
}

/** Replaces the stored items with `json` (the list as JSON text), one statement. */
export async function writeItems(em: EntityManager, configurationId: string, json: string): Promise<void> {
  await em.execute(
    'insert into box_configuration_items (configuration_id, items) values (?, ?::jsonb) on conflict (configuration_id) do update set items = excluded.items',
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
