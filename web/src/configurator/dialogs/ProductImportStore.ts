/**
 * The spreadsheet upload of the configurator (planning spec §2 dialogs, §7
 * `POST /BoxConfigurator/importProducts`, §8 upload errors): an administrator uploads the product
 * catalogue as .xlsx or CSV; the server parses and validates it and replaces the products in one
 * transaction. States as the platform's upload dialog (WAITING → SELECTED → UPLOADING → SUCCESS /
 * ERROR with retry). The file type is checked before anything is sent.
 */
import { action, makeObservable, observable, observableRef, runInAction } from 'mobx';
import type { Api } from '../../api/index.ts';
import { ApiError } from '../../api/http.ts';
import type { UploadState } from '../../components/Dialog.tsx';
import { saveFile } from '../../projectFile/saveFile.ts';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Largest file sent (the api's multipart limit is larger; a product list is far smaller). */
export const MAX_IMPORT_BYTES = 20 * 1024 * 1024;

export interface ImportFailure {
  /** An api error code (20: file format not supported, 2: invalid data with row and column), or a local one. */
  readonly code?: number | undefined;
  readonly key?: 'unsupported' | 'tooLarge' | undefined;
  readonly message?: string | undefined;
  /** The api's `messageKey` of a refused file (`catalogueImport.*`; docs/catalogue-import.md). */
  readonly messageKey?: string | undefined;
  /** Every problem the api found in the file (at most 50), each at its cell. */
  readonly problems?: readonly ImportProblem[] | undefined;
}

/** One problem of a refused catalogue file: its sheet (null for CSV), 1-based row, column letter. */
export interface ImportProblem {
  readonly sheet: string | null;
  readonly row: number | null;
  readonly column: string | null;
  readonly messageKey: string;
  readonly message: string;
}

const MAX_PROBLEMS = 50;
const text = (v: unknown, max: number): string | null => (typeof v === 'string' ? v.slice(0, max) : null);

/** The problems of an api error body, kept only when well-formed (at most 50, texts bounded). */
export function importProblems(body: unknown): ImportProblem[] {
  const list = typeof body === 'object' && body !== null ? (body as { problems?: unknown }).problems : undefined;
  if (!Array.isArray(list)) return [];
  const problems: ImportProblem[] = [];
  for (const item of list.slice(0, MAX_PROBLEMS)) {
    if (typeof item !== 'object' || item === null) continue;
    const p = item as Record<string, unknown>;
    const messageKey = text(p['messageKey'], 100) ?? '';
    const message = text(p['message'], 500) ?? '';
    if (messageKey === '' && message === '') continue;
    const row = typeof p['row'] === 'number' && Number.isInteger(p['row']) ? p['row'] : null;
    problems.push({ sheet: text(p['sheet'], 100), row, column: text(p['column'], 10), messageKey, message });
  }
  return problems;
}

/** The failure of an api answer: code, message, messageKey and the problems list. */
function apiFailure(error: ApiError): ImportFailure {
  const body = typeof error.body === 'object' && error.body !== null ? (error.body as Record<string, unknown>) : {};
  const messageKey = text(body['messageKey'], 100) ?? undefined;
  const problems = importProblems(body);
  return { code: error.code ?? error.status, message: error.message, ...(messageKey === undefined ? {} : { messageKey }), ...(problems.length === 0 ? {} : { problems }) };
}

export class ProductImportStore {
  isOpen = false;
  state: UploadState = 'WAITING';
  file: File | undefined = undefined;
  failure: ImportFailure | undefined = undefined;
  imported: number | undefined = undefined;
  /** The template download: running, or failed with a message (shown in the dialog). */
  templateState: 'idle' | 'loading' | 'failed' = 'idle';

  private readonly api: Api;
  /** Hands a file to the browser (replaceable in tests). */
  save: (fileName: string, content: Blob) => void = (fileName, content) => saveFile(fileName, content, content.type || XLSX_TYPE);

  constructor(api: Api) {
    this.api = api;
    makeObservable(this, {
      isOpen: observable,
      state: observable,
      file: observableRef,
      failure: observableRef,
      imported: observable,
      templateState: observable,
      open: action,
      close: action,
      select: action,
      changeFile: action,
      retry: action,
    });
  }

  open(): void {
    this.isOpen = true;
    this.templateState = 'idle';
    this.changeFile();
  }

  close(): void {
    if (this.state === 'UPLOADING') return;
    this.isOpen = false;
  }

  /** A chosen file: .xlsx or .csv, within the size limit, else ERROR without sending. */
  select(file: File): void {
    this.file = file;
    const name = file.name.toLowerCase();
    if (!name.endsWith('.xlsx') && !name.endsWith('.csv')) {
      this.fail({ key: 'unsupported' });
      return;
    }
    if (file.size > MAX_IMPORT_BYTES) {
      this.fail({ key: 'tooLarge' });
      return;
    }
    this.failure = undefined;
    this.state = 'SELECTED';
  }

  changeFile(): void {
    this.file = undefined;
    this.failure = undefined;
    this.imported = undefined;
    this.state = 'WAITING';
  }

  retry(): void {
    this.changeFile();
  }

  async upload(): Promise<boolean> {
    const file = this.file;
    if (file === undefined || this.state !== 'SELECTED') return false;
    runInAction(() => (this.state = 'UPLOADING'));
    try {
      const answer = await this.api.boxConfigurator.importProducts(file, { silent: true });
      const count = typeof answer === 'object' && answer !== null ? (answer as { importedProducts?: unknown }).importedProducts : undefined;
      runInAction(() => {
        this.imported = typeof count === 'number' ? count : undefined;
        this.state = 'SUCCESS';
      });
      return true;
    } catch (error) {
      console.error('product import failed:', error);
      this.fail(error instanceof ApiError ? apiFailure(error) : { message: (error as Error).message });
      return false;
    }
  }

  /** Downloads the import template (`current`: the catalogue in use); a failure stays visible in the dialog. */
  async downloadTemplate(catalogue: 'demo' | 'current'): Promise<boolean> {
    if (this.templateState === 'loading') return false;
    runInAction(() => (this.templateState = 'loading'));
    try {
      const blob = await this.api.boxConfigurator.importTemplate(catalogue, { silent: true });
      this.save(catalogue === 'current' ? 'catalogue-current.xlsx' : 'catalogue-template.xlsx', blob);
      runInAction(() => (this.templateState = 'idle'));
      return true;
    } catch (error) {
      console.error('template download failed:', error);
      runInAction(() => (this.templateState = 'failed'));
      return false;
    }
  }

  private fail(failure: ImportFailure): void {
    runInAction(() => {
      this.failure = failure;
      this.state = 'ERROR';
    });
  }
}
