/**
 * A small, self-describing schema for the JSON inputs of `rainplan calc`: one description serves
 * the validation (every problem with its JSON path and what was expected) and the help text of
 * each kind (fields, units, defaults).
 */

/** One problem in an input: where, what was expected, what was found. */
export interface InputError {
  readonly path: string;
  readonly expected: string;
  readonly received?: string;
}

export type Spec =
  | NumberSpec
  | { readonly type: 'boolean' }
  | { readonly type: 'string'; readonly enum?: readonly string[] }
  | { readonly type: 'integerOrString' }
  | ObjectSpec
  | { readonly type: 'array'; readonly items: Spec; readonly minItems?: number; readonly maxItems?: number }
  | CustomSpec;

export interface NumberSpec {
  readonly type: 'number';
  /** Unit shown in help and messages (`m²`, `l/(s·ha)` …). */
  readonly unit?: string;
  readonly min?: number;
  /** `min` itself is not allowed (> min). */
  readonly exclusiveMin?: boolean;
  readonly max?: number;
  readonly integer?: boolean;
}

export interface ObjectSpec {
  readonly type: 'object';
  readonly fields: Readonly<Record<string, Field>>;
  /** Checks across fields after the fields passed (e.g. "give a or b, not both"). */
  readonly check?: (value: Record<string, unknown>, path: string) => InputError[];
}

/** A value checked by code (e.g. the rain input, which has several forms). */
export interface CustomSpec {
  readonly type: 'custom';
  /** What the help and the messages call it. */
  readonly expected: string;
  readonly parse: (value: unknown, path: string, errors: InputError[]) => unknown;
}

export interface Field {
  readonly spec: Spec;
  /** One line for the help. */
  readonly doc: string;
  readonly required?: boolean;
  /** Filled in when the field is absent (and echoed in the output). */
  readonly default?: unknown;
}

/** A short description of a value as found in the input (`"0.3"`, `null`, `an array` …). */
export function describeReceived(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  return String(value);
}

/** `a number > 0 (m)` etc. */
export function describeSpec(spec: Spec): string {
  switch (spec.type) {
    case 'number': {
      const bounds: string[] = [];
      if (spec.min !== undefined) bounds.push(`${spec.exclusiveMin === true ? '>' : '≥'} ${spec.min}`);
      if (spec.max !== undefined) bounds.push(`≤ ${spec.max}`);
      const noun = spec.integer === true ? 'an integer' : 'a number';
      return `${noun}${bounds.length > 0 ? ` ${bounds.join(' and ')}` : ''}${spec.unit === undefined ? '' : ` (${spec.unit})`}`;
    }
    case 'boolean':
      return 'true or false';
    case 'string':
      return spec.enum === undefined ? 'a string' : `one of ${spec.enum.map((e) => JSON.stringify(e)).join(', ')}`;
    case 'integerOrString':
      return 'an integer or a string of digits';
    case 'object':
      return 'an object';
    case 'array':
      return `an array${spec.minItems !== undefined && spec.minItems > 0 ? ` of at least ${spec.minItems}` : ''}`;
    case 'custom':
      return spec.expected;
  }
}

/**
 * Validates `value` against `spec`. Returns the value with defaults filled in (objects get their
 * keys in the order of the spec); every problem is pushed to `errors`.
 */
export function validate(spec: Spec, value: unknown, path: string, errors: InputError[]): unknown {
  const fail = (expected: string): undefined => {
    errors.push({ path, expected, received: describeReceived(value) });
    return undefined;
  };
  switch (spec.type) {
    case 'number': {
      if (typeof value !== 'number' || !Number.isFinite(value)) return fail(describeSpec(spec));
      if (spec.integer === true && !Number.isInteger(value)) return fail(describeSpec(spec));
      if (spec.min !== undefined && (spec.exclusiveMin === true ? !(value > spec.min) : !(value >= spec.min))) return fail(describeSpec(spec));
      if (spec.max !== undefined && !(value <= spec.max)) return fail(describeSpec(spec));
      return value;
    }
    case 'boolean':
      return typeof value === 'boolean' ? value : fail(describeSpec(spec));
    case 'string':
      if (typeof value !== 'string') return fail(describeSpec(spec));
      if (spec.enum !== undefined && !spec.enum.includes(value)) return fail(describeSpec(spec));
      return value;
    case 'integerOrString':
      if (typeof value === 'number' && Number.isInteger(value) && value >= 0) return value;
      if (typeof value === 'string' && /^\s*\d+\s*$/.test(value)) return value.trim();
      return fail(describeSpec(spec));
    case 'object': {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return fail('an object');
      const input = value as Record<string, unknown>;
      const out: Record<string, unknown> = {};
      const before = errors.length;
      for (const key of Object.keys(input)) {
        if (!(key in spec.fields)) {
          errors.push({ path: childPath(path, key), expected: `no such field (known fields: ${Object.keys(spec.fields).join(', ')})` });
        }
      }
      for (const [key, field] of Object.entries(spec.fields)) {
        const v = input[key];
        if (v === undefined) {
          if (field.required === true) errors.push({ path: childPath(path, key), expected: `${describeSpec(field.spec)} (required)`, received: 'nothing' });
          else if (field.default !== undefined) out[key] = field.default;
          continue;
        }
        const parsed = validate(field.spec, v, childPath(path, key), errors);
        if (parsed !== undefined) out[key] = parsed;
      }
      if (errors.length === before && spec.check !== undefined) errors.push(...spec.check(out, path));
      return out;
    }
    case 'array': {
      if (!Array.isArray(value)) return fail(describeSpec(spec));
      if (spec.minItems !== undefined && value.length < spec.minItems) return fail(describeSpec(spec));
      if (spec.maxItems !== undefined && value.length > spec.maxItems) return fail(`an array of at most ${spec.maxItems}`);
      return value.map((item, i) => validate(spec.items, item, `${path}[${i}]`, errors));
    }
    case 'custom':
      return spec.parse(value, path, errors);
  }
}

/** `$.a.b`, or `$["odd key"]` for keys that are not identifiers. */
export function childPath(path: string, key: string): string {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`;
}

/** Help lines for the fields of an object spec (nested objects indented). */
export function fieldHelp(spec: ObjectSpec, indent = '  '): string[] {
  const lines: string[] = [];
  const width = Math.max(...Object.keys(spec.fields).map((k) => k.length));
  for (const [key, field] of Object.entries(spec.fields)) {
    const flags = field.required === true ? 'required' : field.default !== undefined ? `default ${JSON.stringify(field.default)}` : 'optional';
    lines.push(`${indent}${key.padEnd(width)}  ${describeSpec(field.spec)}; ${flags}`);
    lines.push(`${indent}${' '.repeat(width)}  ${field.doc}`);
    const nested = field.spec.type === 'object' ? field.spec : field.spec.type === 'array' && field.spec.items.type === 'object' ? field.spec.items : undefined;
    if (nested !== undefined) lines.push(...fieldHelp(nested, `${indent}    `));
  }
  return lines;
}
