/**
 * The validator of every body (schemas/validators.ts): TypeBox's compiled checker, without type
 * coercion (Ajv's `coerceTypes` turned `null` into 0 and `12345` into "12345"); unknown properties
 * are removed first (the api drops unknown fields). Its errors have Ajv's shape, so failures
 * answer like every other (code 2).
 */
import type { FastifySchemaValidationError } from 'fastify/types/schema.js';
import type { TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import { Value } from 'typebox/value';

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
    // Unknown properties are dropped (one rule for every body, docs/api.md); only an object that
    // declares its additional properties (`additionalProperties: <schema>` or `true`) keeps them.
    else if (schema.additionalProperties !== undefined && schema.additionalProperties !== false) result[key] = item;
  }
  return result;
}

export function exactValidator({ schema }: { schema: unknown }): Validate {
  const validator = Compile(schema as TSchema);
  const validate: Validate = (data) => {
    // Declared defaults are filled in (as Ajv's `useDefaults` did); nothing is converted.
    const cleaned = Value.Default(schema as TSchema, withoutUnknownProperties(schema as SchemaNode, data));
    if (validator.Check(cleaned)) return { value: cleaned };
    validate.errors = validator.Errors(cleaned) as unknown as FastifySchemaValidationError[];
    return false;
  };
  return validate;
}
