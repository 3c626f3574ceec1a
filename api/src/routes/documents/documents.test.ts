/**
 * The Documents mass-list data through HTTP (issue 16): the engine's bills of a project, a measure
 * and a configuration, with totals and currency; access by the project's rights. PGlite, and
 * PostgreSQL with TEST_DATABASE_URL or CI=true.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProject, put, planner, type Planner } from '../../testing/planning.ts';
import { startTestApp, type TestApp } from '../../testing/test-app.ts';

let testApp: TestApp;
let anna: Planner;
let carl: Planner;

beforeAll(async () => {
  testApp = await startTestApp();
  [anna, carl] = await Promise.all([planner(testApp, 'Anna Planer'), planner(testApp, 'Carl Fremd')]);
}, 60_000);
afterAll(async () => testApp?.close());

interface Line { materialNumber: string; quantity: string; unitPrice: string | null; totalPrice: string | null; text: string }
interface Bill { massListGroups: Array<{ groupName: string; systemType: string; ownerId: string | null; lines: Line[]; totalPrice: string | null }>; totalPrice: string | null; currency: string; language: string; groupBy: string; issues: unknown[] }

const box = (x: number, z: number) => ({ boxId: null, boxTypeId: 'BOX_FULL', x, y: 0, z, rotation: 'North', options: [] });

describe('mass-list data', () => {
  it('answers the engine bill of a project, grouped, in German or English, with exact totals', async () => {
    const projectId = await createProject(anna.client);
    const config = (await anna.client.post('/api/BoxConfigurator', { projectId, measureId: null, name: 'Hof' })).json() as { id: string };
    expect((await put(anna.client, `/api/BoxConfigurator/${config.id}/boxItems`, { version: 1, boxItems: [box(0, 0), box(1, 0), box(2, 0)] })).statusCode).toBe(200);
    expect((await put(anna.client, `/api/BoxConfigurator/${config.id}/additionalProducts`, [{ materialNumber: 'X-1', text: 'Sonderteil', unit: 'Stk', quantity: 2, unitPrice: '10.05' }])).statusCode).toBe(200);

    const none = (await anna.client.get(`/api/Documents/${projectId}/masslist/data`)).json() as Bill;
    expect(none).toMatchObject({ currency: 'EUR', language: 'de', groupBy: 'none' });
    expect(none.massListGroups).toHaveLength(1);
    const boxes = none.massListGroups[0]?.lines.find((l) => l.materialNumber === '100100');
    expect(boxes).toMatchObject({ quantity: '3', unitPrice: '189.00', totalPrice: '567.00' });
    expect(none.massListGroups[0]?.lines.find((l) => l.materialNumber === 'X-1')).toMatchObject({ quantity: '2', totalPrice: '20.10' });
    const sum = none.massListGroups[0]?.lines.reduce((s, l) => s + Math.round(Number(l.totalPrice) * 100), 0) ?? 0;
    expect(Math.round(Number(none.totalPrice) * 100)).toBe(sum);

    const grouped = (await anna.client.get(`/api/Documents/${projectId}/masslist/data`, { groupBy: 'configuration', languageCode: 'en', prices: 'false' })).json() as Bill;
    expect(grouped).toMatchObject({ language: 'en', groupBy: 'configuration', totalPrice: null });
    expect(grouped.massListGroups.map((g) => [g.groupName, g.systemType, g.ownerId])).toEqual([['Hof', 'configuration', config.id]]);
    expect(grouped.massListGroups[0]?.lines.find((l) => l.materialNumber === '100100')).toMatchObject({ unitPrice: null, text: expect.stringContaining('Storage box') as unknown });

    const one = (await anna.client.get(`/api/Documents/${projectId}/boxConfigurator/${config.id}/masslist/data`)).json() as Bill;
    expect(one.totalPrice).toBe(none.totalPrice);
    expect(one.massListGroups[0]).toMatchObject({ systemType: 'configuration', ownerId: config.id });
  });

  it('answers a measure’s bill, 404 for unknown ids, 400 for bad queries, 403 to strangers', async () => {
    const projectId = await createProject(anna.client);
    const measure = (await anna.client.post(`/api/Project/${projectId}/measure`, { name: 'Mulde' })).json() as { id: string };
    const bill = await anna.client.get(`/api/Documents/${projectId}/measure/${measure.id}/masslist/data`);
    expect(bill.statusCode, bill.body).toBe(200);
    expect(bill.json()).toMatchObject({ groupBy: 'measure', massListGroups: [{ groupName: 'Mulde', systemType: 'measure', ownerId: measure.id }] });
    expect((await anna.client.get(`/api/Documents/${projectId}/measure/${crypto.randomUUID()}/masslist/data`)).json()).toMatchObject({ code: 11 });
    expect((await anna.client.get(`/api/Documents/${projectId}/measure/no-such/masslist/data`)).json()).toMatchObject({ code: 2 }); // malformed: 400 (docs/api.md)
    expect((await anna.client.get(`/api/Documents/${projectId}/boxConfigurator/${crypto.randomUUID()}/masslist/data`)).json()).toMatchObject({ code: 11 });
    expect((await anna.client.get(`/api/Documents/${projectId}/masslist/data`, { groupBy: 'plant' })).json()).toMatchObject({ code: 2 });
    expect((await anna.client.get(`/api/Documents/${projectId}/masslist/data`, { prices: 'yes' })).statusCode).toBe(400);
    expect((await carl.client.get(`/api/Documents/${projectId}/masslist/data`)).json()).toMatchObject({ code: 10 });
    expect((await testApp.client().get(`/api/Documents/${projectId}/masslist/data`)).statusCode).toBe(401);
  });
});

describe('drawing images', () => {
  it('answers top, front and side views and the depiction as PNG (base64) and SVG, drawn by the engine', async () => {
    const projectId = await createProject(anna.client);
    const config = (await anna.client.post('/api/BoxConfigurator', { projectId, measureId: null, name: 'Hof' })).json() as { id: string };
    expect((await put(anna.client, `/api/BoxConfigurator/${config.id}/boxItems`, { version: 1, boxItems: [box(0, 0), box(1, 0), box(1, 1)] })).statusCode).toBe(200);
    const response = await anna.client.get(`/api/Documents/images/${config.id}`, { languageCode: 'en' });
    expect(response.statusCode, response.body).toBe(200);
    const images = response.json() as Record<'topViews' | 'frontViews' | 'sideViews' | 'depictions', Array<{ description: { displayId: string; translationKey: string }; content: string; svg: string }>>;
    for (const view of ['topViews', 'frontViews', 'sideViews', 'depictions'] as const) {
      const [image] = images[view];
      expect(image?.description.translationKey).toMatch(/^documents\.drawing\./);
      expect(Buffer.from(image?.content ?? '', 'base64').subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
      expect(image?.svg).toContain('<svg');
    }
    expect(images.depictions).toHaveLength(1);
    expect(images.depictions[0]?.description.translationKey).toBe('documents.drawing.depiction');
    expect(images.depictions[0]?.svg).toContain('<g class="box">');
    expect(images.depictions[0]?.svg).toContain('1.60 m × 1.60 m × 0.66 m');
    // The PNG has the SVG's size at twice the scale (width in the IHDR chunk).
    const png = Buffer.from(images.depictions[0]?.content ?? '', 'base64');
    const svgWidth = Number(/width="(\d+)"/.exec(images.depictions[0]?.svg ?? '')?.[1]);
    expect(png.readUInt32BE(16)).toBe(svgWidth * 2);
    expect((await carl.client.get(`/api/Documents/images/${config.id}`)).json()).toMatchObject({ code: 10 });
    expect((await anna.client.get(`/api/Documents/images/${crypto.randomUUID()}`)).json()).toMatchObject({ code: 11 });
  }, 30_000); // four rasterisations: seconds on a busy machine
});
