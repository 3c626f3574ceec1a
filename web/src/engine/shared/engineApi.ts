/**
 * The implementation of {@link EngineApi}: the worker exposes one, the bridge's main-thread
 * fallback calls one directly. Pure (the engine), no DOM and no worker globals. The session
 * (`seed`/`edit`) keeps the open project inside the engine, so an edit sends only the operation
 * and answers only what changed.
 */
import { applyEvaluation, compareVariants, evaluate, type Project } from '@rainplan/engine';
import type { Derived, EditAnswer, EngineApi } from './api.ts';
import { diffDerived } from './diff.ts';
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

interface Session {
  readonly token: number;
  /** The project with the derived waterflow of `derived`. */
  readonly project: Project;
  readonly derived: Derived;
}

/** A new engine with its own session (the worker holds one; each main-thread fallback one). */
export function createEngineApi(): EngineApi {
  let session: Session | undefined;
  return {
    ping: () => 'pong',
    compareVariants: (project, measureId) => compareVariants(project, measureId),
    evaluate: (project) => evaluate(project),
    apply: (waterflow, operation) => runOperation(waterflow, operation),
    derive,
    applyAndEvaluate: (project, operation) => {
      const result = runOperation(project.waterflow, operation);
      return { ...derive({ ...project, waterflow: result.waterflow }), changed: result.changed };
    },
    seed: (token, project) => {
      session = undefined;
      const derived = derive(project);
      session = { token, project: { ...project, waterflow: derived.waterflow }, derived };
      return derived;
    },
    edit: (token, operation, project): EditAnswer => {
      const base = project ?? (session?.token === token ? session.project : undefined);
      if (base === undefined) return { kind: 'resync' };
      if (project !== undefined) session = undefined;
      const result = runOperation(base.waterflow, operation);
      const next = derive({ ...base, waterflow: result.waterflow });
      const previous = session?.derived;
      session = { token, project: { ...base, waterflow: next.waterflow }, derived: next };
      return previous === undefined ? { kind: 'full', ...next, changed: result.changed } : { kind: 'diff', diff: diffDerived(previous, next), changed: result.changed };
    },
  };
}

/** The worker's engine (the module is loaded once per worker and once for the fallback). */
export const engineApi: EngineApi = createEngineApi();
