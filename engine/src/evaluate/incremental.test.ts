import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyEvaluation, createMeasure, deleteNode, evaluate, evaluateIncremental, isEngineError, updateSurface, type Evaluation, type Project, type Waterflow } from '../index.ts';
import { projectArb } from '../testing/arbitraries.test-helpers.ts';
import { deepFreeze, miniProject, withWaterflow } from '../testing/projects.test-helpers.ts';
import { applyOp, opArb } from '../testing/waterflowOps.test-helpers.ts';

/** A step of the law: an operation, optionally the derived fields written back (as the web's engine session does), or a change outside the waterflow. */
const stepArb = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant('op' as const), op: opArb, derive: fc.boolean() }), weight: 12 },
  { arbitrary: fc.record({ kind: fc.constant('airPollution' as const), value: fc.constantFrom(null, 'L1' as const, 'L3' as const) }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('same' as const) }), weight: 1 },
);

const lawArb = fc.tuple(fc.oneof(projectArb({ mode: 'sane' }), projectArb({ mode: 'sane', coherent: true }), projectArb({ mode: 'wild' })), fc.array(stepArb, { minLength: 1, maxLength: 5 }));

type Step = typeof stepArb extends fc.Arbitrary<infer S> ? S : never;

function nextProject(project: Project, step: Step, index: number): Project | undefined {
  if (step.kind === 'same') return { ...project };
  if (step.kind === 'airPollution') return { ...project, project: { ...project.project, airPollution: step.value } };
  let waterflow: Waterflow;
  try {
    waterflow = applyOp(project.waterflow, step.op, index).result.waterflow;
  } catch (e) {
    if (isEngineError(e)) return undefined;
    throw e;
  }
  const next = withWaterflow(project, waterflow);
  return step.derive ? withWaterflow(next, applyEvaluation(waterflow, evaluate(next))) : next;
}

describe('evaluateIncremental', () => {
  it('law: after any sequence of operations it equals evaluate of the new project, field for field (1,000 runs)', () => {
    fc.assert(
      fc.property(lawArb, ([start, steps]) => {
        let project = deepFreeze(start);
        let evaluation: Evaluation = deepFreeze(evaluate(project));
        steps.forEach((step, index) => {
          const next = nextProject(project, step, index);
          if (next === undefined) return;
          const incremental = evaluateIncremental({ project, evaluation }, deepFreeze(next));
          expect(incremental).toStrictEqual(evaluate(next));
          project = next;
          evaluation = deepFreeze(incremental);
        });
      }),
      { numRuns: 1000 },
    );
  });

  const two = (): Project => {
    const a = miniProject('Groundwater', [{ value: 100, cm: 0.9, groundPollutionM153: 'F3' }, { value: 200, cm: 0.8, groundPollutionM153: 'F3' }], { airPollution: 'L2', purification: { waterCategory: 'G12' } });
    // a second measure on its own surface, untouched by edits of s0
    const wf = createMeasure(
      { ...a.waterflow, sealedSurfaces: [...a.waterflow.sealedSurfaces, { ...a.waterflow.sealedSurfaces[0]!, id: 'other', name: 'other', parentId: 'm2' }] },
      { id: 'm2', name: 'm2' },
    ).waterflow;
    return withWaterflow(a, { ...wf, measures: wf.measures.map((m) => (m.id === 'm2' ? { ...m, sealedSurfaces: ['other'], data: a.waterflow.measures[0]!.data } : m)) });
  };

  it('re-evaluates only what a surface drains into: the other results keep their objects', () => {
    const project = two();
    const evaluation = evaluate(project);
    const next = withWaterflow(project, updateSurface(project.waterflow, 's0', { value: 150 }).waterflow);
    const incremental = evaluateIncremental({ project, evaluation }, next);
    expect(incremental).toStrictEqual(evaluate(next));
    const byId = (e: Evaluation, id: string) => [...e.sealedSurfaces, ...e.purifications, ...e.measures].find((r) => r.id === id);
    expect(byId(incremental, 'm2')).toBe(byId(evaluation, 'm2'));
    expect(byId(incremental, 'other')).toBe(byId(evaluation, 'other'));
    expect(byId(incremental, 's1')).toBe(byId(evaluation, 's1'));
    expect(byId(incremental, 's0')).not.toBe(byId(evaluation, 's0'));
    expect(byId(incremental, 'm')?.AC).not.toBe(byId(evaluation, 'm')?.AC);
    expect(incremental.summary.totalAreaM2).toBe(evaluation.summary.totalAreaM2! + 50);
  });

  it('answers the previous objects when nothing changed, and a re-evaluated result that came out equal keeps its object', () => {
    const project = two();
    const evaluation = evaluate(project);
    const same = evaluateIncremental({ project, evaluation }, { ...project });
    expect(same.measures).toStrictEqual(evaluation.measures);
    same.measures.forEach((r, i) => expect(r).toBe(evaluation.measures[i]));
    expect(same.issues).toBe(evaluation.issues);
    expect(same.summary).toBe(evaluation.summary);
    // a new object with the same content: evaluated again, equal, so the previous result stays
    const copy = withWaterflow(project, { ...project.waterflow, measures: project.waterflow.measures.map((m) => structuredClone(m)) });
    const again = evaluateIncremental({ project, evaluation }, copy);
    again.measures.forEach((r, i) => expect(r).toBe(evaluation.measures[i]));
  });

  it('a deleted surface re-evaluates its measure (its connected area drops)', () => {
    const project = two();
    const evaluation = evaluate(project);
    const next = withWaterflow(project, deleteNode(project.waterflow, 's1').waterflow);
    const incremental = evaluateIncremental({ project, evaluation }, next);
    expect(incremental).toStrictEqual(evaluate(next));
    expect(incremental.sealedSurfaces.map((s) => s.id)).toEqual(['s0', 'other']);
    expect(incremental.measures[0]!.AC).toBeLessThan(evaluation.measures[0]!.AC!);
  });

  it('a change outside the waterflow re-evaluates everything (here the air pollution: the project issue appears)', () => {
    const project = two();
    const evaluation = evaluate(project);
    const next = { ...project, project: { ...project.project, airPollution: null } };
    const incremental = evaluateIncremental({ project, evaluation }, next);
    expect(incremental).toStrictEqual(evaluate(next));
    expect(incremental.issues.some((i) => i.field === 'project.airPollution')).toBe(true);
    expect(evaluation.issues.some((i) => i.field === 'project.airPollution')).toBe(false);
  });

  it('a previous evaluation that does not fit its project, or ids used twice, give evaluate’s result', () => {
    const project = two();
    const other = miniProject('Watercourse', [{ value: 10, cm: 1, areaGroupA102: 'SA' }]);
    const next = withWaterflow(project, updateSurface(project.waterflow, 's0', { value: 150 }).waterflow);
    expect(evaluateIncremental({ project, evaluation: evaluate(other) }, next)).toStrictEqual(evaluate(next));
    const twice = withWaterflow(project, { ...next.waterflow, sealedSurfaces: [...next.waterflow.sealedSurfaces, { ...next.waterflow.sealedSurfaces[0]!, value: 1 }] });
    expect(evaluateIncremental({ project, evaluation: evaluate(project) }, twice)).toStrictEqual(evaluate(twice));
  });
});
