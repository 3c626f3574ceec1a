import { describe, expect, it } from 'vitest';
import { EngineError } from '../errors.ts';
import { RainDataSchema, type RainData } from '../model/rain.ts';
import Value from 'typebox/value';
import { ANNUALITIES_A, RAIN_DURATIONS_MIN, type Annuality, type RainDurationMin } from '../tables/rain.ts';
import { availableDurations, createRainSeries, rainUncertainty, rainYield, type RainSeries } from './series.ts';
import { rainHeightFromYield, rainYieldFromHeight } from './units.ts';
import { rainSeriesFromRainData, rainSeriesToRainData } from './wire.ts';

describe('rain height ↔ rain yield (docs/calculation-reference.md section 0)', () => {
  it('r = hN · 10000 / (60 · D)', () => {
    expect(rainYieldFromHeight(11.8, 15)).toBeCloseTo(131.111, 3);
    expect(rainYieldFromHeight(6, 5)).toBe(200);
    // DWD 2020 README example (dimfalk/kostra2020): 55.6 mm in 240 min = 38.6 l/(s·ha)
    expect(rainYieldFromHeight(55.6, 240)).toBeCloseTo(38.6, 1);
    expect(rainHeightFromYield(38.6, 240)).toBeCloseTo(55.6, 1);
  });
  it('round-trips', () => {
    for (const D of RAIN_DURATIONS_MIN) expect(rainHeightFromYield(rainYieldFromHeight(42.3, D) ?? 0, D)).toBeCloseTo(42.3, 10);
  });
  it('non-finite in, undefined out', () => {
    expect(rainYieldFromHeight(Number.NaN, 5)).toBeUndefined();
    expect(rainYieldFromHeight(10, 0)).toBeUndefined();
    expect(rainYieldFromHeight(10, -5)).toBeUndefined();
    expect(rainYieldFromHeight(Infinity, 5)).toBeUndefined();
    expect(rainHeightFromYield(10, Number.NaN)).toBeUndefined();
  });
});

const sample = (): RainSeries =>
  createRainSeries(
    { edition: 'KOSTRA-DWD-2020', cell: '49125' },
    (D, T) => (D > 4320 && T === 100 ? 0 : 1000 / D + T),
    { kostraCell: { row: 49, column: 125 }, uncertaintyPct: (D, T) => (D === 5 ? 10 + T / 10 : Number.NaN) },
  );

describe('RainSeries', () => {
  it('has 9 annualities × 22 durations', () => {
    const s = sample();
    expect(s.yieldsLsHa).toHaveLength(9);
    for (const row of s.yieldsLsHa) expect(row).toHaveLength(22);
    expect(s.uncertaintyPct).toHaveLength(9);
  });
  it('reads r(D, T) and skips missing values', () => {
    const s = sample();
    expect(rainYield(s, 5, 1)).toBe(201);
    expect(rainYield(s, 10080, 100)).toBeUndefined();
    expect(availableDurations(s, 100)).toEqual(RAIN_DURATIONS_MIN.filter((D) => D <= 4320));
    expect(availableDurations(s, 1)).toEqual([...RAIN_DURATIONS_MIN]);
  });
  it('treats non-finite and negative values as missing', () => {
    const s = createRainSeries({ edition: 'custom' }, (D) => (D === 5 ? Number.NaN : D === 10 ? -3 : D === 15 ? Infinity : 50));
    expect(s.yieldsLsHa[0]?.slice(0, 4)).toEqual([0, 0, 0, 50]);
    expect(availableDurations(s, 1)[0]).toBe(20);
    const broken = { stamp: { edition: 'custom' }, yieldsLsHa: [[Number.NaN]] } as RainSeries;
    expect(rainYield(broken, 5, 1)).toBeUndefined();
    expect(rainYield(broken, 5, 2)).toBeUndefined();
  });
  it('keeps uncertainties in ± percent', () => {
    const s = sample();
    expect(rainUncertainty(s, 5, 100)).toBe(20);
    expect(rainUncertainty(s, 10, 100)).toBeUndefined();
    expect(rainUncertainty(createRainSeries({ edition: 'custom' }, () => 1), 5, 1)).toBeUndefined();
  });
  it('throws EngineError INVALID_ARGUMENT off the axes', () => {
    const s = sample();
    expect(() => rainYield(s, 7 as RainDurationMin, 1)).toThrow(EngineError);
    expect(() => rainYield(s, 5, 4 as Annuality)).toThrow(/annuality/);
    expect(() => availableDurations(s, 4 as Annuality)).toThrow(EngineError);
    expect(() => rainUncertainty(s, 6 as RainDurationMin, 1)).toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT' }));
  });
  it('is plain data (structured clone, JSON)', () => {
    const s = sample();
    expect(structuredClone(s)).toEqual(s);
    expect(JSON.parse(JSON.stringify(s))).toEqual(s);
  });
});

describe('wire format RainData', () => {
  it('writes all 22 durations per annuality, 0 for missing, and validates', () => {
    const data = rainSeriesToRainData(sample());
    expect(Value.Check(RainDataSchema, data)).toBe(true);
    expect(data.source).toEqual({ edition: 'KOSTRA-DWD-2020', cell: '49125' });
    expect(data.kostraCell).toEqual({ row: 49, column: 125 });
    expect(data.raindataSeries.map((e) => e.annuality)).toEqual([...ANNUALITIES_A]);
    const t100 = data.raindataSeries[8];
    expect(t100?.valuesForDurations).toHaveLength(22);
    expect(t100?.valuesForDurations.at(-1)).toEqual({ duration: 10080, value: 0 });
  });
  it('round-trips, uncertainties included where r is given (issue 19: KOSTRA-DWD-2020 UC on the wire)', () => {
    const s = sample();
    const back = rainSeriesFromRainData(rainSeriesToRainData(s));
    expect(back.yieldsLsHa).toEqual(s.yieldsLsHa);
    expect(back.stamp).toEqual(s.stamp);
    expect(back.kostraCell).toEqual(s.kostraCell);
    expect(back.uncertaintyPct).toEqual(s.uncertaintyPct!.map((row, t) => row.map((u, d) => (s.yieldsLsHa[t]![d]! > 0 ? u : 0))));
    const plain = rainSeriesFromRainData(rainSeriesToRainData({ stamp: s.stamp, yieldsLsHa: s.yieldsLsHa }));
    expect(plain.uncertaintyPct).toBeUndefined();
  });
  it('reads partial and odd wire data: unknown axes ignored, missing = 0', () => {
    const data = {
      source: { edition: 'custom', cell: null },
      kostraCell: null,
      raindataSeries: [
        { annuality: 2, valuesForDurations: [{ duration: 5, value: 300 }, { duration: 7, value: 1 }, { duration: 10, value: Number.NaN }] },
        { annuality: 4, valuesForDurations: [{ duration: 5, value: 1 }] },
      ],
    } as unknown as RainData;
    const s = rainSeriesFromRainData(data);
    expect(s.stamp).toEqual({ edition: 'custom' });
    expect(s.kostraCell).toBeUndefined();
    expect(rainYield(s, 5, 2)).toBe(300);
    expect(rainYield(s, 10, 2)).toBeUndefined();
    expect(availableDurations(s, 1)).toEqual([]);
    expect(availableDurations(s, 2)).toEqual([5]);
  });
});
