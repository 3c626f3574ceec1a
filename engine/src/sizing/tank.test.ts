import { describe, expect, it } from 'vitest';
import {
  pipeTankStorageCoefficient,
  retentionPipeVolumeM3,
  storageCoefficientFromPercent,
  tankAvailableVolumeM3,
  tankInfiltrationAreaM2,
  tankInfiltrationAreaTerms,
  tankRequiredLength,
  tankSizing,
} from './tank.ts';

describe('tank geometry', () => {
  it('available volume L·B·H·s', () => {
    // 10 boxes of 0.8 × 0.8 × 0.66 in a row, s = 95 %
    expect(tankAvailableVolumeM3({ lengthM: 8, widthM: 0.8, heightM: 0.66, storageCoefficient: 0.95 })).toBeCloseTo(8 * 0.8 * 0.66 * 0.95, 12);
    expect(tankAvailableVolumeM3({ lengthM: 0, widthM: 0.8, heightM: 0.66, storageCoefficient: 0.95 })).toBe(0);
    expect(tankAvailableVolumeM3({ lengthM: 1, widthM: 1, heightM: 1, storageCoefficient: 1.2 })).toBeUndefined();
    expect(tankAvailableVolumeM3({ lengthM: -1, widthM: 1, heightM: 1, storageCoefficient: 0.3 })).toBeUndefined();
    expect(storageCoefficientFromPercent(95)).toBe(0.95);
    expect(storageCoefficientFromPercent(101)).toBeUndefined();
  });

  it('infiltration area per direction and edition (docs/calculation-reference.md section 3 table)', () => {
    const p = { lengthM: 10, widthM: 2, heightM: 1 };
    expect(tankInfiltrationAreaM2(p, 'everySide', 'DWA-A 138:2005')).toBe(25); // (B + H/2)·L
    expect(tankInfiltrationAreaM2(p, 'everySide', 'DWA-A 138-1:2024')).toBe(32); // (B + H)·L + B·H
    expect(tankInfiltrationAreaM2(p, 'sealedSides', 'DWA-A 138:2005')).toBe(20); // B·L
    expect(tankInfiltrationAreaM2(p, 'sealedSides', 'DWA-A 138-1:2024')).toBe(20);
    expect(tankInfiltrationAreaM2(p, 'sealedSole', 'DWA-A 138:2005')).toBe(5); // (H/2)·L
    expect(tankInfiltrationAreaM2(p, 'sealedSole', 'DWA-A 138-1:2024')).toBe(12); // H·L + B·H
    expect(tankInfiltrationAreaTerms({ widthM: 2, heightM: 1 }, 'everySide', 'DWA-A 138-1:2024')).toEqual({ perLengthM: 3, fixedM2: 2 });
    expect(tankInfiltrationAreaM2({ lengthM: 1, widthM: -2, heightM: 1 }, 'everySide', 'DWA-A 138:2005')).toBeUndefined();
  });

  it('pipe tank storage coefficient: the consistency case (docs/calculation-reference.md §8) s_R = 0.317166', () => {
    const sR = pipeTankStorageCoefficient({ widthM: 1, heightM: 1, numberOfPipes: 1, innerDiameterMm: 184, outerDiameterMm: 200, materialStorageCoefficient: 0.3 });
    expect(sR).toBeCloseTo(0.317166, 6);
  });

  it('pipe tank: more pipes, more storage; no pipes: the gravel alone', () => {
    const base = { widthM: 1.2, heightM: 0.6, innerDiameterMm: 200, outerDiameterMm: 232, materialStorageCoefficient: 0.3 };
    expect(pipeTankStorageCoefficient({ ...base, numberOfPipes: 0 })).toBeCloseTo(0.3, 15);
    const two = pipeTankStorageCoefficient({ ...base, numberOfPipes: 2 })!;
    const byHand = (0.3 * (0.72 - (2 * Math.PI * 0.232 ** 2) / 4) + (2 * Math.PI * 0.2 ** 2) / 4) / 0.72;
    expect(two).toBeCloseTo(byHand, 14);
    expect(two).toBeGreaterThan(pipeTankStorageCoefficient({ ...base, numberOfPipes: 1 })!);
  });

  it('pipe tank: undefined when the pipes do not fit or the diameters are swapped', () => {
    const base = { widthM: 1, heightM: 0.6, materialStorageCoefficient: 0.3 };
    expect(pipeTankStorageCoefficient({ ...base, numberOfPipes: 1, innerDiameterMm: 600, outerDiameterMm: 700 })).toBeUndefined(); // d_a > H
    expect(pipeTankStorageCoefficient({ ...base, numberOfPipes: 20, innerDiameterMm: 200, outerDiameterMm: 232 })).toBeUndefined(); // area
    expect(pipeTankStorageCoefficient({ ...base, numberOfPipes: 1, innerDiameterMm: 300, outerDiameterMm: 200 })).toBeUndefined();
    expect(pipeTankStorageCoefficient({ ...base, widthM: 0, numberOfPipes: 1, innerDiameterMm: 100, outerDiameterMm: 120 })).toBeUndefined();
  });

  it('retention pipe volume L·π·d_i²/4', () => {
    expect(retentionPipeVolumeM3(10, 500)).toBeCloseTo((10 * Math.PI * 0.25) / 4, 12); // 1.9635
    expect(retentionPipeVolumeM3(-1, 500)).toBeUndefined();
  });
});

describe('tankRequiredLength', () => {
  const consistency = { acM2: 1000, widthM: 1, heightM: 1, direction: 'everySide', edition: 'DWA-A 138-1:2024', qMs: 5e-5, safetyFactor: 1.2 } as const;

  it('reproduces the 2024 consistency case (docs/calculation-reference.md §8): trench length 52.464 m', () => {
    const sR = pipeTankStorageCoefficient({ widthM: 1, heightM: 1, numberOfPipes: 1, innerDiameterMm: 184, outerDiameterMm: 200, materialStorageCoefficient: 0.3 })!;
    const r = tankRequiredLength({ ...consistency, storageCoefficient: sR }, { durationMin: 30, rLsHa: 130 });
    expect(Number(sR.toFixed(6))).toBe(0.317166);
    expect(Number(r.lengthM!.toFixed(3))).toBe(52.464);
    expect(r.durationMin).toBe(30);
    expect(r.issues).toEqual([]);
  });

  it('reproduces the published 2005 gravel trench example (ebook-tipp.eu, "Bemessungsbeispiel Kiesrigole")', () => {
    // https://ebook-tipp.eu/grundlagen-der-rwv/bemessungsbeispiel — A_u 2000, s_R 0.35, b 2.5, h 1.0, k_f 8e-5,
    // D 45 min, r 69.2, f_Z 1.2 → L 35.4 m (the page truncates 35.48), V_R 31.0 m³
    const r = tankRequiredLength(
      { acM2: 2000, widthM: 2.5, heightM: 1, storageCoefficient: 0.35, direction: 'everySide', edition: 'DWA-A 138:2005', qMs: 8e-5 / 2, safetyFactor: 1.2 },
      { durationMin: 45, rLsHa: 69.2 },
    );
    expect(Math.abs(r.lengthM! - 35.4)).toBeLessThan(0.1);
    expect(r.lengthM!).toBeCloseTo(0.01384 / (0.875 / 3240 + 3 * 4e-5), 10);
    expect(Math.abs(r.lengthM! * 2.5 * 0.35 - 31.0)).toBeLessThan(0.1);
  });

  it('2005 form by hand with throttle, sealed sole', () => {
    const r = tankRequiredLength(
      { acM2: 800, widthM: 0.8, heightM: 0.66, storageCoefficient: 0.95, direction: 'sealedSole', edition: 'DWA-A 138:2005', qMs: 1e-5, throttleLs: 0.5, safetyFactor: 1.2 },
      [{ durationMin: 15, rLsHa: 150 }, { durationMin: 120, rLsHa: 30 }],
    );
    const L = (D: number, rr: number) => (800 * 1e-7 * rr - 0.5e-3) / ((0.8 * 0.66 * 0.95) / (D * 72) + (0.66 / 2) * 1e-5);
    expect(r.lengthM).toBeCloseTo(Math.max(L(15, 150), L(120, 30)), 10);
  });

  it('is 0 when the soil and throttle take everything; reports an empty section', () => {
    expect(tankRequiredLength({ ...consistency, storageCoefficient: 0.95, qMs: 1 }, { durationMin: 10, rLsHa: 100 }).lengthM).toBe(0);
    const bad = tankRequiredLength({ ...consistency, storageCoefficient: 0 }, { durationMin: 10, rLsHa: 100 });
    expect(bad.lengthM).toBeUndefined();
    expect(bad.issues.map((i) => i.code)).toEqual(['VALUE_NOT_POSITIVE']);
    const noRain = tankRequiredLength({ ...consistency, storageCoefficient: 0.95 }, []);
    expect(noRain.issues.map((i) => i.code)).toEqual(['RAIN_DATA_MISSING']);
  });
});

describe('tankSizing', () => {
  it('at the required length the available volume equals the required volume', () => {
    const p = { acM2: 1200, widthM: 1.6, heightM: 1.32, storageCoefficient: 0.95, direction: 'everySide', edition: 'DWA-A 138-1:2024', qMs: 2e-5, throttleLs: 0.3, safetyFactor: 1.2 } as const;
    const rain = [{ durationMin: 10, rLsHa: 220 }, { durationMin: 60, rLsHa: 70 }, { durationMin: 360, rLsHa: 18 }];
    const L = tankRequiredLength(p, rain).lengthM!;
    const t = tankSizing({ ...p, lengthM: L }, rain);
    expect(t.requiredVolumeM3).toBeCloseTo(t.availableVolumeM3!, 9);
    expect(t.infiltrationAreaM2).toBeCloseTo(2.92 * L + 1.6 * 1.32, 10);
    expect(t.drainingTimeH).toBeCloseTo(t.requiredVolumeM3! / (t.infiltrationAreaM2! * 2e-5 + 0.3e-3) / 3600, 8);
  });

  it('reports a negative length', () => {
    const t = tankSizing({ acM2: 100, lengthM: -3, widthM: 1, heightM: 1, storageCoefficient: 0.3, direction: 'everySide', edition: 'DWA-A 138:2005', qMs: 1e-5, safetyFactor: 1.2 }, { durationMin: 10, rLsHa: 100 });
    expect(t.requiredVolumeM3).toBeUndefined();
    expect(t.issues.map((i) => [i.code, i.field])).toEqual([['VALUE_NOT_POSITIVE', 'lengthM']]);
  });
});
