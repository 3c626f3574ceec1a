/**
 * The sealed-surface spreadsheet upload (template v1.1; planning spec section 4, platform spec
 * section 4): the upload dialog's state machine. WAITING → (file chosen) SELECTED → (upload)
 * UPLOADING → AWAITING_CONFIRMATION (parsed rows, editable; continue needs ≥ 1 row) →
 * (continue) AWAITING_COMPLETION → SUCCESS, or ERROR (with its code) from reading or saving;
 * retry and "change file" go back to WAITING.
 *
 * Reading: `readSpreadsheet` (papaparse / exceljs, lazy), then the engine's `parseSurfaceRows`
 * (the spec's row rules). Saving: the `save` callback given by the screen (the waterflow store or
 * {@link addSurfacesWithRepository}); it resolves false or rejects → ERROR `COULD_NOT_SAVE`.
 */
import { action, computed, makeObservable, observable, observableRef, runInAction } from 'mobx';
import { parseSurfaceRows, type ImportedSurface, type NewSurface, type SurfaceTemplateError, type SurfaceTemplateWarning } from '@rainplan/engine';
import type { UploadState } from '../components/Dialog.tsx';
import { readSpreadsheet, UnsupportedFileError, type SheetRows } from './readSpreadsheet.ts';

/** An error of the dialog: the spec's codes, or the engine's error with its place. */
export interface UploadError {
  readonly code: 'INVALID_DATA' | 'INVALID_VERSION' | 'COULD_NOT_SAVE' | 'UNSUPPORTED_FILE';
  readonly messageKey?: string;
  readonly row?: number;
  readonly column?: number;
  readonly params?: Readonly<Record<string, string | number>>;
  readonly detail?: string;
}

/** A row of the confirmation table: the imported surface flattened for editing (`key` is stable). */
export interface SurfaceRow {
  readonly key: string;
  readonly row: number;
  readonly name: string;
  readonly value: number | null;
  readonly runoff: string | null;
  readonly cm: number | null;
  readonly cs: number | null;
  readonly drain: string | null;
  readonly groundPollutionM153: string | null;
  readonly areaGroupA102: string | null;
}

export interface SurfaceUploadOptions {
  /** The translated default new-surface name (row rule: a missing name). */
  readonly defaultName?: (index: number) => string;
  /** The app's translations of runoff types, accepted besides the template's words. */
  readonly runoffAliases?: Readonly<Record<string, readonly string[]>>;
  /** Reads the file (tests replace it). */
  readonly read?: (file: File) => Promise<SheetRows>;
}

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

export function toRow(surface: ImportedSurface, index: number): SurfaceRow {
  const d = surface.data;
  return {
    key: `r${index}`,
    row: surface.row,
    name: surface.name,
    value: num(surface.value),
    runoff: str(d.runoff),
    cm: num(d.cm),
    cs: num(d.cs),
    drain: str(surface.drain),
    groundPollutionM153: str(d.groundPollutionM153),
    areaGroupA102: str(d.areaGroupA102),
  };
}

/** A confirmed row as the engine's NewSurface: the category of the other drain is dropped (spec row rule). */
export function toNewSurface(row: SurfaceRow): NewSurface {
  const data: Record<string, unknown> = {};
  if (row.runoff !== null) data['runoff'] = row.runoff;
  if (row.cm !== null) data['cm'] = row.cm;
  if (row.cs !== null) data['cs'] = row.cs;
  if (row.drain === 'Groundwater' && row.groundPollutionM153 !== null) data['groundPollutionM153'] = row.groundPollutionM153;
  if (row.drain === 'Watercourse' && row.areaGroupA102 !== null) data['areaGroupA102'] = row.areaGroupA102;
  return {
    name: row.name.trim(),
    ...(row.value === null ? {} : { value: row.value }),
    ...(row.drain === null ? {} : { drain: row.drain as NonNullable<NewSurface['drain']> }),
    data: data as NonNullable<NewSurface['data']>,
  };
}

export class SurfaceUploadStore {
  open = false;
  state: UploadState = 'WAITING';
  file: File | undefined = undefined;
  rows: readonly SurfaceRow[] = [];
  warnings: readonly SurfaceTemplateWarning[] = [];
  errors: readonly UploadError[] = [];
  /** How many surfaces the last confirmation added. */
  added = 0;

  private readonly save: (surfaces: readonly NewSurface[]) => Promise<boolean>;
  private readonly options: SurfaceUploadOptions;

  constructor(save: (surfaces: readonly NewSurface[]) => Promise<boolean>, options: SurfaceUploadOptions = {}) {
    this.save = save;
    this.options = options;
    makeObservable(this, {
      open: observable,
      state: observable,
      file: observableRef,
      rows: observableRef,
      warnings: observableRef,
      errors: observableRef,
      added: observable,
      canContinue: computed,
      start: action,
      close: action,
      selectFile: action,
      changeFile: action,
      retry: action,
      updateRow: action,
      deleteRow: action,
    });
  }

  /** Continue is disabled with no rows, or a row without a name. */
  get canContinue(): boolean {
    return this.rows.length > 0 && this.rows.every((r) => r.name.trim() !== '');
  }

  start(): void {
    this.open = true;
    this.changeFile();
  }

  close(): void {
    if (this.state === 'UPLOADING' || this.state === 'AWAITING_COMPLETION') return;
    this.open = false;
  }

  selectFile(file: File): void {
    this.file = file;
    this.errors = [];
    this.state = 'SELECTED';
  }

  /** Back to WAITING, forgetting file and rows. */
  changeFile(): void {
    this.file = undefined;
    this.rows = [];
    this.warnings = [];
    this.errors = [];
    this.added = 0;
    this.state = 'WAITING';
  }

  retry(): void {
    this.changeFile();
  }

  updateRow(row: SurfaceRow): void {
    this.rows = this.rows.map((r) => (r.key === row.key ? row : r));
  }

  deleteRow(row: SurfaceRow): void {
    this.rows = this.rows.filter((r) => r.key !== row.key);
  }

  /** Reads and parses the selected file: AWAITING_CONFIRMATION or ERROR. */
  async upload(): Promise<void> {
    const file = this.file;
    if (file === undefined) return;
    runInAction(() => {
      this.state = 'UPLOADING';
    });
    let rows: SheetRows;
    try {
      rows = await (this.options.read ?? readSpreadsheet)(file);
    } catch (error) {
      console.error('surface upload: file could not be read', error);
      // an old binary Excel file (.xls) cannot be read: say how to make it readable (save as .xlsx)
      const xls = error instanceof UnsupportedFileError && /\.xls$/i.test(file.name);
      this.fail([{ code: error instanceof UnsupportedFileError ? 'UNSUPPORTED_FILE' : 'INVALID_DATA', detail: String(error), ...(xls ? { messageKey: 'saveAsXlsx' } : {}) }]);
      return;
    }
    const result = parseSurfaceRows(rows, {
      ...(this.options.defaultName === undefined ? {} : { defaultName: this.options.defaultName }),
      ...(this.options.runoffAliases === undefined ? {} : { runoffAliases: this.options.runoffAliases }),
    });
    if (!result.ok) {
      this.fail(result.errors.map(fromEngine));
      return;
    }
    runInAction(() => {
      this.rows = result.surfaces.map(toRow);
      this.warnings = result.warnings;
      this.state = 'AWAITING_CONFIRMATION';
    });
  }

  /** Adds the confirmed rows: SUCCESS, or ERROR COULD_NOT_SAVE. */
  async confirm(): Promise<void> {
    if (!this.canContinue) return;
    const surfaces = this.rows.map(toNewSurface);
    runInAction(() => {
      this.state = 'AWAITING_COMPLETION';
    });
    let ok: boolean;
    try {
      ok = await this.save(surfaces);
    } catch (error) {
      console.error('surface upload: surfaces could not be saved', error);
      ok = false;
    }
    if (!ok) {
      this.fail([{ code: 'COULD_NOT_SAVE' }]);
      return;
    }
    runInAction(() => {
      this.added = surfaces.length;
      this.state = 'SUCCESS';
    });
  }

  private fail(errors: readonly UploadError[]): void {
    runInAction(() => {
      this.errors = errors;
      this.state = 'ERROR';
    });
  }
}

function fromEngine(error: SurfaceTemplateError): UploadError {
  return {
    code: error.code,
    messageKey: error.messageKey,
    ...(error.row === undefined ? {} : { row: error.row }),
    ...(error.column === undefined ? {} : { column: error.column }),
    ...(error.params === undefined ? {} : { params: error.params }),
    detail: error.detail,
  };
}
