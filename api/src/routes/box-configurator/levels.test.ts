/**
 * Levels and cover of a box configuration through HTTP (decision 0172): a new configuration starts
 * with the engine's default levels (plant bottom = ground − height − 0.5 m), the answers carry the
 * engine's cover and cover checks, and bad levels are refused whole. PGlite, and PostgreSQL with
 * TEST_DATABASE_URL or CI=true.
 */
import { defaultLevels } from '@rainplan/engine/boxgrid';
import { beforeAll, describe, expect, it } from 'vitest';
import { createProject, planner, put, type Planner } from '../../testing/planning.ts';
import { fileTestApp } from '../../testing/test-app.ts';

const testApp = fileTestApp();
let anna: Planner;

beforeAll(async () => {
  anna = await planner(testApp(), 'Anna Planer');
}, 60_000);

interface Check {
  code: string;
  messageKey: string;
  severity: string;
  params: Record<string, number | string>;
}
interface Configuration {
  id: string;
  version: number;
  groundLevel: number;
  plantBottomLevel: number;
  coverDepthM: number;
  checks: Check[];
  dimensioning: { height: number; levels: number; heightOverride?: number | null };
}

const box = (x: number, y: number, z: number) => ({ boxId: null, boxTypeId: 'BOX_FULL', x, y, z, rotation: 'North', options: [] });

async function newConfiguration(): Promise<Configuration> {
  const projectId = await createProject(anna.client);
  const response = await anna.client.post('/api/BoxConfigurator', { projectId, measureId: null, name: 'Mulde' });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Configuration;
}

describe('levels and cover of a configuration', () => {
  it('a new configuration starts at ground 0 m, plant bottom −1.16 m (one layer of 0.66 m and 0.5 m cover), with no check', async () => {
    const created = await newConfiguration();
    expect(created).toMatchObject({ groundLevel: 0, plantBottomLevel: -1.16, checks: [] });
    expect({ groundLevel: created.groundLevel, plantBottomLevel: created.plantBottomLevel }).toEqual(defaultLevels({ heightM: created.dimensioning.height }));
    // one layer of boxes: the cover is exactly the minimum, no check
    const items = await put(anna.client, `/api/BoxConfigurator/${created.id}/boxItems`, { version: 1, boxItems: [box(0, 0, 0), box(1, 0, 0)] });
    expect(items.statusCode, items.body).toBe(200);
    const read = (await anna.client.get(`/api/BoxConfigurator/${created.id}`)).json() as Configuration;
    expect(read.coverDepthM).toBeCloseTo(0.5, 9);
    expect(read.checks).toEqual([]);
  });

  it('answers the cover checks: below the minimum GROUND_LEVEL_TOO_LOW, below 0 PLANT_BOTTOM_TOO_HIGH', async () => {
    const created = await newConfiguration();
    expect((await put(anna.client, `/api/BoxConfigurator/${created.id}/boxItems`, { version: 1, boxItems: [box(0, 0, 0), box(0, 1, 0)] })).statusCode).toBe(200);
    const low = await anna.client.patch(`/api/BoxConfigurator/${created.id}`, { version: 2, groundLevel: 10, plantBottomLevel: 8.4 });
    expect(low.statusCode, low.body).toBe(200);
    const lowBody = low.json() as Configuration;
    expect(lowBody.coverDepthM).toBeCloseTo(0.28, 9);
    expect(lowBody.checks).toEqual([{ code: 'GROUND_LEVEL_TOO_LOW', messageKey: 'configurator.groundLevelTooLow', severity: 'warning', params: { coverDepthM: 0.28, minCoverM: 0.5, plantBottomLevel: 8.4, maxPlantBottomLevel: 8.18 } }]);
    const high = (await anna.client.patch(`/api/BoxConfigurator/${created.id}`, { version: 3, groundLevel: 0, plantBottomLevel: 0 })).json() as Configuration;
    expect(high.coverDepthM).toBeCloseTo(-1.32, 9);
    expect(high.checks.map((c) => [c.code, c.messageKey])).toEqual([['PLANT_BOTTOM_TOO_HIGH', 'configurator.plantBottomTooHigh']]);
    const listed = (await anna.client.get(`/api/BoxConfigurator/${created.id}`)).json() as Configuration;
    expect(listed.checks).toEqual(high.checks);
  });

  it('refuses a level of 1e9, a string, null or a NaN text with 400, code 2, and saves nothing of the body', async () => {
    const created = await newConfiguration();
    const bodies: unknown[] = [
      { version: 1, groundLevel: 1e9, name: 'halb' },
      { version: 1, plantBottomLevel: -1001 },
      { version: 1, groundLevel: '12.5' },
      { version: 1, plantBottomLevel: null, name: 'halb' },
    ];
    for (const body of bodies) {
      const response = await anna.client.patch(`/api/BoxConfigurator/${created.id}`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toMatchObject({ type: 'ERROR', code: 2 });
    }
    // NaN is no JSON: the body does not parse
    const nan = await anna.client.call({ method: 'PATCH', url: `/api/BoxConfigurator/${created.id}`, headers: { 'content-type': 'application/json' }, body: '{"version":1,"groundLevel":NaN}' });
    expect(nan.statusCode).toBe(400);
    const after = (await anna.client.get(`/api/BoxConfigurator/${created.id}`)).json() as Configuration & { name: string };
    expect(after).toMatchObject({ version: 1, name: 'Mulde', groundLevel: 0, plantBottomLevel: -1.16 });
  });

  it('keeps a height override (decision 0229) through items saves; cover and checks take it, null clears it', async () => {
    const created = await newConfiguration();
    const patch = (body: Record<string, unknown>) => anna.client.patch(`/api/BoxConfigurator/${created.id}`, body);
    expect((await put(anna.client, `/api/BoxConfigurator/${created.id}/boxItems`, { version: 1, boxItems: [box(0, 0, 0), box(0, 1, 0)] })).statusCode).toBe(200);
    const levelled = await patch({ version: 2, groundLevel: 0, plantBottomLevel: -2, dimensioning: { heightOverride: 1.74449 } });
    expect(levelled.statusCode, levelled.body).toBe(200);
    const body = levelled.json() as Configuration;
    // rounded to millimetres; the items' height stays 1.32 m, the cover takes 1.744 m
    expect(body.dimensioning).toMatchObject({ height: 1.32, levels: 2, heightOverride: 1.744 });
    expect(body.coverDepthM).toBeCloseTo(0.256, 9);
    expect(body.checks.map((c) => [c.code, c.params['coverDepthM']])).toEqual([['GROUND_LEVEL_TOO_LOW', 0.256]]);
    // an items save recomputes height and levels and keeps the override
    const saved = await put(anna.client, `/api/BoxConfigurator/${created.id}/boxItems`, { version: 3, boxItems: [box(0, 0, 0), box(0, 1, 0), box(0, 2, 0)] });
    expect(saved.statusCode, saved.body).toBe(200);
    const read = (await anna.client.get(`/api/BoxConfigurator/${created.id}`)).json() as Configuration;
    expect(read.dimensioning).toMatchObject({ height: 1.98, levels: 3, heightOverride: 1.744 });
    expect(read.coverDepthM).toBeCloseTo(0.256, 9);
    // null clears it: the cover is the items' again
    const cleared = (await patch({ version: read.version, dimensioning: { heightOverride: null } })).json() as Configuration;
    expect(cleared.dimensioning.heightOverride).toBeNull();
    expect(cleared.coverDepthM).toBeCloseTo(0.02, 9);
  });

  it('refuses a height override of 0, below 0, above 10 m or as text with 400, code 2, and stores nothing', async () => {
    const created = await newConfiguration();
    for (const heightOverride of [0, -0.66, 10.01, '1.5', 1e308]) {
      const response = await anna.client.patch(`/api/BoxConfigurator/${created.id}`, { version: 1, name: 'falsch', dimensioning: { heightOverride } });
      expect(response.statusCode, JSON.stringify(heightOverride)).toBe(400);
      expect(response.json()).toMatchObject({ type: 'ERROR', code: 2 });
      expect((response.json() as { message: string }).message).toContain('heightOverride');
    }
    const after = (await anna.client.get(`/api/BoxConfigurator/${created.id}`)).json() as Configuration & { name: string };
    expect(after).toMatchObject({ version: 1, name: 'Mulde' });
    expect(after.dimensioning.heightOverride ?? null).toBeNull();
  });
});
