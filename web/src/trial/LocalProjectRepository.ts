/**
 * Trial mode's project storage (issue 7): projects kept in this browser's IndexedDB, no server
 * account. Implements `ProjectRepository` (dimensioning/repository.ts), so the dimensioning screens and the
 * `WaterflowStore` work on a trial project exactly as on a server project, with the engine in the
 * worker computing everything.
 *
 * Each project is stored whole, as the engine's project file (`Project`: project data, rain data,
 * waterflow), in the object store `projects` of the database `rainplan-trial`:
 * `{ id, project, updatedAt }`. Ids of trial projects start with `trial-` (see trialIds.ts);
 * node ids are `crypto.randomUUID()`. Every change is one read-modify-write transaction, so
 * concurrent saves of different nodes cannot overwrite each other.
 */
import { createMeasure, createPurification, createSurface, deleteNode as engineDeleteNode, type Project, type ProjectData, type RainData, type TreatmentFacility, type Waterflow } from '@rainplan/engine';
import type { RuleEdition } from '@rainplan/engine/tables';
import {
  saveInSpecOrder,
  type LoadedProject,
  type NodeKind,
  type NodeToSave,
  type ProjectRepository,
  type ProjectShell,
  type SaveChangedResult,
  type WaterflowNode,
} from '../dimensioning/repository.ts';
import { newTrialProjectId } from './trialIds.ts';

export const TRIAL_DB_NAME = 'rainplan-trial';
const STORE = 'projects';
const DEFAULT_EDITION: RuleEdition = 'DWA-A 138-1:2024';

export interface TrialRecord {
  readonly id: string;
  readonly project: Project;
  /** ISO time of the last change. */
  readonly updatedAt: string;
}

export class TrialProjectNotFoundError extends Error {
  constructor(id: string) {
    super(`No trial project ${id} in this browser`);
    this.name = 'TrialProjectNotFoundError';
  }
}

const LIST_OF: Record<NodeKind, keyof Waterflow> = { surface: 'sealedSurfaces', purification: 'purifications', measure: 'measures' };
const CREATE = { surface: createSurface, purification: createPurification, measure: createMeasure } as const;

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });
}

/** A node without the editor's `changed` flag and transport fields. */
function plain(node: WaterflowNode): WaterflowNode {
  const { changed: _changed, version: _version, ...rest } = node as WaterflowNode & { changed?: boolean; version?: number };
  return rest as WaterflowNode;
}

export interface LocalProjectRepositoryOptions {
  /** The IndexedDB factory (tests pass fake-indexeddb's). */
  readonly indexedDB?: IDBFactory;
  readonly name?: string;
  /** The treatment facility catalogue offered in trial mode (the api's needs an account); default none. */
  readonly facilities?: () => Promise<readonly TreatmentFacility[]>;
  readonly now?: () => Date;
  readonly randomId?: () => string;
}

export class LocalProjectRepository implements ProjectRepository {
  readonly storage = 'browser' as const;
  private readonly factory: IDBFactory;
  private readonly name: string;
  private readonly facilities: () => Promise<readonly TreatmentFacility[]>;
  private readonly now: () => Date;
  private readonly randomId: () => string;
  private db: IDBDatabase | undefined;
  private opening: Promise<IDBDatabase> | undefined;

  constructor(options: LocalProjectRepositoryOptions = {}) {
    this.factory = options.indexedDB ?? globalThis.indexedDB;
    this.name = options.name ?? TRIAL_DB_NAME;
    this.facilities = options.facilities ?? (async () => []);
    this.now = options.now ?? (() => new Date());
    this.randomId = options.randomId ?? (() => crypto.randomUUID());
  }

  private open(): Promise<IDBDatabase> {
    if (this.db !== undefined) return Promise.resolve(this.db);
    this.opening ??= new Promise<IDBDatabase>((resolve, reject) => {
      const req = this.factory.open(this.name, 1);
      req.onupgradeneeded = () => {
        if (!req.result.objectStoreNames.contains(STORE)) req.result.createObjectStore(STORE, { keyPath: 'id' });
      };
      req.onsuccess = () => {
        this.db = req.result;
        this.db.onversionchange = () => {
          this.db?.close();
          this.db = undefined;
          this.opening = undefined;
        };
        resolve(req.result);
      };
      req.onerror = () => {
        this.opening = undefined;
        reject(req.error ?? new Error('IndexedDB could not be opened'));
      };
      req.onblocked = () => reject(new Error('IndexedDB is blocked by another tab'));
    });
    return this.opening;
  }

  /** Closes the connection (tests; a later call opens it again). */
  close(): void {
    this.db?.close();
    this.db = undefined;
    this.opening = undefined;
  }

  // ---- projects ----

  async list(): Promise<TrialRecord[]> {
    const db = await this.open();
    const records = await request(db.transaction(STORE, 'readonly').objectStore(STORE).getAll() as IDBRequest<TrialRecord[]>);
    return records.sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
  }

  async getProject(id: string): Promise<Project> {
    const db = await this.open();
    const record = await request(db.transaction(STORE, 'readonly').objectStore(STORE).get(id) as IDBRequest<TrialRecord | undefined>);
    if (record === undefined) throw new TrialProjectNotFoundError(id);
    return record.project;
  }

  /** Stores a new project (e.g. from a project file); resolves to its id. Node ids are kept. */
  async createProject(project: Project): Promise<string> {
    const id = newTrialProjectId(this.randomId);
    const db = await this.open();
    const tx = db.transaction(STORE, 'readwrite');
    tx.objectStore(STORE).add({ id, project: structuredClone(project), updatedAt: this.now().toISOString() } satisfies TrialRecord);
    await done(tx);
    return id;
  }

  async deleteProject(id: string): Promise<void> {
    const db = await this.open();
    const tx = db.transaction(STORE, 'readwrite');
    tx.objectStore(STORE).delete(id);
    await done(tx);
  }

  async updateProjectData(id: string, data: ProjectData): Promise<Project> {
    return this.update(id, (project) => ({ ...project, project: data }));
  }

  /** Custom rain data (an uploaded table), or null to remove them. */
  async setRainData(id: string, rainData: RainData | null): Promise<Project> {
    return this.update(id, (project) => {
      const { rainData: _old, ...rest } = project;
      return rainData === null ? rest : { ...rest, rainData };
    });
  }

  /** One read-modify-write transaction; `change` must be synchronous and may throw (nothing is written then). */
  private async update(id: string, change: (project: Project) => Project): Promise<Project> {
    const db = await this.open();
    return new Promise<Project>((resolve, reject) => {
      const tx = db.transaction(STORE, 'readwrite');
      const store = tx.objectStore(STORE);
      let result: Project | undefined;
      let failure: unknown;
      const get = store.get(id) as IDBRequest<TrialRecord | undefined>;
      get.onsuccess = () => {
        const record = get.result;
        if (record === undefined) {
          failure = new TrialProjectNotFoundError(id);
          tx.abort();
          return;
        }
        try {
          result = change(record.project);
        } catch (error) {
          failure = error;
          tx.abort();
          return;
        }
        store.put({ id, project: result, updatedAt: this.now().toISOString() } satisfies TrialRecord);
      };
      tx.oncomplete = () => resolve(result!);
      tx.onabort = () => reject(failure ?? tx.error ?? new Error('IndexedDB transaction aborted'));
      tx.onerror = () => undefined; // onabort follows and rejects
    });
  }

  private updateWaterflow(id: string, change: (waterflow: Waterflow) => Waterflow): Promise<Project> {
    return this.update(id, (project) => ({ ...project, waterflow: change(project.waterflow) }));
  }

  // ---- ProjectRepository ----

  async load(projectId: string): Promise<LoadedProject> {
    const project = await this.getProject(projectId);
    const p = project.project;
    const location = p.location === null || p.location === undefined ? null : { latitude: p.location.latitude, longitude: p.location.longitude, address: p.location.address ?? null };
    const shell: ProjectShell = {
      id: projectId,
      name: p.name,
      location,
      airPollution: p.airPollution ?? null,
      ruleEdition: p.ruleEdition ?? DEFAULT_EDITION,
      usesCustomRaindata: project.rainData?.source.edition === 'custom',
    };
    const facilities = project.purificationFacilities !== undefined && project.purificationFacilities.length > 0 ? project.purificationFacilities : await this.facilities().catch(() => []);
    return { shell, waterflow: project.waterflow, rainData: project.rainData ?? undefined, facilities };
  }

  async createNode(projectId: string, kind: NodeKind, name: string): Promise<WaterflowNode> {
    const id = this.randomId();
    const project = await this.updateWaterflow(projectId, (waterflow) => CREATE[kind](waterflow, { id, name }).waterflow);
    return (project.waterflow[LIST_OF[kind]] as readonly WaterflowNode[]).find((n) => n.id === id)!;
  }

  async saveNode(projectId: string, kind: NodeKind, node: WaterflowNode): Promise<WaterflowNode> {
    const stored = plain(node);
    await this.updateWaterflow(projectId, (waterflow) => {
      const list = waterflow[LIST_OF[kind]] as readonly WaterflowNode[];
      if (!list.some((n) => n.id === node.id)) throw new Error(`No ${kind} ${node.id} in trial project ${projectId}`);
      return { ...waterflow, [LIST_OF[kind]]: list.map((n) => (n.id === node.id ? stored : n)) };
    });
    return stored;
  }

  saveChanged(projectId: string, nodes: readonly NodeToSave[]): Promise<SaveChangedResult> {
    return saveInSpecOrder((kind, node) => this.saveNode(projectId, kind, node), nodes);
  }

  async deleteNode(projectId: string, _kind: NodeKind, nodeId: string): Promise<void> {
    await this.updateWaterflow(projectId, (waterflow) => engineDeleteNode(waterflow, nodeId).waterflow);
  }

  async setRuleEdition(projectId: string, edition: RuleEdition): Promise<void> {
    await this.update(projectId, (project) => ({ ...project, project: { ...project.project, ruleEdition: edition } }));
  }

  /** Starts the writes at once (IndexedDB transactions outlive a hidden page); best effort. */
  saveOnUnload(projectId: string, nodes: readonly NodeToSave[]): void {
    for (const { kind, node } of nodes) void this.saveNode(projectId, kind, node).catch(() => undefined);
  }
}

function done(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
  });
}
