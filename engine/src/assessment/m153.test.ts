import { describe, expect, it } from 'vitest';
import { m153Assessment, m153CombinedFactor, m153Passes, m153TreatmentNeeded } from './m153.ts';

describe('DWA-M 153 assessment', () => {
  it('reproduces the published example: F6 surface, L1, G12, swale with 30 cm topsoil (D = 0.20) → E = 7.2 ≤ 10', () => {
    // Source: "Bewertung DWA-M 153 – Bewertungsbeispiel", ebook-tipp.eu/grundlagen-der-rwv/bewertung-dwa-m-153:
    // B = 35 + 1 = 36 points, G = 10, D1 = 0.20 → E = 36 · 0.2 = 7.2 ≤ G.
    const a = m153Assessment({ airPollution: 'L1', waterCategory: 'G12', surfaces: [{ surfaceId: 'street', connectedAreaM2: 1000, groundPollution: 'F6' }] });
    expect(a.dischargedLoad).toBe(36);
    expect(a.throughputValue).toBeCloseTo(10 / 36, 12);
    expect(m153TreatmentNeeded(a.throughputValue!)).toBe(true);
    const D = m153CombinedFactor({ proportion: 'FIFTEEN', pretreatmentOption: 'TOPSOIL_30CM' });
    expect(D).toBe(0.2);
    expect(a.dischargedLoad! * D).toBeCloseTo(7.2, 12);
    expect(m153Passes(a.throughputValue!, D)).toBe(true);
    expect(m153Passes(a.throughputValue!, 1)).toBe(false);
  });

  it('weights the surfaces by their share of the connected area', () => {
    const a = m153Assessment({
      airPollution: 'L2',
      waterCategory: 'G12',
      surfaces: [
        { surfaceId: 'roof', connectedAreaM2: 540, groundPollution: 'F2' },
        { surfaceId: 'yard', connectedAreaM2: 360, groundPollution: 'F5' },
      ],
    });
    expect(a.surfaces).toEqual([
      { surfaceId: 'roof', area: 540, areaShare: 0.6, dischargedLoad: 0.6 * (2 + 8) },
      { surfaceId: 'yard', area: 360, areaShare: 0.4, dischargedLoad: 0.4 * (2 + 27) },
    ]);
    expect(a.dischargedLoad).toBeCloseTo(17.6, 12);
    expect(a.throughputValue).toBeCloseTo(10 / 17.6, 12);
    // the calculation table's totals (planning spec section 2: "a calculation table")
    expect(a.areaTotal).toBe(900);
    expect(a.areaShareTotal).toBe(1);
  });

  it('totals the shares of three uneven surfaces to 1, and to 0 without any connected area', () => {
    const a = m153Assessment({
      airPollution: 'L2',
      waterCategory: 'G12',
      surfaces: [
        { surfaceId: 'a', connectedAreaM2: 100, groundPollution: 'F2' },
        { surfaceId: 'b', connectedAreaM2: 100, groundPollution: 'F2' },
        { surfaceId: 'c', connectedAreaM2: 100, groundPollution: 'F2' },
      ],
    });
    expect(a.areaTotal).toBe(300);
    expect(a.areaShareTotal).toBeCloseTo(1, 15);
    const none = m153Assessment({ airPollution: 'L2', waterCategory: 'G12', surfaces: [{ surfaceId: 'a', connectedAreaM2: 0, groundPollution: 'F2' }] });
    expect(none).toMatchObject({ areaTotal: 0, areaShareTotal: 0, dischargedLoad: undefined });
    expect(m153Assessment({ airPollution: 'L2', waterCategory: 'G12', surfaces: [] })).toMatchObject({ areaTotal: 0, areaShareTotal: 0 });
    // two finite areas whose sum overflows: no total area (never Infinity), and no share
    const huge = m153Assessment({ airPollution: 'L2', waterCategory: 'G12', surfaces: [{ surfaceId: 'a', connectedAreaM2: 1e308, groundPollution: 'F2' }, { surfaceId: 'b', connectedAreaM2: 1e308, groundPollution: 'F2' }] });
    expect(huge.areaTotal).toBeUndefined();
    expect(Number.isFinite(huge.areaShareTotal)).toBe(true);
  });

  it('needs no treatment at a throughput value of at least 1', () => {
    const a = m153Assessment({ airPollution: 'L1', waterCategory: 'G1', surfaces: [{ surfaceId: 'roof', connectedAreaM2: 100, groundPollution: 'F1' }] });
    expect(a.throughputValue).toBeCloseTo(33 / 6, 12);
    expect(m153TreatmentNeeded(a.throughputValue!)).toBe(false);
    expect(m153Passes(a.throughputValue!, 1)).toBe(true);
  });

  it('cannot score with a missing category or without connected area', () => {
    expect(m153Assessment({ airPollution: undefined, waterCategory: 'G12', surfaces: [{ surfaceId: 's', connectedAreaM2: 10, groundPollution: 'F1' }] }).throughputValue).toBeUndefined();
    expect(m153Assessment({ airPollution: 'L1', waterCategory: 'G12', surfaces: [{ surfaceId: 's', connectedAreaM2: 10, groundPollution: undefined }] }).dischargedLoad).toBeUndefined();
    expect(m153Assessment({ airPollution: 'L1', waterCategory: undefined, surfaces: [{ surfaceId: 's', connectedAreaM2: 10, groundPollution: 'F1' }] }).throughputValue).toBeUndefined();
    expect(m153Assessment({ airPollution: 'L1', waterCategory: 'G12', surfaces: [{ surfaceId: 's', connectedAreaM2: 0, groundPollution: 'F1' }] }).throughputValue).toBeUndefined();
    // G28 (sensitive waters) has 0 points: value 0, treatment can never pass
    const g28 = m153Assessment({ airPollution: 'L1', waterCategory: 'G28', surfaces: [{ surfaceId: 's', connectedAreaM2: 10, groundPollution: 'F1' }] });
    expect(g28.throughputValue).toBe(0);
    expect(m153Passes(0, 0.1)).toBe(false);
  });

  it('combines facility, pretreatment and D4 factors by area ratio', () => {
    expect(m153CombinedFactor({})).toBe(1);
    expect(m153CombinedFactor({ facilityValue: 0.35 })).toBe(0.35);
    expect(m153CombinedFactor({ facilityValue: 0.5, proportion: 'FIVE', pretreatmentOption: 'TOPSOIL_20CM', withD4: true })).toBeCloseTo(0.5 * 0.2 * 0.35, 12);
    expect(m153CombinedFactor({ proportion: 'FIFTY', pretreatmentOption: 'TOPSOIL_10CM' })).toBe(0.8);
    // without an area ratio, above-ground factors cannot apply
    expect(m153CombinedFactor({ pretreatmentOption: 'TOPSOIL_10CM', withD4: true })).toBe(1);
  });
});
