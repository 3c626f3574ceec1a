import { describe, expect, it } from 'vitest';
import { storageBalance } from './balance.ts';
import { troughAreaForDepth, troughGeometry, troughSizing } from './trough.ts';

describe('troughGeometry', () => {
  it('vertical walls (m = 0): a box, V = L·B·z', () => {
    const g = troughGeometry({ lengthM: 10, widthM: 2, depthM: 0.3, slope: 0 })!;
    expect(g.topAreaM2).toBe(20);
    expect(g.bottomAreaM2).toBe(20);
    expect(g.meanAreaM2).toBe(20);
    expect(g.volumeM3).toBeCloseTo(6, 12);
    expect(g.depthLimited).toBe(false);
  });

  it('sloped sides: bottom (L − 2mz)(B − 2mz), mean area, prismoid volume', () => {
    // L 10, B 2, z 0.3, 1:2 → bottom 8.8 × 0.8, middle 9.4 × 1.4
    const g = troughGeometry({ lengthM: 10, widthM: 2, depthM: 0.3, slope: 2 })!;
    expect(g.bottomAreaM2).toBeCloseTo(7.04, 12);
    expect(g.meanAreaM2).toBeCloseTo(13.52, 12);
    expect(g.volumeM3).toBeCloseTo((0.3 / 6) * (20 + 4 * 13.16 + 7.04), 12); // 3.984
    expect(g.effectiveDepthM).toBe(0.3);
  });

  it('the prismoid rule is exact: it equals the integral of the cross-sections', () => {
    const L = 7;
    const B = 3;
    const z = 0.4;
    const m = 1.5;
    const area = (h: number) => (L - 2 * m * (z - h)) * (B - 2 * m * (z - h)); // h from the bottom
    let integral = 0;
    const n = 20000;
    for (let i = 0; i < n; i++) integral += area(((i + 0.5) / n) * z) * (z / n);
    expect(troughGeometry({ lengthM: L, widthM: B, depthM: z, slope: m })!.volumeM3).toBeCloseTo(integral, 8);
  });

  it('clips the bottom at 0 and limits the depth where the side slopes meet', () => {
    // B 1, 1:2 → the slopes meet 0.25 m deep
    const g = troughGeometry({ lengthM: 10, widthM: 1, depthM: 0.5, slope: 2 })!;
    expect(g.depthLimited).toBe(true);
    expect(g.effectiveDepthM).toBe(0.25);
    expect(g.bottomAreaM2).toBe(0);
    expect(g.meanAreaM2).toBe(5);
    expect(g.volumeM3).toBeCloseTo((0.25 / 6) * (10 + 4 * 9.5 * 0.5), 12);
  });

  it('is undefined for zero, negative or missing dimensions', () => {
    expect(troughGeometry({ lengthM: 0, widthM: 1, depthM: 0.3, slope: 1 })).toBeUndefined();
    expect(troughGeometry({ lengthM: 1, widthM: -1, depthM: 0.3, slope: 1 })).toBeUndefined();
    expect(troughGeometry({ lengthM: 1, widthM: 1, depthM: 0, slope: 1 })).toBeUndefined();
    expect(troughGeometry({ lengthM: 1, widthM: 1, depthM: 0.3, slope: -1 })).toBeUndefined();
    expect(troughGeometry({ lengthM: 1, widthM: 1, depthM: Number.NaN, slope: 1 })).toBeUndefined();
  });
});

describe('troughSizing', () => {
  const dims = { lengthM: 10, widthM: 2, depthM: 0.3, slope: 2 };

  it('balance with A_VA = L·B, A_S = mean area, t_E = V / (A_S·q)', () => {
    // q = k_f/2 = 9.5e-6 (2005), A_C 190, D 240, r 23.3, f_Z 1.2
    const t = troughSizing({ acM2: 190, ...dims, qMs: 9.5e-6, safetyFactor: 1.2 }, { durationMin: 240, rLsHa: 23.3 });
    const expected = ((190 + 20) * 1e-7 * 23.3 - 13.52 * 9.5e-6) * 240 * 60 * 1.2;
    expect(t.requiredVolumeM3).toBeCloseTo(expected, 10);
    expect(t.availableVolumeM3).toBeCloseTo(3.984, 10);
    expect(t.drainingTimeH).toBeCloseTo(expected / (13.52 * 9.5e-6) / 3600, 8);
    expect(t.issues).toEqual([]);
  });

  it('2024 needs less volume than 2005 for the same trough (q = k_f vs k_f/2)', () => {
    const rain = [{ durationMin: 60, rLsHa: 80 }, { durationMin: 240, rLsHa: 25 }];
    const v2005 = troughSizing({ acM2: 500, ...dims, qMs: 2e-5 / 2, safetyFactor: 1.2 }, rain).requiredVolumeM3!;
    const v2024 = troughSizing({ acM2: 500, ...dims, qMs: 2e-5, safetyFactor: 1.2 }, rain).requiredVolumeM3!;
    expect(v2024).toBeLessThan(v2005);
  });

  it('reports unusable dimensions and a limited depth', () => {
    const bad = troughSizing({ acM2: 100, lengthM: 0, widthM: 1, depthM: -0.3, slope: 1, qMs: 1e-5, safetyFactor: 1.2 }, { durationMin: 10, rLsHa: 100 });
    expect(bad.requiredVolumeM3).toBeUndefined();
    expect(bad.availableVolumeM3).toBeUndefined();
    expect(bad.issues.map((i) => [i.code, i.field])).toEqual([
      ['VALUE_NOT_POSITIVE', 'lengthM'],
      ['VALUE_NOT_POSITIVE', 'depthM'],
    ]);
    const limited = troughSizing({ acM2: 100, lengthM: 10, widthM: 1, depthM: 0.5, slope: 2, qMs: 1e-5, safetyFactor: 1.2 }, { durationMin: 10, rLsHa: 100 });
    expect(limited.issues.map((i) => i.code)).toEqual(['TROUGH_DEPTH_LIMITED']);
    expect(limited.requiredVolumeM3).toBeGreaterThan(0);
  });
});

describe('troughAreaForDepth', () => {
  it('reproduces the domain.md 2024 consistency case: mean infiltration area 68.824 m²', () => {
    const r = troughAreaForDepth({ acM2: 1000, depthM: 0.3, qMs: 5e-5, safetyFactor: 1.2, edition: 'DWA-A 138-1:2024' }, { durationMin: 30, rLsHa: 130 });
    expect(r.areaM2).toBeCloseTo(68.824, 3);
    expect(r.areaM2).toBeCloseTo(0.013 / (0.3 / 2160 + 5e-5), 10);
    expect(r.durationMin).toBe(30);
    expect(r.issues).toEqual([]);
  });

  it('domain.md 2024 consistency case chained: A_S from h_M, then the trough volume with A_VA = 50 m² → 22.051 m³', () => {
    const rain = { durationMin: 30, rLsHa: 130 };
    const area = troughAreaForDepth({ acM2: 1000, depthM: 0.3, qMs: 5e-5, safetyFactor: 1.2, edition: 'DWA-A 138-1:2024' }, rain).areaM2!;
    expect(Number(area.toFixed(3))).toBe(68.824);
    const volume = storageBalance({ acM2: 1000, avaM2: 50, asM2: area, qMs: 5e-5, safetyFactor: 1.2 }, rain).requiredVolumeM3!;
    expect(Number(volume.toFixed(3))).toBe(22.051);
  });

  it('domain.md 2024 consistency case in one call: with A_VA = 50 m² the design volume is the balance, 22.051 m³', () => {
    const rain = { durationMin: 30, rLsHa: 130 };
    const r = troughAreaForDepth({ acM2: 1000, avaM2: 50, depthM: 0.3, qMs: 5e-5, safetyFactor: 1.2, edition: 'DWA-A 138-1:2024' }, rain);
    expect(Number(r.areaM2!.toFixed(3))).toBe(68.824);
    expect(Number(r.volumeM3!.toFixed(3))).toBe(22.051);
    // without A_VA the design volume is A_S·z
    const bare = troughAreaForDepth({ acM2: 1000, depthM: 0.3, qMs: 5e-5, safetyFactor: 1.2, edition: 'DWA-A 138-1:2024' }, rain);
    expect(bare.volumeM3!).toBeCloseTo(bare.areaM2! * 0.3, 10);
    // 2005: the trough area itself receives rain; A_VA is ignored
    const old = { acM2: 1000, depthM: 0.3, qMs: 5e-5, safetyFactor: 1.2, edition: 'DWA-A 138:2005' } as const;
    expect(troughAreaForDepth({ ...old, avaM2: 50 }, rain).volumeM3).toBe(troughAreaForDepth(old, rain).volumeM3);
  });

  it('reports a negative A_VA instead of computing with it', () => {
    const r = troughAreaForDepth({ acM2: 1000, avaM2: -1, depthM: 0.3, qMs: 5e-5, safetyFactor: 1.2, edition: 'DWA-A 138-1:2024' }, { durationMin: 30, rLsHa: 130 });
    expect(r.areaM2).toBeUndefined();
    expect(r.issues.map((i) => i.field)).toEqual(['avaM2']);
  });

  it('reproduces the published 2005 trough example (ebook-tipp.eu, "Bemessung einer Muldenversickerung")', () => {
    // https://ebook-tipp.eu/regenwasserversickerung/versickerungsmulde/bemessung-vm — A_u 190 m² (200 · 0.95),
    // r(240 min, n = 0.2) 23.3 l/(s·ha), f_Z 1.2, k_f 1.9e-5, z_M 0.30 → A_s 18.0 m², V_M 5.42 m³, t_E 8.8 h
    const r = troughAreaForDepth({ acM2: 190, depthM: 0.3, qMs: 1.9e-5 / 2, safetyFactor: 1.2, edition: 'DWA-A 138:2005' }, { durationMin: 240, rLsHa: 23.3 });
    expect(r.areaM2!).toBeCloseTo(18.0, 1); // 18.046
    expect(Math.abs(r.volumeM3! - 5.42)).toBeLessThan(0.01); // 5.414 (the page rounds A_s to 18.0 first)
    expect(r.drainingTimeH!).toBeCloseTo(8.8, 1); // 8.77
  });

  it('2005: the trough receives rain on its own area (the −1e-7·r term), so it needs more area than the 2024 form', () => {
    const p = { acM2: 1000, depthM: 0.3, qMs: 5e-5, safetyFactor: 1.2 } as const;
    const a2005 = troughAreaForDepth({ ...p, edition: 'DWA-A 138:2005' }, { durationMin: 30, rLsHa: 130 }).areaM2!;
    expect(a2005).toBeCloseTo(0.013 / (0.3 / 2160 - 1.3e-5 + 5e-5), 10);
    expect(a2005).toBeGreaterThan(68.824);
  });

  it('takes the maximum over D', () => {
    const r = troughAreaForDepth({ acM2: 1000, depthM: 0.3, qMs: 1e-5, safetyFactor: 1.2, edition: 'DWA-A 138-1:2024' }, [
      { durationMin: 10, rLsHa: 200 },
      { durationMin: 120, rLsHa: 40 },
      { durationMin: 1440, rLsHa: 5 },
    ]);
    const area = (D: number, rr: number) => (1000 * 1e-7 * rr) / (0.3 / (D * 72) + 1e-5);
    expect(r.areaM2).toBeCloseTo(Math.max(area(10, 200), area(120, 40), area(1440, 5)), 10);
    expect(r.durationMin).toBe(120);
  });

  it('is infeasible in 2005 when the depth cannot take the rain on the trough itself', () => {
    const r = troughAreaForDepth({ acM2: 100, depthM: 0.01, qMs: 0, safetyFactor: 1, edition: 'DWA-A 138:2005' }, { durationMin: 60, rLsHa: 100 });
    expect(r.areaM2).toBeUndefined();
    expect(r.issues.map((i) => i.code)).toEqual(['DESIGN_NOT_FEASIBLE']);
  });

  it('reports invalid inputs and missing rain', () => {
    const r = troughAreaForDepth({ acM2: 100, depthM: 0, qMs: -1, safetyFactor: 1, edition: 'DWA-A 138-1:2024' }, []);
    expect(r.areaM2).toBeUndefined();
    expect(r.issues.map((i) => i.code)).toEqual(['VALUE_NOT_POSITIVE', 'VALUE_NOT_POSITIVE', 'RAIN_DATA_MISSING']);
  });
});
