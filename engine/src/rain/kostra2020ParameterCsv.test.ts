import { describe, expect, it } from 'vitest';
import { detectCsvDelimiter, parseCsvRows, parseDecimal } from './csv.ts';
import { kostra2020HeightMm, kostra2020SeriesFromParameters } from './kostra2020Dgev.ts';
import { readKostra2020ParameterCsv } from './kostra2020ParameterCsv.ts';
import { rainYield } from './series.ts';

describe('CSV helpers', () => {
  it('splits rows with quotes, CRLF and a byte-order mark', () => {
    expect(parseCsvRows('\uFEFFa;"b;c";"say ""hi"""\r\n1;2;3\n\n4', ';')).toEqual([['a', 'b;c', 'say "hi"'], ['1', '2', '3'], [''], ['4']]);
    expect(parseCsvRows('a,b\n', ',')).toEqual([['a', 'b']]);
    expect(parseCsvRows('', ';')).toEqual([]);
  });
  it('detects the separator', () => {
    expect(detectCsvDelimiter('v1.0\nD;1;2\n')).toBe(';');
    expect(detectCsvDelimiter('v1.0\nD,1,2\n5,"1,5",2')).toBe(',');
    expect(detectCsvDelimiter('a\tb\tc')).toBe('\t');
    expect(detectCsvDelimiter('v1.0')).toBe(';');
  });
  it('reads decimal comma and dot', () => {
    expect(parseDecimal('12,5')).toBe(12.5);
    expect(parseDecimal(' 12.5 ')).toBe(12.5);
    expect(parseDecimal('-99,9')).toBe(-99.9);
    expect(parseDecimal(',5')).toBe(0.5);
    expect(parseDecimal('1e3')).toBe(1000);
    for (const bad of ['', 'abc', '1.234,5', '12,5,1', '--1', 'NaN', 'Infinity', '1 000']) expect(parseDecimal(bad)).toBeUndefined();
  });
});

const HEADER = 'INDEX_RC;LOCAL_XI;SCALE_ALPHA;SHAPE_KAPPA;KOUT_1_THETA;KOUT_2_ETA';

describe('readKostra2020ParameterCsv', () => {
  it('reads DWD\'s layout: decimal comma, padded and unpadded ids, -99,9 = missing', () => {
    const text = [HEADER, '000000;-99,9;-99,9;-99,9;-99,9;-99,9', '117111;15,1;5,45;-0,1;0,0185;0,752', '49125;13,6379;4,21271;-0,0995375;0,0178879;0,727787', ''].join('\r\n');
    const result = readKostra2020ParameterCsv(text);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.missingCount).toBe(1);
    expect(result.rows).toHaveLength(2);
    const [a, b] = result.rows;
    expect(a).toEqual({ cell: { row: 117, column: 111, indexRc: 117111, id: '117111' }, xi: 15.1, alpha: 5.45, kappa: -0.1, theta: 0.0185, eta: 0.752 });
    expect(b?.cell.id).toBe('49125');
    // Row → series: the parameters feed the dGEV formula.
    const s = kostra2020SeriesFromParameters(a!, a!.cell);
    expect(s.stamp.cell).toBe('117111');
    expect(rainYield(s, 5, 1)).toBeCloseTo((7.0 * 10000) / 300, 6);
    expect(kostra2020HeightMm(a!, 5, 1)).toBeCloseTo(7.0, 1);
  });
  it('accepts columns in any order, lower case, blanks and decimal dots', () => {
    const text = ' kout_2_eta ; INDEX_RC ;LOCAL_XI;SCALE_ALPHA;SHAPE_KAPPA;KOUT_1_THETA\n0.752; 049125 ;15.1;5.45;-0.1;0.0185\n';
    const result = readKostra2020ParameterCsv(text);
    expect(result.ok && result.rows[0]).toMatchObject({ cell: { id: '49125' }, eta: 0.752, theta: 0.0185 });
  });
  it('reports a missing header column', () => {
    const result = readKostra2020ParameterCsv('INDEX_RC;LOCAL_XI;SCALE_ALPHA;SHAPE_KAPPA;KOUT_1_THETA\n1;1;1;1;1\n');
    expect(result).toEqual({
      ok: false,
      errors: [expect.objectContaining({ code: 'INVALID_DATA', messageKey: 'rainData.invalidData', row: 1, detail: expect.stringContaining('KOUT_2_ETA') })],
    });
  });
  it('reports malformed rows with line and column', () => {
    const text = [HEADER, '117111;15,1;5,45;-0,1;0,0185;0,752', 'x12;1;1;1;1;1', '5000;1;abc;1;1;1', '5001;1;1;1;1', '117111;1;1;1;1;1'].join('\n');
    const result = readKostra2020ParameterCsv(text);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.map((e) => [e.row, e.column, e.field])).toEqual([
      [3, 1, 'INDEX_RC'],
      [4, 3, 'SCALE_ALPHA'],
      [5, 6, 'KOUT_2_ETA'],
      [6, 1, 'INDEX_RC'],
    ]);
    expect(result.errors[3]?.detail).toMatch(/twice/);
  });
  it('never throws on junk', () => {
    for (const junk of ['', '\n\n', ';;;', 'hello', '\u0000\u0001', HEADER]) {
      const r = readKostra2020ParameterCsv(junk);
      if (junk === HEADER) expect(r).toEqual({ ok: true, rows: [], missingCount: 0 });
      else expect(r.ok).toBe(false);
    }
    expect(readKostra2020ParameterCsv(42 as unknown as string).ok).toBe(false);
  });
});
