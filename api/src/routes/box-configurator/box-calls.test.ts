/**
 * Box calls that refuse what they cannot honour (issue 27, decisions 0205–0207): items outside the
 * configured grid, an objective against the linked measure's target, dimensions on the 0.8 m cells
 * without binary drift, unknown option ids, malformed measure ids. Each refusal is 400, code 2,
 * and stores nothing. PGlite, and PostgreSQL with TEST_DATABASE_URL or CI=true.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { BOX_TANK_INPUTS, createProject, planner, type Planner, put } from '../../testing/planning.ts';
import { fileTestApp } from '../../testing/test-app.ts';

const testApp = fileTestApp();
let anna: Planner;

beforeAll(async () => {
  anna = await planner(testApp(), 'Anna Planer');
}, 60_000);

type Json = Record<string, unknown>;
interface Configuration extends Json {
  id: string;
  version: number;
  itemCount: number;
  stormwaterObjective: string;
  dimensioning: { width: number; length: number; height: number; levels: number; storageCoefficient: number };
}
interface Items {
  version: number;
  boxItems: Array<{ boxId: string; boxTypeId: string; x: number; y: number; z: number; rotation: string; options: Json[] }>;
}

const box = (x: number, y: number, z: number, options: Json[] = []) => ({ boxId: null, boxTypeId: 'BOX_FULL', x, y, z, rotation: 'North', options });

const BOX_TANK = { ...BOX_TANK_INPUTS, dimensioningInfiltrationTank: { width: 2.4, length: 4, height: 0.66, levels: 1, storageCoefficient: 95 } };
const RETENTION_BASIN = {
  installationTarget: 'Retention',
  installationType: 'retentionBasin',
  throttleDischarge: 1,
  dimensioningInfiltrationTank: { width: 1.6, length: 1.6, height: 0.66, levels: 1, storageCoefficient: 95 },
};

async function measureNode(projectId: string, data: Json, name: string): Promise<Json & { id: string; value: unknown; data: Json }> {
  const created = await anna.client.post(`/api/Project/${projectId}/measure`, { name });
  expect(created.statusCode, created.body).toBe(200);
  const node = created.json() as Json & { id: string; version: number; data: Json };
  const saved = await put(anna.client, `/api/Project/${projectId}/measure/${node.id}`, { ...node, value: null, data: { ...node.data, ...data } });
  expect(saved.statusCode, saved.body).toBe(200);
  return saved.json() as Json & { id: string; value: unknown; data: Json };
}

async function create(body: Json): Promise<Configuration> {
  const response = await anna.client.post('/api/BoxConfigurator', body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Configuration;
}

const read = async (id: string) => (await anna.client.get(`/api/BoxConfigurator/${id}`)).json() as Configuration;

describe('items outside the configured grid', () => {
  it('refuses the whole list with 400, code 2 and the index; the grid does not grow and the measure stays', async () => {
    const projectId = await createProject(anna.client);
    const measure = await measureNode(projectId, BOX_TANK, 'Rigole');
    const config = await create({ projectId, measureId: measure.id });
    expect(config.dimensioning).toMatchObject({ length: 4, width: 2.4 }); // 5 × 3 cells
    const block = (await anna.client.get(`/api/BoxConfigurator/${config.id}/boxItems`)).json() as Items;
    const measureUrl = `/api/Project/${projectId}/measure/${measure.id}`;
    const before = (await anna.client.get(measureUrl)).json() as { value: number; data: Json };

    for (const [outside, cell] of [[box(5, 0, 0), 'x 5, z 0'], [box(0, 0, 3), 'x 0, z 3'], [{ ...box(6, 0, 1), boxTypeId: 'SHAFT_C3_X_600' }, 'x 6, z 1']] as const) {
      const response = await put(anna.client, `/api/BoxConfigurator/${config.id}/boxItems`, { version: block.version, boxItems: [...block.boxItems, outside] });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ type: 'ERROR', code: 2, index: 15 });
      expect((response.json() as { message: string }).message).toContain(`ITEM_OUTSIDE_GRID (configurator.itemOutsideGrid): cell ${cell} lies outside the grid of 5 × 3 cells`);
    }
    const after = await read(config.id);
    expect(after).toMatchObject({ version: config.version, itemCount: 15, dimensioning: { length: 4, width: 2.4 } });
    expect((await anna.client.get(measureUrl)).json()).toMatchObject({ value: before.value, data: { dimensioningInfiltrationTank: before.data['dimensioningInfiltrationTank'] } });

    // After enlarging the grid the same item is stored.
    const enlarged = await anna.client.patch(`/api/BoxConfigurator/${config.id}`, { version: after.version, dimensioning: { length: 4.8 } });
    expect(enlarged.statusCode, enlarged.body).toBe(200);
    const stored = await put(anna.client, `/api/BoxConfigurator/${config.id}/boxItems`, { version: (enlarged.json() as Configuration).version, boxItems: [...block.boxItems, box(5, 0, 0)] });
    expect(stored.statusCode, stored.body).toBe(200);
    expect(await read(config.id)).toMatchObject({ itemCount: 16, dimensioning: { length: 4.8, width: 2.4 } });
  }, 30_000);
});

describe('the objective follows the linked measure', () => {
  it('refuses retention for an infiltration measure and infiltration for a retention basin; a custom configuration chooses freely', async () => {
    const projectId = await createProject(anna.client);
    const tank = await measureNode(projectId, BOX_TANK, 'Rigole');
    const basin = await measureNode(projectId, RETENTION_BASIN, 'Becken');
    const infiltration = await create({ projectId, measureId: tank.id });
    const retention = await create({ projectId, measureId: basin.id });
    expect(infiltration.stormwaterObjective).toBe('infiltration');
    expect(retention.stormwaterObjective).toBe('retention');

    for (const [config, wrong, right] of [[infiltration, 'retention', 'infiltration'], [retention, 'infiltration', 'retention']] as const) {
      const refused = await anna.client.patch(`/api/BoxConfigurator/${config.id}`, { version: config.version, stormwaterObjective: wrong, name: 'geändert' });
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json()).toMatchObject({ code: 2, message: expect.stringContaining(`body/stormwaterObjective: ${wrong} does not match the linked measure`) as unknown });
      expect(await read(config.id)).toMatchObject({ version: config.version, stormwaterObjective: right, name: config.name });
      const same = await anna.client.patch(`/api/BoxConfigurator/${config.id}`, { version: config.version, stormwaterObjective: right });
      expect(same.statusCode, same.body).toBe(200);
    }

    // A custom configuration may be retention; linking it to an infiltration measure sets the measure's target.
    const custom = await create({ projectId, measureId: null });
    const asRetention = await anna.client.patch(`/api/BoxConfigurator/${custom.id}`, { version: custom.version, stormwaterObjective: 'retention' });
    expect(asRetention.json()).toMatchObject({ stormwaterObjective: 'retention' });
    const unlinkedTank = await anna.client.patch(`/api/BoxConfigurator/${infiltration.id}`, { version: (await read(infiltration.id)).version, measureId: null });
    expect(unlinkedTank.statusCode, unlinkedTank.body).toBe(200);
    const linking = await anna.client.patch(`/api/BoxConfigurator/${custom.id}`, { version: (asRetention.json() as Configuration).version, measureId: tank.id, stormwaterObjective: 'retention' });
    expect(linking.json()).toMatchObject({ code: 2 });
    const linked = await anna.client.patch(`/api/BoxConfigurator/${custom.id}`, { version: (asRetention.json() as Configuration).version, measureId: tank.id });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json()).toMatchObject({ measureId: tank.id, stormwaterObjective: 'infiltration' });
  }, 30_000);
});

describe('dimensions on the grid', () => {
  it('rounds width and length down to 0.8 m cells and height to box levels, stored as exact decimals', async () => {
    const projectId = await createProject(anna.client);
    const config = await create({ projectId, measureId: null });
    const patch = async (version: number, dimensioning: Json) => anna.client.patch(`/api/BoxConfigurator/${config.id}`, { version, dimensioning });

    const first = await patch(1, { width: 4.1, length: 4.8, height: 1.4 });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ dimensioning: { width: 4, length: 4.8, height: 1.32 } });
    expect(first.body).toContain('"width":4,');
    expect(first.body).toContain('"length":4.8,');
    const second = await patch(2, { width: 4.2, length: 3 * 0.8 });
    expect(second.json()).toMatchObject({ dimensioning: { width: 4, length: 2.4 } });
    expect((await anna.client.get(`/api/BoxConfigurator/${config.id}`)).body).toContain('"length":2.4,');

    // Below one cell: refused, nothing stored.
    const tooSmall = await patch(3, { width: 0.5 });
    expect(tooSmall.json()).toMatchObject({ code: 2, message: expect.stringContaining('body/dimensioning/width: 0.5 m is less than one cell') as unknown });
    expect(await read(config.id)).toMatchObject({ version: 3, dimensioning: { width: 4 } });
  });

  it('refuses a smaller grid that would leave stored items outside it', async () => {
    const projectId = await createProject(anna.client);
    const config = await create({ projectId, measureId: null });
    const saved = await put(anna.client, `/api/BoxConfigurator/${config.id}/boxItems`, { version: 1, boxItems: [box(0, 0, 0), box(9, 0, 0)] });
    expect(saved.statusCode, saved.body).toBe(200);
    const shrunk = await anna.client.patch(`/api/BoxConfigurator/${config.id}`, { version: 2, dimensioning: { length: 4 } });
    expect(shrunk.statusCode).toBe(400);
    expect(shrunk.json()).toMatchObject({ code: 2, message: expect.stringContaining('1 stored item(s) lie outside a grid of 4 m × 10 m') as unknown });
    expect(await read(config.id)).toMatchObject({ version: 2, itemCount: 2, dimensioning: { length: 10 } });
    const fits = await anna.client.patch(`/api/BoxConfigurator/${config.id}`, { version: 2, dimensioning: { length: 8 } });
    expect(fits.json()).toMatchObject({ dimensioning: { length: 8 } });
  });
});

describe('option ids', () => {
  it('refuses an option the catalogue does not know with its item and option index; known options are stored', async () => {
    const projectId = await createProject(anna.client);
    const config = await create({ projectId, measureId: null });
    const url = `/api/BoxConfigurator/${config.id}/boxItems`;
    const shaft = (options: Json[]) => ({ ...box(4, 0, 4, options), boxTypeId: 'SHAFT_C3_X_600' });
    for (const [item, text] of [
      [box(1, 0, 0, [{ propertyId: 'sideWall', optionId: 'closed' }]), 'body/boxItems/1/options/0: UNKNOWN_OPTION'],
      [shaft([{ propertyId: 'cover', optionId: 'B125' }, { propertyId: 'cover', optionId: 'Z999' }]), 'body/boxItems/1/options/1: UNKNOWN_OPTION'],
      [box(1, 0, 0, [{ propertyId: 'side.nowhere.height', value: 330 }]), 'body/boxItems/1/options/0: UNKNOWN_OPTION'],
    ] as const) {
      const response = await put(anna.client, url, { version: 1, boxItems: [box(0, 0, 0), item] });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ code: 2, index: 1, message: expect.stringContaining(text) as unknown });
    }
    expect(await read(config.id)).toMatchObject({ version: 1, itemCount: 0 });
    const known = await put(anna.client, url, { version: 1, boxItems: [box(0, 0, 0, [{ propertyId: 'side.front.height', value: 330 }]), shaft([{ propertyId: 'cover', optionId: 'D400' }])] });
    expect(known.statusCode, known.body).toBe(200);
    expect((known.json() as Items).boxItems[1]?.options).toEqual([{ propertyId: 'cover', optionId: 'D400' }]);
  });
});

describe('the configuration mass list honours groupBy', () => {
  interface Bill { groupBy: string; totalPrice: string; massListGroups: Array<{ groupName: string; systemType: string; ownerId: string | null; totalPrice: string; lines: unknown[] }> }
  it('names its one group after the configuration, the linked measure or the project, and refuses other values', async () => {
    const projectId = await createProject(anna.client, { name: 'Wohnhof' });
    const measure = await measureNode(projectId, BOX_TANK, 'Rigole');
    const config = await create({ projectId, measureId: measure.id, name: 'Block' });
    const url = `/api/Documents/${projectId}/boxConfigurator/${config.id}/masslist/data`;
    const get = async (query: Record<string, string>) => (await anna.client.get(url, query)).json() as Bill;
    const byDefault = await get({});
    expect(byDefault).toMatchObject({ groupBy: 'configuration', massListGroups: [{ groupName: 'Block', systemType: 'configuration', ownerId: config.id }] });
    const byMeasure = await get({ groupBy: 'measure' });
    expect(byMeasure).toMatchObject({ groupBy: 'measure', massListGroups: [{ groupName: 'Rigole', systemType: 'measure', ownerId: measure.id }] });
    const none = await get({ groupBy: 'none' });
    expect(none).toMatchObject({ groupBy: 'none', massListGroups: [{ groupName: 'Wohnhof', systemType: 'project', ownerId: null }] });
    // The same lines and totals, only the group's name differs.
    for (const bill of [byMeasure, none]) {
      expect(bill.totalPrice).toBe(byDefault.totalPrice);
      expect(bill.massListGroups[0]?.lines).toEqual(byDefault.massListGroups[0]?.lines);
    }
    const custom = await create({ projectId, measureId: null, name: 'Eigen' });
    const customBill = (await anna.client.get(`/api/Documents/${projectId}/boxConfigurator/${custom.id}/masslist/data`, { groupBy: 'measure' })).json() as Bill;
    expect(customBill).toMatchObject({ groupBy: 'measure', massListGroups: [{ groupName: 'Eigen', systemType: 'configuration' }] });

    const bogus = await anna.client.get(url, { groupBy: 'bogus' });
    expect(bogus.statusCode).toBe(400);
    expect(bogus.json()).toMatchObject({ code: 2, message: expect.stringContaining('"none", "measure", "configuration"') as unknown });
  }, 30_000);
});

describe('enum errors name the allowed values', () => {
  it('lists the allowed values of a body enum and a query enum', async () => {
    const projectId = await createProject(anna.client);
    const config = await create({ projectId, measureId: null });
    const body = await anna.client.patch(`/api/BoxConfigurator/${config.id}`, { version: 1, stormwaterObjective: 'evaporation' });
    expect(body.statusCode).toBe(400);
    expect(body.json()).toMatchObject({ code: 2, message: 'body/stormwaterObjective: must be one of "retention", "infiltration"' });
    const items = await put(anna.client, `/api/BoxConfigurator/${config.id}/boxItems`, { version: 1, boxItems: [{ ...box(0, 0, 0), rotation: 'Up' }] });
    expect(items.json()).toMatchObject({ code: 2, index: 0, message: expect.stringContaining('must be one of "North", "West", "South", "East"') as unknown });
    const query = await anna.client.get(`/api/Documents/${projectId}/masslist/data`, { prices: 'maybe' });
    expect(query.json()).toMatchObject({ code: 2, message: expect.stringContaining('must be one of "true", "false"') as unknown });
  });
});

describe('malformed measure ids', () => {
  it('answer 400, code 2 on every measure call; a well-formed unknown one 404, code 11', async () => {
    const projectId = await createProject(anna.client);
    const calls = (id: string) => [
      anna.client.get(`/api/Project/${projectId}/measure/${id}`),
      put(anna.client, `/api/Project/${projectId}/measure/${id}/additionalProducts`, []),
      anna.client.get(`/api/Project/${projectId}/measure/${id}/additionalProducts`),
      anna.client.get(`/api/Project/${projectId}/measure/${id}/variants`),
      anna.client.get(`/api/Documents/${projectId}/measure/${id}/masslist/data`),
    ];
    for (const response of await Promise.all(calls('no-such-measure'))) {
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ code: 2 });
    }
    for (const response of await Promise.all(calls(crypto.randomUUID()))) {
      expect(response.statusCode, response.body).toBe(404);
      expect(response.json()).toMatchObject({ code: 11 });
    }
  });
});
