/**
 * The published JSON Schema (docs/project-file.schema.json) matches ProjectFileSchema, and every
 * fixture project (fixtures/projects) is valid under both and readable by parseProject.
 */
import { readdirSync, readFileSync } from 'node:fs';
import Value from 'typebox/value';
import { describe, expect, it } from 'vitest';
import { generateSchemaText } from '../../scripts/generate-schema.ts';
import { parseProject } from '../project/parseProject.ts';
import { ProjectFileSchema } from './project.ts';

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

  it.each(readable.map((f) => [f.name, f] as const))('%s validates against the schema and parses', (_name, fixture) => {
    const value: unknown = JSON.parse(fixture.text);
    expect(Value.Check(ProjectFileSchema, value)).toBe(true);
    expect(Value.Check(publishedSchema, value)).toBe(true);
    const parsed = parseProject(fixture.text);
    expect(parsed.ok ? [] : parsed.errors).toEqual([]);
  });

  it.each(unreadable.map((f) => [f.name, f] as const))('%s fails to parse with the errors of its expected file', (_name, fixture) => {
    const parsed = parseProject(fixture.text);
    expect(parsed.ok).toBe(false);
    expect(parsed.ok ? [] : parsed.errors).toEqual(fixture.expected.parseErrors);
  });
});
