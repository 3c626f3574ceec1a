import { describe, expect, it } from 'vitest';
import { drainingTimeH, infiltrationRateMs, safetyFactorFromPercent, storageBalance, storageBalanceVolumeM3 } from './balance.ts';
import { rainPoints, rainRow } from './rain.ts';

describe('factors', () => {
  it('safety factor f_Z = 1 + margin/100', () => {
    expect(safetyFactorFromPercent(20)).toBeCloseTo(1.2, 15);
    expect(safetyFactorFromPercent(0)).toBe(1);
    expect(safetyFactorFromPercent(-1)).toBeUndefined();
    expect(safetyFactorFromPercent(Number.NaN)).toBeUndefined();
    expect(safetyFactorFromPercent(Number.POSITIVE_INFINITY)).toBeUndefined();
  });

  it('infiltration rate: 2005 q = k_f/2, 2024 k_i = k_f · f_site · f_method', () => {
    expect(infiltrationRateMs(1e-4, 'DWA-A 138:2005')).toBeCloseTo(5e-5, 18);
    expect(infiltrationRateMs(1e-4, 'DWA-A 138-1:2024')).toBe(1e-4);
    expect(infiltrationRateMs(1e-4, 'DWA-A 138-1:2024', { fSite: 0.5, fMethod: 0.8 })).toBeCloseTo(4e-5, 18);
    // null factors are "not set" → 1
    expect(infiltrationRateMs(1e-4, 'DWA-A 138-1:2024', { fSite: null, fMethod: null })).toBe(1e-4);
    // the 2005 edition ignores the 2024 factors
    expect(infiltrationRateMs(1e-4, 'DWA-A 138:2005', { fSite: 0.5 })).toBeCloseTo(5e-5, 18);
    expect(infiltrationRateMs(0, 'DWA-A 138-1:2024')).toBe(0);
  });

  it('infiltration rate rejects negative k_f and factors outside [0, 1]', () => {
    expect(infiltrationRateMs(-1e-5, 'DWA-A 138:2005')).toBeUndefined();
    expect(infiltrationRateMs(Number.NaN, 'DWA-A 138-1:2024')).toBeUndefined();
    expect(infiltrationRateMs(1e-5, 'DWA-A 138-1:2024', { fSite: 1.5 })).toBeUndefined();
    expect(infiltrationRateMs(1e-5, 'DWA-A 138-1:2024', { fMethod: -0.1 })).toBeUndefined();
  });

  it('draining time V / Q / 3600', () => {
    expect(drainingTimeH(36, 0.001)).toBeCloseTo(10, 12);
    expect(drainingTimeH(0, 0)).toBe(0);
    expect(drainingTimeH(1, 0)).toBeUndefined();
    expect(drainingTimeH(-1, 1)).toBeUndefined();
  });
});

describe('storage balance V(D)', () => {
  it('reproduces the 2024 consistency case (docs/calculation-reference.md §8): trough volume 22.051 m³', () => {
    // A_C 1000, A_VA 50, A_S 68.824 (mean infiltration area), k_i 5e-5, D 30, r 130, f_Z 1.2
    const v = storageBalanceVolumeM3({ acM2: 1000, avaM2: 50, asM2: 68.824, qMs: 5e-5, safetyFactor: 1.2 }, 30, 130);
    expect(v).toBeCloseTo(22.051, 3);
    // by hand: (1050·1.3e-5 − 68.824·5e-5)·30·60·1.2
    expect(v).toBeCloseTo((1050 * 1.3e-5 - 68.824 * 5e-5) * 2160, 10);
  });

  it('includes throttle, f_A and the upstream volume', () => {
    const v = storageBalanceVolumeM3({ acM2: 1000, throttleLs: 2, safetyFactor: 1.1, reductionFactor: 0.9, storedUpstreamM3: 3 }, 60, 50);
    expect(v).toBeCloseTo((1000 * 1e-7 * 50 - 2e-3) * 60 * 60 * 1.1 * 0.9 - 3, 12);
  });

  it('is undefined for invalid inputs', () => {
    expect(storageBalanceVolumeM3({ acM2: -1, safetyFactor: 1.2 }, 30, 100)).toBeUndefined();
    expect(storageBalanceVolumeM3({ acM2: 1, safetyFactor: 0 }, 30, 100)).toBeUndefined();
    expect(storageBalanceVolumeM3({ acM2: 1, safetyFactor: 1.2 }, 0, 100)).toBeUndefined();
    expect(storageBalanceVolumeM3({ acM2: 1, safetyFactor: 1.2, qMs: Number.NaN }, 10, 100)).toBeUndefined();
    expect(storageBalanceVolumeM3({ acM2: 1e308, safetyFactor: 1e308 }, 10080, 1000)).toBeUndefined();
  });
});

describe('storageBalance (maximum over D)', () => {
  // A_C 500, A_S 20, q 1e-5, f_Z 1.2 → V(D) = (5e-5·r − 2e-4)·72·D
  const params = { acM2: 500, asM2: 20, qMs: 1e-5, safetyFactor: 1.2 };
  const rain = [
    { durationMin: 5, rLsHa: 300 }, // 0.0148·360 = 5.328
    { durationMin: 10, rLsHa: 200 }, // 0.0098·720 = 7.056
    { durationMin: 30, rLsHa: 0 }, // missing: skipped
    { durationMin: 60, rLsHa: 60 }, // 0.0028·4320 = 12.096
    { durationMin: 1440, rLsHa: 3 }, // −0.00005·103680 = −5.184
  ];

  it('finds the governing duration, its r, the standard volume and the draining time', () => {
    const b = storageBalance(params, rain);
    expect(b.issues).toEqual([]);
    expect(b.requiredVolumeM3).toBeCloseTo(12.096, 10);
    expect(b.durationMin).toBe(60);
    expect(b.rLsHa).toBe(60);
    expect(b.standardVolumeM3).toBeCloseTo(12.096 / 1.2, 10);
    expect(b.drainingTimeH).toBeCloseTo(12.096 / 2e-4 / 3600, 10); // 16.8 h
    expect(b.chart.map((p) => p.duration)).toEqual([5, 10, 60, 1440]);
    expect(b.chart[0]!.volume).toBeCloseTo(5.328, 10);
    expect(b.chart[1]!.volume).toBeCloseTo(7.056, 10);
    expect(b.chart[3]!.volume).toBe(0); // negative V(D) floored in the chart
  });

  it('accepts a single duration (textbook reproduction)', () => {
    const b = storageBalance(params, { durationMin: 10, rLsHa: 200 });
    expect(b.requiredVolumeM3).toBeCloseTo(7.056, 10);
    expect(b.durationMin).toBe(10);
  });

  it('floors at 0 when the outflow exceeds the inflow, and takes the shortest D on ties', () => {
    const b = storageBalance({ acM2: 100, asM2: 100, qMs: 1e-3, safetyFactor: 1.2 }, [{ durationMin: 10, rLsHa: 100 }, { durationMin: 20, rLsHa: 50 }]);
    expect(b.requiredVolumeM3).toBe(0);
    expect(b.drainingTimeH).toBe(0);
    expect(b.durationMin).toBe(10);
    const tie = storageBalance({ acM2: 1000, safetyFactor: 1 }, [{ durationMin: 10, rLsHa: 100 }, { durationMin: 20, rLsHa: 50 }]);
    expect(tie.durationMin).toBe(10);
  });

  it('reports missing rain, invalid parameters and a facility without outflow', () => {
    const none = storageBalance(params, [{ durationMin: 10, rLsHa: 0 }]);
    expect(none.requiredVolumeM3).toBeUndefined();
    expect(none.chart).toEqual([]);
    expect(none.issues.map((i) => i.code)).toEqual(['RAIN_DATA_MISSING']);

    const bad = storageBalance({ acM2: -5, safetyFactor: 0, qMs: Number.NaN }, rain, { nodeId: 'm1' });
    expect(bad.requiredVolumeM3).toBeUndefined();
    expect(bad.issues.map((i) => [i.code, i.field, i.nodeId])).toEqual([
      ['VALUE_NOT_POSITIVE', 'acM2', 'm1'],
      ['VALUE_NOT_POSITIVE', 'qMs', 'm1'],
      ['VALUE_NOT_POSITIVE', 'safetyFactor', 'm1'],
    ]);

    const closed = storageBalance({ acM2: 100, safetyFactor: 1.2 }, rain);
    expect(closed.requiredVolumeM3).toBeGreaterThan(0);
    expect(closed.drainingTimeH).toBeUndefined();
    expect(closed.issues.map((i) => i.code)).toEqual(['NO_OUTFLOW']);
  });

  it('gives NOT_COMPUTABLE instead of Infinity on overflow', () => {
    const b = storageBalance({ acM2: 1e307, safetyFactor: 1e300 }, rain);
    expect(b.requiredVolumeM3).toBeUndefined();
    expect(b.issues.map((i) => i.code)).toContain('NOT_COMPUTABLE');
  });
});

describe('rain input', () => {
  it('skips missing, negative and non-finite entries', () => {
    const row = rainRow([
      { durationMin: 5, rLsHa: 10 },
      { durationMin: 10, rLsHa: 0 },
      { durationMin: 15, rLsHa: -3 },
      { durationMin: 20, rLsHa: Number.NaN },
      { durationMin: Number.POSITIVE_INFINITY, rLsHa: 4 },
    ]);
    expect(row).toEqual({ durationsMin: [5], rLsHa: [10] });
  });

  it('reads a rain table as a function or as a 9 × 22 matrix', () => {
    const viaFunction = rainPoints({ rLsHa: (D, T) => (D === 5 || D === 60 ? 100 * T : 0) }, 5);
    expect(viaFunction).toEqual([
      { durationMin: 5, rLsHa: 500 },
      { durationMin: 60, rLsHa: 500 },
    ]);
    const matrix = Array.from({ length: 9 }, (_, t) => Array.from({ length: 22 }, (_, d) => (d < 2 ? t + 1 : 0)));
    expect(rainPoints({ yieldsLsHa: matrix }, 5)).toEqual([
      { durationMin: 5, rLsHa: 4 },
      { durationMin: 10, rLsHa: 4 },
    ]);
    expect(rainPoints({ yieldsLsHa: [] }, 5)).toEqual([]);
  });
});
