/**
 * The documents worker: makes the dimensioning report's PDF off the main thread (the page stays
 * responsive while pdfmake lays out and compresses), exposed over Comlink. The PDF's buffer is
 * transferred back, not copied.
 */
import { expose, transfer, type Endpoint } from 'comlink';
import { reportPdf, type ReportPdfRequest } from './reportPdf.ts';

export const reportWorkerApi = {
  async reportPdf(request: ReportPdfRequest): Promise<Uint8Array> {
    const bytes = await reportPdf(request);
    return transfer(bytes, [bytes.buffer as ArrayBuffer]);
  },
  ping(): true {
    return true;
  },
};

export type ReportWorkerApi = typeof reportWorkerApi;

expose(reportWorkerApi, self as unknown as Endpoint);
