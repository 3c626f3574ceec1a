/**
 * Laws of the body of a configuration (decision 0170, 0171): the soil-touching faces, inner edges
 * and grown footprint against brute-force counts on small voxels and pixels, the full block
 * against the cuboid formula, the volumes against the bill. Shared by `boxgrid/body.properties.test.ts`
 * (few runs in `npm test`); the brute-force counts are written independently of `body.ts`.
 */
import fc from 'fast-check';
import { bodySurface, grownFootprintAreaM2, MATERIAL_OVERLAP_M, type CellBodyInput } from '../boxgrid/body.ts';
import { gridFromConfiguration } from '../boxgrid/wire.ts';
import { configurationVolumes } from '../boxgrid/volumes.ts';
import { configurationBill } from '../bom/massList.ts';
import { roundUpToSalesUnit } from '../bom/configuration.ts';
import { Dec } from '../bom/money.ts';
import { geometryLookup, shaftHeightMm } from '../catalogue/catalogue.ts';
import type { BoxConfiguration } from '../model/project.ts';
import { demoCatalogue } from '../../test-support/demoCatalogue.ts';

function expectTrue(condition: boolean, what: string): void {
  if (!condition) throw new Error(`body law broken: ${what}`);
}

/** A layout: boxes (full or half) at cells, shafts (depth in m) in columns. */
export interface Layout {
  readonly boxes: readonly { x: number; y: number; z: number; half: boolean }[];
  readonly shafts: readonly { x: number; z: number; depthM: number }[];
}

const SHAFT_DEPTHS = [0.5, 1, 1.5, 2, 2.5] as const;

/** Random layouts in a 5 × 5 × 3 space; a shaft takes its column, a later item a taken cell is dropped. */
export const layoutArb: fc.Arbitrary<Layout> = fc
  .record({
    boxes: fc.array(fc.record({ x: fc.integer({ min: 0, max: 4 }), y: fc.integer({ min: 0, max: 2 }), z: fc.integer({ min: 0, max: 4 }), half: fc.boolean() }), { maxLength: 40 }),
    shafts: fc.array(fc.record({ x: fc.integer({ min: 0, max: 4 }), z: fc.integer({ min: 0, max: 4 }), depthM: fc.constantFrom(...SHAFT_DEPTHS) }), { maxLength: 3 }),
  })
  .map(({ boxes, shafts }) => {
    const shaftCols = new Map<string, { x: number; z: number; depthM: number }>();
    for (const s of shafts) if (!shaftCols.has(`${s.x},${s.z}`)) shaftCols.set(`${s.x},${s.z}`, s);
    const cells = new Map<string, { x: number; y: number; z: number; half: boolean }>();
    for (const b of boxes) if (!shaftCols.has(`${b.x},${b.z}`) && !cells.has(`${b.x},${b.y},${b.z}`)) cells.set(`${b.x},${b.y},${b.z}`, b);
    return { boxes: [...cells.values()], shafts: [...shaftCols.values()] };
  });

/** The layout as wire items of the demo catalogue. */
export function layoutConfiguration(layout: Layout, objective: 'retention' | 'infiltration'): BoxConfiguration {
  return {
    id: 'c',
    name: 'C',
    stormwaterObjective: objective,
    items: [
      ...layout.boxes.map((b) => ({ boxTypeId: b.half ? 'BOX_HALF' : 'BOX_FULL', x: b.x, y: b.y, z: b.z, rotation: 'North' as const })),
      ...layout.shafts.map((s) => ({ boxTypeId: `SHAFT_C3_X_${String(Math.round(s.depthM * 100)).padStart(3, '0')}`, x: s.x, y: 0, z: s.z, rotation: 'North' as const })),
    ],
  };
}

/** Layer heights by the levels rule: a layer of half boxes only 360 mm, empty layers below 660 mm. */
function layerHeights(layout: Layout): number[] {
  let top = -1;
  const h = [0, 0, 0, 0, 0, 0, 0];
  for (const b of layout.boxes) {
    h[b.y] = Math.max(h[b.y]!, b.half ? 360 : 660);
    top = Math.max(top, b.y);
  }
  return h.slice(0, top + 1).map((v) => (v === 0 ? 660 : v));
}

export function layoutBody(layout: Layout): CellBodyInput {
  const SZ = 8;
  const cols = new Set<number>();
  for (const b of layout.boxes) cols.add(b.x * SZ + b.z);
  for (const s of layout.shafts) cols.add(s.x * SZ + s.z);
  const boxSet = new Set(layout.boxes.map((b) => `${b.x},${b.y},${b.z}`));
  const shaftSet = new Map(layout.shafts.map((s) => [`${s.x},${s.z}`, shaftHeightMm(s.depthM)]));
  return {
    sizeZ: SZ,
    layerHeightsMm: layerHeights(layout),
    columns: [...cols],
    isBox: (x, y, z) => boxSet.has(`${x},${y},${z}`),
    shaftHeightMm: (x, z) => shaftSet.get(`${x},${z}`) ?? 0,
  };
}

/**
 * Brute force: the body as voxels of 800 × 800 × 30 mm (every layer and shaft height is a
 * multiple of 30 mm), each exposed voxel face counted, each 30 mm of inner edge counted.
 */
export function bruteForce(layout: Layout): { areaMm2: number; innerEdgeMm: number } {
  const heights = layerHeights(layout);
  const base: number[] = [];
  let acc = 0;
  for (const h of heights) {
    base.push(acc);
    acc += h;
  }
  const T = 30;
  const occ = new Set<string>();
  for (const b of layout.boxes) for (let t = base[b.y]!; t < base[b.y]! + heights[b.y]!; t += T) occ.add(`${b.x},${t / T},${b.z}`);
  for (const s of layout.shafts) for (let t = 0; t < shaftHeightMm(s.depthM); t += T) occ.add(`${s.x},${t / T},${s.z}`);
  const o = (x: number, k: number, z: number) => occ.has(`${x},${k},${z}`);
  let area = 0;
  for (const key of occ) {
    const [x, k, z] = key.split(',').map(Number) as [number, number, number];
    if (!o(x, k + 1, z)) area += 800 * 800;
    if (!o(x, k - 1, z)) area += 800 * 800;
    for (const [dx, dz] of [[1, 0], [-1, 0], [0, 1], [0, -1]] as const) if (!o(x + dx, k, z + dz)) area += 800 * T;
  }
  let inner = 0;
  const K = Math.ceil(Math.max(acc, ...layout.shafts.map((s) => shaftHeightMm(s.depthM)), 0) / T) + 1;
  for (let a = -1; a <= 8; a++) {
    for (let b = -1; b <= 8; b++) {
      for (let k = -1; k <= K; k++) {
        // vertical edge at lattice point (a, b), voxel row k: length 30 mm
        if (+o(a - 1, k, b - 1) + +o(a, k, b - 1) + +o(a - 1, k, b) + +o(a, k, b) === 3) inner += T;
        // horizontal edges at the boundary below voxel row k: along x for column a at z-line b, along z for x-line a at row b
        if (+o(a, k - 1, b - 1) + +o(a, k - 1, b) + +o(a, k, b - 1) + +o(a, k, b) === 3) inner += 800;
        if (+o(a - 1, k - 1, b) + +o(a, k - 1, b) + +o(a - 1, k, b) + +o(a, k, b) === 3) inner += 800;
      }
    }
  }
  return { areaMm2: area, innerEdgeMm: inner };
}

/** Pixels of 0.1 m whose centre lies within the footprint grown by `d` (L∞), × 0.01 m². */
function pixelArea(columns: readonly number[], sizeZ: number, d: number): number {
  const cells = columns.map((c) => [Math.floor(c / sizeZ), c % sizeZ] as const);
  let n = 0;
  const lo = -Math.ceil(d / 0.1) - 1;
  const hi = 8 * 8 + Math.ceil(d / 0.1) + 1;
  for (let i = lo; i < hi; i++) {
    for (let j = lo; j < hi; j++) {
      const px = (i + 0.5) * 0.1;
      const pz = (j + 0.5) * 0.1;
      if (cells.some(([x, z]) => px > x * 0.8 - d && px < (x + 1) * 0.8 + d && pz > z * 0.8 - d && pz < (z + 1) * 0.8 + d)) n++;
    }
  }
  return n * 0.01;
}

/**
 * An orthogonally convex footprint (every row and every column meets it in one run) as rows of x
 * runs: every row holds a core column c; the runs' starts fall then rise (in 0 … c), their ends
 * rise then fall (in c … 4), so each column meets a contiguous set of rows.
 */
const convexFootprintArb = fc
  .record({
    rows: fc.integer({ min: 1, max: 5 }),
    core: fc.integer({ min: 0, max: 4 }),
    lows: fc.array(fc.integer({ min: 0, max: 4 }), { minLength: 5, maxLength: 5 }),
    highs: fc.array(fc.integer({ min: 0, max: 4 }), { minLength: 5, maxLength: 5 }),
    splitLow: fc.integer({ min: 0, max: 5 }),
    splitHigh: fc.integer({ min: 0, max: 5 }),
  })
  .map(({ rows, core, lows, highs, splitLow, splitHigh }) => {
    const lo = lows.slice(0, rows).map((v) => Math.min(v, core));
    const hi = highs.slice(0, rows).map((v) => Math.max(v, core));
    const valley = [...lo.slice(0, splitLow)].sort((p, q) => q - p).concat([...lo.slice(splitLow)].sort((p, q) => p - q));
    const peak = [...hi.slice(0, splitHigh)].sort((p, q) => p - q).concat([...hi.slice(splitHigh)].sort((p, q) => q - p));
    return valley.map((x0, z) => ({ z, x0, x1: peak[z]! }));
  });

export function bodyLaws(numRuns: number): Record<string, () => void> {
  const catalogue = demoCatalogue();
  const lookup = geometryLookup(catalogue);
  return {
    'the soil-touching faces and inner edges equal a brute-force count on 30 mm voxels': () =>
      fc.assert(
        fc.property(layoutArb, (layout) => {
          const body = bodySurface(layoutBody(layout));
          const brute = bruteForce(layout);
          expectTrue(body.areaMm2 === brute.areaMm2, `area ${body.areaMm2} ≠ ${brute.areaMm2}`);
          expectTrue(body.innerEdgeMm === brute.innerEdgeMm, `inner edges ${body.innerEdgeMm} ≠ ${brute.innerEdgeMm}`);
          expectTrue(body.overlapMm2 === body.innerEdgeMm * MATERIAL_OVERLAP_M * 1000, 'overlap = inner edges × 0.5 m');
        }),
        { numRuns },
      ),

    'a full rectangular block: faces = 2(LB + LH + BH), no inner edge, the bill rounds the cuboid surface as before': () =>
      fc.assert(
        fc.property(fc.integer({ min: 1, max: 6 }), fc.integer({ min: 1, max: 6 }), fc.integer({ min: 1, max: 4 }), fc.boolean(), fc.constantFrom('retention', 'infiltration' as const), (nx, nz, ny, topHalf, objective) => {
          const boxes = [];
          for (let y = 0; y < ny; y++) for (let x = 0; x < nx; x++) for (let z = 0; z < nz; z++) boxes.push({ x, y, z, half: topHalf && y === ny - 1 && ny > 1 });
          const layout: Layout = { boxes, shafts: [] };
          const body = bodySurface(layoutBody(layout));
          const L = nx * 800;
          const B = nz * 800;
          const H = layerHeights(layout).reduce((p, q) => p + q, 0);
          expectTrue(body.areaMm2 === 2 * (L * B + L * H + B * H), 'block faces ≠ cuboid surface');
          expectTrue(body.innerEdgeMm === 0, 'a block has no inner edge');
          const cuboid = new Dec(2 * (L * B + L * H + B * H)).dividedBy(1e6);
          const rules = catalogue.rules;
          const q = configurationBill(layoutConfiguration(layout, objective), catalogue).quantities;
          if (objective === 'retention') {
            expectTrue(q.foilM2 === roundUpToSalesUnit(cuboid, rules.foil.salesUnitM2).toString(), 'foil of a block');
            expectTrue(q.fleeceM2 === roundUpToSalesUnit(cuboid.times(rules.fleece.layers), rules.fleece.salesUnitM2).toString(), 'fleece of a block');
          } else expectTrue(q.geotextileM2 === roundUpToSalesUnit(cuboid, rules.geotextile.salesUnitM2).toString(), 'geotextile of a block');
        }),
        { numRuns },
      ),

    'an orthogonally convex layout (a prism of layers over an L, T, cross or staircase) touches soil with at most its bounding cuboid surface': () =>
      fc.assert(
        fc.property(convexFootprintArb, fc.integer({ min: 1, max: 3 }), (rows, ny) => {
          const boxes = [];
          for (const { z, x0, x1 } of rows) for (let x = x0; x <= x1; x++) for (let y = 0; y < ny; y++) boxes.push({ x, y, z, half: false });
          const body = bodySurface(layoutBody({ boxes, shafts: [] }));
          const L = (Math.max(...rows.map((r) => r.x1)) - Math.min(...rows.map((r) => r.x0)) + 1) * 800;
          const B = rows.length * 800;
          const H = ny * 660;
          expectTrue(body.areaMm2 <= 2 * (L * B + L * H + B * H), 'faces exceed the bounding cuboid surface');
        }),
        { numRuns },
      ),

    'the volumes and the bill show the same surface and allowance': () =>
      fc.assert(
        fc.property(layoutArb, fc.constantFrom('retention', 'infiltration' as const), (layout, objective) => {
          const config = layoutConfiguration(layout, objective);
          const v = configurationVolumes(gridFromConfiguration(config, lookup).grid, lookup);
          const q = configurationBill(config, catalogue).quantities;
          expectTrue(new Dec(q.surfaceAreaM2).minus(v.surfaceAreaM2).abs().lte(1e-6), `surface ${q.surfaceAreaM2} ≠ ${v.surfaceAreaM2}`);
          expectTrue(new Dec(q.overlapAllowanceM2).minus(v.overlapAllowanceM2).abs().lte(1e-6), 'allowance');
          const material = objective === 'retention' ? v.foilAreaM2 : v.geotextileAreaM2;
          const billed = objective === 'retention' ? q.foilM2 : q.geotextileM2;
          expectTrue(new Dec(billed).gte(new Dec(material).minus(1e-6)), 'the bill covers the material area');
        }),
        { numRuns },
      ),

    'the grown footprint equals a pixel count and lies between the footprint and its grown bounding rectangle': () =>
      fc.assert(
        fc.property(layoutArb, fc.integer({ min: 0, max: 15 }), (layout, tenths) => {
          const body = layoutBody(layout);
          if (body.columns.length === 0) return;
          const d = tenths / 10;
          const a = grownFootprintAreaM2(body.columns, body.sizeZ, d);
          expectTrue(Math.abs(a - pixelArea(body.columns, body.sizeZ, d)) < 1e-6, `grown area ${a} ≠ pixel count`);
          const xs = body.columns.map((c) => Math.floor(c / body.sizeZ));
          const zs = body.columns.map((c) => c % body.sizeZ);
          const L = (Math.max(...xs) - Math.min(...xs) + 1) * 0.8;
          const B = (Math.max(...zs) - Math.min(...zs) + 1) * 0.8;
          expectTrue(a <= (L + 2 * d) * (B + 2 * d) + 1e-9, 'grown area above the grown bounding rectangle');
          expectTrue(a >= body.columns.length * 0.64 - 1e-9, 'grown area below the footprint');
        }),
        { numRuns },
      ),
  };
}
