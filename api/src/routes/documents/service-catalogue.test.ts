/**
 * GET /Documents/{projectId}/serviceCatalogue through HTTP (issue 18): the GAEB files of a project
 * equal its mass list; file name, content type, access rules and bad queries. PGlite, and
 * PostgreSQL with TEST_DATABASE_URL or CI=true.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProject, put, planner, type Planner } from '../../testing/planning.ts';
import { startTestApp, type TestApp } from '../../testing/test-app.ts';

let testApp: TestApp;
let anna: Planner;
let carl: Planner;
let projectId: string;

const box = (x: number, z: number) => ({ boxId: null, boxTypeId: 'BOX_FULL', x, y: 0, z, rotation: 'North', options: [] });

beforeAll(async () => {
  testApp = await startTestApp();
  [anna, carl] = await Promise.all([planner(testApp, 'Anna Planer'), planner(testApp, 'Carl Fremd')]);
  projectId = await createProject(anna.client);
  const measure = (await anna.client.post(`/api/Project/${projectId}/measure`, { name: 'Rigole Süd' })).json() as { id: string; data: Record<string, unknown> };
  const boxTank = { installationTarget: 'Infiltration', installationVariant: 'infiltrationTank', infiltrationTankType: 'Box', soilData: 'S5', permeabilityCoefficientX: 5.67, permeabilityCoefficientY: 5, dimensioningInfiltrationTank: { width: 2.4, length: 4, height: 0.66, levels: 1, storageCoefficient: 95 } };
  const saved = await put(anna.client, `/api/Project/${projectId}/measure/${measure.id}`, { ...measure, value: null, data: { ...measure.data, ...boxTank } });
  expect(saved.statusCode, saved.body).toBe(200);
  const custom = (await anna.client.post('/api/BoxConfigurator', { projectId, measureId: null, name: 'Hof' })).json() as { id: string };
  expect((await put(anna.client, `/api/BoxConfigurator/${custom.id}/boxItems`, { version: 1, boxItems: [box(0, 0), box(1, 0), box(2, 0)] })).statusCode).toBe(200);
  expect((await put(anna.client, `/api/BoxConfigurator/${custom.id}/additionalProducts`, [{ materialNumber: 'X-1', text: 'Sonderteil – „groß“', unit: 'Stück', quantity: 2, unitPrice: '10.05' }])).statusCode).toBe(200);
}, 120_000);
afterAll(async () => testApp?.close());

interface Bill { massListGroups: Array<{ groupName: string; lines: Array<{ quantity: string; unit: string; unitPrice: string; totalPrice: string; text: string }>; totalPrice: string }>; totalPrice: string }
const massList = async (languageCode = 'de') => (await anna.client.get(`/api/Documents/${projectId}/masslist/data`, { groupBy: 'measure', languageCode })).json() as Bill;
const catalogueOf = (gaebFileType: string, languageCode?: string) =>
  anna.client.get(`/api/Documents/${projectId}/serviceCatalogue`, { gaebFileType, ...(languageCode === undefined ? {} : { languageCode }) });

describe('serviceCatalogue', () => {
  it('GaebX82: an X82 whose items, section totals and total equal the mass list', async () => {
    const response = await catalogueOf('GaebX82');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/xml/);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="[A-Za-z0-9_-]+\.X82"$/);
    const xml = response.body;
    expect(xml).toContain('<GAEB xmlns="http://www.gaeb.de/GAEB_DA_XML/DA82/3.3">');
    const bill = await massList();
    const lines = bill.massListGroups.flatMap((g) => g.lines);
    const items = [...xml.matchAll(/<Qty>([^<]*)<\/Qty>\s*<QU>([^<]*)<\/QU>\s*<UP>([^<]*)<\/UP>\s*<IT>([^<]*)<\/IT>/g)].map((m) => [Number(m[1]), m[3], m[4]]);
    expect(items).toEqual(lines.map((l) => [Number(l.quantity), l.unitPrice, l.totalPrice]));
    expect([...xml.matchAll(/<Total>([^<]*)<\/Total>/g)].map((m) => m[1])).toEqual([bill.totalPrice, ...bill.massListGroups.map((g) => g.totalPrice)]);
    expect(xml).toContain('<span>Rigole Süd</span>');
    expect(xml).toContain('<span>Hof (Boxenkonfiguration)</span>');
    // "Stück" becomes GAEB's 4-character "Stk", and is counted as a warning.
    expect(xml).toContain('<QU>Stk</QU>');
    expect(response.headers['x-gaeb-warnings']).toBe('1');
    expect(response.headers['x-bill-issues']).toBe('0');
  });

  it('GaebX81 in English: no prices', async () => {
    const response = await catalogueOf('GaebX81', 'en');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<DP>81</DP>');
    expect(response.body).toContain('Storage box 800 × 800 × 660');
    expect(response.body).not.toContain('<UP>');
    expect(response.headers['content-disposition']).toMatch(/\.X81"$/);
  });

  it('Gaebd82: 80-column records in code page 850, record 99 with the mass list’s count and total', async () => {
    const response = await catalogueOf('Gaebd82');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=IBM850');
    expect(response.headers['content-disposition']).toMatch(/\.D82"$/);
    const bytes = response.rawPayload;
    expect(bytes.length % 82).toBe(0);
    const lines: string[] = [];
    for (let i = 0; i < bytes.length; i += 82) {
      expect([bytes[i + 80], bytes[i + 81]]).toEqual([13, 10]);
      lines.push(bytes.subarray(i, i + 80).toString('latin1'));
    }
    lines.forEach((l, i) => expect(l.slice(74)).toBe(String(i + 1).padStart(6, '0')));
    expect(lines[0]!.slice(10, 12)).toBe('82');
    const bill = await massList();
    const end = lines.at(-1)!;
    const count = bill.massListGroups.reduce((n, g) => n + g.lines.length, 0);
    expect([end.slice(0, 2), Number(end.slice(2, 8)), Number(end.slice(8, 12)), end.slice(24, 36)]).toEqual(['99', count, bill.massListGroups.length, bill.totalPrice.replace('.', '').padStart(12, '0')]);
    // "ü" of "Rigole Süd" is byte 0x81 in code page 850; the en dash of the user's text became "-".
    expect(bytes.includes(Buffer.from([0x53, 0x81, 0x64]))).toBe(true);
    expect(bytes.toString('latin1')).toContain('Sonderteil - "gro\u00e1"');
  });

  it('Gaebd81: no price records', async () => {
    const response = await catalogueOf('Gaebd81');
    expect(response.statusCode).toBe(200);
    const lines = response.rawPayload.toString('latin1').split('\r\n');
    expect(lines[0]!.slice(10, 12)).toBe('81');
    expect(lines.some((l) => l.startsWith('22'))).toBe(false);
  });

  it('bad queries answer 400 code 2; strangers 403; unknown projects 404; anonymous 401', async () => {
    for (const query of [{}, { gaebFileType: 'Gaebd83' }, { gaebFileType: 'gaebd81' }, { gaebFileType: 'Gaebd81', languageCode: 'x'.repeat(40) }]) {
      const response = await anna.client.get(`/api/Documents/${projectId}/serviceCatalogue`, query);
      expect(response.statusCode, JSON.stringify(query)).toBe(400);
      expect(response.json()).toMatchObject({ type: 'ERROR', code: 2 });
    }
    expect((await carl.client.get(`/api/Documents/${projectId}/serviceCatalogue`, { gaebFileType: 'Gaebd81' })).json()).toMatchObject({ code: 10 });
    expect((await anna.client.get(`/api/Documents/${crypto.randomUUID()}/serviceCatalogue`, { gaebFileType: 'Gaebd81' })).statusCode).toBe(404);
    expect((await anna.client.get('/api/Documents/not-a-uuid/serviceCatalogue', { gaebFileType: 'Gaebd81' })).json()).toMatchObject({ code: 2 });
    expect((await testApp.client().get(`/api/Documents/${projectId}/serviceCatalogue`, { gaebFileType: 'Gaebd81' })).statusCode).toBe(401);
  });

  it('a quantity GAEB cannot hold answers 400 code 2 naming it', async () => {
    const other = await createProject(anna.client);
    const config = (await anna.client.post('/api/BoxConfigurator', { projectId: other, measureId: null, name: 'Groß' })).json() as { id: string };
    const products = await put(anna.client, `/api/BoxConfigurator/${config.id}/additionalProducts`, [{ materialNumber: 'X-2', text: 'Viel', unit: 'm', quantity: 123456789, unitPrice: '0.01' }]);
    expect(products.statusCode, products.body).toBe(200);
    const response = await anna.client.get(`/api/Documents/${other}/serviceCatalogue`, { gaebFileType: 'Gaebd81' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 2, message: expect.stringContaining('GAEB_FIELD_OVERFLOW') as unknown });
  });
});
