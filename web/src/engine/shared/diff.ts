/**
 * The compact answer of an edit (issue 7's latency target): instead of the whole derived waterflow
 * and evaluation, the worker sends the nodes and results that differ from the state it answered
 * before, keyed by node id, plus the lists' id order when nodes were added, removed or reordered,
 * and the issues that differ at their position (an edit usually changes one issue's parameters of
 * a project's hundreds). The main thread applies it to its own copy ({@link applyDerivedDiff});
 * unchanged nodes, results and issues keep their object identity. Pure, no DOM and no worker globals.
 */
import type { Evaluation, Waterflow } from '@rainplan/engine';
import type { Derived } from './api.ts';

interface WithId {
  readonly id: string;
}

/** The changed items of one list; `ids` only when the list's ids or their order changed. */
export interface ListDiff<T extends WithId> {
  readonly ids?: readonly string[];
  readonly upsert: readonly T[];
}

type Lists<T> = { readonly [K in keyof T]: T[K] extends readonly (infer E extends WithId)[] ? ListDiff<E> : never };

type WaterflowDiff = Lists<Waterflow>;
type EvaluationLists = Pick<Evaluation, 'sealedSurfaces' | 'purifications' | 'measures'>;
/** The issues after the edit: their number and those that differ from the issue at the same position before. */
export interface IssuesDiff {
  readonly length: number;
  readonly changed: readonly (readonly [index: number, issue: Evaluation['issues'][number]])[];
}

/** The evaluation's result lists as diffs; `issues` only when they changed; the other fields (summary, stamps) whole. */
type EvaluationDiff = Lists<EvaluationLists> & Omit<Evaluation, keyof EvaluationLists | 'issues'> & { readonly issues?: IssuesDiff };

export interface DerivedDiff {
  readonly waterflow: WaterflowDiff;
  readonly evaluation: EvaluationDiff;
}

/** Structural equality of plain (JSON-like) data. */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return Number.isNaN(a) && Number.isNaN(b);
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!deepEqual(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  for (const k of ka) {
    if (!Object.prototype.hasOwnProperty.call(b, k)) return false;
    if (!deepEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k])) return false;
  }
  return true;
}

function diffList<T extends WithId>(prev: readonly T[], next: readonly T[], equal: (a: T, b: T) => boolean = deepEqual): ListDiff<T> {
  const before = new Map(prev.map((item) => [item.id, item]));
  let sameIds = prev.length === next.length;
  const upsert: T[] = [];
  next.forEach((item, i) => {
    if (sameIds && prev[i]!.id !== item.id) sameIds = false;
    const old = before.get(item.id);
    if (old === undefined || !equal(old, item)) upsert.push(item);
  });
  return sameIds ? { upsert } : { ids: next.map((item) => item.id), upsert };
}

/** Plain objects equal in every field, where `data` may be known equal already (by identity of the pair). */
function equalWithKnownData(knownData: ReadonlyMap<unknown, unknown>) {
  return <T extends WithId>(a: T, b: T): boolean => {
    const ra = a as unknown as Record<string, unknown>;
    const rb = b as unknown as Record<string, unknown>;
    const keys = Object.keys(ra);
    if (keys.length !== Object.keys(rb).length) return false;
    for (const key of keys) {
      if (!Object.prototype.hasOwnProperty.call(rb, key)) return false;
      if (key === 'data' && ra[key] !== undefined && knownData.get(ra[key]) === rb[key]) continue;
      if (!deepEqual(ra[key], rb[key])) return false;
    }
    return true;
  };
}

function diffIssues(prev: Evaluation['issues'], next: Evaluation['issues']): IssuesDiff | undefined {
  const changed: [number, Evaluation['issues'][number]][] = [];
  next.forEach((issue, i) => {
    if (i >= prev.length || !deepEqual(prev[i], issue)) changed.push([i, issue]);
  });
  return changed.length === 0 && prev.length === next.length ? undefined : { length: next.length, changed };
}

function applyIssues(prev: Evaluation['issues'], diff: IssuesDiff | undefined): Evaluation['issues'] {
  if (diff === undefined) return prev;
  const next = prev.slice(0, diff.length);
  for (const [i, issue] of diff.changed) next[i] = issue;
  for (let i = 0; i < diff.length; i++) if (!(i in next)) throw new Error(`diff: issue ${i} missing`);
  return next;
}

function applyList<T extends WithId>(prev: readonly T[], diff: ListDiff<T>): T[] {
  // the engine's types have mutable lists; nothing mutates them
  if (diff.ids === undefined && diff.upsert.length === 0) return prev as T[];
  const upsert = new Map(diff.upsert.map((item) => [item.id, item]));
  if (diff.ids === undefined) {
    if (upsert.size > 0 && !diff.upsert.every((item) => prev.some((p) => p.id === item.id))) throw new Error('diff: unknown node');
    return prev.map((item) => upsert.get(item.id) ?? item);
  }
  const before = new Map(prev.map((item) => [item.id, item]));
  return diff.ids.map((id) => {
    const item = upsert.get(id) ?? before.get(id);
    if (item === undefined) throw new Error(`diff: node ${id} missing`);
    return item;
  });
}

/** What changed from `prev` to `next` (both derived states of the same session). */
export function diffDerived(prev: Derived, next: Derived): DerivedDiff {
  const { sealedSurfaces, purifications, measures, issues, ...rest } = next.evaluation;
  // a measure's result carries the measure's `data` object (engineApi's derive): data found equal
  // in the waterflow are not compared again in the results
  const knownData = new Map<unknown, unknown>();
  const measureEqual = (a: Waterflow['measures'][number], b: Waterflow['measures'][number]) => {
    const equal = deepEqual(a, b);
    if (equal) knownData.set(a.data, b.data);
    return equal;
  };
  const waterflow = {
    sealedSurfaces: diffList(prev.waterflow.sealedSurfaces, next.waterflow.sealedSurfaces),
    purifications: diffList(prev.waterflow.purifications, next.waterflow.purifications),
    measures: diffList(prev.waterflow.measures, next.waterflow.measures, measureEqual),
  };
  const issuesDiff = diffIssues(prev.evaluation.issues, issues);
  return {
    waterflow,
    evaluation: {
      ...rest,
      ...(issuesDiff === undefined ? {} : { issues: issuesDiff }),
      sealedSurfaces: diffList(prev.evaluation.sealedSurfaces, sealedSurfaces),
      purifications: diffList(prev.evaluation.purifications, purifications),
      measures: diffList(prev.evaluation.measures, measures, equalWithKnownData(knownData)),
    },
  };
}

/** `prev` with the diff applied (throws when the diff does not fit `prev`: the states diverged). */
export function applyDerivedDiff(prev: Derived, diff: DerivedDiff): Derived {
  const { sealedSurfaces, purifications, measures, issues, ...rest } = diff.evaluation;
  return {
    waterflow: {
      sealedSurfaces: applyList(prev.waterflow.sealedSurfaces, diff.waterflow.sealedSurfaces),
      purifications: applyList(prev.waterflow.purifications, diff.waterflow.purifications),
      measures: applyList(prev.waterflow.measures, diff.waterflow.measures),
    },
    evaluation: {
      ...rest,
      issues: applyIssues(prev.evaluation.issues, issues),
      sealedSurfaces: applyList(prev.evaluation.sealedSurfaces, sealedSurfaces),
      purifications: applyList(prev.evaluation.purifications, purifications),
      measures: applyList(prev.evaluation.measures, measures),
    },
  };
}
