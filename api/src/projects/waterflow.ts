/**
 * A project's waterflow in the database and the engine as the source of every computed value
 * (decision 0051):
 *
 * - `loadWaterflow` reads the nodes (one row per node: the engine's node object as JSON and a
 *   version) in the planner's order;
 * - `deriveWaterflow` runs the engine over the whole project (its rain data: custom or by
 *   location; the facility catalogue) and writes every derived field back (`deriveProject`);
 * - `saveWaterflow` stores what changed. A node's `version` counts the writes of that node by a
 *   client (PUT); values the engine re-derives in other nodes do not change their version.
 */
import {
  assignSurfaces,
  checkWaterflowLinks,
  deriveProject,
  isEngineError,
  renameNode,
  SCHEMA_VERSION,
  type BoxConfiguration,
  type Measure,
  type Project as EngineProject,
  type Purification,
  type RainData,
  type SealedSurface,
  type TreatmentFacility,
  type Waterflow,
} from '@rainplan/engine';
import type { ItemGeometryLookup } from '@rainplan/engine/boxgrid';
import { boxCatalogue } from '../box-configurator/catalogue.ts';
import { loadFacilities } from '../catalogue/store.ts';
import type { ProjectFields } from './access.ts';
import { WaterflowNode as NodeRow, type WaterflowNodeKind } from '../db/entities/waterflow-node.ts';
import type { EntityManager } from '../db/orm.ts';
import { ApiError, ErrorCode, notFound, validation } from '../errors.ts';
import { projectRainData } from '../rain/store.ts';

export type AnyNode = SealedSurface | Purification | Measure;
export type ListKey = 'sealedSurfaces' | 'purifications' | 'measures';

export const LIST_OF: Record<WaterflowNodeKind, ListKey> = { surface: 'sealedSurfaces', purification: 'purifications', measure: 'measures' };
const KIND_OF: Record<ListKey, WaterflowNodeKind> = { sealedSurfaces: 'surface', purifications: 'purification', measures: 'measure' };

export interface StoredNode {
  readonly kind: WaterflowNodeKind;
  readonly position: number;
  readonly version: number;
  readonly data: AnyNode;
}

export interface StoredWaterflow {
  readonly nodes: Map<string, StoredNode>;
  readonly waterflow: Waterflow;
}

export async function loadWaterflow(em: EntityManager, projectId: string): Promise<StoredWaterflow> {
  // Plain SQL: nodes are read on every call of the planning screens, and hydrating entities (with
  // their change tracking) costs more than the query; writes use native updates anyway.
  const rows = await em.execute<Array<{ id: string; kind: WaterflowNodeKind; position: number; version: number; data: unknown }>>(
    'select id, kind, position, version, data from waterflow_node where project_id = ? order by position',
    [projectId],
  );
  const nodes = new Map<string, StoredNode>();
  const waterflow: { sealedSurfaces: SealedSurface[]; purifications: Purification[]; measures: Measure[] } = {
    sealedSurfaces: [],
    purifications: [],
    measures: [],
  };
  for (const row of rows) {
    const data = (typeof row.data === 'string' ? JSON.parse(row.data) : row.data) as AnyNode;
    nodes.set(row.id, { kind: row.kind, position: row.position, version: row.version, data });
    (waterflow[LIST_OF[row.kind]] as AnyNode[]).push(data);
  }
  return { nodes, waterflow };
}

/**
 * What the engine needs besides the waterflow: the project's rain data, the facility catalogue,
 * and the box configurations linked to measures with the catalogue's item geometry (a linked
 * configuration with items gives its measure tank dimensions and available volume in `evaluate`;
 * the measure keeps its own fields, decision 0096).
 */
export interface EngineContext {
  readonly rainData: RainData | undefined;
  readonly facilities: readonly TreatmentFacility[];
  readonly boxConfigurations?: readonly BoxConfiguration[];
  readonly itemGeometry?: ItemGeometryLookup;
}

export async function engineContext(em: EntityManager, project: ProjectFields): Promise<EngineContext> {
  const [rainData, facilities, linked] = await Promise.all([projectRainData(em, project), loadFacilities(em), linkedConfigurations(em, project.id)]);
  if (linked.length === 0) return { rainData, facilities };
  return { rainData, facilities, boxConfigurations: linked, itemGeometry: (await boxCatalogue(em)).lookup };
}

type StoredItems = NonNullable<BoxConfiguration['items']>;

/**
 * Parsed item lists of linked configurations, by id, version and time of the last change: every
 * write of a project re-sizes its linked measures from their items (decision 0191), and a list of
 * 50,000 items is 4.5 MB of JSON to read and parse. The key changes with every change of the
 * items: the version, the item count and `updated_at` all move (a transaction that is rolled back
 * and repeated writes the same version at another time). A few entries at most (50,000 parsed
 * items are about 10 MB); the items are read, never changed (the engine is pure).
 */
const parsedItems = new Map<string, StoredItems>();
const PARSED_ITEMS_ENTRIES = 4;

function rememberItems(key: string, items: StoredItems): void {
  parsedItems.delete(key);
  parsedItems.set(key, items);
  while (parsedItems.size > PARSED_ITEMS_ENTRIES) parsedItems.delete(parsedItems.keys().next().value as string);
}

/** The project's configurations that are linked to a measure, with their items (engine form). */
async function linkedConfigurations(em: EntityManager, projectId: string): Promise<BoxConfiguration[]> {
  const rows = await em.execute<Array<{ id: string; name: string; measure_id: string; dimensioning: unknown; stormwater_objective: 'retention' | 'infiltration'; version: number; item_count: number; changed: string }>>(
    "select c.id, c.name, c.measure_id, c.dimensioning, c.stormwater_objective, c.version, c.item_count, c.updated_at::text as changed from box_configuration c " +
      'where c.project_id = ? and c.measure_id is not null and exists (select 1 from box_configuration_items i where i.configuration_id = c.id) order by c.creation_date, c.id',
    [projectId],
  );
  const keyOf = (r: (typeof rows)[number]) => `${r.id}:${r.version}:${r.item_count}:${r.changed}`;
  const items = new Map<string, StoredItems>();
  for (const r of rows) {
    const known = parsedItems.get(keyOf(r));
    if (known !== undefined) items.set(r.id, known);
  }
  const missing = rows.filter((r) => !items.has(r.id));
  if (missing.length > 0) {
    const stored = await em.execute<Array<{ configuration_id: string; items: string }>>(
      `select configuration_id, items::text as items from box_configuration_items where configuration_id in (${missing.map(() => '?').join(', ')})`,
      missing.map((r) => r.id),
    );
    const byId = new Map(stored.map((s) => [s.configuration_id, s.items]));
    for (const r of missing) {
      const parsed = JSON.parse(byId.get(r.id) ?? '[]') as StoredItems;
      items.set(r.id, parsed);
      rememberItems(keyOf(r), parsed);
    }
  }
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    measureId: r.measure_id,
    dimensioning: (typeof r.dimensioning === 'string' ? JSON.parse(r.dimensioning) : r.dimensioning) as NonNullable<BoxConfiguration['dimensioning']>,
    stormwaterObjective: r.stormwater_objective,
    items: items.get(r.id) ?? [],
  }));
}

/** The project as an engine project file. */
export function toEngineProject(project: ProjectFields, waterflow: Waterflow, context: EngineContext): EngineProject {
  const location =
    project.latitude == null || project.longitude == null
      ? {}
      : { location: { latitude: Number(project.latitude), longitude: Number(project.longitude), address: project.address ?? null } };
  return {
    schemaVersion: SCHEMA_VERSION,
    project: {
      name: project.name,
      ...location,
      airPollution: project.airPollution ?? null,
      ruleEdition: project.ruleEdition,
    },
    ...(context.rainData === undefined ? {} : { rainData: context.rainData }),
    purificationFacilities: [...context.facilities],
    waterflow,
    ...(context.boxConfigurations === undefined ? {} : { boxConfigurations: [...context.boxConfigurations] }),
  };
}

/** Every derived field recomputed by the engine. */
export function deriveWaterflow(project: ProjectFields, waterflow: Waterflow, context: EngineContext): Waterflow {
  return deriveProject(toEngineProject(project, waterflow, context), {
    facilities: context.facilities,
    ...(context.itemGeometry === undefined ? {} : { itemGeometry: context.itemGeometry }),
  }).waterflow;
}

/** A node as stored: without the editor's `changed` flag. */
function stored<T extends AnyNode>(node: T): T {
  const { changed: _changed, ...rest } = node;
  return rest as T;
}

/** Structural equality (key order ignored, as jsonb reorders keys). */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const bb = b as unknown[];
    return a.length === bb.length && a.every((x, i) => sameJson(x, bb[i]));
  }
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  const keysA = Object.keys(ra).filter((k) => ra[k] !== undefined);
  const keysB = Object.keys(rb).filter((k) => rb[k] !== undefined);
  return keysA.length === keysB.length && keysA.every((k) => sameJson(ra[k], rb[k]));
}

export interface SaveOptions {
  /** The node a client wrote: its version goes up by one. */
  readonly written?: string;
}

/**
 * Stores `next` over `before`: inserts new nodes (appended to their list), updates changed ones,
 * deletes those no longer there. Returns the new versions of the nodes.
 */
export async function saveWaterflow(em: EntityManager, projectId: string, before: StoredWaterflow, next: Waterflow, options: SaveOptions = {}): Promise<Map<string, number>> {
  const versions = new Map<string, number>();
  let position = Math.max(-1, ...[...before.nodes.values()].map((n) => n.position)) + 1;
  const seen = new Set<string>();
  const now = new Date();
  const updates: Array<{ id: string; data: AnyNode; version: number }> = [];
  for (const key of ['sealedSurfaces', 'purifications', 'measures'] as const) {
    for (const raw of next[key] as AnyNode[]) {
      const node = stored(raw);
      seen.add(node.id);
      const old = before.nodes.get(node.id);
      if (old === undefined) {
        await em.insert(NodeRow, { project: projectId, id: node.id, kind: KIND_OF[key], position: position++, data: node as unknown as Record<string, unknown>, version: 1, updatedAt: now });
        versions.set(node.id, 1);
        continue;
      }
      const bump = options.written === node.id ? 1 : 0;
      versions.set(node.id, old.version + bump);
      if (bump === 0 && sameJson(old.data, node)) continue;
      updates.push({ id: node.id, data: node, version: old.version + bump });
    }
  }
  if (updates.length > 0) {
    // One statement for every changed node (a write usually changes the node and its parents).
    await em.execute(
      `update waterflow_node as w set data = v.data::jsonb, version = v.version::int, updated_at = ? ` +
        `from (values ${updates.map(() => '(?, ?, ?)').join(', ')}) as v(id, data, version) where w.project_id = ? and w.id = v.id`,
      [now, ...updates.flatMap((u) => [u.id, JSON.stringify(u.data), u.version]), projectId],
    );
  }
  const gone = [...before.nodes.keys()].filter((id) => !seen.has(id));
  if (gone.length > 0) await em.nativeDelete(NodeRow, { project: projectId, id: { $in: gone } });
  return versions;
}

/** Re-derives and stores the whole waterflow (after a change of location, rain data, pollution, rule edition). */
export async function rederiveProject(em: EntityManager, project: ProjectFields): Promise<void> {
  const before = await loadWaterflow(em, project.id);
  if (before.nodes.size === 0) return;
  const next = deriveWaterflow(project, before.waterflow, await engineContext(em, project));
  await saveWaterflow(em, project.id, before, next);
}

/** Links of a waterflow checked by the engine; a broken one answers 400 naming the path. */
export function assertLinks(waterflow: Waterflow): void {
  const errors = checkWaterflowLinks(waterflow);
  if (errors.length > 0) {
    const first = errors[0];
    throw validation(`waterflow${first?.path.replace(/^\$\.waterflow/, '') ?? ''}: expected ${first?.expected ?? 'a valid link'}${first?.received === undefined ? '' : `, got ${first.received}`}`);
  }
}

export function findNode(waterflow: Waterflow, kind: WaterflowNodeKind, id: string): AnyNode | undefined {
  return (waterflow[LIST_OF[kind]] as AnyNode[]).find((n) => n.id === id);
}

/** An engine misuse error as the client's error (unknown ids 404, anything else 400). */
export function engineFailure(error: unknown): never {
  if (isEngineError(error)) {
    if (error.code === 'LAST_SURFACE') throw new ApiError(409, ErrorCode.LAST_SURFACE, 'The last sealed surface of a project cannot be deleted.');
    if (error.code === 'NODE_NOT_FOUND') throw notFound(error.message);
    throw validation(`${error.code}: ${error.message}`);
  }
  throw error;
}

/**
 * Puts a client's node into the waterflow with the engine's rules: the node's inputs replace the
 * stored ones; `parentId`s are the truth for links (decision 0003), so the surface lists are
 * re-derived; a purification's or measure's `sealedSurfaces` that differs from the derived list
 * is applied as a choice of surfaces (`assignSurfaces`: surfaces another node holds, or of another
 * drain, are refused with 400).
 */
/** A sealed surface's cm and cs lie in [0, 1] (spec 001 §5, message key cValueInvalid). */
function assertRunoffCoefficients(node: AnyNode): void {
  const data = (node as { data?: Record<string, unknown> }).data;
  for (const field of ['cm', 'cs'] as const) {
    const value = data?.[field];
    if (typeof value === 'number' && !(value >= 0 && value <= 1)) {
      throw validation(`cValueInvalid: body/data/${field} ${value} lies outside [0, 1]`);
    }
  }
}

export function applyNode(waterflow: Waterflow, kind: WaterflowNodeKind, node: AnyNode): Waterflow {
  const key = LIST_OF[kind];
  const current = findNode(waterflow, kind, node.id);
  if (current === undefined) throw notFound(`No ${kind} ${node.id} in this project`);
  if (kind === 'surface') assertRunoffCoefficients(node);
  const wanted = 'sealedSurfaces' in node ? [...(node as Purification).sealedSurfaces] : undefined;
  const replaced = 'sealedSurfaces' in current ? { ...stored(node), sealedSurfaces: (current as Purification).sealedSurfaces } : stored(node);
  const parentId = replaced.parentId ?? null;
  if (parentId !== null) {
    const parentKind = findNode(waterflow, 'purification', parentId) !== undefined ? 'purification' : findNode(waterflow, 'measure', parentId) !== undefined ? 'measure' : undefined;
    const allowed = kind === 'surface' ? parentKind !== undefined : kind === 'purification' ? parentKind === 'measure' : false;
    if (!allowed) throw validation(`body/parentId: ${parentId} is not a ${kind === 'surface' ? 'purification or measure' : 'measure'} of this project`);
  }
  for (const id of wanted ?? []) {
    if (findNode(waterflow, 'surface', id) === undefined) throw validation(`body/sealedSurfaces: ${id} is not a sealed surface of this project`);
  }
  let next: Waterflow = { ...waterflow, [key]: (waterflow[key] as AnyNode[]).map((n) => (n.id === node.id ? replaced : n)) };
  try {
    next = renameNode(next, node.id, node.name).waterflow; // re-derives lists, drains and areas
    if (wanted !== undefined) {
      const derived = (findNode(next, kind, node.id) as Purification).sealedSurfaces;
      const same = derived.length === new Set(wanted).size && wanted.every((id) => derived.includes(id));
      if (!same) next = assignSurfaces(next, node.id, wanted).waterflow;
    }
  } catch (error) {
    engineFailure(error);
  }
  assertLinks(next);
  return next;
}
