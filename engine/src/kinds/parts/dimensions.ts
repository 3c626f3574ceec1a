/** Reading a part's dimension fields for sizing (internal to the parts). */
import { nonNeg, pos } from '../../sizing/core.ts';
import type { DimensionProblemSink } from '../types.ts';

export { nonNeg, pos };

/**
 * The value of `dims[name]` (or `fallback`) when it passes `ok`; otherwise reports REQUIRED (not set)
 * or VALUE_NOT_POSITIVE and gives undefined.
 */
export function dimension<T extends object>(dims: T, name: keyof T & string, ok: (v: number) => boolean, problem: DimensionProblemSink, fallback?: number): number | undefined {
  const raw = dims[name] as number | null | undefined;
  const v = raw ?? fallback;
  if (v == null) problem('REQUIRED', name, { field: name });
  else if (!ok(v)) problem('VALUE_NOT_POSITIVE', name, { field: name });
  else return v;
  return undefined;
}
