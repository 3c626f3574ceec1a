/** Small assertions and walks the engine's tests share. */
import { expect } from 'vitest';
import { EngineError } from '../errors.ts';

/** `fn` throws an {@link EngineError} with `code` (any other outcome fails the test). */
export function expectEngineError(fn: () => unknown, code: string): void {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(EngineError);
    expect((e as EngineError).code).toBe(code);
    return;
  }
  throw new Error(`expected EngineError ${code}`);
}

export type JsonKey = string | number;

/** Every path of a JSON value, the root (`[]`) first, depth first (where the mutation laws aim). */
export function allPaths(value: unknown, prefix: JsonKey[] = [], out: JsonKey[][] = []): JsonKey[][] {
  out.push(prefix);
  if (Array.isArray(value)) value.forEach((v, i) => allPaths(v, [...prefix, i], out));
  else if (value !== null && typeof value === 'object') for (const [k, v] of Object.entries(value)) allPaths(v, [...prefix, k], out);
  return out;
}
