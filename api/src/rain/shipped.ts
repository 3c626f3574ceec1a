/**
 * The rain data shipped with rainplan, so a fresh install can size at once (issue 14.1, decision
 * 0076): DWD's KOSTRA-DWD-2010R (CC BY 4.0, "Datenbasis: Deutscher Wetterdienst, eigene
 * Bearbeitung"), compacted by `npm run rain:compact` from DWD's GIS files into
 * `api/rain-data/kostra-dwd-2010r.json.gz` (committed), and loaded by the server at start into a
 * database that has no KOSTRA-DWD-2010R data yet.
 *
 * The compact file holds exactly what an import of DWD's files stores (`prepare2010R`): per cell
 * INDEX_RC, bounding box and polygon rings in the dataset's projection, and the 22 × 9 rain heights
 * in tenths of a millimetre (DWD publishes one decimal), plus the projection and the hash of DWD's
 * files — so `rain:import` of the same files later changes nothing, and an imported
 * KOSTRA-DWD-2020 is still consulted first (`LOOKUP_ORDER`).
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync, gzipSync } from 'node:zlib';
import { KOSTRA_ATTRIBUTION } from '@rainplan/engine/rain';
import { ANNUALITIES_A, RAIN_DURATIONS_MIN } from '@rainplan/engine/tables';
import { RainDataset } from '../db/entities/rain.ts';
import type { EntityManager } from '../db/orm.ts';
import { prepare2010R, storeRainDataset, type CellRow, type PreparedDataset, type RainFile } from './import.ts';
import { forgetRainDatasets } from './store.ts';

/** The committed compact file. */
export const SHIPPED_RAIN_FILE = fileURLToPath(new URL('../../rain-data/kostra-dwd-2010r.json.gz', import.meta.url));

const FORMAT = 'rainplan-kostra-cells';
const EDITION = 'KOSTRA-DWD-2010R';
const CELL_VALUES = RAIN_DURATIONS_MIN.length * ANNUALITIES_A.length;

/** One cell: INDEX_RC, bounding box, polygon rings, heights in 0.1 mm (duration-major). */
type CompactCell = [indexRc: number, minX: number, minY: number, maxX: number, maxY: number, rings: number[][], heightsTenthMm: number[]];

export interface CompactRainData {
  readonly format: typeof FORMAT;
  readonly version: 1;
  readonly edition: typeof EDITION;
  readonly attribution: string;
  readonly license: string;
  /** SHA-256 over DWD's files, as `rain:import` computes it. */
  readonly sourceHash: string;
  readonly files: readonly string[];
  readonly projection: string;
  readonly durationsMin: readonly number[];
  readonly annualitiesA: readonly number[];
  readonly cells: readonly CompactCell[];
}

/** The compact form of a prepared KOSTRA-DWD-2010R dataset (throws if a height is not in 0.1 mm). */
export function compactRainData(dataset: PreparedDataset): CompactRainData {
  if (dataset.edition !== EDITION || dataset.projection === null) throw new Error('the compact rain data holds KOSTRA-DWD-2010R with its projection');
  const attribution = KOSTRA_ATTRIBUTION[EDITION];
  return {
    format: FORMAT,
    version: 1,
    edition: EDITION,
    attribution: attribution?.notice ?? '',
    license: attribution?.license ?? '',
    sourceHash: dataset.hash,
    files: [...dataset.files].sort(),
    projection: dataset.projection,
    durationsMin: [...RAIN_DURATIONS_MIN],
    annualitiesA: [...ANNUALITIES_A],
    cells: dataset.cells.map((cell) => {
      const tenths = cell.heightsMm.map((h) => Math.round(h * 10));
      tenths.forEach((t, i) => {
        if (t / 10 !== cell.heightsMm[i]) throw new Error(`cell ${cell.indexRc}: height ${cell.heightsMm[i]} mm is not in 0.1 mm`);
      });
      return [cell.indexRc, cell.minX ?? Number.NaN, cell.minY ?? Number.NaN, cell.maxX ?? Number.NaN, cell.maxY ?? Number.NaN, cell.rings ?? [], tenths];
    }),
  };
}

/** The compact data from a directory with DWD's KOSTRA-DWD-2010R GIS files (other files are ignored). */
export async function compactRainDataFromDirectory(dir: string): Promise<CompactRainData> {
  const files: RainFile[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (entry.isFile() && /\.(dbf|shp|shx|prj)$/i.test(entry.name) && entry.name.toUpperCase().includes('2010R')) {
      files.push({ name: entry.name, bytes: await readFile(path.join(dir, entry.name)) });
    }
  }
  const dataset = prepare2010R(files, []);
  if (dataset === undefined) throw new Error(`${dir} holds no KOSTRA-DWD-2010R files`);
  return compactRainData(dataset);
}

/** The file's bytes: gzip of JSON, one line per cell (readable diffs after `gunzip`). */
export function encodeCompactRainData(data: CompactRainData): Buffer {
  const { cells, ...head } = data;
  const text = `${JSON.stringify(head).slice(0, -1)},"cells":[\n${cells.map((c) => JSON.stringify(c)).join(',\n')}\n]}\n`;
  return gzipSync(Buffer.from(text, 'utf8'), { level: 9 });
}

const isNumberArray = (v: unknown, length?: number): v is number[] =>
  Array.isArray(v) && (length === undefined || v.length === length) && v.every((x) => typeof x === 'number' && Number.isFinite(x));

/** Reads and checks a compact file's bytes (throws with a message naming what is wrong). */
export function decodeCompactRainData(bytes: Uint8Array): CompactRainData {
  const data = JSON.parse(gunzipSync(bytes).toString('utf8')) as Partial<CompactRainData>;
  const fail = (what: string): never => {
    throw new Error(`shipped rain data: ${what}`);
  };
  if (data.format !== FORMAT || data.version !== 1 || data.edition !== EDITION) fail(`not a ${FORMAT} v1 file of ${EDITION}`);
  if (typeof data.projection !== 'string' || typeof data.sourceHash !== 'string' || !/^[0-9a-f]{64}$/.test(data.sourceHash)) fail('projection or source hash missing');
  if (JSON.stringify(data.durationsMin) !== JSON.stringify(RAIN_DURATIONS_MIN) || JSON.stringify(data.annualitiesA) !== JSON.stringify(ANNUALITIES_A)) {
    fail('durations or annualities differ from the engine’s');
  }
  if (!Array.isArray(data.cells) || !Array.isArray(data.files)) fail('cells or files missing');
  for (const cell of data.cells ?? []) {
    const ok =
      Array.isArray(cell) &&
      cell.length === 7 &&
      Number.isInteger(cell[0]) &&
      isNumberArray(cell.slice(1, 5)) &&
      Array.isArray(cell[5]) &&
      cell[5].every((ring) => isNumberArray(ring) && ring.length % 2 === 0) &&
      isNumberArray(cell[6], CELL_VALUES);
    if (!ok) fail(`cell ${JSON.stringify(Array.isArray(cell) ? cell[0] : cell)} is malformed`);
  }
  return data as CompactRainData;
}

/** The dataset the import would store, from the compact form. */
export function datasetOfCompact(data: CompactRainData): PreparedDataset {
  const cells: CellRow[] = data.cells.map(([indexRc, minX, minY, maxX, maxY, rings, tenths]) => ({
    indexRc,
    row: Math.floor(indexRc / 1000),
    col: indexRc % 1000,
    heightsMm: tenths.map((t) => t / 10),
    minX,
    minY,
    maxX,
    maxY,
    rings,
  }));
  return { edition: EDITION, files: [...data.files], hash: data.sourceHash, projection: data.projection, cells };
}

/** Any number; fixed so that concurrent starts of several processes load the data once. */
const LOAD_LOCK = 7_402_010;

/**
 * Loads the shipped KOSTRA-DWD-2010R data when the database has none of that edition (first start;
 * idempotent, safe with several processes starting at once on one PostgreSQL). Returns the number
 * of cells loaded (0 when the data was already there).
 */
export async function loadShippedRainData(em: EntityManager, file: string = SHIPPED_RAIN_FILE): Promise<number> {
  const fork = em.fork();
  try {
    return await fork.transactional(async (tx) => {
      await tx.execute('select pg_advisory_xact_lock(?)', [LOAD_LOCK]);
      if ((await tx.count(RainDataset, { edition: EDITION })) > 0) return 0;
      const dataset = datasetOfCompact(decodeCompactRainData(await readFile(file)));
      await storeRainDataset(tx, dataset);
      return dataset.cells.length;
    });
  } finally {
    forgetRainDatasets(fork);
  }
}
