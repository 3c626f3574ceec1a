/** Volumes, envelope, materials, pit, cover and the level checks (docs/configurator.md; spec §9). */
import { describe, expect, it } from 'vitest';
import { FULL, HALF, lookup } from '../testing/boxGeometry.test-helpers.ts';
import { createGrid, fillLayer, place, type BoxGrid } from './grid.ts';
import { updateSettings } from './gridShape.ts';
import { configurationVolumes } from './volumes.ts';

const block = (lengthM: number, widthM: number, layers: number, objective: 'retention' | 'infiltration' = 'infiltration'): BoxGrid => {
  let g = createGrid({ id: 'c', name: 'n', lengthM, widthM, layers, stormwaterObjective: objective });
  for (let y = 0; y < layers; y++) g = fillLayer(g, lookup, y, FULL).grid;
  return g;
};

describe('configurationVolumes', () => {
  it('a 5 × 3 × 2 block of full boxes: L · B · H · 0.95 = 12,038.4 l net (not 30 × 401 l rated), gross = net / 0.95, envelope 4 × 2.4 × 1.32 m', () => {
    const v = configurationVolumes(block(4, 2.4, 2), lookup);
    expect(v.boxCount).toBe(30);
    expect(v.netVolumeL).toBeCloseTo(4 * 2.4 * 1.32 * 0.95 * 1000, 9);
    expect(v.grossVolumeL).toBeCloseTo(12038.4 / 0.95, 3);
    expect([v.lengthM, v.widthM, v.heightM, v.levels]).toEqual([4, 2.4, 1.32, 2]);
    // 2(LB + LH + BH) = 2(9.6 + 5.28 + 3.168) = 36.096 m²
    expect(v.surfaceAreaM2).toBeCloseTo(36.096, 9);
    expect(v.geotextileAreaM2).toBeCloseTo(36.096, 9);
    expect(v.foilAreaM2).toBe(0);
    expect(v.fleeceAreaM2).toBe(0);
    expect(v.countsByType).toEqual({ [FULL]: 30 });
  });
  it('retention: foil = surface area, fleece on both sides of the foil, no geotextile', () => {
    const v = configurationVolumes(block(1.6, 0.8, 1, 'retention'), lookup);
    // 2(1.28 + 1.056 + 0.528) = 5.728
    expect(v.foilAreaM2).toBeCloseTo(5.728, 9);
    expect(v.fleeceAreaM2).toBeCloseTo(11.456, 9);
    expect(v.geotextileAreaM2).toBe(0);
  });
  it('the envelope is the bounding cuboid of occupied cells only', () => {
    let g = createGrid({ id: 'c', name: 'n', lengthM: 8, widthM: 8, layers: 2 });
    g = place(g, lookup, { x: 2, y: 0, z: 3, boxTypeId: FULL }).grid;
    g = place(g, lookup, { x: 4, y: 1, z: 3, boxTypeId: HALF }).grid;
    const v = configurationVolumes(g, lookup);
    expect([v.lengthM, v.widthM, v.heightM]).toEqual([2.4, 0.8, 1.02]);
    expect(v.netVolumeL).toBeCloseTo(0.64 * (0.66 + 0.36) * 0.95 * 1000, 9); // 620.16 l
  });
  it('shaft storage: 0.8 m × 0.8 m × depth × storage coefficient (spec §9)', () => {
    const g = place(createGrid({ id: 'c', name: 'n', lengthM: 2, widthM: 2 }), lookup, { x: 0, y: 0, z: 0, boxTypeId: 'SHAFT_C3_DROSSEL_200' }).grid;
    const v = configurationVolumes(g, lookup);
    expect(v.netVolumeL).toBeCloseTo(0.64 * 2 * 0.95 * 1000, 6);
    expect(v.shaftCount).toBe(1);
    expect(v.heightM).toBe(1.32);
  });
  it('an empty configuration has zero volumes and an info message, never NaN', () => {
    const v = configurationVolumes(createGrid({ id: 'c', name: 'n' }), lookup);
    expect(v).toMatchObject({ netVolumeL: 0, grossVolumeL: 0, surfaceAreaM2: 0, lengthM: 0 });
    expect(v.pit.volumeM3).toBe(0);
    expect(v.messages.map((m) => m.code)).toEqual(['CONFIGURATION_EMPTY']);
  });
  it('construction pit: working space 0.5 m, 0.1 m bed, 45° walls, prismoid volume (decision 0087)', () => {
    let g = block(1.6, 0.8, 1);
    g = updateSettings(g, { groundLevel: 100, plantBottomLevel: 98.5 }).grid;
    const v = configurationVolumes(g, lookup);
    expect(v.pit.depthM).toBeCloseTo(1.6, 9);
    expect(v.pit.bottomLengthM).toBeCloseTo(2.6, 9);
    expect(v.pit.bottomWidthM).toBeCloseTo(1.8, 9);
    expect(v.pit.topLengthM).toBeCloseTo(5.8, 9);
    expect(v.pit.topWidthM).toBeCloseTo(5, 9);
    const mid = ((2.6 + 5.8) / 2) * ((1.8 + 5) / 2);
    expect(v.pit.volumeM3).toBeCloseTo((1.6 / 6) * (2.6 * 1.8 + 4 * mid + 5.8 * 5), 6);
    expect(v.coverDepthM).toBeCloseTo(100 - 98.5 - 0.66, 9);
    expect(v.messages).toEqual([]);
  });
  it('ground level too low: cover below the minimum gives GROUND_LEVEL_TOO_LOW', () => {
    const g = updateSettings(block(0.8, 0.8, 1), { groundLevel: 10.8, plantBottomLevel: 10 }).grid;
    const v = configurationVolumes(g, lookup);
    expect(v.messages.map((m) => [m.code, m.messageKey])).toEqual([['GROUND_LEVEL_TOO_LOW', 'configurator.groundLevelTooLow']]);
    expect(configurationVolumes(g, lookup, { minCoverM: 0.1 }).messages).toEqual([]);
  });
  it('plant bottom level too high: cover below 0 gives PLANT_BOTTOM_TOO_HIGH with the highest plant bottom for the minimum cover', () => {
    const g = updateSettings(block(0.8, 0.8, 2), { groundLevel: 1, plantBottomLevel: 0 }).grid;
    const v = configurationVolumes(g, lookup);
    expect(v.messages.map((m) => m.code)).toEqual(['PLANT_BOTTOM_TOO_HIGH']);
    // 1 − 1.32 − 0.5 (decision 0172)
    expect(v.messages[0]?.params).toMatchObject({ coverDepthM: -0.32, minCoverM: 0.5, maxPlantBottomLevel: -0.82 });
  });
  it('a new grid starts with the minimum cover (no message); levels both at 0 are checked like any others (decision 0172)', () => {
    const fresh = block(0.8, 0.8, 1);
    expect([fresh.settings.groundLevel, fresh.settings.plantBottomLevel]).toEqual([0, -1.16]);
    const v = configurationVolumes(fresh, lookup);
    expect(v.coverDepthM).toBeCloseTo(0.5, 9);
    expect(v.messages).toEqual([]);
    const zero = configurationVolumes(updateSettings(fresh, { groundLevel: 0, plantBottomLevel: 0 }).grid, lookup);
    expect(zero.coverDepthM).toBeCloseTo(-0.66, 9);
    expect(zero.messages.map((m) => [m.code, m.messageKey, m.severity])).toEqual([['PLANT_BOTTOM_TOO_HIGH', 'configurator.plantBottomTooHigh', 'warning']]);
  });
});
