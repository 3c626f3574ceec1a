/**
 * The BoxConfigurator calls through HTTP (issue 16): configurations, box items with versions and
 * server ids, the measure link, additional products, project clone and delete with
 * configurations, access by the project's rights, malformed input. PGlite, and PostgreSQL with
 * TEST_DATABASE_URL or CI=true.
 */
import { describe, expect, it } from 'vitest';
import { Project } from '../../db/entities/project.ts';
import { cloneProject } from '../../projects/clone.ts';
import { BOX_TANK_INPUTS, createProject, del, put, signedInPlanners } from '../../testing/planning.ts';
import { fileTestApp } from '../../testing/test-app.ts';

const testApp = fileTestApp();
const { anna, carl } = signedInPlanners(testApp, { anna: 'Anna Planer', carl: 'Carl Fremd' });

type Json = Record<string, unknown>;
interface Configuration extends Json {
  id: string;
  version: number;
  measureId: string | null;
  dimensioning: { width: number; length: number; height: number; levels: number; storageCoefficient: number };
}
interface Items {
  version: number;
  boxItems: Array<{ boxId: string; boxTypeId: string; x: number; y: number; z: number; rotation: string; options: Json[] }>;
}

const box = (x: number, y: number, z: number, boxId: string | null = null) => ({ boxId, boxTypeId: 'BOX_FULL', x, y, z, rotation: 'North', options: [] });

async function createConfiguration(client = anna.client, body: Json): Promise<Configuration> {
  const response = await client.post('/api/BoxConfigurator', body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Configuration;
}

async function measureNode(projectId: string, data: Json, name = 'Rigole'): Promise<Json & { id: string; version: number; data: Json }> {
  const created = await anna.client.post(`/api/Project/${projectId}/measure`, { name });
  expect(created.statusCode, created.body).toBe(200);
  const node = created.json() as Json & { id: string; version: number; data: Json };
  const saved = await put(anna.client, `/api/Project/${projectId}/measure/${node.id}`, { ...node, value: null, data: { ...node.data, ...data } });
  expect(saved.statusCode, saved.body).toBe(200);
  return saved.json() as Json & { id: string; version: number; data: Json };
}

const BOX_TANK = { ...BOX_TANK_INPUTS, dimensioningInfiltrationTank: { width: 2.4, length: 4, height: 0.66, levels: 1, storageCoefficient: 95 } };

describe('catalogue of the configurator', () => {
  it('serves the item types and property sets of the demo box catalogue to signed-in users', async () => {
    const itemTypes = (await anna.client.get('/api/BoxConfigurator/itemTypes')).json() as Array<{ businessId: string }>;
    expect(itemTypes.map((t) => t.businessId)).toEqual(expect.arrayContaining(['BOX_FULL', 'BOX_HALF', 'SHAFT_C3_DROSSEL_050', 'SHAFT_C3_X_600']));
    const sets = (await anna.client.get('/api/BoxConfigurator/propertySets')).json() as Array<{ id: string }>;
    expect(sets.length).toBeGreaterThan(0);
    expect(sets.every((set) => typeof set.id === 'string' && set.id !== '')).toBe(true);
    expect((await testApp().client().get('/api/BoxConfigurator/itemTypes')).statusCode).toBe(401);
  });

  it('serves the plants with their property-set ids (the plant selection of the configurator)', async () => {
    const plants = (await anna.client.get('/api/BoxConfigurator/plants')).json() as Array<{ propertyId: string; diameterMm: number; configurationPropertySetId?: string }>;
    expect(plants.map((p) => p.diameterMm)).toEqual([110, 160, 200, 250, 315, 400, 500]);
    const sets = new Set(((await anna.client.get('/api/BoxConfigurator/propertySets')).json() as Array<{ id: string }>).map((s) => s.id));
    expect(plants.every((p) => p.configurationPropertySetId === undefined || sets.has(p.configurationPropertySetId))).toBe(true);
    expect((await testApp().client().get('/api/BoxConfigurator/plants')).statusCode).toBe(401);
  });
});

describe('configurations', () => {
  it('creates, lists, reads, renames and deletes a custom configuration', async () => {
    const projectId = await createProject(anna.client);
    const created = await createConfiguration(anna.client, { projectId, measureId: null, name: '  ' });
    expect(created).toMatchObject({
      projectId,
      measureId: null,
      name: 'newConfig',
      dimensioning: { width: 10, length: 10, height: 0.66, levels: 1, storageCoefficient: 95 },
      projectionAxes: { xProjectionAxes: [], yProjectionAxes: [] },
      groundLevel: 0,
      plantBottomLevel: -1.16,
      stormwaterObjective: 'infiltration',
      itemCount: 0,
      version: 1,
    });
    const second = await createConfiguration(anna.client, { projectId, measureId: null, name: 'Hof' });
    const list = (await anna.client.get(`/api/BoxConfigurator/configurations/${projectId}`)).json() as Configuration[];
    expect(list.map((c) => c.id)).toEqual([created.id, second.id]);

    const patched = await anna.client.patch(`/api/BoxConfigurator/${created.id}`, {
      version: 1,
      name: 'Rigole Nord',
      dimensioning: { width: 12 },
      projectionAxes: { xProjectionAxes: [1.6, 3.2], yProjectionAxes: [] },
      groundLevel: 2.5,
      plantBottomLevel: -1.2,
      stormwaterObjective: 'retention',
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({
      name: 'Rigole Nord',
      dimensioning: { width: 12, length: 10 },
      projectionAxes: { xProjectionAxes: [1.6, 3.2], yProjectionAxes: [] },
      groundLevel: 2.5,
      plantBottomLevel: -1.2,
      stormwaterObjective: 'retention',
      version: 2,
    });
    expect((await anna.client.get(`/api/BoxConfigurator/${created.id}`)).json()).toMatchObject({ name: 'Rigole Nord', version: 2 });

    // A stale version: 409, code 56, with the current configuration; nothing changes.
    const stale = await anna.client.patch(`/api/BoxConfigurator/${created.id}`, { version: 1, name: 'Überschrieben' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ type: 'ERROR', code: 56, current: { id: created.id, name: 'Rigole Nord', version: 2 } });

    expect((await del(anna.client, `/api/BoxConfigurator/${created.id}`)).json()).toMatchObject({ type: 'MESSAGE', code: 0 });
    expect((await anna.client.get(`/api/BoxConfigurator/${created.id}`)).statusCode).toBe(404);
    expect((await anna.client.get(`/api/BoxConfigurator/${created.id}/boxItems`)).statusCode).toBe(404);
    expect(((await anna.client.get(`/api/BoxConfigurator/configurations/${projectId}`)).json() as Configuration[]).map((c) => c.id)).toEqual([second.id]);
  });

  it('follows the project rights: strangers get 403, unknown ids 404, anonymous 401', async () => {
    const projectId = await createProject(anna.client);
    const config = await createConfiguration(anna.client, { projectId, measureId: null });
    for (const url of [`/api/BoxConfigurator/${config.id}`, `/api/BoxConfigurator/${config.id}/boxItems`, `/api/BoxConfigurator/configurations/${projectId}`]) {
      expect((await carl.client.get(url)).json()).toMatchObject({ code: 10 });
      expect((await testApp().client().get(url)).statusCode).toBe(401);
    }
    expect((await carl.client.post('/api/BoxConfigurator', { projectId, measureId: null })).statusCode).toBe(403);
    expect((await put(carl.client, `/api/BoxConfigurator/${config.id}/boxItems`, { version: 1, boxItems: [] })).statusCode).toBe(403);
    expect((await del(carl.client, `/api/BoxConfigurator/${config.id}`)).statusCode).toBe(403);
    expect((await anna.client.get(`/api/BoxConfigurator/${crypto.randomUUID()}`)).json()).toMatchObject({ code: 11 });
    expect((await anna.client.get('/api/BoxConfigurator/not-a-uuid')).statusCode).toBe(400);
    expect((await anna.client.post('/api/BoxConfigurator', { projectId: crypto.randomUUID(), measureId: null })).statusCode).toBe(404);
  });

  it('refuses malformed bodies with 400, code 2, without coercion', async () => {
    const projectId = await createProject(anna.client);
    const config = await createConfiguration(anna.client, { projectId, measureId: null });
    const bad: unknown[] = [
      { projectId, measureId: null, name: 'x'.repeat(256) },
      { projectId, name: 'ohne measureId' },
      { projectId: 42, measureId: null },
      { projectId, measureId: 7 },
    ];
    for (const body of bad) expect((await anna.client.post('/api/BoxConfigurator', body)).json(), JSON.stringify(body)).toMatchObject({ code: 2 });
    for (const body of [{ name: 'ohne Version' }, { version: '1', name: 'x' }, { version: 1, dimensioning: { width: -1 } }, { version: 1, stormwaterObjective: 'evaporation' }, { version: 1, groundLevel: 'hoch' }]) {
      const response = await anna.client.patch(`/api/BoxConfigurator/${config.id}`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(((await anna.client.get(`/api/BoxConfigurator/${config.id}`)).json() as Configuration).version).toBe(1);
  });
});

describe('box items', () => {
  it('replaces the list atomically, assigns ids to new items and counts versions', async () => {
    const projectId = await createProject(anna.client);
    const config = await createConfiguration(anna.client, { projectId, measureId: null });
    expect((await anna.client.get(`/api/BoxConfigurator/${config.id}/boxItems`)).json()).toEqual({ version: 1, boxItems: [] });

    const first = await put(anna.client, `/api/BoxConfigurator/${config.id}/boxItems`, {
      version: 1,
      boxItems: [box(0, 0, 0), box(1, 0, 0, 'temp-17'), { ...box(2, 0, 0, ''), rotation: 'East', options: [{ propertyId: 'side.front.height', value: 330 }] }],
    });
    expect(first.statusCode, first.body).toBe(200);
    const saved = first.json() as Items;
    expect(saved.version).toBe(2);
    expect(saved.boxItems.map((i) => i.boxId)).toEqual(['b1', 'b2', 'b3']);
    expect(saved.boxItems[2]).toEqual({ boxId: 'b3', boxTypeId: 'BOX_FULL', x: 2, y: 0, z: 0, rotation: 'East', options: [{ propertyId: 'side.front.height', value: 330 }] });
    expect((await anna.client.get(`/api/BoxConfigurator/${config.id}/boxItems`)).json()).toEqual(saved);
    expect((await anna.client.get(`/api/BoxConfigurator/${config.id}`)).json()).toMatchObject({ itemCount: 3, version: 2 });

    // Kept ids stay, a removed id is not reused for a new item.
    const second = (await put(anna.client, `/api/BoxConfigurator/${config.id}/boxItems`, { version: 2, boxItems: [saved.boxItems[0], box(0, 1, 0)] })).json() as Items;
    expect(second.boxItems.map((i) => i.boxId)).toEqual(['b1', 'b4']);
    expect(second.version).toBe(3);
  });

  it('answers a stale version with 409, code 56, the stored version and the link to the stored items; two tabs never overwrite each other', async () => {
    const projectId = await createProject(anna.client);
    const config = await createConfiguration(anna.client, { projectId, measureId: null });
    const tabA = await put(anna.client, `/api/BoxConfigurator/${config.id}/boxItems`, { version: 1, boxItems: [box(0, 0, 0)] });
    expect(tabA.statusCode).toBe(200);
    const tabB = await put(anna.client, `/api/BoxConfigurator/${config.id}/boxItems`, { version: 1, boxItems: [box(5, 0, 5)] });
    expect(tabB.statusCode).toBe(409);
    // The version and the link, not the list (decision 0193); the link answers the stored list.
    expect(tabB.json()).toEqual({ type: 'ERROR', code: 56, message: expect.stringContaining('version 2, yours 1') as unknown, current: { version: 2, itemCount: 1, href: `/api/BoxConfigurator/${config.id}/boxItems` } });
    const stored = await anna.client.get((tabB.json() as { current: { href: string } }).current.href);
    expect(stored.json()).toMatchObject({ version: 2, boxItems: [{ boxId: 'b1', x: 0, z: 0 }] });

    // Concurrent writes of the same version: exactly one wins.
    const results = await Promise.all([1, 2].map((x) => put(anna.client, `/api/BoxConfigurator/${config.id}/boxItems`, { version: 2, boxItems: [box(x, 0, 0)] })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    // A settings change also moves the version the items must carry.
    const patched = (await anna.client.patch(`/api/BoxConfigurator/${config.id}`, { version: 3, name: 'B' })).json() as Configuration;
    expect(patched.version).toBe(4);
    expect((await put(anna.client, `/api/BoxConfigurator/${config.id}/boxItems`, { version: 3, boxItems: [] })).statusCode).toBe(409);
  });

  it('refuses the whole list for one invalid item (code 2 with its index) and stores nothing', async () => {
    const projectId = await createProject(anna.client);
    const config = await createConfiguration(anna.client, { projectId, measureId: null });
    const url = `/api/BoxConfigurator/${config.id}/boxItems`;
    const cases: Array<[unknown, string]> = [
      [{ ...box(0, 0, 0), boxId: 5 }, 'boxId'],
      [{ ...box(0, 0, 0), boxTypeId: '' }, 'boxTypeId'],
      [{ ...box(0, 0, 0), boxTypeId: null }, 'boxTypeId'],
      [{ ...box(0, 0, 0), x: '1' }, 'x'],
      [{ ...box(0, 0, 0), y: 1.5 }, 'y'],
      [{ ...box(0, 0, 0), y: 7 }, 'y'],
      [{ ...box(0, 0, 0), z: -1 }, 'z'],
      [{ ...box(0, 0, 0), rotation: 'Up' }, 'rotation'],
      [{ ...box(0, 0, 0), rotation: 0 }, 'rotation'],
      [{ ...box(0, 0, 0), options: [{ optionId: 'x' }] }, 'options/0'],
      [{ boxId: null, boxTypeId: 'BOX_FULL', x: 0, y: 0, rotation: 'North' }, 'boxItems/1'],
      [{ ...box(0, 0, 0), colour: 'red' }, 'boxItems/1'],
    ];
    for (const [item, field] of cases) {
      const response = await put(anna.client, url, { version: 1, boxItems: [box(3, 0, 3), item] });
      expect(response.statusCode, JSON.stringify(item)).toBe(400);
      expect(response.json(), JSON.stringify(item)).toMatchObject({ type: 'ERROR', code: 2, index: 1, message: expect.stringContaining('boxItems/1') as unknown });
      expect(String((response.json() as Json)['message']), JSON.stringify(item)).toContain(field);
    }
    // The engine's rules: unknown item types and a second item in an occupied cell.
    const unknown = await put(anna.client, url, { version: 1, boxItems: [box(0, 0, 0), { ...box(1, 0, 0), boxTypeId: 'NO_SUCH_BOX' }] });
    expect(unknown.json()).toMatchObject({ code: 2, index: 1, message: expect.stringContaining('UNKNOWN_ITEM_TYPE') as unknown });
    const occupied = await put(anna.client, url, { version: 1, boxItems: [box(0, 0, 0), box(2, 0, 2), box(2, 0, 2)] });
    expect(occupied.json()).toMatchObject({ code: 2, index: 2, message: expect.stringContaining('ITEM_CELL_OCCUPIED') as unknown });
    const twice = await put(anna.client, url, { version: 1, boxItems: [box(0, 0, 0, 'b7'), box(1, 0, 0, 'b7')] });
    expect(twice.json()).toMatchObject({ code: 2, index: 1, message: expect.stringContaining('b7') as unknown });
    expect((await anna.client.get(url)).json()).toEqual({ version: 1, boxItems: [] });
    expect((await put(anna.client, url, [box(0, 0, 0)])).statusCode).toBe(400); // a bare list carries no version
  });
});

describe('the measure link', () => {
  it('sizes an eligible measure from its configuration through the engine and returns it to its own fields on unlink and delete', async () => {
    const projectId = await createProject(anna.client);
    const measure = await measureNode(projectId, BOX_TANK);
    const ownValue = Number(measure['value']);
    expect(ownValue).toBeCloseTo(2.4 * 4 * 0.66 * 0.95, 6);
    const measureUrl = `/api/Project/${projectId}/measure/${measure.id}`;
    const read = async () => (await anna.client.get(measureUrl)).json() as Json & { data: Json; value: number };

    // A configuration for a measure starts as the engine's full block L × B × levels (3 × 5 × 1 boxes).
    const config = await createConfiguration(anna.client, { projectId, measureId: measure.id, name: 'Rigole' });
    expect(config).toMatchObject({ measureId: measure.id, stormwaterObjective: 'infiltration', itemCount: 15, dimensioning: { levels: 1 } });
    const block = (await anna.client.get(`/api/BoxConfigurator/${config.id}/boxItems`)).json() as Items;
    expect(block.boxItems).toHaveLength(15);
    expect(new Set(block.boxItems.map((i) => i.boxId)).size).toBe(15);
    const linked = await read();
    expect(linked.value).toBeCloseTo(15 * 0.4224 * 0.95, 6); // 15 full boxes of 0.8 × 0.8 × 0.66 m at 95 % (decision 0168)
    expect(linked.data['dimensioningInfiltrationTank']).toMatchObject({ width: 2.4, length: 4, levels: 1 }); // the configuration's envelope

    // A second configuration for the same measure is refused; so is a measure of another kind.
    expect((await anna.client.post('/api/BoxConfigurator', { projectId, measureId: measure.id })).statusCode).toBe(409);
    const trough = await measureNode(projectId, { installationTarget: 'Infiltration', installationVariant: 'trough' }, 'Mulde');
    expect((await anna.client.post('/api/BoxConfigurator', { projectId, measureId: trough.id })).json()).toMatchObject({ code: 2 });
    expect((await anna.client.post('/api/BoxConfigurator', { projectId, measureId: 'no-such-measure' })).json()).toMatchObject({ code: 2 });

    // A second layer of boxes: the measure's available volume follows in the same call.
    const twoLayers = [...block.boxItems, ...block.boxItems.map((i) => ({ ...i, boxId: null, y: 1 }))];
    const saved = await put(anna.client, `/api/BoxConfigurator/${config.id}/boxItems`, { version: block.version, boxItems: twoLayers });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await read()).value).toBeCloseTo(30 * 0.4224 * 0.95, 6);
    const afterItems = (await anna.client.get(`/api/BoxConfigurator/${config.id}`)).json() as Configuration;
    expect(afterItems.dimensioning).toMatchObject({ levels: 2, height: 1.32 });

    // Unlinking returns the measure to its own fields.
    const unlinked = await anna.client.patch(`/api/BoxConfigurator/${config.id}`, { version: afterItems.version, measureId: null });
    expect(unlinked.statusCode, unlinked.body).toBe(200);
    expect((await read()).value).toBeCloseTo(ownValue, 9);

    // Linking again, then deleting the configuration, also returns it.
    const relinked = await anna.client.patch(`/api/BoxConfigurator/${config.id}`, { version: (unlinked.json() as Configuration).version, measureId: measure.id });
    expect(relinked.statusCode, relinked.body).toBe(200);
    expect((await read()).value).toBeCloseTo(30 * 0.4224 * 0.95, 6);
    expect((await del(anna.client, `/api/BoxConfigurator/${config.id}`)).statusCode).toBe(200);
    const restored = await read();
    expect(restored.value).toBeCloseTo(ownValue, 9);
    expect(restored.data['dimensioningInfiltrationTank']).toEqual(BOX_TANK.dimensioningInfiltrationTank);
  }, 30_000);
});

describe('additional products of a configuration', () => {
  it('stores lines with catalogue defaults and computes totals in decimal', async () => {
    const projectId = await createProject(anna.client);
    const config = await createConfiguration(anna.client, { projectId, measureId: null });
    const url = `/api/BoxConfigurator/${config.id}/additionalProducts`;
    const saved = await put(anna.client, url, [
      { materialNumber: '100100', quantity: 3 },
      { materialNumber: 'X-1', text: 'Sonderteil', unit: 'Stk', quantity: '2,5', unitPrice: '10,05' },
    ]);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject([
      { materialNumber: '100100', quantity: 3, unitPrice: '189.00', totalPrice: '567.00' },
      { materialNumber: 'X-1', text: 'Sonderteil', quantity: 2.5, unitPrice: '10.05', totalPrice: '25.13' },
    ]);
    expect((await anna.client.get(url, { languageCode: 'en' })).json()).toMatchObject([{ materialNumber: '100100', text: expect.stringContaining('800') as unknown }, { text: 'Sonderteil' }]);
    expect((await put(anna.client, url, [{ materialNumber: 'X-2', quantity: 1 }])).json()).toMatchObject({ code: 2, message: expect.stringContaining('body/0/unitPrice') as unknown });
    expect((await put(anna.client, url, [{ materialNumber: '100100', quantity: -1 }])).statusCode).toBe(400);
    expect((await anna.client.get(url)).json()).toHaveLength(2);
  }, 30_000);
});

describe('projects with configurations', () => {
  it('clones configurations with items (ids renumbered), products and remapped measure links in one transaction', async () => {
    const projectId = await createProject(anna.client);
    const measure = await measureNode(projectId, BOX_TANK);
    const linked = await createConfiguration(anna.client, { projectId, measureId: measure.id, name: 'Rigole' });
    const custom = await createConfiguration(anna.client, { projectId, measureId: null, name: 'Hof' });
    await put(anna.client, `/api/BoxConfigurator/${custom.id}/boxItems`, { version: 1, boxItems: [box(0, 0, 0, 'b9'), box(1, 0, 0)] });
    await put(anna.client, `/api/BoxConfigurator/${custom.id}/additionalProducts`, [{ materialNumber: '100100', quantity: 2 }]);

    const cloned = await anna.client.post(`/api/Project/${projectId}/clone`);
    expect(cloned.statusCode, cloned.body).toBe(200);
    const copyId = cloned.json() as string;
    const copies = (await anna.client.get(`/api/BoxConfigurator/configurations/${copyId}`)).json() as Configuration[];
    expect(copies.map((c) => c['name'])).toEqual(['Rigole', 'Hof']);
    expect(copies.map((c) => c.id)).not.toContain(linked.id);
    const copiedMeasure = ((await anna.client.get(`/api/Project/${copyId}/waterflow`)).json() as { measures: Array<{ id: string }> }).measures[0];
    expect(copies[0]?.measureId).toBe(copiedMeasure?.id);
    expect(copies[0]?.measureId).not.toBe(measure.id);
    expect((await anna.client.get(`/api/BoxConfigurator/${copies[1]?.id}/boxItems`)).json()).toMatchObject({ version: 1, boxItems: [{ boxId: 'b1', x: 0 }, { boxId: 'b2', x: 1 }] });
    expect((await anna.client.get(`/api/BoxConfigurator/${copies[1]?.id}/additionalProducts`)).json()).toMatchObject([{ materialNumber: '100100', quantity: 2 }]);
    // The original is untouched; deleting the copy's configuration restores the copy's measure only.
    expect((await del(anna.client, `/api/BoxConfigurator/${copies[0]?.id}`)).statusCode).toBe(200);
    expect((await anna.client.get(`/api/BoxConfigurator/${linked.id}`)).json()).toMatchObject({ measureId: measure.id });

    // A failure after the configurations step leaves nothing behind.
    const em = testApp().app.orm.em.fork() as unknown as Parameters<typeof cloneProject>[0];
    const count = async () => Number((await em.execute<Array<{ n: string | number }>>('select count(*) as n from box_configuration'))[0]?.n);
    const before = await count();
    const source = await em.findOneOrFail(Project, { id: projectId });
    await expect(
      cloneProject(em, source, { id: anna.id }, { afterStep: (step) => { if (step === 'configurations') throw new Error('injected'); } }),
    ).rejects.toThrow('injected');
    expect(await count()).toBe(before);
  }, 30_000);

  it('deletes configurations with their project', async () => {
    const projectId = await createProject(anna.client);
    const config = await createConfiguration(anna.client, { projectId, measureId: null });
    await put(anna.client, `/api/BoxConfigurator/${config.id}/boxItems`, { version: 1, boxItems: [box(0, 0, 0)] });
    expect((await del(anna.client, `/api/Project/${projectId}`)).statusCode).toBe(200);
    expect((await anna.client.get(`/api/BoxConfigurator/${config.id}`)).statusCode).toBe(404);
    const [row] = await testApp().app.orm.em.fork().getConnection().execute<Array<{ n: string | number }>>('select count(*) as n from box_configuration_items where configuration_id = ?', [config.id]);
    expect(Number(row?.n)).toBe(0);
  });
});

describe('malformed input', () => {
  it('never answers 500 on the new routes', async () => {
    const projectId = await createProject(anna.client);
    const config = await createConfiguration(anna.client, { projectId, measureId: null });
    const bodies: unknown[] = [null, 0, 'x', [], {}, [null], { version: null }, { version: 1, boxItems: {} }, { version: 1, boxItems: [[]] }, { version: 2 ** 40, boxItems: [] },
      { version: 1, boxItems: [{ ...box(0, 0, 0), options: [{ propertyId: 'a', value: { nested: true } }] }] }, { version: 1, boxItems: [{ ...box(0, 0, 0), x: 1e308 }] },
      { version: 1, name: 'x'.repeat(10_000) }, { projectId, measureId: 'y'.repeat(65) }, [{ materialNumber: 'x', quantity: '1e9999' }], [{ materialNumber: '', quantity: 1 }]];
    const urls: Array<[string, string]> = [
      ['POST', '/api/BoxConfigurator'],
      ['PATCH', `/api/BoxConfigurator/${config.id}`],
      ['PUT', `/api/BoxConfigurator/${config.id}/boxItems`],
      ['PUT', `/api/BoxConfigurator/${config.id}/additionalProducts`],
    ];
    for (const [method, url] of urls) {
      for (const body of bodies) {
        const response = await anna.client.call({ method: method as 'PUT', url, body });
        expect(response.statusCode, `${method} ${url} ${JSON.stringify(body).slice(0, 80)}: ${response.body.slice(0, 200)}`).toBeLessThan(500);
      }
    }
    for (const url of [`/api/BoxConfigurator/${'z'.repeat(300)}`, '/api/BoxConfigurator/configurations/undefined', `/api/Documents/${projectId}/masslist/data?groupBy[]=none`, '/api/Documents/images/%00']) {
      expect((await anna.client.get(url)).statusCode, url).toBeLessThan(500);
    }
    // Nothing malformed was stored (a PATCH of `{ version: 1, boxItems: {} }` is a valid PATCH without
    // changes: unknown fields are dropped, decision 0095 — it only raises the version).
    expect((await anna.client.get(`/api/BoxConfigurator/${config.id}`)).json()).toMatchObject({ name: 'newConfig', itemCount: 0, dimensioning: { width: 10, length: 10 } });
  }, 60_000);
});
