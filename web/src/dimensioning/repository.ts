/**
 * Project persistence for the dimensioning screens (issue 7): where a project's shell, waterflow
 * and rain data come from and where edited nodes go. The WaterflowStore only talks to a
 * `ProjectRepository`; the account uses {@link ServerProjectRepository} (the api), the trial mode
 * (web/src/trial) implements the same interface over IndexedDB.
 *
 * Shapes are the engine's wire format (`@rainplan/engine`: Waterflow, SealedSurface, Purification,
 * Measure, RainData, TreatmentFacility), so whatever a repository returns can go straight into
 * the engine worker and into a project file.
 *
 * Rules every implementation keeps:
 * - `load` returns the waterflow as stored; it does not create nodes (the store ensures at least
 *   one sealed surface with `createNode`).
 * - `createNode` chooses the new node's id (server: the api; browser: `crypto.randomUUID()`) and
 *   returns the node as the engine's `create…` operation makes it (measures with default data).
 * - `saveNode` stores one node as edited (inputs and the engine's derived values) and resolves to
 *   the node as stored. It never drops an edit silently: it resolves or rejects.
 * - `saveChanged` saves the given changed nodes in the spec's order (section 4): surfaces, then
 *   measures, then purifications, one after the other; a failing node does not stop the others;
 *   the result lists what was saved and what failed (the caller keeps failed nodes changed).
 * - `deleteNode` applies the engine's deletion rules (detach, move surfaces up).
 * - `saveOnUnload` starts best-effort writes that survive the page (keepalive fetch); it returns
 *   synchronously and cannot report the outcome.
 */
import type { Measure, NodeKind, Purification, RainData, SealedSurface, TreatmentFacility, Waterflow, WaterflowNode } from '@rainplan/engine';
import type { AirPollutionId, RuleEdition } from '@rainplan/engine/tables';
import { ApiError, type Api } from '../api/index.ts';
import type { WaterflowNode as ApiWaterflowNode } from '../api/index.ts';

export type { NodeKind, WaterflowNode };

/** The project's header data the dimensioning screens need (project data itself is edited by (b)). */
export interface ProjectShell {
  readonly id: string;
  readonly name: string;
  readonly location: { readonly latitude: number; readonly longitude: number; readonly address: string | null } | null;
  readonly airPollution: AirPollutionId | null;
  /** Sizing rule edition (project data); the engine's default when the source has none. */
  readonly ruleEdition: RuleEdition;
  readonly usesCustomRaindata: boolean;
}

/** Everything `load` returns: the inputs of the engine for this project. */
export interface LoadedProject {
  readonly shell: ProjectShell;
  readonly waterflow: Waterflow;
  /** The project's rain data: custom, else by location; undefined when there is none (results then carry issues). */
  readonly rainData: RainData | undefined;
  /** The treatment facility catalogue (M 153 / A 102-2 facilities, data-sheet file names in `url`). */
  readonly facilities: readonly TreatmentFacility[];
  /** The facility catalogue could not be loaded (the editor says so instead of an empty list). */
  readonly facilitiesFailed?: boolean;
}

export interface RepositoryCallOptions {
  readonly signal?: AbortSignal;
}

/** One changed node to save. */
export interface NodeToSave {
  readonly kind: NodeKind;
  readonly node: WaterflowNode;
}

export interface SaveFailure {
  readonly kind: NodeKind;
  readonly id: string;
  readonly error: unknown;
}

export interface SaveChangedResult {
  /** Nodes as stored, in the order they were saved. */
  readonly saved: readonly NodeToSave[];
  readonly failed: readonly SaveFailure[];
}

export interface ProjectRepository {
  /** 'server': the account's api; 'browser': kept in this browser only (trial mode; the UI says so). */
  readonly storage: 'server' | 'browser';
  load(projectId: string, options?: RepositoryCallOptions): Promise<LoadedProject>;
  createNode(projectId: string, kind: NodeKind, name: string, options?: RepositoryCallOptions): Promise<WaterflowNode>;
  saveNode(projectId: string, kind: NodeKind, node: WaterflowNode, options?: RepositoryCallOptions): Promise<WaterflowNode>;
  /** Saves the changed nodes surfaces → measures → purifications ({@link SAVE_ORDER}); see {@link saveInSpecOrder}. */
  saveChanged(projectId: string, nodes: readonly NodeToSave[], options?: RepositoryCallOptions): Promise<SaveChangedResult>;
  deleteNode(projectId: string, kind: NodeKind, nodeId: string, options?: RepositoryCallOptions): Promise<void>;
  /** Stores the project's rule edition (the engine re-sizes with it). */
  setRuleEdition(projectId: string, edition: RuleEdition, options?: RepositoryCallOptions): Promise<void>;
  /** Best effort on page unload (pagehide): starts writes of the changed nodes that outlive the page. */
  saveOnUnload(projectId: string, nodes: readonly NodeToSave[]): void;
  /**
   * The api's atomic "choose variant" (server storage only): the variant becomes the measure and the
   * product lists swap in one transaction, with the measure's version as last read or written.
   * Resolves to the stored measure node (without transport fields); throws the api's error (409 on a stale version).
   */
  chooseVariant?(projectId: string, measureId: string, variantId: string, options?: RepositoryCallOptions): Promise<WaterflowNode>;
}

/** A node whose save failed, with the server's error code and message when it answered. */
export interface SaveFailureView {
  readonly kind: NodeKind;
  readonly id: string;
  readonly code?: number;
  readonly message?: string;
}

/**
 * The changed set after a save of `sent`: saved nodes are no longer changed unless they were
 * edited while their save ran (`current(id)` is not the node sent), nodes that no longer exist need
 * no saving; and the failures as shown (with the server's code and message).
 */
export function afterSave(
  changed: ReadonlySet<string>,
  sent: readonly NodeToSave[],
  result: SaveChangedResult,
  current: (id: string) => WaterflowNode | undefined,
): { changed: Set<string>; failures: SaveFailureView[] } {
  const next = new Set(changed);
  for (const { node } of result.saved) {
    const node0 = current(node.id);
    if (node0 === undefined || node0 === sent.find((n) => n.node.id === node.id)?.node) next.delete(node.id);
  }
  for (const id of next) if (current(id) === undefined) next.delete(id);
  const failures = result.failed.map(({ kind, id, error }) => {
    const code = typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'number' ? error.code : undefined;
    const message = error instanceof Error ? error.message : undefined;
    return { kind, id, ...(code === undefined ? {} : { code }), ...(message === undefined ? {} : { message }) };
  });
  return { changed: next, failures };
}

/** The spec's save order (section 4, "Editing and saving"). */
export const SAVE_ORDER: readonly NodeKind[] = ['surface', 'measure', 'purification'];

/** The changed nodes of a waterflow with their kind, in {@link SAVE_ORDER}. */
export function changedNodes(waterflow: Waterflow, changed: ReadonlySet<string>): NodeToSave[] {
  const byKind: Record<NodeKind, readonly WaterflowNode[]> = {
    surface: waterflow.sealedSurfaces,
    measure: waterflow.measures,
    purification: waterflow.purifications,
  };
  return SAVE_ORDER.flatMap((kind) => byKind[kind].filter((node) => changed.has(node.id)).map((node) => ({ kind, node })));
}

/**
 * Saves `nodes` one after the other in {@link SAVE_ORDER} with `saveNode`; failures are collected,
 * not thrown (an aborted signal stops the rest, which count as failed). Nodes that failed are tried
 * again, in the same order, as long as a pass saved something: links depend on each other (a
 * measure's surface list names surfaces that reach it through a purification saved after it, in
 * the spec's order), so a node refused before its neighbours were stored is accepted after them.
 */
export async function saveInSpecOrder(
  saveNode: (kind: NodeKind, node: WaterflowNode) => Promise<WaterflowNode>,
  nodes: readonly NodeToSave[],
  options: RepositoryCallOptions = {},
): Promise<SaveChangedResult> {
  let pending = [...nodes].sort((a, b) => SAVE_ORDER.indexOf(a.kind) - SAVE_ORDER.indexOf(b.kind));
  const saved: NodeToSave[] = [];
  let failed: SaveFailure[] = [];
  for (let pass = 0; pass < 3 && pending.length > 0; pass++) {
    const before = saved.length;
    failed = [];
    const retry: NodeToSave[] = [];
    for (const item of pending) {
      const { kind, node } = item;
      if (options.signal?.aborted === true) {
        failed.push({ kind, id: node.id, error: options.signal.reason });
        continue;
      }
      try {
        saved.push({ kind, node: await saveNode(kind, node) });
      } catch (error) {
        failed.push({ kind, id: node.id, error });
        retry.push(item);
      }
    }
    if (saved.length === before || options.signal?.aborted === true) break;
    pending = retry;
  }
  return { saved, failed };
}

type Versioned<T> = T & { readonly version?: number };

/** A node without the transport fields (`version`) and the editor's `changed` flag. */
function plain<T extends WaterflowNode>(node: Versioned<T>): T {
  const { version: _version, changed: _changed, ...rest } = node as Versioned<T> & { changed?: boolean };
  return rest as unknown as T;
}

const DEFAULT_EDITION: RuleEdition = 'DWA-A 138-1:2024';

/** The api's "version conflict" (someone else saved the node since it was read). */
const VERSION_CONFLICT = 56;

/**
 * The account's repository over `store.api` (docs/api.md): `GET /Project/{id}`, the whole
 * waterflow (`GET /Project/{id}/waterflow`), `GET /Project/{id}/raindata` (custom or by location;
 * 404 code 57 = none), `GET /Project/purificationFacilities`, node POST/PUT/DELETE, and
 * `PATCH /Project/{id}` for the rule edition.
 *
 * The api versions each node (optimistic concurrency): this repository remembers the version
 * of every node it read or wrote and sends it with the PUT. On a version conflict (409, code 56)
 * the planner's edit wins: the node is sent again over the current version (the planner is
 * looking at this node; an edit is never dropped). Saves are silent (the store tells the user
 * about failures itself and retries).
 */
export class ServerProjectRepository implements ProjectRepository {
  readonly storage = 'server' as const;
  private readonly api: Api;
  private readonly versions = new Map<string, number>();

  constructor(api: Api) {
    this.api = api;
  }

  async load(projectId: string, options: RepositoryCallOptions = {}): Promise<LoadedProject> {
    const call = options.signal === undefined ? {} : { signal: options.signal };
    const [detail, waterflow, rainData, facilities] = await Promise.all([
      this.api.project.get(projectId, call),
      this.api.waterflow.all(projectId, call),
      this.loadRainData(projectId, options),
      this.api.project.purificationFacilities({ ...call, silent: true }).catch((error: unknown) => {
        console.error('treatment facilities could not be loaded', error);
        return undefined;
      }),
    ]);
    const d = detail as unknown as {
      id: string;
      name: string;
      location: ProjectShell['location'];
      airPollution?: AirPollutionId | null;
      ruleEdition?: RuleEdition;
      usesCustomRaindata?: boolean;
    };
    return {
      shell: {
        id: d.id,
        name: d.name,
        location: d.location ?? null,
        airPollution: d.airPollution ?? null,
        ruleEdition: d.ruleEdition ?? DEFAULT_EDITION,
        usesCustomRaindata: d.usesCustomRaindata === true,
      },
      waterflow: {
        sealedSurfaces: waterflow.sealedSurfaces.map((n) => this.remember(n) as SealedSurface),
        purifications: waterflow.purifications.map((n) => this.remember(n) as Purification),
        measures: waterflow.measures.map((n) => this.remember(n) as Measure),
      },
      rainData,
      facilities: (facilities ?? []) as unknown as TreatmentFacility[],
      ...(facilities === undefined ? { facilitiesFailed: true } : {}),
    };
  }

  /** The project's rain data; undefined when the api has none for it (404). */
  private async loadRainData(projectId: string, options: RepositoryCallOptions): Promise<RainData | undefined> {
    try {
      const dto = (await this.api.project.raindata(projectId, { silent: true, ...(options.signal === undefined ? {} : { signal: options.signal }) })) as unknown as RainData & {
        kostraCell?: RainData['kostraCell'] | null;
      };
      const { kostraCell, ...rest } = dto;
      return { ...rest, ...(kostraCell == null ? {} : { kostraCell }) } as RainData;
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return undefined;
      throw error;
    }
  }

  async createNode(projectId: string, kind: NodeKind, name: string, options: RepositoryCallOptions = {}): Promise<WaterflowNode> {
    const node = await this.api.waterflow.create(projectId, kind, name, { silent: true, ...(options.signal === undefined ? {} : { signal: options.signal }) });
    return this.remember(node);
  }

  async saveNode(projectId: string, kind: NodeKind, node: WaterflowNode, options: RepositoryCallOptions = {}): Promise<WaterflowNode> {
    const call = { silent: true, ...(options.signal === undefined ? {} : { signal: options.signal }) };
    const body = (version: number | undefined) => ({ ...plain(node), ...(version === undefined ? {} : { version }) }) as unknown as ApiWaterflowNode;
    try {
      return this.remember((await this.api.waterflow.save(projectId, kind, body(this.versions.get(node.id)), call)) ?? node);
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 409 && error.code === VERSION_CONFLICT)) throw error;
      const current = (error.body as { current?: { version?: number } } | undefined)?.current?.version;
      if (current === undefined) throw error;
      return this.remember((await this.api.waterflow.save(projectId, kind, body(current), call)) ?? node);
    }
  }

  saveChanged(projectId: string, nodes: readonly NodeToSave[], options: RepositoryCallOptions = {}): Promise<SaveChangedResult> {
    return saveInSpecOrder((kind, node) => this.saveNode(projectId, kind, node, options), nodes, options);
  }

  async deleteNode(projectId: string, kind: NodeKind, nodeId: string, options: RepositoryCallOptions = {}): Promise<void> {
    await this.api.waterflow.delete(projectId, kind, nodeId, { detach: true, ...(options.signal === undefined ? {} : { signal: options.signal }) });
    this.versions.delete(nodeId);
  }

  async setRuleEdition(projectId: string, edition: RuleEdition, options: RepositoryCallOptions = {}): Promise<void> {
    // PATCH /Project/{id} takes partial project data (api: UpdateProjectBody).
    await this.api.project.update(projectId, { project: { ruleEdition: edition } } as never, options.signal === undefined ? {} : { signal: options.signal });
  }

  async chooseVariant(projectId: string, measureId: string, variantId: string, options: RepositoryCallOptions = {}): Promise<WaterflowNode> {
    const version = this.versions.get(measureId);
    if (version === undefined) throw new Error(`the version of measure ${measureId} is not known`);
    return this.remember(await this.api.project.chooseVariant(projectId, measureId, variantId, version, { silent: true, ...(options.signal === undefined ? {} : { signal: options.signal }) }));
  }

  saveOnUnload(projectId: string, nodes: readonly NodeToSave[]): void {
    const token = this.api.http.getToken();
    for (const { kind, node } of changedFirst(nodes)) {
      const version = this.versions.get(node.id);
      const url = this.api.http.url(`/Project/${encodeURIComponent(projectId)}/${kind}/${encodeURIComponent(node.id)}`);
      try {
        void globalThis
          .fetch(url, {
            method: 'PUT',
            keepalive: true,
            credentials: 'include',
            headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...(token === undefined ? {} : { 'X-XSRF-TOKEN': token }) },
            body: JSON.stringify({ ...plain(node), ...(version === undefined ? {} : { version }) }),
          })
          .catch(() => undefined);
      } catch {
        // keepalive quota exceeded or fetch unavailable: nothing more can be done while unloading
      }
    }
  }

  /** Keeps the node's version and returns the node without transport fields. */
  private remember(node: ApiWaterflowNode | WaterflowNode): WaterflowNode {
    const version = (node as { version?: unknown }).version;
    if (typeof version === 'number') this.versions.set(node.id, version);
    return plain(node as unknown as WaterflowNode);
  }
}

function changedFirst(nodes: readonly NodeToSave[]): NodeToSave[] {
  return [...nodes].sort((a, b) => SAVE_ORDER.indexOf(a.kind) - SAVE_ORDER.indexOf(b.kind));
}
