import { describe, expect, it } from 'vitest';
import { a117RetentionVolume, a117SpecificVolumeM3Ha, a117ThrottleRateLsHa, surfaceInfiltrationArea } from './retention.ts';

describe('DWA-A 117 simple method', () => {
  it('throttle rate per hectare q_Dr = Q_Dr / (A_C/1e4)', () => {
    expect(a117ThrottleRateLsHa(1, 2000)).toBeCloseTo(5, 12);
    expect(a117ThrottleRateLsHa(1, 0)).toBeUndefined();
    expect(a117ThrottleRateLsHa(-1, 100)).toBeUndefined();
  });

  it('specific volume V_s(D) = (r − q_Dr)·D·f_Z·f_A·0.06', () => {
    expect(a117SpecificVolumeM3Ha(100, 5, 60, 1.2)).toBeCloseTo(410.4, 10);
    expect(a117SpecificVolumeM3Ha(100, 5, 60, 1.2, 0.9)).toBeCloseTo(410.4 * 0.9, 10);
    expect(a117SpecificVolumeM3Ha(2, 5, 60, 1.2)).toBeCloseTo(-12.96, 10);
    expect(a117SpecificVolumeM3Ha(100, 5, 0, 1.2)).toBeUndefined();
  });

  it('required volume = max V_s · A_C / 1e4, governing D, draining time V / Q_Dr', () => {
    const rain = [
      { durationMin: 15, rLsHa: 180 }, // (180 − 5)·15·1.2·0.06 = 189
      { durationMin: 60, rLsHa: 100 }, // 410.4
      { durationMin: 240, rLsHa: 30 }, // 432
      { durationMin: 1440, rLsHa: 6 }, // 103.68
    ];
    const r = a117RetentionVolume({ acM2: 2000, throttleLs: 1, safetyFactor: 1.2 }, rain);
    expect(r.specificVolumeM3Ha).toBeCloseTo(432, 9);
    expect(r.requiredVolumeM3).toBeCloseTo(86.4, 9);
    expect(r.durationMin).toBe(240);
    expect(r.throttleRateLsHa).toBeCloseTo(5, 12);
    expect(r.drainingTimeH).toBeCloseTo(86.4 / 1e-3 / 3600, 9); // 24 h
    expect(r.standardVolumeM3).toBeCloseTo(86.4 / 1.2, 9);
    // equals the per-hectare formula exactly up to rounding
    for (const p of rain) {
      const vs = a117SpecificVolumeM3Ha(p.rLsHa, 5, p.durationMin, 1.2)!;
      expect(r.chart.find((c) => c.duration === p.durationMin)!.volume).toBeCloseTo(Math.max(0, vs) * 0.2, 9);
    }
  });

  it('A_C = 0 needs no volume; a zero throttle never empties', () => {
    const zero = a117RetentionVolume({ acM2: 0, throttleLs: 1, safetyFactor: 1.2 }, { durationMin: 60, rLsHa: 100 });
    expect(zero.requiredVolumeM3).toBe(0);
    expect(zero.specificVolumeM3Ha).toBeUndefined();
    const closed = a117RetentionVolume({ acM2: 1000, throttleLs: 0, safetyFactor: 1.2 }, { durationMin: 60, rLsHa: 100 });
    expect(closed.requiredVolumeM3).toBeCloseTo(1000 * 1e-7 * 100 * 3600 * 1.2, 10);
    expect(closed.drainingTimeH).toBeUndefined();
    expect(closed.issues.map((i) => i.code)).toEqual(['NO_OUTFLOW']);
  });
});

describe('surface infiltration', () => {
  it('A_S = A_C / (q·1e7/r − 1), maximum over D', () => {
    const r = surfaceInfiltrationArea({ acM2: 100, qMs: 5e-5 }, [{ durationMin: 15, rLsHa: 200 }, { durationMin: 10, rLsHa: 250 }]);
    expect(r.areaM2).toBeCloseTo(100 / (500 / 250 - 1), 10); // 100 m² at r = 250
    expect(r.durationMin).toBe(10);
  });

  it('impossible when q ≤ r·1e-7 (ebook-tipp.eu: r 270 needs k_f ≥ 5.4e-5 in 2005)', () => {
    const q2005 = 5e-5 / 2;
    const r = surfaceInfiltrationArea({ acM2: 100, qMs: q2005 }, { durationMin: 10, rLsHa: 270 });
    expect(r.areaM2).toBeUndefined();
    expect(r.issues.map((i) => i.code)).toEqual(['INFILTRATION_INSUFFICIENT']);
    expect(surfaceInfiltrationArea({ acM2: 100, qMs: 5.5e-5 / 2 }, { durationMin: 10, rLsHa: 270 }).areaM2).toBeGreaterThan(0);
  });

  it('reports invalid inputs', () => {
    expect(surfaceInfiltrationArea({ acM2: -1, qMs: 1e-4 }, { durationMin: 10, rLsHa: 100 }).issues.map((i) => i.code)).toEqual(['VALUE_NOT_POSITIVE']);
  });
});
