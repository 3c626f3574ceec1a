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
