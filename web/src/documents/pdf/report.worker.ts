/**
 * The documents worker: makes the dimensioning report's PDF off the main thread (the page stays
 * responsive while pdfmake lays out and compresses), exposed over Comlink. The PDF's buffer is
 * transferred back, not copied.
 */
import { expose, transfer, type Endpoint } from 'comlink';
import { preparePdf } from './renderPdf.ts';
import { reportPdf, type ReportPdfRequest } from './reportPdf.ts';

export const reportWorkerApi = {
  async reportPdf(request: ReportPdfRequest): Promise<Uint8Array> {
    const bytes = await reportPdf(request);
    return transfer(bytes, [bytes.buffer as ArrayBuffer]);
  },
  /** Loads pdfmake, the fonts and the engine's documents code before the first report. */
  async prepare(): Promise<true> {
    await preparePdf();
    return true;
  },
};

export type ReportWorkerApi = typeof reportWorkerApi;

expose(reportWorkerApi, self as unknown as Endpoint);
