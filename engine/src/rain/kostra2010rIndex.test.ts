/**
 * Shapefile polygons and the KOSTRA-DWD-2010R index on small synthetic files written here
 * (tiny .shp/.shx/.dbf writers below). The real DWD files are tested in kostra2010rReal.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { ANNUALITIES_A } from '../tables/rain.ts';
import { KOSTRA_2010R_GRID, kostra2010RCellFromMap } from './kostra2010rGrid.ts';
import { buildKostra2010RIndex, kostra2010RCell, kostra2010RCells, kostra2010RLocate, kostra2010RLookup } from './kostra2010rIndex.ts';
import { availableDurations, rainYield } from './series.ts';
import { pointInShapefilePolygon, readShapefilePolygons } from './shapefile.ts';
import { unprojectToWgs84 } from './projection.ts';

type Ring = readonly (readonly [number, number])[];

/** A minimal shapefile writer: polygons (type 5) as lists of rings; `null` = null shape. Returns .shp and .shx. */
function writeShp(shapes: readonly (readonly Ring[] | null)[]): { shp: Uint8Array; shx: Uint8Array } {
  const contents = shapes.map((rings) => {
    if (rings === null) return 4;
    const points = rings.reduce((s, r) => s + r.length, 0);
    return 44 + 4 * rings.length + 16 * points;
  });
  const total = 100 + contents.reduce((s, c) => s + 8 + c, 0);
  const shp = new Uint8Array(total);
  const shx = new Uint8Array(100 + 8 * shapes.length);
  const v = new DataView(shp.buffer);
  const vx = new DataView(shx.buffer);
  for (const [view, len] of [
    [v, total],
    [vx, shx.length],
  ] as const) {
    view.setInt32(0, 9994, false);
    view.setInt32(24, len / 2, false);
    view.setInt32(28, 1000, true);
    view.setInt32(32, 5, true);
  }
  let pos = 100;
  shapes.forEach((rings, i) => {
    const content = contents[i] ?? 0;
    vx.setInt32(100 + 8 * i, pos / 2, false);
    vx.setInt32(104 + 8 * i, content / 2, false);
    v.setInt32(pos, i + 1, false);
    v.setInt32(pos + 4, content / 2, false);
    const at = pos + 8;
    if (rings === null) {
      v.setInt32(at, 0, true);
    } else {
      const pts = rings.flat();
      const xs = pts.map((p) => p[0]);
      const ys = pts.map((p) => p[1]);
      v.setInt32(at, 5, true);
      v.setFloat64(at + 4, Math.min(...xs), true);
      v.setFloat64(at + 12, Math.min(...ys), true);
      v.setFloat64(at + 20, Math.max(...xs), true);
      v.setFloat64(at + 28, Math.max(...ys), true);
      v.setInt32(at + 36, rings.length, true);
      v.setInt32(at + 40, pts.length, true);
      let first = 0;
      rings.forEach((r, k) => {
        v.setInt32(at + 44 + 4 * k, first, true);
        first += r.length;
      });
      pts.forEach((p, k) => {
        v.setFloat64(at + 44 + 4 * rings.length + 16 * k, p[0], true);
        v.setFloat64(at + 44 + 4 * rings.length + 16 * k + 8, p[1], true);
      });
    }
    pos += 8 + content;
  });
  return { shp, shx };
}

/** A minimal dBase III writer for INDEX_RC + HN_xxxA_ (numbers, 1 decimal). */
function writeHnDbf(records: readonly (readonly number[])[]): Uint8Array {
  const fields = [{ name: 'INDEX_RC', length: 11, decimals: 0 }, ...ANNUALITIES_A.map((T) => ({ name: `HN_${String(T).padStart(3, '0')}A_`, length: 6, decimals: 1 }))];
  const recordLength = 1 + fields.reduce((s, f) => s + f.length, 0);
  const headerLength = 33 + 32 * fields.length;
  const bytes = new Uint8Array(headerLength + recordLength * records.length).fill(0x20);
  bytes.fill(0, 0, headerLength);
  const v = new DataView(bytes.buffer);
  bytes[0] = 3;
  v.setUint32(4, records.length, true);
  v.setUint16(8, headerLength, true);
  v.setUint16(10, recordLength, true);
  fields.forEach((f, i) => {
    for (let k = 0; k < f.name.length; k++) bytes[32 + 32 * i + k] = f.name.charCodeAt(k);
    bytes[32 + 32 * i + 11] = 78;
    bytes[32 + 32 * i + 16] = f.length;
    bytes[32 + 32 * i + 17] = f.decimals;
  });
  bytes[headerLength - 1] = 0x0d;
  records.forEach((rec, r) => {
    let at = headerLength + r * recordLength + 1;
    fields.forEach((f, i) => {
      const text = (rec[i] ?? -99.9).toFixed(f.decimals).padStart(f.length);
      for (let k = 0; k < f.length; k++) bytes[at + k] = text.charCodeAt(k);
      at += f.length;
    });
  });
  return bytes;
}

// The real grid's projection (StatRR_KOSTRA-DWD-2010R_grid.prj).
const PRJ =
  'PROJCS["ETRS89_LCC_Europe",GEOGCS["GCS_ETRS_1989",DATUM["D_ETRS_1989",SPHEROID["GRS_1980",6378137,298.257222101]],PRIMEM["Greenwich",0],UNIT["Degree",0.017453292519943295]],PROJECTION["Lambert_Conformal_Conic"],PARAMETER["standard_parallel_1",35],PARAMETER["standard_parallel_2",65],PARAMETER["latitude_of_origin",52],PARAMETER["central_meridian",10],PARAMETER["false_easting",4000000],PARAMETER["false_northing",2800000],UNIT["Meter",1]]';

const square = (x: number, y: number, s: number): Ring => [
  [x, y + s],
  [x + s, y + s],
  [x + s, y],
  [x, y],
  [x, y + s],
];

// 2 × 2 cells of 8 km around the projection origin (10 E, 52 N ↔ 4,000,000 / 2,800,000), row 0 north.
const X0 = 3_992_000;
const Y0 = 2_792_000;
const S = 8000;
const grid = writeShp([[square(X0, Y0 + S, S)], [square(X0 + S, Y0 + S, S)], [square(X0, Y0, S)], [square(X0 + S, Y0, S)]]);
const heights = (base: number) => ANNUALITIES_A.map((_, k) => base + k);
const dbf5 = writeHnDbf([
  [0, ...heights(5)],
  [1, ...heights(6)],
  [1000, ...heights(7)],
  [1001, ...ANNUALITIES_A.map(() => -99.9)],
]);
const dbf60 = writeHnDbf([
  [0, ...heights(15)],
  [1, ...heights(16)],
  [1000, ...heights(17)],
  [1001, ...ANNUALITIES_A.map(() => -99.9)],
]);

const centre = (x: number, y: number) => {
  const p = unprojectToWgs84(PRJ, x, y);
  if (p === undefined) throw new Error('projection');
  return p;
};

describe('readShapefilePolygons', () => {
  it('reads rings, boxes and null shapes, checked against the .shx', () => {
    const withHole = [square(0, 0, 10), square(3, 3, 4)];
    const { shp, shx } = writeShp([withHole, null, [square(20, 0, 5)]]);
    const r = readShapefilePolygons(shp, shx);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const p = r.polygons;
    expect(p.recordCount).toBe(3);
    expect(Array.from(p.recordRingStart)).toEqual([0, 2, 2, 3]);
    expect(Array.from(p.bbox.subarray(0, 4))).toEqual([0, 0, 10, 10]);
    expect(pointInShapefilePolygon(p, 0, 1, 1)).toBe(true);
    expect(pointInShapefilePolygon(p, 0, 5, 5)).toBe(false); // in the hole
    expect(pointInShapefilePolygon(p, 0, 11, 5)).toBe(false);
    expect(pointInShapefilePolygon(p, 1, 1, 1)).toBe(false); // null shape
    expect(pointInShapefilePolygon(p, 2, 22, 2)).toBe(true);
  });
  it('gives each point of a shared edge to exactly one of two cells', () => {
    const { shp } = writeShp([[square(0, 0, 10)], [square(10, 0, 10)], [square(0, 10, 10)]]);
    const r = readShapefilePolygons(shp);
    if (!r.ok) throw new Error('unreadable');
    for (const [x, y] of [
      [10, 5],
      [5, 10],
      [10, 2.5],
    ] as const) {
      const hits = [0, 1, 2].filter((i) => pointInShapefilePolygon(r.polygons, i, x, y));
      expect(hits).toHaveLength(1);
    }
  });
  it('rejects malformed files with INVALID_DATA and the record', () => {
    const { shp, shx } = writeShp([[square(0, 0, 10)], [square(10, 0, 10)]]);
    const bad = (mutate: (b: Uint8Array, v: DataView) => void, withShx = false) => {
      const b = shp.slice();
      mutate(b, new DataView(b.buffer));
      return readShapefilePolygons(b, withShx ? shx : undefined);
    };
    expect(readShapefilePolygons(new Uint8Array(50)).ok).toBe(false);
    expect(bad((_, v) => v.setInt32(0, 1234, false)).ok).toBe(false);
    expect(bad((_, v) => v.setInt32(32, 1, true)).ok).toBe(false); // points, not polygons
    const cut = readShapefilePolygons(shp.slice(0, shp.length - 20));
    expect(cut.ok === false && cut.errors[0]).toMatchObject({ row: 2, detail: expect.stringMatching(/past the end/) }); // cut off
    const second = 100 + 8 + 44 + 4 + 80;
    const badParts = bad((_, v) => v.setInt32(second + 8 + 40, 9999, true));
    expect(badParts.ok === false && badParts.errors[0]).toMatchObject({ code: 'INVALID_DATA', row: 2 });
    const badType = bad((_, v) => v.setInt32(second + 8, 3, true));
    expect(badType.ok === false && badType.errors[0]?.row).toBe(2);
    const nanPoint = bad((_, v) => v.setFloat64(100 + 8 + 48, Number.NaN, true));
    expect(nanPoint.ok === false && nanPoint.errors[0]?.row).toBe(1);
    const otherShx = writeShp([[square(0, 0, 10)]]).shx;
    expect(readShapefilePolygons(shp, otherShx).ok).toBe(false);
    expect(readShapefilePolygons(shp, new Uint8Array(3)).ok).toBe(false);
    expect(readShapefilePolygons('x' as unknown as Uint8Array).ok).toBe(false);
  });
});

describe('buildKostra2010RIndex (synthetic grid)', () => {
  const built = buildKostra2010RIndex({ shp: grid.shp, shx: grid.shx, prj: PRJ, dbf: [{ durationMin: 5, bytes: dbf5 }, { durationMin: 60, bytes: dbf60 }] });
  it('builds and finds cells by position', () => {
    expect(built.ok).toBe(true);
    if (!built.ok) return;
    const index = built.index;
    expect(index.cellsWithData).toBe(3);
    expect(index.durationsMin).toEqual([5, 60]);
    const nw = centre(X0 + S / 2, Y0 + 1.5 * S);
    const cell = kostra2010RLookup(index, nw.latDeg, nw.lonDeg);
    expect(cell).toMatchObject({ id: '0', row: 0, column: 0 });
    expect(cell?.series.stamp).toEqual({ edition: 'KOSTRA-DWD-2010R', cell: '0' });
    expect(rainYield(cell!.series, 5, 1)).toBeCloseTo((5 * 10000) / 300, 10);
    expect(rainYield(cell!.series, 60, 100)).toBeCloseTo((23 * 10000) / 3600, 10);
    expect(availableDurations(cell!.series, 1)).toEqual([5, 60]);
    const sw = centre(X0 + S / 2, Y0 + S / 2);
    expect(kostra2010RLookup(index, sw.latDeg, sw.lonDeg)?.id).toBe('1000');
    const se = centre(X0 + 1.5 * S, Y0 + S / 2);
    expect(kostra2010RLookup(index, se.latDeg, se.lonDeg)).toBeUndefined(); // no data
    const outside = centre(X0 - S, Y0);
    expect(kostra2010RLookup(index, outside.latDeg, outside.lonDeg)).toBeUndefined();
    expect(kostra2010RLookup(index, Number.NaN, 10)).toBeUndefined();
    expect(kostra2010RCell(index, '001000')?.row).toBe(1);
    expect(kostra2010RCell(index, 1001)).toBeUndefined();
    expect(kostra2010RCells(index).map((c) => c.id)).toEqual(['0', '1', '1000']);
  });
  it('says why a position has no series: outside the grid, or inside it in a cell without data (named)', () => {
    if (!built.ok) throw new Error('not built');
    const index = built.index;
    const nw = centre(X0 + S / 2, Y0 + 1.5 * S);
    expect(kostra2010RLocate(index, nw.latDeg, nw.lonDeg)).toMatchObject({ ok: true, cell: { id: '0' } });
    const se = centre(X0 + 1.5 * S, Y0 + S / 2);
    expect(kostra2010RLocate(index, se.latDeg, se.lonDeg)).toEqual({
      ok: false,
      code: 'CELL_WITHOUT_DATA',
      messageKey: 'rainData.cellWithoutData',
      edition: 'KOSTRA-DWD-2010R',
      cell: { row: 1, column: 1, indexRc: 1001, id: '1001' },
      detail: 'the position lies in cell 1001 (row 1, column 1) of the KOSTRA-DWD-2010R grid, which has no data',
    });
    const outside = centre(X0 - S, Y0);
    expect(kostra2010RLocate(index, outside.latDeg, outside.lonDeg)).toEqual({
      ok: false,
      code: 'OUTSIDE_GRID',
      messageKey: 'rainData.outsideGrid',
      edition: 'KOSTRA-DWD-2010R',
      detail: 'the position lies outside the KOSTRA-DWD-2010R grid',
    });
    expect(kostra2010RLocate(index, Number.NaN, 10)).toMatchObject({ ok: false, code: 'OUTSIDE_GRID' });
    expect(kostra2010RLocate(index, 95, 10)).toMatchObject({ ok: false, code: 'OUTSIDE_GRID' });
  });
  it('names the cell of map coordinates with the grid formula (107 × 79 cells of 8150 × 8200 m)', () => {
    const g = KOSTRA_2010R_GRID;
    expect(kostra2010RCellFromMap(g.westM + 1, g.northM - 1)).toEqual({ row: 0, column: 0, indexRc: 0, id: '0' });
    expect(kostra2010RCellFromMap(g.westM + 49.5 * g.cellWidthM, g.northM - 93.5 * g.cellHeightM)?.id).toBe('93049');
    expect(kostra2010RCellFromMap(g.westM + g.columns * g.cellWidthM - 1, g.northM - g.rows * g.cellHeightM + 1)?.id).toBe('106078');
    expect(kostra2010RCellFromMap(g.westM - 1, g.northM - 1)).toBeUndefined();
    expect(kostra2010RCellFromMap(g.westM + g.columns * g.cellWidthM, g.northM - 1)).toBeUndefined();
    expect(kostra2010RCellFromMap(g.westM + 1, g.northM + 1)).toBeUndefined();
    expect(kostra2010RCellFromMap(g.westM + 1, g.northM - g.rows * g.cellHeightM)).toBeUndefined();
    expect(kostra2010RCellFromMap(Number.NaN, g.northM)).toBeUndefined();
  });
  it('is plain data', () => {
    if (!built.ok) throw new Error('not built');
    const copy = structuredClone(built.index);
    const nw = centre(X0 + S / 2, Y0 + 1.5 * S);
    expect(kostra2010RLookup(copy, nw.latDeg, nw.lonDeg)?.id).toBe('0');
  });
  it('reports inconsistent files', () => {
    const fewer = writeHnDbf([[0, ...heights(5)]]);
    const r1 = buildKostra2010RIndex({ shp: grid.shp, prj: PRJ, dbf: [{ durationMin: 5, bytes: fewer }] });
    expect(r1.ok === false && r1.errors[0]).toMatchObject({ code: 'INVALID_DATA', field: 'D0005.dbf' });
    const shuffled = writeHnDbf([
      [1, ...heights(5)],
      [0, ...heights(6)],
      [1000, ...heights(7)],
      [1001, ...heights(7)],
    ]);
    const r2 = buildKostra2010RIndex({ shp: grid.shp, prj: PRJ, dbf: [{ durationMin: 5, bytes: dbf5 }, { durationMin: 60, bytes: shuffled }] });
    expect(r2.ok === false && r2.errors[0]?.detail).toMatch(/INDEX_RC/);
    const r3 = buildKostra2010RIndex({ shp: grid.shp, prj: 'not a projection', dbf: [{ durationMin: 5, bytes: dbf5 }] });
    expect(r3.ok === false && r3.errors[0]?.field).toBe('.prj');
    const r4 = buildKostra2010RIndex({ shp: new Uint8Array(10), prj: PRJ, dbf: [{ durationMin: 5, bytes: dbf5 }] });
    expect(r4.ok === false && r4.errors[0]?.field).toBe('.shp');
    const r5 = buildKostra2010RIndex({ shp: grid.shp, prj: PRJ, dbf: [] });
    expect(r5.ok).toBe(false);
    const r6 = buildKostra2010RIndex({ shp: grid.shp, prj: PRJ, dbf: [{ durationMin: 5, bytes: dbf5 }, { durationMin: 5, bytes: dbf5 }] });
    expect(r6.ok === false && r6.errors[0]?.detail).toMatch(/twice/);
    const r7 = buildKostra2010RIndex({ shp: grid.shp, prj: PRJ, dbf: [{ durationMin: 5, bytes: new Uint8Array(5) }] });
    expect(r7.ok === false && r7.errors[0]?.field).toBe('D0005.dbf');
  });
});
