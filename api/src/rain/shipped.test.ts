/**
 * The rain data shipped with rainplan (api/rain-data/kostra-dwd-2010r.json.gz): it equals what
 * `npm run rain:compact` makes of DWD's files, it loads once into an empty database, and a Munich
 * lookup from it equals the lookup from DWD's files. The DWD files are in
 * ../shared/data/kostra-dwd-2010r/; without them those checks are skipped with a message, except
 * with CI=true, where they fail.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { buildKostra2010RIndex, kostra2010RLookup, kostraDurationFromFileName, rainSeriesToRainData } from '@rainplan/engine/rain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RainCell, RainDataset } from '../db/entities/rain.ts';
import { createProject, planner, type Planner } from '../testing/planning.ts';
import { startTestApp, type TestApp } from '../testing/test-app.ts';
import { importRainFiles } from './import.ts';
import { compactRainDataFromDirectory, decodeCompactRainData, encodeCompactRainData, loadShippedRainData, SHIPPED_RAIN_FILE } from './shipped.ts';
import { rainDataAt } from './store.ts';

const DIR = fileURLToPath(new URL('../../../../shared/data/kostra-dwd-2010r/', import.meta.url));
const present = existsSync(`${DIR}StatRR_KOSTRA-DWD-2010R_grid.shp`);
if (!present) {
  if (process.env['CI'] === 'true') throw new Error(`DWD's KOSTRA-DWD-2010R files are missing at ${DIR}; CI must provide them`);
  console.warn(`shipped.test: comparisons with DWD's files SKIPPED — they are not at ${DIR} (CI has them).`);
}

const MUNICH = { latitude: 48.137, longitude: 11.575 };

describe('the committed compact file', () => {
  it('is small, well-formed and holds every cell with data, Munich as DWD publishes it', async () => {
    const bytes = await readFile(SHIPPED_RAIN_FILE);
    expect(bytes.length).toBeLessThan(3e6);
    const data = decodeCompactRainData(bytes);
    expect(data.edition).toBe('KOSTRA-DWD-2010R');
    expect(data.attribution).toBe('Datenbasis: Deutscher Wetterdienst, eigene Bearbeitung');
    expect(data.license).toBe('CC BY 4.0');
    expect(data.cells).toHaveLength(5405);
    const munich = data.cells.find((c) => c[0] === 93049)!;
    // D = 15 min (third duration): T = 1 a 11.8 mm, T = 100 a 32.2 mm (NOTICE.md of the DWD files)
    expect(munich[6].slice(2 * 9, 3 * 9)).toEqual([118, 149, 167, 189, 220, 251, 269, 291, 322]);
  });

  it('rejects a damaged file with a message', () => {
    const data = decodeCompactRainData(readFileSync(SHIPPED_RAIN_FILE));
    const broken = { ...data, cells: [[1, 0, 0, 1, 1, [], [1, 2]]] } as unknown as typeof data;
    expect(() => decodeCompactRainData(encodeCompactRainData(broken))).toThrow('shipped rain data: cell 1 is malformed');
    expect(() => decodeCompactRainData(encodeCompactRainData({ ...data, edition: 'X' } as unknown as typeof data))).toThrow('not a rainplan-kostra-cells v1 file');
  });

  it.skipIf(!present)('equals what `npm run rain:compact` makes of DWD\'s files', { timeout: 60_000 }, async () => {
    const fresh = await compactRainDataFromDirectory(DIR);
    const committed = decodeCompactRainData(await readFile(SHIPPED_RAIN_FILE));
    expect(committed).toEqual(fresh);
  });
});

describe('loading at first start', () => {
  let testApp: TestApp;
  let user: Planner;

  beforeAll(async () => {
    testApp = await startTestApp();
    user = await planner(testApp, 'Rita Rain');
  }, 60_000);
  afterAll(async () => testApp?.close());

  it('loads into an empty database once; a Munich project then has rain data without any import', { timeout: 120_000 }, async () => {
    const em = testApp.app.orm.em.fork();
    const before = await user.client.get('/api/Raindata', { latitude: String(MUNICH.latitude), longitude: String(MUNICH.longitude) });
    expect(before.statusCode).toBe(404);

    const started = performance.now();
    expect(await loadShippedRainData(em)).toBe(5405);
    console.info(`shipped KOSTRA-DWD-2010R loaded (${testApp.databaseKind}) in ${(performance.now() - started).toFixed(0)} ms`);
    expect(await loadShippedRainData(em)).toBe(0);
    expect(await em.fork().count(RainCell, { edition: 'KOSTRA-DWD-2010R' })).toBe(5405);
    expect(await em.fork().count(RainDataset, {})).toBe(1);

    const found = await user.client.get('/api/Raindata', { latitude: String(MUNICH.latitude), longitude: String(MUNICH.longitude) });
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json()).toMatchObject({ source: { edition: 'KOSTRA-DWD-2010R', cell: '93049' }, kostraCell: { row: 93, column: 49 } });

    const project = await createProject(user.client);
    const rain = await user.client.get(`/api/Project/${project}/raindata`);
    expect(rain.statusCode, rain.body).toBe(200);
    expect(rain.json()).toMatchObject({ source: { edition: 'KOSTRA-DWD-2010R', cell: '93049' } });
  });

  it.skipIf(!present)('the Munich lookup from the shipped data equals the lookup in DWD\'s files; importing those files changes nothing', { timeout: 120_000 }, async () => {
    const em = testApp.app.orm.em.fork();
    await loadShippedRainData(em);
    const names = readdirSync(DIR);
    const read = (n: string) => readFileSync(`${DIR}${n}`);
    const built = buildKostra2010RIndex({
      shp: read('StatRR_KOSTRA-DWD-2010R_grid.shp'),
      shx: read('StatRR_KOSTRA-DWD-2010R_grid.shx'),
      prj: read('StatRR_KOSTRA-DWD-2010R_grid.prj').toString('latin1'),
      dbf: names.filter((n) => n.endsWith('.dbf')).map((n) => ({ durationMin: kostraDurationFromFileName(n)!, bytes: read(n) })),
    });
    if (!built.ok) throw new Error(JSON.stringify(built.errors));
    for (const at of [MUNICH, { latitude: 53.551, longitude: 9.993 }, { latitude: 47.999, longitude: 7.842 }, { latitude: 54.32, longitude: 13.09 }]) {
      const fromFiles = kostra2010RLookup(built.index, at.latitude, at.longitude)!;
      const shipped = await rainDataAt(em.fork(), at.latitude, at.longitude);
      expect(shipped?.cell.id).toBe(fromFiles.id);
      expect(shipped?.rainData).toEqual(rainSeriesToRainData(fromFiles.series));
    }
    const files = names.filter((n) => /\.(dbf|shp|shx|prj)$/.test(n)).map((name) => ({ name, bytes: read(name) }));
    expect(await importRainFiles(em.fork(), files)).toEqual({ newLocations: 0, newRainDatasets: 0, ignoredFiles: [] });
  });
});
