/**
 * Waterflow nodes through HTTP: create, read, save with the engine's recomputation, code 55,
 * version conflicts, deletion rules (50–53, 58), the whole waterflow and "No project id".
 */
import { describe, expect, it } from 'vitest';
import { CUSTOM_RAIN, TROUGH_INPUTS } from '../../testing/measure-inputs.ts';
import { createProject, del, put, roof, signedInPlanners } from '../../testing/planning.ts';
import { fileTestApp } from '../../testing/test-app.ts';

const testApp = fileTestApp();
const { anna, carl } = signedInPlanners(testApp, { anna: 'Anna Planer', carl: 'Carl Fremd' });

type Node = Record<string, unknown> & { id: string; version: number; sealedSurfaces?: string[]; data: Record<string, unknown> };

async function create(projectId: string, kind: string, name: string): Promise<Node> {
  const response = await anna.client.post(`/api/Project/${projectId}/${kind}`, { name });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Node;
}

async function save(projectId: string, kind: string, node: Record<string, unknown>): Promise<Node> {
  const response = await put(anna.client, `/api/Project/${projectId}/${kind}/${String(node['id'])}`, node);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Node;
}

describe('waterflow nodes', () => {
  it('creates, links and recomputes nodes; the server derives lists, AC and the measure results', async () => {
    const projectId = await createProject(anna.client);
    const surface = await create(projectId, 'surface', 'Dach');
    expect(surface).toMatchObject({ name: 'Dach', parentId: null, version: 1, data: {} });
    const measure = await create(projectId, 'measure', 'Mulde');
    expect(measure.data).toMatchObject({ recurrenceInterval: 5, safetyMargin: 20 });
    const purification = await create(projectId, 'purification', 'Schacht');

    const savedSurface = await save(projectId, 'surface', roof(surface, 500, measure.id));
    expect(savedSurface).toMatchObject({ version: 2, value: 500, parentId: measure.id });
    const read = await anna.client.get(`/api/Project/${projectId}/measure/${measure.id}`);
    expect(read.json()).toMatchObject({ sealedSurfaces: [surface.id], AC: 450, drain: 'Groundwater', version: 1 });

    const waterflow = await anna.client.get(`/api/Project/${projectId}/waterflow`);
    expect(waterflow.statusCode, waterflow.body).toBe(200);
    expect(waterflow.json()).toMatchObject({
      sealedSurfaces: [{ id: surface.id, version: 2 }],
      purifications: [{ id: purification.id }],
      measures: [{ id: measure.id, AC: 450 }],
    });
  });

  it('sizes a measure with the rain data of the project, refuses disagreeing computed values (55) and keeps inputs', async () => {
    const projectId = await createProject(anna.client);
    const rain = await put(anna.client, `/api/Project/${projectId}/customRaindata`, CUSTOM_RAIN);
    expect(rain.statusCode, rain.body).toBe(200);
    const surface = await create(projectId, 'surface', 'Dach');
    const measure = await create(projectId, 'measure', 'Mulde');
    await save(projectId, 'surface', roof(surface, 800, measure.id));
    const current = (await anna.client.get(`/api/Project/${projectId}/measure/${measure.id}`)).json() as Node;
    const trough = {
      ...current,
      value: null, // computed values the client has not recomputed are left out
      data: { ...current.data, ...TROUGH_INPUTS },
    };
    const sized = await save(projectId, 'measure', trough);
    expect(sized.version).toBe(current.version + 1);
    expect(sized.data['installationVariant']).toBe('trough');
    expect(sized.AC).toBe(720);
    expect(sized.data['requiredVolume']).toEqual(expect.any(Number));
    expect(sized.value).toEqual(expect.any(Number));
    expect(sized.data['duration']).toEqual(expect.any(Number));

    // The same values (rounded to two decimals) are accepted; a wrong one is refused with 55.
    const rounded = { ...sized, data: { ...sized.data, requiredVolume: Math.round(Number(sized.data['requiredVolume']) * 100) / 100 } };
    expect((await put(anna.client, `/api/Project/${projectId}/measure/${measure.id}`, rounded)).statusCode).toBe(200);
    const latest = (await anna.client.get(`/api/Project/${projectId}/measure/${measure.id}`)).json() as Node;
    const wrong = await put(anna.client, `/api/Project/${projectId}/measure/${measure.id}`, { ...latest, data: { ...latest.data, requiredVolume: Number(latest.data['requiredVolume']) + 5 } });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({ type: 'ERROR', code: 55, message: expect.stringContaining('requiredVolume') as unknown });
    const wrongAc = await put(anna.client, `/api/Project/${projectId}/measure/${measure.id}`, { ...latest, AC: 1 });
    expect(wrongAc.json()).toMatchObject({ code: 55 });
    // A refused write stores nothing.
    expect(((await anna.client.get(`/api/Project/${projectId}/measure/${measure.id}`)).json() as Node).version).toBe(latest.version);

    // Removing the custom rain data leaves the project on its location (no data imported here): no sizing.
    expect((await del(anna.client, `/api/Project/${projectId}/customRaindata`)).statusCode).toBe(200);
    const unsized = (await anna.client.get(`/api/Project/${projectId}/measure/${measure.id}`)).json() as Node;
    expect(unsized.data['requiredVolume'] ?? null).toBeNull();
    expect(unsized.version).toBe(latest.version);
  });

  it('answers a stale write with 409, code 56, and the current node; the first write wins', async () => {
    const projectId = await createProject(anna.client);
    const surface = await create(projectId, 'surface', 'Dach');
    const first = await put(anna.client, `/api/Project/${projectId}/surface/${surface.id}`, { ...surface, name: 'Dach Nord' });
    expect(first.statusCode).toBe(200);
    const second = await put(anna.client, `/api/Project/${projectId}/surface/${surface.id}`, { ...surface, name: 'Dach Süd' });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ type: 'ERROR', code: 56, current: { id: surface.id, name: 'Dach Nord', version: 2 } });

    // Two concurrent writes of the same version: exactly one succeeds.
    const current = first.json() as Node;
    const results = await Promise.all(['A', 'B'].map((name) => put(anna.client, `/api/Project/${projectId}/surface/${surface.id}`, { ...current, name })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });

  it('validates bodies: path and body ids, links of the wrong kind, foreign surfaces, unknown nodes', async () => {
    const projectId = await createProject(anna.client);
    const surface = await create(projectId, 'surface', 'Dach');
    const purification = await create(projectId, 'purification', 'Schacht');
    const measure = await create(projectId, 'measure', 'Mulde');
    const url = (kind: string, id: string) => `/api/Project/${projectId}/${kind}/${id}`;
    expect((await put(anna.client, url('surface', surface.id), { ...surface, id: 'other' })).json()).toMatchObject({ code: 2 });
    expect((await put(anna.client, url('surface', surface.id), { ...surface, version: undefined })).json()).toMatchObject({ code: 2 });
    expect((await put(anna.client, url('surface', surface.id), { ...surface, name: '' })).statusCode).toBe(400);
    expect((await put(anna.client, url('measure', measure.id), { ...measure, parentId: purification.id })).json()).toMatchObject({ code: 2 });
    expect((await put(anna.client, url('purification', purification.id), { ...purification, parentId: surface.id })).json()).toMatchObject({ code: 2 });
    expect((await put(anna.client, url('measure', measure.id), { ...measure, sealedSurfaces: ['nope'] })).json()).toMatchObject({ code: 2 });
    // A surface without drain cannot be chosen by a measure (engine rule SURFACE_NOT_ELIGIBLE).
    expect((await put(anna.client, url('measure', measure.id), { ...measure, sealedSurfaces: [surface.id] })).json()).toMatchObject({ code: 2 });
    expect((await anna.client.get(url('measure', surface.id))).statusCode).toBe(404);
    const unknown = crypto.randomUUID();
    expect((await anna.client.get(url('surface', unknown))).json()).toMatchObject({ code: 11 });
    expect((await put(anna.client, url('surface', unknown), { ...surface, id: unknown })).statusCode).toBe(404);
    // A malformed node id is 400, code 2 (docs/api.md).
    expect((await anna.client.get(url('surface', 'unknown'))).json()).toMatchObject({ code: 2 });
    expect((await put(anna.client, url('surface', 'unknown'), { ...surface, id: 'unknown' })).json()).toMatchObject({ code: 2 });
    expect((await anna.client.post(`/api/Project/${projectId}/surface`, { name: '  ' })).statusCode).toBe(400);
    // Choosing surfaces through the measure's list links them.
    await save(projectId, 'surface', roof(surface, 100));
    const chosen = await put(anna.client, url('measure', measure.id), { ...measure, sealedSurfaces: [surface.id] });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(((await anna.client.get(url('surface', surface.id))).json() as Node).parentId).toBe(measure.id);
  });

  it('deletes with the engine rules, or refuses linked nodes with 50–53 when asked not to detach', async () => {
    const projectId = await createProject(anna.client);
    const s1 = await create(projectId, 'surface', 'Dach 1');
    const s2 = await create(projectId, 'surface', 'Dach 2');
    const purification = await create(projectId, 'purification', 'Schacht');
    const measure = await create(projectId, 'measure', 'Mulde');
    await save(projectId, 'purification', { ...purification, parentId: measure.id });
    await save(projectId, 'surface', roof(s1, 100, purification.id));
    await save(projectId, 'surface', roof(s2, 50, measure.id));
    const strict = { detach: 'false' };
    const url = (kind: string, id: string) => `/api/Project/${projectId}/${kind}/${id}`;
    expect((await del(anna.client, url('surface', s1.id), strict)).json()).toMatchObject({ code: 50 });
    expect((await del(anna.client, url('purification', purification.id), strict)).json()).toMatchObject({ code: 51 });
    expect((await del(anna.client, url('measure', measure.id), strict)).json()).toMatchObject({ code: 53 });
    const purificationNow = (await anna.client.get(url('purification', purification.id))).json() as Node;
    await save(projectId, 'purification', { ...purificationNow, parentId: null });
    expect((await del(anna.client, url('purification', purification.id), strict)).json()).toMatchObject({ code: 52 });
    expect((await del(anna.client, url('measure', measure.id), strict)).json()).toMatchObject({ code: 52 });

    // Engine rules: deleting the purification moves its surface up (it has no measure now: detached).
    const removed = await del(anna.client, url('purification', purification.id));
    expect(removed.json()).toMatchObject({ type: 'MESSAGE', code: 0 });
    expect(((await anna.client.get(url('surface', s1.id))).json() as Node).parentId).toBeNull();
    // Deleting the measure detaches its surface and its product list goes with it.
    await put(anna.client, `${url('measure', measure.id)}/additionalProducts`, [{ materialNumber: '100100', quantity: 2 }]);
    expect((await del(anna.client, url('measure', measure.id))).statusCode).toBe(200);
    expect(((await anna.client.get(url('surface', s2.id))).json() as Node).parentId).toBeNull();
    expect((await anna.client.get(`${url('measure', measure.id)}/additionalProducts`)).statusCode).toBe(404);
    expect((await del(anna.client, url('surface', s1.id))).statusCode).toBe(200);
    const last = await del(anna.client, url('surface', s2.id));
    expect(last.statusCode).toBe(409);
    expect(last.json()).toMatchObject({ code: 58 });
    expect((await del(anna.client, url('measure', crypto.randomUUID()))).statusCode).toBe(404);
    // A malformed node id is 400, code 2 on GET, PUT and DELETE (docs/api.md).
    expect((await del(anna.client, url('measure', 'gone'))).json()).toMatchObject({ code: 2 });
    expect((await anna.client.get(url('measure', 'gone'))).json()).toMatchObject({ code: 2 });
    expect((await put(anna.client, url('measure', 'gone'), { id: 'gone', name: 'x', version: 1 })).json()).toMatchObject({ code: 2 });
  });

  it('answers "No project id specified." for a delete without project id', async () => {
    for (const url of ['/api/Project/surface/abc', '/api/Project/undefined/measure/abc', '/api/Project/null/purification/abc']) {
      const response = await del(anna.client, url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toMatchObject({ type: 'ERROR', code: 2, message: 'No project id specified.' });
    }
  });

  it('keeps other users out', async () => {
    const projectId = await createProject(anna.client);
    const surface = await create(projectId, 'surface', 'Dach');
    expect((await carl.client.get(`/api/Project/${projectId}/surface/${surface.id}`)).statusCode).toBe(403);
    expect((await put(carl.client, `/api/Project/${projectId}/surface/${surface.id}`, surface)).statusCode).toBe(403);
    expect((await del(carl.client, `/api/Project/${projectId}/surface/${surface.id}`)).statusCode).toBe(403);
    expect((await carl.client.get(`/api/Project/${projectId}/waterflow`)).statusCode).toBe(403);
  });
});
