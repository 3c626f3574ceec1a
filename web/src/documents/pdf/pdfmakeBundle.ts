/**
 * A build step for pdfmake's prebuilt browser bundle (`pdfmake/build/pdfmake.js`, which the
 * documents worker imports, `renderPdf.ts`): its brotli decoder (fontkit's, for WOFF2 fonts only)
 * decompresses its 120 KB dictionary when the bundle is evaluated, on every start of a documents
 * worker, though our documents embed TTF fonts only and never decode brotli. The step makes that
 * initialisation lazy: the dictionary is decompressed on the first brotli decompression, by the
 * same code, so a WOFF2 font would still decode as before, and the PDFs are the same byte for byte
 * (pdfmakeBundle.test.ts renders with both bundles). Decision 0241.
 *
 * The step knows the bundle's text: when pdfmake's bundle no longer holds exactly the code it
 * rewrites (an update of pdfmake), the build fails with a message instead of shipping either an
 * unchanged or a broken bundle.
 */
import type { Plugin } from 'vite';

/** The brotli decoder's module-level initialisation in the bundle (brotli/dec/decode.js). */
const EAGER_INIT = '\nBrotliDictionary.init();\n';
/** The decoder's entry, which every decompression (BrotliDecompressBuffer included) runs through. */
const DECOMPRESS_ENTRY = 'function BrotliDecompress(input, output) {\n';
/**
 * Initialises the dictionary on the first decompression. The dictionary's own initialisation
 * decompresses the dictionary with this decoder (brotli/dec/dictionary-browser.js), without it,
 * as the eager initialisation did: the flag lets that inner decompression through.
 */
const LAZY_INIT =
  'if (BrotliDictionary.dictionary === undefined && !BrotliDictionary.rainplanInitialising) { BrotliDictionary.rainplanInitialising = true; try { BrotliDictionary.init(); } finally { BrotliDictionary.rainplanInitialising = false; } }\n';

const count = (code: string, part: string): number => code.split(part).length - 1;

/** pdfmake's browser bundle with the brotli dictionary initialised on first use (see the module comment). */
export function lazyBrotliDictionary(code: string): string {
  if (count(code, EAGER_INIT) !== 1 || count(code, DECOMPRESS_ENTRY) !== 1) {
    throw new Error('pdfmake/build/pdfmake.js: the brotli decoder is not where web/src/documents/pdf/pdfmakeBundle.ts expects it (pdfmake updated?); adjust or remove the step');
  }
  return code.replace(EAGER_INIT, '\n').replace(DECOMPRESS_ENTRY, DECOMPRESS_ENTRY + LAZY_INIT);
}

/** The file the step rewrites. */
export const PDFMAKE_BUNDLE = /[\\/]node_modules[\\/]pdfmake[\\/]build[\\/]pdfmake\.js$/;

/** Vite plugin: applies `lazyBrotliDictionary` to pdfmake's browser bundle in builds (the dev server's pre-bundled copy keeps the bundle as it is). */
export function pdfmakeBundle(): Plugin {
  return {
    name: 'rainplan:pdfmake-lazy-brotli',
    transform(code, id) {
      if (!PDFMAKE_BUNDLE.test(id.split('?')[0]!)) return null;
      return { code: lazyBrotliDictionary(code), map: null };
    },
  };
}
