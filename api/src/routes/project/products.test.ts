/**
 * Facilities, the product catalogue, product lists of measures and the catalogue import
 * (POST /BoxConfigurator/importProducts, Excel and CSV) through HTTP.
 */
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureCatalogue } from '../../catalogue/store.ts';
import { CatalogueFacility } from '../../db/entities/catalogue.ts';
import type { EntityManager } from '../../db/orm.ts';
import { createProject, planner, put, upload, type Planner } from '../../testing/planning.ts';
import { fileTestApp } from '../../testing/test-app.ts';

const testApp = fileTestApp();
let anna: Planner;
let carl: Planner;
let ada: Planner;

beforeAll(async () => {
  [anna, carl, ada] = await Promise.all([planner(testApp(), 'Anna Planer'), planner(testApp(), 'Carl Fremd'), planner(testApp(), 'Ada Admin', ['Administrator'])]);
}, 60_000);

describe('catalogue', () => {
  it('serves the demo facilities, loaded once at start', async () => {
    const response = await anna.client.get('/api/Project/purificationFacilities');
    expect(response.statusCode).toBe(200);
    const facilities = response.json() as Array<Record<string, unknown>>;
    expect(facilities.length).toBeGreaterThanOrEqual(10);
    expect(facilities[0]).toEqual({
      businessId: 'SED-SCHACHT-DN1000',
      type: 'sedimentShaft',
      m153Type: 'D24',
      value: 0.8,
      maxArea: 1000,
      bypassType: 'NoBypass',
      regulationType: 'M153',
      url: 'sedimentationsschacht.pdf',
    });
    expect(facilities.filter((f) => String(f['businessId']).startsWith('SEDI-SHARK-')).map((f) => f['businessId'])).toEqual(
      [750, 1000, 1500, 2000, 2500, 3000].map((size) => `SEDI-SHARK-${size}`),
    );
    // Loading again changes nothing.
    const em = testApp().app.orm.em.fork() as EntityManager;
    const before = await em.count(CatalogueFacility, {});
    await ensureCatalogue(testApp().app.orm);
    expect(await em.count(CatalogueFacility, {})).toBe(before);
    expect((await testApp().client().get('/api/Project/purificationFacilities')).statusCode).toBe(401);
  });

  it('serves products in German or English with list prices as decimal strings', async () => {
    const de = (await anna.client.get('/api/Project/products')).json() as Array<Record<string, unknown>>;
    const en = (await anna.client.get('/api/Project/products', { languageCode: 'en' })).json() as Array<Record<string, unknown>>;
    expect(de[0]).toEqual({
      materialNumber: '100100',
      orderNumber: 'RB-800',
      text: 'Rigole-Box 800 × 800 × 660',
      longText: expect.stringContaining('Speicherkoeffizient') as unknown,
      unit: 'Stk',
      unitPrice: '189.00',
      currency: 'EUR',
    });
    expect(en[0]).toMatchObject({ text: 'Storage box 800 × 800 × 660', unit: 'pcs', unitPrice: '189.00' });
  });
});

describe('product lists of measures', () => {
  it('stores lines, fills them from the catalogue, computes totals exactly and translates catalogue names', async () => {
    const projectId = await createProject(anna.client);
    const measure = (await anna.client.post(`/api/Project/${projectId}/measure`, { name: 'Rigole' })).json() as { id: string };
    const url = `/api/Project/${projectId}/measure/${measure.id}/additionalProducts`;
    expect((await anna.client.get(url)).json()).toEqual([]);
    const saved = await put(anna.client, url, [
      { materialNumber: '100110', quantity: 3 },
      { materialNumber: '300100', quantity: '12,5', unitPrice: null },
      { materialNumber: 'X-1', text: 'Sonderbauteil', unit: 'Stk', quantity: 1, unitPrice: '0.10', totalPrice: 99 },
      { materialNumber: '100100', quantity: 3, unitPrice: 0.1 },
    ]);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual([
      { orderNumber: 'RB-VB', materialNumber: '100110', text: 'Verbinder für Rigole-Box', longText: null, unit: 'Stk', quantity: 3, unitPrice: '1.85', totalPrice: '5.55' },
      { orderNumber: 'GEO-200', materialNumber: '300100', text: 'Geotextil GRK 3, 200 g/m²', longText: null, unit: 'm²', quantity: 12.5, unitPrice: '1.35', totalPrice: '16.88' },
      { orderNumber: null, materialNumber: 'X-1', text: 'Sonderbauteil', longText: null, unit: 'Stk', quantity: 1, unitPrice: '0.10', totalPrice: '0.10' },
      { orderNumber: 'RB-800', materialNumber: '100100', text: 'Rigole-Box 800 × 800 × 660', longText: null, unit: 'Stk', quantity: 3, unitPrice: '0.10', totalPrice: '0.30' },
    ]);
    const english = (await anna.client.get(url, { languageCode: 'en' })).json() as Array<{ text: string; unit: string }>;
    expect(english.map((l) => l.text)).toEqual(['Connector for storage box', 'Geotextile GRK 3, 200 g/m²', 'Sonderbauteil', 'Storage box 800 × 800 × 660']);
    // the catalogue's units in English (decision 0215); the typed line keeps its own unit
    expect(english.map((l) => l.unit)).toEqual(['pcs', 'm²', 'Stk', 'pcs']);

    expect((await put(anna.client, url, [{ materialNumber: 'X-2', quantity: 1 }])).json()).toMatchObject({ code: 2 });
    expect((await put(anna.client, url, [{ materialNumber: '100100', quantity: -1 }])).statusCode).toBe(400);
    // bounded as in the project file, so that a downloaded file always opens again
    for (const quantity of [1.2345, '1,2345', 1e10, '1234567890']) expect((await put(anna.client, url, [{ materialNumber: '100100', quantity }])).json()).toMatchObject({ code: 2 });
    expect((await put(anna.client, url, [{ materialNumber: '100100', quantity: 1, text: 'x'.repeat(501) }])).json()).toMatchObject({ code: 2 });
    expect((await put(anna.client, url, [{ materialNumber: '100100', quantity: '999999999,999' }])).statusCode).toBe(200);
    // A malformed measure id is 400, code 2; a well-formed unknown one 404 (docs/api.md).
    expect((await put(anna.client, `/api/Project/${projectId}/measure/unknown/additionalProducts`, [])).json()).toMatchObject({ code: 2 });
    expect((await put(anna.client, `/api/Project/${projectId}/measure/${crypto.randomUUID()}/additionalProducts`, [])).statusCode).toBe(404);
    expect((await put(carl.client, url, [])).statusCode).toBe(403);
    expect((await carl.client.get(url)).statusCode).toBe(403);
  });
});

async function workbook(rows: unknown[][]): Promise<Uint8Array> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Preise');
  for (const row of rows) sheet.addRow(row);
  return new Uint8Array(await book.xlsx.writeBuffer());
}

describe('POST /BoxConfigurator/importProducts', () => {
  const url = '/api/BoxConfigurator/importProducts';

  it('replaces the catalogue with an Excel workbook (administrators only)', async () => {
    const bytes = await workbook([
      ['Artikelnummer', 'Bestellnummer', 'Bezeichnung', 'nameEn', 'Langtext', 'Einheit', 'Listenpreis'],
      ['900001', 'NEU-1', 'Neue Box', 'New box', 'Lang', 'Stk', 250.5],
      [],
      ['900002', null, 'Neues Vlies', null, null, 'm²', '1.234,50'],
    ]);
    expect((await upload(anna.client, url, [{ field: 'file', name: 'preise.xlsx', bytes }])).statusCode).toBe(403);
    const response = await upload(ada.client, url, [{ field: 'file', name: 'preise.xlsx', bytes }]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ type: 'MESSAGE', code: 0, message: '2 products imported', importedProducts: 2, scope: 'products' });
    const products = (await anna.client.get('/api/Project/products', { languageCode: 'en' })).json() as Array<Record<string, unknown>>;
    expect(products).toEqual([
      // the catalogue's unit Stk in English (decision 0215)
      { materialNumber: '900001', orderNumber: 'NEU-1', text: 'New box', longText: 'Lang', unit: 'pcs', unitPrice: '250.50', currency: 'EUR' },
      { materialNumber: '900002', orderNumber: null, text: 'Neues Vlies', longText: null, unit: 'm²', unitPrice: '1234.50', currency: 'EUR' },
    ]);
  });

  it('reads CSV and answers bad files with code 20 or INVALID_DATA with row and column', async () => {
    const csv = 'materialNumber;nameDe;unit;listPrice\n700001;Schacht;Stk;1999,99\n700002;Rohr;m;12.5\n';
    const ok = await upload(ada.client, url, [{ field: 'file', name: 'katalog.csv', bytes: csv }]);
    expect(ok.json()).toMatchObject({ importedProducts: 2 });

    const bad = async (name: string, bytes: Uint8Array | string) => (await upload(ada.client, url, [{ field: 'file', name, bytes }])).json() as Record<string, unknown>;
    expect(await bad('katalog.pdf', '%PDF-1.7\u0000\u0001binary')).toMatchObject({ type: 'ERROR', code: 20, error: 'UNSUPPORTED_FORMAT' });
    expect(await bad('katalog.xlsx', new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]))).toMatchObject({ code: 20 });
    expect(await bad('katalog.csv', 'materialNumber;nameDe;unit;listPrice\n1;A;Stk;abc\n')).toMatchObject({ code: 2, error: 'INVALID_DATA', row: 2, column: 'D' });
    expect(await bad('katalog.csv', 'materialNumber;nameDe;unit;listPrice\n1;A;Stk;1\n1;B;Stk;2\n')).toMatchObject({ error: 'INVALID_DATA', row: 3, column: 'A' });
    expect(await bad('katalog.csv', 'materialNumber;nameDe;listPrice\n1;A;1\n')).toMatchObject({ error: 'INVALID_DATA', row: 1 });
    expect(await bad('katalog.xlsx', await workbook([['materialNumber', 'nameDe', 'unit', 'listPrice'], ['1', '', 'Stk', 3]]))).toMatchObject({ error: 'INVALID_DATA', row: 2, column: 'B' });
    // A refused file leaves the catalogue as it was.
    expect(((await anna.client.get('/api/Project/products')).json() as unknown[]).length).toBe(2);
    const notMultipart = await ada.client.post(url, { file: 'x' });
    expect(notMultipart.statusCode).toBe(415);
  });
});
