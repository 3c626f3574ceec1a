/**
 * Documents of the shared view (issue 19, part 3): the dimensioning report (PDF) and the mass list
 * as Excel or PDF, built by the documents page's own code (`documents/report.ts`: the engine's
 * report in a worker; `documents/massListFiles.ts`: the engine's document model, exceljs and
 * pdfmake loaded on first use) from the shared project file and mass-list data, so a shared file
 * equals the planner's; the GAEB service catalogue (X81 / X82) as the server writes it for the
 * planner (decision 0160).
 */
import type { SharedProject } from '../api/shareTypes.ts';
import type { GaebFileType } from '../api/types.ts';
import { billFromApi, massListFile, type MassListFormat } from '../documents/massListFiles.ts';
import type { ReportPdfOptions } from '../documents/report.ts';
import { saveFile } from '../projectFile/saveFile.ts';
import type { SharedViewStore } from './SharedViewStore.ts';

/** Downloads the shared project's mass list (grouped by measure, with prices) as Excel or PDF. */
export async function downloadSharedMassList(view: SharedViewStore, shared: SharedProject, language: string, format: MassListFormat): Promise<void> {
  const [data, branding] = await Promise.all([view.massList('measure'), view.branding()]);
  const file = await massListFile({ bill: billFromApi(data), projectName: shared.project.name, scope: { kind: 'project' }, groupBy: 'measure', format, language, branding });
  saveFile(file.fileName, file.content as BlobPart, file.type);
}

/**
 * What the shared project's report is made from besides the project file: the bill by measure
 * (null when that call fails: the report's bill section then says there is none), the item types,
 * the branding and the planner who shared the link, as the planner's own report names the planner
 * (decision 0200). The download and the report made ahead take the same, so their keys match.
 */
async function sharedReportOptions(view: SharedViewStore, shared: SharedProject, silent: boolean): Promise<ReportPdfOptions> {
  const [bill, branding] = await Promise.all([view.massList('measure', { silent }).then(billFromApi, () => null), view.branding()]);
  return { bill, itemTypes: shared.itemTypes, branding, ...(shared.planner == null ? {} : { planner: shared.planner }) };
}

/**
 * Has the documents worker make the shared project's report when the view opens (as the documents
 * page does, decision 0228): a visitor's click on "report" then takes the made bytes, or waits for
 * the rest of the report being made, instead of starting a worker and making all of it. Silent and
 * never rejects: without it the download makes the report itself.
 */
export async function prepareSharedReport(view: SharedViewStore, shared: SharedProject, language: string): Promise<void> {
  try {
    const [{ prepareReportPdf }, options] = await Promise.all([import('../documents/report.ts'), sharedReportOptions(view, shared, true)]);
    if (view.shared !== shared) return;
    await prepareReportPdf({ project: shared.file, language, options });
  } catch {
    // the download still works: it makes the report itself
  }
}

/** Downloads the dimensioning report of the shared project (PDF), with its bill by measure and the drawings. */
export async function downloadSharedReport(view: SharedViewStore, shared: SharedProject, language: string, fileLabel: string): Promise<void> {
  const [{ createReportPdf }, options] = await Promise.all([import('../documents/report.ts'), sharedReportOptions(view, shared, false)]);
  const blob = await createReportPdf(shared.file, language, options);
  saveFile(`${fileLabel}_${fileBase(shared)}.pdf`, blob, blob.type || 'application/pdf');
}

/** The project name as a file-name part (as the documents page writes it). */
const fileBase = (shared: SharedProject) => shared.project.name.replace(/[\\/:*?"<>|]+/g, '').replace(/\s+/g, '-').slice(0, 60) || 'rainplan';

/** The file extension of each GAEB file type. */
const GAEB_EXTENSION: Readonly<Record<GaebFileType, string>> = { GaebX81: 'X81', GaebX82: 'X82', Gaebd81: 'D81', Gaebd82: 'D82' };

/** Downloads the shared project's GAEB service catalogue (`fileLabel`: "Leistungsverzeichnis" …). */
export async function downloadSharedServiceCatalogue(view: SharedViewStore, shared: SharedProject, fileType: GaebFileType, fileLabel: string): Promise<void> {
  const blob = await view.serviceCatalogue(fileType);
  saveFile(`${fileLabel}_${fileBase(shared)}.${GAEB_EXTENSION[fileType]}`, blob, blob.type || 'application/octet-stream');
}
