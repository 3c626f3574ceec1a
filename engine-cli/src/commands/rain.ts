import { rainHeightFromYield, rainSeriesToRainData } from '@rainplan/engine/rain';
import { ANNUALITIES_A, RAIN_DURATIONS_MIN } from '@rainplan/engine/tables';
import { parseCommandArgs } from '../args.ts';
import { prettyJson } from '../calc/run.ts';
import { EXIT, type ExitCode } from '../exitCodes.ts';
import { formatNumber, renderFields, renderTable, type Column } from '../format.ts';
import { RAIN_LOOKUP_HELP } from '../help.ts';
import { UserError, write, writeLines, type CliIo } from '../io.ts';
import { KOSTRA_EDITIONS, loadRainDataDir, lookupMissMessage, type FoundCell, type KostraEdition, type RainDataDir } from '../rainData.ts';

/** `rainplan rain <subcommand>`: today `lookup`. */
export async function rainCommand(args: readonly string[], io: CliIo): Promise<ExitCode> {
  const [sub, ...rest] = args;
  if (sub === undefined || sub === '-h' || sub === '--help') {
    if (sub === undefined) {
      writeLines(io.stderr, ['rainplan: rain: missing subcommand (lookup)']);
      write(io.stderr, RAIN_LOOKUP_HELP);
      return EXIT.USAGE;
    }
    write(io.stdout, RAIN_LOOKUP_HELP);
    return EXIT.OK;
  }
  if (sub !== 'lookup') throw new UserError(`rain: unknown subcommand ${JSON.stringify(sub)} (expected lookup)`, { usageHint: 'rain' });
  return lookupCommand(rest, io);
}

/** A number option (`--lat 48.1`), checked against its range. */
export function coordinate(command: string, name: string, value: string | boolean | undefined, min: number, max: number): number {
  if (value === undefined || typeof value !== 'string') throw new UserError(`${command}: missing --${name} <degrees>`, { usageHint: command });
  const x = Number(value.trim());
  if (value.trim() === '' || !Number.isFinite(x) || x < min || x > max) {
    throw new UserError(`${command}: invalid --${name} ${JSON.stringify(value)} (expected a number of degrees from ${min} to ${max}, WGS84)`, { usageHint: command });
  }
  return x;
}

export function editionOption(command: string, value: string | boolean | undefined): KostraEdition | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'string' && (KOSTRA_EDITIONS as readonly string[]).includes(value)) return value as KostraEdition;
  throw new UserError(`${command}: invalid --edition ${JSON.stringify(value)} (expected ${KOSTRA_EDITIONS.join(' or ')})`, { usageHint: command });
}

async function lookupCommand(args: readonly string[], io: CliIo): Promise<ExitCode> {
  const command = 'rain lookup';
  const { values, positionals } = parseCommandArgs(command, args, {
    data: { type: 'string', short: 'd' },
    lat: { type: 'string' },
    lon: { type: 'string' },
    edition: { type: 'string' },
    format: { type: 'string', short: 'f' },
    help: { type: 'boolean', short: 'h' },
  });
  if (values['help'] === true) {
    write(io.stdout, RAIN_LOOKUP_HELP);
    return EXIT.OK;
  }
  if (positionals.length > 0) throw new UserError(`${command}: unexpected argument ${JSON.stringify(positionals[0])}`, { usageHint: command });
  const format = values['format'] ?? 'json';
  if (format !== 'json' && format !== 'table' && format !== 'rain-data') {
    throw new UserError(`${command}: invalid --format ${JSON.stringify(format)} (expected json, table or rain-data)`, { usageHint: command });
  }
  const data = values['data'];
  if (typeof data !== 'string' || data === '') throw new UserError(`${command}: missing --data <dir> (a directory of DWD KOSTRA files)`, { usageHint: command });
  const lat = coordinate(command, 'lat', values['lat'], -90, 90);
  const lon = coordinate(command, 'lon', values['lon'], -180, 180);
  const edition = editionOption(command, values['edition']);

  const dataset = await loadRainDataDir(data, io.cwd, edition);
  const result = dataset.locate(lat, lon);
  if (!result.ok) {
    writeLines(io.stderr, [`rainplan: ${command}: ${lookupMissMessage(result, data, lat, lon)}`]);
    return result.code === 'CELL_WITHOUT_DATA' ? EXIT.CELL_WITHOUT_DATA : EXIT.FAILED;
  }
  const found = result.found;
  if (format === 'rain-data') write(io.stdout, `${JSON.stringify(rainSeriesToRainData(found.series), null, 2)}\n`);
  else if (format === 'json') write(io.stdout, prettyJson(lookupJson(dataset, found, lat, lon)));
  else writeLines(io.stdout, lookupTable(dataset, found, lat, lon));
  return EXIT.OK;
}

interface Row {
  readonly durationMin: number;
  readonly rLsHa: (number | null)[];
  readonly hNMm: (number | null)[];
  readonly ucPct?: (number | null)[];
}

/** The table of a cell, one row per duration with a value; missing values are null. */
export function cellRows(found: FoundCell): Row[] {
  const rows: Row[] = [];
  const uc = found.series.uncertaintyPct;
  RAIN_DURATIONS_MIN.forEach((D, d) => {
    const r = ANNUALITIES_A.map((_, t) => found.series.yieldsLsHa[t]?.[d] ?? 0);
    if (r.every((x) => !(x > 0))) return;
    const row: Row = {
      durationMin: D,
      rLsHa: r.map((x) => (x > 0 ? x : null)),
      hNMm: r.map((x) => (x > 0 ? Math.round((rainHeightFromYield(x, D) ?? 0) * 1e6) / 1e6 : null)),
      ...(uc === undefined ? {} : { ucPct: ANNUALITIES_A.map((_, t) => { const u = uc[t]?.[d] ?? 0; return u > 0 ? u : null; }) }),
    };
    rows.push(row);
  });
  return rows;
}

function lookupJson(dataset: RainDataDir, found: FoundCell, lat: number, lon: number) {
  return {
    dataset: { edition: found.edition, dir: dataset.dir, contents: dataset.contents, source: found.source },
    position: { latitude: lat, longitude: lon },
    cell: { id: found.cell.id, indexRc: found.cell.indexRc, row: found.cell.row, column: found.cell.column },
    annualitiesA: [...ANNUALITIES_A],
    table: cellRows(found),
  };
}

function lookupTable(dataset: RainDataDir, found: FoundCell, lat: number, lon: number): string[] {
  const rows = cellRows(found);
  const block = (title: string, pick: (r: Row) => (number | null)[] | undefined, digits: number): string[] => {
    const columns: Column<Row>[] = [
      { header: 'D min', cell: (r) => String(r.durationMin), right: true },
      ...ANNUALITIES_A.map((T, t): Column<Row> => ({ header: `T=${T}a`, cell: (r) => formatNumber(pick(r)?.[t] ?? undefined, digits), right: true })),
    ];
    return ['', title, ...renderTable(columns, rows)];
  };
  const lines = renderFields([
    ['Dataset', `${found.edition} (${dataset.dir}: ${dataset.contents})`],
    ['Values', found.source],
    ['Position', `${lat} N, ${lon} E`],
    ['Cell', `${found.cell.id} (row ${found.cell.row}, column ${found.cell.column})`],
  ]);
  lines.push(...block('Rain yield r(D,T), l/(s·ha)', (r) => r.rLsHa, 1));
  lines.push(...block('Rain height hN(D,T), mm', (r) => r.hNMm, 1));
  if (rows.some((r) => r.ucPct !== undefined)) lines.push(...block('Uncertainty UC(D,T), ± %', (r) => r.ucPct, 0));
  else lines.push('', 'Uncertainty: not published for this dataset');
  return lines;
}
