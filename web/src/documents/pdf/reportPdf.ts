/**
 * The dimensioning report as PDF bytes: the engine's report inputs and document definition
 * (`@rainplan/engine/documents`, the same code as `rainplan report`) rendered by pdfmake. Runs in
 * the documents worker (`report.worker.ts`); the main-thread fallback of `createReportPdf` imports
 * it directly. Compiled for both the DOM and the worker lib: it names neither.
 */
import type { Project } from '@rainplan/engine';
import type { BillOfMaterials } from '@rainplan/engine/bom';
import type { ItemType } from '@rainplan/engine/catalogue';
import { reportDocument, reportInputs, type Branding } from '@rainplan/engine/documents';
import { renderPdf } from './renderPdf.ts';

/** What the worker needs to make a report (structured-clone data only). */
export interface ReportPdfRequest {
  readonly project: Project;
  readonly language: 'de' | 'en';
  /** Item types of the box catalogue (drawings); default: the engine's standard item geometry. */
  readonly itemTypes?: readonly ItemType[] | undefined;
  /** The project's bill grouped by measure with prices (the API's mass-list data); null: the section says there is none. */
  readonly bill?: BillOfMaterials | null | undefined;
  readonly planner?: string | undefined;
  /** The operator's branding (logo, sales contacts); null: none. */
  readonly branding?: Branding | null | undefined;
  /** rainplan web's version. */
  readonly appVersion: string;
  /** The report's date, ms since the epoch. */
  readonly now: number;
}

/**
 * What makes two requests give the same report: everything but the time of day (the report prints
 * the day of `now` in UTC, `formatDate`). Equal keys give the same pages.
 */
export function reportRequestKey(request: ReportPdfRequest): string {
  return JSON.stringify({ ...request, now: new Date(request.now).toISOString().slice(0, 10) });
}

/**
 * The last report made here, by its request's key: the documents page has its worker make the
 * project's report when it opens (`prepare({ report })`), and the click that asks for the same
 * report takes these bytes (or waits for the one being made) instead of making it again.
 */
let lastReport: { readonly key: string; readonly bytes: Promise<Uint8Array> } | undefined;

/**
 * The report's PDF bytes, taken from the last report made here when its request has the same key
 * (a copy: the caller may transfer it), else made now and kept as the last report.
 */
export async function cachedReportPdf(request: ReportPdfRequest): Promise<Uint8Array> {
  const key = reportRequestKey(request);
  let entry = lastReport;
  if (entry?.key !== key) {
    const made = { key, bytes: reportPdf(request) };
    lastReport = entry = made;
    made.bytes.catch(() => {
      if (lastReport === made) lastReport = undefined;
    });
  }
  return (await entry.bytes).slice();
}

/** The report's PDF bytes. */
export async function reportPdf(request: ReportPdfRequest): Promise<Uint8Array> {
  const inputs = reportInputs(request.project, { language: request.language, itemTypes: request.itemTypes, bill: request.bill ?? null });
  const definition = reportDocument(
    { project: request.project, evaluation: inputs.evaluation },
    {
      language: request.language,
      now: new Date(request.now),
      appVersion: request.appVersion,
      planner: request.planner,
      branding: request.branding ?? null,
      configurations: inputs.configurations,
      bill: inputs.bill,
    },
  );
  return renderPdf(definition);
}
