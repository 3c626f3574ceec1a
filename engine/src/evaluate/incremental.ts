import type { Issue } from '../issues.ts';
import type { Project } from '../model/project.ts';
import { evaluate, evaluationSummary, projectIssues, type EvaluateOptions } from './evaluate.ts';
import type { Evaluation, MeasureResult, PurificationResult, SurfaceResult } from './types.ts';

/** A project and its evaluation: `evaluation` is `evaluate(project, options)` with the options of the next call. */
export interface PreviousEvaluation {
  readonly project: Project;
  readonly evaluation: Evaluation;
}

interface WithId {
  readonly id: string;
}

/** The project's fields other than the waterflow: any change of them re-evaluates every node. */
function sameContext(a: Project, b: Project): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of keys) {
    if (key !== 'waterflow' && (a as unknown as Record<string, unknown>)[key] !== (b as unknown as Record<string, unknown>)[key]) return false;
  }
  return true;
}

/** The nodes by id, or undefined when two nodes of the waterflow share an id. */
function nodesById(project: Project): Map<string, WithId> | undefined {
  const { sealedSurfaces, purifications, measures } = project.waterflow;
  const byId = new Map<string, WithId>();
  for (const list of [sealedSurfaces, purifications, measures] as readonly (readonly WithId[])[]) {
    for (const node of list) {
      if (byId.has(node.id)) return undefined;
      byId.set(node.id, node);
    }
  }
  return byId;
}

/** Results in the order of their nodes (the order `evaluate` writes them in). */
function alignedWith(results: readonly WithId[], nodes: readonly WithId[]): boolean {
  return results.length === nodes.length && results.every((r, i) => r.id === nodes[i]!.id);
}

interface IssueSegments {
  /** Each node's issues, in order (only nodes with issues). */
  readonly byNode: Map<string, readonly Issue[]>;
  /** The project's own issues (no node id), between the purifications' and the measures' issues. */
  readonly project: readonly Issue[];
}

/**
 * Splits an evaluation's issues into each node's run, in the order `evaluate` writes them:
 * surfaces, purifications, the project's own, measures. Undefined when they do not split so
 * (an issue of one node among another's): the caller then evaluates everything.
 */
function splitIssues(evaluation: Evaluation, project: Project): IssueSegments | undefined {
  const { issues } = evaluation;
  const byNode = new Map<string, readonly Issue[]>();
  let k = 0;
  const take = (id: string | null): Issue[] => {
    const start = k;
    while (k < issues.length && (issues[k]!.nodeId ?? null) === id) k++;
    return issues.slice(start, k);
  };
  const { sealedSurfaces, purifications, measures } = project.waterflow;
  const nodeRuns = (nodes: readonly WithId[]) => {
    for (const node of nodes) {
      const run = take(node.id);
      if (run.length > 0) byNode.set(node.id, run);
    }
  };
  nodeRuns(sealedSurfaces);
  nodeRuns(purifications);
  const own = take(null);
  nodeRuns(measures);
  return k === issues.length ? { byNode, project: own } : undefined;
}

/** Structural equality of plain data that tells -0 from 0 (`Object.is` on the values), as a strict comparison of the results does. */
function sameData(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) return false;
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  const keys = Object.keys(ra);
  if (keys.length !== Object.keys(rb).length) return false;
  for (const key of keys) if (!Object.hasOwn(rb, key) || !sameData(ra[key], rb[key])) return false;
  return true;
}

/** `next` where it differs from `previous`, else `previous` itself (so unchanged results keep their identity). */
function keepEqual<T>(previous: T | undefined, next: T): T {
  return previous !== undefined && sameData(previous, next) ? previous : next;
}

function keepEqualIssues(previous: readonly Issue[] | undefined, next: readonly Issue[]): readonly Issue[] {
  if (previous === undefined) return next;
  if (previous.length === next.length && next.every((issue, i) => sameData(previous[i], issue))) return previous;
  return next.map((issue, i) => keepEqual(previous[i], issue));
}

/**
 * `evaluate(project, options)`, computed from the evaluation of an earlier state of the same
 * project: only the nodes whose inputs changed are evaluated again (by `evaluate` itself, on the
 * changed nodes and the surfaces they take water from), the other results and issues are taken
 * from `previous`. The result equals `evaluate(project, options)` field for field when
 * `previous.evaluation` is `evaluate(previous.project, options)` (the incremental law in
 * incremental.test.ts). What the edit cost is proportional to what it changed.
 *
 * A node counts as changed when its object is not the previous one (operations return new
 * objects for the nodes they change and keep the others), so a surface's change re-evaluates the
 * purifications and measures it drains into. A change of anything outside the waterflow (project
 * data, rain data, facilities, box configurations), node ids used twice, or a `previous` that
 * does not fit its project re-evaluates everything. Results that come out equal keep the previous
 * objects, so callers can compare results by identity.
 *
 * @example
 * let state = { project, evaluation: evaluate(project) };
 * const next = { ...project, waterflow: updateSurface(project.waterflow, 'roof', { value: 120 }).waterflow };
 * state = { project: next, evaluation: evaluateIncremental(state, next) };
 */
export function evaluateIncremental(previous: PreviousEvaluation, project: Project, options: EvaluateOptions = {}): Evaluation {
  const before = previous.project;
  const last = previous.evaluation;
  const full = () => evaluate(project, options);
  if (!sameContext(before, project)) return full();
  const beforeById = nodesById(before);
  const nowById = nodesById(project);
  if (beforeById === undefined || nowById === undefined) return full();
  const was = before.waterflow;
  const now = project.waterflow;
  if (!alignedWith(last.sealedSurfaces, was.sealedSurfaces) || !alignedWith(last.purifications, was.purifications) || !alignedWith(last.measures, was.measures)) {
    return full();
  }
  const lastIssues = splitIssues(last, before);
  if (lastIssues === undefined) return full();

  // surfaces added, changed or removed: their own results and everything that takes water from them
  const changedSurfaces = new Set<string>();
  for (const s of now.sealedSurfaces) if (beforeById.get(s.id) !== s) changedSurfaces.add(s.id);
  for (const s of was.sealedSurfaces) if (nowById.get(s.id) === undefined) changedSurfaces.add(s.id);
  const dirty = <T extends WithId & { readonly sealedSurfaces: readonly string[] }>(nodes: readonly T[]) =>
    nodes.filter((n) => beforeById.get(n.id) !== n || n.sealedSurfaces.some((id) => changedSurfaces.has(id)));
  const purifications = dirty(now.purifications);
  const measures = dirty(now.measures);
  const needed = new Set(changedSurfaces);
  for (const n of [...purifications, ...measures]) for (const id of n.sealedSurfaces) needed.add(id);
  const part: Project = {
    ...project,
    waterflow: { ...now, sealedSurfaces: now.sealedSurfaces.filter((s) => needed.has(s.id)), purifications, measures },
  };
  const fresh = evaluate(part, options);
  const freshIssues = splitIssues(fresh, part);
  if (freshIssues === undefined) return full();

  const lastResults = new Map<string, WithId>();
  for (const r of [...last.sealedSurfaces, ...last.purifications, ...last.measures]) lastResults.set(r.id, r);
  const freshResults = new Map<string, WithId>();
  for (const r of fresh.sealedSurfaces) if (changedSurfaces.has(r.id)) freshResults.set(r.id, r);
  for (const r of [...fresh.purifications, ...fresh.measures]) freshResults.set(r.id, r);

  const issues: Issue[] = [];
  const assemble = <R extends WithId>(nodes: readonly WithId[]): R[] =>
    nodes.map((node) => {
      const previousResult = lastResults.get(node.id) as R | undefined;
      const freshResult = freshResults.get(node.id) as R | undefined;
      if (freshResult === undefined) {
        issues.push(...(lastIssues.byNode.get(node.id) ?? []));
        return previousResult!;
      }
      issues.push(...keepEqualIssues(lastIssues.byNode.get(node.id), freshIssues.byNode.get(node.id) ?? []));
      return keepEqual(previousResult, freshResult);
    });
  const sealedSurfaces = assemble<SurfaceResult>(now.sealedSurfaces);
  const purificationResults = assemble<PurificationResult>(now.purifications);
  issues.push(...keepEqualIssues(lastIssues.project, projectIssues(project, purificationResults)));
  const measureResults = assemble<MeasureResult>(now.measures);

  return {
    engineVersion: fresh.engineVersion,
    schemaVersion: fresh.schemaVersion,
    ruleEdition: fresh.ruleEdition,
    rainDataset: fresh.rainDataset,
    sealedSurfaces,
    purifications: purificationResults,
    measures: measureResults,
    issues: issues.length === last.issues.length && issues.every((issue, i) => issue === last.issues[i]) ? last.issues : issues,
    summary: keepEqual(last.summary, evaluationSummary(sealedSurfaces, purificationResults, measureResults, issues)),
  };
}
