import { describe, expect, it } from 'vitest';
import { formatArea, formatCount, formatNumber, formatParams, formatText, formatValue, renderTable } from './format.ts';

describe('formatNumber', () => {
  it('prints --- for values that are not finite numbers', () => {
    for (const v of [undefined, null, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, '1']) expect(formatNumber(v, 2)).toBe('---');
  });

  it('rounds for display only', () => {
    expect(formatArea(108.00000000000001)).toBe('108.00');
    expect(formatArea(1234.567)).toBe('1234.57');
    expect(formatValue(10 / 6)).toBe('1.667');
    expect(formatCount(3)).toBe('3');
    expect(formatArea(-0.001)).toBe('0.00');
    expect(formatArea(-1.5)).toBe('-1.50');
  });
});

describe('text cells', () => {
  it('prints --- for missing texts and params', () => {
    expect(formatText(undefined)).toBe('---');
    expect(formatText(null)).toBe('---');
    expect(formatText('  ')).toBe('---');
    expect(formatParams(undefined)).toBe('---');
    expect(formatParams({ field: 'cm', min: 0 })).toBe('field=cm, min=0');
  });
});

describe('renderTable', () => {
  it('aligns columns, right-aligns numbers and trims trailing spaces', () => {
    const lines = renderTable(
      [
        { header: 'id', cell: (r: { id: string; v: number }) => r.id },
        { header: 'value', cell: (r) => formatArea(r.v), right: true },
        { header: 'note', cell: () => '' },
      ],
      [
        { id: 'a', v: 1 },
        { id: 'long\nname', v: 100 },
      ],
    );
    expect(lines).toEqual(['  id          value  note', '  ---------  ------  ----', '  a            1.00', '  long name  100.00']);
  });
});
