import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { MeasureData } from '../model/measure.ts';
import { createRainSeries } from '../rain/series.ts';
import { kostra2010RTolerancePct, rainSeriesUncertainty, scaleRainYields } from '../rain/uncertainty.ts';
import { ANNUALITIES_A, RAIN_DURATIONS_MIN } from '../tables/rain.ts';
import { sizeableMeasureDataArb } from '../testing/arbitraries.test-helpers.ts';
import { measureUncertaintyBand } from './uncertaintyBand.ts';

/** A retention basin of boxes: B = 4 m, 2 layers (H = 1.32 m), s = 95 %: 5.016 m³ per metre. */
const basin: MeasureData = {
  installationTarget: 'Retention',
  installationType: 'retentionBasin',
  recurrenceInterval: 5,
  safetyMargin: 20,
  throttleDischarge: 2.4,
  dimensioningInfiltrationTank: { length: 2.4, width: 4, levels: 2, storageCoefficient: 95 },
};

/** KOSTRA-DWD-2010R series with only r(15 min) = 200 and r(60 min) = 82 l/(s·ha) at every T. */
const twoPoint = createRainSeries({ edition: 'KOSTRA-DWD-2010R', cell: '1' }, (D) => (D === 15 ? 200 : D === 60 ? 82 : 0));

describe('rain uncertainty of a series', () => {
  it('KOSTRA-DWD-2010R: DWD tolerance ranges by return period (±10 % to 5 a, ±15 % to 50 a, ±20 % to 100 a)', () => {
    expect(ANNUALITIES_A.map((T) => kostra2010RTolerancePct(T))).toEqual([10, 10, 10, 10, 15, 15, 15, 15, 20]);
    expect(() => kostra2010RTolerancePct(0)).toThrow(/tolerance ranges/);
    expect(() => kostra2010RTolerancePct(101)).toThrow(/tolerance ranges/);
    const u = rainSeriesUncertainty(twoPoint);
    expect(u.ok && u.source).toBe('KOSTRA-DWD-2010R-tolerance');
    if (!u.ok) return;
    const d15 = RAIN_DURATIONS_MIN.indexOf(15);
    expect(u.pct[4]![d15]).toBe(15);
    expect(u.pct[4]![0]).toBe(0); // no rain, no uncertainty
  });

  it('KOSTRA-DWD-2020: the series UC values; without them no band', () => {
    const withUc = createRainSeries({ edition: 'KOSTRA-DWD-2020' }, () => 100, { uncertaintyPct: (D, T) => 10 + T / 10 + D / 1000 });
    const u = rainSeriesUncertainty(withUc);
    expect(u.ok && u.source).toBe('KOSTRA-DWD-2020-UC');
    if (u.ok) expect(u.pct[8]![0]).toBeCloseTo(20.005, 12);
    expect(rainSeriesUncertainty(createRainSeries({ edition: 'KOSTRA-DWD-2020' }, () => 100))).toEqual({ ok: false, reason: 'uncertaintyNotGiven' });
    const partly = createRainSeries({ edition: 'KOSTRA-DWD-2020' }, () => 100, { uncertaintyPct: (D) => (D === 5 ? 12 : undefined) });
    expect(rainSeriesUncertainty(partly)).toEqual({ ok: false, reason: 'uncertaintyIncomplete' });
  });

  it('custom rain data: a band only when its values carry an uncertainty', () => {
    expect(rainSeriesUncertainty(createRainSeries({ edition: 'custom' }, () => 100))).toEqual({ ok: false, reason: 'customRainData' });
    const own = rainSeriesUncertainty(createRainSeries({ edition: 'custom' }, () => 100, { uncertaintyPct: () => 7 }));
    expect(own.ok && own.source).toBe('rain-data');
  });

  it('scales every value by (1 ∓ u/100); a value pushed to 0 is missing, an overflow stays the largest number', () => {
    expect(scaleRainYields([[100, 0, 50]], [[10, 10, 0]], 'lower')).toEqual([[90, 0, 50]]);
    expect(scaleRainYields([[100, 0, 50]], [[10, 10, 0]], 'upper')).toEqual([[110.00000000000001, 0, 50]]);
    expect(scaleRainYields([[100]], [[100]], 'lower')).toEqual([[0]]);
    expect(scaleRainYields([[Number.MAX_VALUE]], [[20]], 'upper')).toEqual([[Number.MAX_VALUE]]);
  });
});

describe('measureUncertaintyBand', () => {
  it('worked by hand: retention basin, governing duration moves from 60 to 15 min at the lower end', () => {
    /*
     * A_C = 600 m² (0.06 ha), throttle Q_Dr = 2.4 l/s → q_Dr = 40 l/(s·ha), f_Z = 1.2, T = 5 a
     * (KOSTRA-DWD-2010R: ±10 %). V(D) = (r − q_Dr) · 0.06 ha · D · 60 s · 1.2 / 1000 = (r − 40) · D · 0.00432 m³.
     *   design r:         V(15) = (200 − 40) · 0.0648 = 10.368    V(60) = (82 − 40) · 0.2592 = 10.8864  → 10.8864 m³ at 60 min
     *   lower r · 0.9:    V(15) = (180 − 40) · 0.0648 = 9.072     V(60) = (73.8 − 40) · 0.2592 = 8.76096 → 9.072 m³ at 15 min
     *   upper r · 1.1:    V(15) = (220 − 40) · 0.0648 = 11.664    V(60) = (90.2 − 40) · 0.2592 = 13.01184 → 13.01184 m³ at 60 min
     * Length per metre B·H·s = 4 · 1.32 · 0.95 = 5.016 m²: 9.072 / 5.016 = 1.8086 → 2.4 m (box grid 0.8 m),
     * 10.8864 / 5.016 = 2.1703 → 2.4 m, 13.01184 / 5.016 = 2.5941 → 3.2 m.
     * Available at L = 2.4 m: 2.4 · 5.016 = 12.0384 m³ ≥ 10.8864 (design) but < 13.01184 (upper end).
     */
    const u = rainSeriesUncertainty(twoPoint);
    if (!u.ok) throw new Error('expected an uncertainty');
    const band = measureUncertaintyBand({ data: basin, acM2: 600, rain: { yieldsLsHa: twoPoint.yieldsLsHa } }, u.pct, u.source);
    expect(band).toBeDefined();
    expect(band!.source).toBe('KOSTRA-DWD-2010R-tolerance');
    expect(band!.design.requiredVolumeM3).toBeCloseTo(10.8864, 9);
    expect(band!.design.durationMin).toBe(60);
    expect(band!.lower.requiredVolumeM3).toBeCloseTo(9.072, 9);
    expect(band!.lower.durationMin).toBe(15);
    expect(band!.lower.rLsHa).toBeCloseTo(180, 9);
    expect(band!.upper.requiredVolumeM3).toBeCloseTo(13.01184, 9);
    expect(band!.upper.durationMin).toBe(60);
    expect(band!.upper.rLsHa).toBeCloseTo(90.2, 9);
    expect(band!.lower.requiredLengthM).toBeCloseTo(9.072 / 5.016, 9);
    expect(band!.design.requiredLengthM).toBeCloseTo(10.8864 / 5.016, 9);
    expect(band!.upper.requiredLengthM).toBeCloseTo(13.01184 / 5.016, 9);
    expect([band!.lower.roundedLengthM, band!.design.roundedLengthM, band!.upper.roundedLengthM]).toEqual([2.4, 2.4, 3.2]);
    expect(band!.availableVolumeM3).toBeCloseTo(12.0384, 9);
    expect(band!.coversUpper).toBe(false);
    expect(band!.upper.chart).toHaveLength(2);
    // Longer basin: covers the upper end too.
    const longer = measureUncertaintyBand({ data: { ...basin, dimensioningInfiltrationTank: { ...basin.dimensioningInfiltrationTank, length: 3.2 } }, acM2: 600, rain: { yieldsLsHa: twoPoint.yieldsLsHa } }, u.pct, u.source);
    expect(longer!.coversUpper).toBe(true);
  });

  it('no band when the measure is not sized at the design rain', () => {
    const u = rainSeriesUncertainty(twoPoint);
    if (!u.ok) throw new Error('expected an uncertainty');
    expect(measureUncertaintyBand({ data: basin, acM2: undefined, rain: { yieldsLsHa: twoPoint.yieldsLsHa } }, u.pct, u.source)).toBeUndefined();
  });

  const base = (T: number, D: number) => (2500 * (1 + 0.35 * Math.log(T))) / (D + 9) ** 0.8;
  const yieldsArb = fc.array(fc.double({ min: 0.5, max: 2, noNaN: true }), { minLength: 22, maxLength: 22 }).map((k) => ANNUALITIES_A.map((T) => RAIN_DURATIONS_MIN.map((D, d) => base(T, D) * k[d]!)));
  const pctArb = fc.array(fc.array(fc.double({ min: 0, max: 60, noNaN: true }), { minLength: 22, maxLength: 22 }), { minLength: 9, maxLength: 9 });
  const acArb = fc.double({ min: 1, max: 5e4, noNaN: true });
  const rel = (x: number) => Math.abs(x) * 1e-9 + 1e-12;

  it('property: lower ≤ design ≤ upper for volume and length, for every sizeable measure', () => {
    fc.assert(
      fc.property(sizeableMeasureDataArb, yieldsArb, pctArb, acArb, (data, yieldsLsHa, pct, acM2) => {
        const band = measureUncertaintyBand({ data, acM2, rain: { yieldsLsHa } }, pct, 'rain-data');
        if (band === undefined) return;
        const [lo, de, up] = [band.lower.requiredVolumeM3, band.design.requiredVolumeM3, band.upper.requiredVolumeM3];
        expect(lo).toBeDefined();
        expect(up).toBeDefined();
        expect(lo!).toBeLessThanOrEqual(de! + rel(de!));
        expect(de!).toBeLessThanOrEqual(up! + rel(up!));
        const [lLo, lDe, lUp] = [band.lower.requiredLengthM, band.design.requiredLengthM, band.upper.requiredLengthM];
        if (lDe !== undefined && lLo !== undefined && lUp !== undefined) {
          expect(lLo).toBeLessThanOrEqual(lDe + rel(lDe));
          expect(lDe).toBeLessThanOrEqual(lUp + rel(lUp));
        }
        if (band.coversUpper === true && band.availableVolumeM3 !== undefined) expect(band.availableVolumeM3).toBeGreaterThanOrEqual(de! * (1 - 1e-9));
      }),
      { numRuns: 200 },
    );
  });

  it('property: zero uncertainty gives lower = design = upper, durations included', () => {
    const zero = ANNUALITIES_A.map(() => RAIN_DURATIONS_MIN.map(() => 0));
    fc.assert(
      fc.property(sizeableMeasureDataArb, yieldsArb, acArb, (data, yieldsLsHa, acM2) => {
        const band = measureUncertaintyBand({ data, acM2, rain: { yieldsLsHa } }, zero, 'rain-data');
        if (band === undefined) return;
        expect(band.lower).toEqual(band.design);
        expect(band.upper).toEqual(band.design);
      }),
      { numRuns: 100 },
    );
  });
});
