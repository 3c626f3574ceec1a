/**
 * The open project's waterflow and its results (issue 7). Holds the engine's inputs (waterflow,
 * rain data, rule edition, facilities), applies every edit through the engine's waterflow
 * operations (`EngineBridge`), marks the touched nodes changed and puts the evaluation and the
 * derived waterflow into observable state. The engine keeps the project (a session, seeded in the
 * worker by `rederive` on open, shell and rain-data changes); an edit runs on the main thread
 * (decision 0239): with nothing queued before it synchronously, inside the event that made it
 * (`EngineBridge.editNow`), so its answer is in the store, and rendered, before the keystroke's
 * frame; else queued behind what is before it (`applyAndEvaluate`). An edit answers only the
 * changed nodes and results, which are applied to this store's state (unchanged nodes keep their
 * identity).
 * Components only call actions and read observables; nothing is calculated in a component.
 *
 * Saving (spec section 4, with the issue's improvement): `saveChanged()` sends the changed nodes
 * surfaces → measures → purifications through the {@link ProjectRepository}; a node edited while
 * its save ran stays changed; a failed save keeps the changes, tells the user once and retries
 * with backoff (1 s, 2 s, 4 s … 30 s) until it succeeds (the shared {@link AutosaveQueue}).
 * `saveOnUnload()` (pagehide) starts keepalive writes.
 *
 * The project's shell (name, address, rule edition, rain data) is edited by the `ProjectStore`
 * (`store.project`): this store follows it (shellFollower.ts) and re-sizes when the rule edition,
 * air pollution or rain data change. The per-node indexes are waterflowIndex.ts.
 */
import { action, computed, computedStruct, makeObservable, observable, observableRef, runInAction, type IReactionDisposer } from 'mobx';
import type { Evaluation, Measure, MeasureResult, NodeKind, Project, PurificationResult, Purification, RainData, SealedSurface, SurfaceResult, TreatmentFacility, Waterflow } from '@rainplan/engine';
import type { RuleEdition } from '@rainplan/engine/tables';
import { EngineBridge, isAbortError, type SessionEditAnswer } from '../engine/client/EngineBridge.ts';
import { applyDerivedDiff } from '../engine/shared/diff.ts';
import { call, type OperationCall } from '../engine/shared/call.ts';
import { AutosaveQueue, type SaveOutcome } from '../stores/AutosaveQueue.ts';
import type { NotificationStore } from '../stores/NotificationStore.ts';
import { followShell, type ShellSource } from './shellFollower.ts';
import { WaterflowIndex, type Issues } from './waterflowIndex.ts';
import { completion, purificationMeasureChange, surfaceOptions, type PurificationMeasureChange, type SurfaceOption } from './waterflowQueries.ts';
import { afterSave, changedNodes, type LoadedProject, type SaveFailureView, type ProjectRepository, type ProjectShell } from './repository.ts';

export type WaterflowStatus = 'idle' | 'loading' | 'loaded' | 'error';
export type SaveStatus = 'saved' | 'saving' | 'failed';

/** The engine's project-file version (`SCHEMA_VERSION`; a unit test keeps them equal). A value import of the engine would pull it into the main bundle. */
export const PROJECT_SCHEMA_VERSION = 4;

const EMPTY: Waterflow = { sealedSurfaces: [], purifications: [], measures: [] };
export type { ShellSource } from './shellFollower.ts';

export interface WaterflowStoreOptions {
  readonly bridge: EngineBridge;
  readonly notifications: NotificationStore;
  /** Default repository (the account's ServerProjectRepository). */
  readonly repository: ProjectRepository;
  /** Names of new nodes, e.g. `(kind, n) => t('names.surface', { n })`. */
  readonly newName: (kind: NodeKind, n: number) => string;
  /** The ProjectStore: the shell is followed from it when given. */
  readonly shellSource?: ShellSource;
}

export type { SaveFailureView } from './repository.ts';

export class WaterflowStore {
  projectId: string | undefined = undefined;
  status: WaterflowStatus = 'idle';
  shell: ProjectShell | undefined = undefined;
  waterflow: Waterflow = EMPTY;
  rainData: RainData | undefined = undefined;
  facilities: readonly TreatmentFacility[] = [];
  /** The facility catalogue could not be loaded (issue 14.3: shown, not an empty list). */
  facilitiesFailed = false;
  evaluation: Evaluation | undefined = undefined;
  /** Ids of nodes with unsaved changes. */
  changed: ReadonlySet<string> = new Set();
  saveStatus: SaveStatus = 'saved';
  /** The nodes of the last failed save with the server's reason (shown until a save succeeds; issue 14.3). */
  saveFailures: readonly SaveFailureView[] = [];
  /** Structural actions (create, delete, save before navigating) running: the progress cursor shows. */
  busy = 0;
  /** Edits sent to the engine and not answered yet. */
  editsInFlight = 0;
  /** Where the engine runs: 'worker', or 'main-thread' when no worker could start ('idle' between calls). */
  engineMode: 'idle' | 'worker' | 'main-thread' = 'idle';
  /** Per-node indexes of `waterflow` and `evaluation`, kept in step by `setState`. */
  private readonly index = new WaterflowIndex();

  repository: ProjectRepository;
  readonly bridge: EngineBridge;
  private readonly notifications: NotificationStore;
  private readonly newName: WaterflowStoreOptions['newName'];
  private editChain: Promise<unknown> = Promise.resolve();
  /** Edits and evaluations in `editChain` that have not finished. */
  private chained = 0;
  private readonly autosave: AutosaveQueue;
  private loadToken = 0;
  private readonly disposeShell: IReactionDisposer | undefined;

  constructor(options: WaterflowStoreOptions) {
    this.bridge = options.bridge;
    this.notifications = options.notifications;
    this.repository = options.repository;
    this.newName = options.newName;
    this.autosave = new AutosaveQueue({
      save: () => this.saveNow(),
      notifications: options.notifications,
      messages: { failed: 'dimensioning:save.failed', recovered: 'dimensioning:save.recovered' },
    });
    makeObservable<WaterflowStore, 'setDerived' | 'setState'>(this, {
      projectId: observable,
      status: observable,
      shell: observableRef,
      waterflow: observableRef,
      rainData: observableRef,
      facilities: observableRef,
      facilitiesFailed: observable,
      evaluation: observableRef,
      changed: observableRef,
      saveStatus: observable,
      saveFailures: observableRef,
      busy: observable,
      editsInFlight: observable,
      engineMode: observable,
      repository: observableRef,
      isLoaded: computed,
      hasUnsavedChanges: computed,
      ruleEdition: computed,
      completion: computedStruct,
      open: action,
      close: action,
      setShell: action,
      setRainData: action,
      setDerived: action,
      setState: action,
    });
    this.bridge.onModeChange((mode) => runInAction(() => (this.engineMode = mode === 'idle' ? this.engineMode : mode)));
    if (options.shellSource !== undefined) this.disposeShell = followShell(options.shellSource, this);
  }

  get isLoaded(): boolean {
    return this.status === 'loaded';
  }

  get hasUnsavedChanges(): boolean {
    return this.changed.size > 0;
  }

  /** The ids of `waterflow`'s lists, in order; replaced only when nodes are added, removed or reordered. */
  get surfaceIds(): readonly string[] {
    return this.index.surfaceIds;
  }

  get purificationIds(): readonly string[] {
    return this.index.purificationIds;
  }

  get measureIds(): readonly string[] {
    return this.index.measureIds;
  }

  get ruleEdition(): RuleEdition | undefined {
    return this.shell?.ruleEdition;
  }

  /** The surfaces' results by node id (`get(id)` tracks only that result). */
  get surfaceResults(): ReadonlyMap<string, SurfaceResult> {
    return this.index.surfaceResults.map;
  }

  get purificationResults(): ReadonlyMap<string, PurificationResult> {
    return this.index.purificationResults.map;
  }

  get measureResults(): ReadonlyMap<string, MeasureResult> {
    return this.index.measureResults.map;
  }

  /** The evaluation's issues by node id ('' for project-wide ones). */
  get issuesByNode(): ReadonlyMap<string, Issues> {
    return this.index.issues;
  }

  surface(id: string | null | undefined): SealedSurface | undefined {
    return id == null ? undefined : this.index.surfaces.map.get(id);
  }

  purification(id: string | null | undefined): Purification | undefined {
    return id == null ? undefined : this.index.purifications.map.get(id);
  }

  measure(id: string | null | undefined): Measure | undefined {
    return id == null ? undefined : this.index.measures.map.get(id);
  }

  /** The sealed surfaces offered in a purification's or measure's multi-select; ineligible ones disabled (spec section 5). */
  surfaceOptions(nodeId: string): SurfaceOption[] {
    return surfaceOptions(this.waterflow, this.purification(nodeId) ?? this.measure(nodeId));
  }

  /** The surfaces chosen directly on a purification, or on a measure (its own and through its purifications). */
  chosenSurfaces(nodeId: string): readonly string[] {
    return (this.purification(nodeId) ?? this.measure(nodeId))?.sealedSurfaces ?? [];
  }

  /** The measure a surface drains to (directly or through its purification), if any. */
  measureOfSurface(surfaceId: string): Measure | undefined {
    const parentId = this.surface(surfaceId)?.parentId;
    return this.measure(parentId) ?? this.measure(this.purification(parentId)?.parentId);
  }

  /** The facility of the catalogue with this id. */
  facility(businessId: string | null | undefined): TreatmentFacility | undefined {
    return businessId == null ? undefined : this.facilities.find((f) => f.businessId === businessId);
  }

  /** The first measure's id, creating one when there is none (the surface editor's Dimensioning button). */
  async firstMeasureOrCreate(): Promise<string | undefined> {
    await this.saveChanged();
    return this.waterflow.measures[0]?.id ?? (await this.createNode('measure'));
  }

  /** Completed and total nodes (the progress of the flow overview; waterflowQueries.ts). */
  get completion(): { done: number; total: number } {
    return completion(this.evaluation, (id) => this.surface(id), (id) => this.purification(id));
  }

  /** What choosing `measureId` for a purification would move (waterflowQueries.ts); the editor asks before such a change. */
  purificationMeasureChange(purificationId: string, measureId: string | null): PurificationMeasureChange {
    return purificationMeasureChange(this.waterflow, this.purification(purificationId), measureId, (id) => this.measure(id));
  }

  /** The engine's project file of the current state (also what a project-file export writes). */
  get engineProject(): Project {
    const shell = this.shell;
    return {
      schemaVersion: PROJECT_SCHEMA_VERSION,
      project: {
        name: shell?.name ?? '',
        ...(shell?.location == null ? {} : { location: { latitude: shell.location.latitude, longitude: shell.location.longitude, address: shell.location.address } }),
        ...(shell?.airPollution == null ? {} : { airPollution: shell.airPollution }),
        ...(shell === undefined ? {} : { ruleEdition: shell.ruleEdition }),
      },
      ...(this.rainData === undefined ? {} : { rainData: this.rainData }),
      purificationFacilities: [...this.facilities],
      waterflow: this.waterflow,
    };
  }

  /**
   * Opens a project: loads it through the repository, ensures at least one sealed surface and
   * evaluates it. Re-opening the open project does nothing.
   */
  async open(projectId: string, repository: ProjectRepository = this.repository): Promise<void> {
    if (this.projectId === projectId && this.repository === repository && (this.status === 'loaded' || this.status === 'loading')) return;
    if (this.projectId !== undefined && this.projectId !== projectId) await this.saveChanged();
    const token = ++this.loadToken;
    runInAction(() => {
      this.repository = repository;
      this.projectId = projectId;
      this.status = 'loading';
      this.setState(EMPTY, undefined);
      this.changed = new Set();
      this.saveStatus = 'saved';
      this.saveFailures = [];
    });
    let loaded: LoadedProject;
    try {
      loaded = await repository.load(projectId);
      if (loaded.waterflow.sealedSurfaces.length === 0) {
        const surface = await repository.createNode(projectId, 'surface', this.newName('surface', 1));
        loaded = { ...loaded, waterflow: { ...loaded.waterflow, sealedSurfaces: [surface as SealedSurface] } };
      }
    } catch (error) {
      console.error('project could not be loaded', error);
      if (token === this.loadToken) runInAction(() => (this.status = 'error'));
      return;
    }
    if (token !== this.loadToken) return;
    this.bridge.invalidate();
    runInAction(() => {
      this.shell = loaded.shell;
      this.rainData = loaded.rainData;
      this.facilities = loaded.facilities;
      this.facilitiesFailed = loaded.facilitiesFailed === true;
      this.setState(loaded.waterflow, this.evaluation);
    });
    await this.rederive();
    if (token === this.loadToken) runInAction(() => (this.status = 'loaded'));
  }

  /** Saves what is changed and forgets the project. */
  async close(): Promise<void> {
    await this.saveChanged();
    this.loadToken++;
    this.bridge.invalidate();
    this.autosave.cancel();
    runInAction(() => {
      this.projectId = undefined;
      this.status = 'idle';
      this.shell = undefined;
      this.setState(EMPTY, undefined);
      this.changed = new Set();
    });
  }

  dispose(): void {
    this.disposeShell?.();
    this.autosave.cancel();
    this.bridge.dispose();
  }

  setShell(shell: ProjectShell): void {
    const resize = shell.ruleEdition !== this.shell?.ruleEdition || shell.airPollution !== this.shell?.airPollution;
    this.shell = shell;
    if (resize) void this.rederive();
    // the engine's session has the old shell: the next edit sends the current project
    else this.bridge.invalidate();
  }

  setRainData(rainData: RainData | undefined): void {
    this.rainData = rainData;
    void this.rederive();
  }

  /** Stores a new rule edition (the project data screen normally does this through the ProjectStore). */
  async setRuleEdition(edition: RuleEdition): Promise<boolean> {
    const projectId = this.projectId;
    if (projectId === undefined || this.shell === undefined) return false;
    try {
      await this.repository.setRuleEdition(projectId, edition);
    } catch (error) {
      console.error('rule edition could not be saved', error);
      this.notifications.error({ message: 'dimensioning:save.ruleEditionFailed' });
      return false;
    }
    this.setShell({ ...this.shell, ruleEdition: edition });
    return true;
  }

  /** Loads the rain data again (the project's position or custom-rain choice changed). */
  async reloadRainData(): Promise<void> {
    const projectId = this.projectId;
    if (projectId === undefined) return;
    try {
      const loaded = await this.repository.load(projectId);
      if (projectId === this.projectId) this.setRainData(loaded.rainData);
    } catch (error) {
      console.error('rain data could not be reloaded', error);
    }
  }

  /** Re-evaluates the current inputs (after loading, shell or rain data changes). */
  async rederive(): Promise<void> {
    await this.chain(async () => {
      try {
        const derived = await this.bridge.seed(this.engineProject);
        this.setDerived(derived.waterflow, derived.evaluation, []);
      } catch (error) {
        if (!isAbortError(error)) console.error('evaluation failed', error);
      }
    });
  }

  /** Runs `fn` after everything chained before it (edits apply in order, after the evaluation they build on). */
  private chain<T>(fn: () => Promise<T>): Promise<T> {
    this.chained++;
    const run = this.editChain.then(fn).finally(() => this.chained--);
    this.editChain = run;
    return run;
  }

  /** Puts an edit's answer (a diff against the current state, or the whole state) into the store. */
  private applyAnswer(answer: SessionEditAnswer): void {
    if (answer.kind === 'full') {
      this.setDerived(answer.waterflow, answer.evaluation, answer.changed);
      return;
    }
    if (this.evaluation === undefined) throw new Error('an edit diff arrived without a state to apply it to');
    const next = applyDerivedDiff({ waterflow: this.waterflow, evaluation: this.evaluation }, answer.diff);
    this.setDerived(next.waterflow, next.evaluation, answer.changed);
  }

  private setDerived(waterflow: Waterflow, evaluation: Evaluation, changed: readonly string[]): void {
    this.setState(waterflow, evaluation);
    // a new set only when a node becomes changed (its readers react), not on every edit
    if (changed.some((id) => !this.changed.has(id))) {
      const next = new Set(this.changed);
      for (const id of changed) next.add(id);
      this.changed = next;
    }
  }

  /** Sets the derived state and brings the per-node indexes up to it. */
  private setState(waterflow: Waterflow, evaluation: Evaluation | undefined): void {
    this.waterflow = waterflow;
    this.evaluation = evaluation;
    this.index.sync(waterflow, evaluation);
  }

  /**
   * Applies one waterflow operation, marks the nodes it changed and shows the new results. Edits
   * run in the order they were made. Resolves to false when the engine refused it.
   */
  edit(operation: OperationCall): Promise<boolean> {
    if (this.chained === 0) {
      // Nothing before it: the edit runs now, within the caller's event, and its answer is in the
      // store before this returns (MobX notifies the observers at the action's end; React renders
      // an update made in a discrete event such as a keystroke's input before the frame).
      let answer: SessionEditAnswer | undefined;
      try {
        answer = this.bridge.editNow(operation);
      } catch (error) {
        console.error('edit refused by the engine', operation.op, error);
        return Promise.resolve(false);
      }
      if (answer !== undefined) {
        try {
          this.applyAnswer(answer);
          return Promise.resolve(true);
        } catch (error) {
          // the state and the engine's session diverged (should not happen): the edit is sent
          // again below with this state (a new session, answered in full)
          console.error('edit answer did not fit the state; resyncing the engine', error);
          this.bridge.invalidate();
        }
      }
    }
    const projectId = this.projectId;
    const loadToken = this.loadToken;
    runInAction(() => this.editsInFlight++);
    // With nothing chained before it, the edit goes to the bridge at once (the worker, for an edit
    // the main thread leaves to it, is posted within the caller's event); otherwise it is sent
    // after what is chained before it.
    const sent = this.chained === 0 ? this.bridge.applyAndEvaluate(operation, () => this.engineProject) : undefined;
    return this.chain(async () => {
      try {
        if (sent === undefined && (projectId !== this.projectId || loadToken !== this.loadToken)) return false;
        const answer = await (sent ?? this.bridge.applyAndEvaluate(operation, () => this.engineProject));
        if (projectId !== this.projectId || loadToken !== this.loadToken) return false;
        try {
          this.applyAnswer(answer);
        } catch (error) {
          // the engine's session and this state diverged (should not happen): the edit is sent
          // again with this state (a new session, answered in full)
          console.error('edit answer did not fit the state; resyncing the engine', error);
          this.bridge.invalidate();
          const full = await this.bridge.applyAndEvaluate(operation, () => this.engineProject);
          if (projectId !== this.projectId || loadToken !== this.loadToken) return false;
          this.applyAnswer(full);
        }
        return true;
      } catch (error) {
        console.error('edit refused by the engine', operation.op, error);
        return false;
      } finally {
        runInAction(() => this.editsInFlight--);
      }
    });
  }

  /** Resolves when every edit made so far has been applied. */
  async settled(): Promise<void> {
    await this.editChain;
  }

  // ---- structural actions (create, duplicate, delete): save first, then the repository ----

  /** Runs `fn` with `busy` raised: the project layout shows the progress cursor meanwhile (also while switching element). */
  async busyWith<T>(fn: () => Promise<T>): Promise<T> {
    runInAction(() => this.busy++);
    try {
      return await fn();
    } finally {
      runInAction(() => this.busy--);
    }
  }

  /** Saves, creates a node of `kind` and returns its id (undefined when it failed; a notice shows). */
  createNode(kind: NodeKind): Promise<string | undefined> {
    return this.busyWith(async () => {
      const projectId = this.projectId;
      if (projectId === undefined) return undefined;
      await this.saveChanged();
      const count = { surface: this.waterflow.sealedSurfaces.length, purification: this.waterflow.purifications.length, measure: this.waterflow.measures.length }[kind];
      const name = this.newName(kind, count + 1);
      let id: string;
      try {
        id = (await this.repository.createNode(projectId, kind, name)).id;
      } catch (error) {
        console.error('node could not be created', error);
        this.notifications.error({ message: 'dimensioning:save.createFailed' });
        return undefined;
      }
      const op = kind === 'surface' ? call('createSurface', { id, name }) : kind === 'purification' ? call('createPurification', { id, name }) : call('createMeasure', { id, name });
      await this.editUnchanged(op);
      return id;
    });
  }

  /** Saves, duplicates a sealed surface (spec: only surfaces) and returns the copy's id. */
  duplicateSurface(surfaceId: string): Promise<string | undefined> {
    return this.busyWith(async () => {
      const projectId = this.projectId;
      const source = this.surface(surfaceId);
      if (projectId === undefined || source === undefined) return undefined;
      await this.saveChanged();
      const name = `${source.name} (2)`;
      let id: string;
      try {
        id = (await this.repository.createNode(projectId, 'surface', name)).id;
      } catch (error) {
        console.error('surface could not be duplicated', error);
        this.notifications.error({ message: 'dimensioning:save.createFailed' });
        return undefined;
      }
      await this.edit(call('duplicateSurface', surfaceId, { id, name }));
      await this.saveChanged();
      return id;
    });
  }

  /** Saves, deletes a node with the engine's rules; false when refused (last surface) or failed. */
  deleteNode(kind: NodeKind, id: string): Promise<boolean> {
    return this.busyWith(async () => {
      const projectId = this.projectId;
      if (projectId === undefined) return false;
      if (kind === 'surface' && this.waterflow.sealedSurfaces.length <= 1) return false;
      await this.saveChanged();
      try {
        await this.repository.deleteNode(projectId, kind, id);
      } catch (error) {
        console.error('node could not be deleted', error);
        this.notifications.error({ message: 'dimensioning:save.deleteFailed' });
        return false;
      }
      await this.editUnchanged(call('deleteNode', id));
      runInAction(() => {
        const next = new Set(this.changed);
        next.delete(id);
        this.changed = next;
      });
      return true;
    });
  }

  /**
   * An edit the repository has already stored (create, delete, the api's atomic "choose variant"):
   * its nodes are not marked changed. Resolves to false when the engine refused it.
   */
  async editUnchanged(operation: OperationCall): Promise<boolean> {
    const before = this.changed;
    const ok = await this.edit(operation);
    runInAction(() => (this.changed = before));
    return ok;
  }

  // ---- saving ----

  /**
   * Saves every changed node (after the pending edits), in the spec's order. Resolves true when
   * nothing is left unsaved; on failure the nodes stay changed, the user is told and a retry is
   * scheduled. Concurrent calls run one after the other.
   */
  saveChanged(): Promise<boolean> {
    return this.autosave.flush();
  }

  /** One save of the changed nodes (the autosave queue runs it, retries it and tells the user). */
  private async saveNow(): Promise<SaveOutcome> {
    await this.editChain;
    const projectId = this.projectId;
    if (projectId === undefined || this.changed.size === 0) return 'nothing';
    const nodes = changedNodes(this.waterflow, this.changed);
    runInAction(() => (this.saveStatus = 'saving'));
    const result = await this.repository.saveChanged(projectId, nodes);
    if (projectId !== this.projectId) return { abandoned: { ok: result.failed.length === 0 } };
    const after = afterSave(this.changed, nodes, result, (id) => this.surface(id) ?? this.purification(id) ?? this.measure(id));
    runInAction(() => {
      this.changed = after.changed;
      this.saveStatus = result.failed.length === 0 ? 'saved' : 'failed';
      this.saveFailures = after.failures;
    });
    if (result.failed.length === 0) return 'saved';
    console.error('nodes could not be saved:', result.failed.map((f) => `${f.kind} ${f.id}: ${f.error instanceof Error ? f.error.message : String(f.error)}`).join('; '));
    return 'failed';
  }

  /** The spec's "saved" notice (saveSuccess). */
  notifySaved(): void {
    this.notifications.success('dimensioning:save.saveSuccess');
  }

  /** Page unload (pagehide): best-effort keepalive writes of the changed nodes. */
  saveOnUnload(): void {
    const projectId = this.projectId;
    if (projectId === undefined || this.changed.size === 0) return;
    this.repository.saveOnUnload(projectId, changedNodes(this.waterflow, this.changed));
  }
}
