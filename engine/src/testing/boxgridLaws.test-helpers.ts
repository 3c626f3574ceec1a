/**
 * fast-check laws of the box grid (issue 15 item 6), shared by `boxgrid.properties.test.ts`
 * (few runs in `npm test`) and `bench/boxgrid.bench.ts` (≥ 10,000 runs per law in the bench job).
 */
import fc from 'fast-check';
import {
  createGrid,
  erase,
  eraseHorizontal,
  eraseVertical,
  fillHorizontal,
  fillLayer,
  fillVertical,
  gridItems,
  itemAt,
  place,
  rotate,
  type BoxGrid,
  type GridItem,
  type GridResult,
} from '../boxgrid/grid.ts';
import {
  deleteLayer,
  insertLayer,
  moveLayer,
  resize,
} from '../boxgrid/gridShape.ts';
import { createHistory, record, redo, undo } from '../boxgrid/history.ts';
import { configurationVolumes } from '../boxgrid/volumes.ts';
import { FULL, HALF, lookup } from './boxGeometry.test-helpers.ts';

const TYPES = [FULL, HALF, 'SHAFT_C3_X_050', 'SHAFT_C3_DROSSEL_250'] as const;

type Op =
  | { k: 'place'; x: number; y: number; z: number; t: number }
  | { k: 'erase'; x: number; y: number; z: number }
  | { k: 'fillLayer'; y: number; t: number }
  | { k: 'fillH' | 'fillV'; x: number; y: number; z: number; t: number }
  | { k: 'eraseH' | 'eraseV'; x: number; y: number; z: number }
  | { k: 'rotate'; x: number; y: number; z: number }
  | { k: 'insert'; y: number; above: boolean }
  | { k: 'delete'; y: number }
  | { k: 'move'; from: number; to: number }
  | { k: 'resize'; l: number; w: number };

// Coordinates a little beyond a 6 × 6 × 4 grid, so refusals are exercised too.
const c = fc.integer({ min: -1, max: 7 });
const t = fc.integer({ min: 0, max: TYPES.length - 1 });
const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ k: fc.constant('place' as const), x: c, y: c, z: c, t }),
  fc.record({ k: fc.constant('erase' as const), x: c, y: c, z: c }),
  fc.record({ k: fc.constant('fillLayer' as const), y: c, t }),
  fc.record({ k: fc.constantFrom('fillH' as const, 'fillV' as const), x: c, y: c, z: c, t }),
  fc.record({ k: fc.constantFrom('eraseH' as const, 'eraseV' as const), x: c, y: c, z: c }),
  fc.record({ k: fc.constant('rotate' as const), x: c, y: c, z: c }),
  fc.record({ k: fc.constant('insert' as const), y: c, above: fc.boolean() }),
  fc.record({ k: fc.constant('delete' as const), y: c }),
  fc.record({ k: fc.constant('move' as const), from: c, to: c }),
  fc.record({ k: fc.constant('resize' as const), l: fc.double({ min: -1, max: 6, noNaN: false }), w: fc.double({ min: -1, max: 6, noNaN: false }) }),
);

function apply(g: BoxGrid, op: Op): GridResult {
  switch (op.k) {
    case 'place':
      return place(g, lookup, { x: op.x, y: op.y, z: op.z, boxTypeId: TYPES[op.t] as string });
    case 'erase':
      return erase(g, op.x, op.y, op.z);
    case 'fillLayer':
      return fillLayer(g, lookup, op.y, TYPES[op.t] as string);
    case 'fillH':
      return fillHorizontal(g, lookup, op.x, op.y, op.z, TYPES[op.t] as string);
    case 'fillV':
      return fillVertical(g, lookup, op.x, op.y, op.z, TYPES[op.t] as string);
    case 'eraseH':
      return eraseHorizontal(g, op.x, op.y, op.z);
    case 'eraseV':
      return eraseVertical(g, op.x, op.y, op.z);
    case 'rotate':
      return rotate(g, op.x, op.y, op.z);
    case 'insert':
      return insertLayer(g, op.y, op.above ? 'above' : 'below');
    case 'delete':
      return deleteLayer(g, op.y);
    case 'move':
      return moveLayer(g, op.from, op.to);
    case 'resize':
      return resize(g, op.l, op.w);
  }
}

const gridArb: fc.Arbitrary<BoxGrid> = fc
  .record({ sx: fc.integer({ min: 1, max: 6 }), sz: fc.integer({ min: 1, max: 6 }), layers: fc.integer({ min: 1, max: 4 }), ops: fc.array(opArb, { maxLength: 25 }) })
  .map(({ sx, sz, layers, ops }) => ops.reduce((g, op) => apply(g, op).grid, createGrid({ id: 'c', name: 'n', lengthM: sx * 0.8, widthM: sz * 0.8, layers })));

const key = (i: GridItem) => `${i.boxId}|${i.boxTypeId}|${i.x}|${i.y}|${i.z}|${i.rotation}`;
const itemKeys = (g: BoxGrid) => gridItems(g).map(key).sort();

/** Structural invariants every grid must keep. */
export function checkInvariants(g: BoxGrid): void {
  const items = gridItems(g);
  const boxes = items.filter((i) => i.kind === 'BOX');
  const shafts = items.filter((i) => i.kind === 'SHAFT');
  if (boxes.length !== g.boxCount || shafts.length !== g.shaftCount) throw new Error('counts out of step');
  if (g.layers.length < 1 || g.layers.length > 7) throw new Error(`layer count ${g.layers.length}`);
  if (g.currentLayer < 0 || g.currentLayer >= g.layers.length) throw new Error('current layer out of range');
  g.layers.forEach((layer, y) => {
    if (layer.length !== g.sizeX * g.sizeZ) throw new Error('layer size');
    layer.forEach((b, i) => {
      if (b === null) return;
      if (b.y !== y || b.x * g.sizeZ + b.z !== i) throw new Error(`box at the wrong index: ${key(b)}`);
      if (g.shafts[i] !== null) throw new Error('box inside a shaft column');
    });
  });
  g.shafts.forEach((s, i) => {
    if (s !== null && (s.y !== 0 || s.x * g.sizeZ + s.z !== i)) throw new Error('shaft at the wrong index');
  });
  if (new Set(items.map((i) => i.boxId)).size !== items.length) throw new Error('duplicate ids');
  const v = configurationVolumes(g, lookup);
  for (const [k, n] of Object.entries(v)) {
    if (typeof n === 'number' && (!Number.isFinite(n) || (n < 0 && k !== 'coverDepthM'))) throw new Error(`${k} = ${n}`);
  }
  for (const n of Object.values(v.pit)) if (!Number.isFinite(n) || n < 0) throw new Error(`pit ${n}`);
}

/** Every law, each with `numRuns` runs. */
export function boxgridLaws(numRuns: number): Record<string, () => void> {
  const opts = { numRuns };
  return {
    'no crash, no NaN, no negative quantity, invariants kept on random operation sequences': () =>
      fc.assert(
        fc.property(gridArb, fc.array(opArb, { maxLength: 30 }), (g0, ops) => {
          let g = g0;
          for (const op of ops) {
            const r = apply(g, op);
            if (r.refused !== undefined && r.grid !== g) throw new Error('a refusal changed the grid');
            g = r.grid;
            checkInvariants(g);
          }
        }),
        opts,
      ),
    'place then erase restores the grid': () =>
      fc.assert(
        fc.property(gridArb, fc.nat(), t, (g, n, ti) => {
          const empty: [number, number, number][] = [];
          for (let y = 0; y < g.layers.length; y++) for (let x = 0; x < g.sizeX; x++) for (let z = 0; z < g.sizeZ; z++) if (itemAt(g, x, y, z) === null) empty.push([x, y, z]);
          fc.pre(empty.length > 0);
          const [x, y, z] = empty[n % empty.length] as [number, number, number];
          const placed = place(g, lookup, { x, y, z, boxTypeId: TYPES[ti] as string });
          fc.pre(placed.changes.removed.length === 0);
          const back = erase(placed.grid, x, y, z).grid;
          if (itemKeys(back).join() !== itemKeys(g).join()) throw new Error('not restored');
        }),
        opts,
      ),
    'four rotations restore the rotation': () =>
      fc.assert(
        fc.property(gridArb, fc.nat(), (g, n) => {
          const items = gridItems(g);
          fc.pre(items.length > 0);
          const item = items[n % items.length] as GridItem;
          const { x, y, z } = item;
          let h = g;
          for (let i = 0; i < 4; i++) h = rotate(h, x, y, z).grid;
          if (itemAt(h, x, y, z)?.rotation !== item.rotation) throw new Error('rotation not restored');
          if (itemKeys(h).join() !== itemKeys(g).join()) throw new Error('other items changed');
        }),
        opts,
      ),
    'insert then delete a layer is the identity': () =>
      fc.assert(
        fc.property(gridArb, c, fc.boolean(), (g, y, above) => {
          fc.pre(y >= 0 && y < g.layers.length && g.layers.length < 7);
          const inserted = insertLayer(g, y, above ? 'above' : 'below').grid;
          const back = deleteLayer(inserted, above ? y + 1 : y).grid;
          if (itemKeys(back).join() !== itemKeys(g).join() || back.layers.length !== g.layers.length) throw new Error('not the identity');
        }),
        opts,
      ),
    'shrinking drops exactly the items outside': () =>
      fc.assert(
        fc.property(gridArb, fc.integer({ min: 1, max: 6 }), fc.integer({ min: 1, max: 6 }), (g, sx, sz) => {
          const r = resize(g, sx * 0.8, sz * 0.8);
          const inside = (i: GridItem) => i.x < sx && i.z < sz;
          const expectKept = gridItems(g).filter(inside).map(key).sort();
          const expectDropped = gridItems(g).filter((i) => !inside(i)).map(key).sort();
          if (itemKeys(r.grid).join() !== expectKept.join()) throw new Error('kept items differ');
          if (r.changes.removed.map(key).sort().join() !== expectDropped.join()) throw new Error('dropped items differ');
        }),
        opts,
      ),
    'volumes are additive over disjoint parts': () =>
      fc.assert(
        fc.property(gridArb, fc.integer({ min: 0, max: 6 }), (g, k) => {
          const partA = gridItems(g).reduce((h, i) => (i.x < k ? h : erase(h, i.x, i.y, i.z).grid), g);
          const partB = gridItems(g).reduce((h, i) => (i.x >= k ? h : erase(h, i.x, i.y, i.z).grid), g);
          const all = configurationVolumes(g, lookup).netVolumeL;
          const sum = configurationVolumes(partA, lookup).netVolumeL + configurationVolumes(partB, lookup).netVolumeL;
          if (Math.abs(all - sum) > 1e-6) throw new Error(`${all} ≠ ${sum}`);
        }),
        opts,
      ),
    'undo after any operation sequence restores each earlier grid, redo replays it': () =>
      fc.assert(
        fc.property(gridArb, fc.array(opArb, { maxLength: 15 }), (g0, ops) => {
          let h = createHistory(g0, 100);
          const states = [g0];
          for (const op of ops) {
            const next = apply(h.present, op).grid;
            h = record(h, next);
            if (next !== states[states.length - 1]) states.push(next);
          }
          for (let i = states.length - 1; i > 0; i--) {
            if (h.present !== states[i]) throw new Error('undo order');
            h = undo(h).history;
          }
          if (h.present !== g0 || undo(h).refused === undefined) throw new Error('not back at the start');
          for (let i = 1; i < states.length; i++) h = redo(h).history;
          if (h.present !== states[states.length - 1]) throw new Error('redo');
        }),
        opts,
      ),
  };
}
