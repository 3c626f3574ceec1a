/**
 * Every string and array the api accepts is bounded (issue 13.4, decision 0065). The engine's
 * node schemas leave some open (names, ids, chart series); `bounded` gives those the api's
 * limits, the same as the POST calls use: names 200 characters (`NewNodeBody`), ids 64 (the
 * column's length), other texts 200, arrays 10,000 entries — the engine's `SIZE_LIMITS`
 * (decision 0190), shared with the web's forms.
 */
import { SIZE_LIMITS } from '@rainplan/engine/tables';

export const LIMITS = { name: SIZE_LIMITS.nameMaxLength, id: SIZE_LIMITS.idMaxLength, text: SIZE_LIMITS.textMaxLength, items: SIZE_LIMITS.listMaxItems } as const;

type Schema = Record<PropertyKey, unknown>;

function isSchema(value: unknown): value is Schema {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** A copy of `schema` in which every string without a bound gets one, and every array too. */
export function bounded<T>(schema: T, key = ''): T {
  if (Array.isArray(schema)) return schema.map((item) => bounded(item, key)) as T;
  if (!isSchema(schema)) return schema;
  const copy: Schema = {};
  for (const name of Reflect.ownKeys(schema)) {
    const value = schema[name];
    if (name === 'properties' && isSchema(value)) {
      copy[name] = Object.fromEntries(Object.entries(value).map(([property, sub]) => [property, bounded(sub, property)]));
    } else if (name === 'items' || name === 'anyOf' || name === 'oneOf' || name === 'allOf' || name === 'additionalProperties') {
      copy[name] = bounded(value, name === 'items' && key === 'sealedSurfaces' ? 'id' : key);
    } else copy[name] = value;
  }
  const open = copy['enum'] === undefined && copy['const'] === undefined;
  if (copy['type'] === 'string' && copy['maxLength'] === undefined && open) {
    copy['maxLength'] = key === 'name' ? LIMITS.name : /id$/i.test(key) ? LIMITS.id : LIMITS.text;
  }
  if (copy['type'] === 'array' && copy['maxItems'] === undefined) copy['maxItems'] = LIMITS.items;
  return copy as T;
}

/** The largest value a query or path integer may take when its schema sets none (PostgreSQL's integer). */
export const MAX_INTEGER = 2_147_483_647;

/** A copy of a query or path schema in which every integer without a maximum gets `MAX_INTEGER`. */
export function withIntegerMaximum<T>(schema: T): T {
  if (Array.isArray(schema)) return schema.map((item) => withIntegerMaximum(item)) as T;
  if (!isSchema(schema)) return schema;
  const copy: Schema = {};
  for (const name of Reflect.ownKeys(schema)) copy[name] = name === 'default' || name === 'examples' ? schema[name] : withIntegerMaximum(schema[name]);
  if (copy['type'] === 'integer' && copy['maximum'] === undefined && copy['exclusiveMaximum'] === undefined) copy['maximum'] = MAX_INTEGER;
  return copy as T;
}
