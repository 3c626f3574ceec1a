import { describe, expect, it } from 'vitest';
import { SHAFT_TYPE_IDS } from '../tables/shafts.ts';
import { PIPE_TYPE_IDS } from '../tables/pipes.ts';
import { demoCatalogue } from '../../test-support/demoCatalogue.ts';
import { geometryLookup, indexCatalogue, parseCatalogue, resolvedPlants, shaftHeightMm } from './catalogue.ts';

const demo = demoCatalogue();
const products = { currency: 'EUR', products: demo.products };
const boxes = { itemTypes: demo.itemTypes, plants: demo.plants, propertySets: demo.propertySets, rules: demo.rules };

describe('demo catalogue (fixtures/catalogue)', () => {
  it('has a full box 800 × 800 × 660 mm with 401 l and a half box 800 × 800 × 360 mm', () => {
    const lookup = geometryLookup(demo);
    expect(lookup('BOX_FULL')).toEqual({ businessId: 'BOX_FULL', kind: 'BOX', lengthMm: 800, widthMm: 800, heightMm: 660, volumeNetL: 401, shaftDepthM: undefined });
    expect(lookup('BOX_HALF')).toMatchObject({ kind: 'BOX', heightMm: 360 });
    expect(lookup('NO_SUCH_TYPE')).toBeUndefined();
  });

  it('has every shaft type of spec §9 with its depth', () => {
    const lookup = geometryLookup(demo);
    for (const id of SHAFT_TYPE_IDS) {
      const g = lookup(id);
      expect(g, id).toMatchObject({ kind: 'SHAFT', volumeNetL: 0, shaftDepthM: Number(id.slice(-3)) / 100 });
    }
  });

  it('has pipe connections DN 110 … 500 as plants and a pipe product for every pipe type', () => {
    expect(demo.plants.map((p) => p.diameterMm)).toEqual([110, 160, 200, 250, 315, 400, 500]);
    expect(Object.keys(demo.rules.pipes).sort()).toEqual([...PIPE_TYPE_IDS].sort());
    expect(resolvedPlants(demo).every((p) => p.configurationPropertySet.groups.length > 0)).toBe(true);
  });

  it('finds products by materialNumber, else by orderNumber', () => {
    const index = indexCatalogue(demo);
    expect(index.product('100100')?.orderNumber).toBe('RB-800');
    expect(index.product('RB-800')?.materialNumber).toBe('100100');
    expect(index.product('nope')).toBeUndefined();
  });
});

describe('shaftHeightMm (spec §4: whole metres × box height, a fraction adds 360 mm)', () => {
  it.each([
    [0.5, 360],
    [1, 660],
    [1.5, 1020],
    [2, 1320],
    [6, 3960],
  ])('%s m → %s mm', (depth, mm) => expect(shaftHeightMm(depth)).toBe(mm));
});

describe('parseCatalogue', () => {
  it('accepts the demo files as text', () => {
    const result = parseCatalogue(JSON.stringify(products), JSON.stringify(boxes));
    expect(result.ok).toBe(true);
  });

  it('reports unreadable JSON per file', () => {
    const result = parseCatalogue('{', JSON.stringify(boxes));
    expect(result).toMatchObject({ ok: false, errors: [{ code: 'INVALID_JSON', file: 'products', path: '$' }] });
  });

  it('reports schema errors with a JSON path (price with 3 decimals, unknown field)', () => {
    const bad = { ...products, products: [{ ...demo.products[0]!, listPrice: '1.234' }] };
    const result = parseCatalogue(bad, { ...boxes, extra: 1 });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.some((e) => e.file === 'products' && e.path === '$.products[0].listPrice')).toBe(true);
    expect(result.errors.some((e) => e.file === 'boxes')).toBe(true);
  });

  it('reports dangling product and property-set references and duplicates', () => {
    const itemTypes = [{ ...demo.itemTypes[0]!, product: 'missing', propertySetId: 'NOPE' }, ...demo.itemTypes];
    const result = parseCatalogue(products, { ...boxes, itemTypes });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ code: 'REFERENCE', path: '$.itemTypes[0].product' }),
        expect.objectContaining({ code: 'REFERENCE', path: '$.itemTypes[0].propertySetId' }),
        expect.objectContaining({ code: 'DUPLICATE', path: '$.itemTypes[1]' }),
      ]),
    );
  });

  it('refuses a box without height and a shaft without depth', () => {
    const { heightMm: _h, ...box } = demo.itemTypes[0]!;
    const { shaftDepthM: _d, ...shaft } = demo.itemTypes.find((t) => t.typeCustom === 'SHAFT')!;
    const result = parseCatalogue(products, { ...boxes, itemTypes: [box, { ...shaft, businessId: 'S' }] });
    expect(result.ok).toBe(false);
  });

  it('never throws on garbage', () => {
    for (const junk of [null, 1, 'null', [], { products: 'x' }, '"text"']) {
      expect(parseCatalogue(junk, junk).ok).toBe(false);
    }
  });
});
