import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkWaterflowLinks, evaluate, parseProject, serializeProject, type ParseResult, type Project } from '../index.ts';
import { projectArb } from '../testing/arbitraries.test-helpers.ts';
import { allPaths, type JsonKey } from '../testing/assertions.test-helpers.ts';

const PARSE_ERROR_CODES = ['INVALID_JSON', 'UNSUPPORTED_VERSION', 'SCHEMA', 'REFERENCE'];

/** Every error of a failed parse names a JSON path from the root and says what was expected. */
function expectWellFormed(result: ParseResult): void {
  if (result.ok) return;
  expect(result.errors.length).toBeGreaterThan(0);
  for (const error of result.errors) {
    expect(PARSE_ERROR_CODES).toContain(error.code);
    expect(typeof error.path).toBe('string');
    expect(error.path.startsWith('$')).toBe(true);
    expect(typeof error.expected).toBe('string');
    expect(error.expected.trim().length).toBeGreaterThan(0);
    if (error.received !== undefined) expect(typeof error.received).toBe('string');
  }
}

// --- mutations of valid project files -------------------------------------------------------

type Key = JsonKey;

function idsIn(project: Project): string[] {
  const wf = project.waterflow;
  return [...wf.sealedSurfaces, ...wf.purifications, ...wf.measures].map((n) => n.id);
}

const mutationArb = fc.record({
  at: fc.nat(),
  kind: fc.constantFrom('replace', 'delete', 'duplicate', 'useId', 'addField', 'relink', 'relink'),
  value: fc.jsonValue({ maxDepth: 2 }),
  idPick: fc.nat(),
  fieldName: fc.constantFrom('parentId', 'sealedSurfaces', 'value', 'extra', 'drain', 'cm', 'AC'),
});
type Mutation = typeof mutationArb extends fc.Arbitrary<infer T> ? T : never;

/** Breaks or re-makes a link: a node's parentId, or a surface list entry, set to some node id. */
function relink(root: unknown, m: Mutation, id: string): void {
  const wf = (root as { waterflow?: Record<string, unknown> } | null)?.waterflow;
  if (wf === null || typeof wf !== 'object') return;
  const lists = ['sealedSurfaces', 'purifications', 'measures'].map((k) => wf[k]).filter(Array.isArray) as unknown[][];
  const nodes = lists.flat().filter((n): n is Record<string, unknown> => n !== null && typeof n === 'object' && !Array.isArray(n));
  const node = nodes[m.at % Math.max(1, nodes.length)];
  if (node === undefined) return;
  const surfaces = node['sealedSurfaces'];
  if (Array.isArray(surfaces) && m.idPick % 2 === 0) {
    if (surfaces.length > 0 && m.idPick % 4 === 0) surfaces.splice(m.at % surfaces.length, 1);
    else surfaces.push(id);
  } else node['parentId'] = m.idPick % 7 === 0 ? null : id;
}

function mutate(root: unknown, m: Mutation, ids: readonly string[]): unknown {
  if (m.kind === 'relink') {
    relink(root, m, ids.length === 0 ? 'x' : ids[m.idPick % ids.length]!);
    return root;
  }
  const paths = allPaths(root);
  const path = paths[m.at % paths.length]!;
  const id = ids.length === 0 ? 'x' : ids[m.idPick % ids.length]!;
  if (path.length === 0) return m.kind === 'replace' ? m.value : root;
  let parent = root as Record<Key, unknown>;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<Key, unknown>;
  const key = path[path.length - 1]!;
  const target = parent[key];
  switch (m.kind) {
    case 'replace':
      parent[key] = m.value;
      break;
    case 'delete':
      if (Array.isArray(parent)) parent.splice(key as number, 1);
      else delete parent[key];
      break;
    case 'duplicate':
      if (Array.isArray(parent)) parent.push(structuredClone(target));
      else if (Array.isArray(target)) target.push(structuredClone(target[0] ?? m.value));
      else parent[key] = structuredClone(target);
      break;
    case 'useId':
      parent[key] = id;
      break;
    case 'addField':
      if (target !== null && typeof target === 'object' && !Array.isArray(target)) (target as Record<string, unknown>)[m.fieldName] = m.fieldName === 'parentId' ? id : m.value;
      else parent[key] = [id];
      break;
  }
  return root;
}

const mutatedArb = fc.tuple(projectArb({ mode: 'wild', maxSurfaces: 4 }), fc.array(mutationArb, { minLength: 1, maxLength: 3 })).map(([project, mutations]) => {
  const ids = idsIn(project);
  let value: unknown = structuredClone(project);
  for (const m of mutations) value = mutate(value, m, ids);
  return value;
});

describe('parseProject', () => {
  it('accepts every generated project (sane and wild arbitraries are valid project files)', () => {
    fc.assert(
      fc.property(fc.oneof(projectArb({ mode: 'sane' }), projectArb({ mode: 'sane', coherent: true }), projectArb({ mode: 'wild' })), (project) => {
        const result = parseProject(project);
        if (!result.ok) expect(result.errors).toEqual([]);
        expect(result.ok).toBe(true);
      }),
      { numRuns: 150 },
    );
  });

  it('parseProject(serializeProject(p)) deep-equals p, and re-serializing is stable', () => {
    fc.assert(
      fc.property(fc.oneof(projectArb({ mode: 'sane' }), projectArb({ mode: 'wild' })), (project) => {
        const text = serializeProject(project);
        const result = parseProject(text);
        expect(result.ok).toBe(true);
        if (!result.ok) return;
        expect(result.project).toStrictEqual(project);
        expect(result.migratedFrom).toBeUndefined();
        expect(serializeProject(result.project)).toBe(text);
      }),
      { numRuns: 150 },
    );
  });

  it('never throws on arbitrary JSON values; every error has a $-path and an expectation', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expectWellFormed(parseProject(value));
        expectWellFormed(parseProject(JSON.stringify(value) ?? 'null'));
      }),
      { numRuns: 200 },
    );
  });

  it('never throws on arbitrary text (invalid JSON is an INVALID_JSON error at $)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (text) => {
        const result = parseProject(text);
        expectWellFormed(result);
        let isJson = true;
        try {
          JSON.parse(text);
        } catch {
          isJson = false;
        }
        if (!isJson) expect(result).toMatchObject({ ok: false, errors: [{ code: 'INVALID_JSON', path: '$' }] });
      }),
      { numRuns: 200 },
    );
  });

  it('never throws on mutated valid projects; errors are well-formed; what it accepts has sound links and evaluates', () => {
    fc.assert(
      fc.property(mutatedArb, (value) => {
        const direct = parseProject(value);
        expectWellFormed(direct);
        const text = JSON.stringify(value) ?? 'null';
        const viaText = parseProject(text);
        expectWellFormed(viaText);
        expect(viaText.ok).toBe(direct.ok);
        if (direct.ok) {
          expect(checkWaterflowLinks(direct.project.waterflow)).toEqual([]);
          // Non-finite results are the evaluate properties' business; here: it must not throw.
          expect(() => evaluate(direct.project)).not.toThrow();
        }
      }),
      { numRuns: 200 },
    );
  });

  it('reports every error of a mutated project at a syntactically valid JSON path', () => {
    fc.assert(
      fc.property(mutatedArb, (value) => {
        const result = parseProject(value);
        if (result.ok) return;
        for (const error of result.errors) {
          // The path must be a JSON path: $ followed by .name, [index] or ["key"] segments.
          expect(error.path).toMatch(/^\$(\.[A-Za-z_$][\w$]*|\[\d+\]|\[".*?"\])*$/s);
        }
      }),
      { numRuns: 150 },
    );
  });
});
