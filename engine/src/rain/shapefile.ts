/**
 * A small reader of ESRI shapefile polygons (`.shp`, optionally checked against its `.shx`).
 * Source: ESRI Shapefile Technical Description (1998): 100-byte header (file code 9994 and file
 * length in 16-bit words, big-endian; version 1000 and shape type, little-endian; bounding box),
 * then records of a big-endian header (number, content length in words) and little-endian
 * content. Polygon (5), PolygonZ (15) and PolygonM (25) records: shape type, box, NumParts,
 * NumPoints, Parts[], Points[] (x, y); Z and M values follow and are ignored. Null shapes (0)
 * give a record without rings.
 */
import { MAX_RAIN_DATA_ERRORS, rainDataError, type RainDataError } from './errors.ts';

/**
 * Polygons of a shapefile in flat arrays (plain data, structured-clone friendly).
 * Record `i` (0-based, file order) has rings `ringStart[recordRingStart[i]] …` up to
 * `recordRingStart[i + 1]`; ring `k` has points `ringStart[k] … ringStart[k + 1] − 1`, point `p`
 * at `(coords[2p], coords[2p + 1])`. `bbox[4i … 4i + 3]` is (xmin, ymin, xmax, ymax) of record i.
 */
export interface ShapefilePolygons {
  readonly shapeType: number;
  readonly recordCount: number;
  readonly bbox: Float64Array;
  readonly recordRingStart: Int32Array;
  readonly ringStart: Int32Array;
  readonly coords: Float64Array;
}

/** What {@link readShapefilePolygons} returns. */
export type ShapefileResult =
  | { readonly ok: true; readonly polygons: ShapefilePolygons }
  | { readonly ok: false; readonly errors: readonly RainDataError[] };

const POLYGON_TYPES = new Set([5, 15, 25]);

function fail(detail: string, row?: number): ShapefileResult {
  return { ok: false, errors: [rainDataError('INVALID_DATA', detail, { row })] };
}

/**
 * Reads the polygons of a `.shp` file.
 *
 * @param shp the `.shp` bytes
 * @param shx the `.shx` bytes (optional): when given, its record offsets must match the `.shp`
 * @returns the polygons, or `INVALID_DATA` errors (`row` = 1-based record)
 */
export function readShapefilePolygons(shp: Uint8Array, shx?: Uint8Array): ShapefileResult {
  if (!(shp instanceof Uint8Array)) return fail('the .shp input is not bytes');
  if (shp.length < 100) return fail(`not a shapefile: only ${shp.length} bytes`);
  const v = new DataView(shp.buffer, shp.byteOffset, shp.byteLength);
  if (v.getInt32(0, false) !== 9994) return fail('not a shapefile: file code is not 9994');
  const fileLength = Math.min(v.getInt32(24, false) * 2, shp.length);
  const shapeType = v.getInt32(32, true);
  if (!POLYGON_TYPES.has(shapeType)) return fail(`shape type ${shapeType} is not a polygon type (5, 15, 25)`);

  const bbox: number[] = [];
  const recordRingStart: number[] = [0];
  const ringStart: number[] = [0];
  const coords: number[] = [];
  const offsets: number[] = [];
  const errors: RainDataError[] = [];
  let pos = 100;
  let record = 0;
  while (pos + 8 <= fileLength && errors.length < MAX_RAIN_DATA_ERRORS) {
    record++;
    offsets.push(pos);
    const contentBytes = v.getInt32(pos + 4, false) * 2;
    const start = pos + 8;
    const end = start + contentBytes;
    if (contentBytes < 4 || end > fileLength) {
      errors.push(rainDataError('INVALID_DATA', `record ${record} runs past the end of the file`, { row: record }));
      break;
    }
    const type = v.getInt32(start, true);
    if (type === 0) {
      bbox.push(Number.NaN, Number.NaN, Number.NaN, Number.NaN);
    } else if (POLYGON_TYPES.has(type) && contentBytes >= 44) {
      const numParts = v.getInt32(start + 36, true);
      const numPoints = v.getInt32(start + 40, true);
      const partsAt = start + 44;
      const pointsAt = partsAt + 4 * numParts;
      if (numParts < 0 || numPoints < 0 || pointsAt + 16 * numPoints > end) {
        errors.push(rainDataError('INVALID_DATA', `record ${record}: ${numParts} parts and ${numPoints} points do not fit`, { row: record }));
        pos = end;
        continue;
      }
      bbox.push(v.getFloat64(start + 4, true), v.getFloat64(start + 12, true), v.getFloat64(start + 20, true), v.getFloat64(start + 28, true));
      const base = coords.length / 2;
      for (let p = 0; p < numParts; p++) {
        const first = v.getInt32(partsAt + 4 * p, true);
        const next = p + 1 < numParts ? v.getInt32(partsAt + 4 * (p + 1), true) : numPoints;
        if (first < 0 || next > numPoints || next < first) {
          errors.push(rainDataError('INVALID_DATA', `record ${record}: part ${p + 1} has invalid point indices`, { row: record }));
          break;
        }
        if (p > 0) ringStart.push(base + first);
      }
      for (let k = 0; k < numPoints; k++) {
        const x = v.getFloat64(pointsAt + 16 * k, true);
        const y = v.getFloat64(pointsAt + 16 * k + 8, true);
        if (!Number.isFinite(x) || !Number.isFinite(y)) {
          errors.push(rainDataError('INVALID_DATA', `record ${record}: point ${k + 1} is not finite`, { row: record }));
          break;
        }
        coords.push(x, y);
      }
      if (numParts > 0) ringStart.push(base + numPoints);
      else bbox.splice(bbox.length - 4, 4, Number.NaN, Number.NaN, Number.NaN, Number.NaN);
    } else {
      errors.push(rainDataError('INVALID_DATA', `record ${record} has shape type ${type}, expected ${shapeType}`, { row: record }));
    }
    // A record's rings are those pushed since the previous record: ringStart holds one more entry than rings.
    recordRingStart.push(ringStart.length - 1);
    pos = end;
  }
  if (errors.length === 0 && shx !== undefined) {
    const problem = shxProblem(shx, offsets);
    if (problem !== undefined) errors.push(rainDataError('INVALID_DATA', problem));
  }
  if (errors.length > 0) return { ok: false, errors };
  return {
    ok: true,
    polygons: {
      shapeType,
      recordCount: record,
      bbox: Float64Array.from(bbox),
      recordRingStart: Int32Array.from(recordRingStart),
      ringStart: Int32Array.from(ringStart),
      coords: Float64Array.from(coords),
    },
  };
}

function shxProblem(shx: Uint8Array, offsets: readonly number[]): string | undefined {
  if (!(shx instanceof Uint8Array) || shx.length < 100) return 'the .shx file is too short';
  const v = new DataView(shx.buffer, shx.byteOffset, shx.byteLength);
  if (v.getInt32(0, false) !== 9994) return 'the .shx file code is not 9994';
  const count = Math.floor((shx.length - 100) / 8);
  if (count !== offsets.length) return `the .shx lists ${count} records, the .shp has ${offsets.length}`;
  for (let i = 0; i < count; i++) {
    if (v.getInt32(100 + 8 * i, false) * 2 !== offsets[i]) return `the .shx offset of record ${i + 1} does not match the .shp`;
  }
  return undefined;
}

/**
 * Whether the point (x, y) lies inside polygon record `i` (even–odd rule over all its rings, so
 * holes are holes). Points on an edge may fall on either side; the half-open crossing test gives
 * each point of a shared edge to exactly one of two adjacent cells.
 */
export function pointInShapefilePolygon(polygons: ShapefilePolygons, i: number, x: number, y: number): boolean {
  const { bbox, recordRingStart, ringStart, coords } = polygons;
  const x0 = bbox[4 * i] ?? Number.NaN;
  const y0 = bbox[4 * i + 1] ?? Number.NaN;
  const x1 = bbox[4 * i + 2] ?? Number.NaN;
  const y1 = bbox[4 * i + 3] ?? Number.NaN;
  if (!(x >= x0 && x <= x1 && y >= y0 && y <= y1)) return false;
  let inside = false;
  const r0 = recordRingStart[i] ?? 0;
  const r1 = recordRingStart[i + 1] ?? 0;
  for (let r = r0; r < r1; r++) {
    const p0 = ringStart[r] ?? 0;
    const p1 = ringStart[r + 1] ?? 0;
    for (let a = p0, b = p1 - 1; a < p1; b = a++) {
      const ax = coords[2 * a] ?? 0;
      const ay = coords[2 * a + 1] ?? 0;
      const bx = coords[2 * b] ?? 0;
      const by = coords[2 * b + 1] ?? 0;
      if (ay > y !== by > y && x < ((bx - ax) * (y - ay)) / (by - ay) + ax) inside = !inside;
    }
  }
  return inside;
}
