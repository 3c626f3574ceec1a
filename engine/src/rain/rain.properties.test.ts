import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ANNUALITIES_A, RAIN_DURATIONS_MIN } from '../tables/rain.ts';
import { customRainTemplateCsv, parseCustomRainCsv } from './customRain.ts';
import { formatIndexRc, parseIndexRc } from './indexRc.ts';
import { kostra2020CellAt, kostra2020CellCenter } from './kostra2020Grid.ts';
import { createRainSeries } from './series.ts';
import { rainHeightFromYield, rainYieldFromHeight } from './units.ts';
import { rainSeriesFromRainData, rainSeriesToRainData } from './wire.ts';

const yields = fc.array(fc.array(fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 99_999 }).map((v) => v / 100)), { minLength: 22, maxLength: 22 }), {
  minLength: 9,
  maxLength: 9,
});

describe('rain properties', () => {
  it('hN → r → hN is the identity', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1000, noNaN: true }), fc.constantFrom(...RAIN_DURATIONS_MIN), (h, D) => {
        expect(rainHeightFromYield(rainYieldFromHeight(h, D) ?? Number.NaN, D)).toBeCloseTo(h, 9);
      }),
    );
  });
  it('INDEX_RC: format and parse are inverse, padded or not', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999 }), fc.integer({ min: 0, max: 999 }), fc.boolean(), (row, column, padded) => {
        expect(parseIndexRc(formatIndexRc(row, column, { padded }))).toMatchObject({ row, column });
      }),
    );
  });
  it('every 2020 cell centre maps back to its cell', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 299 }), fc.integer({ min: 0, max: 299 }), (row, column) => {
        const c = kostra2020CellCenter(row, column);
        expect(kostra2020CellAt(c.latDeg, c.lonDeg)).toMatchObject({ row, column });
      }),
      { numRuns: 200 },
    );
  });
  it('custom template and wire format round-trip any series (2-decimal values, 0 = missing)', () => {
    fc.assert(
      fc.property(yields, fc.constantFrom(';', ',', '\t'), (table, delimiter) => {
        const s = createRainSeries({ edition: 'custom' }, (D, T) => table[ANNUALITIES_A.indexOf(T)]?.[RAIN_DURATIONS_MIN.indexOf(D)]);
        expect(rainSeriesFromRainData(rainSeriesToRainData(s))).toEqual(s);
        const parsed = parseCustomRainCsv(customRainTemplateCsv(s, { delimiter }));
        if (table.flat().every((v) => v === 0)) expect(parsed.ok).toBe(false);
        else expect(parsed.ok && parsed.series).toEqual(s);
      }),
      { numRuns: 100 },
    );
  });
});
