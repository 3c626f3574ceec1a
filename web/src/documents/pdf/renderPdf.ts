/**
 * Renders a pdfmake document definition (built by the engine's pure document builders, e.g.
 * `reportDocument` of `@rainplan/engine/documents`) to PDF bytes in the browser, with pdfmake
 * 0.3's browser build and its bundled Roboto fonts (virtual file system; no network). pdfmake
 * and the fonts (about 1 MB) are imported on first use only, so the app's bundle stays small; call
 * this inside the documents worker (`report.worker.ts`) so the page stays responsive.
 */
import type { TDocumentDefinitions } from 'pdfmake/interfaces';
import { flattenStyles } from './flattenStyles.ts';

interface PdfmakeBrowser {
  addVirtualFileSystem(vfs: Record<string, string>): void;
  setUrlAccessPolicy?(callback: (url: string) => boolean): void;
  createPdf(definition: TDocumentDefinitions): { getBuffer(): Promise<Uint8Array> };
}

let loading: Promise<PdfmakeBrowser> | undefined;

/** pdfmake's browser instance with the bundled fonts, loaded once. */
function pdfmake(): Promise<PdfmakeBrowser> {
  loading ??= (async () => {
    const [pdfmakeModule, vfsModule] = await Promise.all([import('pdfmake/build/pdfmake'), import('pdfmake/build/vfs_fonts')]);
    const instance = ((pdfmakeModule as { default?: unknown }).default ?? pdfmakeModule) as PdfmakeBrowser;
    const vfs = ((vfsModule as { default?: unknown }).default ?? vfsModule) as Record<string, string>;
    instance.addVirtualFileSystem(vfs);
    return instance;
  })();
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}

/** Loads pdfmake and the fonts now (a documents worker warming up before the first download). */
export async function preparePdf(): Promise<void> {
  await pdfmake();
}

/**
 * The PDF of a document definition, as bytes. Its named styles are resolved into its nodes first
 * (`flattenStyles`: the same PDF, with less of pdfmake's style lookup); `styles: 'named'` renders
 * the definition as given (the tests compare the two).
 */
export async function renderPdf(definition: object, options: { readonly styles?: 'flattened' | 'named' } = {}): Promise<Uint8Array> {
  const instance = await pdfmake();
  const input = options.styles === 'named' ? definition : flattenStyles(definition);
  const buffer = await instance.createPdf(input as TDocumentDefinitions).getBuffer();
  // pdfmake answers a Buffer polyfill (a Uint8Array subclass); hand out a plain Uint8Array.
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
}
