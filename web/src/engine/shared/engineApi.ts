/**
 * The implementation of {@link EngineApi}: the worker exposes it, the bridge's main-thread
 * fallback calls it directly. Pure (the engine), no DOM and no worker globals.
 */
import { evaluate } from '@rainplan/engine';
import type { EngineApi } from './api.ts';
import { runOperation } from './operations.ts';

export const engineApi: EngineApi = {
  ping: () => 'pong',
  evaluate: (project) => evaluate(project),
  apply: (waterflow, operation) => runOperation(waterflow, operation),
  applyAndEvaluate: (project, operation) => {
    const result = runOperation(project.waterflow, operation);
    return { ...result, evaluation: evaluate({ ...project, waterflow: result.waterflow }) };
  },
};
