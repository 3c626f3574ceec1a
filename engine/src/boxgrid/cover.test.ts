/** Levels and soil cover of a configuration (decision 0172). */
import { describe, expect, it } from 'vitest';
import { FULL, lookup } from '../testing/boxGeometry.test-helpers.ts';
import { coverChecks, coverDepth, defaultLevels, HEIGHT_OVERRIDE_MAX_M, heightOverrideOf, installedHeightM, isHeightOverride, isLevel, MIN_COVER_M } from './cover.ts';
import { createGrid, fillLayer } from './grid.ts';
import { updateSettings } from './gridShape.ts';
import { gridForMeasure, linkedTankDimensioning } from './measureLink.ts';
import { configurationVolumes } from './volumes.ts';
import { gridFromConfiguration, toConfiguration } from './wire.ts';

describe('defaultLevels', () => {
  it('plant bottom = ground − height − minimum cover (0.5 m), in millimetres', () => {
    expect(MIN_COVER_M).toBe(0.5);
    expect(defaultLevels({ heightM: 0.66 })).toEqual({ groundLevel: 0, plantBottomLevel: -1.16 });
    expect(defaultLevels({ heightM: 3 * 0.66, groundLevel: 112.4 })).toEqual({ groundLevel: 112.4, plantBottomLevel: 109.92 });
    expect(defaultLevels({ heightM: 1.32, minCoverM: 0.8 })).toEqual({ groundLevel: 0, plantBottomLevel: -2.12 });
  });
  it('bad input falls back: a height that is NaN or negative counts 0, a ground level beyond ±1000 m or NaN is 0', () => {
    expect(defaultLevels({ heightM: Number.NaN })).toEqual({ groundLevel: 0, plantBottomLevel: -0.5 });
    expect(defaultLevels({ heightM: -4, groundLevel: 1e9 })).toEqual({ groundLevel: 0, plantBottomLevel: -0.5 });
    expect(defaultLevels({ heightM: 0.66, groundLevel: Number.NaN, minCoverM: -1 })).toEqual({ groundLevel: 0, plantBottomLevel: -1.16 });
  });
  it('the defaults of a new grid, of a measure block and of a loaded configuration without levels give the minimum cover, no message', () => {
    const fresh = createGrid({ id: 'c', name: 'n', layers: 3 });
    expect(fresh.settings.plantBottomLevel).toBe(defaultLevels({ heightM: 1.98 }).plantBottomLevel);
    const measure = { id: 'm', name: 'm', data: { installationType: 'infiltrationBoxes', dimensioningInfiltrationTank: { length: 1.6, width: 0.8, levels: 2 } } } as unknown as Parameters<typeof gridForMeasure>[1];
    const block = gridForMeasure({ id: 'b', name: 'b' }, measure, lookup, FULL);
    expect(coverDepth({ ...block.settings, heightM: 1.32 })).toBeCloseTo(0.5, 9);
    const loaded = gridFromConfiguration({ id: 'l', name: 'l', dimensioning: { levels: 1 }, items: [{ boxId: 'b1', boxTypeId: FULL, x: 0, y: 0, z: 0, rotation: 'North' }] }, lookup).grid;
    expect([loaded.settings.groundLevel, loaded.settings.plantBottomLevel]).toEqual([0, -1.16]);
    // given levels are kept as they are, even both 0
    const kept = gridFromConfiguration({ id: 'k', name: 'k', groundLevel: 0, plantBottomLevel: 0, items: [] }, lookup).grid;
    expect([kept.settings.groundLevel, kept.settings.plantBottomLevel]).toEqual([0, 0]);
  });
});

describe('coverChecks', () => {
  const at = (plantBottomLevel: number) => coverChecks({ groundLevel: 10, plantBottomLevel, heightM: 1.32, occupied: true });
  it('cover ≥ 0.5 m: none; 0 ≤ cover < 0.5 m: GROUND_LEVEL_TOO_LOW; cover < 0: PLANT_BOTTOM_TOO_HIGH', () => {
    expect(at(8.18)).toEqual([]);
    expect(at(8.0)).toEqual([]);
    expect(at(8.3).map((m) => [m.code, m.messageKey, m.severity])).toEqual([['GROUND_LEVEL_TOO_LOW', 'configurator.groundLevelTooLow', 'warning']]);
    expect(at(8.3)[0]!.params).toEqual({ coverDepthM: 0.38, minCoverM: 0.5, plantBottomLevel: 8.3, maxPlantBottomLevel: 8.18 });
    expect(at(8.68).map((m) => m.code)).toEqual(['GROUND_LEVEL_TOO_LOW']);
    expect(at(8.69).map((m) => [m.code, m.messageKey])).toEqual([['PLANT_BOTTOM_TOO_HIGH', 'configurator.plantBottomTooHigh']]);
    expect(at(8.69)[0]!.params['coverDepthM']).toBe(-0.01);
  });
  it('an empty configuration has no cover check; a caller may pass its own minimum', () => {
    expect(coverChecks({ groundLevel: 0, plantBottomLevel: 0, heightM: 0, occupied: false })).toEqual([]);
    expect(coverChecks({ groundLevel: 10, plantBottomLevel: 8.3, heightM: 1.32, occupied: true, minCoverM: 0.3 })).toEqual([]);
  });
});

describe('levels are bounded', () => {
  it('isLevel: finite numbers within ±1000 m only', () => {
    expect([0, -1000, 1000, 112.35].every(isLevel)).toBe(true);
    expect([1e9, -1000.001, Number.NaN, Number.POSITIVE_INFINITY, '1', null, undefined].some(isLevel)).toBe(false);
  });
  it('updateSettings refuses a level of 1e9 or NaN with INVALID_VALUE and keeps the grid', () => {
    const g = fillLayer(createGrid({ id: 'c', name: 'n' }), lookup, 0, FULL).grid;
    for (const v of [1e9, Number.NaN]) {
      const r = updateSettings(g, { groundLevel: v });
      expect(r.refused).toMatchObject({ code: 'INVALID_VALUE', messageKey: 'configurator.invalidValue', params: { field: 'groundLevel' } });
      expect(r.grid).toBe(g);
    }
    expect(updateSettings(g, { plantBottomLevel: -1e9 }).refused?.params).toEqual({ field: 'plantBottomLevel' });
  });
});

describe('height override (planning spec §5 "height overrides")', () => {
  const twoLayers = () => fillLayer(fillLayer(createGrid({ id: 'h', name: 'h', lengthM: 1.6, widthM: 1.6, layers: 2, groundLevel: 0, plantBottomLevel: -2 }), lookup, 0, FULL).grid, lookup, 1, FULL).grid;

  it('is a finite height above 0 and at most 10 m, rounded to millimetres', () => {
    expect(HEIGHT_OVERRIDE_MAX_M).toBe(10);
    for (const ok of [0.001, 1.5, 10]) expect(isHeightOverride(ok)).toBe(true);
    for (const bad of [0, -0.66, 10.001, Number.NaN, Number.POSITIVE_INFINITY, '1.5', null, undefined]) expect(isHeightOverride(bad)).toBe(false);
    expect(heightOverrideOf(1.23456)).toBe(1.235);
    expect(heightOverrideOf(0)).toBeNull();
    expect(heightOverrideOf(-1)).toBeNull();
  });

  it('the installed height is the override when the items have a height, else theirs; an empty configuration has none', () => {
    expect(installedHeightM(1.32, 1.5)).toBe(1.5);
    expect(installedHeightM(1.32, null)).toBe(1.32);
    expect(installedHeightM(1.32, undefined)).toBe(1.32);
    expect(installedHeightM(1.32, -2)).toBe(1.32);
    expect(installedHeightM(0, 1.5)).toBe(0);
  });

  it('cover and construction pit take the override; volumes, levels and the envelope stay those of the items', () => {
    const plain = twoLayers();
    const before = configurationVolumes(plain, lookup);
    expect(before.heightM).toBeCloseTo(1.32, 9);
    expect(before.installedHeightM).toBeCloseTo(1.32, 9);
    expect(before.coverDepthM).toBeCloseTo(0.68, 9);
    expect(before.messages).toEqual([]);
    const overridden = updateSettings(plain, { heightOverrideM: 1.7 });
    expect(overridden.refused).toBeUndefined();
    const after = configurationVolumes(overridden.grid, lookup);
    expect(after.installedHeightM).toBe(1.7);
    expect(after.coverDepthM).toBeCloseTo(0.3, 9);
    expect(after.messages.map((m) => m.code)).toEqual(['GROUND_LEVEL_TOO_LOW']);
    expect(after.messages[0]!.params).toMatchObject({ coverDepthM: 0.3, maxPlantBottomLevel: -2.2 });
    // a pit deeper than ground − plant bottom: the built height + bedding
    const shallow = updateSettings(overridden.grid, { plantBottomLevel: -1 }).grid;
    expect(configurationVolumes(shallow, lookup).pit.depthM).toBeCloseTo(1.7 + 0.1, 9);
    expect(configurationVolumes(updateSettings(shallow, { heightOverrideM: null }).grid, lookup).pit.depthM).toBeCloseTo(1.32 + 0.1, 9);
    for (const key of ['netVolumeM3', 'grossVolumeM3', 'heightM', 'levels', 'lengthM', 'widthM', 'surfaceAreaM2'] as const) expect(after[key]).toBe(before[key]);
  });

  it('updateSettings refuses a bad override with INVALID_VALUE and keeps the grid; null clears it', () => {
    const g = twoLayers();
    for (const bad of [0, -1, 10.5, Number.NaN]) {
      const r = updateSettings(g, { heightOverrideM: bad });
      expect(r.refused).toMatchObject({ code: 'INVALID_VALUE', params: { field: 'heightOverrideM' } });
      expect(r.grid).toBe(g);
    }
    const set = updateSettings(g, { heightOverrideM: 1.98765 }).grid;
    expect(set.settings.heightOverrideM).toBe(1.988);
    expect(updateSettings(set, { heightOverrideM: null }).grid.settings.heightOverrideM).toBeNull();
  });

  it('travels with the configuration (wire form) and is absent when not set; a bad stored value counts as none', () => {
    const g = updateSettings(twoLayers(), { heightOverrideM: 1.5 }).grid;
    const wire = toConfiguration(g, lookup);
    expect(wire.dimensioning).toMatchObject({ height: 1.32, levels: 2, heightOverride: 1.5 });
    expect(gridFromConfiguration(wire, lookup).grid.settings.heightOverrideM).toBe(1.5);
    expect(toConfiguration(twoLayers(), lookup).dimensioning).not.toHaveProperty('heightOverride');
    expect(gridFromConfiguration({ ...wire, dimensioning: { ...wire.dimensioning, heightOverride: -3 } }, lookup).grid.settings.heightOverrideM).toBeNull();
    expect(createGrid({ id: 'x', name: 'x' }).settings.heightOverrideM).toBeNull();
  });

  it("the linked measure's tank keeps the items' levels and height (the sizing is the boxes')", () => {
    const plain = twoLayers();
    const overridden = updateSettings(plain, { heightOverrideM: 2.5 }).grid;
    expect(linkedTankDimensioning(overridden, lookup)).toEqual(linkedTankDimensioning(plain, lookup));
  });
});
