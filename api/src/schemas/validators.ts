/**
 * The one validation rule of the api (issue 13.4, decision 0065):
 *
 * - bodies are validated exactly as declared, without type coercion (`exactValidator`): `12345`
 *   is not a name and `null` is not a coordinate; unknown properties are dropped;
 * - query strings and path parameters arrive as text and may be converted (TypeBox `Convert`),
 *   but only to finite numbers within the declared range (`1e999` is not a page);
 * - no string anywhere may hold a lone surrogate or NUL (`assertStorableText`), which PostgreSQL
 *   cannot store and which once cut statements short on PGlite (issue 13.1).
 */
import type { FastifySchemaValidationError } from 'fastify/types/schema.js';
import type { TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import { Value } from 'typebox/value';
import { isStorableText } from '../db/bound-parameters.ts';
import { withIntegerMaximum } from './bounds.ts';
import { ApiError, ErrorCode } from '../errors.ts';
import { exactValidator } from './exact-validator.ts';

type Validate = ((data: unknown) => boolean | { value: unknown }) & { errors?: FastifySchemaValidationError[] | null };

/** Query strings, path parameters and headers: text converted to the declared types, then checked. */
export function convertingValidator({ schema: declared }: { schema: unknown }): Validate {
  // integers without a declared maximum stop at PostgreSQL's integer (`?page=1e20` is no page)
  const schema = withIntegerMaximum(declared);
  const validator = Compile(schema as TSchema);
  const validate: Validate = (data) => {
    const converted = Value.Convert(schema as TSchema, Value.Default(schema as TSchema, structuredClone(data)));
    if (validator.Check(converted)) return { value: converted };
    validate.errors = validator.Errors(converted) as unknown as FastifySchemaValidationError[];
    return false;
  };
  return validate;
}

/** The app's validator compiler: exact for bodies, converting for everything else. */
export function validatorCompiler(route: { schema: unknown; httpPart?: string }): Validate {
  return route.httpPart === 'body' ? exactValidator(route) : convertingValidator(route);
}

const MAX_DEPTH = 64;

/** The first path in `value` (keys included) whose text PostgreSQL cannot store, or undefined. */
export function findUnstorableText(value: unknown, at = '', depth = 0): string | undefined {
  if (typeof value === 'string') return isStorableText(value) ? undefined : at || '/';
  if (value === null || typeof value !== 'object') return undefined;
  if (depth > MAX_DEPTH) throw new ApiError(400, ErrorCode.VALIDATION, `${at}: nested more than ${MAX_DEPTH} levels deep`);
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findUnstorableText(value[i], `${at}/${i}`, depth + 1);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  for (const [key, item] of Object.entries(value)) {
    if (!isStorableText(key)) return `${at}/${[...key].map((c) => (isStorableText(c) ? c : '?')).join('')}`;
    const found = findUnstorableText(item, `${at}/${key}`, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** Throws 400 code 2 when a body, query or parameter text holds a lone surrogate or NUL. */
export function assertStorableText(part: string, value: unknown): void {
  const found = findUnstorableText(value);
  if (found !== undefined) {
    throw new ApiError(400, ErrorCode.VALIDATION, `${part}${found === '/' ? '' : found}: must not contain NUL or unpaired surrogate characters`);
  }
}
