/**
 * Documents of the shared view (issue 19, part 3): the mass list as Excel (the api's mass-list data
 * of the shared project, written by the engine's document model and workbook writer, exceljs
 * loaded on first use) and the dimensioning report where the app provides one. Same code paths as
 * the documents page, so a shared file equals the planner's.
 */
import type { BillOfMaterials } from '@rainplan/engine/bom';
import type { Evaluation } from '@rainplan/engine';
import type { SharedProject } from '../api/shareTypes.ts';
import { saveFile } from '../projectFile/saveFile.ts';
import type { SharedViewStore } from './SharedViewStore.ts';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export function documentLanguage(language: string): 'de' | 'en' {
  return language.toLowerCase().startsWith('en') ? 'en' : 'de';
}

/** Downloads the shared project's mass list (grouped by measure, with prices) as an Excel file. */
export async function downloadSharedMassList(view: SharedViewStore, shared: SharedProject, language: string): Promise<void> {
  const lang = documentLanguage(language);
  const [bill, documents, excel] = await Promise.all([view.massList('measure'), import('@rainplan/engine/documents'), import('exceljs')]);
  const t = documents.documentTranslator('masslist', lang);
  const scope = { kind: 'project' } as const;
  const model = documents.massListModel({ bill: bill as BillOfMaterials, projectName: shared.project.name, scope, date: new Date(), t, language: lang });
  const ExcelJS = (excel as { default?: unknown }).default ?? excel;
  const bytes = await documents.massListXlsx(ExcelJS as never, model);
  const fileName = documents.massListFileName({ projectName: shared.project.name, scope, prices: true, groupBy: 'measure', t });
  saveFile(fileName.endsWith('.xlsx') ? fileName : `${fileName}.xlsx`, bytes as BlobPart, XLSX);
}

/** The report download, once the app has a report builder (set by `registerReport`). */
export interface SharedDocuments {
  readonly report?: ((shared: SharedProject, evaluation: Evaluation, language: string) => Promise<void>) | undefined;
}

export function sharedDocuments(): SharedDocuments {
  return {};
}
