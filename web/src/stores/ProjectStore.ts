/**
 * The project shell's data (platform spec sections 2–4): the open project
 * (load, create, update, close), its rain data (view, custom upload, reset) and the location
 * services (address search, reverse geocoding). The waterflow of the open project lives in the
 * dimensioning's store (`WaterflowStore`); ProjectLayout calls `load(projectId)` here.
 *
 * Parsing of uploaded files happens in the route module (papaparse / exceljs stay lazy); the
 * store gets parsed rain data (`RainUploadState.parsed`) and owns the upload dialog's states.
 */
import { action, computed, makeObservable, observable, observableRef, runInAction } from 'mobx';
import type { Api, GeocodingResult, ProjectCreation, ProjectDetail, ProjectUpdate, Raindata, RuleEdition } from '../api/index.ts';
import { ApiError } from '../api/index.ts';
import type { NotificationStore } from './NotificationStore.ts';

export const RULE_EDITIONS: readonly RuleEdition[] = ['DWA-A 138-1:2024', 'DWA-A 138:2005'];
export const DEFAULT_RULE_EDITION: RuleEdition = 'DWA-A 138-1:2024';

export type LoadStatus = 'idle' | 'loading' | 'loaded' | 'error';
export type UploadStep = 'WAITING' | 'SELECTED' | 'UPLOADING' | 'AWAITING_CONFIRMATION' | 'AWAITING_COMPLETION' | 'SUCCESS' | 'ERROR';

/** A problem found while reading an uploaded file (engine RainDataError, or COULD_NOT_SAVE). */
export interface UploadProblem {
  readonly code: string;
  readonly row?: number | undefined;
  readonly column?: number | undefined;
  readonly detail?: string | undefined;
}

/** What the route module's file reader returns. */
export type RainFileResult = { readonly ok: true; readonly data: Raindata } | { readonly ok: false; readonly errors: readonly UploadProblem[] };

/** State machine of the custom rain data upload dialog (platform spec section 4). */
export class RainUploadState {
  open = false;
  step: UploadStep = 'WAITING';
  file: File | undefined = undefined;
  parsed: Raindata | undefined = undefined;
  errors: readonly UploadProblem[] = [];

  private readonly save: (data: Raindata) => Promise<boolean>;

  constructor(save: (data: Raindata) => Promise<boolean>) {
    this.save = save;
    makeObservable(this, {
      open: observable,
      step: observable,
      file: observableRef,
      parsed: observableRef,
      errors: observableRef,
      start: action,
      close: action,
      selectFile: action,
      changeFile: action,
      retry: action,
      setParsed: action,
      upload: action,
      confirm: action,
    });
  }

  start(): void {
    this.open = true;
    this.changeFile();
  }

  close(): void {
    this.open = false;
  }

  selectFile(file: File): void {
    this.file = file;
    this.step = 'SELECTED';
  }

  changeFile(): void {
    this.file = undefined;
    this.parsed = undefined;
    this.errors = [];
    this.step = 'WAITING';
  }

  retry(): void {
    this.changeFile();
  }

  /** Replaces the parsed data (edits in the confirmation table). */
  setParsed(data: Raindata): void {
    this.parsed = data;
  }

  /** Reads the selected file with `read` (from the route module): AWAITING_CONFIRMATION or ERROR. */
  async upload(read: (file: File) => Promise<RainFileResult>): Promise<void> {
    const file = this.file;
    if (file === undefined) return;
    this.step = 'UPLOADING';
    let result: RainFileResult;
    try {
      result = await read(file);
    } catch (error) {
      console.error('rain data file could not be read', error);
      result = { ok: false, errors: [{ code: 'INVALID_DATA', detail: String(error) }] };
    }
    runInAction(() => {
      if (result.ok) {
        this.parsed = result.data;
        this.step = 'AWAITING_CONFIRMATION';
      } else {
        this.errors = result.errors;
        this.step = 'ERROR';
      }
    });
  }

  /** Saves the confirmed data: SUCCESS or ERROR (COULD_NOT_SAVE). */
  async confirm(): Promise<void> {
    const data = this.parsed;
    if (data === undefined) return;
    this.step = 'AWAITING_COMPLETION';
    const ok = await this.save(data);
    runInAction(() => {
      if (ok) this.step = 'SUCCESS';
      else {
        this.errors = [{ code: 'COULD_NOT_SAVE' }];
        this.step = 'ERROR';
      }
    });
  }
}

export class ProjectStore {
  projectId: string | undefined = undefined;
  project: ProjectDetail | undefined = undefined;
  status: LoadStatus = 'idle';
  raindata: Raindata | undefined = undefined;
  raindataStatus: LoadStatus = 'idle';
  /** The api's error code of the last failed rain data load (57: no data; 61: a KOSTRA cell without data), else undefined. */
  raindataErrorCode: number | undefined = undefined;
  saving = false;
  readonly rainUpload: RainUploadState;

  private readonly api: Api;
  private readonly notifications: NotificationStore;
  private readonly language: () => string;
  private loadId = 0;

  constructor(api: Api, notifications: NotificationStore, language: () => string = () => 'de') {
    this.api = api;
    this.notifications = notifications;
    this.language = language;
    this.rainUpload = new RainUploadState((data) => this.setCustomRaindata(data));
    makeObservable(this, {
      projectId: observable,
      project: observableRef,
      status: observable,
      raindata: observableRef,
      raindataStatus: observable,
      saving: observable,
      isOpen: computed,
      usesCustomRaindata: computed,
      load: action,
      ensureLoaded: action,
      close: action,
      create: action,
      update: action,
      loadRaindata: action,
      loadRaindataAt: action,
      setCustomRaindata: action,
      deleteCustomRaindata: action,
    });
  }

  get isOpen(): boolean {
    return this.project !== undefined;
  }

  get usesCustomRaindata(): boolean {
    return this.project?.usesCustomRaindata === true;
  }

  /** Opens a project (GET /Project/{id}); resolves to it, or undefined when it failed (notice shown). */
  async load(projectId: string): Promise<ProjectDetail | undefined> {
    const id = ++this.loadId;
    if (this.projectId !== projectId) {
      this.project = undefined;
      this.raindata = undefined;
      this.raindataStatus = 'idle';
    }
    this.projectId = projectId;
    this.status = 'loading';
    try {
      const project = await this.api.project.get(projectId);
      if (id === this.loadId) {
        runInAction(() => {
          this.project = project;
          this.status = 'loaded';
        });
      }
      return project;
    } catch {
      if (id === this.loadId) runInAction(() => (this.status = 'error'));
      return undefined;
    }
  }

  /** Loads the project unless it is open already (or loading). */
  async ensureLoaded(projectId: string): Promise<void> {
    if (this.projectId === projectId && (this.status === 'loaded' || this.status === 'loading')) return;
    await this.load(projectId);
  }

  /** Closes the open project (opening the project list does this). */
  close(): void {
    this.loadId++;
    this.projectId = undefined;
    this.project = undefined;
    this.status = 'idle';
    this.raindata = undefined;
    this.raindataStatus = 'idle';
    this.rainUpload.close();
  }

  /** POST /Project: resolves to the new id, or undefined when it failed (only logged, spec section 8; the screen says so). */
  async create(body: ProjectCreation): Promise<string | undefined> {
    this.saving = true;
    try {
      return await this.api.project.create(body, { silent: true });
    } catch (error) {
      console.error('project could not be created', error);
      return undefined;
    } finally {
      runInAction(() => (this.saving = false));
    }
  }

  /** PATCH /Project/{id}: true when saved (notice "project updated"); false keeps the form as it is (the screen says so). */
  async update(body: ProjectUpdate): Promise<boolean> {
    const projectId = this.projectId;
    if (projectId === undefined) return false;
    this.saving = true;
    try {
      const answer = await this.api.project.update(projectId, body, { silent: true });
      const addressChanged = this.project?.location?.latitude !== body.location?.latitude || this.project?.location?.longitude !== body.location?.longitude;
      runInAction(() => {
        if (answer !== undefined && typeof answer === 'object' && 'id' in answer) this.project = answer;
        if (addressChanged && !this.usesCustomRaindata) {
          this.raindata = undefined;
          this.raindataStatus = 'idle';
        }
      });
      this.notifications.success('project:data.updated');
      return true;
    } catch (error) {
      console.error('project could not be saved', error);
      return false;
    } finally {
      runInAction(() => (this.saving = false));
    }
  }

  /** GET /Project/{id}/raindata (custom data or the series at the location). Failure: the dialog does not show (only logged). */
  async loadRaindata(): Promise<Raindata | undefined> {
    const projectId = this.projectId;
    if (projectId === undefined) return undefined;
    return this.fetchRaindata(() => this.api.project.raindata(projectId, { silent: true }), () => this.projectId === projectId);
  }

  /** GET /Raindata at a position (new project, before it has an id). Failure: the dialog does not show (only logged). */
  async loadRaindataAt(latitude: number, longitude: number): Promise<Raindata | undefined> {
    return this.fetchRaindata(() => this.api.raindata.byLocation(latitude, longitude, { silent: true }), () => true);
  }

  /** Loads rain data into `raindata` with its status; `current` says whether the answer still belongs to what is open. */
  private async fetchRaindata(load: () => Promise<Raindata>, current: () => boolean): Promise<Raindata | undefined> {
    this.raindataStatus = 'loading';
    this.raindataErrorCode = undefined;
    try {
      const data = await load();
      runInAction(() => {
        if (!current()) return;
        this.raindata = data;
        this.raindataStatus = 'loaded';
      });
      return data;
    } catch (error) {
      console.error('rain data could not be loaded', error);
      runInAction(() => {
        this.raindataStatus = 'error';
        this.raindataErrorCode = error instanceof ApiError ? error.code : undefined;
      });
      return undefined;
    }
  }

  /** PUT /Project/{id}/customRaindata; true when saved. */
  async setCustomRaindata(data: Raindata): Promise<boolean> {
    const projectId = this.projectId;
    if (projectId === undefined) return false;
    try {
      const saved = await this.api.project.setCustomRaindata(projectId, { raindataSeries: data.raindataSeries, kostraCell: data.kostraCell }, { silent: true });
      runInAction(() => {
        if (this.project !== undefined) this.project = { ...this.project, usesCustomRaindata: true };
        this.raindata = saved !== undefined && typeof saved === 'object' && 'raindataSeries' in saved ? saved : data;
        this.raindataStatus = 'loaded';
      });
      return true;
    } catch (error) {
      console.error('custom rain data could not be saved', error);
      return false;
    }
  }

  /** DELETE /Project/{id}/customRaindata: back to the data at the location. */
  async deleteCustomRaindata(): Promise<boolean> {
    const projectId = this.projectId;
    if (projectId === undefined) return false;
    try {
      await this.api.project.deleteCustomRaindata(projectId);
      runInAction(() => {
        if (this.project !== undefined) this.project = { ...this.project, usesCustomRaindata: false };
        this.raindata = undefined;
        this.raindataStatus = 'idle';
      });
      this.notifications.success('project:rain.resetDone');
      return true;
    } catch {
      return false;
    }
  }

  /** Address search (Nominatim-compatible); errors are only logged (spec section 8) and give []. */
  async searchAddress(q: string, signal?: AbortSignal): Promise<GeocodingResult[]> {
    if (q.trim() === '') return [];
    try {
      return await this.api.geocoding.search(q, this.language(), signal);
    } catch (error) {
      if (!(error instanceof DOMException && error.name === 'AbortError')) console.error('address search failed', error);
      return [];
    }
  }

  /** Reverse geocoding: the display name of a position, or undefined when the service fails (only logged). */
  async reverseGeocode(latitude: number, longitude: number): Promise<string | undefined> {
    try {
      const answer = await this.api.geocoding.reverse(latitude, longitude, this.language());
      return typeof answer.display_name === 'string' && answer.display_name.trim() !== '' ? answer.display_name : undefined;
    } catch (error) {
      console.error('reverse geocoding failed', error);
      return undefined;
    }
  }
}
