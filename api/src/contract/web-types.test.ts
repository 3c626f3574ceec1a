import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Type } from 'typebox';
import { emitTypes } from './emit.ts';
import { WEB_TYPES_FILE, webTypesSource } from './web-types.ts';

describe('the web app’s API types', () => {
  it('web/src/api/types.generated.ts is what the route schemas write (npm run -w @rainplan/api web-types)', () => {
    expect(readFileSync(WEB_TYPES_FILE, 'utf8')).toBe(webTypesSource());
  });
});

describe('emitTypes', () => {
  const Cell = Type.Object({ row: Type.Integer(), column: Type.Integer() });

  it('writes objects read-only, optional properties with ?, named schemas by their name, copies of them too', () => {
    const Answer = Type.Object({ cell: Cell, other: Type.Optional(Cell), list: Type.Array(Type.Union([Type.String(), Type.Null()])), kind: Type.Enum(['a', 'b']) });
    expect(emitTypes([{ name: 'Cell', schema: Cell }, { name: 'Answer', schema: Answer }])).toBe(
      'export type Cell = {\n  readonly row: number;\n  readonly column: number;\n};\n\n' +
        'export type Answer = {\n  readonly cell: Cell;\n  readonly other?: Cell;\n  readonly list: readonly (string | null)[];\n  readonly kind: "a" | "b";\n};\n',
    );
  });

  it('makes a defaulted property of an input optional and lets optional ones take undefined', () => {
    const Query = Type.Object({ page: Type.Integer({ default: 1, description: 'from 1' }), search: Type.Optional(Type.String()) });
    expect(emitTypes([{ name: 'Query', schema: Query, input: true }])).toBe(
      'export type Query = {\n  /** from 1 */\n  readonly page?: number | undefined;\n  readonly search?: string | undefined;\n};\n',
    );
  });

  it('writes an imported entry by its name and declares nothing for it', () => {
    const File = Type.Object({}, { additionalProperties: true });
    const Shared = Type.Object({ file: File, copies: Type.Array(Type.Object({}, { additionalProperties: true })) });
    expect(emitTypes([{ name: 'EngineProject', schema: File, imported: true }, { name: 'Shared', schema: Shared }])).toBe(
      'export type Shared = {\n  readonly file: EngineProject;\n  readonly copies: readonly EngineProject[];\n};\n',
    );
  });

  it('writes an entry that repeats an earlier one\'s properties as that entry & the rest, and refuses one that changes them', () => {
    const Node = Type.Object({ id: Type.String(), note: Type.Optional(Type.String()) });
    const Answer = Type.Object({ ...Node.properties, band: Type.Optional(Cell), count: Type.Integer() });
    expect(emitTypes([{ name: 'Cell', schema: Cell }, { name: 'Node', schema: Node }, { name: 'Answer', schema: Answer, extends: 'Node' }])).toContain(
      'export type Answer = Node & {\n  readonly band?: Cell;\n  readonly count: number;\n};\n',
    );
    const Changed = Type.Object({ ...Node.properties, id: Type.Integer() });
    expect(() => emitTypes([{ name: 'Node', schema: Node }, { name: 'Changed', schema: Changed, extends: 'Node' }])).toThrow(/property id is not the base's/);
    const Required = Type.Object({ ...Node.properties, note: Type.String() });
    expect(() => emitTypes([{ name: 'Node', schema: Node }, { name: 'Required', schema: Required, extends: 'Node' }])).toThrow(/property note is not the base's/);
    expect(() => emitTypes([{ name: 'Answer', schema: Answer, extends: 'Node' }, { name: 'Node', schema: Node }])).toThrow(/earlier object entries/);
  });

  it('writes type lists, literals, records, type parameters, and unknown for what it does not know', () => {
    const T = Type.Unknown();
    const Page = Type.Object({ entries: Type.Array(T), flag: Type.Literal(true), nullable: { type: ['string', 'null'] }, map: Type.Record(Type.String(), Type.Number()), any: {} });
    expect(emitTypes([{ name: 'Page', schema: Page, parameters: [{ name: 'T', schema: T }] }])).toBe(
      'export type Page<T> = {\n  readonly entries: readonly T[];\n  readonly flag: true;\n  readonly nullable: string | null;\n  readonly map: {\n    readonly [key: string]: number;\n  };\n  readonly any: unknown;\n};\n',
    );
  });
});
