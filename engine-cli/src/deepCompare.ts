/** Deep comparison of JSON values for fixture verification. */

export interface Difference {
  /** JSON path of the differing value, e.g. `$.measures[0].value`. */
  readonly path: string;
  /** The expected value, or undefined when the key is missing from the expected file. */
  readonly expected: unknown;
  /** The actual value, or undefined when the key is missing from the recomputed result. */
  readonly actual: unknown;
}

export interface CompareOptions {
  /** Relative tolerance of numbers (default 1e-9). */
  readonly relative?: number;
  /** Absolute tolerance of numbers (default 1e-12). */
  readonly absolute?: number;
}

/** Numbers are equal when within a relative 1e-9 or an absolute 1e-12 of each other. */
export function numbersEqual(a: number, b: number, options: CompareOptions = {}): boolean {
  if (a === b) return true;
  if (!Number.isFinite(a) || !Number.isFinite(b)) return Number.isNaN(a) && Number.isNaN(b);
  const diff = Math.abs(a - b);
  return diff <= (options.absolute ?? 1e-12) || diff <= (options.relative ?? 1e-9) * Math.max(Math.abs(a), Math.abs(b));
}

/** Appends a key to a JSON path the way the engine names paths (`$.a[0].b`, `$["odd key"]`). */
export function childPath(parent: string, key: string | number): string {
  if (typeof key === 'number') return `${parent}[${key}]`;
  return /^[A-Za-z_$][\w$]*$/.test(key) ? `${parent}.${key}` : `${parent}[${JSON.stringify(key)}]`;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Every difference between two JSON values, in document order (expected's keys first, then keys
 * only the actual value has). A key present in one object and not the other is a difference;
 * arrays of different lengths differ at each extra index.
 */
export function deepCompare(expected: unknown, actual: unknown, options: CompareOptions = {}, path = '$'): Difference[] {
  const out: Difference[] = [];
  walk(expected, actual, path, options, out);
  return out;
}

function walk(expected: unknown, actual: unknown, path: string, options: CompareOptions, out: Difference[]): void {
  if (typeof expected === 'number' && typeof actual === 'number') {
    if (!numbersEqual(expected, actual, options)) out.push({ path, expected, actual });
    return;
  }
  if (Array.isArray(expected) && Array.isArray(actual)) {
    const n = Math.max(expected.length, actual.length);
    for (let i = 0; i < n; i++) {
      const p = childPath(path, i);
      if (i >= expected.length) out.push({ path: p, expected: undefined, actual: actual[i] });
      else if (i >= actual.length) out.push({ path: p, expected: expected[i], actual: undefined });
      else walk(expected[i], actual[i], p, options, out);
    }
    return;
  }
  if (isObject(expected) && isObject(actual)) {
    for (const key of Object.keys(expected)) {
      const p = childPath(path, key);
      if (!Object.hasOwn(actual, key)) out.push({ path: p, expected: expected[key], actual: undefined });
      else walk(expected[key], actual[key], p, options, out);
    }
    for (const key of Object.keys(actual)) {
      if (!Object.hasOwn(expected, key)) out.push({ path: childPath(path, key), expected: undefined, actual: actual[key] });
    }
    return;
  }
  if (expected !== actual) out.push({ path, expected, actual });
}

/** A value of a difference for display: compact JSON, shortened, or `(missing)`. */
export function describeValue(value: unknown, maxLength = 80): string {
  if (value === undefined) return '(missing)';
  const text = JSON.stringify(value) ?? String(value);
  return text.length > maxLength ? `${text.slice(0, maxLength - 1)}…` : text;
}
