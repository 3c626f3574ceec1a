/**
 * The documents worker: makes the dimensioning report's PDF and the mass lists' PDFs off the main
 * thread (the page stays responsive while pdfmake lays out and compresses), exposed over Comlink.
 * The PDF's buffer is transferred back, not copied.
 */
import { expose, transfer, type Endpoint } from 'comlink';
import { massListFile, type MassListFileRequest } from '../massListFiles.ts';
import { preparePdf, renderPdf } from './renderPdf.ts';
import { cachedReportPdf, type ReportPdfRequest } from './reportPdf.ts';
import { warmUpDefinition } from './warmUp.ts';

// Every use of this worker renders a PDF: pdfmake and the fonts start loading when it starts, so
// that their download and compilation overlap the report's engine work (a failure is retried then).
preparePdf().catch(() => undefined);

export const reportWorkerApi = {
  async reportPdf(request: ReportPdfRequest): Promise<Uint8Array> {
    // the report the page had made when it opened, when nothing changed since (decision 0228)
    const bytes = await cachedReportPdf(request);
    return transfer(bytes, [bytes.buffer as ArrayBuffer]);
  },
  /** A mass list's PDF with the pdfmake and fonts this worker already holds (decision 0155). */
  async massListPdf(request: MassListFileRequest): Promise<{ fileName: string; content: Uint8Array; type: string }> {
    if (request.format !== 'pdf') throw new Error('the documents worker makes mass-list PDFs only');
    const file = await massListFile(request);
    const content = file.content instanceof Uint8Array ? file.content : new Uint8Array(await file.content.arrayBuffer());
    return transfer({ fileName: file.fileName, content, type: file.type }, [content.buffer as ArrayBuffer]);
  },
  /**
   * Loads pdfmake, the fonts and the engine's documents code before the first report. With
   * `report` it then makes that report and keeps it, so that a download of the same report takes
   * its bytes; without it, unless `warmUp` is false, it makes the warm-up PDF (warmUp.ts) so that
   * the first report runs as fast as later ones.
   */
  async prepare(options: { readonly warmUp?: boolean; readonly report?: ReportPdfRequest } = {}): Promise<true> {
    // the report's engine work runs while pdfmake still loads (it waits for pdfmake only to render)
    if (options.report !== undefined) await cachedReportPdf(options.report);
    else {
      await preparePdf();
      if (options.warmUp !== false) await renderPdf(warmUpDefinition());
    }
    return true;
  },
};

export type ReportWorkerApi = typeof reportWorkerApi;

expose(reportWorkerApi, self as unknown as Endpoint);
