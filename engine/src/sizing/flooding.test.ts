import { describe, expect, it } from 'vitest';
import { din1986Eq20VolumeM3, din1986Eq21VolumeM3, din1986FloodingCheck, extraVolumeM3, floodingSafetyFactor, measureFloodingVolume } from './flooding.ts';

describe('measure flooding', () => {
  it('f_flood = 1 + percent/100 of Fz10/15/20', () => {
    expect(floodingSafetyFactor('Fz10')).toBeCloseTo(1.1, 15);
    expect(floodingSafetyFactor('Fz15')).toBeCloseTo(1.15, 15);
    expect(floodingSafetyFactor('Fz20')).toBeCloseTo(1.2, 15);
    expect(floodingSafetyFactor('Fz99' as never)).toBeUndefined();
  });

  it('V_f(D) = [r·(Σ A_E·C_s + A_VA)·1e-7 − (A_S·q + Q_Dr·1e-3)]·D·60·f_flood, maximum over D', () => {
    const rain = [{ durationMin: 10, rLsHa: 400 }, { durationMin: 60, rLsHa: 120 }, { durationMin: 720, rLsHa: 15 }];
    const r = measureFloodingVolume({ peakAreaM2: 1000, avaM2: 20, asM2: 50, qMs: 1e-5, throttleLs: 0.5, floodingFactor: 1.15 }, rain);
    const v = (D: number, rr: number) => (rr * 1020 * 1e-7 - (50 * 1e-5 + 0.5e-3)) * D * 60 * 1.15;
    expect(r.floodingVolumeM3).toBeCloseTo(Math.max(v(10, 400), v(60, 120), v(720, 15)), 10);
    expect(r.durationMin).toBe(60);
    expect(r.drainingTimeH).toBeCloseTo(r.floodingVolumeM3! / 1e-3 / 3600, 9);
  });

  it('extra volume max(0, flooding − available)', () => {
    expect(extraVolumeM3(12, 10)).toBe(2);
    expect(extraVolumeM3(8, 10)).toBe(0);
    expect(extraVolumeM3(-1, 10)).toBeUndefined();
  });

  it('issues name the peak area', () => {
    const r = measureFloodingVolume({ peakAreaM2: -1, floodingFactor: 1.15 }, { durationMin: 10, rLsHa: 100 });
    expect(r.floodingVolumeM3).toBeUndefined();
    expect(r.issues.map((i) => i.field)).toEqual(['peakAreaM2']);
  });
});

describe('DIN 1986-100:2016 site check', () => {
  it('eq. 20: the Düsseldorf municipal example (6.76 m³)', () => {
    // https://www.duesseldorf.de/kanal/kunden/kanalanschluss/ueberflutungsnachweis.html — A_ges 950, roof 350 (C_s 1.0),
    // yard 600 (C_s 0.9), r(5,2) 209, r(5,30) 433 l/(s·ha)
    const v = din1986Eq20VolumeM3({ totalAreaM2: 950, roofAreaM2: 350, roofCs: 1, pavedAreaM2: 600, pavedCs: 0.9 }, 5, 433, 209);
    expect(v).toBeCloseTo(6.76, 2);
    expect(v).toBeCloseTo(((433 * 950 - (209 * 350 + 209 * 600 * 0.9)) * 300) / 1e7, 12);
  });

  it('eq. 20 and eq. 21: the ebook-tipp.eu example (1.09 m³; 1.68 / 2.12 / 2.24 m³, eq. 21 governs)', () => {
    // https://www.ebook-tipp.eu/versickerungsgutachten/ueberflutungsnachweis/ueberflutungsnachweis-din-1986-100/
    const site = { totalAreaM2: 147, roofAreaM2: 85, roofCs: 1, pavedAreaM2: 62, pavedCs: 1, fullFlowLs: 2 };
    expect(din1986Eq20VolumeM3(site, 5, 516.7, 270)).toBeCloseTo(1.09, 2);
    expect(din1986Eq21VolumeM3(site, 5, 516.7)).toBeCloseTo(1.68, 2);
    expect(din1986Eq21VolumeM3(site, 10, 376.7)).toBeCloseTo(2.12, 2);
    expect(din1986Eq21VolumeM3(site, 15, 305.6)).toBeCloseTo(2.24, 2);
    const check = din1986FloodingCheck(
      { ...site, connectedAreaM2: 147 },
      [{ durationMin: 5, rLsHa: 516.7 }, { durationMin: 10, rLsHa: 376.7 }, { durationMin: 15, rLsHa: 305.6 }],
      [{ durationMin: 5, rLsHa: 270 }],
    );
    expect(check.eq20.volumeM3).toBeCloseTo(1.0879, 4);
    expect(check.eq21.volumeM3).toBeCloseTo(2.2431, 4);
    expect(check.eq21.durationMin).toBe(15);
    expect(check.governingEquation).toBe(21);
    expect(check.volumeM3).toBeCloseTo(2.2431, 4);
    expect(check.required).toBe(false); // 147 m² ≤ 800 m²
  });

  it('eq. 21 only for D = 5, 10, 15; required above 800 m²; eq. 20 governs without Q_voll', () => {
    const site = { totalAreaM2: 2000, roofAreaM2: 1200, roofCs: 1, pavedAreaM2: 800, pavedCs: 0.9, connectedAreaM2: 1700 };
    const rain30 = [{ durationMin: 5, rLsHa: 450 }, { durationMin: 60, rLsHa: 90 }];
    const rain2 = [{ durationMin: 5, rLsHa: 220 }, { durationMin: 60, rLsHa: 40 }];
    const check = din1986FloodingCheck(site, rain30, rain2);
    expect(check.eq21.volumeM3).toBeUndefined();
    expect(check.governingEquation).toBe(20);
    expect(check.required).toBe(true);
    const v60 = ((90 * 2000 - (40 * 1200 + 40 * 800 * 0.9)) * 3600) / 1e7;
    const v5 = ((450 * 2000 - (220 * 1200 + 220 * 800 * 0.9)) * 300) / 1e7;
    expect(check.eq20.volumeM3).toBeCloseTo(Math.max(v5, v60), 10);
    const withFull = din1986FloodingCheck({ ...site, fullFlowLs: 10 }, rain30, rain2);
    expect(withFull.eq21.durationMin).toBe(5); // 60 min is not an eq. 21 duration
  });

  it('floors at 0 and reports invalid input and missing rain', () => {
    const tiny = din1986FloodingCheck({ totalAreaM2: 100, roofAreaM2: 100, roofCs: 1, pavedAreaM2: 0, pavedCs: 1 }, [{ durationMin: 5, rLsHa: 100 }], [{ durationMin: 5, rLsHa: 200 }]);
    expect(tiny.eq20.volumeM3).toBe(0);
    const bad = din1986FloodingCheck({ totalAreaM2: -1, roofAreaM2: 0, roofCs: 1, pavedAreaM2: 0, pavedCs: 1 }, [], []);
    expect(bad.volumeM3).toBeUndefined();
    expect(bad.issues.map((i) => i.code)).toEqual(['VALUE_NOT_POSITIVE', 'RAIN_DATA_MISSING']);
    const no2 = din1986FloodingCheck({ totalAreaM2: 100, roofAreaM2: 100, roofCs: 1, pavedAreaM2: 0, pavedCs: 1 }, [{ durationMin: 60, rLsHa: 100 }], []);
    expect(no2.issues.map((i) => [i.code, i.params])).toEqual([['RAIN_DATA_MISSING', { annuality: 2 }]]);
  });
});
