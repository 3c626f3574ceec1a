/**
 * The variants worker: makes the printable comparison of a measure's variants off the main thread
 * (pdfmake lays out and compresses), exposed over Comlink; the bytes are transferred back.
 */
import { expose, transfer, type Endpoint } from 'comlink';
import { variantsPdfFile, type VariantsPdfFile, type VariantsPdfRequest } from './variantsPdf.ts';

export const variantsWorkerApi = {
  async variantsPdf(request: VariantsPdfRequest): Promise<VariantsPdfFile> {
    const file = await variantsPdfFile(request);
    return transfer(file, [file.bytes.buffer as ArrayBuffer]);
  },
};

export type VariantsWorkerApi = typeof variantsWorkerApi;

expose(variantsWorkerApi, self as unknown as Endpoint);
