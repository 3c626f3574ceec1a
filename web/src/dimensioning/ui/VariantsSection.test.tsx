import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Measure } from '@rainplan/engine';
import { RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { call } from '../../engine/shared/call.ts';
import { createTestRouter } from '../../router/createAppRouter.ts';
import { BOX_TANK_INPUTS, editorAnswers } from '../../test/planning.ts';
import { renderWithStore, signedIn, storeOverFetch, stubAnswer } from '../../test/render.tsx';
import { additionalProduct, nextName, productLine, variantsStore } from '../VariantsStore.ts';
import { money, signed } from './VariantsSection.tsx';

const surface = { id: 's1', name: 'Dach', parentId: 'm1', drain: 'Groundwater', value: 120, data: { runoff: 'flatRoof', cm: 0.9, cs: 1, groundPollutionM153: 'F2' }, version: 1 };
const boxData = (length: number) => ({
  ...BOX_TANK_INPUTS,
  infiltrationDirection: 'everySide',
  recurrenceInterval: 5,
  safetyMargin: 20,
  throttleDischarge: 0,
  floodingVerification: false,
  dimensioningInfiltrationTank: { width: 0.8, length, height: 0.66, levels: 1, storageCoefficient: 95 },
});
const pipeProduct = { materialNumber: 'P-100', quantity: '4', unitPrice: '12.50' };
const measure = {
  id: 'm1',
  name: 'Rigole',
  parentId: null,
  drain: 'Groundwater',
  value: null,
  sealedSurfaces: ['s1'],
  AC: null,
  data: boxData(4.8),
  variantName: 'Kurz',
  variants: [{ id: 'v1', name: 'Lang', data: boxData(9.6), additionalProducts: [pipeProduct] }],
  version: 1,
};

interface Call {
  readonly method: string;
  readonly path: string;
  readonly body: unknown;
}

function setup(answers: Record<string, { status?: number; body?: unknown; wait?: Promise<void> }> = {}) {
  const calls: Call[] = [];
  const table: Record<string, { status?: number; body?: unknown; wait?: Promise<void> }> = {
    ...signedIn(),
    ...editorAnswers({ sealedSurfaces: [surface], purifications: [], measures: [measure] }),
    'GET /api/Project/p1/measure/m1/additionalProducts': { body: [{ materialNumber: 'B-1', orderNumber: null, text: 'Box', longText: null, unit: 'St', quantity: 6, unitPrice: '99.00', totalPrice: '594.00' }] },
    'PUT /api/Project/p1/measure/m1/additionalProducts': { body: [] },
    'GET /api/Project/p1/measure/m1/variants': {
      body: {
        measureId: 'm1',
        currency: 'EUR',
        rows: [
          { variantId: null, billTotal: '1200.00', differences: { billTotal: '0.00' } },
          { variantId: 'v1', billTotal: '2400.50', differences: { billTotal: '1200.50' } },
        ],
      },
    },
    ...answers,
  };
  const fetchStub = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    calls.push({ method, path: url.pathname, body });
    if (method === 'PUT' && url.pathname === '/api/Project/p1/measure/m1') return new Response(JSON.stringify({ ...(body as object), version: 2 }), { status: 200 });
    await (table[`${method} ${url.pathname}`] ?? table[url.pathname])?.wait;
    return stubAnswer(table, method, url.pathname);
  }) as typeof fetch;
  const store = storeOverFetch(fetchStub);
  window.localStorage.setItem('rainplan.changelogVersion', '1.0.5');
  const router = createTestRouter(store, ['/project/p1/dimensioning/measures/m1']);
  renderWithStore(<RouterProvider router={router} />, store);
  return { store, calls };
}

const head = () => screen.getByTestId('variant-head-v1');
const cell = (id: string) => screen.getByTestId(id).querySelector('.rp-variants__value')?.textContent;
const diff = (id: string) => screen.queryByTestId(`${id}-diff`)?.textContent;
const nodePuts = (calls: readonly Call[]) => calls.filter((c) => c.method === 'PUT' && c.path === '/api/Project/p1/measure/m1').map((c) => c.body as Measure);

afterEach(() => window.localStorage.clear());

describe('the variants section of the measure editor', () => {
  it('compares the chosen variant with each variant: figures, signed differences and the bill totals from the api in German', async () => {
    setup();
    await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: 'Varianten' })).toBeTruthy());
    await waitFor(() => expect(cell('variant-v1-footprint')).toBe('7,68'));
    expect(cell('variant-chosen-footprint')).toBe('3,84');
    expect(diff('variant-v1-footprint')).toBe('+3,84');
    expect(diff('variant-chosen-footprint')).toBeUndefined();
    expect(cell('variant-v1-depth')).toBe('0,66');
    expect(diff('variant-v1-depth')).toBe('±0');
    expect(cell('variant-v1-kind')).toBe('Boxenrigole');
    expect(within(screen.getByTestId('variant-head-chosen')).getByText('Kurz')).toBeTruthy();
    // not sized without rain data: dashes, not zeros
    expect(cell('variant-v1-required')).toBe('---');
    await waitFor(() => expect(cell('variant-v1-bill')).toBe('2.400,50'));
    expect(cell('variant-chosen-bill')).toBe('1.200,00');
    expect(diff('variant-v1-bill')).toBe('+1.200,50');
  });

  it('a difference is that of the shown, rounded figures, and the table says so (decision 0218)', async () => {
    const pipe = (length: number) => ({
      installationTarget: 'Infiltration',
      installationVariant: 'infiltrationTank',
      infiltrationTankType: 'Pipe',
      soilData: 'S5',
      permeabilityCoefficientX: 5.67,
      permeabilityCoefficientY: 5,
      recurrenceInterval: 5,
      safetyMargin: 20,
      floodingVerification: false,
      dimensioningInfiltrationTank: { width: 1, length, height: 0.6, numberOfPipes: 1, pipeType: 'DN_ID_200', storageCoefficientMaterial: 30 },
    });
    const pipes = { ...measure, data: pipe(1.004), variants: [{ id: 'v1', name: 'Lang', data: pipe(2.997) }] };
    setup({ 'GET /api/Project/p1/waterflow': { body: { sealedSurfaces: [surface], purifications: [], measures: [pipes] } } });
    await waitFor(() => expect(cell('variant-v1-footprint')).toBe('3,00'));
    expect(cell('variant-chosen-footprint')).toBe('1,00');
    // 3,00 − 1,00 = 2,00 as the reader checks it; the unrounded difference 1.993 would show +1,99
    expect(diff('variant-v1-footprint')).toBe('+2,00');
    expect(screen.getByTestId('variants-diff-note').textContent).toBe('Die Differenzen zur gewählten Variante sind die Differenzen der gezeigten, gerundeten Werte.');
  });

  it('adds a copy of the chosen variant with its product list and saves the measure', async () => {
    const { calls, store } = setup();
    await waitFor(() => expect(cell('variant-v1-footprint')).toBe('7,68'));
    fireEvent.click(screen.getByRole('button', { name: 'Variante hinzufügen' }));
    await waitFor(() => expect(screen.getByTestId('variant-head-v2').textContent).toContain('Variante 2'));
    const put = nodePuts(calls).at(-1)!;
    expect(put.variants?.map((v) => v.name)).toEqual(['Lang', 'Variante 2']);
    expect(put.variants?.[1]?.additionalProducts).toEqual([{ materialNumber: 'B-1', quantity: '6', text: 'Box', unit: 'St', unitPrice: '99' }]);
    expect(put.variants?.[1]?.data.dimensioningInfiltrationTank?.length).toBe(4.8);
    expect(store.waterflow.changed.has('m1')).toBe(false);
  });

  it('chooses a variant after confirming through the api\u2019s atomic call with the measure\u2019s version; the answer is the saved node (no PUT)', async () => {
    const chosen = {
      ...measure,
      data: boxData(9.6),
      variantName: 'Lang',
      variants: [{ id: 'v1', name: 'Kurz', data: boxData(4.8), additionalProducts: [{ materialNumber: 'B-1', quantity: '6', text: 'Box', unit: 'St', unitPrice: '99' }] }],
      version: 2,
    };
    const { calls, store } = setup({ 'POST /api/Project/p1/measure/m1/variants/v1/choose': { body: chosen } });
    await waitFor(() => expect(cell('variant-v1-footprint')).toBe('7,68'));
    fireEvent.click(within(head()).getByRole('button', { name: 'Wählen: Lang' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('„Lang“ wird zur Maßnahme');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Variante wählen' }));
    await waitFor(() => expect(store.waterflow.measure('m1')?.variantName).toBe('Lang'));
    const choose = calls.filter((c) => c.method === 'POST' && c.path === '/api/Project/p1/measure/m1/variants/v1/choose');
    expect(choose).toHaveLength(1);
    expect(choose[0]!.body).toEqual({ version: 1 });
    expect(calls.some((c) => c.method === 'PUT' && c.path.endsWith('/additionalProducts'))).toBe(false);
    expect(store.waterflow.measure('m1')?.data.dimensioningInfiltrationTank?.length).toBe(9.6);
    expect(store.waterflow.measure('m1')?.variants?.[0]).toMatchObject({ id: 'v1', name: 'Kurz', additionalProducts: [{ materialNumber: 'B-1', quantity: '6' }] });
    expect(store.waterflow.changed.has('m1')).toBe(false);
    await waitFor(() => expect(cell('variant-chosen-footprint')).toBe('7,68'));
    expect(diff('variant-v1-footprint')).toBe('-3,84');
    await store.waterflow.saveChanged();
    expect(nodePuts(calls)).toHaveLength(0);
    // a later edit is saved over the version the choose call answered
    await store.waterflow.edit(call('renameNode', 'm1', 'Rigole 2'));
    await store.waterflow.saveChanged();
    expect((nodePuts(calls)[0] as unknown as { version?: number }).version).toBe(2);
  });

  it('holds the page in a progress dialog while the choice is made, so the measure cannot be edited meanwhile', async () => {
    let answer = () => {};
    const wait = new Promise<void>((resolve) => (answer = resolve));
    const chosen = { ...measure, data: boxData(9.6), variantName: 'Lang', variants: [{ id: 'v1', name: 'Kurz', data: boxData(4.8) }], version: 2 };
    const { store } = setup({ 'POST /api/Project/p1/measure/m1/variants/v1/choose': { body: chosen, wait } });
    await waitFor(() => expect(cell('variant-v1-footprint')).toBe('7,68'));
    fireEvent.click(within(head()).getByRole('button', { name: 'Wählen: Lang' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Variante wählen' }));
    const progress = await screen.findByRole('dialog', { name: 'Variante wird gewählt …' });
    expect(progress).toBeTruthy();
    answer();
    await waitFor(() => expect(store.waterflow.measure('m1')?.variantName).toBe('Lang'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Variante wird gewählt …' })).toBeNull());
  });

  it('changes nothing when the choose call fails: a conflict asks to reload, another failure to try again', async () => {
    const conflict = { status: 409, body: { type: 'ERROR', code: 56, message: 'changed by someone else', current: { ...measure, version: 3 } } };
    const { calls, store } = setup({ 'POST /api/Project/p1/measure/m1/variants/v1/choose': conflict });
    await waitFor(() => expect(cell('variant-v1-footprint')).toBe('7,68'));
    const before = store.waterflow.measure('m1');
    expect(await act(() => variantsStore(store).choose('m1', 'v1'))).toBe(false);
    expect(store.waterflow.measure('m1')).toBe(before);
    expect(store.waterflow.changed.has('m1')).toBe(false);
    expect(nodePuts(calls)).toHaveLength(0);
    expect(store.notifications.notices.at(-1)?.message).toBe('dimensioning:variants.failed.chooseConflict');
  });

  it('changes nothing when the choose call fails for another reason, and says to try again', async () => {
    const { calls, store } = setup({ 'POST /api/Project/p1/measure/m1/variants/v1/choose': { status: 500, body: { type: 'ERROR', code: 1, message: 'Datenbank nicht erreichbar' } } });
    await waitFor(() => expect(cell('variant-v1-footprint')).toBe('7,68'));
    const before = store.waterflow.measure('m1');
    expect(await act(() => variantsStore(store).choose('m1', 'v1'))).toBe(false);
    expect(store.waterflow.measure('m1')).toBe(before);
    expect(nodePuts(calls)).toHaveLength(0);
    expect(store.notifications.notices.at(-1)?.message).toBe('dimensioning:variants.failed.chooseRetry');
  });

  it('refuses to choose while a change of the measure cannot be saved, and calls nothing', async () => {
    const { calls, store } = setup();
    await waitFor(() => expect(cell('variant-v1-footprint')).toBe('7,68'));
    const failingPut = calls.length;
    vi.spyOn(store.waterflow.repository, 'saveChanged').mockResolvedValue({ saved: [], failed: [{ kind: 'measure', id: 'm1', error: new Error('offline') }] });
    await store.waterflow.edit(call('renameNode', 'm1', 'Rigole 2'));
    expect(await act(() => variantsStore(store).choose('m1', 'v1'))).toBe(false);
    expect(calls.slice(failingPut).some((c) => c.path.endsWith('/choose'))).toBe(false);
    expect(store.waterflow.measure('m1')?.variantName).toBe('Kurz');
    expect(store.notifications.notices.some((n) => n.message === 'dimensioning:variants.failed.chooseUnsaved')).toBe(true);
  });

  it('deletes a variant after confirming and shows a failed price load with a retry', async () => {
    const { calls } = setup({ 'GET /api/Project/p1/measure/m1/variants': { status: 500, body: { type: 'ERROR', code: 1, message: 'Preise fehlen' } } });
    await waitFor(() => expect(screen.getByTestId('variants-prices').textContent).toContain('Preise fehlen'));
    expect(within(screen.getByTestId('variants-prices')).getByRole('button', { name: 'Preise erneut laden' })).toBeTruthy();
    fireEvent.click(within(head()).getByRole('button', { name: 'Löschen: Lang' }));
    const dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Löschen' }));
    await waitFor(() => expect(screen.getByTestId('variants-none')).toBeTruthy());
    expect(nodePuts(calls).at(-1)?.variants).toBeUndefined();
  });
});

describe('variant helpers', () => {
  it('formats signed differences and money in the UI language', () => {
    expect(signed(1.5, 'de')).toBe('+1,50');
    expect(signed(1.54, 'de', 1)).toBe('+1,5');
    expect(signed(-2, 'en')).toBe('-2.00');
    expect(signed(0.001, 'de')).toBe('±0');
    expect(signed(undefined, 'de')).toBeUndefined();
    expect(money('1234.5', 'de')).toBe('1.234,50');
    expect(money('1234.5', 'en')).toBe('1,234.50');
    expect(money('-10.00', 'de', true)).toBe('-10,00');
    expect(money('0.00', 'en', true)).toBe('±0.00');
  });

  it('converts product lines between the api and the project file and finds the next free name', () => {
    const line = { materialNumber: 'X', orderNumber: 'O', text: 'T', longText: null, unit: 'm', quantity: 2.5, unitPrice: '3.10', totalPrice: '7.75' };
    const product = additionalProduct(line)!;
    expect(product).toEqual({ materialNumber: 'X', quantity: '2.5', orderNumber: 'O', text: 'T', unit: 'm', unitPrice: '3.1' });
    expect(productLine(product)).toEqual({ materialNumber: 'X', orderNumber: 'O', text: 'T', longText: null, unit: 'm', quantity: '2.5', unitPrice: '3.1' });
    expect(additionalProduct({ materialNumber: 'X', quantity: -1 })).toBeUndefined();
    expect(nextName(['Variante 1', 'Variante 2', 'Variante 4'], (n) => `Variante ${n}`)).toBe('Variante 3');
  });
});
