/**
 * Import of DWD's KOSTRA files into the database (POST /Raindata/import and `npm run rain:import`):
 *
 * - KOSTRA-DWD-2020: the per-duration GIS attribute tables (`.dbf`, duration in the file name,
 *   with DWD's uncertainties UC in ± % where the tables carry `UC_xxxA_` fields: decision 0159)
 *   and/or DWD's parameter table `Parameter_KOSTRA-DWD-2020.csv` (heights from the dGEV formula,
 *   rounded to 0.1 mm like DWD's tables, no uncertainties; cells present in the `.dbf` tables keep
 *   DWD's heights and UC);
 * - KOSTRA-DWD-2010R: the per-duration `.dbf` tables with the grid `.shp` + `.prj` (+ `.shx`).
 *
 * One import carries the whole dataset of an edition and replaces that edition's cells in one
 * transaction. A hash of the files used is stored: importing the same files again changes nothing
 * (decision 0052). Files that belong to neither edition are reported in `ignoredFiles`.
 */
import { createHash } from 'node:crypto';
import {
  buildKostra2010RIndex,
  buildKostra2020Dataset,
  kostra2020HeightTable,
  kostraDurationFromFileName,
  readKostra2020ParameterCsv,
  readKostraDbf,
  type KostraDurationTable,
  type RainDataError,
} from '@rainplan/engine/rain';
import { ANNUALITIES_A, RAIN_DURATIONS_MIN } from '@rainplan/engine/tables';
import { RainCell, RainDataset, type RainEdition } from '../db/entities/rain.ts';
import type { EntityManager } from '../db/orm.ts';
import { forgetRainDatasets } from './store.ts';

const ND = RAIN_DURATIONS_MIN.length;
const NT = ANNUALITIES_A.length;

export interface RainFile {
  readonly name: string;
  readonly bytes: Uint8Array;
}

export interface RainImportResult {
  /** Cells (locations) that had no rain data before. */
  newLocations: number;
  /** Cells whose series were added or changed. */
  newRainDatasets: number;
  /** Names of the files that were not used. */
  ignoredFiles: string[];
}

/** A problem with the files: the message names the file and, where known, the row. */
export class RainImportError extends Error {
  override name = 'RainImportError';
}

export interface CellRow {
  indexRc: number;
  row: number;
  col: number;
  heightsMm: number[];
  /** KOSTRA-DWD-2020 UC (± %, layout of `heightsMm`, 0 = not given); absent when the files carry none. */
  uncertaintyPct?: number[] | null;
  minX?: number | null;
  minY?: number | null;
  maxX?: number | null;
  maxY?: number | null;
  rings?: number[][] | null;
}

export interface PreparedDataset {
  readonly edition: RainEdition;
  readonly files: string[];
  readonly hash: string;
  readonly projection: string | null;
  readonly cells: CellRow[];
}

/** `KOSTRA-DWD-2020`, `kostra_dwd_2010r`, `2010R`, … → the edition; undefined for anything else. */
export function parseFileType(value: string | undefined): RainEdition | undefined {
  if (value === undefined) return undefined;
  const text = value.toUpperCase().replace(/[^0-9A-Z]/g, '');
  if (text.endsWith('2010R')) return 'KOSTRA-DWD-2010R';
  if (text.endsWith('2020')) return 'KOSTRA-DWD-2020';
  return undefined;
}

function editionOfName(name: string): RainEdition | undefined {
  const upper = name.toUpperCase();
  if (upper.includes('2010R')) return 'KOSTRA-DWD-2010R';
  if (upper.includes('2020')) return 'KOSTRA-DWD-2020';
  return undefined;
}

const extension = (name: string) => /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase() ?? '';
const baseName = (name: string) => name.split(/[\\/]/).pop() ?? name;

function describe(errors: readonly RainDataError[], file: string): string {
  const first = errors.slice(0, 5).map((e) => {
    const where = [e.field === undefined ? undefined : e.field, e.row === undefined ? undefined : `row ${e.row}`, e.column === undefined ? undefined : `column ${e.column}`]
      .filter((x) => x !== undefined)
      .join(', ');
    return `${where === '' ? '' : `${where}: `}${e.detail}`;
  });
  return `INVALID_DATA in ${file}: ${first.join('; ')}${errors.length > 5 ? ` (and ${errors.length - 5} more)` : ''}`;
}

function hashFiles(edition: RainEdition, files: readonly RainFile[]): string {
  const hash = createHash('sha256').update(edition);
  for (const file of [...files].sort((a, b) => a.name.localeCompare(b.name))) {
    hash.update(`\u0000${baseName(file.name)}\u0000`).update(createHash('sha256').update(file.bytes).digest());
  }
  return hash.digest('hex');
}

/** Reads the files of one edition into cells (throws RainImportError for unusable files). */
export function prepare2010R(files: readonly RainFile[], ignored: string[]): PreparedDataset | undefined {
  let shp: RainFile | undefined;
  let shx: RainFile | undefined;
  let prj: RainFile | undefined;
  const dbf: { durationMin: number; bytes: Uint8Array; file: RainFile }[] = [];
  for (const file of files) {
    const ext = extension(file.name);
    if (ext === 'shp') shp = file;
    else if (ext === 'shx') shx = file;
    else if (ext === 'prj') prj = file;
    else if (ext === 'dbf' && kostraDurationFromFileName(baseName(file.name)) !== undefined) {
      dbf.push({ durationMin: kostraDurationFromFileName(baseName(file.name)) ?? 0, bytes: file.bytes, file });
    } else ignored.push(baseName(file.name));
  }
  if (dbf.length === 0 && shp === undefined && prj === undefined) return undefined;
  if (shp === undefined || prj === undefined || dbf.length === 0) {
    const missing = [shp === undefined ? '.shp' : undefined, prj === undefined ? '.prj' : undefined, dbf.length === 0 ? 'per-duration .dbf' : undefined].filter(Boolean);
    throw new RainImportError(`KOSTRA-DWD-2010R needs the grid .shp, its .prj and the per-duration .dbf files; missing: ${missing.join(', ')}`);
  }
  const projection = new TextDecoder('latin1').decode(prj.bytes);
  const built = buildKostra2010RIndex({ shp: shp.bytes, shx: shx?.bytes, prj: projection, dbf: dbf.map(({ durationMin, bytes }) => ({ durationMin, bytes })) });
  if (!built.ok) throw new RainImportError(describe(built.errors, 'the KOSTRA-DWD-2010R files'));
  const index = built.index;
  const { polygons } = index;
  const cells: CellRow[] = [];
  for (let r = 0; r < index.recordIndexRc.length; r++) {
    const dataRow = index.recordDataRow[r] ?? -1;
    const indexRc = index.recordIndexRc[r] ?? -1;
    if (dataRow < 0 || indexRc < 0) continue;
    const rings: number[][] = [];
    for (let k = polygons.recordRingStart[r] ?? 0, end = polygons.recordRingStart[r + 1] ?? 0; k < end; k++) {
      rings.push(Array.from(polygons.coords.subarray(2 * (polygons.ringStart[k] ?? 0), 2 * (polygons.ringStart[k + 1] ?? 0))));
    }
    cells.push({
      indexRc,
      row: Math.floor(indexRc / 1000),
      col: indexRc % 1000,
      heightsMm: Array.from(index.heightsMm.subarray(dataRow * ND * NT, (dataRow + 1) * ND * NT)),
      minX: polygons.bbox[4 * r] ?? null,
      minY: polygons.bbox[4 * r + 1] ?? null,
      maxX: polygons.bbox[4 * r + 2] ?? null,
      maxY: polygons.bbox[4 * r + 3] ?? null,
      rings,
    });
  }
  const used = [shp, prj, ...(shx === undefined ? [] : [shx]), ...dbf.map((d) => d.file)];
  return { edition: 'KOSTRA-DWD-2010R', files: used.map((f) => baseName(f.name)), hash: hashFiles('KOSTRA-DWD-2010R', used), projection, cells };
}

function prepare2020(files: readonly RainFile[], ignored: string[]): PreparedDataset | undefined {
  const tables: KostraDurationTable[] = [];
  const used: RainFile[] = [];
  const byCell = new Map<number, { heights: number[]; uncertainty: number[] | null }>();
  for (const file of files) {
    const ext = extension(file.name);
    const name = baseName(file.name);
    if (ext === 'dbf' && kostraDurationFromFileName(name) !== undefined) {
      const read = readKostraDbf(file.bytes, kostraDurationFromFileName(name) ?? 0);
      if (!read.ok) throw new RainImportError(describe(read.errors, name));
      tables.push(read.table);
      used.push(file);
    } else if (ext === 'csv') {
      const read = readKostra2020ParameterCsv(new TextDecoder('utf-8').decode(file.bytes));
      if (!read.ok) throw new RainImportError(describe(read.errors, name));
      for (const row of read.rows) {
        const table = kostra2020HeightTable(row); // [annuality][duration]
        const heights = new Array<number>(ND * NT).fill(0);
        for (let t = 0; t < NT; t++) for (let d = 0; d < ND; d++) heights[d * NT + t] = table[t]?.[d] ?? 0;
        byCell.set(row.cell.indexRc, { heights, uncertainty: null });
      }
      used.push(file);
    } else ignored.push(name);
  }
  if (used.length === 0) return undefined;
  if (tables.length > 0) {
    const built = buildKostra2020Dataset(tables);
    if (!built.ok) throw new RainImportError(describe(built.errors, 'the KOSTRA-DWD-2020 tables'));
    const { cells, heightsMm, uncertaintyPct } = built.dataset;
    for (let c = 0; c < cells.length; c++) {
      const heights = Array.from(heightsMm.subarray(c * ND * NT, (c + 1) * ND * NT));
      const uncertainty = Array.from(uncertaintyPct.subarray(c * ND * NT, (c + 1) * ND * NT));
      if (heights.some((h) => h > 0)) byCell.set(cells[c] ?? -1, { heights, uncertainty: uncertainty.some((u) => u > 0) ? uncertainty : null });
    }
  }
  const cells: CellRow[] = [...byCell]
    .filter(([indexRc, { heights }]) => indexRc >= 0 && heights.some((h) => h > 0))
    .sort(([a], [b]) => a - b)
    .map(([indexRc, { heights, uncertainty }]) => ({ indexRc, row: Math.floor(indexRc / 1000), col: indexRc % 1000, heightsMm: heights, uncertaintyPct: uncertainty }));
  return { edition: 'KOSTRA-DWD-2020', files: used.map((f) => baseName(f.name)), hash: hashFiles('KOSTRA-DWD-2020', used), projection: null, cells };
}

/**
 * Imports DWD files. `fileType` names the edition of every file; without it each file's edition
 * is taken from its name (`…2010R…`, `…2020…`).
 */
export async function importRainFiles(em: EntityManager, files: readonly RainFile[], fileType?: RainEdition): Promise<RainImportResult> {
  const ignoredFiles: string[] = [];
  const groups = new Map<RainEdition, RainFile[]>();
  for (const file of files) {
    const edition = fileType ?? editionOfName(baseName(file.name));
    if (edition === undefined) ignoredFiles.push(baseName(file.name));
    else groups.set(edition, [...(groups.get(edition) ?? []), file]);
  }
  const prepared: PreparedDataset[] = [];
  for (const [edition, group] of groups) {
    const dataset = edition === 'KOSTRA-DWD-2010R' ? prepare2010R(group, ignoredFiles) : prepare2020(group, ignoredFiles);
    if (dataset !== undefined) prepared.push(dataset);
  }
  const result: RainImportResult = { newLocations: 0, newRainDatasets: 0, ignoredFiles };
  try {
    for (const dataset of prepared) {
      const counts = await storeRainDataset(em, dataset);
      result.newLocations += counts.newLocations;
      result.newRainDatasets += counts.newRainDatasets;
    }
  } finally {
    forgetRainDatasets(em);
  }
  return result;
}

const cellKey = (heights: unknown, uncertainty: unknown) => JSON.stringify([heights, uncertainty ?? null]);
const jsonValue = (value: unknown): unknown => (typeof value === 'string' ? JSON.parse(value) : value);

/**
 * Replaces the edition's cells with the dataset's in one transaction. Nothing happens when the
 * hash is unchanged, unless the files carry uncertainties the stored cells lack (cells stored
 * before the api kept KOSTRA-DWD-2020's UC, decision 0159): then the same files are stored again.
 */
export async function storeRainDataset(em: EntityManager, dataset: PreparedDataset): Promise<{ newLocations: number; newRainDatasets: number }> {
  return em.transactional(async (tx) => {
    const existing = await tx.findOne(RainDataset, { edition: dataset.edition });
    if (existing !== null && existing.sourceHash === dataset.hash) {
      const withUncertainty = dataset.cells.filter((c) => c.uncertaintyPct != null).length;
      const stored = withUncertainty === 0 ? 0 : await tx.count(RainCell, { edition: dataset.edition, uncertaintyPct: { $ne: null } });
      if (stored === withUncertainty) return { newLocations: 0, newRainDatasets: 0 };
    }
    const before = new Map<number, string>();
    const rows = await tx.execute<Array<{ index_rc: number; heights_mm: unknown; uncertainty_pct: unknown }>>(
      'select index_rc, heights_mm, uncertainty_pct from rain_cell where edition = ?',
      [dataset.edition],
    );
    for (const row of rows) before.set(row.index_rc, cellKey(jsonValue(row.heights_mm), jsonValue(row.uncertainty_pct)));
    let newLocations = 0;
    let newRainDatasets = 0;
    for (const cell of dataset.cells) {
      const previous = before.get(cell.indexRc);
      if (previous === undefined) newLocations++;
      if (previous !== cellKey(cell.heightsMm, cell.uncertaintyPct)) newRainDatasets++;
    }
    await tx.nativeDelete(RainCell, { edition: dataset.edition });
    const BATCH = 1000;
    for (let i = 0; i < dataset.cells.length; i += BATCH) {
      await tx.insertMany(
        RainCell,
        dataset.cells.slice(i, i + BATCH).map((cell) => ({
          edition: dataset.edition,
          indexRc: cell.indexRc,
          row: cell.row,
          col: cell.col,
          heightsMm: cell.heightsMm,
          uncertaintyPct: cell.uncertaintyPct ?? null,
          minX: cell.minX ?? null,
          minY: cell.minY ?? null,
          maxX: cell.maxX ?? null,
          maxY: cell.maxY ?? null,
          rings: cell.rings ?? null,
        })),
      );
    }
    const values = { importedAt: new Date(), sourceHash: dataset.hash, projection: dataset.projection, cellCount: dataset.cells.length, files: dataset.files };
    if (existing === null) await tx.insert(RainDataset, { edition: dataset.edition, ...values });
    else await tx.nativeUpdate(RainDataset, { edition: dataset.edition }, values);
    return { newLocations, newRainDatasets };
  });
}
