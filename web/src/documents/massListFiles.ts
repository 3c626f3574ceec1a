/**
 * Mass-list files in the browser: the api's mass-list data (the engine's decimal bill) turned into
 * Excel or PDF by the engine's document model (`@rainplan/engine/documents`) — the same code as
 * `rainplan masslist --format xlsx|pdf`. The engine's documents module, exceljs and pdfmake are
 * imported on first use only.
 */
import type { BillOfMaterials, GroupBy } from '@rainplan/engine/bom';
import type { Branding, MassListScope } from '@rainplan/engine/documents';

export type MassListFormat = 'xlsx' | 'pdf';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const PDF_TYPE = 'application/pdf';

/** The language of a document from the UI language (`de`, `de-DE`, `en-GB` …). */
export function documentLanguage(language: string): 'de' | 'en' {
  return language.toLowerCase().startsWith('en') ? 'en' : 'de';
}

export interface MassListFileRequest {
  readonly bill: BillOfMaterials;
  readonly projectName: string;
  readonly scope: MassListScope;
  readonly groupBy: GroupBy;
  readonly format: MassListFormat;
  /** UI language: labels and number format. */
  readonly language: string;
  readonly date?: Date;
  /** The operator's branding (logo and company on the PDF); null or absent: none. */
  readonly branding?: Branding | null;
}

export interface DocumentFile {
  readonly fileName: string;
  readonly content: Uint8Array | Blob;
  readonly type: string;
}

/** Builds the Excel or PDF file of a mass list. */
export async function massListFile(request: MassListFileRequest): Promise<DocumentFile> {
  const lang = documentLanguage(request.language);
  const documents = await import('@rainplan/engine/documents');
  const t = documents.documentTranslator('masslist', lang);
  const model = documents.massListModel({ bill: request.bill, projectName: request.projectName, scope: request.scope, date: request.date ?? new Date(), t, language: lang });
  const prices = request.bill.totalPrice !== null;
  const base = documents.massListFileName({ projectName: request.projectName, scope: request.scope, prices, groupBy: request.groupBy, t });
  if (request.format === 'xlsx') {
    const excel = await import('exceljs');
    const ExcelJS = ((excel as { default?: unknown }).default ?? excel) as Parameters<typeof documents.massListXlsx>[0];
    return { fileName: `${base}.xlsx`, content: await documents.massListXlsx(ExcelJS, model), type: XLSX_TYPE };
  }
  const { renderPdf } = await import('./pdf/renderPdf.ts');
  return { fileName: `${base}.pdf`, content: await renderPdf(documents.massListPdf(model, { branding: request.branding ?? null })), type: PDF_TYPE };
}

/** A bill from the api's mass-list data (the api leaves out the issues' severity, which is always `warning`). */
export function billFromApi(data: unknown): BillOfMaterials {
  const bill = data as BillOfMaterials & { issues?: readonly Omit<BillOfMaterials['issues'][number], 'severity'>[] };
  if (bill === null || typeof bill !== 'object' || !Array.isArray(bill.massListGroups)) throw new Error('unreadable mass-list data');
  return { ...bill, issues: (bill.issues ?? []).map((i) => ({ ...i, severity: 'warning' as const })) };
}
