/**
 * The box grid with the demo catalogue's geometry (the contract `geometryLookup(catalogue)` of
 * `itemGeometry.ts`): the README example and the catalogue's property sets through the §5 check.
 */
import { describe, expect, it } from 'vitest';
import { geometryLookup } from '../catalogue/catalogue.ts';
import { demoCatalogue } from '../../test-support/demoCatalogue.ts';
import { configurationLevels } from './levels.ts';
import { createGrid, fillLayer, place } from './grid.ts';
import { validatePropertySets } from './options.ts';
import { configurationVolumes } from './volumes.ts';

const catalogue = demoCatalogue();
const lookup = geometryLookup(catalogue);

describe('box grid over the demo catalogue', () => {
  it('the README example: 14 full boxes and a 1.5 m throttle shaft', () => {
    let grid = createGrid({ id: 'c1', name: 'Rigole', lengthM: 4, widthM: 2.4, layers: 1 });
    const r = fillLayer(grid, lookup, 0, 'BOX_FULL');
    expect(r.changes.added).toHaveLength(15);
    grid = place(r.grid, lookup, { x: 4, y: 0, z: 2, boxTypeId: 'SHAFT_C3_DROSSEL_150' }).grid;
    const v = configurationVolumes(grid, lookup);
    expect(v).toMatchObject({ boxCount: 14, shaftCount: 1, lengthM: 4, widthM: 2.4, heightM: 1.02, levels: 1.5 });
    expect(v.netVolumeL).toBeCloseTo(14 * 0.64 * 0.66 * 0.95 * 1000 + 0.64 * 1.5 * 0.95 * 1000, 6); // 5,617.92 + 912 l (decision 0168)
    expect(v.grossVolumeL).toBeCloseTo(v.netVolumeL / 0.95, 3);
    expect(configurationLevels(grid, lookup).heightMm).toBe(1020);
  });
  it('the half box is 360 mm high and every shaft code has its depth', () => {
    expect(lookup('BOX_HALF')).toMatchObject({ kind: 'BOX', heightMm: 360 });
    for (const code of ['050', '100', '600']) expect(lookup(`SHAFT_C3_X_${code}`)).toMatchObject({ kind: 'SHAFT', shaftDepthM: Number(code) / 100 });
  });
  it('the demo catalogue\'s property sets pass the §5 check', () => {
    expect(validatePropertySets(catalogue.propertySets).ok).toBe(true);
  });
});
