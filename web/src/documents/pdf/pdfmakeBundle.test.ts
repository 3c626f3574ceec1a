// @vitest-environment node
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { lazyBrotliDictionary, pdfmakeBundle, PDFMAKE_BUNDLE } from './pdfmakeBundle.ts';
import { warmUpDefinition } from './warmUp.ts';

const require = createRequire(import.meta.url);
const bundlePath = require.resolve('pdfmake/build/pdfmake.js');
const original = readFileSync(bundlePath, 'utf8');

interface Pdfmake {
  addVirtualFileSystem(vfs: Record<string, string>): void;
  createPdf(definition: object): { getBuffer(): Promise<Uint8Array> };
}

/** Evaluates a pdfmake browser bundle as its UMD wrapper does under CommonJS, with the bundled fonts. */
function evaluate(code: string): Pdfmake {
  const module = { exports: {} as unknown };
  new Function('module', 'exports', 'require', code)(module, module.exports, require);
  const instance = module.exports as Pdfmake;
  instance.addVirtualFileSystem(require('pdfmake/build/vfs_fonts.js') as Record<string, string>);
  return instance;
}

describe('pdfmake bundle with the brotli dictionary initialised lazily', () => {
  it('removes the module-level initialisation and initialises in the decoder instead', () => {
    const code = lazyBrotliDictionary(original);
    expect(original).toContain('\nBrotliDictionary.init();\n');
    expect(code).not.toContain('\nBrotliDictionary.init();\n');
    expect(code).toContain('function BrotliDecompress(input, output) {\nif (BrotliDictionary.dictionary === undefined');
    expect(code.length - original.length).toBeLessThan(300);
  });

  it('fails loudly on a bundle without the code it rewrites (an update of pdfmake)', () => {
    expect(() => lazyBrotliDictionary(original.replace('\nBrotliDictionary.init();\n', '\n'))).toThrow(/pdfmakeBundle\.ts/);
    expect(() => lazyBrotliDictionary('module.exports = {};')).toThrow(/pdfmake updated/);
  });

  it('makes the same PDF, byte for byte, as the bundle as shipped', async () => {
    // one after the other: pdfmake's renders in one thread do not interleave (as in the worker)
    const before = await evaluate(original).createPdf(warmUpDefinition()).getBuffer();
    const after = await evaluate(lazyBrotliDictionary(original)).createPdf(warmUpDefinition()).getBuffer();
    expect(after.byteLength).toBeGreaterThan(10_000);
    expect(Buffer.from(after).equals(Buffer.from(before))).toBe(true);
  });

  it('rewrites pdfmake/build/pdfmake.js only', () => {
    const plugin = pdfmakeBundle();
    const transform = plugin.transform as (code: string, id: string) => { code: string } | null;
    expect(PDFMAKE_BUNDLE.test(bundlePath)).toBe(true);
    expect(transform(original, bundlePath)?.code).toBe(lazyBrotliDictionary(original));
    expect(transform(original, bundlePath.replace('pdfmake.js', 'vfs_fonts.js'))).toBeNull();
    expect(transform('BrotliDictionary.init();', '/x/node_modules/brotli/dec/decode.js')).toBeNull();
  });
});
