import { describe, expect, it } from 'vitest';
import { EngineError } from '../errors.ts';
import { formatIndexRc, parseIndexRc } from './indexRc.ts';
import { KOSTRA_2020_GRID, kostra2020CellAt, kostra2020CellCenter, kostra2020CellFromMap } from './kostra2020Grid.ts';

describe('INDEX_RC', () => {
  it('reads padded and unpadded ids', () => {
    for (const v of ['049125', '49125', ' 49125 ', 49125]) expect(parseIndexRc(v)).toEqual({ row: 49, column: 125, indexRc: 49125, id: '49125' });
    expect(parseIndexRc('000000')).toEqual({ row: 0, column: 0, indexRc: 0, id: '0' });
    expect(parseIndexRc('206112')?.row).toBe(206);
  });
  it('rejects what is not a cell id', () => {
    for (const v of ['', 'abc', '1234567', '-5', '49125.5', '4 9125', Number.NaN, -1, 1.5, 1e7]) expect(parseIndexRc(v)).toBeUndefined();
  });
  it('writes padded and unpadded ids', () => {
    expect(formatIndexRc(49, 125)).toBe('49125');
    expect(formatIndexRc(49, 125, { padded: true })).toBe('049125');
    expect(formatIndexRc(206, 112, { padded: true })).toBe('206112');
  });
});

describe('KOSTRA-DWD-2020 grid (EPSG:3035, docs/calculation-reference.md section 1)', () => {
  it('finds the published check cells', () => {
    // Freiburg im Breisgau and Essen, coordinates and cells from docs/calculation-reference.md (dimfalk/kostra2020 README).
    expect(kostra2020CellAt(47.99609, 7.8494)?.id).toBe('206112');
    expect(kostra2020CellAt(51.44617, 7.020153)?.id).toBe('129102');
    // The reference cell's centre (kostra-dwd-2020-reference/NOTICE.md: about 55.069 N, 8.537 E).
    expect(kostra2020CellAt(55.069, 8.537)).toEqual({ row: 49, column: 125, indexRc: 49125, id: '49125' });
  });
  it('maps map coordinates with floor, row 0 in the north', () => {
    expect(kostra2020CellFromMap(3_600_000, 3_800_000 - 1e-6)?.id).toBe('0');
    expect(kostra2020CellFromMap(3_600_000 + 5000 * 125 + 1, 3_800_000 - 5000 * 49 - 1)?.id).toBe('49125');
    expect(kostra2020CellFromMap(3_600_000 + 1_500_000 - 1, 3_800_000 - 1_500_000 + 1)?.id).toBe('299299');
  });
  it('gives undefined outside the 300 × 300 grid', () => {
    expect(kostra2020CellFromMap(3_599_999, 3_700_000)).toBeUndefined();
    expect(kostra2020CellFromMap(3_700_000, 3_800_000.5)).toBeUndefined();
    expect(kostra2020CellFromMap(3_700_000, 3_800_000)?.row).toBe(0); // the north edge belongs to row 0 (floor)
    expect(kostra2020CellFromMap(3_600_000 + 1_500_000, 3_700_000)).toBeUndefined();
    expect(kostra2020CellAt(48.8566, 2.3522)?.id).toBe('182032'); // Paris: inside the grid (a cell without data)
    expect(kostra2020CellAt(41.9, 12.5)).toBeUndefined(); // Rome: south of the grid
    expect(kostra2020CellAt(59.33, 18.07)).toBeUndefined(); // Stockholm: north-east of the grid
    expect(kostra2020CellAt(40.4168, -3.7038)).toBeUndefined(); // Madrid
    expect(kostra2020CellAt(Number.NaN, 8)).toBeUndefined();
    expect(kostra2020CellAt(91, 8)).toBeUndefined();
  });
  it('cell centres map back to their cell', () => {
    for (const [row, column] of [
      [49, 125],
      [206, 112],
      [0, 0],
      [299, 299],
      [150, 150],
    ] as const) {
      const c = kostra2020CellCenter(row, column);
      expect(kostra2020CellAt(c.latDeg, c.lonDeg)).toMatchObject({ row, column });
    }
    const sylt = kostra2020CellCenter(49, 125);
    expect(sylt.latDeg).toBeCloseTo(55.069, 2);
    expect(sylt.lonDeg).toBeCloseTo(8.537, 2);
  });
  it('rejects centres outside the grid (misuse)', () => {
    expect(() => kostra2020CellCenter(300, 0)).toThrow(EngineError);
    expect(() => kostra2020CellCenter(0, -1)).toThrow(EngineError);
    expect(KOSTRA_2020_GRID.rows * KOSTRA_2020_GRID.columns).toBe(90_000);
  });
});
