/**
 * A validator built once from a TypeBox (JSON Schema) schema as nested closures: the same
 * yes/no answer as `Value.Check(schema, value)`, without re-reading the schema for every value
 * and without generating code (`new Function` is unavailable under the web app's
 * Content-Security-Policy and excluded by the engine's rules, engine/CONTEXT.md). Used by
 * `parseProject`, whose project files reach 100 kB and more (decision 0178).
 *
 * Only the keywords the project file schema uses are built; a schema with any other keyword
 * gives `undefined`, and the caller falls back to `Value.Check`. The semantics follow TypeBox's
 * own checker keyword by keyword (typebox/build/schema/engine): a keyword applies only to values
 * of its JSON type, `number` means a finite number, string lengths count Unicode code points,
 * `pattern` is a Unicode regular expression, an optional property present with the value
 * `undefined` passes, and a property is present when `key in value` (own only for the keys
 * `__proto__`, `constructor`, `prototype`). `schemaCheck.test.ts` compares both answers on
 * valid and mutated project files.
 */

export type ValueCheck = (value: unknown) => boolean;

/** Keywords that describe a schema and do not take part in the check. */
const ANNOTATIONS = new Set(['$id', '$schema', '$comment', 'title', 'description', 'default', 'examples']);

class Unsupported extends Error {}

/** The closure validator of `schema`, or `undefined` when the schema uses a keyword built here. */
export function buildSchemaCheck(schema: unknown): ValueCheck | undefined {
  try {
    return build(schema);
  } catch (e) {
    if (e instanceof Unsupported) return undefined;
    throw e;
  }
}

const isObjectNotArray = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

const isUnsafeKey = (key: string) => key === '__proto__' || key === 'constructor' || key === 'prototype';

function hasKey(value: Record<string, unknown>, key: string): boolean {
  return isUnsafeKey(key) ? Object.prototype.hasOwnProperty.call(value, key) : key in value;
}

/** Unicode code points of a string: a low surrogate right after a high one is not counted (TypeBox's CodePointCount). */
function codePoints(value: string): number {
  let count = 0;
  let previous = 0;
  for (let i = 0; i < value.length; i++) {
    const next = value.charCodeAt(i) >> 10;
    if (!(previous === 0x36 && next === 0x37)) count++;
    previous = next;
  }
  return count;
}

/** Values compared with `===` by TypeBox's `const` and `enum` (others are compared deeply and not built here). */
const isValueLike = (v: unknown) =>
  v === null || v === undefined || typeof v === 'boolean' || typeof v === 'string' || typeof v === 'bigint' || Number.isFinite(v);

/** TypeBox's own markers on a schema; any other `~` key (e.g. `~refine`) is a check not built here. */
const TYPEBOX_MARKERS = new Set(['~kind', '~optional', '~readonly']);

function typeName(type: unknown): ValueCheck {
  switch (type) {
    case 'object':
      return isObjectNotArray;
    case 'array':
      return Array.isArray;
    case 'boolean':
      return (v) => typeof v === 'boolean';
    case 'integer':
      return Number.isInteger;
    case 'number':
      return Number.isFinite;
    case 'null':
      return (v) => v === null;
    case 'string':
      return (v) => typeof v === 'string';
    default:
      throw new Unsupported(`type ${String(type)}`);
  }
}

function all(checks: readonly ValueCheck[]): ValueCheck {
  if (checks.length === 0) return () => true;
  if (checks.length === 1) return checks[0]!;
  return (v) => {
    for (const check of checks) if (!check(v)) return false;
    return true;
  };
}

function nonNegativeInteger(value: unknown): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) throw new Unsupported('bound');
  return value;
}

function finiteNumber(value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new Unsupported('limit');
  return value;
}

function build(schema: unknown): ValueCheck {
  if (schema === true) return () => true;
  if (schema === false) return () => false;
  if (!isObjectNotArray(schema)) throw new Unsupported('schema');
  const always: ValueCheck[] = [];
  const onObject: ValueCheck[] = [];
  const onArray: ValueCheck[] = [];
  const onString: ValueCheck[] = [];
  const onNumber: ValueCheck[] = [];
  const required = Array.isArray(schema['required']) ? (schema['required'] as unknown[]) : [];
  for (const keyword of Object.getOwnPropertyNames(schema)) {
    const arg = schema[keyword];
    if (ANNOTATIONS.has(keyword) || TYPEBOX_MARKERS.has(keyword)) continue;
    switch (keyword) {
      case 'type': {
        const check = Array.isArray(arg)
          ? ((names: ValueCheck[]) => (v: unknown) => names.some((n) => n(v)))(arg.map(typeName))
          : typeName(arg);
        always.push(check);
        break;
      }
      case 'required': {
        if (!Array.isArray(arg) || !arg.every((k) => typeof k === 'string')) throw new Unsupported('required');
        const keys = arg as string[];
        onObject.push((v) => keys.every((k) => hasKey(v as Record<string, unknown>, k)));
        break;
      }
      case 'properties': {
        if (!isObjectNotArray(arg)) throw new Unsupported('properties');
        const entries = Object.getOwnPropertyNames(arg).map((key) => ({ key, check: build(arg[key]), optional: !required.includes(key) }));
        onObject.push((v) => {
          const object = v as Record<string, unknown>;
          for (const { key, check, optional } of entries) {
            if (!hasKey(object, key)) continue;
            const field = object[key];
            if (optional && field === undefined) continue;
            if (!check(field)) return false;
          }
          return true;
        });
        break;
      }
      case 'additionalProperties': {
        if (arg === true) break;
        if ('patternProperties' in schema) throw new Unsupported('patternProperties');
        const known = new Set(isObjectNotArray(schema['properties']) ? Object.getOwnPropertyNames(schema['properties']) : []);
        const extra = build(arg);
        onObject.push((v) => {
          const object = v as Record<string, unknown>;
          for (const key of Object.getOwnPropertyNames(object)) if (!known.has(key) && !extra(object[key])) return false;
          return true;
        });
        break;
      }
      case 'items': {
        if (Array.isArray(arg)) throw new Unsupported('items as a list');
        const item = build(arg);
        onArray.push((v) => (v as unknown[]).every((x) => item(x)));
        break;
      }
      case 'maxItems': {
        const n = nonNegativeInteger(arg);
        onArray.push((v) => (v as unknown[]).length <= n);
        break;
      }
      case 'minItems': {
        const n = nonNegativeInteger(arg);
        onArray.push((v) => (v as unknown[]).length >= n);
        break;
      }
      case 'maxLength': {
        const n = nonNegativeInteger(arg);
        onString.push((v) => (v as string).length <= n || ((v as string).length <= 2 * n && codePoints(v as string) <= n));
        break;
      }
      case 'minLength': {
        const n = nonNegativeInteger(arg);
        onString.push((v) => (v as string).length >= 2 * n || ((v as string).length >= n && codePoints(v as string) >= n));
        break;
      }
      case 'pattern': {
        if (typeof arg !== 'string') throw new Unsupported('pattern');
        const regexp = new RegExp(arg, 'u');
        onString.push((v) => regexp.test(v as string));
        break;
      }
      case 'minimum': {
        const limit = finiteNumber(arg);
        onNumber.push((v) => (v as number) >= limit);
        break;
      }
      case 'maximum': {
        const limit = finiteNumber(arg);
        onNumber.push((v) => (v as number) <= limit);
        break;
      }
      case 'exclusiveMinimum': {
        const limit = finiteNumber(arg);
        onNumber.push((v) => (v as number) > limit);
        break;
      }
      case 'exclusiveMaximum': {
        const limit = finiteNumber(arg);
        onNumber.push((v) => (v as number) < limit);
        break;
      }
      case 'const': {
        if (!isValueLike(arg)) throw new Unsupported('const');
        always.push((v) => v === arg);
        break;
      }
      case 'enum': {
        if (!Array.isArray(arg) || !arg.every(isValueLike)) throw new Unsupported('enum');
        const options = new Set<unknown>(arg);
        always.push((v) => options.has(v));
        break;
      }
      case 'anyOf': {
        if (!Array.isArray(arg) || arg.length === 0) throw new Unsupported('anyOf');
        const alternatives = arg.map(build);
        always.push((v) => alternatives.some((a) => a(v)));
        break;
      }
      default:
        throw new Unsupported(keyword);
    }
  }
  const objectCheck = all(onObject);
  const arrayCheck = all(onArray);
  const stringCheck = all(onString);
  const numberCheck = all(onNumber);
  const rest = all(always);
  return (v) => {
    if (!rest(v)) return false;
    if (typeof v === 'string') return stringCheck(v);
    if (typeof v === 'number') return !Number.isFinite(v) || numberCheck(v);
    if (typeof v === 'bigint') return numberCheck(v);
    if (Array.isArray(v)) return arrayCheck(v);
    if (typeof v === 'object' && v !== null) return objectCheck(v);
    return true;
  };
}
