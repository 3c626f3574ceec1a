/**
 * `createReportPdf` — the dimensioning report (PDF) for the documents page.
 *
 * The documents page calls
 *
 * ```ts
 * import { createReportPdf } from '../../documents/report.ts';
 * const blob = await createReportPdf(project, i18n.language, { bill, itemTypes, planner });
 * ```
 *
 * with the project file as the engine reads it (`Project`, with rainData, facilities and box
 * configurations), the UI language (`de`, `en`, `en-GB` …) and optionally the bill grouped by
 * measure with prices (the API's mass-list data through `billFromApi`), the catalogue's item types
 * (the configurator's `itemTypes()` call, for the drawings) and the planner's name. It resolves to
 * an `application/pdf` Blob; it rejects with an Error whose message says what failed (show it in
 * the download notice). The work runs in a module worker (`pdf/report.worker.ts`), so the page
 * stays responsive; the worker is kept for a minute after the last report (a second download, e.g.
 * in the other language, skips loading pdfmake and the fonts). Call `prepareReportPdf()` when the
 * documents page opens: the worker then loads pdfmake and the fonts in the background and the
 * first download does not wait for them. Where no worker can start it runs the same code on the
 * main thread. `prepareReportPdf({ project, language, options })` with the inputs a download would
 * send makes the report ahead, so the click takes it at once (decision 0228). A project without rain data gives a PDF whose message page says so
 * — not an error.
 */
import type { Remote } from 'comlink';
import type { Project } from '@rainplan/engine';
import type { BillOfMaterials } from '@rainplan/engine/bom';
import type { ItemType } from '@rainplan/engine/catalogue';
import type { Branding } from '@rainplan/engine/documents';
import { APP_VERSION } from '../constants.ts';
import type { DocumentFile, MassListFileRequest } from './massListFiles.ts';
import type { ReportPdfRequest } from './pdf/reportPdf.ts';
import type { ReportWorkerApi } from './pdf/report.worker.ts';
import { startWith, WorkerBridge } from '../workers/WorkerBridge.ts';

export const REPORT_PDF_TYPE = 'application/pdf';

export interface ReportPdfOptions {
  /** The project's bill grouped by measure with prices (API mass-list data); absent: no bill section figures. */
  readonly bill?: BillOfMaterials | null;
  /** Item types of the box catalogue, for the configuration drawings. */
  readonly itemTypes?: readonly ItemType[];
  /** Name of the planner on the cover page. */
  readonly planner?: string;
  /** The report's date (default now). */
  readonly now?: Date;
  /** The operator's branding (GET /api/Branding): logo and sales contacts; null or absent: neither. */
  readonly branding?: Branding | null;
  /** Starts the worker (tests); default the Vite module worker. Return undefined for no worker. */
  readonly createWorker?: () => Worker | undefined;
  /** Cancels the download: rejects with an AbortError and ends the worker that was making it. */
  readonly signal?: AbortSignal;
}

/** The report's language from the UI language. */
export function reportLanguage(language: string): 'de' | 'en' {
  return language.toLowerCase().startsWith('en') ? 'en' : 'de';
}

function defaultWorker(): Worker | undefined {
  if (typeof Worker === 'undefined') return undefined;
  return new Worker(new URL('./pdf/report.worker.ts', import.meta.url), { type: 'module', name: 'rainplan-report' });
}

/** How long the documents worker stays after its last report (a second download skips loading pdfmake and the fonts). */
export const REPORT_WORKER_IDLE_MS = 60_000;

/** The documents worker, kept REPORT_WORKER_IDLE_MS after its last use (the app's one worker lifecycle). */
let shared: WorkerBridge<ReportWorkerApi> | undefined;

/** Runs a call in the documents worker; undefined when no worker could start or load (then the caller runs it here). */
function inWorker<T>(call: (api: Remote<ReportWorkerApi>) => Promise<T>, create: (() => Worker | undefined) | undefined, signal?: AbortSignal): Promise<T | undefined> {
  // A worker made by the caller (tests, benches) is used once; the default one is kept for REPORT_WORKER_IDLE_MS.
  // A failure inside the report rejects here and reaches the caller; a worker that cannot load answers undefined.
  const bridge = create !== undefined ? new WorkerBridge<ReportWorkerApi>({ name: 'documents', create: startWith(create) }) : documentsWorker();
  return bridge.call(call, { signal });
}

function documentsWorker(): WorkerBridge<ReportWorkerApi> {
  return (shared ??= new WorkerBridge<ReportWorkerApi>({ name: 'documents', create: startWith(defaultWorker), idleMs: REPORT_WORKER_IDLE_MS }));
}

/**
 * Starts the documents worker and lets it load pdfmake and the fonts in the background, so that the
 * first download does not wait for them. With `report` (the documents page's project and inputs)
 * the worker then makes that report and keeps it: a download of the same report (same project,
 * inputs, language and day) answers with it, or waits for it while it is being made (decision
 * 0228). The documents page calls it when it opens; it never rejects, and the worker ends
 * REPORT_WORKER_IDLE_MS after its last use.
 */
export function prepareReportPdf(report?: { readonly project: Project; readonly language: string; readonly options?: ReportPdfOptions }): Promise<void> {
  // a worker that cannot prepare is replaced by the main-thread path on the first download
  const request = report === undefined ? undefined : reportRequest(report.project, report.language, report.options ?? {});
  return documentsWorker().prepare((api) => api.prepare(request === undefined ? {} : { report: request }));
}

/** What the worker gets for a report (the same for the prepared report and the download, so their keys match). */
function reportRequest(project: Project, language: string, options: ReportPdfOptions): ReportPdfRequest {
  return {
    project,
    language: reportLanguage(language),
    itemTypes: options.itemTypes,
    bill: options.bill ?? null,
    planner: options.planner,
    branding: options.branding ?? null,
    appVersion: APP_VERSION,
    now: (options.now ?? new Date()).getTime(),
  };
}

/** The dimensioning report of a project as a PDF Blob (see the module comment). */
export async function createReportPdf(project: Project, language: string, options: ReportPdfOptions = {}): Promise<Blob> {
  const request = reportRequest(project, language, options);
  let bytes = await inWorker((api) => api.reportPdf(request), options.createWorker, options.signal);
  if (bytes === undefined) {
    if (options.signal?.aborted === true) throw new DOMException('aborted', 'AbortError');
    const { reportPdf } = await import('./pdf/reportPdf.ts');
    bytes = await reportPdf(request);
  }
  return new Blob([bytes as Uint8Array<ArrayBuffer>], { type: REPORT_PDF_TYPE });
}

/**
 * A mass list's PDF, made in the same documents worker as the report: the page prepared it when it
 * opened (`prepareReportPdf`) and keeps it a minute after its last use, so the download skips
 * starting a worker and loading pdfmake and the fonts (decision 0155). Where no worker can start
 * or load it runs on the main thread; a failure inside the list rejects with its message.
 */
export async function createMassListPdf(request: MassListFileRequest, options: Pick<ReportPdfOptions, 'createWorker' | 'signal'> = {}): Promise<DocumentFile> {
  if (request.format !== 'pdf') throw new Error('createMassListPdf makes PDFs only');
  const file = await inWorker((api) => api.massListPdf(request), options.createWorker, options.signal);
  if (file !== undefined) return file;
  // The browser test watches for this warning: a list that fell back to the main thread.
  if (typeof Worker !== 'undefined') console.warn('rainplan: the mass list worker could not start or load, making the PDF on the main thread');
  const { massListFile } = await import('./massListFiles.ts');
  return massListFile(request);
}
