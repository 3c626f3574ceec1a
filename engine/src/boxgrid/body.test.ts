/** The body of a configuration: soil-touching faces, inner edges, overlap, grown footprint (decisions 0170, 0171). */
import { describe, expect, it } from 'vitest';
import { configurationBill } from '../bom/massList.ts';
import { geometryLookup } from '../catalogue/catalogue.ts';
import { demoCatalogue } from '../../test-support/demoCatalogue.ts';
import { bodySurface, grownFootprintAreaM2 } from './body.ts';
import { gridFromConfiguration } from './wire.ts';
import { configurationVolumes } from './volumes.ts';
import { layoutBody, layoutConfiguration, type Layout } from '../testing/bodyLaws.test-helpers.ts';

const catalogue = demoCatalogue();
const lookup = geometryLookup(catalogue);

/** An L of 9 boxes in one layer: 5 along x, 4 more along z from its first box. */
const L9: Layout = {
  boxes: [...[0, 1, 2, 3, 4].map((x) => ({ x, y: 0, z: 0, half: false })), ...[1, 2, 3, 4].map((z) => ({ x: 0, y: 0, z, half: false }))],
  shafts: [],
};

describe('bodySurface', () => {
  it('an L of 9 boxes: 9 × 0.64 m² top and bottom, 20 outer faces of 0.8 × 0.66 m, one inner corner of 0.66 m', () => {
    const b = bodySurface(layoutBody(L9));
    expect(b.topMm2 / 1e6).toBeCloseTo(5.76, 9);
    expect(b.bottomMm2 / 1e6).toBeCloseTo(5.76, 9);
    expect(b.sideMm2 / 1e6).toBeCloseTo(20 * 0.8 * 0.66, 9);
    expect(b.areaMm2 / 1e6).toBeCloseTo(22.08, 9);
    expect(b.innerEdgeMm).toBe(660);
    expect(b.overlapMm2 / 1e6).toBeCloseTo(0.33, 9);
  });

  it('the L bills 25 m² of geotextile (22.08 + 0.33 m², sales unit 5 m²), no longer the 45 m² of its 4 × 4 × 0.66 m cuboid', () => {
    const config = layoutConfiguration(L9, 'infiltration');
    const q = configurationBill(config, catalogue).quantities;
    expect(q.surfaceAreaM2).toBe('22.08');
    expect(q.overlapAllowanceM2).toBe('0.33');
    expect(q.geotextileM2).toBe('25');
    // the cuboid would have been 2(16 + 2.64 + 2.64) = 42.56 m² → 45 m²
    expect([q.lengthMm, q.widthMm, q.heightMm]).toEqual([4000, 4000, 660]);
    const v = configurationVolumes(gridFromConfiguration(config, lookup).grid, lookup);
    expect(v.surfaceAreaM2).toBeCloseTo(22.08, 9);
    expect(v.geotextileAreaM2).toBeCloseTo(22.41, 9);
  });

  it('retention of the L: foil 22.41 → 23 m² (unit 1 m²), fleece on both sides 44.82 → 45 m²', () => {
    const q = configurationBill(layoutConfiguration(L9, 'retention'), catalogue).quantities;
    expect([q.foilM2, q.fleeceM2, q.geotextileM2]).toEqual(['23', '45', '0']);
  });

  it('full blocks keep the cuboid quantities: 5 × 3 × 2, 1 × 1 × 1, 4 × 4 × 3 with a half-box top layer', () => {
    for (const [nx, nz, ny, half] of [[5, 3, 2, false], [1, 1, 1, false], [4, 4, 3, true]] as const) {
      const boxes = [];
      for (let y = 0; y < ny; y++) for (let x = 0; x < nx; x++) for (let z = 0; z < nz; z++) boxes.push({ x, y, z, half: half && y === ny - 1 });
      const q = configurationBill(layoutConfiguration({ boxes, shafts: [] }, 'infiltration'), catalogue).quantities;
      const [L, B, H] = [q.lengthMm / 1000, q.widthMm / 1000, q.heightMm / 1000];
      expect(Number(q.surfaceAreaM2)).toBeCloseTo(2 * (L * B + L * H + B * H), 9);
      expect(q.overlapAllowanceM2).toBe('0');
      expect(Number(q.geotextileM2)).toBe(Math.ceil((2 * (L * B + L * H + B * H)) / 5 - 1e-9) * 5);
    }
  });

  it('a step: the upper layer over part of the lower one adds an inner edge along the step, not the hidden top', () => {
    // 3 × 1 boxes, one more box on the first: faces 3·0.64 + 2·0.64 (tops) + 0.64 … counted by hand
    const b = bodySurface(layoutBody({ boxes: [0, 1, 2].map((x) => ({ x, y: 0, z: 0, half: false })).concat([{ x: 0, y: 1, z: 0, half: false }]), shafts: [] }));
    // bottom 3 cells, top: 2 lower + 1 upper; sides: lower ring 2·(3 + 1) faces × 0.66, upper 3 faces × 0.66 (the fourth touches nothing: x+1 is empty above)
    expect(b.bottomMm2 / 1e6).toBeCloseTo(3 * 0.64, 9);
    expect(b.topMm2 / 1e6).toBeCloseTo(3 * 0.64, 9);
    expect(b.sideMm2 / 1e6).toBeCloseTo((8 + 4) * 0.8 * 0.66, 9);
    expect(b.innerEdgeMm).toBe(800);
  });

  it('a shaft deeper than the boxes beside it: its faces above them touch soil, the edge at the boxes top is inner', () => {
    // one box and a 1.5 m shaft (660 + 360 = 1020 mm, the shaft depth rule) beside it
    const b = bodySurface(layoutBody({ boxes: [{ x: 0, y: 0, z: 0, half: false }], shafts: [{ x: 1, z: 0, depthM: 1.5 }] }));
    expect(b.topMm2 / 1e6).toBeCloseTo(2 * 0.64, 9);
    expect(b.bottomMm2 / 1e6).toBeCloseTo(2 * 0.64, 9);
    // box: 3 faces × 0.66; shaft: 3 faces × 1.02 + the face toward the box above it 0.36
    expect(b.sideMm2 / 1e6).toBeCloseTo(0.8 * (3 * 0.66 + 3 * 1.02 + 0.36), 9);
    expect(b.innerEdgeMm).toBe(800);
  });

  it('the faces between two occupied cells never count; an empty body is all zeros', () => {
    expect(bodySurface({ sizeZ: 3, layerHeightsMm: [], columns: [], isBox: () => false, shaftHeightMm: () => 0 })).toEqual({ topMm2: 0, bottomMm2: 0, sideMm2: 0, areaMm2: 0, innerEdgeMm: 0, overlapMm2: 0 });
    const two = bodySurface(layoutBody({ boxes: [{ x: 0, y: 0, z: 0, half: false }, { x: 1, y: 0, z: 0, half: false }], shafts: [] }));
    expect(two.sideMm2).toBe(6 * 800 * 660);
  });

  it('the bounding cuboid is no upper bound for every layout: a two-layer comb has more surface than its cuboid (decision 0170)', () => {
    // spine x = 0 over z 0 … 4, teeth z = 0, 2, 4 over x 0 … 9, two layers
    const boxes = [];
    for (let y = 0; y < 2; y++) {
      for (let z = 0; z < 5; z++) boxes.push({ x: 0, y, z, half: false });
      for (const z of [0, 2, 4]) for (let x = 1; x < 10; x++) boxes.push({ x, y, z, half: false });
    }
    const q = configurationBill(layoutConfiguration({ boxes, shafts: [] }, 'infiltration'), catalogue).quantities;
    const [L, B, H] = [q.lengthMm / 1000, q.widthMm / 1000, q.heightMm / 1000];
    expect(Number(q.surfaceAreaM2)).toBeGreaterThan(2 * (L * B + L * H + B * H));
  });
});

describe('grownFootprintAreaM2 (the construction pit follows the cells, decision 0171)', () => {
  it('a rectangle grows to (L + 2d)(B + 2d)', () => {
    const cols = [];
    for (let x = 0; x < 5; x++) for (let z = 0; z < 3; z++) cols.push(x * 3 + z);
    expect(grownFootprintAreaM2(cols, 3, 0)).toBeCloseTo(4 * 2.4, 9);
    expect(grownFootprintAreaM2(cols, 3, 0.5)).toBeCloseTo(5 * 3.4, 9);
    expect(grownFootprintAreaM2(cols, 3, 1.7)).toBeCloseTo(7.4 * 5.8, 9);
  });
  it('an L of 9 grows by its outline, less than its bounding rectangle: 5.76 + 20 · 0.8 · 0.5 + 4 · 0.25 − 0 at 0.5 m', () => {
    const body = layoutBody(L9);
    // outline 16 m, square corners: 5 convex, 1 concave → A + P·d + (5 − 1)·d²
    expect(grownFootprintAreaM2(body.columns, body.sizeZ, 0.5)).toBeCloseTo(5.76 + 16 * 0.5 + 4 * 0.25, 9);
    expect(grownFootprintAreaM2(body.columns, body.sizeZ, 0.5)).toBeLessThan(5 * 5);
  });
  it('two parts closer than twice the offset merge: the notch between them is dug out once', () => {
    // cells x = 0 and x = 2 in one row: gap 0.8 m, offset 0.5 m → one rectangle 3.4 × 1.8
    expect(grownFootprintAreaM2([0, 2], 1, 0.5)).toBeCloseTo(3.4 * 1.8, 9);
    // offset 0.3 m: two squares of 1.4 m, gap 0.2 m
    expect(grownFootprintAreaM2([0, 2], 1, 0.3)).toBeCloseTo(2 * 1.4 * 1.4, 9);
  });
});
