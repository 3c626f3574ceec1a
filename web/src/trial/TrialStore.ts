/**
 * Trial mode (issue 7, "continue without account"): the trial projects kept in this browser
 * (`LocalProjectRepository`, IndexedDB), opening one in the dimensioning screens (c1's
 * `WaterflowStore` with the local repository: the engine computes in the worker), its project data
 * and custom rain data, downloading it as a project file, and — once signed in — moving it into
 * the account in one step (created on the server like an opened project file, then removed from
 * the browser).
 */
import { action, makeObservable, observable, observableRef, runInAction } from 'mobx';
import type { ParseError, Project, ProjectData, RainData } from '@rainplan/engine';
import { ApiError } from '../api/index.ts';
import type { RootStore } from '../stores/RootStore.ts';
import type { ProjectRepository } from '../dimensioning/repository.ts';
import { projectFileStore } from '../projectFile/ProjectFileStore.ts';
import { serverRequirements } from '../projectFile/projectFile.ts';
import { LocalProjectRepository, type TrialRecord } from './LocalProjectRepository.ts';
import { lazyStore } from '../stores/lazyStore.ts';

export class TrialStore {
  projects: readonly TrialRecord[] = [];
  loaded = false;
  /** Why the last move into the account was refused (missing project data), with JSON paths. */
  moveProblems: readonly ParseError[] = [];
  /** The KOSTRA cell without data of the last rain lookup that answered code 61, else undefined. */
  rainCellWithoutData: { readonly edition: string; readonly cell: string } | undefined = undefined;
  moving = false;

  readonly repository: LocalProjectRepository;
  private readonly root: RootStore;
  private previousRepository: ProjectRepository | undefined;
  private ensuring: Promise<string> | undefined;
  /** The trial project a screen has open. */
  private active: string | undefined;

  constructor(root: RootStore, repository: LocalProjectRepository = new LocalProjectRepository()) {
    this.root = root;
    this.repository = repository;
    makeObservable(this, { projects: observableRef, loaded: observable, moveProblems: observableRef, moving: observable, clearMoveProblems: action });
  }

  /** The trial projects of this browser, newest first (silently empty when IndexedDB is unavailable). */
  async loadList(): Promise<readonly TrialRecord[]> {
    let list: TrialRecord[] = [];
    try {
      list = await this.repository.list();
    } catch (error) {
      console.error('trial: projects could not be read', error);
    }
    runInAction(() => {
      this.projects = list;
      this.loaded = true;
    });
    return list;
  }

  /** The newest trial project, or a new one named `name`. */
  ensureProject(name: string): Promise<string> {
    // one at a time: two calls (React's strict effects) must not create two projects
    this.ensuring ??= (async () => {
      const list = await this.loadList();
      if (list[0] !== undefined) return list[0].id;
      return this.createProject({ schemaVersion: 4, project: { name }, waterflow: { sealedSurfaces: [], purifications: [], measures: [] } });
    })().finally(() => {
      this.ensuring = undefined;
    });
    return this.ensuring;
  }

  async createProject(project: Project): Promise<string> {
    const id = await this.repository.createProject(project);
    await this.loadList();
    return id;
  }

  /** Opens a trial project in the dimensioning store (its repository is restored by {@link closeProject}). */
  async openProject(id: string): Promise<void> {
    this.active = id;
    const { waterflow } = this.root;
    if (waterflow.repository !== this.repository) this.previousRepository = waterflow.repository;
    await waterflow.open(id, this.repository);
  }

  /** Saves what is changed and gives the dimensioning store its account repository back. */
  async closeProject(): Promise<void> {
    this.active = undefined;
    // a screen mounted again at once (React strict mode, switching trial projects) opens again synchronously: keep it open
    await Promise.resolve();
    if (this.active !== undefined) return;
    const { waterflow } = this.root;
    if (waterflow.repository !== this.repository) return;
    await waterflow.close();
    const previous = this.previousRepository;
    if (previous !== undefined) runInAction(() => (waterflow.repository = previous));
  }

  /** Re-reads the open project after its data or rain data changed (the engine re-sizes). */
  private async reopen(id: string): Promise<void> {
    const { waterflow } = this.root;
    if (waterflow.projectId !== id || waterflow.repository !== this.repository) return;
    await waterflow.saveChanged();
    await waterflow.close();
    await waterflow.open(id, this.repository);
  }

  async project(id: string): Promise<Project> {
    return this.repository.getProject(id);
  }

  async updateProjectData(id: string, data: ProjectData): Promise<boolean> {
    try {
      await this.repository.updateProjectData(id, data);
    } catch (error) {
      console.error('trial: project data could not be saved', error);
      this.root.notifications.error({ message: 'trial:saveFailed' });
      return false;
    }
    await this.reopen(id);
    await this.loadList();
    return true;
  }

  async setRainData(id: string, rainData: RainData | null): Promise<boolean> {
    try {
      await this.repository.setRainData(id, rainData);
    } catch (error) {
      console.error('trial: rain data could not be saved', error);
      return false;
    }
    await this.reopen(id);
    return true;
  }

  /**
   * Looks up the KOSTRA rain data of the trial project's location on the server (no account needed)
   * and keeps it with the project, unless the project uses custom rain data. 'none': no dataset
   * covers the location; 'cellWithoutData': the location lies in a KOSTRA cell without data (code
   * 61, the cell in `rainCellWithoutData`; decision 0177); 'failed': the server could not be asked
   * (offline, too many requests).
   */
  async lookUpRainData(id: string): Promise<'found' | 'none' | 'cellWithoutData' | 'custom' | 'noLocation' | 'failed'> {
    this.rainCellWithoutData = undefined;
    let project: Project;
    try {
      project = await this.repository.getProject(id);
    } catch {
      return 'failed';
    }
    if (project.rainData?.source.edition === 'custom') return 'custom';
    const location = project.project.location;
    if (location == null) return 'noLocation';
    const current = project.rainData ?? undefined;
    let found: RainData | undefined;
    try {
      const dto = await this.root.api.raindata.trial(location.latitude, location.longitude, { silent: true });
      found = { source: dto.source, ...(dto.kostraCell === null ? {} : { kostraCell: dto.kostraCell }), raindataSeries: dto.raindataSeries } as unknown as RainData;
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) {
        if (current !== undefined) await this.setRainData(id, null);
        const cell = cellWithoutData(error);
        if (cell === undefined) return 'none';
        this.rainCellWithoutData = cell;
        return 'cellWithoutData';
      }
      console.error('trial: rain data lookup failed', error);
      return 'failed';
    }
    // unchanged (same dataset and cell): nothing to store, nothing to re-size
    if (current !== undefined && current.source.edition === found.source.edition && current.source.cell === found.source.cell) return 'found';
    return (await this.setRainData(id, found)) ? 'found' : 'failed';
  }

  /** The trial project as a project file, unsaved edits saved first (for the download button). */
  async fileToDownload(id: string): Promise<Project> {
    if (this.root.waterflow.projectId === id) await this.root.waterflow.saveChanged();
    return this.repository.getProject(id);
  }

  clearMoveProblems(): void {
    this.moveProblems = [];
  }

  /**
   * Moves a trial project into the signed-in account: saves pending edits, creates it on the
   * server (as from a project file) and removes it from the browser. Resolves to the new server id;
   * undefined when project data are missing (`moveProblems`) or the server refused (a notice).
   */
  async moveToAccount(id: string): Promise<string | undefined> {
    if (this.root.waterflow.projectId === id) await this.root.waterflow.saveChanged();
    const project = await this.repository.getProject(id);
    const problems = serverRequirements(project);
    runInAction(() => (this.moveProblems = problems));
    if (problems.length > 0) return undefined;
    runInAction(() => (this.moving = true));
    try {
      const serverId = await this.root.ui.withWait(() => projectFileStore(this.root).createOnServer(project));
      if (this.root.waterflow.projectId === id) await this.closeProject();
      await this.repository.deleteProject(id);
      await this.loadList();
      this.root.notifications.success('trial:moved');
      return serverId;
    } catch (error) {
      console.error('trial: project could not be moved into the account', error);
      this.root.notifications.error({ message: 'trial:moveFailed' });
      return undefined;
    } finally {
      runInAction(() => (this.moving = false));
    }
  }
}

/** The trial store of a root store (created on first use: IndexedDB and the engine stay out of the login bundle). */
export const trialStore = lazyStore((root: RootStore) => new TrialStore(root));

/** The api's code 61 (a KOSTRA cell without data): its edition and cell id, else undefined (decision 0177). */
export function cellWithoutData(error: ApiError): { readonly edition: string; readonly cell: string } | undefined {
  if (error.code !== NO_RAIN_DATA_IN_CELL) return undefined;
  const body = error.body as { edition?: unknown; kostraCell?: { id?: unknown } } | null | undefined;
  const edition = typeof body?.edition === 'string' ? body.edition : 'KOSTRA';
  const cell = typeof body?.kostraCell?.id === 'string' ? body.kostraCell.id : '—';
  return { edition, cell };
}

/** The api's error code of a position inside a KOSTRA grid in a cell without data (docs/api.md). */
export const NO_RAIN_DATA_IN_CELL = 61;
