/**
 * The mass-list worker: makes a mass list's Excel or PDF file off the main thread (the page stays
 * responsive while exceljs zips and pdfmake lays out hundreds of lines), exposed over Comlink. The
 * file's bytes are transferred back, not copied. Same code as on the main thread (massListFiles.ts).
 */
import { expose, transfer, type Endpoint } from 'comlink';
import { massListFile, type MassListFileRequest } from './massListFiles.ts';

export const massListWorkerApi = {
  async massListFile(request: MassListFileRequest): Promise<{ fileName: string; content: Uint8Array; type: string }> {
    const file = await massListFile(request);
    const content = file.content instanceof Uint8Array ? file.content : new Uint8Array(await file.content.arrayBuffer());
    return transfer({ fileName: file.fileName, content, type: file.type }, [content.buffer as ArrayBuffer]);
  },
};

export type MassListWorkerApi = typeof massListWorkerApi;

expose(massListWorkerApi, self as unknown as Endpoint);
