/**
 * Writes the published JSON Schema of the project file, docs/project-file.schema.json, from the
 * engine's TypeBox schema ProjectFileSchema (the single source of the wire format).
 *
 * TypeBox schemas are JSON Schema (2020-12) already; this only drops TypeBox's internal keys
 * (symbols and keys starting with "~", e.g. "~kind", "~optional") and adds the "$schema" dialect.
 *
 * Usage (Node 24):
 *   node engine/scripts/generate-schema.ts           write the file
 *   node engine/scripts/generate-schema.ts --check   exit 1 when the committed file differs
 * The test src/model/schema.test.ts runs the same comparison.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ProjectFileSchema } from '../src/index.ts';

/** JSON Schema dialect of the published file. */
export const JSON_SCHEMA_DIALECT = 'https://json-schema.org/draft/2020-12/schema';

/** Path of the published schema file. */
export const SCHEMA_FILE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/project-file.schema.json');

/** A deep copy of a schema without TypeBox-internal keys (symbols and keys starting with "~"). */
export function stripInternalKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stripInternalKeys);
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    if (key.startsWith('~')) continue;
    out[key] = stripInternalKeys((value as Record<string, unknown>)[key]);
  }
  return out;
}

/** The published JSON Schema of the project file as an object. */
export function projectFileJsonSchema(): Record<string, unknown> {
  const { $id, title, ...rest } = stripInternalKeys(ProjectFileSchema) as Record<string, unknown>;
  return { $schema: JSON_SCHEMA_DIALECT, $id, title, ...rest };
}

/** The text of docs/project-file.schema.json: 2-space indented JSON with a trailing newline. */
export function generateSchemaText(): string {
  return `${JSON.stringify(projectFileJsonSchema(), null, 2)}\n`;
}

function main(args: readonly string[]): number {
  const text = generateSchemaText();
  const current = existsSync(SCHEMA_FILE) ? readFileSync(SCHEMA_FILE, 'utf8') : undefined;
  if (args.includes('--check')) {
    if (current === text) {
      console.log(`${path.relative(process.cwd(), SCHEMA_FILE)} is up to date.`);
      return 0;
    }
    console.error(`${path.relative(process.cwd(), SCHEMA_FILE)} differs from ProjectFileSchema; run node engine/scripts/generate-schema.ts`);
    return 1;
  }
  if (current !== text) writeFileSync(SCHEMA_FILE, text);
  console.log(`${current === text ? 'unchanged' : 'wrote'} ${path.relative(process.cwd(), SCHEMA_FILE)}`);
  return 0;
}

if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = main(process.argv.slice(2));
}
