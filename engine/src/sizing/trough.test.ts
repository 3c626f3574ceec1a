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
  const R = 1e-7;
  /** The design form solved by hand: A_S = (A_C + A_VA)·1e-7·r / (z/(D·60·f_Z) − 1e-7·r + q). */
  const byHand = (ac: number, r: number, D: number, z: number, q: number, fZ: number, ava = 0) => ((ac + ava) * R * r) / (z / (D * 60 * fZ) - R * r + q);

  it('reproduces the published DWA-A 138-1:2024 example: A_S 17.1 m² (the trough area receives rain)', () => {
    // fixtures/worked-examples/trough-2024-ac131.json: A_C 131.2 m², k_i 7.2e-6 m/s, z 0.30 m, f_Z 1.2, r(240 min) 28.3 l/(s·ha)
    const r = troughAreaForDepth({ acM2: 131.2, depthM: 0.3, qMs: 7.2e-6, safetyFactor: 1.2, edition: 'DWA-A 138-1:2024' }, { durationMin: 240, rLsHa: 28.3 });
    expect(Number(r.areaM2!.toFixed(1))).toBe(17.1); // 17.086
    expect(r.areaM2).toBeCloseTo(byHand(131.2, 28.3, 240, 0.3, 7.2e-6, 1.2), 10);
    expect(r.volumeM3).toBeCloseTo(r.areaM2! * 0.3, 12); // 5.126 m³
    expect(r.drainingTimeH).toBeCloseTo(0.3 / 7.2e-6 / 3600, 10); // 11.57 h
    expect(r.durationMin).toBe(240);
    expect(r.issues).toEqual([]);
  });

  it('2024: the designed trough passes the trough check at exactly A_S (vertical walls, L·B = A_S) and fails at 0.99·A_S', () => {
    const rain = [
      { durationMin: 10, rLsHa: 220 },
      { durationMin: 60, rLsHa: 70 },
      { durationMin: 240, rLsHa: 28.3 },
      { durationMin: 1440, rLsHa: 6.5 },
    ];
    const p = { acM2: 131.2, depthM: 0.3, qMs: 7.2e-6, safetyFactor: 1.2 };
    const d = troughAreaForDepth({ ...p, edition: 'DWA-A 138-1:2024' }, rain);
    const check = (area: number) => troughSizing({ acM2: p.acM2, lengthM: area / 2, widthM: 2, depthM: p.depthM, slope: 0, qMs: p.qMs, safetyFactor: p.safetyFactor }, rain);
    const at = check(d.areaM2!);
    expect(at.requiredVolumeM3).toBeCloseTo(at.availableVolumeM3!, 9); // the check is binding at the design
    expect(at.requiredVolumeM3).toBeCloseTo(d.volumeM3!, 9);
    expect(at.durationMin).toBe(d.durationMin);
    expect(at.availableVolumeM3! >= at.requiredVolumeM3! - 1e-9).toBe(true);
    const less = check(0.99 * d.areaM2!);
    expect(less.availableVolumeM3!).toBeLessThan(less.requiredVolumeM3!);
  });

  it('both editions solve the same balance; only q differs (2005 k_f/2, 2024 k_i)', () => {
    const p = { acM2: 1000, depthM: 0.3, qMs: 5e-5, safetyFactor: 1.2 } as const;
    const rain = { durationMin: 30, rLsHa: 130 };
    const a2005 = troughAreaForDepth({ ...p, edition: 'DWA-A 138:2005' }, rain);
    const a2024 = troughAreaForDepth({ ...p, edition: 'DWA-A 138-1:2024' }, rain);
    expect(a2024.areaM2).toBe(a2005.areaM2);
    expect(a2024.areaM2).toBeCloseTo(byHand(1000, 130, 30, 0.3, 5e-5, 1.2), 10); // 73.911 m²
    // the former 2024 form without the trough's own rain gave 68.824 m²: 7.4 % less area
    expect(a2024.areaM2!).toBeGreaterThan(0.013 / (0.3 / 2160 + 5e-5));
  });

  it('a further rain-receiving area A_VA enters the inflow like A_C (both editions)', () => {
    const rain = { durationMin: 30, rLsHa: 130 };
    for (const edition of ['DWA-A 138:2005', 'DWA-A 138-1:2024'] as const) {
      const withAva = troughAreaForDepth({ acM2: 1000, avaM2: 50, depthM: 0.3, qMs: 5e-5, safetyFactor: 1.2, edition }, rain);
      const asAc = troughAreaForDepth({ acM2: 1050, depthM: 0.3, qMs: 5e-5, safetyFactor: 1.2, edition }, rain);
      expect(withAva.areaM2).toBeCloseTo(asAc.areaM2!, 10);
      expect(withAva.areaM2).toBeCloseTo(byHand(1000, 130, 30, 0.3, 5e-5, 1.2, 50), 10);
      // the design volume is the storage balance of the designed trough with A_VA + A_S receiving rain
      const balance = storageBalance({ acM2: 1000, avaM2: 50 + withAva.areaM2!, asM2: withAva.areaM2!, qMs: 5e-5, safetyFactor: 1.2 }, rain);
      expect(withAva.volumeM3).toBeCloseTo(balance.requiredVolumeM3!, 9);
    }
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

  it('takes the maximum over D', () => {
    const r = troughAreaForDepth({ acM2: 1000, depthM: 0.3, qMs: 1e-5, safetyFactor: 1.2, edition: 'DWA-A 138-1:2024' }, [
      { durationMin: 10, rLsHa: 200 },
      { durationMin: 120, rLsHa: 40 },
      { durationMin: 1440, rLsHa: 5 },
    ]);
    const area = (D: number, rr: number) => byHand(1000, rr, D, 0.3, 1e-5, 1.2);
    expect(r.areaM2).toBeCloseTo(Math.max(area(10, 200), area(120, 40), area(1440, 5)), 10);
    expect(r.durationMin).toBe(120);
  });

  it('is infeasible when the depth cannot take the rain on the trough itself (both editions)', () => {
    for (const edition of ['DWA-A 138:2005', 'DWA-A 138-1:2024'] as const) {
      const r = troughAreaForDepth({ acM2: 100, depthM: 0.01, qMs: 0, safetyFactor: 1, edition }, { durationMin: 60, rLsHa: 100 });
      expect(r.areaM2).toBeUndefined();
      expect(r.issues.map((i) => i.code)).toEqual(['DESIGN_NOT_FEASIBLE']);
    }
  });

  it('reports invalid inputs and missing rain', () => {
    const r = troughAreaForDepth({ acM2: 100, depthM: 0, qMs: -1, safetyFactor: 1, edition: 'DWA-A 138-1:2024' }, []);
    expect(r.areaM2).toBeUndefined();
    expect(r.issues.map((i) => i.code)).toEqual(['VALUE_NOT_POSITIVE', 'VALUE_NOT_POSITIVE', 'RAIN_DATA_MISSING']);
  });
});
