/**
 * Writes TypeScript type declarations from JSON schemas (the TypeBox schemas the routes declare),
 * so that a client's types are derived from the schemas the API validates and serializes with.
 *
 * Covers the JSON-schema keywords the route schemas use: `type` (also as a list), `const`,
 * `enum`, `anyOf` / `oneOf`, `allOf`, `properties` with `required`, `patternProperties` /
 * `additionalProperties` as index signatures, and `items`. Anything else (`{}`, `not`, a format
 * without a type) is `unknown`. Properties and arrays are written `readonly`.
 */

/** A schema as the emitter reads it: a JSON-schema object (TypeBox schemas are such objects). */
export type JsonSchema = Readonly<Record<string, unknown>>;

/** One declaration of the output. */
export interface TypeEntry {
  readonly name: string;
  readonly schema: unknown;
  /** A request body or query: properties with a `default` are optional and optional ones take `undefined`. */
  readonly input?: boolean;
  /** Type parameters: the schema object that stands for each (a placeholder passed to a schema function). */
  readonly parameters?: readonly { readonly name: string; readonly schema: unknown }[];
  /** The declaration's comment; default: the schema's description. */
  readonly doc?: string;
  /**
   * A type the output imports instead of declaring (e.g. the engine's `Project` for a schema that
   * only says "an object"): the schema is written by `name` wherever it occurs, and no declaration
   * is emitted for it. The caller writes the import.
   */
  readonly imported?: boolean;
  /**
   * The name of an earlier entry whose properties this object schema repeats (a schema built as
   * `{ ...Base.properties, more }`): written `Base & { more }`. Each of the base's properties must
   * be the same schema (the same JSON), required alike, or emitTypes throws.
   */
  readonly extends?: string;
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

const isSchema = (value: unknown): value is JsonSchema => typeof value === 'object' && value !== null && !Array.isArray(value);

const docComment = (text: string, indent: string): string => {
  const lines = text.replace(/\*\//g, '*\\/').split('\n');
  return lines.length === 1 ? `${indent}/** ${lines[0] ?? ''} */\n` : `${indent}/**\n${lines.map((line) => `${indent} * ${line}`).join('\n')}\n${indent} */\n`;
};

/**
 * The JSON text of an object, enum or union schema, by which a copy of a named schema (TypeBox's
 * `Type.Optional` copies the schema it marks) is written by the name too; undefined for others.
 */
function shapeKey(schema: unknown): string | undefined {
  if (!isSchema(schema) || !('properties' in schema || 'enum' in schema || 'anyOf' in schema)) return undefined;
  const { description: _description, ...shape } = schema;
  return JSON.stringify(shape);
}

/** Emits the declarations in order; a schema object that is one of the entries is written by its name. */
export function emitTypes(entries: readonly TypeEntry[]): string {
  const names = new Map<unknown, string>();
  const shapes = new Map<string, string>();
  for (const entry of entries) {
    if (!names.has(entry.schema)) names.set(entry.schema, entry.name);
    const shape = shapeKey(entry.schema);
    if (shape !== undefined && !shapes.has(shape)) shapes.set(shape, entry.name);
  }

  const union = (members: readonly string[]): string => {
    const unique = [...new Set(members)];
    return unique.length === 0 ? 'never' : unique.join(' | ');
  };

  const typeOf = (schema: unknown, indent: string, input: boolean, local: ReadonlyMap<unknown, string>, self: unknown): string => {
    const named = local.get(schema) ?? (schema === self ? undefined : (names.get(schema) ?? shapes.get(shapeKey(schema) ?? '')));
    if (named !== undefined) return named;
    if (schema === true) return 'unknown';
    if (!isSchema(schema)) return 'unknown';
    const next = (sub: unknown) => typeOf(sub, indent, input, local, self);
    if ('const' in schema) return JSON.stringify(schema['const']);
    if (Array.isArray(schema['enum'])) return union(schema['enum'].map((value) => JSON.stringify(value)));
    const choices = (schema['anyOf'] ?? schema['oneOf']) as unknown;
    if (Array.isArray(choices)) return union(choices.map(next));
    if (Array.isArray(schema['allOf'])) return schema['allOf'].map((part) => wrap(next(part))).join(' & ');
    const type = schema['type'];
    if (Array.isArray(type)) return union(type.map((one) => next({ ...schema, type: one })));
    switch (type) {
      case 'string':
        return 'string';
      case 'number':
      case 'integer':
        return 'number';
      case 'boolean':
        return 'boolean';
      case 'null':
        return 'null';
      case 'array': {
        const items = schema['items'];
        return `readonly ${wrap(items === undefined ? 'unknown' : next(items))}[]`;
      }
      case 'object':
        return objectType(schema, indent, input, local, self);
      default:
        return 'unknown';
    }
  };

  const wrap = (type: string): string => (/[|&]/.test(type) && !/^\{[\s\S]*\}$/.test(type) ? `(${type})` : type);

  const objectType = (schema: JsonSchema, indent: string, input: boolean, local: ReadonlyMap<unknown, string>, self: unknown): string => {
    const inner = `${indent}  `;
    const properties = isSchema(schema['properties']) ? schema['properties'] : {};
    const required = new Set(Array.isArray(schema['required']) ? (schema['required'] as unknown[]) : []);
    const lines: string[] = [];
    for (const [key, property] of Object.entries(properties)) {
      const description = isSchema(property) && typeof property['description'] === 'string' ? property['description'] : undefined;
      const optional = !required.has(key) || (input && isSchema(property) && 'default' in property);
      const type = typeOf(property, inner, input, local, self);
      const name = IDENTIFIER.test(key) ? key : JSON.stringify(key);
      const line = `${inner}readonly ${name}${optional ? '?' : ''}: ${type}${optional && input ? ' | undefined' : ''};`;
      lines.push(`${description === undefined ? '' : docComment(description, inner)}${line}`);
    }
    const indexTypes: string[] = [];
    if (isSchema(schema['patternProperties'])) indexTypes.push(...Object.values(schema['patternProperties']).map((sub) => typeOf(sub, inner, input, local, self)));
    const additional = schema['additionalProperties'];
    if (isSchema(additional)) indexTypes.push(typeOf(additional, inner, input, local, self));
    if (indexTypes.length > 0) lines.push(`${inner}readonly [key: string]: ${union(indexTypes)};`);
    if (lines.length === 0) return additional === false ? 'Record<string, never>' : '{ readonly [key: string]: unknown }';
    return `{\n${lines.join('\n')}\n${indent}}`;
  };

  /** `Base & { the other properties }` of an entry with `extends`. */
  const extension = (entry: TypeEntry, local: ReadonlyMap<unknown, string>): string => {
    const base = entries.slice(0, entries.indexOf(entry)).find((earlier) => earlier.name === entry.extends);
    const objectSchema = (schema: unknown) => (isSchema(schema) && isSchema(schema['properties']) ? schema : undefined);
    const own = objectSchema(entry.schema);
    const inherited = objectSchema(base?.schema);
    if (own === undefined || inherited === undefined) throw new Error(`${entry.name} extends ${String(entry.extends)}: both must be earlier object entries`);
    const ownProperties = own['properties'] as JsonSchema;
    const requiredOf = (schema: JsonSchema) => new Set(Array.isArray(schema['required']) ? (schema['required'] as unknown[]) : []);
    const ownRequired = requiredOf(own);
    const baseRequired = requiredOf(inherited);
    const baseKeys = Object.keys(inherited['properties'] as JsonSchema);
    for (const key of baseKeys) {
      const same = key in ownProperties && JSON.stringify(ownProperties[key]) === JSON.stringify((inherited['properties'] as JsonSchema)[key]);
      if (!same || ownRequired.has(key) !== baseRequired.has(key)) {
        throw new Error(`${entry.name} extends ${base!.name}, but its property ${key} is not the base's`);
      }
    }
    const rest = Object.fromEntries(Object.entries(ownProperties).filter(([key]) => !baseKeys.includes(key)));
    const restSchema = { ...own, properties: rest, required: [...ownRequired].filter((key) => typeof key === 'string' && !baseKeys.includes(key)) };
    return `${base!.name} & ${objectType(restSchema, '', entry.input === true, local, entry.schema)}`;
  };

  const declarations = entries.filter((entry) => entry.imported !== true).map((entry) => {
    const local = new Map<unknown, string>((entry.parameters ?? []).map((parameter) => [parameter.schema, parameter.name]));
    const parameters = entry.parameters === undefined || entry.parameters.length === 0 ? '' : `<${entry.parameters.map((parameter) => parameter.name).join(', ')}>`;
    const description = entry.doc ?? (isSchema(entry.schema) && typeof entry.schema['description'] === 'string' ? entry.schema['description'] : undefined);
    const type = entry.extends === undefined ? typeOf(entry.schema, '', entry.input === true, local, entry.schema) : extension(entry, local);
    return `${description === undefined ? '' : docComment(description, '')}export type ${entry.name}${parameters} = ${type};\n`;
  });
  return declarations.join('\n');
}
