/** Reading a part's dimension fields for sizing (internal to the parts). */
import { nonNeg, pos } from '../../sizing/core.ts';
import type { DimensionProblemSink } from '../types.ts';

export { nonNeg, pos };

/**
 * The value of a dimension field (`value`, or `fallback` when unset) when it passes `ok`; otherwise
 * reports REQUIRED (not set) or VALUE_NOT_POSITIVE at `name` and gives undefined. The caller reads
 * the field itself (a named read: sizing calls this for every dimension of every measure).
 */
export function dimension(value: number | null | undefined, name: string, ok: (v: number) => boolean, problem: DimensionProblemSink, fallback?: number): number | undefined {
  const v = value ?? fallback;
  if (v == null) problem('REQUIRED', name, { field: name });
  else if (!ok(v)) problem('VALUE_NOT_POSITIVE', name, { field: name });
  else return v;
  return undefined;
}
