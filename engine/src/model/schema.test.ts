/**
 * The published JSON Schema (docs/project-file.schema.json) matches ProjectFileSchema, and every
 * fixture project (fixtures/projects) is valid under both and readable by parseProject.
 */
import { readdirSync, readFileSync } from 'node:fs';
import Value from 'typebox/value';
import { describe, expect, it } from 'vitest';
import { generateSchemaText } from '../../scripts/generate-schema.ts';
import { parseProject } from '../project/parseProject.ts';
import { ProjectFileSchema, SCHEMA_VERSION } from './project.ts';

const schemaUrl = new URL('../../../docs/project-file.schema.json', import.meta.url);
const projectsUrl = new URL('../../../fixtures/projects/', import.meta.url);

const committedSchemaText = readFileSync(schemaUrl, 'utf8');
const publishedSchema = JSON.parse(committedSchemaText) as Record<string, unknown>;

interface Fixture {
  readonly name: string;
  readonly text: string;
  readonly expected: { readonly parseErrors?: unknown };
}

const fixtures: Fixture[] = readdirSync(projectsUrl)
  .filter((file) => file.endsWith('.project.json'))
  .sort()
  .map((file) => {
    const name = file.slice(0, -'.project.json'.length);
    return {
      name,
      text: readFileSync(new URL(file, projectsUrl), 'utf8'),
      expected: JSON.parse(readFileSync(new URL(`${name}.expected.json`, projectsUrl), 'utf8')) as Fixture['expected'],
    };
  });
const readable = fixtures.filter((f) => f.expected.parseErrors === undefined);
const unreadable = fixtures.filter((f) => f.expected.parseErrors !== undefined);

function internalKeys(value: unknown, at = '$'): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => internalKeys(v, `${at}[${i}]`));
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, v]) => (key.startsWith('~') ? [`${at}.${key}`] : internalKeys(v, `${at}.${key}`)));
}

describe('docs/project-file.schema.json', () => {
  it('is generated from ProjectFileSchema (run node engine/scripts/generate-schema.ts after changing the model)', () => {
    expect(committedSchemaText).toBe(generateSchemaText());
  });

  it('carries no TypeBox-internal keys', () => {
    expect(internalKeys(publishedSchema)).toEqual([]);
  });
});

describe('fixture projects', () => {
  it('exist, readable and unreadable ones', () => {
    expect(readable.length).toBeGreaterThanOrEqual(12);
    expect(unreadable.length).toBeGreaterThanOrEqual(2);
  });

  it.each(readable.map((f) => [f.name, f] as const))('%s validates against the schema and parses (an older version after its migration)', (_name, fixture) => {
    const value = JSON.parse(fixture.text) as { schemaVersion: number };
    const parsed = parseProject(fixture.text);
    expect(parsed.ok ? [] : parsed.errors).toEqual([]);
    if (!parsed.ok) return;
    const current = value.schemaVersion === SCHEMA_VERSION ? value : parsed.project;
    if (value.schemaVersion !== SCHEMA_VERSION) expect(parsed.migratedFrom).toBe(value.schemaVersion);
    expect(Value.Check(ProjectFileSchema, current)).toBe(true);
    expect(Value.Check(publishedSchema, current)).toBe(true);
  });

  it('include files of the current and of the previous schema version', () => {
    const versions = new Set(readable.map((f) => (JSON.parse(f.text) as { schemaVersion: number }).schemaVersion));
    expect(versions.has(SCHEMA_VERSION)).toBe(true);
    expect(versions.has(SCHEMA_VERSION - 1)).toBe(true);
  });

  it.each(unreadable.map((f) => [f.name, f] as const))('%s fails to parse with the errors of its expected file', (_name, fixture) => {
    const parsed = parseProject(fixture.text);
    expect(parsed.ok).toBe(false);
    const errors = parsed.ok ? [] : parsed.errors;
    // the expected files hold the CLI's wire form of a parse error (code, path, expected, received);
    // the engine's value adds the problem's severity and message key (decision 0230)
    expect(errors.map(({ code, path, expected, received }) => ({ code, path, expected, ...(received === undefined ? {} : { received }) }))).toEqual(fixture.expected.parseErrors);
    for (const error of errors) expect(error).toMatchObject({ severity: 'error', messageKey: expect.stringMatching(/^projectFile\./) });
  });
});
