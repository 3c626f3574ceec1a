/**
 * The configurator's calls (planning spec §7 "BoxConfigurator") over the one API client, and the
 * conversions between the api's shapes and the engine's (`@rainplan/engine/boxgrid`).
 *
 * Every call is silent: the ConfiguratorStore decides what the user is told (a failed autosave is
 * retried and reported once, a version conflict asks reload or overwrite; decision 0105).
 */
import type { BoxConfiguration } from '@rainplan/engine';
import type { BoxGrid, PropertySet, WireItem } from '@rainplan/engine/boxgrid';
import { gridItems, TEMP_ID_PREFIX, toWireItems, validatePropertySets } from '@rainplan/engine/boxgrid';
import type { ItemType } from '@rainplan/engine/catalogue';
import type { Api } from '../api/index.ts';
import { ApiError } from '../api/http.ts';
import type { BoxConfiguratorUpdate, BoxItem, BoxItems } from '../api/types.ts';
import type { PlantChoice } from './dialogs/PlantDialogs.tsx';

/** Error code of a version conflict (409): someone saved the configuration since it was read. */
export const VERSION_CONFLICT_CODE = 56;

/** A configuration as `GET /BoxConfigurator/{id}` answers it (docs/api.md). */
export interface ServerConfiguration {
  readonly id: string;
  readonly projectId: string;
  readonly measureId: string | null;
  readonly name: string;
  readonly dimensioning: {
    readonly width?: number | null;
    readonly length?: number | null;
    readonly height?: number | null;
    readonly levels?: number | null;
    readonly storageCoefficient?: number | null;
    /** The planner's built height, m (decision 0229); null: the items' height. */
    readonly heightOverride?: number | null;
  } | null;
  readonly projectionAxes: { readonly xProjectionAxes: readonly number[]; readonly yProjectionAxes: readonly number[] } | null;
  readonly groundLevel: number | null;
  readonly plantBottomLevel: number | null;
  readonly stormwaterObjective: 'retention' | 'infiltration' | null;
  readonly itemCount: number;
  readonly version: number;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const numbers = (v: unknown): number[] => (Array.isArray(v) ? v.filter((n): n is number => typeof n === 'number' && Number.isFinite(n)) : []);

/** Reads an api configuration defensively (unknown fields ignored, wrong types → null). Undefined when it has no id. */
export function parseServerConfiguration(raw: unknown): ServerConfiguration | undefined {
  if (!isObject(raw) || typeof raw['id'] !== 'string' || raw['id'] === '') return undefined;
  const dims = isObject(raw['dimensioning']) ? raw['dimensioning'] : null;
  const axes = isObject(raw['projectionAxes']) ? raw['projectionAxes'] : null;
  const objective = raw['stormwaterObjective'];
  return {
    id: raw['id'],
    projectId: typeof raw['projectId'] === 'string' ? raw['projectId'] : '',
    measureId: typeof raw['measureId'] === 'string' && raw['measureId'] !== '' ? raw['measureId'] : null,
    name: typeof raw['name'] === 'string' ? raw['name'] : '',
    dimensioning:
      dims === null
        ? null
        : { width: num(dims['width']), length: num(dims['length']), height: num(dims['height']), levels: num(dims['levels']), storageCoefficient: num(dims['storageCoefficient']), heightOverride: num(dims['heightOverride']) },
    projectionAxes: axes === null ? null : { xProjectionAxes: numbers(axes['xProjectionAxes']), yProjectionAxes: numbers(axes['yProjectionAxes']) },
    groundLevel: num(raw['groundLevel']),
    plantBottomLevel: num(raw['plantBottomLevel']),
    stormwaterObjective: objective === 'retention' || objective === 'infiltration' ? objective : null,
    itemCount: num(raw['itemCount']) ?? 0,
    version: num(raw['version']) ?? 1,
  };
}

/** The engine's configuration (project-file form) of an api configuration and its items. */
export function engineConfiguration(config: ServerConfiguration, items: readonly WireItem[]): BoxConfiguration {
  const d = config.dimensioning;
  return {
    id: config.id,
    name: config.name,
    measureId: config.measureId,
    ...(d === null
      ? {}
      : {
          dimensioning: {
            ...(d.width == null ? {} : { width: d.width }),
            ...(d.length == null ? {} : { length: d.length }),
            ...(d.height == null ? {} : { height: d.height }),
            ...(d.levels == null ? {} : { levels: d.levels }),
            ...(d.storageCoefficient == null ? {} : { storageCoefficient: d.storageCoefficient }),
            ...(d.heightOverride == null ? {} : { heightOverride: d.heightOverride }),
          },
        }),
    ...(config.projectionAxes === null ? {} : { projectionAxes: { xProjectionAxes: [...config.projectionAxes.xProjectionAxes], yProjectionAxes: [...config.projectionAxes.yProjectionAxes] } }),
    ...(config.groundLevel === null ? {} : { groundLevel: config.groundLevel }),
    ...(config.plantBottomLevel === null ? {} : { plantBottomLevel: config.plantBottomLevel }),
    ...(config.stormwaterObjective === null ? {} : { stormwaterObjective: config.stormwaterObjective }),
    items: [...items],
  };
}

/**
 * Spec §5: a box-items answer is accepted only if every item has string boxId and boxTypeId,
 * numeric x, y, z and string rotation; otherwise nothing is applied (undefined).
 */
export function parseBoxItems(raw: unknown): { version: number; items: WireItem[] } | undefined {
  if (!isObject(raw) || !Array.isArray(raw['boxItems'])) return undefined;
  const list = raw['boxItems'] as unknown[];
  for (const item of list) {
    if (!isObject(item)) return undefined;
    if (typeof item['boxId'] !== 'string' || typeof item['boxTypeId'] !== 'string' || typeof item['rotation'] !== 'string') return undefined;
    if (typeof item['x'] !== 'number' || typeof item['y'] !== 'number' || typeof item['z'] !== 'number') return undefined;
  }
  return { version: num(raw['version']) ?? 1, items: list as WireItem[] };
}

/**
 * The grid's items as a PUT body list. Temporary ids are sent as null (spec §4) unless an earlier
 * save of this session gave them a stored id (`savedIds`: temporary id → stored id), so saving
 * twice never renumbers an item.
 */
export function wireItemsForSave(grid: BoxGrid, savedIds: ReadonlyMap<string, string>): BoxItem[] {
  // The project schema's item leaves boxId optional; toWireItems always sets it (an id or null).
  return toWireItems(grid, savedIds).map((item) => ({ ...item, boxId: item.boxId ?? null }));
}

/**
 * After a PUT: which temporary ids the server gave which stored id. Items are matched by cell
 * (x, y, z), which is unique in a grid.
 */
export function savedIdsOf(grid: BoxGrid, answer: readonly WireItem[]): Map<string, string> {
  const byCell = new Map<string, string>();
  for (const item of answer) if (typeof item.boxId === 'string') byCell.set(`${item.x},${item.y},${item.z}`, item.boxId);
  const ids = new Map<string, string>();
  for (const it of gridItems(grid)) {
    if (!it.boxId.startsWith(TEMP_ID_PREFIX)) continue;
    const id = byCell.get(`${it.x},${it.y},${it.z}`);
    if (id !== undefined) ids.set(it.boxId, id);
  }
  return ids;
}

/**
 * Plants of the catalogue for the plant selection: entries without a string `propertyId`, `name`
 * or `groupName` are dropped; each gets its property set (`configurationPropertySetId`) resolved,
 * an empty one when it has none. A plant whose set is missing is logged and left out (spec §5).
 */
export function resolvePlants(raw: readonly unknown[], sets: readonly PropertySet[]): PlantChoice[] {
  const byId = new Map(sets.map((s) => [s.id, s] as const));
  const out: PlantChoice[] = [];
  for (const p of raw) {
    if (!isObject(p) || typeof p['propertyId'] !== 'string' || typeof p['name'] !== 'string' || typeof p['groupName'] !== 'string') continue;
    const setId = p['configurationPropertySetId'];
    const set = typeof setId === 'string' ? byId.get(setId) : { id: `${p['propertyId']}.none`, groups: [] };
    if (set === undefined) {
      console.warn('plant skipped: its property set is missing', p['propertyId'], setId);
      continue;
    }
    const label = isObject(p['label']) && typeof p['label']['de'] === 'string' && typeof p['label']['en'] === 'string' ? { de: p['label']['de'], en: p['label']['en'] } : undefined;
    const diameter = p['diameterMm'];
    out.push({
      propertyId: p['propertyId'],
      name: p['name'],
      groupName: p['groupName'],
      configurationPropertySet: set,
      ...(label === undefined ? {} : { label }),
      ...(typeof diameter === 'number' && Number.isFinite(diameter) ? { diameterMm: diameter } : {}),
    });
  }
  return out;
}

/** Is this failure a version conflict (409, code 56)? */
export function isVersionConflict(error: unknown): error is ApiError {
  return error instanceof ApiError && error.code === VERSION_CONFLICT_CODE;
}

/** The calls of the configurator, silent (the store reports failures itself). */
export function configuratorApi(api: Api) {
  const c = api.boxConfigurator;
  const silent = { silent: true } as const;
  return {
    async configurations(projectId: string): Promise<ServerConfiguration[]> {
      const list = await c.configurations(projectId, silent);
      return (Array.isArray(list) ? list : []).map(parseServerConfiguration).filter((x): x is ServerConfiguration => x !== undefined);
    },
    /** The configuration's bill total at the project's catalogue prices (`GET /Documents/{projectId}/boxConfigurator/{id}/masslist/data`), or undefined. */
    async billTotal(projectId: string, id: string): Promise<{ totalPrice: string; currency: string } | undefined> {
      const bill = await api.documents.boxConfiguratorMassList(projectId, id, 'configuration', { ...silent, prices: true });
      if (!isObject(bill) || typeof bill['totalPrice'] !== 'string') return undefined;
      return { totalPrice: bill['totalPrice'], currency: typeof bill['currency'] === 'string' ? bill['currency'] : 'EUR' };
    },
    async itemTypes(): Promise<ItemType[]> {
      const list = await c.itemTypes(silent);
      return (Array.isArray(list) ? list : []).filter((t): t is ItemType => isObject(t) && typeof t['businessId'] === 'string' && (t['typeCustom'] === 'BOX' || t['typeCustom'] === 'SHAFT'));
    },
    /** The catalogue's plants as sent (`GET /BoxConfigurator/plants`); see `resolvePlants`. */
    async plants(): Promise<unknown[]> {
      const list = await c.plants(silent);
      return Array.isArray(list) ? list : [];
    },
    /** Spec §5: property-set data are rejected entirely if any property lacks an id (throws). */
    async propertySets(): Promise<PropertySet[]> {
      const raw = await c.propertySets(silent);
      const checked = validatePropertySets(raw);
      if (!checked.ok) throw new Error(checked.message.messageKey);
      return checked.sets;
    },
    async get(id: string): Promise<ServerConfiguration> {
      const config = parseServerConfiguration(await c.get(id, silent));
      if (config === undefined) throw new Error('configurator.loadFailed');
      return config;
    },
    async boxItems(id: string): Promise<{ version: number; items: WireItem[] }> {
      const parsed = parseBoxItems(await c.boxItems(id, silent));
      if (parsed === undefined) throw new Error('configurator.itemListInvalid');
      return parsed;
    },
    async setBoxItems(id: string, body: BoxItems): Promise<{ version: number; items: WireItem[] }> {
      const parsed = parseBoxItems(await c.setBoxItems(id, body, silent));
      if (parsed === undefined) throw new Error('configurator.itemListInvalid');
      return parsed;
    },
    async create(projectId: string, measureId: string | null, name: string): Promise<ServerConfiguration> {
      const config = parseServerConfiguration(await c.create({ projectId, measureId, name }, silent));
      if (config === undefined) throw new Error('configurator.loadFailed');
      return config;
    },
    async update(id: string, body: BoxConfiguratorUpdate): Promise<ServerConfiguration | undefined> {
      return parseServerConfiguration(await c.update(id, body, silent));
    },
    async delete(id: string): Promise<void> {
      await c.delete(id, silent);
    },
  };
}

export type ConfiguratorApi = ReturnType<typeof configuratorApi>;

/** The conflict's current state as the api sends it in the 409 body (`current`). */
export function conflictCurrent(error: ApiError): unknown {
  return isObject(error.body) ? error.body['current'] : undefined;
}
