/**
 * The default shaft depth (planning spec section 9: "Default shaft depth 0.5 of box height"): a
 * shaft item type without its depth — which `parseCatalogue` refuses, but an unchecked catalogue
 * object can hold — is taken as 0.33 m deep, half a level (360 mm), not as 0 m.
 */
import { describe, expect, it } from 'vitest';
import { demoCatalogue } from '../../test-support/demoCatalogue.ts';
import { DEFAULT_SHAFT_DEPTH_M, DEFAULTS } from '../tables/defaults.ts';
import { geometryLookup, shaftHeightMm } from './catalogue.ts';

describe('default shaft depth', () => {
  it('is half a box height, 0.33 m, which the depth rule counts as 360 mm', () => {
    expect(DEFAULT_SHAFT_DEPTH_M).toBeCloseTo(DEFAULTS.boxHeightM / 2, 12);
    expect(DEFAULT_SHAFT_DEPTH_M).toBeCloseTo(0.33, 12);
    expect(shaftHeightMm(DEFAULT_SHAFT_DEPTH_M)).toBe(360);
  });

  it('a shaft type without its depth gets it; a shaft with its depth keeps its own', () => {
    const demo = demoCatalogue();
    const shaft = demo.itemTypes.find((t) => t.typeCustom === 'SHAFT')!;
    const { shaftDepthM: _dropped, ...withoutDepth } = shaft;
    const catalogue = { ...demo, itemTypes: [...demo.itemTypes.filter((t) => t.businessId !== shaft.businessId), withoutDepth] };
    expect(geometryLookup(catalogue)(shaft.businessId)).toMatchObject({ kind: 'SHAFT', shaftDepthM: DEFAULT_SHAFT_DEPTH_M, heightMm: 360 });
    expect(geometryLookup(demo)(shaft.businessId)?.shaftDepthM).toBe(shaft.shaftDepthM);
  });
});
