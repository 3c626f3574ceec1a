/**
 * Documents of the shared view (issue 19, part 3): the mass list as Excel or PDF from the shared
 * project's mass-list data, built by the documents page's own code (`documents/massListFiles.ts`:
 * the engine's document model, exceljs and pdfmake loaded on first use), so a shared file equals
 * the planner's.
 */
import type { SharedProject } from '../api/shareTypes.ts';
import { billFromApi, massListFile, type MassListFormat } from '../documents/massListFiles.ts';
import { saveFile } from '../projectFile/saveFile.ts';
import type { SharedViewStore } from './SharedViewStore.ts';

/** Downloads the shared project's mass list (grouped by measure, with prices) as Excel or PDF. */
export async function downloadSharedMassList(view: SharedViewStore, shared: SharedProject, language: string, format: MassListFormat): Promise<void> {
  const bill = billFromApi(await view.massList('measure'));
  const file = await massListFile({ bill, projectName: shared.project.name, scope: { kind: 'project' }, groupBy: 'measure', format, language });
  saveFile(file.fileName, file.content as BlobPart, file.type);
}
