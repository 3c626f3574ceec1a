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
import { saveFile } from '../projectFile/saveFile.ts';
import type { SharedViewStore } from './SharedViewStore.ts';

/** Downloads the shared project's mass list (grouped by measure, with prices) as Excel or PDF. */
export async function downloadSharedMassList(view: SharedViewStore, shared: SharedProject, language: string, format: MassListFormat): Promise<void> {
  const [data, branding] = await Promise.all([view.massList('measure'), view.branding()]);
  const file = await massListFile({ bill: billFromApi(data), projectName: shared.project.name, scope: { kind: 'project' }, groupBy: 'measure', format, language, branding });
  saveFile(file.fileName, file.content as BlobPart, file.type);
}

/** Downloads the dimensioning report of the shared project (PDF), with its bill by measure and the drawings. */
export async function downloadSharedReport(view: SharedViewStore, shared: SharedProject, language: string, fileLabel: string): Promise<void> {
  const [{ createReportPdf }, bill, branding] = await Promise.all([
    import('../documents/report.ts'),
    // without the bill the report still has everything else (its bill section says so)
    view.massList('measure').then(billFromApi, () => null),
    view.branding(),
  ]);
  // the planner who shared the link, as the planner's own report names the planner (decision 0200)
  const blob = await createReportPdf(shared.file, language, { bill, itemTypes: shared.itemTypes, branding, ...(shared.planner == null ? {} : { planner: shared.planner }) });
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
