/**
 * A validator for large bodies whose schemas declare every object closed
 * (`additionalProperties: false`) and no defaults: TypeBox's compiled check alone, without type
 * coercion and without the copy `exactValidator` makes to drop unknown properties and fill
 * defaults — an unknown property is refused (400, code 2) instead of dropped. Used for the box
 * items (20,000 items: the copy and `Value.Default` cost about 1 s, the check about 0.1 s;
 * decision 0095). Errors have Ajv's shape, so failures answer like every other.
 */
import type { FastifySchemaValidationError } from 'fastify/types/schema.js';
import type { TSchema } from 'typebox';
import { Compile } from 'typebox/compile';

type Validate = ((data: unknown) => boolean | { value: unknown }) & { errors?: FastifySchemaValidationError[] | null };

export function strictValidator({ schema }: { schema: unknown }): Validate {
  const validator = Compile(schema as TSchema);
  const validate: Validate = (data) => {
    if (validator.Check(data)) return { value: data };
    validate.errors = validator.Errors(data) as unknown as FastifySchemaValidationError[];
    return false;
  };
  return validate;
}
