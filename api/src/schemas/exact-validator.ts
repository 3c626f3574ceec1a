/**
 * A validator for bodies whose `null`s matter. The app's Ajv coerces types (`coerceTypes`), which
 * turns `null` into 0 in the engine's "number or null" fields (`anyOf` tries the number first), so
 * "not set" would become 0. Routes that take waterflow nodes or prices use this validator instead:
 * TypeBox's compiled checker, without coercion; unknown properties are removed first (the api
 * ignores unknown fields). Its errors have Ajv's shape, so failures answer like every other (code 2).
 */
import type { FastifySchemaValidationError } from 'fastify/types/schema.js';
import type { TSchema } from 'typebox';
import { Compile } from 'typebox/compile';

type Validate = ((data: unknown) => boolean | { value: unknown }) & { errors?: FastifySchemaValidationError[] | null };

interface SchemaNode {
  readonly type?: string;
  readonly properties?: Readonly<Record<string, SchemaNode>>;
  readonly additionalProperties?: unknown;
  readonly items?: SchemaNode;
  readonly anyOf?: readonly SchemaNode[];
}

/**
 * A copy of `value` without the properties its schema does not allow (TypeBox's `Clean` does the
 * same, about 400 times slower on a measure). Unions: the object or array branch.
 */
export function withoutUnknownProperties(schema: SchemaNode, value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (schema.anyOf !== undefined) {
    const wanted = Array.isArray(value) ? 'array' : 'object';
    const branch = schema.anyOf.find((b) => b.type === wanted);
    return branch === undefined ? value : withoutUnknownProperties(branch, value);
  }
  if (Array.isArray(value)) return schema.items === undefined ? value : value.map((item) => withoutUnknownProperties(schema.items as SchemaNode, item));
  if (schema.properties === undefined) return value;
  const result: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    const property = schema.properties[key];
    if (property !== undefined) result[key] = withoutUnknownProperties(property, item);
    else if (schema.additionalProperties !== false) result[key] = item;
  }
  return result;
}

export function exactValidator({ schema }: { schema: unknown }): Validate {
  const validator = Compile(schema as TSchema);
  const validate: Validate = (data) => {
    const cleaned = withoutUnknownProperties(schema as SchemaNode, data);
    if (validator.Check(cleaned)) return { value: cleaned };
    validate.errors = validator.Errors(cleaned) as unknown as FastifySchemaValidationError[];
    return false;
  };
  return validate;
}
