/**
 * The implementation of {@link EngineApi}: the worker exposes it, the bridge's main-thread
 * fallback calls it directly. Pure (the engine), no DOM and no worker globals.
 */
import { applyEvaluation, evaluate, type Project } from '@rainplan/engine';
import type { Derived, EngineApi } from './api.ts';
import { runOperation } from './operations.ts';

function derive(project: Project): Derived {
  const evaluation = evaluate(project);
  return { waterflow: applyEvaluation(project.waterflow, evaluation), evaluation };
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
