/**
 * The API reference of @rainplan/engine, generated from the TSDoc of every subpath export with
 * TypeDoc and typedoc-plugin-markdown into docs/engine-api/ (committed, so it can be read on the
 * repository host without building anything). Issue 19 part 4, decision 0132.
 *
 * Usage (Node 24): npm run -w @rainplan/engine docs
 * The `@example` blocks of the TSDoc are run as tests by src/examples.test.ts.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { Application, LogLevel, type TypeDocOptions } from 'typedoc';
import { ENGINE_DIR, entryPoints } from './api-report.ts';

export const DOCS_DIR = path.resolve(ENGINE_DIR, '../docs/engine-api');

const options: Partial<TypeDocOptions> & Record<string, unknown> = {
  entryPoints: entryPoints().map((e) => e.source),
  tsconfig: path.join(ENGINE_DIR, 'tsconfig.json'),
  plugin: ['typedoc-plugin-markdown'],
  out: DOCS_DIR,
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

const app = await Application.bootstrapWithPlugins(options);
const project = await app.convert();
if (project === undefined) {
  console.error('api-docs: TypeDoc could not convert the engine');
  process.exit(1);
}
rmSync(DOCS_DIR, { recursive: true, force: true });
await app.generateOutputs(project);
if (app.logger.hasErrors()) process.exit(1);
console.log(`wrote the API reference to ${path.relative(process.cwd(), DOCS_DIR)}`);
