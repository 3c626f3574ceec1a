import { describe, expect, it } from 'vitest';
import type { Project } from '@rainplan/engine';
import { generateBenchProject } from '../../../bench/generateProject.ts';
import { call, type OperationCall } from './call.ts';
import { applyDerivedDiff, deepEqual, diffDerived } from './diff.ts';
import { createEngineApi } from './engineApi.ts';
import type { Derived } from './api.ts';

/** A small deterministic PRNG (mulberry32). */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function randomOperation(project: Project, next: () => number, n: number): OperationCall {
  const wf = project.waterflow;
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const r = next();
  const surface = pick(wf.sealedSurfaces).id;
  if (r < 0.4) return call('updateSurface', surface, { value: Math.round(next() * 2000) });
  if (r < 0.5) return call('renameNode', pick([...wf.sealedSurfaces, ...wf.measures, ...wf.purifications]).id, `name ${n}`);
  if (r < 0.6) return call('createSurface', { id: `new${n}`, name: `new ${n}` });
  if (r < 0.7 && wf.sealedSurfaces.length > 1) return call('deleteNode', surface);
  if (r < 0.75 && wf.measures.length > 1) return call('deleteNode', pick(wf.measures).id);
  if (r < 0.8) return call('detachSurface', surface);
  if (r < 0.85) return call('setSurfaceDrain', surface, pick(['Groundwater', 'Watercourse', null] as const));
  if (r < 0.9) return call('createMeasure', { id: `m-new${n}`, name: `measure ${n}` });
  if (r < 0.95) return call('updateMeasure', pick(wf.measures).id, { throttleDischarge: Math.round(next() * 10) });
  return call('setSurfaceRunoff', surface, pick(['flatRoof', 'concreteBlockPaving', 'pitchedRoof'] as const));
}

describe('edit diffs (the engine session)', () => {
  it('deepEqual compares plain data structurally', () => {
    expect(deepEqual({ a: [1, { b: null }] }, { a: [1, { b: null }] })).toBe(true);
    expect(deepEqual({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(deepEqual([1, 2], [2, 1])).toBe(false);
    expect(deepEqual(Number.NaN, Number.NaN)).toBe(true);
    expect(deepEqual({ a: [] }, { a: {} })).toBe(false);
  });

  it('applying the diffs of random edit sequences gives the same state as evaluating the whole project', () => {
    for (const seed of [1, 2, 3]) {
      const next = random(seed);
      const engine = createEngineApi();
      let project = generateBenchProject(6);
      let state: Derived = engine.seed(7, project);
      project = { ...project, waterflow: state.waterflow };
      let diffs = 0;
      for (let n = 0; n < 120; n++) {
        const operation = randomOperation(project, next, n);
        let expected;
        try {
          expected = createEngineApi().applyAndEvaluate(project, operation);
        } catch {
          // refused by the engine: the session refuses it too and stays unchanged
          expect(() => engine.edit(7, operation)).toThrow();
          continue;
        }
        const answer = engine.edit(7, operation);
        if (answer.kind !== 'diff') throw new Error(`expected a diff, got ${answer.kind}`);
        diffs++;
        const applied = applyDerivedDiff(state, answer.diff);
        expect(answer.changed).toEqual(expected.changed);
        expect(applied.waterflow).toStrictEqual(expected.waterflow);
        expect(applied.evaluation).toStrictEqual(expected.evaluation);
        // unchanged nodes keep their identity
        for (const s of applied.waterflow.sealedSurfaces) {
          const before = state.waterflow.sealedSurfaces.find((p) => p.id === s.id);
          if (before !== undefined && deepEqual(before, s)) expect(s).toBe(before);
        }
        state = applied;
        project = { ...project, waterflow: state.waterflow };
      }
      expect(diffs).toBeGreaterThan(80);
    }
  });

  it('sends only what changed for an area edit', () => {
    const engine = createEngineApi();
    const project = generateBenchProject(10);
    engine.seed(1, project);
    const answer = engine.edit(1, call('updateSurface', 's3-0', { value: 1005 }));
    if (answer.kind !== 'diff') throw new Error(answer.kind);
    expect(answer.diff.waterflow.sealedSurfaces.ids).toBeUndefined();
    expect(answer.diff.waterflow.sealedSurfaces.upsert.map((s) => s.id)).toEqual(['s3-0']);
    expect(answer.diff.waterflow.measures.upsert.map((m) => m.id)).toEqual(['m3']);
    expect(answer.diff.evaluation.measures.upsert.map((m) => m.id)).toEqual(['m3']);
    expect(answer.diff.waterflow.purifications.upsert.length).toBeLessThanOrEqual(1);
    // the issues are sent only where they differ (here: none of the project's issues changed)
    const issues = answer.diff.evaluation.issues;
    if (issues !== undefined) expect(issues.changed.length).toBeLessThan(issues.length);
  });

  it('sends the issues that differ at their position and keeps the others', () => {
    const engine = createEngineApi();
    const derived = engine.seed(1, generateBenchProject(10));
    const base = derived.evaluation.issues;
    expect(base.length).toBeGreaterThan(2);
    const issue = (nodeId: string, code: (typeof base)[number]['code']) => ({ nodeId, field: null, code, messageKey: `issues.${code}`, severity: 'warning' as const });
    const prev: Derived = { ...derived, evaluation: { ...derived.evaluation, issues: [...base] } };
    // one changed in the middle, one appended
    const changedIssue = { ...base[1]!, params: { x: 1 } };
    const added = issue('s0-0', base[0]!.code);
    const grown: Derived = { ...derived, evaluation: { ...derived.evaluation, issues: [base[0]!, changedIssue, ...base.slice(2), added] } };
    const diff = diffDerived(prev, grown);
    expect(diff.evaluation.issues).toEqual({ length: base.length + 1, changed: [[1, changedIssue], [base.length, added]] });
    const applied = applyDerivedDiff(prev, diff).evaluation.issues;
    expect(applied).toEqual(grown.evaluation.issues);
    expect(applied[0]).toBe(prev.evaluation.issues[0]);
    expect(applied[2]).toBe(prev.evaluation.issues[2]);
    // shrunk: only the new length
    const shrunk: Derived = { ...derived, evaluation: { ...derived.evaluation, issues: [base[0]!] } };
    expect(diffDerived(prev, shrunk).evaluation.issues).toEqual({ length: 1, changed: [] });
    expect(applyDerivedDiff(prev, diffDerived(prev, shrunk)).evaluation.issues).toEqual([base[0]]);
    // unchanged: no issues in the diff, the same list
    expect(diffDerived(prev, prev).evaluation.issues).toBeUndefined();
    expect(applyDerivedDiff(prev, diffDerived(prev, prev)).evaluation.issues).toBe(prev.evaluation.issues);
    // a diff that leaves a gap is refused, not applied with holes
    const broken = { ...diff, evaluation: { ...diff.evaluation, issues: { length: base.length + 3, changed: [] } } };
    expect(() => applyDerivedDiff(prev, broken)).toThrow(/issue/);
  });

  it('answers resync for another session, full when seeded with the edit, and keeps the session on a refused edit', () => {
    const engine = createEngineApi();
    const project = generateBenchProject(2);
    expect(engine.edit(1, call('updateSurface', 's0-0', { value: 10 })).kind).toBe('resync');
    const full = engine.edit(1, call('updateSurface', 's0-0', { value: 10 }), project);
    expect(full.kind).toBe('full');
    expect(() => engine.edit(1, call('deleteNode', 'missing'))).toThrow();
    expect(engine.edit(1, call('updateSurface', 's0-0', { value: 20 })).kind).toBe('diff');
    expect(engine.edit(2, call('updateSurface', 's0-0', { value: 30 })).kind).toBe('resync');
  });

  it('applyDerivedDiff throws when the diff does not fit the state', () => {
    const engine = createEngineApi();
    const project = generateBenchProject(2);
    const state = engine.seed(1, project);
    const answer = engine.edit(1, call('createSurface', { id: 'x', name: 'X' }));
    if (answer.kind !== 'diff') throw new Error(answer.kind);
    const other = { ...state, waterflow: { ...state.waterflow, sealedSurfaces: state.waterflow.sealedSurfaces.slice(1) } };
    expect(() => applyDerivedDiff(other, answer.diff)).toThrow();
  });
});
