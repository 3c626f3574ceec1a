/**
 * KOSTRA-DWD-2010R lookup from DWD's GIS files. Source: docs/calculation-reference.md section 1; DWD data set
 * description KOSTRA-DWD-2010R (GIS): 18 durations (5 … 4320 min), 79 × 107 cells of about
 * 8.15 × 8.2 km in ETRS89 / LCC Europe (EPSG:3034, WKT in the `.prj`), one `.dbf` per duration
 * whose records follow the polygons of the grid `.shp`; `INDEX_RC = row · 1000 + column`.
 *
 * A position is mapped to its cell with the geometry (projection from the `.prj`, then
 * point-in-polygon over the cell polygons through a bucket grid), not with guessed constants.
 */
import { ANNUALITIES_A, RAIN_DURATIONS_MIN, type RainDurationMin } from '../tables/rain.ts';
import { MAX_RAIN_DATA_ERRORS, rainDataError, type RainDataError } from './errors.ts';
import { kostraCellRef, parseIndexRc, type KostraCellRef } from './indexRc.ts';
import { kostra2010RCellFromMap } from './kostra2010rGrid.ts';
import { readKostraDbf } from './kostraDbf.ts';
import { kostraLookupMiss, type KostraLookupResult } from './lookup.ts';
import { projectionProblem, projectWgs84 } from './projection.ts';
import { createRainSeries, type RainSeries } from './series.ts';
import { pointInShapefilePolygon, readShapefilePolygons, type ShapefilePolygons } from './shapefile.ts';
import { rainYieldFromHeight } from './units.ts';

const EDITION = 'KOSTRA-DWD-2010R';

/** One per-duration `.dbf` of the dataset. */
export interface KostraDbfFile {
  /** Duration of the file in min (see kostraDurationFromFileName). */
  readonly durationMin: number;
  readonly bytes: Uint8Array;
}

/** The DWD files of KOSTRA-DWD-2010R, as bytes and text. */
export interface Kostra2010RFiles {
  /** `StatRR_KOSTRA-DWD-2010R_grid.shp`: the cell polygons. */
  readonly shp: Uint8Array;
  /** `….shx` (optional): checked against the `.shp` when given. */
  readonly shx?: Uint8Array | undefined;
  /** `….prj`: the WKT of the map projection (EPSG:3034). */
  readonly prj: string;
  /** `StatRR_KOSTRA-DWD-2010R_Dxxxx.dbf`, one per duration (any subset; absent durations are missing). */
  readonly dbf: readonly KostraDbfFile[];
}

/** A bucket grid over the map: bucket (bx, by) lists the records whose box touches it. */
export interface PolygonBuckets {
  readonly minX: number;
  readonly minY: number;
  readonly sizeX: number;
  readonly sizeY: number;
  readonly nx: number;
  readonly ny: number;
  /** CSR offsets into `items`, length `nx · ny + 1`. */
  readonly start: Int32Array;
  readonly items: Int32Array;
}

/**
 * The KOSTRA-DWD-2010R lookup index (plain data: typed arrays and numbers, no functions; it can
 * be sent to a worker or cached). Build it once with {@link buildKostra2010RIndex}.
 */
export interface Kostra2010RIndex {
  readonly edition: 'KOSTRA-DWD-2010R';
  /** The projection WKT of the `.prj`. */
  readonly projection: string;
  readonly polygons: ShapefilePolygons;
  readonly buckets: PolygonBuckets;
  /** INDEX_RC per polygon record (-1 unknown). */
  readonly recordIndexRc: Int32Array;
  /** Row into `heightsMm` per polygon record; -1 = the cell carries no data. */
  readonly recordDataRow: Int32Array;
  /** hN in mm per data row: `22 × 9` values (duration-major over RAIN_DURATIONS_MIN, then ANNUALITIES_A); 0 = missing. */
  readonly heightsMm: Float64Array;
  /** Cells with data (5,405 in DWD's files). */
  readonly cellsWithData: number;
  /** The durations read, ascending. */
  readonly durationsMin: readonly RainDurationMin[];
}

/** What {@link buildKostra2010RIndex} returns. */
export type Kostra2010RIndexResult =
  | { readonly ok: true; readonly index: Kostra2010RIndex }
  | { readonly ok: false; readonly errors: readonly RainDataError[] };

/** A cell found by {@link kostra2010RLookup}. */
export interface Kostra2010RCell extends KostraCellRef {
  readonly series: RainSeries;
}

const ND = RAIN_DURATIONS_MIN.length;
const NT = ANNUALITIES_A.length;

/**
 * Builds the KOSTRA-DWD-2010R index from DWD's files: reads the polygons, the projection and
 * every duration's table, checks that each `.dbf` has one record per polygon with the same
 * INDEX_RC order, and buckets the polygons for fast lookups.
 *
 * @returns the index, or `INVALID_DATA` errors (the `field` of an error names the file part,
 *   e.g. `D0015.dbf`, `.shp`, `.prj`)
 * @example
 * const built = buildKostra2010RIndex({ shp, shx, prj, dbf: files.map((f) => ({ durationMin: kostraDurationFromFileName(f.name)!, bytes: f.bytes })) });
 * if (built.ok) kostra2010RLookup(built.index, 48.137, 11.575)?.id; // "93049" (Munich)
 */
export function buildKostra2010RIndex(files: Kostra2010RFiles): Kostra2010RIndexResult {
  const errors: RainDataError[] = [];
  const tag = (list: readonly RainDataError[], field: string) =>
    list.map((e) => (e.field === undefined ? { ...e, field } : { ...e, field: `${field} ${e.field}` }));

  const prjProblem = projectionProblem(files.prj);
  if (prjProblem !== undefined) errors.push(rainDataError('INVALID_DATA', prjProblem, { field: '.prj' }));
  const shp = readShapefilePolygons(files.shp, files.shx);
  if (!shp.ok) errors.push(...tag(shp.errors, '.shp'));
  if (!shp.ok || errors.length > 0) return { ok: false, errors };
  const polygons = shp.polygons;
  const n = polygons.recordCount;

  const recordIndexRc = new Int32Array(n).fill(-1);
  const heightsByRecord = new Float64Array(n * ND * NT);
  const durations: RainDurationMin[] = [];
  for (const file of files.dbf) {
    const name = `D${String(file.durationMin).padStart(4, '0')}.dbf`;
    if (durations.includes(file.durationMin as RainDurationMin)) {
      errors.push(rainDataError('INVALID_DATA', `duration ${file.durationMin} min is given twice`, { field: name }));
      continue;
    }
    const read = readKostraDbf(file.bytes, file.durationMin);
    if (!read.ok) {
      errors.push(...tag(read.errors, name));
      continue;
    }
    const t = read.table;
    durations.push(t.durationMin);
    if (t.recordCount !== n) {
      errors.push(rainDataError('INVALID_DATA', `${t.recordCount} records, the .shp has ${n} polygons`, { field: name }));
      continue;
    }
    const d = RAIN_DURATIONS_MIN.indexOf(t.durationMin);
    for (let r = 0; r < n && errors.length < MAX_RAIN_DATA_ERRORS; r++) {
      const id = t.indexRc[r] ?? -1;
      const known = recordIndexRc[r] ?? -1;
      if (known === -1) recordIndexRc[r] = id;
      else if (id !== -1 && id !== known) {
        errors.push(rainDataError('INVALID_DATA', `record ${r + 1} is INDEX_RC ${id}, other files say ${known}`, { row: r + 1, field: `${name} INDEX_RC` }));
        continue;
      }
      for (let k = 0; k < NT; k++) heightsByRecord[(r * ND + d) * NT + k] = t.heightsMm[r * NT + k] ?? 0;
    }
  }
  if (files.dbf.length === 0) errors.push(rainDataError('INVALID_DATA', 'no .dbf file given', { field: '.dbf' }));
  if (errors.length > 0) return { ok: false, errors };

  // Keep only records with data.
  const recordDataRow = new Int32Array(n).fill(-1);
  let rows = 0;
  for (let r = 0; r < n; r++) {
    const base = r * ND * NT;
    for (let k = 0; k < ND * NT; k++) {
      if ((heightsByRecord[base + k] ?? 0) > 0) {
        recordDataRow[r] = rows++;
        break;
      }
    }
  }
  const heightsMm = new Float64Array(rows * ND * NT);
  for (let r = 0; r < n; r++) {
    const row = recordDataRow[r] ?? -1;
    if (row >= 0) heightsMm.set(heightsByRecord.subarray(r * ND * NT, (r + 1) * ND * NT), row * ND * NT);
  }

  return {
    ok: true,
    index: {
      edition: 'KOSTRA-DWD-2010R',
      projection: files.prj,
      polygons,
      buckets: bucketPolygons(polygons),
      recordIndexRc,
      recordDataRow,
      heightsMm,
      cellsWithData: rows,
      durationsMin: [...durations].sort((a, b) => a - b),
    },
  };
}

/** Calls `visit` with each polygon's box `x0, y0, x1, y1`, passing over boxes that are empty or not numbers. */
function forEachBox(polygons: ShapefilePolygons, visit: (record: number, x0: number, y0: number, x1: number, y1: number) => void): void {
  const { bbox, recordCount: n } = polygons;
  for (let i = 0; i < n; i++) {
    const x0 = bbox[4 * i] ?? Number.NaN;
    const y0 = bbox[4 * i + 1] ?? Number.NaN;
    const x1 = bbox[4 * i + 2] ?? Number.NaN;
    const y1 = bbox[4 * i + 3] ?? Number.NaN;
    if (x1 >= x0 && y1 >= y0) visit(i, x0, y0, x1, y1);
  }
}

/** Buckets polygons by their boxes on a grid of about one average polygon per bucket. */
function bucketPolygons(polygons: ShapefilePolygons): PolygonBuckets {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  let sumW = 0;
  let sumH = 0;
  let count = 0;
  forEachBox(polygons, (_i, x0, y0, x1, y1) => {
    minX = Math.min(minX, x0);
    minY = Math.min(minY, y0);
    maxX = Math.max(maxX, x1);
    maxY = Math.max(maxY, y1);
    sumW += x1 - x0;
    sumH += y1 - y0;
    count++;
  });
  if (count === 0) return { minX: 0, minY: 0, sizeX: 1, sizeY: 1, nx: 0, ny: 0, start: new Int32Array(1), items: new Int32Array(0) };
  const spanX = Math.max(maxX - minX, 1e-9);
  const spanY = Math.max(maxY - minY, 1e-9);
  const nx = Math.max(1, Math.min(4096, Math.ceil(spanX / Math.max(sumW / count, spanX / 4096))));
  const ny = Math.max(1, Math.min(4096, Math.ceil(spanY / Math.max(sumH / count, spanY / 4096))));
  const sizeX = spanX / nx;
  const sizeY = spanY / ny;
  const clampX = (x: number) => Math.min(nx - 1, Math.max(0, Math.floor((x - minX) / sizeX)));
  const clampY = (y: number) => Math.min(ny - 1, Math.max(0, Math.floor((y - minY) / sizeY)));
  const counts = new Int32Array(nx * ny + 1);
  const each = (visit: (bucket: number, record: number) => void) =>
    forEachBox(polygons, (i, x0, y0, x1, y1) => {
      for (let by = clampY(y0); by <= clampY(y1); by++) for (let bx = clampX(x0); bx <= clampX(x1); bx++) visit(by * nx + bx, i);
    });
  each((b) => {
    counts[b + 1] = (counts[b + 1] ?? 0) + 1;
  });
  for (let b = 0; b < nx * ny; b++) counts[b + 1] = (counts[b + 1] ?? 0) + (counts[b] ?? 0);
  const start = Int32Array.from(counts);
  const fill = Int32Array.from(counts);
  const items = new Int32Array(start[nx * ny] ?? 0);
  each((b, i) => {
    const at = fill[b] ?? 0;
    items[at] = i;
    fill[b] = at + 1;
  });
  return { minX, minY, sizeX, sizeY, nx, ny, start, items };
}

/** The polygon record containing map point (x, y), or -1. */
function recordAt(index: Kostra2010RIndex, x: number, y: number): number {
  const b = index.buckets;
  if (b.nx === 0) return -1;
  const bx = Math.floor((x - b.minX) / b.sizeX);
  const by = Math.floor((y - b.minY) / b.sizeY);
  if (bx < 0 || by < 0 || bx > b.nx || by > b.ny) return -1;
  const bucket = Math.min(by, b.ny - 1) * b.nx + Math.min(bx, b.nx - 1);
  for (let k = b.start[bucket] ?? 0, end = b.start[bucket + 1] ?? 0; k < end; k++) {
    const i = b.items[k] ?? -1;
    if (i >= 0 && pointInShapefilePolygon(index.polygons, i, x, y)) return i;
  }
  return -1;
}

function seriesOfRecord(index: Kostra2010RIndex, record: number): Kostra2010RCell | undefined {
  const row = index.recordDataRow[record] ?? -1;
  const cell = parseIndexRc(index.recordIndexRc[record] ?? -1);
  if (row < 0 || cell === undefined) return undefined;
  const base = row * ND * NT;
  const series = createRainSeries(
    { edition: 'KOSTRA-DWD-2010R', cell: cell.id },
    (D, T) => {
      const h = index.heightsMm[base + RAIN_DURATIONS_MIN.indexOf(D) * NT + ANNUALITIES_A.indexOf(T)] ?? 0;
      return h > 0 ? rainYieldFromHeight(h, D) : 0;
    },
    { kostraCell: { row: cell.row, column: cell.column } },
  );
  return { ...cell, series };
}

/**
 * The KOSTRA-DWD-2010R cell of a WGS84 position and its rain series (r = hN · 10000 / (60 · D)
 * from DWD's heights; the four durations beyond 72 h are 0 = missing; no per-value uncertainty:
 * DWD gives only general tolerances for 2010R), or why there is none: `OUTSIDE_GRID` (no cell
 * polygon contains the position, or the coordinates are not a valid position) or
 * `CELL_WITHOUT_DATA` with the cell whose polygon contains it (sea, abroad; lookup.ts).
 *
 * @example
 * kostra2010RLocate(index, 48.137, 11.575);  // { ok: true, cell: { id: "93049", … } } (Munich)
 * kostra2010RLocate(index, 51.172, 5.895);   // { ok: false, code: "CELL_WITHOUT_DATA", cell: { id: "52001", … } }
 */
export function kostra2010RLocate(index: Kostra2010RIndex, latDeg: number, lonDeg: number): KostraLookupResult<Kostra2010RCell> {
  const p = projectWgs84(index.projection, latDeg, lonDeg);
  if (p === undefined) return kostraLookupMiss(EDITION);
  const record = recordAt(index, p.x, p.y);
  if (record < 0) return kostraLookupMiss(EDITION);
  const found = seriesOfRecord(index, record);
  if (found !== undefined) return { ok: true, cell: found };
  // A polygon without an INDEX_RC in the tables is named by the grid formula.
  return kostraLookupMiss(EDITION, parseIndexRc(index.recordIndexRc[record] ?? -1) ?? kostra2010RCellFromMap(p.x, p.y));
}

/**
 * {@link kostra2010RLocate} without the reason.
 *
 * @returns the cell (INDEX_RC, row, column, series), or `undefined` outside the grid, in a cell
 *   without data (sea, abroad) or for invalid coordinates
 * @example
 * kostra2010RLookup(index, 48.137, 11.575)?.id; // "93049" (Munich, Marienplatz)
 */
export function kostra2010RLookup(index: Kostra2010RIndex, latDeg: number, lonDeg: number): Kostra2010RCell | undefined {
  const found = kostra2010RLocate(index, latDeg, lonDeg);
  return found.ok ? found.cell : undefined;
}

/**
 * The series of a KOSTRA-DWD-2010R cell by its INDEX_RC (padded or not).
 *
 * @returns the cell and series, or `undefined` for an unknown cell or one without data
 */
export function kostra2010RCell(index: Kostra2010RIndex, indexRc: string | number): Kostra2010RCell | undefined {
  const cell = parseIndexRc(indexRc);
  if (cell === undefined) return undefined;
  const record = index.recordIndexRc.indexOf(cell.indexRc);
  return record < 0 ? undefined : seriesOfRecord(index, record);
}

/** Every cell with data, as KostraCellRef (e.g. for an import into a database). */
export function kostra2010RCells(index: Kostra2010RIndex): KostraCellRef[] {
  const cells: KostraCellRef[] = [];
  for (let r = 0; r < index.recordIndexRc.length; r++) {
    if ((index.recordDataRow[r] ?? -1) < 0) continue;
    const id = index.recordIndexRc[r] ?? -1;
    const cell = kostraCellRef(Math.floor(id / 1000), id % 1000);
    if (cell !== undefined) cells.push(cell);
  }
  return cells;
}
