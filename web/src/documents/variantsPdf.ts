/**
 * The printable comparison of a measure's variants (issue 19 part 2, decision 0148): the engine's
 * pdfmake definition (`variantComparisonPdf` of `@rainplan/engine/documents`, the same as
 * `rainplan variants --format pdf`) rendered by pdfmake. `createVariantsPdf` runs it in a module
 * worker started for the download (`variants.worker.ts`, as the mass lists do) and, where no
 * worker can start or it fails, on the main thread. The engine's documents code and pdfmake load
 * on first use only.
 */
import { wrap, type Remote } from 'comlink';
import type { VariantComparison } from '@rainplan/engine';
import { documentLanguage } from './massListFiles.ts';
import type { VariantsWorkerApi } from './variants.worker.ts';

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

async function inWorker(request: VariantsPdfRequest, create: () => Worker | undefined): Promise<VariantsPdfFile | undefined> {
  let worker: Worker | undefined;
  try {
    worker = create();
  } catch {
    return undefined;
  }
  if (worker === undefined) return undefined;
  const loadFailed = new Promise<undefined>((resolve) => {
    worker.addEventListener('error', () => resolve(undefined));
  });
  try {
    const api: Remote<VariantsWorkerApi> = wrap<VariantsWorkerApi>(worker);
    return await Promise.race([api.variantsPdf(request), loadFailed]);
  } catch (error) {
    // Whatever failed in the worker runs again on the main thread, which reports a real failure.
    console.warn('rainplan: the variants worker failed, making the PDF on the main thread:', error);
    return undefined;
  } finally {
    worker.terminate();
  }
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
  const file = (await inWorker(request, create)) ?? (await variantsPdfFile(request));
  return { fileName: file.fileName, blob: new Blob([file.bytes as Uint8Array<ArrayBuffer>], { type: 'application/pdf' }) };
}
