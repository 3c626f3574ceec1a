import { describe, expect, it } from 'vitest';
import { a102Assessment, a102Passes } from './a102.ts';

describe('DWA-A 102-2 assessment', () => {
  const mixed = [
    { surfaceId: 'roof', areaM2: 5000, areaGroup: 'D' as const },
    { surfaceId: 'road', areaM2: 5000, areaGroup: 'V3' as const },
  ];

  it('computes ablation, area-specific ablation and the required efficiency', () => {
    const a = a102Assessment(mixed, false);
    expect(a.data.totalAblation).toBeCloseTo(0.5 * 280 + 0.5 * 760, 12);
    expect(a.data.areaSpecificAblation).toBeCloseTo(520, 12);
    expect(a.data.permittedAblation).toBeCloseTo(280, 12);
    expect(a.requiredRestraint).toBeCloseTo(240, 12);
    expect(a.requiredEfficiency).toBeCloseTo(1 - 280 / 520, 12);
    expect(a.data.categoryI).toEqual({ totalAblation: 140, area: 5000, areaProportion: 0.5 });
    expect(a.data.categoryII).toEqual({ totalAblation: 0, area: 0, areaProportion: 0 });
    expect(a.data.categoryIII).toEqual({ totalAblation: 380, area: 5000, areaProportion: 0.5 });
    expect(a.thresholdExceeded).toBe(true);
    expect(a102Passes(a, undefined)).toBe(false);
    expect(a102Passes(a, 0.5)).toBe(true);
    expect(a102Passes(a, 0.4)).toBe(false);
  });

  it('with an external bypass 10 % passes untreated and the facility must do more', () => {
    const a = a102Assessment(mixed, true);
    expect(a.data.ablationOfBypass).toBeCloseTo(52, 12);
    expect(a.data.intakeWithBypass).toBeCloseTo(468, 12);
    expect(a.requiredEfficiency).toBeCloseTo(240 / 468, 12);
    expect(a102Passes(a, 0.5)).toBe(false);
    expect(a102Passes(a, 0.52)).toBe(true);
  });

  it('passes without treatment at or below 280 kg/(ha·a)', () => {
    const a = a102Assessment([{ surfaceId: 'roof', areaM2: 1200, areaGroup: 'VW1' }], false);
    expect(a.data.areaSpecificAblation).toBeCloseTo(280, 12);
    expect(a.requiredEfficiency).toBe(0);
    expect(a.thresholdExceeded).toBe(false);
    expect(a102Passes(a, undefined)).toBe(true);
  });

  it('counts surfaces without an area group with their area only and reports incompleteness', () => {
    const a = a102Assessment([...mixed, { surfaceId: 'x', areaM2: 10000, areaGroup: undefined }], false);
    expect(a.complete).toBe(false);
    expect(a.data.areaSpecificAblation).toBeCloseTo(260, 12);
    expect(a102Assessment([], false).data).toMatchObject({ totalAblation: 0, areaSpecificAblation: 0, permittedAblation: 0 });
  });
});
