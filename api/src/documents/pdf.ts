/**
 * Renders a pdfmake definition of the engine's document builders to PDF bytes (the generated
 * facility data sheets), with pdfmake's server API and the Roboto fonts inside the pdfmake
 * package. No network and no other files: every URL is refused and only the bundled fonts may be
 * read, so a definition cannot make the renderer read or fetch anything.
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

/** The PDF of a document definition (its `info.creationDate` fixes the file's dates). */
export async function renderPdf(definition: object): Promise<Buffer> {
  return pdfmake().createPdf(definition).getBuffer();
}
