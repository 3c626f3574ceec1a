import { describe, expect, it } from 'vitest';
import { createGrid, diffGrids, erase, eraseArea, fillLayer, gridItems, place, rotate, setItemOptions, standardItemGeometry, insertLayer, type BoxGrid } from '@rainplan/engine/boxgrid';
import { InstanceBuffers, connectedSides, fallenLayers, slotRanges } from './instances.ts';
import { fullBoxWithMarker } from './testGeometry.ts';
import { CELL_M, LAYER_M, MATRIX_FLOATS, upwardFaces, cellOfPoint, clampZoom, fitZoom, itemCentre, orthoHalfExtents, pickCell, rayPlanePoint, turn, writeItemMatrix } from './layout.ts';

const lookup = standardItemGeometry;

function full(sizeX: number, sizeZ: number, layers: number): BoxGrid {
  let grid = createGrid({ id: 'c', name: 'c', lengthM: sizeX * 0.8, widthM: sizeZ * 0.8, layers });
  for (let y = 0; y < layers; y++) grid = fillLayer(grid, lookup, y, 'BOX_FULL').grid;
  return grid;
}

/** Every drawn instance position (x, y, z in metres) of the buffers, sorted. */
function drawn(buffers: InstanceBuffers): string[] {
  const out: string[] = [];
  for (const g of buffers.groups.values()) {
    for (let i = 0; i < g.count; i++) {
      const o = i * MATRIX_FLOATS;
      out.push(`${g.boxTypeId}:${(g.matrices[o + 12] as number).toFixed(2)},${(g.matrices[o + 13] as number).toFixed(2)},${(g.matrices[o + 14] as number).toFixed(2)}`);
    }
  }
  return out.sort();
}

function expected(grid: BoxGrid): string[] {
  return gridItems(grid)
    .map((it) => {
      const h = (lookup(it.boxTypeId)?.heightMm ?? 0) / 1000;
      const p = itemCentre(it.x, it.kind === 'SHAFT' ? 0 : it.y, it.z, h);
      return `${it.boxTypeId}:${p.x.toFixed(2)},${p.y.toFixed(2)},${p.z.toFixed(2)}`;
    })
    .sort();
}

describe('picking by grid arithmetic', () => {
  it('finds the cell where a vertical ray meets the plane of the current layer', () => {
    const ray = { origin: { x: 2.0, y: 100, z: 0.5 }, direction: { x: 0, y: -1, z: 0 } };
    expect(pickCell(ray, 0, 10, 10)).toEqual({ x: 2, z: 0, inside: true });
    expect(pickCell(ray, 3, 10, 10)).toEqual({ x: 2, z: 0, inside: true });
  });

  it('follows an oblique ray to the plane of the layer (perspective)', () => {
    // from (0, 10, 0) towards (+1, -1, +1): meets y = 0.66 (layer 1) at x = z = 9.34
    const ray = { origin: { x: 0, y: 10, z: 0 }, direction: { x: 1, y: -1, z: 1 } };
    const p = rayPlanePoint(ray, LAYER_M);
    expect(p?.x).toBeCloseTo(9.34, 9);
    expect(pickCell(ray, 1, 20, 20)).toEqual({ x: Math.floor(9.34 / CELL_M), z: Math.floor(9.34 / CELL_M), inside: true });
  });

  it('says when the point is outside the grid, and gives null for rays that never meet the plane', () => {
    expect(cellOfPoint({ x: -0.1, z: 1 }, 5, 5)).toEqual({ x: -1, z: 1, inside: false });
    expect(cellOfPoint({ x: 4.0, z: 1 }, 5, 5)).toEqual({ x: 5, z: 1, inside: false });
    expect(rayPlanePoint({ origin: { x: 0, y: 1, z: 0 }, direction: { x: 1, y: 0, z: 0 } }, 0)).toBeNull();
    expect(rayPlanePoint({ origin: { x: 0, y: 1, z: 0 }, direction: { x: 0, y: 1, z: 0 } }, 0)).toBeNull();
  });

  it('keeps the zoom within 0.0025 … 0.5 px/mm and fits a grid', () => {
    expect(clampZoom(1)).toBe(0.5);
    expect(clampZoom(0.0001)).toBe(0.0025);
    expect(clampZoom(Number.NaN)).toBe(0.0025);
    // 60 × 48 cells (+ a margin cell each side) in 500 × 400 px: the width (50 cells in 400 px) limits
    expect(fitZoom(60, 48, 500, 400)).toBeCloseTo(400 / (50 * 800), 12);
    expect(fitZoom(60, 48, 500, 1000)).toBeCloseTo(500 / (62 * 800), 12);
    const half = orthoHalfExtents(1000, 500, 0.01);
    expect(half.halfWidth).toBeCloseTo(50, 9);
    expect(half.halfHeight).toBeCloseTo(25, 9);
  });
});

describe('instance matrices', () => {
  it('put an item at its cell centre on its layer and turn it by its rotation', () => {
    const m = new Float32Array(16);
    writeItemMatrix(m, 0, 2, 1, 3, 0.66, 'North');
    expect([m[12], m[13], m[14]].map((v) => +(v as number).toFixed(3))).toEqual([2.0, 0.99, 2.8]);
    expect([m[0], m[2], m[8], m[10]]).toEqual([1, 0, 0, 1]);
    // West: the front (+z) turns to −x
    expect(turn('West', 0, 1)).toEqual({ dx: -1, dz: 0 });
    expect(turn('South', 0, 1)).toEqual({ dx: 0, dz: -1 });
    expect(turn('East', 0, 1)).toEqual({ dx: 1, dz: 0 });
    writeItemMatrix(m, 0, 0, 0, 0, 0.66, 'West');
    // row vector (0, 0, 1) × M = (m[8], m[9], m[10])
    expect([m[8], m[10]]).toEqual([-1, 0]);
  });
});

describe('instance buffers', () => {
  it('hold one instance per item, grouped by item type and layer (draw calls independent of the number of boxes)', () => {
    const grid = full(60, 48, 7);
    const buffers = new InstanceBuffers(lookup);
    buffers.reset(grid);
    expect(buffers.instanceCount).toBe(20160);
    expect(buffers.groups.size).toBe(7);
    // the plan view of layer 3 draws layers 3 and 2 only
    expect([...buffers.groups.values()].filter((g) => InstanceBuffers.visibleInPlan(g, 3)).map((g) => g.layer).sort()).toEqual([2, 3]);
    const small = new InstanceBuffers(lookup);
    small.reset(full(2, 2, 7));
    expect(small.groups.size).toBe(7);
  });

  it('update only the slots an edit touched, and match the grid after every edit', () => {
    let grid = full(10, 8, 3);
    const buffers = new InstanceBuffers(lookup);
    buffers.reset(grid);
    buffers.takeUpdates();

    const erased = erase(grid, 3, 1, 4);
    buffers.apply(erased.grid, erased.changes);
    grid = erased.grid;
    let updates = buffers.takeUpdates();
    expect(updates.groups).toHaveLength(1);
    expect(updates.groups[0]!.group.key).toBe('BOX_FULL@1');
    expect(updates.groups[0]!.full).toBe(false);
    // the freed slot took the last instance: one slot uploaded
    expect(updates.groups[0]!.ranges).toEqual([{ start: 3 * 8 + 4, length: 1 }]);
    expect(drawn(buffers)).toEqual(expected(grid));

    const placed = place(grid, lookup, { x: 3, y: 1, z: 4, boxTypeId: 'BOX_HALF' });
    buffers.apply(placed.grid, placed.changes);
    grid = placed.grid;
    updates = buffers.takeUpdates();
    expect(updates.groups.map((u) => u.group.key)).toEqual(['BOX_HALF@1']);
    expect(drawn(buffers)).toEqual(expected(grid));

    const shaft = place(grid, lookup, { x: 0, y: 0, z: 0, boxTypeId: 'SHAFT_C3_DROSSEL_150' });
    buffers.apply(shaft.grid, shaft.changes);
    grid = shaft.grid;
    updates = buffers.takeUpdates();
    expect(updates.groups.map((u) => u.group.key).sort()).toEqual(['BOX_FULL@0', 'BOX_FULL@1', 'BOX_FULL@2', 'SHAFT_C3_DROSSEL_150@shaft']);
    expect(drawn(buffers)).toEqual(expected(grid));

    const turned = rotate(grid, 5, 2, 5);
    buffers.apply(turned.grid, turned.changes);
    grid = turned.grid;
    updates = buffers.takeUpdates();
    expect(updates.groups).toHaveLength(1);
    expect(updates.groups[0]!.ranges.reduce((n, r) => n + r.length, 0)).toBe(1);
    expect(drawn(buffers)).toEqual(expected(grid));
  });

  it('report a group whose last instance was erased (count 0), so the scene draws nothing for it', () => {
    const grid = full(2, 2, 1);
    const buffers = new InstanceBuffers(lookup);
    buffers.reset(grid);
    buffers.takeUpdates();
    const erased = eraseArea(grid, 0, { x0: 0, z0: 0, x1: 1, z1: 1 });
    buffers.apply(erased.grid, erased.changes);
    const updates = buffers.takeUpdates();
    expect(updates.groups.map((u) => [u.group.key, u.group.count])).toEqual([['BOX_FULL@0', 0]]);
    expect(drawn(buffers)).toEqual([]);
  });

  it('follow undo through diffGrids, and a relayout (inserted layer) rebuilds', () => {
    const before = full(6, 5, 2);
    const buffers = new InstanceBuffers(lookup);
    buffers.reset(before);
    const after = erase(before, 1, 0, 1).grid;
    buffers.apply(after, diffGrids(before, after));
    expect(drawn(buffers)).toEqual(expected(after));
    buffers.apply(before, diffGrids(after, before)); // undo
    expect(drawn(buffers)).toEqual(expected(before));
    const inserted = insertLayer(before, 0, 'above');
    buffers.apply(inserted.grid, inserted.changes);
    expect(drawn(buffers)).toEqual(expected(inserted.grid));
    expect(buffers.takeUpdates().groups.every((u) => u.full)).toBe(true);
  });

  it('grow an array past its capacity and ask for a full upload', () => {
    const empty = createGrid({ id: 'c', name: 'c', lengthM: 16, widthM: 16 });
    const buffers = new InstanceBuffers(lookup);
    buffers.reset(empty);
    buffers.takeUpdates();
    const filled = fillLayer(empty, lookup, 0, 'BOX_FULL');
    buffers.apply(filled.grid, filled.changes);
    const updates = buffers.takeUpdates();
    expect(updates.groups).toHaveLength(1);
    expect(updates.groups[0]!.full).toBe(true);
    expect(updates.groups[0]!.group.count).toBe(400);
    expect(updates.groups[0]!.group.matrices.length).toBeGreaterThanOrEqual(400 * MATRIX_FLOATS);
  });

  it('show a connection indicator per connected cube side, turned with the item', () => {
    let grid = full(3, 3, 1);
    const buffers = new InstanceBuffers(lookup);
    buffers.reset(grid);
    buffers.takeUpdates();
    const options = [
      { propertyId: 'side.front.plant1', value: 'PIPE_DN160' },
      { propertyId: 'side.right.height', value: 100 },
    ];
    expect(connectedSides(options)).toEqual(['front']);
    const r = setItemOptions(grid, 1, 0, 1, options);
    buffers.apply(r.grid, r.changes);
    grid = r.grid;
    const u = buffers.takeUpdates();
    expect(u.connectors).toBe(true);
    expect(buffers.connectorCount).toBe(1);
    // North: the front faces +z, so the indicator sits on the cell's +z edge
    expect(buffers.connectors[12]).toBeCloseTo(1.2, 5);
    expect(buffers.connectors[14]).toBeCloseTo(1.6, 5);
    const erased = erase(grid, 1, 0, 1);
    buffers.apply(erased.grid, erased.changes);
    buffers.takeUpdates();
    expect(buffers.connectorCount).toBe(0);
  });

  it('merge dirty slots into ranges, and let boxes fall in the gravity view', () => {
    expect(slotRanges([5, 1, 2, 3, 9])).toEqual([
      { start: 1, length: 3 },
      { start: 5, length: 1 },
      { start: 9, length: 1 },
    ]);
    let grid = createGrid({ id: 'c', name: 'c', lengthM: 1.6, widthM: 0.8, layers: 3 });
    grid = place(grid, lookup, { x: 0, y: 2, z: 0, boxTypeId: 'BOX_FULL' }).grid;
    grid = place(grid, lookup, { x: 1, y: 0, z: 0, boxTypeId: 'BOX_FULL' }).grid;
    grid = place(grid, lookup, { x: 1, y: 2, z: 0, boxTypeId: 'BOX_FULL' }).grid;
    const fallen = fallenLayers(grid);
    expect(gridItems(grid).map((it) => `${it.x}:${it.y}→${fallen.get(it)}`).sort()).toEqual(['0:2→0', '1:0→0', '1:2→1']);
  });
});

describe('the plan view geometry (decision 0152)', () => {
  it('keeps only the faces that look up: box top and marker top, 8 vertices instead of 48, same winding and colours', () => {
    const full = fullBoxWithMarker();
    expect(full.positions!.length / 3).toBe(48);
    const top = upwardFaces({ positions: full.positions!, normals: full.normals!, indices: full.indices!, uvs: full.uvs, colors: full.colors });
    expect(top.positions.length / 3).toBe(8);
    expect(top.indices.length).toBe(12); // two quads
    const ys = new Set<number>();
    for (let i = 1; i < top.positions.length; i += 3) ys.add(+top.positions[i]!.toFixed(3));
    expect([...ys].sort()).toEqual([0.33, 0.35]); // box top at height / 2, marker top 0.02 above it
    for (let i = 0; i < top.normals.length; i += 3) expect([top.normals[i], top.normals[i + 1], top.normals[i + 2]]).toEqual([0, 1, 0]);
    // each triangle as in the full mesh (same vertex order: culling unchanged)
    const key = (p: ArrayLike<number>, v: number) => `${(p[v * 3] as number).toFixed(3)},${(p[v * 3 + 1] as number).toFixed(3)},${(p[v * 3 + 2] as number).toFixed(3)}`;
    const fullTriangles = new Set<string>();
    for (let t = 0; t < full.indices!.length; t += 3) fullTriangles.add([0, 1, 2].map((k) => key(full.positions!, full.indices![t + k]!)).join('|'));
    for (let t = 0; t < top.indices.length; t += 3) expect(fullTriangles.has([0, 1, 2].map((k) => key(top.positions, top.indices[t + k]!)).join('|'))).toBe(true);
    expect(top.colors!.slice(0, 4)).toEqual([0.35, 0.62, 0.85, 1]);
    expect(top.colors!.slice(16, 20)).toEqual([0.1, 0.2, 0.38, 1]);
    expect(top.uvs!.length).toBe(16);
  });
});
