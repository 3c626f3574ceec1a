/**
 * The implementation of {@link EngineApi}: the worker exposes one, the bridge's main-thread
 * engine calls one directly. Pure (the engine), no DOM and no worker globals. The session
 * (`seed`/`edit`) keeps the open project inside the engine, so an edit sends only the operation
 * and answers only what changed. The main-thread engine ({@link LocalEngineApi}) also takes over
 * a session seeded in the worker (`adopt`) and runs the edits that stay small (`editBounded`,
 * decision 0239).
 */
import { applyEvaluation, compareVariants, evaluate, evaluateIncremental, type Evaluation, type PreviousEvaluation, type Project, type Waterflow } from '@rainplan/engine';
import type { Derived, EditAnswer, EngineApi } from './api.ts';
import type { OperationCall } from './operations.ts';
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


/**
 * A new session of `project`, evaluated here. Its base for the next edit is the derived project
 * (as for an adopted session), so that edit evaluates again only what it changes, not also every
 * node whose derived fields this evaluation wrote.
 */
function startSession(token: number, project: Project): Session {
  return adoptedSession(token, project, derive(project));
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

/**
 * The session of a project whose evaluation was made elsewhere (the worker's `seed` answer):
 * `derived` is `derive(project)`, so the next edit's `evaluateIncremental` builds on it without an
 * evaluation here. The derived waterflow stands for the project's waterflow: the engine reads
 * only the inputs, which the derived fields leave as they are.
 */
function adoptedSession(token: number, project: Project, derived: Derived): Session {
  const withDerived = { ...project, waterflow: derived.waterflow };
  return { token, project: withDerived, derived, evaluated: { project: withDerived, evaluation: derived.evaluation } };
}

interface WithSurfaces extends WithId {
  readonly sealedSurfaces: readonly string[];
}

/**
 * How many purifications and measures `evaluateIncremental` evaluates again for the change from
 * `before` to `after` (by its rule: nodes whose object changed, and those taking water from a
 * surface whose object changed or that was removed). An estimate of the edit's cost, computed
 * before it runs; no figure comes from it.
 */
export function nodesToReevaluate(before: Waterflow, after: Waterflow): number {
  const surfacesBefore = byId<WithId>(before.sealedSurfaces);
  const changed = new Set<string>();
  for (const s of after.sealedSurfaces) if (surfacesBefore.get(s.id) !== s) changed.add(s.id);
  if (before.sealedSurfaces.length !== after.sealedSurfaces.length || changed.size > 0) {
    const now = new Set(after.sealedSurfaces.map((s) => s.id));
    for (const s of before.sealedSurfaces) if (!now.has(s.id)) changed.add(s.id);
  }
  const count = (was: readonly WithSurfaces[], now: readonly WithSurfaces[]) => {
    const old = byId(was);
    let n = 0;
    for (const node of now) if (old.get(node.id) !== node || node.sealedSurfaces.some((id) => changed.has(id))) n++;
    return n;
  };
  return count(before.purifications, after.purifications) + count(before.measures, after.measures);
}

/** What {@link LocalEngineApi.editBounded} answers for an edit it left to the worker (the session unchanged). */
export interface TooLarge {
  readonly kind: 'too-large';
  readonly nodes: number;
}

/** The main-thread engine: the worker's api plus taking over a session and bounded edits. */
export interface LocalEngineApi extends EngineApi {
  /** Holds `project` as session `token`, with `derived` (its `derive`, made elsewhere) as its state; no evaluation. */
  adopt(token: number, project: Project, derived: Derived): void;
  /** The session's derived state when it is session `token`. */
  derivedOf(token: number): Derived | undefined;
  /**
   * `edit(token, operation)` when the edit evaluates at most `maxNodes` purifications and
   * measures again ({@link nodesToReevaluate}); `too-large` (session unchanged) above that.
   */
  editBounded(token: number, operation: OperationCall, maxNodes: number): EditAnswer | TooLarge;
}

/** A new engine with its own session (the worker holds one; each main-thread engine one). */
export function createEngineApi(): LocalEngineApi {
  let session: Session | undefined;
  /** The edit of the session's project by `result` (`previous` undefined: a new session of `base`). */
  const commit = (token: number, base: Project, previous: Session | undefined, result: ReturnType<typeof runOperation>): EditAnswer => {
    const input = { ...base, waterflow: result.waterflow };
    session = previous === undefined ? startSession(token, input) : continueSession(previous, input);
    const next = session.derived;
    return previous === undefined ? { kind: 'full', ...next, changed: result.changed } : { kind: 'diff', diff: diffDerived(previous.derived, next), changed: result.changed };
  };
  return {
    adopt: (token, project, derived) => {
      session = adoptedSession(token, project, derived);
    },
    derivedOf: (token) => (session?.token === token ? session.derived : undefined),
    editBounded: (token, operation, maxNodes) => {
      const previous = session?.token === token ? session : undefined;
      if (previous === undefined) return { kind: 'resync' };
      const result = runOperation(previous.project.waterflow, operation);
      const nodes = nodesToReevaluate(previous.evaluated.project.waterflow, result.waterflow);
      if (nodes > maxNodes) return { kind: 'too-large', nodes };
      return commit(token, previous.project, previous, result);
    },
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
      return commit(token, base, session, runOperation(base.waterflow, operation));
    },
  };
}

/** The worker's engine (the module is loaded once per worker and once for the main thread). */
export const engineApi: LocalEngineApi = createEngineApi();
