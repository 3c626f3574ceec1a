/**
 * KOSTRA-DWD-2020 through HTTP: the generated GIS tables of cell 49125 and the parameter table of
 * cell 117111 (fixtures/rain/, see its README) imported with POST /Raindata/import and looked up
 * with GET /Raindata, with DWD's uncertainties UC (decision 0159); custom rain data of a project;
 * GET /Project/{id}/raindata.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { evaluate, parseProject, type RainData } from '@rainplan/engine';
import { kostra2020CellCenter } from '@rainplan/engine/rain';
import { RainCell } from '../../db/entities/rain.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import { createProject, del, planner, put, upload, type Planner } from '../../testing/planning.ts';
import { fileTestApp } from '../../testing/test-app.ts';

const FIXTURES = new URL('../../../../fixtures/rain/', import.meta.url);
const files = (dir: string) =>
  readdirSync(new URL(`${dir}/`, FIXTURES)).filter((name) => /\.(dbf|csv)$/.test(name)).map((name) => ({ field: 'files', name, bytes: readFileSync(new URL(`${dir}/${name}`, FIXTURES)) }));

const testApp = fileTestApp();
let admin: Planner;
let anna: Planner;
let carl: Planner;

beforeAll(async () => {
  [admin, anna, carl] = await Promise.all([planner(testApp(), 'Ada Admin', ['Administrator']), planner(testApp(), 'Anna Planer'), planner(testApp(), 'Carl Fremd')]);
}, 60_000);

const point = (body: unknown, annuality: number, duration: number) =>
  (body as { raindataSeries: Array<{ annuality: number; valuesForDurations: Array<{ duration: number; value: number; uncertainty?: number }> }> }).raindataSeries
    .find((s) => s.annuality === annuality)
    ?.valuesForDurations.find((v) => v.duration === duration);
const value = (body: unknown, annuality: number, duration: number) => point(body, annuality, duration)?.value;
const uncertainty = (body: unknown, annuality: number, duration: number) => point(body, annuality, duration)?.uncertainty;

/** DWD's published UC of cell 49125 (../../../../../shared/data/kostra-dwd-2020-reference) at a few points. */
const UC_49125 = [
  { T: 1, D: 5, uc: 16 },
  { T: 100, D: 5, uc: 22 },
  { T: 5, D: 30, uc: 23 },
  { T: 100, D: 30, uc: 27 },
];

/** The fixture's infiltration sizing project (2024 rules) on the given rain data: the band of its first sized measure. */
function bandOn(rainData: RainData) {
  const parsed = parseProject(readFileSync(new URL('../../../../fixtures/projects/sizing-infiltration-2024.project.json', import.meta.url), 'utf8'));
  if (!parsed.ok) throw new Error('fixture does not parse');
  const measure = evaluate({ ...parsed.project, rainData }).measures.find((m) => m.requiredVolume !== undefined);
  if (measure === undefined) throw new Error('no sized measure');
  return { band: measure.uncertaintyBand, reason: measure.uncertaintyBandReason, required: measure.requiredVolume };
}

describe('KOSTRA-DWD-2020', () => {
  it('imports GIS tables and the parameter table; looks cells up with the grid', async () => {
    const all = [...files('kostra-dwd-2020-gis'), ...files('kostra-dwd-2020-parameters'), { field: 'files', name: 'readme.txt', bytes: new Uint8Array([65]) }];
    const imported = await upload(admin.client, '/api/Raindata/import', all, { fileType: 'kostra_dwd_2020' });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toEqual({ newLocations: 2, newRainDatasets: 2, ignoredFiles: ['readme.txt'] });
    expect((await upload(admin.client, '/api/Raindata/import', all, { fileType: 'KOSTRA-DWD-2020' })).json()).toMatchObject({ newLocations: 0, newRainDatasets: 0 });

    const sylt = await anna.client.get('/api/Raindata', { latitude: '55.069', longitude: '8.537' });
    expect(sylt.statusCode, sylt.body).toBe(200);
    expect(sylt.json()).toMatchObject({ kostraCell: { row: 49, column: 125 }, source: { edition: 'KOSTRA-DWD-2020', cell: '49125' } });
    expect(value(sylt.json(), 1, 5)).toBeCloseTo((6.0 * 10000) / (60 * 5), 6); // hN 6.0 mm in 5 min
    expect(value(sylt.json(), 100, 10080)).toBeGreaterThan(0);
    // DWD's UC (± %) travels with the 2020 cell from the GIS tables
    for (const { T, D, uc } of UC_49125) expect(uncertainty(sylt.json(), T, D), `UC T=${T} D=${D}`).toBe(uc);

    const centre = kostra2020CellCenter(117, 111);
    const fromParameters = await anna.client.get('/api/Raindata', { latitude: String(centre.latDeg), longitude: String(centre.lonDeg) });
    expect(fromParameters.json()).toMatchObject({ kostraCell: { row: 117, column: 111 }, source: { cell: '117111' } });
    // the parameter table publishes no uncertainties: none are invented
    expect(uncertainty(fromParameters.json(), 5, 30)).toBeUndefined();

    // Munich lies inside the 2020 grid, in a cell these files hold no data for: code 61 names it.
    const munich = await anna.client.get('/api/Raindata', { latitude: '48.137', longitude: '11.575' });
    expect(munich.statusCode).toBe(404);
    expect(munich.json()).toEqual({
      type: 'ERROR',
      code: 61,
      message: 'No rain data for latitude 48.137, longitude 11.575: it lies in KOSTRA-DWD-2020 cell 203167 (row 203, column 167), which holds no rain data in the imported dataset (sea, abroad)',
      edition: 'KOSTRA-DWD-2020',
      kostraCell: { id: '203167', row: 203, column: 167 },
    });
    // Rome lies outside the 2020 grid: code 57, no cell.
    const rome = await anna.client.get('/api/Raindata', { latitude: '41.9', longitude: '12.5' });
    expect(rome.statusCode).toBe(404);
    expect(rome.json()).toEqual({ type: 'ERROR', code: 57, message: 'No rain data for latitude 41.9, longitude 12.5: it lies outside the grid of every imported KOSTRA dataset (outside Germany)' });
    expect((await anna.client.get('/api/Raindata', { latitude: '91', longitude: '0' })).statusCode).toBe(400);
    expect((await testApp().client().get('/api/Raindata', { latitude: '55', longitude: '8' })).statusCode).toBe(401);
  });

  it('refuses unusable files with INVALID_DATA naming the file, and unknown file types', async () => {
    const broken = [{ field: 'files', name: 'StatRR_KOSTRA-DWD-2020_D00005.dbf', bytes: new Uint8Array([3, 1, 2]) }];
    const response = await upload(admin.client, '/api/Raindata/import', broken, { fileType: 'KOSTRA-DWD-2020' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 2, message: expect.stringMatching(/^INVALID_DATA in StatRR_KOSTRA-DWD-2020_D00005\.dbf/) as unknown });
    expect((await upload(admin.client, '/api/Raindata/import', broken, { fileType: 'KOSTRA-1990' })).json()).toMatchObject({ code: 2 });
    const incomplete = [{ field: 'files', name: 'StatRR_KOSTRA-DWD-2010R_D0005.dbf', bytes: new Uint8Array([3]) }];
    expect((await upload(admin.client, '/api/Raindata/import', incomplete)).json()).toMatchObject({ code: 2, message: expect.stringContaining('.shp') as unknown });
    expect((await upload(admin.client, '/api/Raindata/import', [{ field: 'other', name: 'x.dbf', bytes: 'x' }])).statusCode).toBe(400);
  });
});

describe('KOSTRA-DWD-2020 uncertainty band (decision 0159)', () => {
  it("a project on 2020 data gets the engine's band from DWD's UC; cells stored without UC get it back by importing the same files", async () => {
    const sylt = { latitude: 55.069, longitude: 8.537, address: 'Westerland, Sylt' };
    const projectId = await createProject(anna.client, { location: sylt });
    const rain = await anna.client.get(`/api/Project/${projectId}/raindata`);
    expect(rain.statusCode, rain.body).toBe(200);
    const withUc = bandOn(rain.json() as RainData);
    expect(withUc.reason).toBeNull();
    expect(withUc.band?.source).toBe('KOSTRA-DWD-2020-UC');
    expect(withUc.band?.lower.requiredVolumeM3).toBeLessThan(withUc.required ?? 0);
    expect(withUc.band?.upper.requiredVolumeM3).toBeGreaterThan(withUc.required ?? 0);

    // as stored before the api kept UC (the migration adds the column empty)
    await testApp().app.orm.em.fork().nativeUpdate(RainCell, { edition: 'KOSTRA-DWD-2020' }, { uncertaintyPct: null });
    const before = await anna.client.get(`/api/Project/${projectId}/raindata`);
    expect(uncertainty(before.json(), 1, 5)).toBeUndefined();
    expect(bandOn(before.json() as RainData)).toMatchObject({ band: null, reason: 'uncertaintyNotGiven' });

    // the same files again: the hash is unchanged, but the UC are stored now (one cell changed)
    const again = await upload(admin.client, '/api/Raindata/import', files('kostra-dwd-2020-gis'), { fileType: 'KOSTRA-DWD-2020' });
    expect(again.json()).toEqual({ newLocations: 0, newRainDatasets: 1, ignoredFiles: [] });
    const after = await anna.client.get(`/api/Project/${projectId}/raindata`);
    for (const { T, D, uc } of UC_49125) expect(uncertainty(after.json(), T, D)).toBe(uc);
    expect(bandOn(after.json() as RainData).band).toEqual(withUc.band);
    expect((await upload(admin.client, '/api/Raindata/import', files('kostra-dwd-2020-gis'), { fileType: 'KOSTRA-DWD-2020' })).json()).toMatchObject({ newRainDatasets: 0 });
  });
});

describe('rain data of a project', () => {
  it('uses the data at the location, or custom rain data while it is set', async () => {
    const sylt = { latitude: 55.069, longitude: 8.537, address: 'Westerland, Sylt' };
    const projectId = await createProject(anna.client, { location: sylt });
    const byLocation = await anna.client.get(`/api/Project/${projectId}/raindata`);
    expect(byLocation.json()).toMatchObject({ source: { edition: 'KOSTRA-DWD-2020', cell: '49125' } });
    expect((await carl.client.get(`/api/Project/${projectId}/raindata`)).statusCode).toBe(403);

    const custom = await put(anna.client, `/api/Project/${projectId}/customRaindata`, {
      kostraCell: { row: 1, column: 2 },
      raindataSeries: [{ annuality: 2, valuesForDurations: [{ duration: 10, value: 180.5 }, { duration: 5, value: 0 }] }],
    });
    expect(custom.statusCode, custom.body).toBe(200);
    const stored = await anna.client.get(`/api/Project/${projectId}/raindata`);
    expect(stored.json()).toMatchObject({ source: { edition: 'custom' }, kostraCell: { row: 1, column: 2 } });
    expect(value(stored.json(), 2, 10)).toBe(180.5);
    expect(value(stored.json(), 100, 10080)).toBe(0);
    expect((stored.json() as { raindataSeries: unknown[] }).raindataSeries).toHaveLength(9);
    expect((await anna.client.get(`/api/Project/${projectId}`)).json()).toMatchObject({ usesCustomRaindata: true });

    const invalid = [
      { raindataSeries: [] },
      { raindataSeries: [{ annuality: 7, valuesForDurations: [{ duration: 5, value: 1 }] }] },
      { raindataSeries: [{ annuality: 1, valuesForDurations: [{ duration: 6, value: 1 }] }] },
      { raindataSeries: [{ annuality: 1, valuesForDurations: [{ duration: 5, value: -1 }] }] },
      { raindataSeries: [{ annuality: 1, valuesForDurations: [{ duration: 5, value: 0 }] }] },
      { raindataSeries: [1, 1].map((annuality) => ({ annuality, valuesForDurations: [{ duration: 5, value: 1 }] })) },
    ];
    for (const body of invalid) expect((await put(anna.client, `/api/Project/${projectId}/customRaindata`, body)).statusCode, JSON.stringify(body)).toBe(400);

    expect((await del(anna.client, `/api/Project/${projectId}/customRaindata`)).json()).toMatchObject({ type: 'MESSAGE' });
    expect((await anna.client.get(`/api/Project/${projectId}/raindata`)).json()).toMatchObject({ source: { edition: 'KOSTRA-DWD-2020' } });
    const moved = await anna.client.patch(`/api/Project/${projectId}`, { location: { latitude: 48.137, longitude: 11.575, address: 'München' } });
    expect(moved.statusCode).toBe(200);
    expect((await anna.client.get(`/api/Project/${projectId}/raindata`)).json()).toMatchObject({ code: 61, edition: 'KOSTRA-DWD-2020', kostraCell: { id: '203167' } });
  });
});
