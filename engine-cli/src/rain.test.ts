import { existsSync } from 'node:fs';
import { copyFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { run, sampleProject } from './testing/run.ts';

const repo = fileURLToPath(new URL('../../', import.meta.url));
const dwd2010r = path.resolve(repo, '../shared/data/kostra-dwd-2010r');
const gis2020 = 'fixtures/rain/kostra-dwd-2020-gis';
const params2020 = 'fixtures/rain/kostra-dwd-2020-parameters';

// The real DWD files live outside the repository. Without them these tests skip with a message,
// except in CI, where a missing directory is a failure.
const have2010r = existsSync(dwd2010r);
if (!have2010r && process.env['CI'] === 'true') throw new Error(`${dwd2010r} is missing: CI must provide ../shared/data/kostra-dwd-2010r`);
if (!have2010r) console.warn(`skipping the KOSTRA-DWD-2010R tests: ${dwd2010r} is missing`);
const with2010r = describe.skipIf(!have2010r);

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'rainplan-rain-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const lookup = (...args: string[]) => run(['rain', 'lookup', ...args], { cwd: repo });

interface LookupJson {
  dataset: { edition: string; dir: string; source: string };
  cell: { id: string; row: number; column: number };
  annualitiesA: number[];
  table: { durationMin: number; rLsHa: (number | null)[]; hNMm: (number | null)[]; ucPct?: (number | null)[] }[];
}

with2010r('rain lookup: KOSTRA-DWD-2010R (the real DWD files)', () => {
  it('finds Munich (48.137 N, 11.575 E) in cell 93049 with its table', async () => {
    const r = await lookup('--data', dwd2010r, '--lat', '48.137', '--lon', '11.575');
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as LookupJson;
    expect(out.dataset.edition).toBe('KOSTRA-DWD-2010R');
    expect(out.cell).toEqual({ id: '93049', indexRc: 93049, row: 93, column: 49 });
    expect(out.annualitiesA).toEqual([1, 2, 3, 5, 10, 20, 30, 50, 100]);
    expect(out.table.map((row) => row.durationMin)).toEqual([5, 10, 15, 20, 30, 45, 60, 90, 120, 180, 240, 360, 540, 720, 1080, 1440, 2880, 4320]);
    const d15 = out.table[2]!;
    // NOTICE.md spot check: D = 15 min, T1 11.8 mm, T100 32.2 mm
    expect(d15.hNMm[0]).toBeCloseTo(11.8, 9);
    expect(d15.hNMm[8]).toBeCloseTo(32.2, 9);
    expect(d15.rLsHa[0]).toBeCloseTo((11.8 * 10000) / (60 * 15), 9);
    expect(d15.ucPct).toBeUndefined();
  });

  it('prints readable tables with --format table', async () => {
    const r = await lookup('--data', dwd2010r, '--lat', '48.137', '--lon', '11.575', '--format', 'table');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Dataset: +KOSTRA-DWD-2010R \(/m);
    expect(r.stdout).toMatch(/^Cell: +93049 \(row 93, column 49\)$/m);
    expect(r.stdout).toMatch(/^ +15 +131\.1 +165\.6 +185\.6 +210\.0 +244\.4 +278\.9 +298\.9 +323\.3 +357\.8$/m);
    expect(r.stdout).toMatch(/^ +15 +11\.8 +14\.9 .* 32\.2$/m);
    expect(r.stdout).toContain('Uncertainty: not published for this dataset');
  });

  it('prints the series as a project file rainData with --format rain-data', async () => {
    const r = await lookup('--data', dwd2010r, '--lat', '48.137', '--lon', '11.575', '-f', 'rain-data');
    const data = JSON.parse(r.stdout) as { source: unknown; kostraCell: unknown; raindataSeries: unknown[] };
    expect(data.source).toEqual({ edition: 'KOSTRA-DWD-2010R', cell: '93049' });
    expect(data.kostraCell).toEqual({ row: 93, column: 49 });
    expect(data.raindataSeries).toHaveLength(9);
  });

  it('exits 1 outside the grid, and 3 inside it in a cell without data, naming the cell', async () => {
    const r = await lookup('--data', dwd2010r, '--lat', '54.5', '--lon', '2');
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^rainplan: rain lookup: no KOSTRA-DWD-2010R data covers 54\.5 N, 2 E in .*: the position lies outside the KOSTRA-DWD-2010R grid \(OUTSIDE_GRID\)\n$/);
    // Near Maastricht (NL): inside the grid, DWD's tables hold -99.9 for cell 52001.
    const abroad = await lookup('--data', dwd2010r, '--lat', '51.172', '--lon', '5.895', '-f', 'table');
    expect(abroad.code).toBe(3);
    expect(abroad.stdout).toBe('');
    expect(abroad.stderr).toBe(
      `rainplan: rain lookup: no KOSTRA-DWD-2010R data covers 51.172 N, 5.895 E in ${dwd2010r}: the position lies in cell 52001 (row 52, column 1) of the KOSTRA-DWD-2010R grid, which has no data (CELL_WITHOUT_DATA)\n`,
    );
  });

  it('evaluate --rain-data at a location in a cell without data exits 3 and names the cell', async () => {
    const project = sampleProject() as { project: Record<string, unknown> };
    project.project['location'] = { latitude: 51.172, longitude: 5.895 };
    const file = path.join(dir, 'maastricht.project.json');
    await writeFile(file, JSON.stringify(project));
    const r = await run(['evaluate', file, '--rain-data', dwd2010r], { cwd: repo });
    expect(r.code).toBe(3);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(`evaluate: no KOSTRA-DWD-2010R data covers ${file}'s location 51.172 N, 5.895 E in ${dwd2010r}: the position lies in cell 52001 (row 52, column 1)`);
  });

  it('needs the .prj beside the tables (exit 2)', async () => {
    for (const f of ['StatRR_KOSTRA-DWD-2010R_D0015.dbf', 'StatRR_KOSTRA-DWD-2010R_grid.shp']) await copyFile(path.join(dwd2010r, f), path.join(dir, f));
    const r = await lookup('--data', dir, '--lat', '48.137', '--lon', '11.575');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('KOSTRA-DWD-2010R needs the grid .prj beside the .dbf tables');
  });

  it('works with a subset of durations (one table)', async () => {
    for (const f of ['StatRR_KOSTRA-DWD-2010R_D0015.dbf', 'StatRR_KOSTRA-DWD-2010R_grid.shp', 'StatRR_KOSTRA-DWD-2010R_grid.shx', 'StatRR_KOSTRA-DWD-2010R_grid.prj']) {
      await copyFile(path.join(dwd2010r, f), path.join(dir, f));
    }
    const r = await lookup('--data', dir, '--lat', '48.137', '--lon', '11.575');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as LookupJson;
    expect(out.cell.id).toBe('93049');
    expect(out.table.map((row) => row.durationMin)).toEqual([15]);
  });

  it('reads the edition named in the file names when a directory holds both, or the one --edition names', async () => {
    for (const f of ['StatRR_KOSTRA-DWD-2010R_D0015.dbf', 'StatRR_KOSTRA-DWD-2010R_grid.shp', 'StatRR_KOSTRA-DWD-2010R_grid.prj']) {
      await copyFile(path.join(dwd2010r, f), path.join(dir, f));
    }
    for (const f of ['StatRR_KOSTRA-DWD-2020_D00015.dbf', 'StatRR_KOSTRA-DWD-2020_D00060.dbf']) await copyFile(path.join(repo, gis2020, f), path.join(dir, f));
    const old = JSON.parse((await lookup('--data', dir, '--lat', '48.137', '--lon', '11.575')).stdout) as LookupJson;
    expect(old.dataset.edition).toBe('KOSTRA-DWD-2010R');
    expect(old.cell.id).toBe('93049');
    const now = await lookup('--data', dir, '--lat', '55.069', '--lon', '8.537', '--edition', 'KOSTRA-DWD-2020');
    expect(now.code).toBe(0);
    const out = JSON.parse(now.stdout) as LookupJson;
    expect(out.dataset.edition).toBe('KOSTRA-DWD-2020');
    expect(out.table.map((row) => row.durationMin)).toEqual([15, 60]);
  });

  it('evaluate --rain-data looks the project location up and says which cell it used', async () => {
    const file = path.join(dir, 'p.project.json');
    await writeFile(file, JSON.stringify(sampleProject()));
    const r = await run(['evaluate', file, '--rain-data', dwd2010r, '--format', 'json'], { cwd: repo });
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/note: rain data KOSTRA-DWD-2010R cell 93049 \(row 93, column 49\) at 48\.137 N, 11\.575 E from .*kostra-dwd-2010r \(replacing the rain data in the file\)/);
    const evaluation = JSON.parse(r.stdout) as { rainDataset: unknown; measures: { requiredVolume?: number }[] };
    expect(evaluation.rainDataset).toEqual({ edition: 'KOSTRA-DWD-2010R', cell: '93049' });
    expect(evaluation.measures[0]!.requiredVolume).toBeGreaterThan(0);
    const table = await run(['evaluate', file, '--rain-data', dwd2010r], { cwd: repo });
    expect(table.stdout).toMatch(/^Rain dataset: +KOSTRA-DWD-2010R, cell 93049$/m);
  });
});

describe('rain lookup: KOSTRA-DWD-2020', () => {
  it('finds cell 49125 (Sylt) in the GIS tables, with uncertainties', async () => {
    const r = await lookup('--data', gis2020, '--lat', '55.069', '--lon', '8.537');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as LookupJson;
    expect(out.dataset).toMatchObject({ edition: 'KOSTRA-DWD-2020', dir: gis2020, source: 'GIS tables (.dbf)' });
    expect(out.cell).toMatchObject({ id: '49125', row: 49, column: 125 });
    expect(out.table).toHaveLength(22);
    expect(out.table[0]).toMatchObject({ durationMin: 5 });
    expect(out.table[0]!.hNMm).toEqual([6, 7.4, 8.2, 9.3, 10.8, 12.4, 13.5, 14.9, 16.9]);
    expect(out.table[0]!.ucPct).toEqual([16, 17, 18, 19, 20, 20, 21, 21, 22]);
    const table = await lookup('--data', gis2020, '--lat', '55.069', '--lon', '8.537', '--format', 'table');
    expect(table.stdout).toContain('Uncertainty UC(D,T), ± %');
    expect(table.stdout).toMatch(/^ +10080 +30 +29 +28 +28 +27 +27 +27 +27 +27$/m);
  });

  it('exits 3 in a cell without data (naming it) and 1 outside the grid', async () => {
    const empty = await lookup('--data', gis2020, '--lat', '55.069', '--lon', '8.62');
    expect(empty.code).toBe(3);
    expect(empty.stderr).toBe(
      'rainplan: rain lookup: no KOSTRA-DWD-2020 data covers 55.069 N, 8.62 E in fixtures/rain/kostra-dwd-2020-gis: the position lies in cell 49126 (row 49, column 126) of the KOSTRA-DWD-2020 grid, which has no data (CELL_WITHOUT_DATA)\n',
    );
    const outside = await lookup('--data', gis2020, '--lat', '10', '--lon', '10');
    expect(outside.code).toBe(1);
    expect(outside.stderr).toContain('the position lies outside the KOSTRA-DWD-2020 grid (OUTSIDE_GRID)');
  });

  it('computes the table of cell 117111 (Münster) from Parameter_KOSTRA-DWD-2020.csv', async () => {
    const r = await lookup('--data', params2020, '--lat', '51.9985', '--lon', '7.6189');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as LookupJson;
    expect(out.dataset.source).toBe('parameter table (Parameter_KOSTRA-DWD-2020.csv)');
    expect(out.cell.id).toBe('117111');
    expect(out.table[0]!.hNMm[0]).toBe(7);
    const missing = await lookup('--data', params2020, '--lat', '51.9999', '--lon', '7.6917');
    expect(missing.code).toBe(3);
    expect(missing.stderr).toContain('the position lies in cell 117112 (row 117, column 112) of the KOSTRA-DWD-2020 grid, which has no data (CELL_WITHOUT_DATA)');
  });

  it('evaluate --rain-data with the 2020 tables', async () => {
    const project = sampleProject() as { project: Record<string, unknown>; rainData?: unknown };
    project.project['location'] = { latitude: 55.069, longitude: 8.537 };
    delete project.rainData;
    const file = path.join(dir, 'sylt.project.json');
    await writeFile(file, JSON.stringify(project));
    const r = await run(['evaluate', file, '--rain-data', gis2020, '-f', 'json'], { cwd: repo });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe(`${file}: note: rain data KOSTRA-DWD-2020 cell 49125 (row 49, column 125) at 55.069 N, 8.537 E from ${gis2020}\n`);
    expect(JSON.parse(r.stdout).rainDataset).toEqual({ edition: 'KOSTRA-DWD-2020', cell: '49125' });
  });

  it('evaluate --rain-data: a project without location, or at a point outside the grid, exits 2; in a cell without data 3', async () => {
    const project = sampleProject() as { project: Record<string, unknown> };
    delete project.project['location'];
    const file = path.join(dir, 'nowhere.project.json');
    await writeFile(file, JSON.stringify(project));
    const r = await run(['evaluate', file, '--rain-data', gis2020], { cwd: repo });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('has no project.location (latitude, longitude) to look up in fixtures/rain/kostra-dwd-2020-gis');
    const munich = path.join(dir, 'munich.project.json');
    await writeFile(munich, JSON.stringify(sampleProject()));
    const far = await run(['evaluate', munich, '--rain-data', gis2020], { cwd: repo });
    expect(far.code).toBe(3);
    expect(far.stderr).toMatch(/evaluate: no KOSTRA-DWD-2020 data covers .*'s location .* the position lies in cell \d+ \(row \d+, column \d+\) of the KOSTRA-DWD-2020 grid, which has no data \(CELL_WITHOUT_DATA\)/);
    expect(far.stdout).toBe('');
    const project2 = sampleProject() as { project: Record<string, unknown> };
    project2.project['location'] = { latitude: 10, longitude: 10 };
    const africa = path.join(dir, 'africa.project.json');
    await writeFile(africa, JSON.stringify(project2));
    const outside = await run(['evaluate', africa, '--rain-data', gis2020], { cwd: repo });
    expect(outside.code).toBe(2);
    expect(outside.stderr).toContain('the position lies outside the KOSTRA-DWD-2020 grid (OUTSIDE_GRID)');
    const noDir = await run(['evaluate', munich, '--rain-edition', 'KOSTRA-DWD-2020'], { cwd: repo });
    expect(noDir.code).toBe(2);
    expect(noDir.stderr).toContain('--rain-edition needs --rain-data <dir>');
  });
});

describe('rain lookup: usage errors (exit 2)', () => {
  it.each([
    [['rain'], 'rain: missing subcommand (lookup)'],
    [['rain', 'import'], 'rain: unknown subcommand "import" (expected lookup)'],
    [['rain', 'lookup', '--lat', '48', '--lon', '11'], 'rain lookup: missing --data <dir>'],
    [['rain', 'lookup', '--data', gis2020, '--lon', '11'], 'rain lookup: missing --lat <degrees>'],
    [['rain', 'lookup', '--data', gis2020, '--lat', 'north', '--lon', '11'], 'rain lookup: invalid --lat "north" (expected a number of degrees from -90 to 90, WGS84)'],
    [['rain', 'lookup', '--data', gis2020, '--lat', '48', '--lon', '200'], 'rain lookup: invalid --lon "200"'],
    [['rain', 'lookup', '--data', gis2020, '--lat', '48', '--lon', '11', '--format', 'csv'], 'rain lookup: invalid --format "csv" (expected json, table or rain-data)'],
    [['rain', 'lookup', '--data', gis2020, '--lat', '48', '--lon', '11', '--edition', '2020'], 'rain lookup: invalid --edition "2020" (expected KOSTRA-DWD-2010R or KOSTRA-DWD-2020)'],
    [['rain', 'lookup', '--data', 'no/such/dir', '--lat', '48', '--lon', '11'], 'cannot read rain data directory no/such/dir: no such file or directory'],
    [['rain', 'lookup', '--data', 'fixtures/cli-examples', '--lat', '48', '--lon', '11'], 'no KOSTRA files in fixtures/cli-examples'],
  ])('%j', async (argv, message) => {
    const r = await run(argv as string[], { cwd: repo });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(message);
    expect(r.stdout).toBe('');
  });

  it('prints its help', async () => {
    const r = await run(['rain', 'lookup', '--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Usage: rainplan rain lookup --data <dir> --lat <deg> --lon <deg>');
    expect((await run(['help', 'rain'])).stdout).toBe(r.stdout);
  });
});
