/**
 * The purification editor's M 153 calculation table and its Back button, and the progress cursor
 * while switching element (planning spec sections 2 and 4; decision 0217):
 * - the table's total row shows the total area and the share total (1,000) beside the load;
 * - Back saves and opens the purification's measure, else the first measure, and without any
 *   measure returns to the surfaces (it never creates one, decision 0082);
 * - switching element (the flow overview) shows the progress cursor until the save answered.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { call } from '../../engine/shared/call.ts';
import { createTestRouter } from '../../router/createAppRouter.ts';
import { editorAnswers } from '../../test/planning.ts';
import { renderWithStore, signedIn, storeOverFetch, stubAnswer } from '../../test/render.tsx';

const surface = (id: string, name: string, area: number, parentId: string | null) => ({ id, name, parentId, drain: 'Groundwater', value: area, data: { runoff: 'flatRoof', cm: 0.9, cs: 1, groundPollutionM153: 'F5' }, version: 1 });
const measure = (id: string, name: string, sealedSurfaces: string[]) => ({ id, name, parentId: null, drain: 'Groundwater', value: null, sealedSurfaces, AC: null, data: {}, version: 1 });
const purification = (parentId: string | null) => ({ id: 'p', name: 'Schacht', parentId, drain: 'Groundwater', value: null, sealedSurfaces: ['s1', 's2', 's3'], AC: null, data: { waterCategory: 'G12' }, version: 1 });

interface Setup {
  readonly measures?: ReturnType<typeof measure>[];
  readonly parentId?: string | null;
  /** Holds every PUT until resolved. */
  readonly hold?: Promise<void>;
}

function setup({ measures = [measure('m1', 'Rigole Nord', []), measure('m2', 'Rigole Süd', ['s1', 's2', 's3'])], parentId = 'm2', hold }: Setup = {}) {
  const puts: string[] = [];
  const surfaces = [surface('s1', 'Dach A', 100, 'p'), surface('s2', 'Dach B', 100, 'p'), surface('s3', 'Dach C', 100, 'p')];
  const table: Record<string, { status?: number; body?: unknown }> = {
    ...signedIn(),
    ...editorAnswers({ sealedSurfaces: surfaces, purifications: [purification(parentId)], measures }),
  };
  const fetchStub = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    if (method === 'PUT') {
      puts.push(url.pathname);
      if (hold !== undefined) await hold;
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as object) : {};
      return new Response(JSON.stringify({ ...body, version: 2 }), { status: 200 });
    }
    return stubAnswer(table, method, url.pathname);
  }) as typeof fetch;
  const store = storeOverFetch(fetchStub);
  window.localStorage.setItem('rainplan.changelogVersion', '1.0.5');
  const router = createTestRouter(store, ['/project/p1/dimensioning/purifications/p']);
  renderWithStore(<RouterProvider router={router} />, store);
  return { store, router, puts };
}

const opened = async () => waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('Schacht'), { timeout: 10_000 });
const back = () => screen.getByRole('button', { name: 'Zurück' });

afterEach(() => window.localStorage.clear());

describe('purification editor: M 153 table', () => {
  it('the total row shows the total area, the share total and the load', async () => {
    const { store } = setup();
    await opened();
    const table = screen.getByRole('table', { name: 'Berechnung' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(5));
    // three equal roofs: a third each, the shares total 1
    expect(within(table).getAllByText('0,333')).toHaveLength(3);
    expect(screen.getByTestId('m153-share-total').textContent).toBe('1');
    expect(screen.getByTestId('m153-area-total').textContent).toBe('270');
    const m153 = store.waterflow.purificationResults.get('p')?.m153;
    expect(m153?.areaShareTotal).toBeCloseTo(1, 12);
    expect(screen.getByTestId('m153-load').textContent).toBe('29');
  });
});

describe('purification editor: Back', () => {
  it("opens the purification's own measure (not merely the first)", async () => {
    const { router } = setup();
    await opened();
    fireEvent.click(back());
    await waitFor(() => expect(router.state.location.pathname).toBe('/project/p1/dimensioning/measures/m2'));
  });

  it('without a measure of its own, opens the first measure', async () => {
    const { router } = setup({ parentId: null });
    await opened();
    fireEvent.click(back());
    await waitFor(() => expect(router.state.location.pathname).toBe('/project/p1/dimensioning/measures/m1'));
  });

  it('saves a changed purification first', async () => {
    const { store, router, puts } = setup();
    await opened();
    await act(() => store.waterflow.edit(call('renameNode', 'p', 'Schacht 2')));
    expect(store.waterflow.changed.has('p')).toBe(true);
    fireEvent.click(back());
    await waitFor(() => expect(router.state.location.pathname).toBe('/project/p1/dimensioning/measures/m2'));
    expect(puts).toContain('/api/Project/p1/purification/p');
    expect(store.waterflow.changed.has('p')).toBe(false);
  });

  it('without any measure returns to the first surface draining here and creates none', async () => {
    const { store, router } = setup({ measures: [], parentId: null });
    await opened();
    fireEvent.click(back());
    await waitFor(() => expect(router.state.location.pathname).toBe('/project/p1/dimensioning/sealedsurfaces/s1'));
    expect(store.waterflow.waterflow.measures).toHaveLength(0);
  });
});

describe('switching element shows a progress cursor', () => {
  it('the layout is busy (progress cursor) from the click until the save answered and the element opened', async () => {
    let release = () => {};
    const hold = new Promise<void>((resolve) => (release = resolve));
    const { store, router } = setup({ hold });
    await opened();
    const layout = document.querySelector('.rp-project-layout')!;
    expect(layout.classList.contains('rp-busy')).toBe(false);
    await act(() => store.waterflow.edit(call('renameNode', 'p', 'Schacht 2')));
    const overview = screen.getByRole('complementary');
    fireEvent.click(within(overview).getByRole('button', { name: 'Dach B' }));
    await waitFor(() => expect(layout.classList.contains('rp-busy')).toBe(true));
    expect(layout.getAttribute('aria-busy')).toBe('true');
    expect(router.state.location.pathname).toBe('/project/p1/dimensioning/purifications/p');
    release();
    await waitFor(() => expect(router.state.location.pathname).toBe('/project/p1/dimensioning/sealedsurfaces/s2'));
    await waitFor(() => expect(layout.classList.contains('rp-busy')).toBe(false));
  });
});
