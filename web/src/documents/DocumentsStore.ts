/**
 * The documents page's state (planning spec §2 "Documents page", §7 Documents): the project's box
 * configurations (for the per-configuration sections) and the downloads. One download runs at a
 * time: its id, its phase (creating the file, then handing it to the browser) and, when it fails,
 * the failure beside the document (kept until the next try) and an error notice with the error's
 * message, else the status text, else a default (spec §7 "Document generation … failures").
 *
 * Created on first use per root store (`documentsStore(root)`), so nothing of it is in the login
 * bundle.
 */
import { action, makeObservable, observable, observableRef, runInAction } from 'mobx';
import type { BillOfMaterials, GroupBy } from '@rainplan/engine/bom';
import type { ItemType } from '@rainplan/engine/catalogue';
import type { Project } from '@rainplan/engine';
import type { MassListScope } from '@rainplan/engine/documents';
import { ApiError } from '../api/http.ts';
import type { BoxConfiguratorProject, GaebFileType } from '../api/types.ts';
import { saveFile } from '../projectFile/saveFile.ts';
import { loadBranding } from '../branding/branding.ts';
import type { RootStore } from '../stores/RootStore.ts';
import { billFromApi, massListFile, type DocumentFile, type MassListFormat } from './massListFiles.ts';
import { lazyStore } from '../stores/lazyStore.ts';
import type { ReportPdfOptions } from './report.ts';

export type DownloadPhase = 'creating' | 'downloading';

/** What a mass list covers: the whole project (grouped), one measure or one configuration. */
export type MassListTarget = { readonly kind: 'project'; readonly groupBy: GroupBy } | { readonly kind: 'measure'; readonly id: string; readonly name: string } | { readonly kind: 'configuration'; readonly id: string; readonly name: string };

export interface MassListRequest {
  readonly target: MassListTarget;
  readonly prices: boolean;
  readonly format: MassListFormat;
}

/** The file extension of each service-catalogue type. */
export const GAEB_EXTENSIONS: Readonly<Record<GaebFileType, string>> = { GaebX81: 'X81', GaebX82: 'X82', Gaebd81: 'D81', Gaebd82: 'D82' };

/** The stable id of a mass-list download (spinner, failure). */
export function massListId(request: MassListRequest): string {
  const t = request.target;
  const owner = t.kind === 'project' ? t.groupBy : t.id;
  return `masslist:${t.kind}:${owner}:${request.prices ? 'prices' : 'plain'}:${request.format}`;
}

/** The text of a failure: the error's message, else the status text, else the default key (spec §7). */
export function failureText(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    if (error.status === 0 && error.code === undefined) return 'errors:error.unreachable';
    // The client's message is the body's message, else the status text, else "HTTP <status>".
    return error.message.trim() !== '' ? error.message : fallback;
  }
  if (error instanceof Error && error.message.trim() !== '') return error.message;
  return fallback;
}

const DEFAULT_FAILURE = 'documents:download.failedDefault';

/** A failure text for the screen: message keys (`area:key`) translated, the server's own words as they are. */
export function reasonText(t: (key: string) => string, reason: string): string {
  return /^[a-zA-Z]+:[\w.]+$/.test(reason) ? t(reason) : reason;
}

export class DocumentsStore {
  projectId: string | undefined = undefined;
  configurations: readonly BoxConfiguratorProject[] = [];
  configurationsStatus: 'idle' | 'loading' | 'loaded' | 'failed' = 'idle';
  /** The download that runs (one at a time). */
  running: { readonly id: string; readonly phase: DownloadPhase } | undefined = undefined;
  /** The last failed download, shown beside its document until it is tried again. */
  failure: { readonly id: string; readonly message: string } | undefined = undefined;

  private readonly root: RootStore;
  /** Hands a file to the browser (replaceable in tests). */
  save: (file: DocumentFile) => void = (file) => saveFile(file.fileName, file.content as BlobPart, file.type);
  /**
   * Warms the report worker (pdfmake, the fonts and the engine's documents code load in the
   * background), so the first report download is the prepared worker's case (decision 0123,
   * docs/performance.md). Never rejects; replaceable in tests.
   */
  prepareReport: (projectId: string) => Promise<void> = async (projectId) => {
    try {
      const { prepareReportPdf } = await import('./report.ts');
      // pdfmake and the fonts load while the report's inputs arrive; then the worker makes the
      // report, which a click on the unchanged project takes at once (decision 0228)
      const [inputs] = await Promise.all([this.reportInputs(projectId, { silent: true }).catch(() => undefined), prepareReportPdf()]);
      if (inputs !== undefined && !this.root.waterflow.hasUnsavedChanges) await prepareReportPdf({ project: inputs.project, language: this.root.i18n.language, options: inputs.options });
    } catch {
      // The download still works without it: it starts the worker itself.
    }
  };

  constructor(root: RootStore) {
    this.root = root;
    makeObservable<DocumentsStore, 'setPhase'>(this, {
      projectId: observable,
      configurations: observableRef,
      configurationsStatus: observable,
      running: observableRef,
      failure: observableRef,
      loadConfigurations: action,
      setPhase: action,
      dismissFailure: action,
    });
  }

  /** The project's box configurations (the per-configuration sections); failures show on the page with a retry. */
  async loadConfigurations(projectId: string): Promise<void> {
    if (this.projectId !== projectId) {
      this.projectId = projectId;
      this.configurations = [];
      this.failure = undefined;
    }
    this.configurationsStatus = 'loading';
    try {
      const list = await this.root.api.boxConfigurator.configurations(projectId, { silent: true });
      runInAction(() => {
        if (this.projectId !== projectId) return;
        this.configurations = Array.isArray(list) ? list : [];
        this.configurationsStatus = 'loaded';
      });
    } catch {
      runInAction(() => {
        if (this.projectId === projectId) this.configurationsStatus = 'failed';
      });
    }
  }

  get busy(): boolean {
    return this.running !== undefined;
  }

  private setPhase(running: DocumentsStore['running']): void {
    this.running = running;
  }

  dismissFailure(): void {
    this.failure = undefined;
  }

  /**
   * Runs one download: creates the file, then hands it to the browser. Resolves true when the
   * file was handed over, false when it failed (the failure is shown) or another download runs.
   */
  async run(id: string, create: () => Promise<DocumentFile>): Promise<boolean> {
    if (this.running !== undefined) return false;
    runInAction(() => {
      this.failure = undefined;
      this.running = { id, phase: 'creating' };
    });
    try {
      const file = await create();
      this.setPhase({ id, phase: 'downloading' });
      // Let the dialog show the download step before the browser takes the file.
      await new Promise((resolve) => setTimeout(resolve, 0));
      this.save(file);
      return true;
    } catch (error) {
      const message = failureText(error, DEFAULT_FAILURE);
      runInAction(() => (this.failure = { id, message }));
      this.root.notifications.push({ kind: 'error', message: 'documents:download.failed', params: { reason: reasonText((k) => this.root.i18n.t(k), message) } });
      return false;
    } finally {
      this.setPhase(undefined);
    }
  }

  /** The bill a mass-list request needs, from the api (the server's engine, the stored project). */
  async massListBill(projectId: string, request: MassListRequest): Promise<BillOfMaterials> {
    const { api } = this.root;
    const o = { silent: true, prices: request.prices };
    const t = request.target;
    const data =
      t.kind === 'project'
        ? await api.documents.massList(projectId, t.groupBy, o)
        : t.kind === 'measure'
          ? await api.documents.measureMassList(projectId, t.id, o)
          : await api.documents.boxConfiguratorMassList(projectId, t.id, 'none', o);
    return billFromApi(data);
  }

  /** Downloads a mass list as Excel or PDF. Unsaved dimensioning changes are saved first, so the list is the project on screen. */
  massList(projectId: string, projectName: string, request: MassListRequest): Promise<boolean> {
    return this.run(massListId(request), async () => {
      await this.saveChanges();
      const [bill, branding] = await Promise.all([this.massListBill(projectId, request), request.format === 'pdf' ? loadBranding(this.root.api) : Promise.resolve(null)]);
      const t = request.target;
      const scope: MassListScope = t.kind === 'project' ? { kind: 'project' } : { kind: t.kind, name: t.name };
      const fileRequest = { bill, projectName, scope, groupBy: t.kind === 'project' ? t.groupBy : 'none', format: request.format, language: this.root.i18n.language, branding } as const;
      if (request.format === 'pdf') {
        // In the documents worker the page prepared (pdfmake and the fonts loaded), else on the main thread (decision 0155).
        const { createMassListPdf } = await import('./report.ts');
        return createMassListPdf(fileRequest);
      }
      // Excel in a worker of its own (the page stays responsive), else on the main thread.
      const { massListFileInWorker } = await import('./massListWorker.ts');
      return (await massListFileInWorker(fileRequest)) ?? (await massListFile(fileRequest));
    });
  }

  /** Downloads the service catalogue (GAEB) the server builds: X81 / X82 (XML) or D81 / D82 (GAEB 90). */
  serviceCatalogue(projectId: string, projectName: string, fileType: GaebFileType): Promise<boolean> {
    return this.run(`serviceCatalogue:${fileType}`, async () => {
      await this.saveChanges();
      const blob = await this.root.api.documents.serviceCatalogue(projectId, fileType, { silent: true });
      const base = projectName.replace(/[\\/:*?"<>|]+/g, '').replace(/\s+/g, '-').slice(0, 60) || 'rainplan';
      const kind = this.root.i18n.t(fileType.endsWith('82') ? 'documents:files.serviceCatalogueWithPrices' : 'documents:files.serviceCatalogue');
      return { fileName: `${kind}_${base}.${GAEB_EXTENSIONS[fileType]}`, content: blob, type: blob.type || 'application/octet-stream' };
    });
  }

  /**
   * Downloads the dimensioning report (PDF, built in a worker by the engine's report document):
   * the project file as the server stores it (with configurations and product lists), the bill
   * grouped by measure with prices, the box catalogue's item types for the drawings.
   */
  report(projectId: string, projectName: string): Promise<boolean> {
    return this.run('report', async () => {
      await this.saveChanges();
      const { i18n } = this.root;
      const [{ createReportPdf }, { project, options }] = await Promise.all([import('./report.ts'), this.reportInputs(projectId)]);
      const blob = await createReportPdf(project, i18n.language, options);
      const base = projectName.replace(/[\\/:*?"<>|]+/g, '').replace(/\s+/g, '-').slice(0, 60) || 'rainplan';
      return { fileName: `${i18n.t('documents:files.report')}_${base}.pdf`, content: blob, type: blob.type || 'application/pdf' };
    });
  }

  /**
   * The report's inputs: the project file as the server stores it (with configurations and product
   * lists), the bill grouped by measure with prices, the box catalogue's item types for the
   * drawings, the branding and the planner's name.
   */
  private async reportInputs(projectId: string, o: { readonly silent?: boolean } = {}): Promise<{ readonly project: Project; readonly options: ReportPdfOptions }> {
    const { api, session } = this.root;
    const { projectFileStore } = await import('../projectFile/ProjectFileStore.ts');
    const [project, bill, itemTypes, branding] = await Promise.all([
      projectFileStore(this.root).serverProjectFile(projectId, o),
      // Without the bill or the item types the report still has everything else.
      api.documents.massList(projectId, 'measure', { silent: true, prices: true }).then(billFromApi, () => null),
      api.boxConfigurator.itemTypes({ silent: true }).then(
        (types) => types as readonly ItemType[],
        () => [],
      ),
      // the operator's logo and sales contacts (none when the api has no branding)
      loadBranding(api),
    ]);
    const planner = session.user?.name;
    return { project, options: { bill, itemTypes, branding, ...(planner === undefined ? {} : { planner }) } };
  }

  /** Saves changed waterflow nodes first; a failed save stops the document (it would not show the screen's state). */
  private async saveChanges(): Promise<void> {
    const { waterflow } = this.root;
    if (!waterflow.hasUnsavedChanges) return;
    const ok = await waterflow.saveChanged();
    if (!ok) throw new Error(this.root.i18n.t('documents:download.unsaved'));
  }
}

/** The documents store of a root store (created on first use). */
export const documentsStore = lazyStore((root: RootStore) => new DocumentsStore(root));
