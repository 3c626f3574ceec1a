/**
 * The whole-catalogue import (POST /BoxConfigurator/importProducts with a workbook of every
 * catalogue table), its template (GET /BoxConfigurator/importProducts/template and
 * docs/templates/catalogue-template.xlsx) and the catalogue versions projects keep their prices
 * by (GET /Project/{projectId}/catalogueVersion, POST /Project/{projectId}/updatePrices;
 * decisions 0099, 0100). PGlite, and PostgreSQL with TEST_DATABASE_URL or CI=true.
 */
import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { readCatalogueFile } from '../../catalogue/import.ts';
import { demoCatalogueFiles } from '../../catalogue/template.ts';
import { createProject, planner, put, upload, type Planner } from '../../testing/planning.ts';
import { fileTestApp } from '../../testing/test-app.ts';

const testApp = fileTestApp();
let anna: Planner;
let carl: Planner;
let ada: Planner;

const IMPORT = '/api/BoxConfigurator/importProducts';
const TEMPLATE = '/api/BoxConfigurator/importProducts/template';
const PLANT = 'PIPE_DN110';
const COMMITTED_TEMPLATE = new URL('../../../../docs/templates/catalogue-template.xlsx', import.meta.url);

beforeAll(async () => {
  [anna, carl, ada] = await Promise.all([planner(testApp(), 'Anna Planer'), planner(testApp(), 'Carl Fremd'), planner(testApp(), 'Ada Admin', ['Administrator'])]);
}, 60_000);

// The machine is shared: imports of the whole catalogue take a few seconds.
vi.setConfig({ testTimeout: 60_000 });

async function template(): Promise<Uint8Array> {
  const response = await ada.client.call({ method: 'GET', url: TEMPLATE });
  expect(response.statusCode, response.body).toBe(200);
  return new Uint8Array(response.rawPayload);
}

/** The template with `edit` applied to its workbook. */
async function edited(edit: (book: ExcelJS.Workbook) => void): Promise<Uint8Array> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(new Uint8Array(await template()).buffer);
  edit(book);
  return new Uint8Array(await book.xlsx.writeBuffer());
}

/** Sets the cell of `sheet` in the row whose first cells are `key` and the column headed `header`. */
function setCell(book: ExcelJS.Workbook, sheet: string, key: readonly string[], header: string, value: ExcelJS.CellValue): number {
  const ws = book.getWorksheet(sheet);
  if (ws === undefined) throw new Error(`no sheet ${sheet}`);
  const headers = (ws.getRow(1).values as unknown[]).map((v) => String(v ?? ''));
  const column = headers.indexOf(header);
  if (column < 1) throw new Error(`no column ${header} in ${sheet}`);
  for (let r = 2; r <= ws.rowCount; r++) {
    const row = ws.getRow(r);
    if (key.every((k, i) => String(row.getCell(i + 1).value) === k)) {
      row.getCell(column).value = value;
      return r;
    }
  }
  throw new Error(`no row ${key.join('/')} in ${sheet}`);
}

const importFile = (bytes: Uint8Array | string, name = 'katalog.xlsx', as: Planner = ada) => upload(as.client, IMPORT, [{ field: 'file', name, bytes }]);

interface Version { version: number; importedAt: string }
interface Bill { massListGroups: Array<{ lines: Array<{ materialNumber: string; unitPrice: string | null; totalPrice: string | null }> }>; totalPrice: string; catalogueVersion: Version; newerPricesAvailable: boolean; newestCatalogueVersion?: Version }

const box = (x: number) => ({ boxId: null, boxTypeId: 'BOX_FULL', x, y: 0, z: 0, rotation: 'North', options: [] });
const line = (bill: Bill, materialNumber: string) => bill.massListGroups.flatMap((g) => g.lines).find((l) => l.materialNumber === materialNumber);

describe('catalogue template', () => {
  it('is the demo catalogue: served to administrators, committed in docs/templates, and reads back to the same catalogue', async () => {
    const served = await template();
    const demo = await demoCatalogueFiles();
    const read = await readCatalogueFile('template.xlsx', served);
    expect(read).toEqual({ kind: 'catalogue', products: demo.products, boxes: demo.boxes });
    const committed = await readCatalogueFile('catalogue-template.xlsx', new Uint8Array(await readFile(COMMITTED_TEMPLATE)));
    expect(committed, 'docs/templates/catalogue-template.xlsx is stale: run npm run -w @rainplan/api catalogue:template').toEqual(read);

    const response = await ada.client.call({ method: 'GET', url: TEMPLATE });
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.headers['content-disposition']).toBe('attachment; filename="catalogue-template.xlsx"');
    expect((await anna.client.get(TEMPLATE)).statusCode).toBe(403);
    expect((await testApp().client().get(TEMPLATE)).statusCode).toBe(401);
    expect((await ada.client.get(TEMPLATE, { catalogue: 'all' })).json()).toMatchObject({ code: 2 });
  });
});

describe('whole-catalogue import', () => {
  it('imports the template as it is and reproduces the demo catalogue (item types, property sets, plants, products)', async () => {
    const before = (await anna.client.get('/api/BoxConfigurator/itemTypes')).json() as unknown[];
    const beforePropertySets = (await anna.client.get('/api/BoxConfigurator/propertySets')).json() as unknown[];
    const beforeProducts = (await anna.client.get('/api/Project/products')).json() as unknown[];
    expect((await importFile(await template(), 'katalog.xlsx', anna)).statusCode).toBe(403);

    const response = await importFile(await template());
    expect(response.statusCode, response.body).toBe(200);
    const demo = await demoCatalogueFiles();
    expect(response.json()).toMatchObject({
      type: 'MESSAGE',
      code: 0,
      scope: 'catalogue',
      importedProducts: demo.products.length,
      importedItemTypes: demo.boxes.itemTypes.length,
      importedPlants: demo.boxes.plants.length,
      importedPropertySets: demo.boxes.propertySets.length,
      catalogueVersion: { version: expect.any(Number) as unknown, importedAt: expect.any(String) as unknown },
    });
    expect((await anna.client.get('/api/BoxConfigurator/itemTypes')).json()).toEqual(before);
    expect((await anna.client.get('/api/BoxConfigurator/itemTypes')).json()).toEqual(demo.boxes.itemTypes);
    expect((await anna.client.get('/api/BoxConfigurator/propertySets')).json()).toEqual(beforePropertySets);
    expect((await anna.client.get('/api/Project/products')).json()).toEqual(beforeProducts);
    // The catalogue in use downloads in the same format.
    const current = await ada.client.call({ method: 'GET', url: TEMPLATE, query: { catalogue: 'current' } });
    expect(current.statusCode).toBe(200);
    expect(await readCatalogueFile('current.xlsx', new Uint8Array(current.rawPayload))).toEqual({ kind: 'catalogue', products: demo.products, boxes: demo.boxes });
  });

  it('replaces item types, property sets and plants with the workbook’s', async () => {
    const bytes = await edited((book) => {
      setCell(book, 'itemTypes', ['BOX_FULL'], 'labelDe', 'Rigole-Box XL');
      setCell(book, 'itemTypes', ['BOX_FULL'], 'volumeNetL', 402);
      setCell(book, 'plants', [PLANT], 'name', 'Anschluss DN 110');
      book.getWorksheet('propertySets')?.addRow(['EXTRA_SET', 'Extra']);
    });
    const response = await importFile(bytes);
    expect(response.statusCode, response.body).toBe(200);
    const itemTypes = (await anna.client.get('/api/BoxConfigurator/itemTypes')).json() as Array<{ businessId: string; label: { de: string }; volumeNetL: number }>;
    expect(itemTypes.find((t) => t.businessId === 'BOX_FULL')).toMatchObject({ label: { de: 'Rigole-Box XL' }, volumeNetL: 402 });
    const sets = (await anna.client.get('/api/BoxConfigurator/propertySets')).json() as Array<{ id: string; groups: unknown[] }>;
    expect(sets.at(-1)).toEqual({ id: 'EXTRA_SET', name: 'Extra', groups: [] });
    // back to the demo catalogue for the other tests
    expect((await importFile(await template())).statusCode).toBe(200);
  });

  it('refuses a broken workbook with every problem at its sheet, row and column, and stores nothing', async () => {
    const itemTypes = (await anna.client.get('/api/BoxConfigurator/itemTypes')).json() as unknown[];
    const products = (await anna.client.get('/api/Project/products')).json() as unknown[];
    const version = ((await anna.client.get(`/api/Project/${await createProject(anna.client)}/catalogueVersion`)).json() as { catalogueVersion: Version }).catalogueVersion;
    let rows: Record<string, number> = {};
    const bytes = await edited((book) => {
      rows = {
        length: setCell(book, 'itemTypes', ['BOX_FULL'], 'lengthMm', 'achthundert'),
        side: setCell(book, 'cubeSides', ['BOX_HALF', 'left'], 'side', 'oben'),
        adapter: setCell(book, 'cubeSideAdapters', ['BOX_FULL', 'front', '110'], 'product', '999999'),
        parent: setCell(book, 'shaftTypes', ['SHAFT_C3_DROSSEL_050', 'float'], 'itemType', 'NO_SUCH_SHAFT'),
        price: setCell(book, 'products', ['100110'], 'listPrice', '-3'),
        rule: setCell(book, 'rules', ['connector.perStackedPair'], 'value', 'vier'),
      };
    });
    const response = await importFile(bytes);
    expect(response.statusCode).toBe(400);
    const body = response.json() as { code: number; error: string; sheet: string; row: number; column: string; messageKey: string; problems: Array<{ sheet: string; row: number; column: string; messageKey: string; message: string }> };
    expect(body).toMatchObject({ type: 'ERROR', code: 2, error: 'INVALID_DATA' });
    expect(body.problems).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ sheet: 'products', row: rows['price'], column: 'H', messageKey: 'catalogueImport.notAPrice' }),
        expect.objectContaining({ sheet: 'itemTypes', row: rows['length'], column: 'G', messageKey: 'catalogueImport.notANumber' }),
        expect.objectContaining({ sheet: 'shaftTypes', row: rows['parent'], column: 'A', messageKey: 'catalogueImport.unknownParent' }),
        expect.objectContaining({ sheet: 'rules', row: rows['rule'], column: 'B', messageKey: 'catalogueImport.notANumber' }),
      ]),
    );
    expect(body).toMatchObject({ sheet: body.problems[0]?.sheet, row: body.problems[0]?.row, column: body.problems[0]?.column, messageKey: body.problems[0]?.messageKey });

    // Once the cells are fixed, the engine's checks find the rest at their cells.
    const schemaChecked = await edited((book) => {
      setCell(book, 'cubeSides', ['BOX_HALF', 'left'], 'side', 'oben');
    });
    expect(((await importFile(schemaChecked)).json() as typeof body).problems).toEqual([
      expect.objectContaining({ sheet: 'cubeSides', row: rows['side'], column: 'C', messageKey: 'catalogueImport.invalidValue' }),
    ]);
    const referencesChecked = await edited((book) => {
      setCell(book, 'cubeSideAdapters', ['BOX_FULL', 'front', '110'], 'product', '999999');
      setCell(book, 'itemTypes', ['SHAFT_C3_X_050'], 'propertySetId', 'NO_SET');
    });
    const second = (await importFile(referencesChecked)).json() as typeof body;
    expect(second.problems).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ sheet: 'cubeSideAdapters', row: rows['adapter'], column: 'D', messageKey: 'catalogueImport.unknownReference' }),
        expect.objectContaining({ sheet: 'itemTypes', column: 'O', messageKey: 'catalogueImport.unknownReference', message: expect.stringContaining('NO_SET') as unknown }),
      ]),
    );

    const missing = await edited((book) => {
      book.removeWorksheet(book.getWorksheet('rules')!.id);
      book.getWorksheet('plants')!.getRow(1).getCell(10).value = 'colour';
    });
    const third = (await importFile(missing)).json() as typeof body;
    expect(third.problems).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ sheet: 'rules', row: 1, messageKey: 'catalogueImport.missingSheet' }),
        expect.objectContaining({ sheet: 'plants', row: 1, column: 'J', messageKey: 'catalogueImport.unknownColumn' }),
      ]),
    );

    // Nothing was stored: the catalogue and its version are as before.
    expect((await anna.client.get('/api/BoxConfigurator/itemTypes')).json()).toEqual(itemTypes);
    expect((await anna.client.get('/api/Project/products')).json()).toEqual(products);
    const after = ((await anna.client.get(`/api/Project/${await createProject(anna.client)}/catalogueVersion`)).json() as { catalogueVersion: Version }).catalogueVersion;
    expect(after).toEqual(version);
  });

  it('reads a CSV file as products alone; other formats answer code 20', async () => {
    const csv = 'materialNumber;nameDe;unit;listPrice\n100100;Rigole-Box;Stk;189,00\n';
    const response = await importFile(csv, 'preise.csv');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ scope: 'products', importedProducts: 1, message: '1 products imported' });
    expect((await importFile('%PDF-1.7\u0000\u0001', 'katalog.pdf')).json()).toMatchObject({ code: 20, error: 'UNSUPPORTED_FORMAT', messageKey: 'catalogueImport.unsupportedFormat' });
    expect((await importFile('materialNumber;nameDe;unit;listPrice\n1;A;Stk;x\n2;;Stk;1\n', 'preise.csv')).json()).toMatchObject({
      code: 2,
      sheet: null,
      row: 2,
      column: 'D',
      problems: [
        { sheet: null, row: 2, column: 'D', messageKey: 'catalogueImport.notAPrice' },
        { sheet: null, row: 3, column: 'B', messageKey: 'catalogueImport.required' },
      ],
    });
    expect((await importFile(await template())).statusCode).toBe(200);
  });
});

describe('catalogue versions and prices', () => {
  it('keeps a project’s prices after an import, says newer prices exist, and updates them on request', async () => {
    const older = await createProject(anna.client);
    const config = (await anna.client.post('/api/BoxConfigurator', { projectId: older, measureId: null, name: 'Hof' })).json() as { id: string };
    expect((await put(anna.client, `/api/BoxConfigurator/${config.id}/boxItems`, { version: 1, boxItems: [box(0), box(1)] })).statusCode).toBe(200);
    const products = [
      { materialNumber: '100110', quantity: 10 },
      { materialNumber: '300100', quantity: 2, unitPrice: '9.99' },
    ];
    expect((await put(anna.client, `/api/BoxConfigurator/${config.id}/additionalProducts`, products)).statusCode).toBe(200);
    const bill = (url: string) => anna.client.get(url).then((r) => r.json() as Bill);
    const massList = `/api/Documents/${older}/masslist/data`;
    const first = await bill(massList);
    expect(first.newerPricesAvailable).toBe(false);
    expect(line(first, '100100')).toMatchObject({ unitPrice: '189.00', totalPrice: '378.00' });
    expect(line(first, '100110')?.unitPrice).toBe('1.85');

    // New prices.
    const response = await importFile(
      await edited((book) => {
        setCell(book, 'products', ['100100'], 'listPrice', 199);
        setCell(book, 'products', ['100110'], 'listPrice', 2);
        setCell(book, 'products', ['300100'], 'listPrice', 1.5);
      }),
    );
    expect(response.statusCode, response.body).toBe(200);
    const newest = (response.json() as { catalogueVersion: Version }).catalogueVersion;
    expect(newest.version).toBe(first.catalogueVersion.version + 1);

    // The older project keeps its prices, in every priced answer, and is told about the newer ones.
    for (const url of [massList, `/api/Documents/${older}/boxConfigurator/${config.id}/masslist/data`]) {
      const kept = await bill(url);
      expect(kept).toMatchObject({ catalogueVersion: first.catalogueVersion, newerPricesAvailable: true, newestCatalogueVersion: newest });
      expect(line(kept, '100100')).toMatchObject({ unitPrice: '189.00', totalPrice: '378.00' });
      expect(line(kept, '100110')?.unitPrice).toBe('1.85');
    }
    expect((await anna.client.get(`/api/Project/${older}/catalogueVersion`)).json()).toEqual({ catalogueVersion: first.catalogueVersion, newerPricesAvailable: true, newestCatalogueVersion: newest });
    // A copy of the older project keeps its prices too.
    const copyId = (await anna.client.post(`/api/Project/${older}/clone`, {})).json() as string;
    expect((await anna.client.get(`/api/Project/${copyId}/catalogueVersion`)).json()).toMatchObject({ catalogueVersion: first.catalogueVersion, newerPricesAvailable: true });
    const lines = await anna.client.get(`/api/BoxConfigurator/${config.id}/additionalProducts`);
    expect(lines.headers).toMatchObject({ 'catalogue-version': String(first.catalogueVersion.version), 'newer-prices-available': 'true', 'newest-catalogue-version': String(newest.version) });
    // A new line of the older project defaults to the price the project keeps.
    const added = await put(anna.client, `/api/BoxConfigurator/${config.id}/additionalProducts`, [...products, { materialNumber: '100100', quantity: 1 }]);
    expect((added.json() as Array<{ materialNumber: string; unitPrice: string }>).at(-1)).toMatchObject({ materialNumber: '100100', unitPrice: '189.00' });

    // A project created after the import has the new prices.
    const newer = await createProject(anna.client);
    const newerConfig = (await anna.client.post('/api/BoxConfigurator', { projectId: newer, measureId: null, name: 'Neu' })).json() as { id: string };
    expect((await put(anna.client, `/api/BoxConfigurator/${newerConfig.id}/boxItems`, { version: 1, boxItems: [box(0)] })).statusCode).toBe(200);
    const fresh = await bill(`/api/Documents/${newer}/masslist/data`);
    expect(fresh).toMatchObject({ catalogueVersion: newest, newerPricesAvailable: false });
    expect(fresh.newestCatalogueVersion).toBeUndefined();
    expect(line(fresh, '100100')?.unitPrice).toBe('199.00');

    // A measure of the older project with a product list at the kept price, and a variant (a copy of it, decision 0146).
    const measure = (await anna.client.post(`/api/Project/${older}/measure`, { name: 'Mulde' })).json() as { id: string; version: number };
    const measureUrl = `/api/Project/${older}/measure/${measure.id}`;
    expect((await put(anna.client, `${measureUrl}/additionalProducts`, [{ materialNumber: '100100', quantity: 1 }])).json()).toMatchObject([{ unitPrice: '189.00' }]);
    const variant = await anna.client.post(`${measureUrl}/variants`, { version: measure.version });
    expect((variant.json() as { variant: { additionalProducts: unknown } }).variant.additionalProducts).toMatchObject([{ materialNumber: '100100', unitPrice: '189.00' }]);

    // Updating: only the planner's writers may; catalogue-priced lines move (measures, variants, configurations), own prices stay.
    expect((await carl.client.post(`/api/Project/${older}/updatePrices`, {})).statusCode).toBe(403);
    const updated = await anna.client.post(`/api/Project/${older}/updatePrices`, {});
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toEqual({ catalogueVersion: newest, newerPricesAvailable: false, updatedLines: 4 });
    expect((await anna.client.get(`${measureUrl}/additionalProducts`)).json()).toMatchObject([{ unitPrice: '199.00' }]);
    expect(((await anna.client.get(measureUrl)).json() as { variants: unknown }).variants).toMatchObject([{ additionalProducts: [{ materialNumber: '100100', unitPrice: '199.00' }] }]);
    const after = await bill(massList);
    expect(after).toMatchObject({ catalogueVersion: newest, newerPricesAvailable: false });
    expect(line(after, '100100')?.unitPrice).toBe('199.00');
    const stored = (await anna.client.get(`/api/BoxConfigurator/${config.id}/additionalProducts`)).json() as Array<{ materialNumber: string; unitPrice: string }>;
    expect(stored.map((l) => [l.materialNumber, l.unitPrice])).toEqual([
      ['100110', '2.00'],
      ['300100', '9.99'],
      ['100100', '199.00'],
    ]);
    // Idempotent.
    expect((await anna.client.post(`/api/Project/${older}/updatePrices`, {})).json()).toMatchObject({ updatedLines: 0, newerPricesAvailable: false });
    expect((await anna.client.post(`/api/Project/${crypto.randomUUID()}/updatePrices`, {})).statusCode).toBe(404);
    expect((await anna.client.post('/api/Project/not-a-uuid/updatePrices', {})).statusCode).toBe(400);
  });

  it('reports newer prices only when a price changed: re-importing an unchanged catalogue does not (decision 0207)', async () => {
    // One workbook imported twice: the second import changes no price.
    const workbook = await edited((book) => setCell(book, 'products', ['100100'], 'listPrice', 205));
    expect((await importFile(workbook)).statusCode).toBe(200);
    const projectId = await createProject(anna.client);
    const versionOf = async () => (await anna.client.get(`/api/Project/${projectId}/catalogueVersion`)).json() as { catalogueVersion: Version; newerPricesAvailable: boolean; newestCatalogueVersion?: Version };
    const before = await versionOf();
    expect(before.newerPricesAvailable).toBe(false);

    const same = await importFile(workbook);
    expect(same.statusCode, same.body).toBe(200);
    expect((same.json() as { catalogueVersion: Version }).catalogueVersion.version).toBe(before.catalogueVersion.version + 1);
    const unchanged = await versionOf();
    expect(unchanged).toMatchObject({ catalogueVersion: before.catalogueVersion, newerPricesAvailable: false });
    expect(unchanged.newestCatalogueVersion).toBeUndefined();
    const bill = (await anna.client.get(`/api/Documents/${projectId}/masslist/data`)).json() as Bill;
    expect(bill.newerPricesAvailable).toBe(false);

    const changed = await importFile(await edited((book) => setCell(book, 'products', ['100100'], 'listPrice', 210)));
    expect(changed.statusCode, changed.body).toBe(200);
    const newest = (changed.json() as { catalogueVersion: Version }).catalogueVersion;
    expect(await versionOf()).toEqual({ catalogueVersion: before.catalogueVersion, newerPricesAvailable: true, newestCatalogueVersion: newest });
  });
});
