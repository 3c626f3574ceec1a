/**
 * The implementation of {@link EngineApi}: the worker exposes one, the bridge's main-thread
 * fallback calls one directly. Pure (the engine), no DOM and no worker globals. The session
 * (`seed`/`edit`) keeps the open project inside the engine, so an edit sends only the operation
 * and answers only what changed.
 */
import { applyEvaluation, compareVariants, evaluate, evaluateIncremental, type Evaluation, type PreviousEvaluation, type Project, type Waterflow } from '@rainplan/engine';
import type { Derived, EditAnswer, EngineApi } from './api.ts';
import { diffDerived } from './diff.ts';
import { runOperation } from './operations.ts';

/**
 * The evaluation as answered: measure results carry the same `data` object as the derived
 * measures (`applyEvaluation` writes the result's `data`), so it crosses the worker boundary once
 * (the structured clone keeps the shared reference) and the answer is not twice as large.
 */
function answered(evaluation: Evaluation, waterflow: Waterflow): Evaluation {
  const data = new Map(waterflow.measures.map((m) => [m.id, m.data]));
  if (evaluation.measures.every((r) => data.get(r.id) === r.data)) return evaluation;
  return { ...evaluation, measures: evaluation.measures.map((r) => ({ ...r, data: data.get(r.id) ?? r.data })) };
}

/** The evaluation and the derived waterflow. */
function derive(project: Project): Derived {
  const evaluation = evaluate(project);
  const waterflow = applyEvaluation(project.waterflow, evaluation);
  return { waterflow, evaluation: answered(evaluation, waterflow) };
}

interface WithId {
  readonly id: string;
}

const byId = <T extends WithId>(list: readonly T[]) => new Map(list.map((item) => [item.id, item]));

/**
 * `applyEvaluation(waterflow, evaluation)` where only some results are new: a node the operation
 * left as it was derived, whose result is the previous one (`evaluateIncremental` keeps equal
 * results), is its derived self already (writing the same result again changes nothing); the
 * others go through `applyEvaluation`.
 */
function applyChanged(waterflow: Waterflow, evaluation: Evaluation, before: Derived): Waterflow {
  const lists = ['sealedSurfaces', 'purifications', 'measures'] as const;
  const stale = (key: (typeof lists)[number]) => {
    const derived = byId<WithId>(before.waterflow[key]);
    const results = byId<WithId>(before.evaluation[key]);
    const now = byId<WithId>(evaluation[key]);
    return (waterflow[key] as readonly WithId[]).filter((n) => derived.get(n.id) !== n || results.get(n.id) !== now.get(n.id));
  };
  const part = {
    sealedSurfaces: stale('sealedSurfaces'),
    purifications: stale('purifications'),
    measures: stale('measures'),
  } as unknown as Waterflow;
  const applied = applyEvaluation(part, evaluation);
  const fresh = new Map<string, WithId>();
  for (const key of lists) for (const n of applied[key] as readonly WithId[]) fresh.set(n.id, n);
  const merge = <T extends WithId>(list: readonly T[]): T[] => list.map((n) => (fresh.get(n.id) as T | undefined) ?? n);
  return {
    ...waterflow,
    sealedSurfaces: merge(waterflow.sealedSurfaces),
    purifications: merge(waterflow.purifications),
    measures: merge(waterflow.measures),
  };
}

interface Session {
  readonly token: number;
  /** The project with the derived waterflow of `derived` (the next operation applies to it). */
  readonly project: Project;
  readonly derived: Derived;
  /** The project as evaluated and its evaluation: the base of the next edit's `evaluateIncremental`. */
  readonly evaluated: PreviousEvaluation;
}

function startSession(token: number, project: Project): Session {
  const evaluation = evaluate(project);
  const waterflow = applyEvaluation(project.waterflow, evaluation);
  return { token, project: { ...project, waterflow }, derived: { waterflow, evaluation: answered(evaluation, waterflow) }, evaluated: { project, evaluation } };
}

/**
 * The session after an edit to `project`: the evaluation re-evaluates only what the edit changed
 * (`evaluateIncremental`), the derived fields are written only into the nodes with a new result.
 */
function continueSession(session: Session, project: Project): Session {
  const evaluation = evaluateIncremental(session.evaluated, project);
  const waterflow = applyChanged(project.waterflow, evaluation, session.derived);
  return { token: session.token, project: { ...project, waterflow }, derived: { waterflow, evaluation: answered(evaluation, waterflow) }, evaluated: { project, evaluation } };
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
      session = startSession(token, project);
      return session.derived;
    },
    edit: (token, operation, project): EditAnswer => {
      const base = project ?? (session?.token === token ? session.project : undefined);
      if (base === undefined) return { kind: 'resync' };
      if (project !== undefined) session = undefined;
      const result = runOperation(base.waterflow, operation);
      const input = { ...base, waterflow: result.waterflow };
      const previous = session;
      session = previous === undefined ? startSession(token, input) : continueSession(previous, input);
      const next = session.derived;
      return previous === undefined ? { kind: 'full', ...next, changed: result.changed } : { kind: 'diff', diff: diffDerived(previous.derived, next), changed: result.changed };
    },
  };
}

/** The worker's engine (the module is loaded once per worker and once for the fallback). */
export const engineApi: EngineApi = createEngineApi();
