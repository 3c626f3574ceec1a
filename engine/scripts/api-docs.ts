/**
 * The API reference of @rainplan/engine, generated from the TSDoc of every subpath export with
 * TypeDoc and typedoc-plugin-markdown into docs/engine-api/ (committed, so it can be read on the
 * repository host without building anything; decision 0132).
 *
 * Usage (Node 24): npm run -w @rainplan/engine docs
 * The `@example` blocks of the TSDoc are run as tests by src/examples.test.ts; src/apiDocs.test.ts
 * fails while the committed pages differ from what this script writes (decision 0231). The output
 * depends only on the sources: no dates, no absolute paths, no links to source lines.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Application, LogLevel, type TypeDocOptions } from 'typedoc';
import { ENGINE_DIR, entryPoints } from './api-report.ts';

export const DOCS_DIR = path.resolve(ENGINE_DIR, '../docs/engine-api');

function options(out: string): Partial<TypeDocOptions> & Record<string, unknown> {
  return {
    entryPoints: entryPoints().map((e) => e.source),
    tsconfig: path.join(ENGINE_DIR, 'tsconfig.json'),
    plugin: ['typedoc-plugin-markdown'],
    out,
    name: '@rainplan/engine',
    readme: 'none',
    excludePrivate: true,
    excludeInternal: true,
    disableSources: true,
    hideGenerator: true,
    githubPages: false,
    logLevel: LogLevel.Warn,
    // typedoc-plugin-markdown
    entryFileName: 'README.md',
    outputFileStrategy: 'modules',
    useCodeBlocks: true,
    hidePageHeader: true,
  };
}

/** Writes the API reference into `out` (emptied first); throws when TypeDoc reports errors. */
export async function generateApiDocs(out: string): Promise<void> {
  const app = await Application.bootstrapWithPlugins(options(out));
  const project = await app.convert();
  if (project === undefined) throw new Error('api-docs: TypeDoc could not convert the engine');
  rmSync(out, { recursive: true, force: true });
  await app.generateOutputs(project);
  if (app.logger.hasErrors()) throw new Error('api-docs: TypeDoc reported errors');
}

/** The pages of a reference folder: file name → text. */
export function readApiDocs(dir: string): Map<string, string> {
  return new Map(
    readdirSync(dir)
      .sort()
      .map((name) => [name, readFileSync(path.join(dir, name), 'utf8')] as const),
  );
}

/** The pages the sources give now, generated into a temporary folder. */
export async function generatedApiDocs(): Promise<Map<string, string>> {
  const dir = mkdtempSync(path.join(tmpdir(), 'rainplan-engine-api-'));
  try {
    await generateApiDocs(dir);
    return readApiDocs(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const isMain = process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  try {
    await generateApiDocs(DOCS_DIR);
    console.log(`wrote the API reference to ${path.relative(process.cwd(), DOCS_DIR)}`);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
