/**
 * A validator for bodies whose `null`s matter. The app's Ajv coerces types (`coerceTypes`), which
 * turns `null` into 0 in the engine's "number or null" fields (`anyOf` tries the number first), so
 * "not set" would become 0. Routes that take waterflow nodes or prices use this validator instead:
 * TypeBox's own checker, without coercion; unknown properties are removed first (the api ignores
 * unknown fields). Its errors have Ajv's shape, so failures answer like every other (code 2).
 */
import type { FastifySchemaValidationError } from 'fastify/types/schema.js';
import type { TSchema } from 'typebox';
import { Value } from 'typebox/value';

type Validate = ((data: unknown) => boolean | { value: unknown }) & { errors?: FastifySchemaValidationError[] | null };

export function exactValidator({ schema }: { schema: unknown }): Validate {
  const type = schema as TSchema;
  const validate: Validate = (data) => {
    const cleaned = Value.Clean(type, Value.Clone(data));
    if (Value.Check(type, cleaned)) return { value: cleaned };
    validate.errors = Value.Errors(type, cleaned) as unknown as FastifySchemaValidationError[];
    return false;
  };
  return validate;
}
