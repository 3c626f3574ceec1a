import { describe, expect, it } from 'vitest';
import { troughTankSizing } from './troughTank.ts';

describe('troughTankSizing (trough with tank below)', () => {
  it('reproduces the published 2005 trough-trench example (ebook-tipp.eu, "Bemessung eines Mulden-Rigolen-Elementes")', () => {
    // https://ebook-tipp.eu/regenwasserversickerung/mulden-rigole/muldenrigole — A_u 190, r(360 min, n = 0.2) 18.0,
    // f_Z 1.2, k_f 1.9e-5 (trough and trench), chosen trough V_M 3.30 m³ on A_s,M 13.5 m² (the trough's own area),
    // trench b 1.6, h 0.7, s_R 0.35 → L 7.10 m, V_MR 6.08 m³.
    // A vertical-walled trough of 13.5 × 1 m and depth 3.30/13.5 m has exactly that area and volume.
    const rain = { durationMin: 360, rLsHa: 18.0 };
    const q = 1.9e-5 / 2;
    const r = troughTankSizing(
      {
        acM2: 190,
        edition: 'DWA-A 138:2005',
        trough: { lengthM: 13.5, widthM: 1, depthM: 3.3 / 13.5, slope: 0, qMs: q, safetyFactor: 1.2 },
        tank: { widthM: 1.6, heightM: 0.7, storageCoefficient: 0.35, direction: 'everySide', qMs: q, safetyFactor: 1.2 },
      },
      rain,
      rain,
    );
    expect(r.troughVolumeM3).toBeCloseTo(3.3, 12);
    expect(r.requiredTankLength.lengthM!).toBeCloseTo(7.10, 2); // 7.1024
    const total = r.troughVolumeM3! + r.requiredTankLength.lengthM! * 1.6 * 0.7 * 0.35;
    expect(Math.abs(total - 6.08)).toBeLessThan(0.01); // 6.084
    expect(r.tank).toBeUndefined();
  });

  it('the tank at the required length stores V_R(D) = balance − V_M exactly; results per part', () => {
    const troughRain = [{ durationMin: 60, rLsHa: 40 }, { durationMin: 240, rLsHa: 12 }];
    const tankRain = [{ durationMin: 60, rLsHa: 70 }, { durationMin: 240, rLsHa: 22 }, { durationMin: 1440, rLsHa: 5 }];
    const params = {
      acM2: 600,
      edition: 'DWA-A 138-1:2024',
      trough: { lengthM: 12, widthM: 2, depthM: 0.3, slope: 2, qMs: 1e-5, safetyFactor: 1.2 },
      tank: { widthM: 0.8, heightM: 0.66, storageCoefficient: 0.95, direction: 'everySide', qMs: 5e-5, safetyFactor: 1.2 },
    } as const;
    const first = troughTankSizing(params, troughRain, tankRain);
    const L = first.requiredTankLength.lengthM!;
    const r = troughTankSizing({ ...params, tank: { ...params.tank, lengthM: L } }, troughRain, tankRain);
    expect(r.trough.durationMin).toBeDefined();
    expect(r.trough.requiredVolumeM3).toBeGreaterThan(0);
    expect(r.tank!.requiredVolumeM3).toBeCloseTo(r.tank!.availableVolumeM3!, 9);
    // V_R at the governing D by hand: [(A_C + L_M·B_M)·1e-7·r − A_S,R·q − 0]·D·60·f_Z − V_M
    const D = r.tank!.durationMin!;
    const rr = r.tank!.rLsHa!;
    const AS = (0.8 + 0.66) * L + 0.8 * 0.66;
    expect(r.tank!.requiredVolumeM3).toBeCloseTo(((600 + 24) * 1e-7 * rr - AS * 5e-5) * D * 72 - r.troughVolumeM3!, 9);
  });

  it('without a usable trough the tank is not sized', () => {
    const r = troughTankSizing(
      {
        acM2: 100,
        edition: 'DWA-A 138-1:2024',
        trough: { lengthM: 0, widthM: 2, depthM: 0.3, slope: 2, qMs: 1e-5, safetyFactor: 1.2 },
        tank: { lengthM: 5, widthM: 0.8, heightM: 0.66, storageCoefficient: 0.95, direction: 'everySide', qMs: 5e-5, safetyFactor: 1.2 },
      },
      { durationMin: 60, rLsHa: 40 },
      { durationMin: 60, rLsHa: 40 },
    );
    expect(r.tank).toBeUndefined();
    expect(r.requiredTankLength.lengthM).toBeUndefined();
    expect(r.trough.issues.map((i) => i.code)).toContain('VALUE_NOT_POSITIVE');
  });
});
