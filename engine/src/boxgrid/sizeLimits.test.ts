/**
 * The size limits of the box grid (decisions 0190–0192): one configuration holds at most
 * `SIZE_LIMITS.configurationItemsMax` items, a measure's block is measured before it is laid out,
 * and drawings stay within the pixel limits however large the grid.
 */
import { describe, expect, it } from 'vitest';
import { evaluate } from '../evaluate/evaluate.ts';
import { parseProject } from '../project/parseProject.ts';
import type { Measure } from '../model/measure.ts';
import { SCHEMA_VERSION } from '../model/project.ts';
import { SIZE_LIMITS } from '../tables/defaults.ts';
import { FULL, lookup } from '../testing/boxGeometry.test-helpers.ts';
import { configurationDepiction, configurationSvg, drawingScale, rasterZoom } from './drawing.ts';
import { createGrid, erase, fillLayer, MAX_CELLS_PER_EDGE, MAX_GRID_ITEMS, place } from './grid.ts';
import { deleteLayer, insertLayer } from './gridShape.ts';
import { gridForMeasure, measureBlock } from './measureLink.ts';
import { checkItemList, MAX_ITEMS } from './wire.ts';

const svgSize = (svg: string) => {
  const m = /<svg[^>]* width="(\d+)" height="(\d+)"/.exec(svg);
  return { width: Number(m?.[1]), height: Number(m?.[2]) };
};

function boxTank(length: number, width: number, levels: number): Measure {
  return {
    id: 'm1',
    name: 'Rigole',
    parentId: null,
    sealedSurfaces: [],
    data: { installationTarget: 'Infiltration', installationVariant: 'infiltrationTank', infiltrationTankType: 'Box', dimensioningInfiltrationTank: { length, width, levels } },
  } as unknown as Measure;
}

describe('the shared limits', () => {
  it('are the grid, wire and project-file limits', () => {
    expect(MAX_CELLS_PER_EDGE).toBe(SIZE_LIMITS.gridMaxCellsPerEdge);
    expect(SIZE_LIMITS.gridMaxEdgeM).toBeCloseTo((SIZE_LIMITS.gridMaxCellsPerEdge * 800) / 1000, 9);
    expect(MAX_GRID_ITEMS).toBe(50_000);
    expect(MAX_ITEMS).toBe(MAX_GRID_ITEMS);
    expect(SIZE_LIMITS.boxTankEdgeMaxM).toBe(SIZE_LIMITS.gridMaxEdgeM);
  });

  it('an item list one over the limit is refused at its end', () => {
    const item = { boxId: 'b', boxTypeId: FULL, x: 0, y: 0, z: 0, rotation: 'North' };
    expect(checkItemList(Array.from({ length: MAX_ITEMS }, () => item)).ok).toBe(true);
    const over = checkItemList(Array.from({ length: MAX_ITEMS + 1 }, () => item));
    expect(over.ok).toBe(false);
    expect(over.ok ? undefined : over.message.params['index']).toBe(MAX_ITEMS);
  });
});

describe('TOO_MANY_ITEMS', () => {
  it('a fill that would pass 50,000 items is refused whole; editing a full grid still works', () => {
    // 200 × 200 cells: one layer is 40,000 items, a second full layer would be 80,000.
    let g = createGrid({ id: 'c', name: 'Big', lengthM: 160, widthM: 160, layers: 2 });
    g = fillLayer(g, lookup, 0, FULL).grid;
    expect(g.boxCount).toBe(40_000);
    const second = fillLayer(g, lookup, 1, FULL);
    expect(second.refused?.code).toBe('TOO_MANY_ITEMS');
    expect(second.refused?.messageKey).toBe('configurator.tooManyItems');
    expect(second.refused?.params['max']).toBe(50_000);
    expect(second.grid).toBe(g);
    // up to the limit is fine: 10,000 more cells
    const part = fillLayer(g, lookup, 1, FULL, { x0: 0, z0: 0, x1: 49, z1: 199 });
    expect(part.refused).toBeUndefined();
    expect(part.grid.boxCount).toBe(50_000);
    // at the limit: one more box is refused, replacing or erasing one is not
    expect(place(part.grid, lookup, { x: 60, y: 1, z: 0, boxTypeId: FULL }).refused?.code).toBe('TOO_MANY_ITEMS');
    expect(place(part.grid, lookup, { x: 0, y: 1, z: 0, boxTypeId: FULL }).refused).toBeUndefined();
    const erased = erase(part.grid, 0, 1, 0);
    expect(erased.grid.boxCount).toBe(49_999);
    expect(place(erased.grid, lookup, { x: 60, y: 1, z: 0, boxTypeId: FULL }).refused).toBeUndefined();
    // inserting a layer duplicates one: refused past the limit, deleting one is not
    expect(insertLayer(part.grid, 1, 'above').refused?.code).toBe('TOO_MANY_ITEMS');
    expect(deleteLayer(part.grid, 1).grid.boxCount).toBe(40_000);
  });
});

describe('measureBlock', () => {
  it('counts the block a measure opens without laying it out', () => {
    expect(measureBlock(boxTank(4, 2.4, 2))).toEqual({ cellsX: 5, cellsZ: 3, layers: 2, halfLayer: false, items: 30, fits: true });
    // the outside check's 160 m × 160 m × 7 levels: 280,000 boxes
    expect(measureBlock(boxTank(160, 160, 7))).toMatchObject({ cellsX: 200, cellsZ: 200, layers: 7, items: 280_000, fits: false });
    // levels stop at 7 (a half level above 7 is left out); lengths stop at the grid
    expect(measureBlock(boxTank(1000, 0.8, 9.5))).toMatchObject({ cellsX: 200, cellsZ: 1, layers: 7, items: 1400, fits: true });
    // the largest block that fits: 200 × 250/… e.g. 160 m × 40 m × 7 = 200 × 50 × 7 = 70,000 does not, × 5 levels = 50,000 does
    expect(measureBlock(boxTank(160, 40, 5))).toMatchObject({ items: 50_000, fits: true });
    expect(measureBlock(boxTank(160, 40.8, 5))).toMatchObject({ items: 51_000, fits: false });
  });

  it('gridForMeasure lays out a fitting block whole', () => {
    const g = gridForMeasure({ id: 'c', name: 'Block' }, boxTank(160, 40, 5), lookup, FULL);
    expect(g.boxCount).toBe(measureBlock(boxTank(160, 40, 5)).items);
  });
});

describe('measure dimensions', () => {
  it('the schema bounds every tank and trough dimension (SIZE_LIMITS)', () => {
    const project = (tank: Record<string, number>, trough: Record<string, number> = {}) => ({
      schemaVersion: SCHEMA_VERSION,
      project: { name: 'Limits' },
      waterflow: {
        sealedSurfaces: [{ id: 's1', name: 'Dach', value: 100, parentId: 'm1', drain: 'Groundwater', data: { runoff: 'flatRoof', cm: 0.9, cs: 1 } }],
        purifications: [],
        measures: [{ ...boxTank(1, 1, 1), sealedSurfaces: ['s1'], data: { ...boxTank(1, 1, 1).data, dimensioningInfiltrationTank: tank, dimensioningTrough: trough } }],
      },
    });
    const atLimit = { length: SIZE_LIMITS.measureLengthMaxM, width: SIZE_LIMITS.measureLengthMaxM, height: SIZE_LIMITS.measureHeightMaxM, numberOfPipes: SIZE_LIMITS.numberOfPipesMax };
    const troughAtLimit = { length: SIZE_LIMITS.measureLengthMaxM, width: SIZE_LIMITS.measureLengthMaxM, depth: SIZE_LIMITS.measureHeightMaxM, slope: SIZE_LIMITS.troughSlopeMax };
    expect(parseProject(project(atLimit, troughAtLimit)).ok).toBe(true);
    const over: Array<[string, Record<string, number>, Record<string, number>]> = [
      ['length', { length: 1000.5 }, {}],
      ['width', { width: 1e9 }, {}],
      ['height', { height: 100.5 }, {}],
      ['numberOfPipes', { numberOfPipes: 1001 }, {}],
      ['dimensioningTrough.length', {}, { length: 1000.01 }],
      ['dimensioningTrough.depth', {}, { depth: 101 }],
      ['dimensioningTrough.slope', {}, { slope: 100.5 }],
    ];
    for (const [field, tank, trough] of over) {
      const refused = parseProject(project({ length: 8, width: 8, levels: 1, ...tank }, trough));
      expect(refused.ok, field).toBe(false);
      if (!refused.ok) expect(refused.errors[0]?.path).toContain(field.split('.').pop());
    }
  });
});

describe('box tanks on the grid', () => {
  it('a box tank longer or wider than the grid is an ABOVE_MAXIMUM issue at the field; 160 m is not', () => {
    const project = (tank: Record<string, number>) =>
      parseProject({
        schemaVersion: SCHEMA_VERSION,
        project: { name: 'Limits' },
        waterflow: {
          sealedSurfaces: [{ id: 's1', name: 'Dach', value: 100, parentId: 'm1', drain: 'Groundwater', data: { runoff: 'flatRoof', cm: 0.9, cs: 1 } }],
          purifications: [],
          measures: [{ ...boxTank(1, 1, 1), sealedSurfaces: ['s1'], data: { ...boxTank(1, 1, 1).data, dimensioningInfiltrationTank: tank } }],
        },
      });
    const above = (tank: Record<string, number>) => {
      const parsed = project(tank);
      if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
      return evaluate(parsed.project).issues.filter((i) => i.code === 'ABOVE_MAXIMUM').map((i) => [i.field, i.params?.['max']]);
    };
    expect(above({ length: 160.8, width: 8, levels: 1 })).toEqual([['data.dimensioningInfiltrationTank.length', 160]]);
    expect(above({ length: 8, width: 200, levels: 1 })).toEqual([['data.dimensioningInfiltrationTank.width', 160]]);
    expect(above({ length: 160, width: 160, levels: 7 })).toEqual([]);
  });
});

describe('drawings are bounded in pixels', () => {
  it('drawingScale keeps the wanted scale for small drawings and caps large ones', () => {
    expect(drawingScale(4, 2.4, 40)).toBe(40);
    const px = drawingScale(160, 160, 40);
    const edge = 160 * px + 96;
    expect(edge).toBeLessThanOrEqual(SIZE_LIMITS.drawingMaxEdgePx);
    expect(edge * edge).toBeLessThanOrEqual(SIZE_LIMITS.drawingMaxPixels);
    expect(edge * edge).toBeGreaterThan(SIZE_LIMITS.drawingMaxPixels * 0.99);
    // a long, thin drawing is bounded by its edge
    expect(160 * drawingScale(160, 0.66, 40) + 96).toBeLessThanOrEqual(SIZE_LIMITS.drawingMaxEdgePx);
    expect(rasterZoom(256, 192, 2)).toBe(2);
    expect(rasterZoom(2048, 2048, 2)).toBeCloseTo(1, 2);
    expect(rasterZoom(2048, 2048, 2)).toBeLessThanOrEqual(1);
  });

  it('an empty 160 m grid and a full layer of it draw within the limits, every view', () => {
    const empty = createGrid({ id: 'c', name: 'Leer', lengthM: 160, widthM: 160, layers: 7 });
    const full = fillLayer(createGrid({ id: 'c', name: 'Voll', lengthM: 160, widthM: 160 }), lookup, 0, FULL).grid;
    for (const grid of [empty, full]) {
      for (const svg of [configurationSvg(grid, lookup, 'top'), configurationSvg(grid, lookup, 'front'), configurationSvg(grid, lookup, 'side'), configurationDepiction(grid, lookup)]) {
        const { width, height } = svgSize(svg);
        expect(width).toBeLessThanOrEqual(SIZE_LIMITS.drawingMaxEdgePx);
        expect(height).toBeLessThanOrEqual(SIZE_LIMITS.drawingMaxEdgePx);
        expect(width * height).toBeLessThanOrEqual(SIZE_LIMITS.drawingMaxPixels);
      }
    }
    // elements grow with the items: the empty grid's top view is a few hundred bytes
    expect(configurationSvg(empty, lookup, 'top').length).toBeLessThan(500);
    expect((configurationSvg(full, lookup, 'top').match(/<rect /g) ?? []).length).toBe(40_001);
  });
});
