/**
 * The administrators' rain data import screen (platform spec sections 3 and 7): DWD files go to
 * POST /Raindata/import (multipart field `files`, the chosen edition as fileType) and the answer's
 * newLocations, newRainDatasets and ignoredFiles are shown; a refused import says so and keeps
 * the chosen files; non-administrators never reach it (route guard).
 */
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { RouterProvider } from 'react-router';
import { createApi } from '../../api/index.ts';
import { readConfig } from '../../config.ts';
import { createI18n } from '../../i18n/index.ts';
import { createTestRouter } from '../../router/createAppRouter.ts';
import { RootStore } from '../../stores/RootStore.ts';
import { renderWithStore, signedIn } from '../../test/render.tsx';

type Call = { method: string; path: string; query: URLSearchParams; files: string[] };

function adminStore(answer: { status: number; body: unknown }, admin = true) {
  const calls: Call[] = [];
  const session = signedIn(admin ? { isAdmin: true, roles: ['Administrator'] } : {})['/api/User'].body;
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const body = init?.body;
    const files = body instanceof FormData ? body.getAll('files').map((f) => (f instanceof File ? f.name : String(f))) : [];
    calls.push({ method: init?.method ?? 'GET', path: url.pathname, query: url.searchParams, files });
    if (url.pathname === '/api/User') return new Response(JSON.stringify(session), { status: 200 });
    if (url.pathname === '/api/Raindata/import') return new Response(JSON.stringify(answer.body), { status: answer.status });
    return new Response(JSON.stringify({ type: 'ERROR', code: 11, message: 'not found' }), { status: 404 });
  }) as typeof globalThis.fetch;
  const i18n = createI18n('de');
  const store: RootStore = new RootStore({ i18n, api: createApi({ config: readConfig({}), fetch, culture: () => i18n.language, onError: (error) => store.notifications.error(error) }) });
  return { store, calls };
}

async function open(answer: { status: number; body: unknown }, admin = true) {
  window.localStorage.setItem('rainplan.changelogVersion', '1.0.5');
  const { store, calls } = adminStore(answer, admin);
  const router = createTestRouter(store, ['/admin/raindata']);
  renderWithStore(<RouterProvider router={router} />, store);
  await waitFor(() => expect(router.state.initialized).toBe(true));
  return { store, calls, router };
}

function choose(names: string[]) {
  const input = document.querySelector('input[type="file"]') as HTMLInputElement;
  Object.defineProperty(input, 'files', { configurable: true, value: names.map((name) => new File(['x'], name)) });
  fireEvent.change(input);
}

describe('rain data import screen', () => {
  it('uploads the chosen files with the edition and shows the result', async () => {
    const { calls } = await open({ status: 200, body: { newLocations: 1234, newRainDatasets: 5678, ignoredFiles: ['readme.txt'] } });
    await screen.findByRole('heading', { level: 1, name: 'Regendaten importieren' }, { timeout: 15_000 });
    const upload = screen.getByRole('button', { name: 'Importieren' }) as HTMLButtonElement;
    expect(upload.disabled).toBe(true);
    const select = Array.from(document.querySelectorAll('select')).find((s) => Array.from(s.options).some((o) => o.value === 'KOSTRA-DWD-2020'))!;
    fireEvent.change(select, { target: { value: 'KOSTRA-DWD-2020' } });
    choose(['KOSTRA-DWD-2020_D00005.dbf', 'readme.txt']);
    await screen.findByText('2 Dateien ausgewählt');
    await waitFor(() => expect(upload.disabled).toBe(false));
    fireEvent.click(upload);
    await screen.findByRole('heading', { level: 2, name: 'Ergebnis des Imports' });
    const call = calls.find((c) => c.path === '/api/Raindata/import')!;
    expect(call.method).toBe('POST');
    expect(call.query.get('fileType')).toBe('KOSTRA-DWD-2020');
    expect(call.files).toEqual(['KOSTRA-DWD-2020_D00005.dbf', 'readme.txt']);
    expect(document.body.textContent).toContain('1.234');
    expect(document.body.textContent).toContain('5.678');
    expect(screen.getByText('readme.txt')).toBeTruthy();
  });

  it('says so when the import is refused and keeps the chosen files', async () => {
    await open({ status: 400, body: { type: 'ERROR', code: 2, message: 'INVALID_DATA in x.dbf row 3' } });
    await screen.findByRole('heading', { level: 1, name: 'Regendaten importieren' }, { timeout: 15_000 });
    choose(['x.dbf']);
    const upload = screen.getByRole('button', { name: 'Importieren' }) as HTMLButtonElement;
    await waitFor(() => expect(upload.disabled).toBe(false));
    fireEvent.click(upload);
    await screen.findByText(/Der Import ist fehlgeschlagen/);
    expect(screen.getByText('1 Datei ausgewählt')).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 2, name: 'Ergebnis des Imports' })).toBeNull();
  });

  it('refuses more files than one upload takes', async () => {
    await open({ status: 200, body: { newLocations: 0, newRainDatasets: 0, ignoredFiles: [] } });
    await screen.findByRole('heading', { level: 1, name: 'Regendaten importieren' }, { timeout: 15_000 });
    choose(Array.from({ length: 65 }, (_, i) => `f${i}.dbf`));
    await screen.findByText('Bitte höchstens 64 Dateien auf einmal hochladen.');
    expect((screen.getByRole('button', { name: 'Importieren' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('sends non-administrators to /error', async () => {
    const { router } = await open({ status: 200, body: {} }, false);
    await waitFor(() => expect(router.state.location.pathname).toBe('/error'));
  });
});
