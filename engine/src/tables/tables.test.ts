import { describe, expect, it } from 'vitest';
import {
  ABOVE_GROUND_FACTORS,
  AIR_POLLUTION,
  ANNUALITIES_A,
  AREA_GROUPS,
  A102_CATEGORIES,
  DEFAULTS,
  GROUND_POLLUTION,
  PIPE_TYPES,
  RAIN_DURATIONS_MIN,
  RUNOFF_TYPES,
  SHAFT_DEPTH_M,
  SHAFT_TYPE_IDS,
  SOIL_CATEGORIES,
  WATER_CATEGORIES,
  permeabilityMs,
} from './index.ts';

describe('spec section 9 tables', () => {
  it('has the 22 rain durations and 9 annualities in ascending order', () => {
    expect(RAIN_DURATIONS_MIN).toHaveLength(22);
    expect(RAIN_DURATIONS_MIN[0]).toBe(5);
    expect(RAIN_DURATIONS_MIN[21]).toBe(10080);
    expect([...RAIN_DURATIONS_MIN].sort((a, b) => a - b)).toEqual([...RAIN_DURATIONS_MIN]);
    expect(ANNUALITIES_A).toEqual([1, 2, 3, 5, 10, 20, 30, 50, 100]);
  });

  it('keeps every runoff coefficient in [0, 1] with unique ids', () => {
    expect(RUNOFF_TYPES).toHaveLength(29);
    expect(new Set(RUNOFF_TYPES.map((t) => t.id)).size).toBe(RUNOFF_TYPES.length);
    for (const t of RUNOFF_TYPES) {
      expect(t.cm).toBeGreaterThanOrEqual(0);
      expect(t.cm).toBeLessThanOrEqual(1);
      expect(t.cs).toBeLessThanOrEqual(1);
      expect(t.messageKey).toBe(`runoff.${t.id}`);
    }
    expect(RUNOFF_TYPES.find((t) => t.id === 'flatRoofGravel')).toMatchObject({ cm: 0.8, cs: 0.8 });
    expect(RUNOFF_TYPES.find((t) => t.id === 'interlockingBlocksSeepageJoints')).toMatchObject({ cm: 0.25, cs: 0.4 });
  });

  it('gives the soil categories their default permeability', () => {
    expect(SOIL_CATEGORIES.map((s) => s.id)).toEqual(['S1', 'S2', 'S3', 'S4', 'S5', 'S6', 'S7', 'S8']);
    const s2 = SOIL_CATEGORIES.find((s) => s.id === 'S2')!;
    expect(permeabilityMs(s2.permeabilityX, s2.permeabilityY)).toBeCloseTo(1.04e-3, 12);
    const s8 = SOIL_CATEGORIES.find((s) => s.id === 'S8')!;
    expect(permeabilityMs(s8.permeabilityX, s8.permeabilityY)).toBeCloseTo(1.5e-6, 15);
  });

  it('lists the ten pipe types with inner below outer diameter', () => {
    expect(PIPE_TYPES.map((p) => p.id)).toEqual([
      'DN_ID_200', 'DN_ID_350', 'DN_ID_500', 'DN_OD_630', 'DN_ID_600', 'DN_OD_800', 'DN_ID_800', 'DN_OD_1000', 'DN_OD_1200', 'DN_ID_1200',
    ]);
    for (const p of PIPE_TYPES) expect(p.innerDiameterMm).toBeLessThan(p.outerDiameterMm);
    expect(PIPE_TYPES.find((p) => p.id === 'DN_OD_630')).toMatchObject({ innerDiameterMm: 535, outerDiameterMm: 630 });
  });

  it('maps shaft depth codes 050…600 to 0.5…6 m for both shaft families', () => {
    expect(SHAFT_DEPTH_M['050']).toBe(0.5);
    expect(SHAFT_DEPTH_M['600']).toBe(6);
    expect(SHAFT_TYPE_IDS).toHaveLength(24);
    expect(SHAFT_TYPE_IDS).toContain('SHAFT_C3_DROSSEL_050');
    expect(SHAFT_TYPE_IDS).toContain('SHAFT_C3_X_600');
  });

  it('has the M 153 point tables', () => {
    expect(AIR_POLLUTION.map((a) => a.points)).toEqual([1, 2, 4, 8]);
    expect(GROUND_POLLUTION.map((g) => g.points)).toEqual([5, 8, 12, 19, 27, 35, 45]);
    expect(WATER_CATEGORIES).toHaveLength(21);
    expect(WATER_CATEGORIES.find((w) => w.id === 'G1')?.points).toBe(33);
    expect(WATER_CATEGORIES.find((w) => w.id === 'G12')?.points).toBe(10);
    expect(WATER_CATEGORIES.find((w) => w.id === 'G28')?.points).toBe(0);
    expect(ABOVE_GROUND_FACTORS.D1).toEqual({ FIVE: 0.1, FIFTEEN: 0.2, FIFTY: 0.45 });
    expect(ABOVE_GROUND_FACTORS.D4).toEqual({ FIVE: 0.35, FIFTEEN: 0.45, FIFTY: 0.6 });
  });

  it('maps all 18 area groups to A 102-2 categories', () => {
    expect(AREA_GROUPS).toHaveLength(18);
    expect(A102_CATEGORIES.map((c) => c.ablationKgHaA)).toEqual([280, 530, 760]);
    const cat = (id: string) => AREA_GROUPS.find((g) => g.id === id)?.category;
    for (const id of ['D', 'VW1', 'V1']) expect(cat(id)).toBe('I');
    for (const id of ['VW2', 'V2', 'BG2', 'BF', 'BL', 'SD1']) expect(cat(id)).toBe('II');
    for (const id of ['V3', 'BG1', 'SV', 'SF', 'SL', 'BG3', 'SG', 'SA', 'SD2']) expect(cat(id)).toBe('III');
  });

  it('has the spec defaults', () => {
    expect(DEFAULTS).toMatchObject({
      acThresholdM2: 800,
      safetyMarginPercent: 20,
      storageCoefficientPercent: 95,
      storageCoefficientMaterialPercent: 30,
      throttleDischargeRetentionLs: 1,
      boxHeightM: 0.66,
      boxHalfHeightM: 0.36,
      maxLevels: 7,
      troughDepthM: 0.3,
      troughSlope: 2.5,
      recurrenceIntervalA: 5,
      recurrenceIntervalTroughA: 1,
      recurrenceIntervalFloodingA: 30,
      recurrenceIntervalFloodingOptionA: 100,
      safetyMarginFlooding: 'Fz15',
    });
  });
});
