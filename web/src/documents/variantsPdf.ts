/**
 * The printable comparison of a measure's variants (issue 19 part 2, decision 0148): the engine's
 * pdfmake definition (`variantComparisonPdf` of `@rainplan/engine/documents`, the same as
 * `rainplan variants --format pdf`) rendered by pdfmake. `createVariantsPdf` runs it in a module
 * worker started for the download (`variants.worker.ts`, as the mass lists do) and, where no
 * worker can start or it fails, on the main thread. The engine's documents code and pdfmake load
 * on first use only.
 */
import type { VariantComparison } from '@rainplan/engine';
import { documentLanguage } from './massListFiles.ts';
import type { VariantsWorkerApi } from './variants.worker.ts';
import { inOneShotWorker } from './oneShotWorker.ts';

/** What the PDF needs (structured-clone data only). */
export interface VariantsPdfRequest {
  readonly comparison: VariantComparison;
  readonly projectName: string;
  readonly language: 'de' | 'en';
  /** The document's date, ms since the epoch. */
  readonly now: number;
}

export interface VariantsPdfFile {
  readonly fileName: string;
  readonly bytes: Uint8Array;
}

/** The comparison's PDF (worker or main thread) and the engine's file name for it. */
export async function variantsPdfFile(request: VariantsPdfRequest): Promise<VariantsPdfFile> {
  const [documents, { renderPdf }] = await Promise.all([import('@rainplan/engine/documents'), import('./pdf/renderPdf.ts')]);
  const date = new Date(request.now);
  const definition = documents.variantComparisonPdf({ comparison: request.comparison, projectName: request.projectName, date, language: request.language });
  return { fileName: documents.variantComparisonFileName(request.comparison.measureName, date, request.language), bytes: await renderPdf(definition) };
}

function defaultWorker(): Worker | undefined {
  if (typeof Worker === 'undefined') return undefined;
  return new Worker(new URL('./variants.worker.ts', import.meta.url), { type: 'module', name: 'rainplan-variants' });
}

/** The comparison as a PDF Blob with its file name; rejects with an Error that says what failed. */
export async function createVariantsPdf(
  input: { readonly comparison: VariantComparison; readonly projectName: string; readonly language: string; readonly now?: Date },
  create: () => Worker | undefined = defaultWorker,
): Promise<{ readonly fileName: string; readonly blob: Blob }> {
  const request: VariantsPdfRequest = {
    comparison: input.comparison,
    projectName: input.projectName,
    language: documentLanguage(input.language),
    now: (input.now ?? new Date()).getTime(),
  };
  const file = (await inOneShotWorker<VariantsWorkerApi, VariantsPdfFile>(create, (api) => api.variantsPdf(request), 'variants')) ?? (await variantsPdfFile(request));
  return { fileName: file.fileName, blob: new Blob([file.bytes as Uint8Array<ArrayBuffer>], { type: 'application/pdf' }) };
}
