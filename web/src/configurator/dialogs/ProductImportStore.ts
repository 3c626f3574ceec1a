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

/** Largest file sent (the api's multipart limit is larger; a product list is far smaller). */
export const MAX_IMPORT_BYTES = 20 * 1024 * 1024;

export interface ImportFailure {
  /** An api error code (20: file format not supported, 2: invalid data with row and column), or a local one. */
  readonly code?: number | undefined;
  readonly key?: 'unsupported' | 'tooLarge' | undefined;
  readonly message?: string | undefined;
}

export class ProductImportStore {
  isOpen = false;
  state: UploadState = 'WAITING';
  file: File | undefined = undefined;
  failure: ImportFailure | undefined = undefined;
  imported: number | undefined = undefined;

  private readonly api: Api;

  constructor(api: Api) {
    this.api = api;
    makeObservable(this, {
      isOpen: observable,
      state: observable,
      file: observableRef,
      failure: observableRef,
      imported: observable,
      open: action,
      close: action,
      select: action,
      changeFile: action,
      retry: action,
    });
  }

  open(): void {
    this.isOpen = true;
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
      this.fail(error instanceof ApiError ? { code: error.code ?? error.status, message: error.message } : { message: (error as Error).message });
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
