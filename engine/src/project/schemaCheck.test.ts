import { readdirSync, readFileSync } from 'node:fs';
import fc from 'fast-check';
import Type from 'typebox';
import Value from 'typebox/value';
import { describe, expect, it } from 'vitest';
import { ProjectFileSchema } from '../model/project.ts';
import { projectArb } from '../testing/arbitraries.test-helpers.ts';
import { allPaths, type JsonKey } from '../testing/assertions.test-helpers.ts';
import { buildSchemaCheck } from './schemaCheck.ts';

const projectCheck = buildSchemaCheck(ProjectFileSchema);

type Key = JsonKey;

/** Values at the edges of the keywords: non-finite and huge numbers, surrogate pairs, lone surrogates, long texts. */
const edgeValueArb = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  fc.constantFrom<unknown>(NaN, Infinity, -Infinity, -0, 1e9, -1e9, 0.5, 2 ** 53, undefined, 10n, '', ' ', '😀'.repeat(30), '\ud83d', 'a\udc00', 'x'.repeat(500), [], {}, [null], { extra: 1 }),
  fc.string({ unit: 'binary', maxLength: 300 }),
);

const mutationArb = fc.record({ at: fc.nat(), kind: fc.constantFrom('replace', 'delete', 'addField'), value: edgeValueArb, field: fc.constantFrom('extra', 'id', 'name', 'data', 'value', '__proto__', 'constructor') });

function mutate(root: unknown, m: { at: number; kind: string; value: unknown; field: string }): unknown {
  const paths = allPaths(root);
  const path = paths[m.at % paths.length]!;
  if (path.length === 0) return m.kind === 'replace' ? m.value : root;
  let parent = root as Record<Key, unknown>;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<Key, unknown>;
  const key = path[path.length - 1]!;
  const target = parent[key];
  if (m.kind === 'replace') parent[key] = m.value;
  else if (m.kind === 'delete') {
    if (Array.isArray(parent)) parent.splice(key as number, 1);
    else delete parent[key];
  } else if (target !== null && typeof target === 'object' && !Array.isArray(target)) Object.defineProperty(target, m.field, { value: m.value, enumerable: true, writable: true, configurable: true });
  else parent[key] = m.value;
  return root;
}

describe('buildSchemaCheck (the project file validator parseProject uses)', () => {
  it('builds the project file schema (no fallback to Value.Check)', () => {
    expect(projectCheck).toBeTypeOf('function');
  });

  it('agrees with Value.Check on generated valid projects and on mutations of them', () => {
    fc.assert(
      fc.property(fc.oneof(projectArb({ mode: 'sane' }), projectArb({ mode: 'wild', maxSurfaces: 4 })), fc.array(mutationArb, { maxLength: 3 }), (project, mutations) => {
        let value: unknown = structuredClone(project);
        for (const m of mutations) value = mutate(value, m);
        expect(projectCheck!(value)).toBe(Value.Check(ProjectFileSchema, value));
      }),
      { numRuns: 400 },
    );
  });

  it('agrees with Value.Check on every project file of fixtures/ (valid and invalid)', () => {
    const dirs = ['../fixtures/projects', '../fixtures/worked-examples', '../fixtures/bench'];
    let files = 0;
    for (const dir of dirs) {
      for (const name of readdirSync(dir).filter((n) => n.endsWith('.json'))) {
        const value: unknown = JSON.parse(readFileSync(`${dir}/${name}`, 'utf8'));
        const project = (value as { project?: unknown } | null)?.project ?? value;
        expect(projectCheck!(project), `${dir}/${name}`).toBe(Value.Check(ProjectFileSchema, project));
        files++;
      }
    }
    expect(files).toBeGreaterThan(10);
  });

  it('follows TypeBox keyword by keyword: types, bounds, code-point lengths, patterns, optional undefined, extra keys', () => {
    const schema = Type.Object(
      {
        n: Type.Number({ minimum: 0, maximum: 10 }),
        i: Type.Optional(Type.Integer({ exclusiveMinimum: 0 })),
        s: Type.String({ minLength: 2, maxLength: 3, pattern: '^[a-z😀]+$' }),
        e: Type.Optional(Type.Union([Type.Literal('a'), Type.Literal('b'), Type.Null()])),
        l: Type.Optional(Type.Array(Type.Boolean(), { maxItems: 2 })),
        c: Type.Optional(Type.Literal(3)),
      },
      { additionalProperties: false },
    );
    const check = buildSchemaCheck(schema)!;
    const cases: unknown[] = [
      { n: 1, s: 'ab' },
      { n: -1, s: 'ab' },
      { n: 11, s: 'ab' },
      { n: NaN, s: 'ab' },
      { n: Infinity, s: 'ab' },
      { n: 1, s: 'a' },
      { n: 1, s: 'abcd' },
      { n: 1, s: '😀😀😀' },
      { n: 1, s: '😀' },
      { n: 1, s: 'A1' },
      { n: 1, s: 'ab', i: 0 },
      { n: 1, s: 'ab', i: 1.5 },
      { n: 1, s: 'ab', i: 2 },
      { n: 1, s: 'ab', i: undefined },
      { n: 1, s: 'ab', e: 'c' },
      { n: 1, s: 'ab', e: null },
      { n: 1, s: 'ab', l: [true, false] },
      { n: 1, s: 'ab', l: [true, false, true] },
      { n: 1, s: 'ab', l: [1] },
      { n: 1, s: 'ab', c: 3 },
      { n: 1, s: 'ab', c: 4 },
      { n: 1, s: 'ab', x: 1 },
      { s: 'ab' },
      [],
      null,
      'text',
    ];
    const answers = cases.map((v) => check(v));
    expect(answers).toEqual(cases.map((v) => Value.Check(schema, v)));
    expect(answers.filter(Boolean).length).toBeGreaterThan(5);
    expect(answers.filter((a) => !a).length).toBeGreaterThan(10);
  });

  it('gives undefined for a keyword it does not build (the caller then uses Value.Check)', () => {
    expect(buildSchemaCheck(Type.Number({ multipleOf: 2 }))).toBeUndefined();
    expect(buildSchemaCheck(Type.Object({ a: Type.Number() }, { patternProperties: { '^x': Type.String() } }))).toBeUndefined();
    expect(buildSchemaCheck(Type.Refine(Type.Number(), (n) => n > 1))).toBeUndefined();
    expect(buildSchemaCheck({ $ref: '#/$defs/a' })).toBeUndefined();
  });
});
