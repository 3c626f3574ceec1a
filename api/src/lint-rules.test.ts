// Proves that the repository's ESLint rules (eslint.config.js at the root) fire: engine purity
// and package boundaries. It lives here because the api's vitest run picks it up; the paths are
// relative to the repository root.
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

let eslint: ESLint;

beforeAll(async () => {
  eslint = new ESLint({ cwd: repoRoot });
  await eslint.lintText('export {};\n', { filePath: 'engine/src/warm-up.ts' }); // loads the parsers once
}, 60_000);

async function ruleIds(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  if (result === undefined) throw new Error(`no lint result for ${filePath}`);
  const fatal = result.messages.filter((message) => message.fatal === true);
  expect(fatal, `parse errors in ${filePath}`).toEqual([]);
  return result.messages.map((message) => message.ruleId ?? '(none)');
}

describe('engine purity (engine/src)', () => {
  const file = 'engine/src/x.ts';

  it.each([
    ['setTimeout', 'setTimeout(() => undefined, 10);\n', 'no-restricted-globals'],
    ['fetch', "export const r = fetch('https://example.org');\n", 'no-restricted-globals'],
    ['process', 'export const env = process.env;\n', 'no-restricted-globals'],
    ['window', 'export const w = window.innerWidth;\n', 'no-restricted-globals'],
    ['globalThis.setTimeout', 'globalThis.setTimeout(() => undefined, 1);\n', 'no-restricted-syntax'],
    ['WebAssembly', 'export const m = WebAssembly.Module;\n', 'no-restricted-syntax'],
    ['eval', "export const v: unknown = eval('1');\n", 'no-restricted-syntax'],
    ['new Function', "export const f = new Function('return 1');\n", 'no-restricted-syntax'],
    ['node:fs', "import fs from 'node:fs';\nexport const f = fs;\n", 'no-restricted-imports'],
    ['fs/promises', "import { readFile } from 'fs/promises';\nexport const f = readFile;\n", 'no-restricted-imports'],
    ['crypto', "import { randomUUID } from 'crypto';\nexport const f = randomUUID;\n", 'no-restricted-imports'],
    ['@rainplan/api', "import { x } from '@rainplan/api';\nexport const y = x;\n", 'no-restricted-imports'],
    ['@rainplan/web', "export { x } from '@rainplan/web';\n", 'no-restricted-imports'],
  ])('reports %s', async (_name, code, ruleId) => {
    expect(await ruleIds(code, file)).toContain(ruleId);
  });

  it('accepts pure code', async () => {
    const code = [
      "import { DEFAULTS } from './tables/index.ts';",
      'export function area(width: number, length: number): number {',
      '  return Math.max(0, width * length) + Object.keys(DEFAULTS).length * 0;',
      '}',
      '',
    ].join('\n');
    expect(await ruleIds(code, file)).toEqual([]);
  });

  it('does not apply to engine tests', async () => {
    const code = "import { readFileSync } from 'node:fs';\nexport const t = setTimeout;\nexport const r = readFileSync;\n";
    expect(await ruleIds(code, 'engine/src/x.test.ts')).toEqual([]);
  });
});

describe('package boundaries (everywhere)', () => {
  it.each([
    ['engine src', "import x from '@rainplan/engine/src/index.ts';\nexport const y = x;\n", 'api/src/x.ts'],
    ['engine dist', "import x from '@rainplan/engine/dist/index.js';\nexport const y = x;\n", 'web/src/x.ts'],
    ['cli internals', "export { main } from '@rainplan/engine-cli/src/main.ts';\n", 'api/src/x.ts'],
    ['engine src from the engine', "import x from '@rainplan/engine/src/index.ts';\nexport const y = x;\n", 'engine/src/x.ts'],
  ])('reports a deep import (%s)', async (_name, code, filePath) => {
    expect(await ruleIds(code, filePath)).toContain('no-restricted-imports');
  });

  it.each([
    ['../../engine/src/index.ts', 'api/src/x.ts'],
    ['../engine/src/index.ts', 'api/x.ts'],
    ['../../../engine/src/tables/index.ts', 'web/src/lib/x.ts'],
    ['../../api/src/app.ts', 'engine/src/x.test.ts'],
  ])('reports the relative import %s from %s', async (source, filePath) => {
    const code = `import * as m from '${source}';\nexport const y = m;\n`;
    expect(await ruleIds(code, filePath)).toContain('rainplan/no-cross-package-relative-import');
  });

  it.each([
    ["import { ENGINE_VERSION } from '@rainplan/engine';", 'api/src/x.ts'],
    ["import { PLATFORM } from '@rainplan/engine/tables';", 'web/src/x.ts'],
    ["import { handler } from '../app.ts';", 'api/src/routes/x.ts'],
  ])('accepts %s in %s', async (line, filePath) => {
    const code = `${line}\nexport const y = [${line.match(/\{ (\w+) \}/)?.[1] ?? ''}];\n`;
    expect(await ruleIds(code, filePath)).toEqual([]);
  });
});
