/**
 * Schema building blocks. The TypeBox schemas of this folder are the single source of the
 * engine's wire format: TypeScript types (Static), validation (parseProject) and the published
 * JSON Schema (docs/project-file.schema.json) all come from them.
 */
import Type, { type TSchema } from 'typebox';

/** A string enum from a table's ids (JSON Schema `enum`). */
export function StringEnum<const T extends readonly string[]>(values: T, description?: string) {
  return Type.Enum<[...T]>(values as unknown as [...T], description === undefined ? {} : { description });
}

/** A number enum from a table's values (JSON Schema `enum`). */
export function NumberEnum<const T extends readonly number[]>(values: T, description?: string) {
  return Type.Enum<[...T]>(values as unknown as [...T], description === undefined ? {} : { description });
}

/** An optional field that may also be null on the wire ("not set"). */
export function Opt<T extends TSchema>(schema: T) {
  return Type.Optional(Type.Union([schema, Type.Null()]));
}

/** A finite number with an optional unit in its description. */
export function Num(description: string, options: { minimum?: number; maximum?: number; exclusiveMinimum?: number } = {}) {
  return Type.Number({ description, ...options });
}

/** A node id: a non-empty string. */
export const NodeId = Type.String({ minLength: 1, description: 'node id' });
