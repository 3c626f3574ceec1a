/**
 * The documents page and the product-list dialog (issue 18) in happy-dom: sections once project
 * and rain data are loaded, a mass list downloaded and read back with exceljs (cells and total
 * equal the bill), failures beside the document and as a notice with the server's message, the
 * dialog's add / edit / delete / save with decimal totals, and its failures.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import ExcelJS from 'exceljs';
import { RouterProvider } from 'react-router';
import { ANNUALITIES_A, RAIN_DURATIONS_MIN } from '@rainplan/engine/tables';
import { afterEach, describe, expect, it } from 'vitest';
import { createApi } from '../../api/index.ts';
import { readConfig } from '../../config.ts';
import { documentsStore } from '../../documents/DocumentsStore.ts';
import type { DocumentFile } from '../../documents/massListFiles.ts';
import { createI18n } from '../../i18n/index.ts';
import { fixtureProject } from '../../projectFile/testing.ts';
import { createTestRouter } from '../../router/createAppRouter.ts';
import { RootStore } from '../../stores/RootStore.ts';
import { renderWithStore, signedIn, type StubAnswer } from '../../test/render.tsx';

const detail = { id: 'p1', name: 'Schule', comment: null, location: { latitude: 48.14, longitude: 11.58, address: 'München' }, airPollution: 'L2', clientData: null, usesCustomRaindata: true, ruleEdition: 'DWA-A 138-1:2024' };
const surface = { id: 's1', name: 'Dach', parentId: null, drain: 'Groundwater', value: 100, data: { runoff: 'flatRoof', cm: 0.9, cs: 1, groundPollutionM153: 'F2' }, version: 1 };
const measure = { id: 'm1', name: 'Rigole Hof', parentId: null, drain: null, value: null, sealedSurfaces: [], AC: null, data: {}, version: 1 };
const rainData = {
  kostraCell: null,
  source: { edition: 'custom' },
  raindataSeries: ANNUALITIES_A.map((annuality) => ({ annuality, valuesForDurations: RAIN_DURATIONS_MIN.map((duration) => ({ duration, value: Math.round((3000 / (duration + 10)) * (1 + Math.log(annuality))) })) })),
};
const line = (materialNumber: string, text: string, quantity: string, unitPrice: string | null, totalPrice: string | null) => ({ orderNumber: `O-${materialNumber}`, materialNumber, text, longText: null, unit: 'Stk', quantity, unitPrice, totalPrice });
const bill = {
  massListGroups: [
    { order: 1, groupName: 'Rigole Hof', systemType: 'measure', ownerId: 'm1', lines: [line('100100', 'Rigole-Box', '24', '189.00', '4536.00'), line('100110', 'Verbinder', '12.5', '1.85', '23.13')], totalPrice: '4559.13' },
    { order: 2, groupName: 'Hof', systemType: 'configuration', ownerId: 'c2', lines: [line('300100', 'Geotextil', '50', '1.35', '67.50')], totalPrice: '67.50' },
  ],
  totalPrice: '4626.63',
  currency: 'EUR',
  language: 'de',
  groupBy: 'measure',
  issues: [],
};
const catalogue = [
  { materialNumber: '500100', orderNumber: 'SED-1000', text: 'Sedimentationsschacht DN 1000', longText: null, unit: 'Stk', unitPrice: '2890.00', currency: 'EUR' },
  { materialNumber: '100110', orderNumber: 'RB-VB', text: 'Verbinder für Rigole-Box', longText: null, unit: 'Stk', unitPrice: '1.85', currency: 'EUR' },
];

interface Call {
  readonly method: string;
  readonly path: string;
  readonly query: URLSearchParams;
  readonly body: unknown;
}

/** A root store whose api answers from the table (by "METHOD /path" or a function) and records every call. */
function setup(extra: Record<string, StubAnswer | ((call: Call) => StubAnswer)> = {}) {
  const answers: Record<string, StubAnswer | ((call: Call) => StubAnswer)> = {
    ...signedIn(),
    'GET /api/Project/p1': { body: detail },
    'GET /api/Project/p1/waterflow': { body: { sealedSurfaces: [surface], purifications: [], measures: [measure] } },
    'GET /api/Project/p1/raindata': { body: rainData },
    'GET /api/Project/purificationFacilities': { body: [] },
    'GET /api/BoxConfigurator/configurations/p1': { body: [{ id: 'c1', name: 'Garten', measureId: 'm1' }, { id: 'c2', name: 'Hof', measureId: null }] },
    'GET /api/Documents/p1/masslist/data': { body: bill },
    'GET /api/Project/products': { body: catalogue },
    'GET /api/Project/p1/measure/m1/additionalProducts': { body: [] },
    ...extra,
  };
  const calls: Call[] = [];
  const fetchStub = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const call: Call = { method: init?.method ?? 'GET', path: url.pathname, query: url.searchParams, body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined };
    calls.push(call);
    const found = answers[`${call.method} ${url.pathname}`] ?? answers[url.pathname] ?? { status: 404, body: { type: 'ERROR', code: 11, message: 'not found' } };
    const answer = typeof found === 'function' ? found(call) : found;
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), { status: answer.status ?? 200, statusText: answer.status === 503 ? 'Service Unavailable' : '' });
  }) as typeof fetch;
  const i18n = createI18n('de');
  const store: RootStore = new RootStore({ i18n, api: createApi({ config: readConfig({}), fetch: fetchStub, culture: () => i18n.language, onError: (error) => store.notifications.error(error) }) });
  const saved: DocumentFile[] = [];
  documentsStore(store).save = (file) => saved.push(file);
  const prepared: string[] = [];
  documentsStore(store).prepareReport = async () => {
    prepared.push('report');
  };
  return { store, calls, saved, prepared };
}

async function visit(extra: Parameters<typeof setup>[0] = {}) {
  window.localStorage.setItem('rainplan.changelogVersion', '1.0.5');
  const s = setup(extra);
  const router = createTestRouter(s.store, ['/project/p1/documents']);
  renderWithStore(<RouterProvider router={router} />, s.store);
  await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: 'Allgemeine Dokumente' })).toBeTruthy(), SLOW);
  return s;
}

/** Generous waits: the engine's first evaluation and lazy modules take a while on a busy machine. */
const SLOW = { timeout: 15_000 } as const;

afterEach(() => {
  window.localStorage.clear();
});

async function readXlsx(file: DocumentFile) {
  const workbook = new ExcelJS.Workbook();
  const bytes = file.content instanceof Uint8Array ? file.content : new Uint8Array(await file.content.arrayBuffer());
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  return workbook.worksheets[0]!;
}

describe('documents page', () => {
  it('lists the general documents, every measure and the custom configurations only', async () => {
    await visit();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Dokumente');
    for (const name of ['Massenliste', 'Massenliste mit Preisen', 'Massenliste nach Maßnahmen', 'Massenliste nach Konfigurationen', 'Massenliste nach Maßnahmen mit Preisen', 'Massenliste nach Konfigurationen mit Preisen']) {
      expect(screen.getByRole('button', { name: `${name} als Excel herunterladen` })).toBeTruthy();
      expect(screen.getByRole('button', { name: `${name} als PDF herunterladen` })).toBeTruthy();
    }
    for (const format of ['GAEB X81', 'GAEB 90 D81']) expect(screen.getByRole('button', { name: `Leistungsverzeichnis als ${format} herunterladen` })).toBeTruthy();
    for (const format of ['GAEB X82', 'GAEB 90 D82']) expect(screen.getByRole('button', { name: `Leistungsverzeichnis mit Preisen als ${format} herunterladen` })).toBeTruthy();
    const m1 = screen.getByTestId('documents-measure-m1');
    expect(within(m1).getByRole('button', { name: 'Massenliste mit Preisen Rigole Hof als Excel herunterladen' })).toBeTruthy();
    expect(within(m1).getByRole('button', { name: 'Zusatzprodukte bearbeiten: Rigole Hof' })).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('documents-configuration-c2')).toBeTruthy());
    // c1 belongs to measure m1: its list is the measure's, and the measure says so
    expect(screen.queryByTestId('documents-configuration-c1')).toBeNull();
    expect(screen.getByTestId('documents-measure-m1-configuration').textContent).toBe('Boxkonfiguration: „Garten“');
  });

  it('downloads a grouped mass list with prices as Excel: the cells and total are the bill', async () => {
    const { calls, saved } = await visit();
    fireEvent.click(screen.getByRole('button', { name: 'Massenliste nach Maßnahmen mit Preisen als Excel herunterladen' }));
    await waitFor(() => expect(saved).toHaveLength(1), { timeout: 10_000 });
    const request = calls.find((c) => c.path === '/api/Documents/p1/masslist/data')!;
    expect(request.query.get('groupBy')).toBe('measure');
    expect(request.query.get('prices')).toBe('true');
    expect(request.query.get('languageCode')).toBe('de');
    const file = saved[0]!;
    expect(file.fileName).toBe('Massenliste_Schule_nach-Maßnahmen_mit-Preisen.xlsx');
    const sheet = await readXlsx(file);
    const numbers: number[] = [];
    sheet.eachRow((row) => row.eachCell((cell) => typeof cell.value === 'number' && numbers.push(cell.value)));
    expect(numbers).toEqual([24, 189, 4536, 12.5, 1.85, 23.13, 4559.13, 50, 1.35, 67.5, 67.5, 4626.63]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('a failed download shows the server message beside the document and as a notice; another try works', async () => {
    let fail = true;
    const { store, saved } = await visit({
      'GET /api/Documents/p1/measure/m1/masslist/data': (call) => {
        if (fail) return { status: 409, body: { type: 'ERROR', code: 2, message: 'Katalog inkonsistent' } };
        expect(call.query.get('prices')).toBe('false');
        const group = { ...bill.massListGroups[0]!, lines: bill.massListGroups[0]!.lines.map((l) => ({ ...l, unitPrice: null, totalPrice: null })), totalPrice: null };
        return { body: { ...bill, massListGroups: [group], totalPrice: null, groupBy: 'measure' } };
      },
    });
    const button = () => within(screen.getByTestId('documents-measure-m1')).getByRole('button', { name: 'Massenliste Rigole Hof als PDF herunterladen' });
    fireEvent.click(button());
    await waitFor(() => expect(within(screen.getByTestId('documents-measure-m1')).getByRole('alert').textContent).toContain('Das Dokument konnte nicht erstellt werden: Katalog inkonsistent'));
    expect(store.notifications.errors.map((n) => n.params?.['reason'])).toContain('Katalog inkonsistent');
    expect(saved).toHaveLength(0);
    fail = false;
    fireEvent.click(button());
    await waitFor(() => expect(saved).toHaveLength(1), { timeout: 20_000 });
    expect(saved[0]!.fileName).toBe('Massenliste_Schule_Rigole-Hof.pdf');
    expect(within(screen.getByTestId('documents-measure-m1')).queryByRole('alert')).toBeNull();
  });

  it('without a message the status text, else the default text (spec §7)', async () => {
    const { saved } = await visit({
      'GET /api/Documents/p1/serviceCatalogue': (call) => (call.query.get('gaebFileType') === 'GaebX81' ? { status: 503 } : { status: 500, body: {} }),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Leistungsverzeichnis als GAEB X81 herunterladen' }));
    const alerts = () => screen.getAllByRole('alert').map((a) => a.textContent ?? '');
    await waitFor(() => expect(alerts().some((a) => a.includes('Das Dokument konnte nicht erstellt werden: Service Unavailable'))).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: 'Leistungsverzeichnis als GAEB 90 D81 herunterladen' }));
    await waitFor(() => expect(alerts().some((a) => a.includes('Das Dokument konnte nicht erstellt werden: HTTP 500'))).toBe(true));
    expect(saved).toHaveLength(0);
  });

  it('downloads the service catalogue the server builds, under its GAEB extension', async () => {
    const { calls, saved } = await visit({ 'GET /api/Documents/p1/serviceCatalogue': { body: { not: 'checked' } } });
    fireEvent.click(screen.getByRole('button', { name: 'Leistungsverzeichnis mit Preisen als GAEB X82 herunterladen' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.fileName).toBe('Leistungsverzeichnis-mit-Preisen_Schule.X82');
    expect(calls.find((c) => c.path === '/api/Documents/p1/serviceCatalogue')!.query.get('gaebFileType')).toBe('GaebX82');
  });

  it('downloads the dimensioning report: a PDF of the stored project with its configurations', async () => {
    const file = fixtureProject('box-configurations');
    const { calls, saved } = await visit({
      // the api's one project file of every document (the share view's report reads the same)
      'GET /api/Documents/p1/projectFile': { body: { ...file, project: { ...file.project, name: 'Schule' } } },
      'GET /api/BoxConfigurator/c1/boxItems': { body: { version: 1, boxItems: [] } },
      'GET /api/BoxConfigurator/c2/boxItems': { body: { version: 1, boxItems: [] } },
      'GET /api/BoxConfigurator/c1/additionalProducts': { body: [] },
      'GET /api/BoxConfigurator/c2/additionalProducts': { body: [] },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Bemessungsbericht mit Nachweisen als PDF herunterladen' }));
    await waitFor(() => expect(saved).toHaveLength(1), { timeout: 60_000 });
    expect(saved[0]!.fileName).toBe('Bemessungsbericht_Schule.pdf');
    expect(saved[0]!.type).toBe('application/pdf');
    const bytes = new Uint8Array(await (saved[0]!.content as Blob).arrayBuffer());
    expect(new TextDecoder().decode(bytes.subarray(0, 5))).toBe('%PDF-');
    expect(calls.some((c) => c.path === '/api/Documents/p1/projectFile')).toBe(true);
    const bill = calls.find((c) => c.path === '/api/Documents/p1/masslist/data')!;
    expect([bill.query.get('groupBy'), bill.query.get('prices')]).toEqual(['measure', 'true']);
  }, 90_000);

  it('warms the report worker when the page opens, so the first report skips loading pdfmake and the fonts', async () => {
    const { prepared } = await visit();
    expect(prepared).toEqual(['report']);
  });

  it('without rain data the page says so and leads to the project data', async () => {
    window.localStorage.setItem('rainplan.changelogVersion', '1.0.5');
    const s = setup({ 'GET /api/Project/p1/raindata': { status: 404, body: { type: 'ERROR', code: 57, message: 'no rain data' } } });
    const router = createTestRouter(s.store, ['/project/p1/documents']);
    renderWithStore(<RouterProvider router={router} />, s.store);
    await waitFor(() => expect(screen.getByText(/noch keine Regendaten/)).toBeTruthy());
    expect(screen.getByRole('link', { name: 'Zu den Projektdaten' }).getAttribute('href')).toBe('/project/p1/projectData');
    expect(screen.queryByRole('heading', { name: 'Allgemeine Dokumente' })).toBeNull();
    // No report can be made yet: its worker is not started.
    expect(s.prepared).toEqual([]);
  });
});

describe('product-list dialog', () => {
  async function open(extra: Parameters<typeof setup>[0] = {}) {
    const s = await visit(extra);
    fireEvent.click(screen.getByRole('button', { name: 'Zusatzprodukte bearbeiten: Rigole Hof' }));
    const dialog = await screen.findByRole('dialog', { name: 'Zusatzprodukte der Maßnahme Rigole Hof' }, { timeout: 10_000 });
    await waitFor(() => expect(within(dialog).getByText('Noch keine Zusatzprodukte. Fügen Sie oben ein Produkt hinzu.')).toBeTruthy());
    await waitFor(() => expect((within(dialog).getByRole('combobox', { name: 'Produkt hinzufügen' }) as HTMLInputElement).disabled).toBe(false));
    return { ...s, dialog };
  }

  async function add(dialog: HTMLElement, query: string, option: RegExp) {
    const input = within(dialog).getByRole('combobox', { name: 'Produkt hinzufügen' });
    act(() => input.focus());
    fireEvent.change(input, { target: { value: query } });
    const choice = await screen.findByRole('option', { name: option });
    fireEvent.click(choice);
  }

  it('adds from the catalogue, edits quantity and price in place, deletes, totals in decimal, saves the whole list', async () => {
    const { calls, dialog } = await open({ 'PUT /api/Project/p1/measure/m1/additionalProducts': (call) => ({ body: call.body }) });
    const total = () => within(dialog).getByTestId('products-total').textContent;
    expect(total()).toContain('0,00');
    await add(dialog, 'sedi', /Sedimentationsschacht/);
    await waitFor(() => expect(total()).toContain('2.890,00'));
    await add(dialog, '100110', /Verbinder/);
    await waitFor(() => expect(total()).toContain('2.891,85'));
    // 3 connectors at 1,85 = 5,55; 0.1 + 0.2 style sums stay exact
    const quantity = within(dialog).getByRole('textbox', { name: 'Menge von Verbinder für Rigole-Box' });
    fireEvent.change(quantity, { target: { value: '3' } });
    fireEvent.blur(quantity);
    await waitFor(() => expect(total()).toContain('2.895,55'));
    const price = within(dialog).getByRole('textbox', { name: 'Einzelpreis von Sedimentationsschacht DN 1000' });
    // (no I18nProvider in unit tests: react-aria parses en-US here; the browser test types German)
    fireEvent.change(price, { target: { value: '2500.10' } });
    fireEvent.blur(price);
    await waitFor(() => expect(total()).toContain('2.505,65'));
    // delete the shaft
    const rows = within(dialog).getAllByRole('row');
    const shaftRow = rows.find((r) => r.textContent?.includes('500100'))!;
    fireEvent.click(within(shaftRow).getByRole('button', { name: 'Zeile löschen' }));
    await waitFor(() => expect(total()).toContain('5,55'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.path).toBe('/api/Project/p1/measure/m1/additionalProducts');
    expect(put.body).toEqual([{ materialNumber: '100110', orderNumber: 'RB-VB', text: 'Verbinder für Rigole-Box', longText: null, unit: 'Stk', quantity: '3', unitPrice: '1.85' }]);
  });

  it('a failed save keeps the draft open and says why; Cancel drops it without a call', async () => {
    const { calls, dialog } = await open({ 'PUT /api/Project/p1/measure/m1/additionalProducts': { status: 400, body: { type: 'ERROR', code: 2, message: 'body/0/quantity must be <= 999999999.999' } } });
    await add(dialog, 'sedi', /Sedimentationsschacht/);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toContain('body/0/quantity must be <= 999999999.999'));
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(within(dialog).getByText('500100')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1);
  });

  it('a list that cannot be loaded says so and offers to load again', async () => {
    let fail = true;
    await visit({ 'GET /api/Project/p1/measure/m1/additionalProducts': () => (fail ? { status: 503 } : { body: [{ ...catalogue[0], quantity: 2, totalPrice: '5780.00' }] }) });
    fireEvent.click(screen.getByRole('button', { name: 'Zusatzprodukte bearbeiten: Rigole Hof' }));
    const dialog = await screen.findByRole('dialog', {}, { timeout: 10_000 });
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toContain('Service Unavailable'));
    expect((within(dialog).getByRole('button', { name: 'Speichern' }) as HTMLButtonElement).disabled).toBe(true);
    fail = false;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Erneut laden' }));
    await waitFor(() => expect(within(dialog).getByTestId('products-total').textContent).toContain('5.780,00'));
  });
});
