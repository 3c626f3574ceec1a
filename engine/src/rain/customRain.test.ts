import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RAIN_DURATIONS_MIN } from '../tables/rain.ts';
import { CUSTOM_RAIN_TEMPLATE_VERSION, customRainTemplateCsv, parseCustomRainCsv, parseCustomRainRows, type CustomRainCell } from './customRain.ts';
import { availableDurations, createRainSeries, rainYield } from './series.ts';
import { rainYieldFromHeight } from './units.ts';

const FIXTURES = new URL('../../../fixtures/rain/', import.meta.url);
const HEADER = ['D [min]', 'T=1a', 'T=2a', 'T=3a', 'T=5a', 'T=10a', 'T=20a', 'T=30a', 'T=50a', 'T=100a'];

const errorsOf = (rows: readonly (readonly CustomRainCell[])[]) => {
  const r = parseCustomRainRows(rows);
  return r.ok ? [] : r.errors.map((e) => ({ code: e.code, row: e.row, column: e.column }));
};

describe('custom rain data, template v1.0', () => {
  it('reads the example fixture (KOSTRA-DWD-2010R cell 93049 as r, the four longest durations empty)', () => {
    const text = readFileSync(new URL('custom-rain-template-v1.0.csv', FIXTURES), 'utf8');
    const r = parseCustomRainCsv(text);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const s = r.series;
    expect(s.stamp).toEqual({ edition: 'custom' });
    expect(s.kostraCell).toBeUndefined();
    expect(rainYield(s, 15, 1)).toBeCloseTo(rainYieldFromHeight(11.8, 15) ?? 0, 2); // 131.11
    expect(rainYield(s, 15, 100)).toBeCloseTo(rainYieldFromHeight(32.2, 15) ?? 0, 2); // 357.78
    expect(availableDurations(s, 5)).toEqual(RAIN_DURATIONS_MIN.filter((D) => D <= 4320));
    expect(rainYield(s, 5760, 5)).toBeUndefined();
  });

  it('the empty template fixture is what customRainTemplateCsv() writes, and it has no data', () => {
    const text = readFileSync(new URL('custom-rain-template-v1.0-empty.csv', FIXTURES), 'utf8');
    expect(text).toBe(customRainTemplateCsv());
    expect(parseCustomRainCsv(text)).toEqual({ ok: false, errors: [expect.objectContaining({ code: 'INVALID_DATA', row: 3 })] });
  });

  it('round-trips through the writer with either separator', () => {
    const s = createRainSeries({ edition: 'custom' }, (D, T) => (D === 30 && T === 2 ? 0 : Math.round((2000 / D + T) * 100) / 100));
    for (const options of [{}, { delimiter: ',' as const }, { delimiter: '\t' as const, decimalComma: false }, { delimiter: ',' as const, decimalComma: true }]) {
      const text = customRainTemplateCsv(s, options);
      expect(text.split('\r\n')[0]?.startsWith(CUSTOM_RAIN_TEMPLATE_VERSION)).toBe(true);
      const back = parseCustomRainCsv(text);
      expect(back.ok && back.series.yieldsLsHa).toEqual(s.yieldsLsHa);
    }
  });

  it('accepts spreadsheet rows: numbers, nulls, blank rows, annualities in any order or a subset, header variants', () => {
    const r = parseCustomRainRows([
      ['v1.0', 'my project'],
      ['Dauer', '100 a', 'T = 1 a', '', null],
      [],
      [5, 580, '200'],
      ['10 min', '', '158,33'],
      ['D=15', null, 131.11, undefined],
      ['', ''],
    ]);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(rainYield(r.series, 5, 100)).toBe(580);
    expect(rainYield(r.series, 5, 1)).toBe(200);
    expect(rainYield(r.series, 10, 1)).toBe(158.33);
    expect(rainYield(r.series, 10, 100)).toBeUndefined();
    expect(rainYield(r.series, 15, 1)).toBe(131.11);
    expect(availableDurations(r.series, 2)).toEqual([]);
  });

  it('a value of 0 is missing', () => {
    const r = parseCustomRainRows([['v1.0'], HEADER, ['5', '0', '100']]);
    expect(r.ok && availableDurations(r.series, 1)).toEqual([]);
    expect(r.ok && rainYield(r.series, 5, 2)).toBe(100);
  });

  it('INVALID_VERSION for a wrong or missing version', () => {
    for (const first of [[], ['v1.1'], ['1.0'], [''], ['D [min]', 'T=1a'], [1]] as CustomRainCell[][]) {
      expect(errorsOf([first, HEADER, ['5', '100']])).toEqual([{ code: 'INVALID_VERSION', row: 1, column: 1 }]);
    }
    expect(errorsOf([])).toEqual([{ code: 'INVALID_VERSION', row: 1, column: 1 }]);
    expect(parseCustomRainCsv('')).toMatchObject({ ok: false, errors: [{ code: 'INVALID_VERSION', messageKey: 'rainData.invalidVersion' }] });
    // The version is checked first: a header in row 1 (template without version row) is a version error.
    expect(parseCustomRainCsv('D [min];T=1a\n5;100\n')).toMatchObject({ ok: false, errors: [{ code: 'INVALID_VERSION' }] });
    expect(parseCustomRainRows([[' V1.0 '], HEADER, ['5', '1']]).ok).toBe(true);
  });

  it('INVALID_DATA with row and column', () => {
    expect(errorsOf([['v1.0']])).toEqual([{ code: 'INVALID_DATA', row: 2, column: undefined }]);
    expect(errorsOf([['v1.0'], ['D', 'T=4a', 'T=1a', 'T=1a', 'x']])).toEqual([
      { code: 'INVALID_DATA', row: 2, column: 2 },
      { code: 'INVALID_DATA', row: 2, column: 4 },
      { code: 'INVALID_DATA', row: 2, column: 5 },
    ]);
    expect(errorsOf([['v1.0'], ['D']])).toEqual([{ code: 'INVALID_DATA', row: 2, column: undefined }]);
    expect(
      errorsOf([
        ['v1.0'],
        ['D', 'T=1a', 'T=2a'],
        ['5', '100', 'abc'],
        ['7', '100'],
        ['10', '-3', '1,2,3'],
        ['5', '1'],
        ['15', '1', '2', '3'],
        ['20', Number.NaN],
        ['30', '1.234,5'],
      ]),
    ).toEqual([
      { code: 'INVALID_DATA', row: 3, column: 3 },
      { code: 'INVALID_DATA', row: 4, column: 1 },
      { code: 'INVALID_DATA', row: 5, column: 2 },
      { code: 'INVALID_DATA', row: 5, column: 3 },
      { code: 'INVALID_DATA', row: 6, column: 1 },
      { code: 'INVALID_DATA', row: 7, column: 4 },
      { code: 'INVALID_DATA', row: 8, column: 2 },
      { code: 'INVALID_DATA', row: 9, column: 2 },
    ]);
    expect(errorsOf([['v1.0'], HEADER])).toEqual([{ code: 'INVALID_DATA', row: 3, column: undefined }]);
  });

  it('never throws on junk', () => {
    expect(parseCustomRainRows('x' as unknown as CustomRainCell[][]).ok).toBe(false);
    expect(parseCustomRainCsv(5 as unknown as string).ok).toBe(false);
    expect(parseCustomRainCsv('v1.0\n"unterminated;5\n').ok).toBe(false);
    expect(parseCustomRainCsv('\u0000\u0001\u0002').ok).toBe(false);
  });
});
