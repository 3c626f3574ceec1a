/**
 * The compact answer of an edit (issue 7's latency target): instead of the whole derived waterflow
 * and evaluation, the worker sends the nodes and results that differ from the state it answered
 * before, keyed by node id, plus the lists' id order when nodes were added, removed or reordered.
 * The main thread applies it to its own copy ({@link applyDerivedDiff}); unchanged nodes and
 * results keep their object identity. Pure, no DOM and no worker globals.
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
/** The evaluation's result lists as diffs; `issues` only when they changed; the other fields (summary, stamps) whole. */
type EvaluationDiff = Lists<EvaluationLists> & Omit<Evaluation, keyof EvaluationLists | 'issues'> & { readonly issues?: Evaluation['issues'] };

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

function diffList<T extends WithId>(prev: readonly T[], next: readonly T[]): ListDiff<T> {
  const before = new Map(prev.map((item) => [item.id, item]));
  let sameIds = prev.length === next.length;
  const upsert: T[] = [];
  next.forEach((item, i) => {
    if (sameIds && prev[i]!.id !== item.id) sameIds = false;
    const old = before.get(item.id);
    if (old === undefined || !deepEqual(old, item)) upsert.push(item);
  });
  return sameIds ? { upsert } : { ids: next.map((item) => item.id), upsert };
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
  return {
    waterflow: {
      sealedSurfaces: diffList(prev.waterflow.sealedSurfaces, next.waterflow.sealedSurfaces),
      purifications: diffList(prev.waterflow.purifications, next.waterflow.purifications),
      measures: diffList(prev.waterflow.measures, next.waterflow.measures),
    },
    evaluation: {
      ...rest,
      ...(deepEqual(prev.evaluation.issues, issues) ? {} : { issues }),
      sealedSurfaces: diffList(prev.evaluation.sealedSurfaces, sealedSurfaces),
      purifications: diffList(prev.evaluation.purifications, purifications),
      measures: diffList(prev.evaluation.measures, measures),
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
      issues: issues ?? prev.evaluation.issues,
      sealedSurfaces: applyList(prev.evaluation.sealedSurfaces, sealedSurfaces),
      purifications: applyList(prev.evaluation.purifications, purifications),
      measures: applyList(prev.evaluation.measures, measures),
    },
  };
}
