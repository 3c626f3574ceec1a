/**
 * A directory of DWD KOSTRA files, read for `rainplan rain lookup` and `rainplan evaluate
 * --rain-data`: KOSTRA-DWD-2010R (per-duration `.dbf` + grid `.shp`/`.shx` + `.prj`) or
 * KOSTRA-DWD-2020 (per-duration GIS attribute `.dbf` files and/or `Parameter_KOSTRA-DWD-2020.csv`).
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  buildKostra2010RIndex,
  buildKostra2020Dataset,
  kostra2010RLocate,
  kostra2020CellAt,
  kostra2020DatasetCell,
  kostra2020SeriesFromParameters,
  kostraDurationFromFileName,
  kostraLookupMiss,
  readKostra2020ParameterCsv,
  readKostraDbf,
  type Kostra2010RIndex,
  type Kostra2020Dataset,
  type Kostra2020ParameterRow,
  type KostraCellRef,
  type KostraDurationTable,
  type KostraLookupMiss,
  type RainDataError,
  type RainSeries,
} from '@rainplan/engine/rain';
import { count } from './format.ts';
import { UserError, describeFsError } from './io.ts';

export type KostraEdition = 'KOSTRA-DWD-2010R' | 'KOSTRA-DWD-2020';
export const KOSTRA_EDITIONS: readonly KostraEdition[] = ['KOSTRA-DWD-2010R', 'KOSTRA-DWD-2020'];

/** A cell found in a dataset directory. */
export interface FoundCell {
  readonly edition: KostraEdition;
  readonly cell: KostraCellRef;
  readonly series: RainSeries;
  /** Which files gave the values (`GIS tables (.dbf)`, `parameter table (…csv)`). */
  readonly source: string;
}

export interface RainDataDir {
  readonly edition: KostraEdition;
  /** The directory as the user gave it. */
  readonly dir: string;
  /** Short description of what was read, e.g. `18 duration tables + grid`. */
  readonly contents: string;
  /**
   * The cell at a position, or why no data covers it: outside the edition's grid, or inside it in
   * a cell these files hold no data for (named; decision 0176).
   */
  locate(latDeg: number, lonDeg: number): { readonly ok: true; readonly found: FoundCell } | KostraLookupMiss;
}

/**
 * The one line that says why a lookup found nothing, e.g. `no KOSTRA-DWD-2010R data covers 51.172 N,
 * 5.895 E in <dir>: the position lies in cell 52001 (row 52, column 1) of the KOSTRA-DWD-2010R grid,
 * which has no data (CELL_WITHOUT_DATA)`.
 */
export function lookupMissMessage(miss: KostraLookupMiss, dir: string, latDeg: number, lonDeg: number, whose = ''): string {
  return `no ${miss.edition} data covers ${whose}${latDeg} N, ${lonDeg} E in ${dir}: ${miss.detail} (${miss.code})`;
}

const PARAMETER_CSV = /parameter.*kostra.*2020.*\.csv$|^parameter.*\.csv$/i;

function rainErrors(dir: string, file: string, errors: readonly RainDataError[]): UserError {
  const first = errors.slice(0, 5).map((e) => `${e.field === undefined ? '' : `${e.field}: `}${e.row === undefined ? '' : `record ${e.row}: `}${e.detail}`);
  return new UserError(`cannot read ${path.join(dir, file)}: ${first.join('; ')}${errors.length > 5 ? ` (and ${errors.length - 5} more)` : ''}`);
}

/**
 * Reads a directory of KOSTRA files and detects its edition: file names with `2010R` or `2020`
 * decide; otherwise a `.shp` grid means 2010R and `.dbf` tables or a parameter CSV alone mean 2020.
 * `edition` forces one. Unreadable or inconsistent files throw a UserError (exit 2).
 */
export async function loadRainDataDir(dirArg: string, cwd: string, edition?: KostraEdition): Promise<RainDataDir> {
  const dir = path.resolve(cwd, dirArg);
  let names: string[];
  try {
    names = (await readdir(dir, { withFileTypes: true })).filter((e) => e.isFile()).map((e) => e.name).sort();
  } catch (e) {
    throw new UserError(`cannot read rain data directory ${dirArg}: ${describeFsError(e)}`);
  }
  const ext = (n: string) => path.extname(n).toLowerCase();
  const dbf = names.filter((n) => ext(n) === '.dbf' && kostraDurationFromFileName(n) !== undefined);
  const shp = names.filter((n) => ext(n) === '.shp');
  const prj = names.filter((n) => ext(n) === '.prj');
  const shx = names.filter((n) => ext(n) === '.shx');
  const csv = names.filter((n) => ext(n) === '.csv' && PARAMETER_CSV.test(n));
  const kostraFiles = [...dbf, ...shp, ...csv];
  if (kostraFiles.length === 0) {
    throw new UserError(
      `no KOSTRA files in ${dirArg} (expected per-duration .dbf files such as StatRR_KOSTRA-DWD-2010R_D0015.dbf with the grid .shp/.prj, or KOSTRA-DWD-2020 .dbf tables / Parameter_KOSTRA-DWD-2020.csv)`,
    );
  }
  const detected: KostraEdition =
    edition ??
    (kostraFiles.some((n) => /2010R/i.test(n))
      ? 'KOSTRA-DWD-2010R'
      : kostraFiles.some((n) => /2020/.test(n))
        ? 'KOSTRA-DWD-2020'
        : shp.length > 0
          ? 'KOSTRA-DWD-2010R'
          : 'KOSTRA-DWD-2020');
  const read = async (name: string): Promise<Buffer> => {
    try {
      return await readFile(path.join(dir, name));
    } catch (e) {
      throw new UserError(`cannot read ${path.join(dirArg, name)}: ${describeFsError(e)}`);
    }
  };
  // A directory may hold both editions: keep the files named for the chosen one, and drop those
  // named for the other.
  const mine = (list: string[]): string[] => {
    const tagged = list.filter((n) => (detected === 'KOSTRA-DWD-2010R' ? /2010R/i.test(n) : /2020/.test(n)));
    return tagged.length > 0 ? tagged : list.filter((n) => !(detected === 'KOSTRA-DWD-2010R' ? /2020/.test(n) : /2010R/i.test(n)));
  };
  return detected === 'KOSTRA-DWD-2010R'
    ? load2010R(dirArg, { dbf: mine(dbf), shp: mine(shp), prj: mine(prj), shx: mine(shx) }, read)
    : load2020(dirArg, { dbf: mine(dbf), csv }, read);
}

async function load2010R(
  dirArg: string,
  files: { dbf: string[]; shp: string[]; prj: string[]; shx: string[] },
  read: (name: string) => Promise<Buffer>,
): Promise<RainDataDir> {
  const one = (list: string[], what: string): string => {
    if (list.length === 1) return list[0]!;
    throw new UserError(
      list.length === 0
        ? `${dirArg}: KOSTRA-DWD-2010R needs the grid ${what} beside the .dbf tables (e.g. StatRR_KOSTRA-DWD-2010R_grid${what})`
        : `${dirArg}: more than one ${what} file (${list.join(', ')}); keep one KOSTRA-DWD-2010R grid per directory`,
    );
  };
  const shpName = one(files.shp, '.shp');
  const prjName = one(files.prj, '.prj');
  if (files.dbf.length === 0) throw new UserError(`${dirArg}: no per-duration .dbf tables (e.g. StatRR_KOSTRA-DWD-2010R_D0015.dbf)`);
  const shxName = files.shx.find((n) => n.slice(0, -4) === shpName.slice(0, -4));
  const built = buildKostra2010RIndex({
    shp: await read(shpName),
    shx: shxName === undefined ? undefined : await read(shxName),
    prj: (await read(prjName)).toString('utf8'),
    dbf: await Promise.all(files.dbf.map(async (n) => ({ durationMin: kostraDurationFromFileName(n)!, bytes: await read(n) }))),
  });
  if (!built.ok) throw rainErrors(dirArg, '', built.errors);
  const index: Kostra2010RIndex = built.index;
  return {
    edition: 'KOSTRA-DWD-2010R',
    dir: dirArg,
    contents: `${count(files.dbf.length, 'duration table')} (.dbf) and the grid ${shpName}; ${count(index.cellsWithData, 'cell')} with data`,
    locate(lat, lon) {
      const result = kostra2010RLocate(index, lat, lon);
      if (!result.ok) return result;
      const { series, ...cell } = result.cell;
      return {
        ok: true,
        found: { edition: 'KOSTRA-DWD-2010R', cell: { row: cell.row, column: cell.column, indexRc: cell.indexRc, id: cell.id }, series, source: 'GIS tables (.dbf) and grid (.shp)' },
      };
    },
  };
}

async function load2020(dirArg: string, files: { dbf: string[]; csv: string[] }, read: (name: string) => Promise<Buffer>): Promise<RainDataDir> {
  let dataset: Kostra2020Dataset | undefined;
  if (files.dbf.length > 0) {
    const tables: KostraDurationTable[] = [];
    for (const name of files.dbf) {
      const r = readKostraDbf(await read(name), kostraDurationFromFileName(name)!);
      if (!r.ok) throw rainErrors(dirArg, name, r.errors);
      tables.push(r.table);
    }
    const built = buildKostra2020Dataset(tables);
    if (!built.ok) throw rainErrors(dirArg, '', built.errors);
    dataset = built.dataset;
  }
  const parameters = new Map<number, Kostra2020ParameterRow>();
  for (const name of files.csv) {
    const r = readKostra2020ParameterCsv((await read(name)).toString('utf8'));
    if (!r.ok) throw rainErrors(dirArg, name, r.errors);
    for (const row of r.rows) parameters.set(row.cell.indexRc, row);
  }
  const parts: string[] = [];
  if (dataset !== undefined) parts.push(`${count(files.dbf.length, 'duration table')} (.dbf), ${count(dataset.cells.length, 'cell')} with data`);
  if (files.csv.length > 0) parts.push(`parameter table ${files.csv.join(', ')} (${count(parameters.size, 'cell')})`);
  return {
    edition: 'KOSTRA-DWD-2020',
    dir: dirArg,
    contents: parts.join('; '),
    locate(lat, lon) {
      const ref = kostra2020CellAt(lat, lon);
      if (ref === undefined) return kostraLookupMiss('KOSTRA-DWD-2020');
      const fromDbf = dataset === undefined ? undefined : kostra2020DatasetCell(dataset, ref.indexRc);
      if (fromDbf !== undefined) return { ok: true, found: { edition: 'KOSTRA-DWD-2020', cell: ref, series: fromDbf.series, source: 'GIS tables (.dbf)' } };
      const p = parameters.get(ref.indexRc);
      if (p !== undefined) return { ok: true, found: { edition: 'KOSTRA-DWD-2020', cell: ref, series: kostra2020SeriesFromParameters(p, ref), source: `parameter table (${files.csv.join(', ')})` } };
      return kostraLookupMiss('KOSTRA-DWD-2020', ref);
    },
  };
}
