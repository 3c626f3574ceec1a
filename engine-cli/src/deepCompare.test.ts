import { describe, expect, it } from 'vitest';
import { childPath, deepCompare, describeValue, numbersEqual } from './deepCompare.ts';

describe('numbersEqual', () => {
  it('accepts a relative 1e-9 or an absolute 1e-12 difference', () => {
    expect(numbersEqual(1, 1)).toBe(true);
    expect(numbersEqual(1000, 1000 * (1 + 5e-10))).toBe(true);
    expect(numbersEqual(1000, 1000 * (1 + 5e-9))).toBe(false);
    expect(numbersEqual(0, 5e-13)).toBe(true);
    expect(numbersEqual(0, 5e-12)).toBe(false);
    expect(numbersEqual(-0, 0)).toBe(true);
    expect(numbersEqual(Number.NaN, Number.NaN)).toBe(true);
    expect(numbersEqual(Number.POSITIVE_INFINITY, 1e308)).toBe(false);
  });
});

describe('deepCompare', () => {
  it('finds nothing in equal values', () => {
    const v = { a: [1, { b: 'x', c: null }], d: true };
    expect(deepCompare(v, structuredClone(v))).toEqual([]);
  });

  it('names the JSON path of each difference in document order', () => {
    const expected = { a: 1, list: [1, 2, 3], nested: { x: 'y', 'odd key': 1 }, gone: 0 };
    const actual = { a: 2, list: [1, 2], nested: { x: 'z', 'odd key': 1 }, added: null };
    expect(deepCompare(expected, actual)).toEqual([
      { path: '$.a', expected: 1, actual: 2 },
      { path: '$.list[2]', expected: 3, actual: undefined },
      { path: '$.nested.x', expected: 'y', actual: 'z' },
      { path: '$.gone', expected: 0, actual: undefined },
      { path: '$.added', expected: undefined, actual: null },
    ]);
  });

  it('treats type changes as differences', () => {
    expect(deepCompare({ a: [1] }, { a: { 0: 1 } })).toEqual([{ path: '$.a', expected: [1], actual: { 0: 1 } }]);
    expect(deepCompare({ a: null }, { a: 0 })).toHaveLength(1);
    expect(deepCompare({ a: '1' }, { a: 1 })).toHaveLength(1);
  });

  it('quotes keys that are not identifiers', () => {
    expect(childPath('$', 'a b')).toBe('$["a b"]');
    expect(childPath('$', 3)).toBe('$[3]');
    expect(childPath('$.x', 'y_1')).toBe('$.x.y_1');
  });

  it('describes values compactly', () => {
    expect(describeValue(undefined)).toBe('(missing)');
    expect(describeValue({ a: 1 })).toBe('{"a":1}');
    expect(describeValue('x'.repeat(200))).toHaveLength(80);
  });
});
