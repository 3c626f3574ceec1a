/**
 * The implementation of {@link EngineApi}: the worker exposes it, the bridge's main-thread
 * fallback calls it directly. Pure (the engine), no DOM and no worker globals.
 */
import { applyEvaluation, evaluate, type Project } from '@rainplan/engine';
import type { Derived, EngineApi } from './api.ts';
import { runOperation } from './operations.ts';

/**
 * The evaluation and the derived waterflow. Measure results carry the same `data` object as the
 * derived measures; it crosses the worker boundary once (the structured clone keeps the shared
 * reference), so the answer is not twice as large.
 */
function derive(project: Project): Derived {
  const evaluation = evaluate(project);
  const waterflow = applyEvaluation(project.waterflow, evaluation);
  const data = new Map(waterflow.measures.map((m) => [m.id, m.data]));
  return { waterflow, evaluation: { ...evaluation, measures: evaluation.measures.map((r) => ({ ...r, data: data.get(r.id) ?? r.data })) } };
}

export const engineApi: EngineApi = {
  ping: () => 'pong',
  evaluate: (project) => evaluate(project),
  apply: (waterflow, operation) => runOperation(waterflow, operation),
  derive,
  applyAndEvaluate: (project, operation) => {
    const result = runOperation(project.waterflow, operation);
    return { ...derive({ ...project, waterflow: result.waterflow }), changed: result.changed };
  },
};
