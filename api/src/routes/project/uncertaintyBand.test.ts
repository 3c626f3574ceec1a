/**
 * The rain uncertainty band in the measure answers (decision 0213): GET …/measure/{id}, the
 * waterflow and the PUT answer carry the engine's band (lower / design / upper required volume,
 * duration and length); a PUT may send the node back as read (the band is recomputed, never
 * stored); custom rain data without uncertainty answer no band with its reason.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { BOX_TANK_DIMENSIONS, CUSTOM_RAIN } from '../../testing/measure-inputs.ts';
import { BOX_TANK_INPUTS, createProject, planner, type Planner, put, roofedMeasure, upload } from '../../testing/planning.ts';
import { fileTestApp } from '../../testing/test-app.ts';

const FIXTURES = new URL('../../../../fixtures/rain/kostra-dwd-2020-gis/', import.meta.url);
const gisFiles = () =>
  readdirSync(FIXTURES)
    .filter((name) => /\.(dbf|csv)$/.test(name))
    .map((name) => ({ field: 'files', name, bytes: readFileSync(new URL(name, FIXTURES)) }));

const testApp = fileTestApp();
let admin: Planner;
let anna: Planner;

beforeAll(async () => {
  [admin, anna] = await Promise.all([planner(testApp(), 'Ada Admin', ['Administrator']), planner(testApp(), 'Anna Planer')]);
  const imported = await upload(admin.client, '/api/Raindata/import', gisFiles(), { fileType: 'KOSTRA-DWD-2020' });
  expect(imported.statusCode, imported.body).toBe(200);
}, 120_000);

type End = { requiredVolumeM3: number | null; requiredLengthM: number | null; durationMin: number | null; rLsHa: number | null };
type Band = { source: string; lower: End; design: End; upper: End; availableVolumeM3: number | null; coversUpper: boolean | null };
type Node = Record<string, unknown> & { id: string; version: number; data: Record<string, unknown>; uncertaintyBand?: Band | null; uncertaintyBandReason?: string | null };

describe('measure answers: the rain uncertainty band', () => {
  it('answers lower, design and upper volume and length in the node, the waterflow and the PUT answer; a PUT of the node as read is accepted', { timeout: 60_000 }, async () => {
    // KOSTRA-DWD-2020 cell 49125 from the GIS tables (fixtures/rain), with DWD's uncertainties UC
    const projectId = await createProject(anna.client, { location: { latitude: 55.069, longitude: 8.537, address: 'Westerland, Sylt' } });
    const { created, url, current } = await roofedMeasure(anna.client, projectId, 600);
    // a new measure is not sized yet: no band, and the answer says why
    expect(created).toMatchObject({ uncertaintyBand: null, uncertaintyBandReason: 'notSized' });
    const tank = { ...current, data: { ...current.data, ...BOX_TANK_INPUTS, dimensioningInfiltrationTank: BOX_TANK_DIMENSIONS } };
    const saved = await put(anna.client, url, tank);
    expect(saved.statusCode, saved.body).toBe(200);
    const answer = saved.json() as Node;
    const band = answer.uncertaintyBand!;
    expect(band).not.toBeNull();
    expect(answer.uncertaintyBandReason).toBeNull();
    expect(band.source).toBe('KOSTRA-DWD-2020-UC');
    // the design end is the measure's own sizing; the lower end needs less, the upper more
    expect(band.design.requiredVolumeM3).toBe(answer.data['requiredVolume']);
    expect(band.lower.requiredVolumeM3!).toBeLessThan(band.design.requiredVolumeM3!);
    expect(band.upper.requiredVolumeM3!).toBeGreaterThan(band.design.requiredVolumeM3!);
    expect(band.design.requiredLengthM).toEqual(expect.any(Number));
    expect(band.lower.requiredLengthM!).toBeLessThanOrEqual(band.design.requiredLengthM!);
    expect(band.upper.requiredLengthM!).toBeGreaterThanOrEqual(band.design.requiredLengthM!);
    expect(band.lower.rLsHa!).toBeLessThan(band.upper.rLsHa!);
    expect(band.coversUpper).toBe(band.availableVolumeM3! >= band.upper.requiredVolumeM3!);

    // GET of the node and the waterflow answer the same band
    const read = (await anna.client.get(url)).json() as Node;
    expect(read.uncertaintyBand).toEqual(band);
    const waterflow = (await anna.client.get(`/api/Project/${projectId}/waterflow`)).json() as { measures: Node[] };
    expect(waterflow.measures.find((m) => m.id === created.id)?.uncertaintyBand).toEqual(band);

    // the node as read (band included) is a valid PUT body; a band the client made up is not stored
    const back = await put(anna.client, url, { ...read, uncertaintyBand: { ...band, coversUpper: !band.coversUpper } });
    expect(back.statusCode, back.body).toBe(200);
    expect((back.json() as Node).uncertaintyBand).toEqual(band);
    // a band of another shape is refused as any undeclared field
    const malformed = await put(anna.client, url, { ...(back.json() as Node), uncertaintyBand: { nonsense: true } });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ code: 2 });
  });

  it('custom rain data without uncertainty: no band, with the reason', async () => {
    const projectId = await createProject(anna.client);
    const rain = await put(anna.client, `/api/Project/${projectId}/customRaindata`, CUSTOM_RAIN);
    expect(rain.statusCode, rain.body).toBe(200);
    const measure = (await anna.client.post(`/api/Project/${projectId}/measure`, { name: 'Mulde' })).json() as Node;
    const read = (await anna.client.get(`/api/Project/${projectId}/measure/${measure.id}`)).json() as Node;
    expect(read).toMatchObject({ uncertaintyBand: null, uncertaintyBandReason: 'customRainData' });
  });
});
