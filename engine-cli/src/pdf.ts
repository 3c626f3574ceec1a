/**
 * Renders a pdfmake document definition (built by the engine's pure document builders, e.g.
 * `reportDocument` of `@rainplan/engine/documents`) to PDF bytes in Node — the one Node renderer,
 * for the CLI's documents and the api's generated data sheets (`@rainplan/engine-cli/pdf`;
 * decision 0123) — with pdfmake 0.3's
 * server-side API and the Roboto fonts that ship inside the pdfmake package. No network: the URL
 * access policy refuses every URL and the local access policy allows only the bundled fonts, so a
 * definition can never make the renderer read another file or fetch anything.
 */
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);

interface PdfmakeServer {
  setFonts(fonts: Record<string, Record<'normal' | 'bold' | 'italics' | 'bolditalics', string>>): void;
  setUrlAccessPolicy(callback: (url: string) => boolean): void;
  setLocalAccessPolicy(callback: (path: string) => boolean): void;
  createPdf(definition: object, options?: object): { getBuffer(): Promise<Buffer> };
}

let printer: PdfmakeServer | undefined;

/** pdfmake's server instance, configured once with the bundled fonts and closed access policies. */
function pdfmake(): PdfmakeServer {
  if (printer !== undefined) return printer;
  const instance = require('pdfmake') as PdfmakeServer;
  const fontsDir = path.join(path.dirname(require.resolve('pdfmake/package.json')), 'fonts', 'Roboto');
  instance.setFonts({
    Roboto: {
      normal: path.join(fontsDir, 'Roboto-Regular.ttf'),
      bold: path.join(fontsDir, 'Roboto-Medium.ttf'),
      italics: path.join(fontsDir, 'Roboto-Italic.ttf'),
      bolditalics: path.join(fontsDir, 'Roboto-MediumItalic.ttf'),
    },
  });
  instance.setUrlAccessPolicy(() => false);
  instance.setLocalAccessPolicy((file) => path.resolve(file).startsWith(fontsDir + path.sep));
  printer = instance;
  return instance;
}

/**
 * The PDF of a document definition. The definition's `info.creationDate` (when set) fixes the
 * file's dates, so the same definition gives the same bytes.
 */
export async function renderPdf(definition: object): Promise<Uint8Array> {
  const buffer = await pdfmake().createPdf(definition).getBuffer();
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
}
