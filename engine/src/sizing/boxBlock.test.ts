/** A block of boxes on the grid: dimensions rounded down, one volume formula (decision 0168). */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { demoCatalogue } from '../../test-support/demoCatalogue.ts';
import { measureMassList } from '../bom/massList.ts';
import { evaluate } from '../evaluate/evaluate.ts';
import type { Project } from '../model/project.ts';
import { createGrid, fillLayer, type BoxGrid } from '../boxgrid/grid.ts';
import { gridForMeasure, linkedTankDimensioning, measureBlock, standardItemGeometry } from '../boxgrid/measureLink.ts';
import { toConfiguration } from '../boxgrid/wire.ts';
import { configurationVolumes } from '../boxgrid/volumes.ts';
import { FULL, HALF, lookup } from '../testing/boxGeometry.test-helpers.ts';
import { boxBlockDimensions, boxBlockVolumeM3, boxGridCells, boxLevelsHeightMm, boxTankOnGrid, boxTankVolumeM3 } from './boxBlock.ts';

/** A full block of boxes in the configurator: `levels` whole layers of full boxes, a half layer on top. */
function gridBlock(cellsX: number, cellsZ: number, levels: number, storageCoefficient = 95): BoxGrid {
  const whole = Math.floor(levels);
  const half = levels - whole >= 0.5;
  let g = createGrid({ id: 'c', name: 'block', lengthM: cellsX * 0.8, widthM: cellsZ * 0.8, layers: whole + (half ? 1 : 0), storageCoefficient });
  for (let y = 0; y < whole; y++) g = fillLayer(g, lookup, y, FULL).grid;
  if (half) g = fillLayer(g, lookup, whole, HALF).grid;
  return g;
}

describe('boxBlockDimensions', () => {
  it('rounds a 2.5 × 1.7 m box tank down to the 2.4 × 1.6 m block of 3 × 2 cells and says so', () => {
    const b = boxBlockDimensions(2.5, 1.7, 1)!;
    expect(b).toMatchObject({ cellsX: 3, cellsZ: 2, lengthM: 2.4, widthM: 1.6, heightM: 0.66, levels: 1, fullLevels: 1, halfLevel: false, fullBoxes: 6, halfBoxes: 0 });
    expect(b.rounded).toEqual({ length: true, width: true, levels: false });
  });

  it('leaves dimensions on the grid as they are (4.0 m is 5 cells, not 4.999…)', () => {
    const b = boxBlockDimensions(4, 2.4, 2.5)!;
    expect(b).toMatchObject({ cellsX: 5, cellsZ: 3, lengthM: 4, widthM: 2.4, levels: 2.5, heightM: 1.68, fullBoxes: 30, halfBoxes: 15 });
    expect(b.rounded).toEqual({ length: false, width: false, levels: false });
    expect(boxBlockDimensions(0.8 * 7, 0.8 * 3, 1)!.rounded.length).toBe(false); // 5.6000000000000005
  });

  it('rounds levels down to the half level: 1.3 → 1 level (0.66 m), 1.7 → 1.5 (1.02 m)', () => {
    expect(boxBlockDimensions(0.8, 0.8, 1.3)).toMatchObject({ levels: 1, heightM: 0.66, rounded: { levels: true } });
    expect(boxBlockDimensions(0.8, 0.8, 1.7)).toMatchObject({ levels: 1.5, heightM: 1.02, halfLevel: true, rounded: { levels: true } });
    expect(boxBlockDimensions(0.8, 0.8, 0.5)).toMatchObject({ levels: 0.5, heightM: 0.36, fullBoxes: 0, halfBoxes: 1 });
  });

  it('a length below one cell gives no cells (an empty block), never a negative or NaN', () => {
    expect(boxBlockDimensions(0.5, 1.6, 1)).toMatchObject({ cellsX: 0, lengthM: 0, fullBoxes: 0, rounded: { length: true } });
  });

  it('refuses non-finite and non-positive inputs', () => {
    for (const bad of [0, -1, NaN, Infinity]) {
      expect(boxBlockDimensions(bad, 1.6, 1)).toBeUndefined();
      expect(boxBlockDimensions(2.4, bad, 1)).toBeUndefined();
      expect(boxBlockDimensions(2.4, 1.6, bad)).toBeUndefined();
    }
  });

  it('cells and level heights: whole millimetres, rounded down', () => {
    expect([boxGridCells(2.399), boxGridCells(2.4), boxGridCells(3.19), boxGridCells(-1)]).toEqual([2, 3, 3, 0]);
    expect([boxLevelsHeightMm(1), boxLevelsHeightMm(1.5), boxLevelsHeightMm(5), boxLevelsHeightMm(7), boxLevelsHeightMm(0), boxLevelsHeightMm(-1)]).toEqual([660, 1020, 3300, 4620, 0, -660]);
    expect(boxLevelsHeightMm(NaN)).toBeNaN();
  });
});

describe('boxBlockVolumeM3', () => {
  it('six boxes hold 2.40768 m³ = 2.4 × 1.6 × 0.66 × 0.95 (no box rounded to whole litres)', () => {
    expect(boxBlockVolumeM3({ fullBoxes: 6, halfBoxes: 0 })).toBeCloseTo(2.4 * 1.6 * 0.66 * 0.95, 12);
    expect(boxBlockVolumeM3(boxBlockDimensions(2.5, 1.7, 1)!)).toBe(boxBlockVolumeM3({ fullBoxes: 6, halfBoxes: 0 }));
    expect(boxBlockVolumeM3({ fullBoxes: 1, halfBoxes: 1 })).toBeCloseTo(0.64 * (0.66 + 0.36) * 0.95, 12);
    expect(boxBlockVolumeM3({ fullBoxes: 6, halfBoxes: 0 }, 100)).toBeCloseTo(2.4 * 1.6 * 0.66, 12);
  });

  it('refuses negative or fractional counts and a storage coefficient outside 0 … 100 %', () => {
    expect(boxBlockVolumeM3({ fullBoxes: -1, halfBoxes: 0 })).toBeUndefined();
    expect(boxBlockVolumeM3({ fullBoxes: 1.5, halfBoxes: 0 })).toBeUndefined();
    expect(boxBlockVolumeM3({ fullBoxes: 1, halfBoxes: 0 }, 101)).toBeUndefined();
    expect(boxBlockVolumeM3({ fullBoxes: 1, halfBoxes: 0 }, NaN)).toBeUndefined();
    expect(boxBlockVolumeM3({ fullBoxes: 0, halfBoxes: 0 })).toBe(0);
  });

  it('six boxes hold the same volume in the configurator (standard and catalogue geometry) as without it', () => {
    const expected = boxBlockVolumeM3(boxBlockDimensions(2.4, 1.6, 1)!)!;
    expect(configurationVolumes(gridBlock(3, 2, 1), lookup).netVolumeM3).toBeCloseTo(expected, 9);
    expect(configurationVolumes(gridBlock(3, 2, 1), standardItemGeometry).netVolumeM3).toBeCloseTo(expected, 9);
    expect(linkedTankDimensioning(gridBlock(3, 2, 1), lookup)).toMatchObject({ length: 2.4, width: 1.6, levels: 1, storageCoefficient: 95 });
  });
});

describe('law: a box block holds what the linked configuration of the same block holds', () => {
  it('for every block up to 12 × 12 cells and 7 levels and any storage coefficient (1,000 runs)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 14 }).map((h) => h / 2),
        fc.integer({ min: 50, max: 100 }),
        fc.double({ min: 0, max: 0.79, noNaN: true }),
        fc.double({ min: 0, max: 0.79, noNaN: true }),
        (cx, cz, levels, s, extraX, extraZ) => {
          // typed dimensions anywhere inside the cells' last 0.8 m: the same block
          const typed = boxBlockDimensions(cx * 0.8 + extraX, cz * 0.8 + extraZ, levels)!;
          expect([typed.cellsX, typed.cellsZ, typed.levels]).toEqual([cx, cz, levels]);
          const volume = boxBlockVolumeM3(typed, s)!;
          const grid = gridBlock(cx, cz, levels, s);
          const v = configurationVolumes(grid, lookup);
          expect(v.netVolumeM3).toBeCloseTo(volume, 6);
          expect(v.netVolumeL / 1000).toBeCloseTo(volume, 9);
          const linked = linkedTankDimensioning(grid, lookup)!;
          expect([linked.length, linked.width, linked.levels]).toEqual([typed.lengthM, typed.widthM, typed.levels]);
          expect(linked.height).toBe(typed.heightM);
          expect(boxBlockVolumeM3(boxBlockDimensions(linked.length!, linked.width!, linked.levels!)!, linked.storageCoefficient!)).toBe(volume);
        },
      ),
      { numRuns: 1000 },
    );
  });
});

describe('a box tank without configuration: evaluated and billed as the same block on the grid', () => {
  const minimal = JSON.parse(readFileSync(new URL('../../../fixtures/projects/minimal.project.json', import.meta.url), 'utf8')) as Project;
  const roundedOf = (e: ReturnType<typeof evaluate>) => e.issues.filter((i) => i.code === 'BOX_DIMENSION_ROUNDED');
  const withTank = (tank: Record<string, number>): Project => ({
    ...minimal,
    waterflow: { ...minimal.waterflow, measures: minimal.waterflow.measures.map((m) => ({ ...m, data: { ...m.data, dimensioningInfiltrationTank: { ...m.data.dimensioningInfiltrationTank, ...tank } } })) },
  });

  it('2.5 × 1.7 m, one level: evaluates at the 2.4 × 1.6 m block (2.40768 m³, not 2.66 m³), bills its six boxes and warns twice', () => {
    const project = withTank({ length: 2.5, width: 1.7, levels: 1 });
    const e = evaluate(project);
    const m = e.measures[0]!;
    expect(m.value).toBe(boxBlockVolumeM3({ fullBoxes: 6, halfBoxes: 0 }));
    expect(m.value).toBeCloseTo(2.40768, 12);
    expect(m.data.plannedVolumeInfiltrationTank).toBe(m.value);
    const rounded = roundedOf(e);
    expect(rounded.map((i) => [i.field, i.severity, i.messageKey, i.params])).toEqual([
      ['data.dimensioningInfiltrationTank.length', 'warning', 'sizing.boxDimensionRounded', { field: 'length', typed: 2.5, rounded: 2.4 }],
      ['data.dimensioningInfiltrationTank.width', 'warning', 'sizing.boxDimensionRounded', { field: 'width', typed: 1.7, rounded: 1.6 }],
    ]);
    const bill = measureMassList(project, m.id, demoCatalogue())!;
    const boxes = bill.massListGroups.flatMap((g) => g.lines).find((l) => l.materialNumber === '100100');
    expect(boxes?.quantity).toBe('6');
  });

  it('a box tank on the grid is left as it is: no warning, the same volume as L · B · H · 0.95', () => {
    const e = evaluate(withTank({ length: 4.8, width: 0.8, levels: 1 }));
    const m = e.measures[0]!;
    expect(roundedOf(e)).toEqual([]);
    expect(m.value).toBeCloseTo(4.8 * 0.8 * 0.66 * 0.95, 12);
  });

  it('levels are rounded down too (1.3 → 1 level), and the half level counts as one (1.5 → 1.02 m)', () => {
    const e = evaluate(withTank({ length: 1.6, width: 0.8, levels: 1.3 }));
    expect(e.measures[0]!.value).toBe(boxBlockVolumeM3({ fullBoxes: 2, halfBoxes: 0 }));
    expect(roundedOf(e).map((i) => i.params)).toEqual([{ field: 'levels', typed: 1.3, rounded: 1 }]);
    expect(evaluate(withTank({ length: 1.6, width: 0.8, levels: 1.5 })).measures[0]!.value).toBe(boxBlockVolumeM3({ fullBoxes: 2, halfBoxes: 2 }));
  });

  it('boxTankOnGrid leaves other tank parts and missing dimensions alone; boxTankVolumeM3 falls back to L · B · H · s off the levels', () => {
    const warnings: unknown[] = [];
    const warn = (...args: unknown[]) => warnings.push(args);
    const pipe = { length: 2.5, width: 1.7, height: 1 };
    expect(boxTankOnGrid('Pipe', pipe, warn)).toBe(pipe);
    expect(warnings).toEqual([]);
    // each dimension on its own: no length yet (the one-click length), the width still on the grid
    expect(boxTankOnGrid('Box', { length: null, width: 1.7, levels: 1 }, warn)).toEqual({ length: null, width: 1.6, levels: 1, height: 0.66 });
    expect(boxTankOnGrid('Box', { length: 2.5, width: 1.6, height: 1 }, warn)).toEqual({ length: 2.4, width: 1.6, height: 1 });
    expect(warnings.map((w) => (w as unknown[])[1])).toEqual(['width', 'length']);
    expect(boxTankVolumeM3(2.4, 1.6, 1, 0.95)).toBeCloseTo(2.4 * 1.6 * 0.95, 12);
    expect(boxTankVolumeM3(2.4, 1.6, 0.66, 0.95)).toBe(boxBlockVolumeM3({ fullBoxes: 6, halfBoxes: 0 }));
    expect(boxTankVolumeM3(2.4, 1.6, 0.66, 1.5)).toBeUndefined();
  });

  it('a configuration started for the measure is the same block: 2.5 × 1.7 m, 1.7 levels → 3 × 2 cells, a full and a half layer', () => {
    const project = withTank({ length: 2.5, width: 1.7, levels: 1.7 });
    const measure = project.waterflow.measures[0]!;
    expect(measureBlock(measure)).toMatchObject({ cellsX: 3, cellsZ: 2, layers: 2, halfLayer: true, items: 12 });
    expect(measureBlock(withTank({ length: 2.5, width: 1.7, levels: 1.3 }).waterflow.measures[0]!)).toMatchObject({ layers: 1, halfLayer: false });
    const grid = gridForMeasure({ id: 'cfg', name: 'Block' }, measure, lookup, FULL, HALF);
    const unlinked = evaluate(project).measures[0]!;
    expect(configurationVolumes(grid, lookup)).toMatchObject({ boxCount: 12, levels: 1.5, heightM: 1.02, lengthM: 2.4, widthM: 1.6 });
    const linked = evaluate({ ...project, boxConfigurations: [{ ...toConfiguration(grid, lookup), measureId: measure.id }] }, { itemGeometry: lookup }).measures[0]!;
    expect(linked.value).toBe(unlinked.value);
    expect(unlinked.value).toBe(boxBlockVolumeM3({ fullBoxes: 6, halfBoxes: 6 }));
  });
});
