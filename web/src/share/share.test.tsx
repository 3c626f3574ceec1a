/**
 * The share dialog and the read-only shared view (issue 19, part 3) over a fetch stub; the engine
 * evaluates on the main thread (happy-dom has no worker).
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { RouterProvider } from 'react-router';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTestRouter } from '../router/createAppRouter.ts';
import { renderWithStore, SIGNED_OUT, signedIn, testStore } from '../test/render.tsx';
import { ShareDialog } from './ShareDialog.tsx';
import { endOfDay, shareUrl } from './ShareLinksStore.ts';
import { statusOfError } from './SharedViewStore.ts';
import { ApiError } from '../api/index.ts';
import { evaluate, type Project } from '@rainplan/engine';
import { fixtureProject } from '../projectFile/testing.ts';
import { measureInputFigures, measureResultFigures } from '../dimensioning/ui/measureFigures.ts';

const TOKEN = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcde';

const link = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  label: 'Behörde',
  creationDate: '2026-11-20T10:00:00.000Z',
  expiresAt: null,
  revokedAt: null,
  state: 'active',
  lastAccess: null,
  accessCount: 0,
  ...extra,
});

const surface = { id: 's1', name: 'Dach Nord', parentId: 'm1', drain: 'Groundwater', value: 420, data: { runoff: 'flatRoof', cm: 0.9, cs: 1, groundPollutionM153: 'F2' } };
const measure = { id: 'm1', name: 'Mulde Hof', parentId: null, drain: 'Groundwater', value: null, sealedSurfaces: ['s1'], data: {} };
const shared = {
  link: { label: 'Behörde', expiresAt: null },
  project: {
    name: 'Kita Sonnenschein',
    comment: 'Gründach',
    location: { latitude: 48.137, longitude: 11.575, address: 'Marienplatz 1, München' },
    airPollution: 'L2',
    clientData: { name: 'Stadtwerke', city: 'München' },
    ruleEdition: 'DWA-A 138-1:2024',
    usesCustomRaindata: false,
    creationDate: '2026-11-01T08:00:00.000Z',
  },
  file: {
    schemaVersion: 4,
    project: { name: 'Kita Sonnenschein', location: { latitude: 48.137, longitude: 11.575, address: 'Marienplatz 1, München' }, airPollution: 'L2', ruleEdition: 'DWA-A 138-1:2024' },
    purificationFacilities: [],
    waterflow: { sealedSurfaces: [surface], purifications: [], measures: [measure] },
  },
  itemTypes: [],
};

async function visit(path: string, answers: Record<string, { status?: number; body?: unknown }>, language: 'de' | 'en' = 'de', seenChangelog = true) {
  if (seenChangelog) window.localStorage.setItem('rainplan.changelogVersion', '1.0.5');
  else window.localStorage.removeItem('rainplan.changelogVersion');
  const store = testStore({ ...SIGNED_OUT, ...answers }, language);
  const router = createTestRouter(store, [path]);
  renderWithStore(<RouterProvider router={router} />, store);
  return { store, router };
}

describe('the shared view', () => {
  it('shows the project data, surfaces and measures read-only without an account, evaluated by the engine', async () => {
    const { store } = await visit(`/share/${TOKEN}`, { [`GET /api/Share/${TOKEN}`]: { body: shared } });
    // the route module loads lazily (slow on a first, cold import)
    expect((await screen.findByTestId('shared-name', {}, { timeout: 20_000 })).textContent).toBe('Kita Sonnenschein');
    expect(screen.getByText('Marienplatz 1, München')).toBeTruthy();
    expect(screen.getByText('Stadtwerke, München')).toBeTruthy();
    const surfaces = screen.getByTestId('shared-surfaces');
    await waitFor(() => expect(within(surfaces).getByText('378')).toBeTruthy(), { timeout: 10_000 }); // A_C = 420 · 0.9, from the engine
    expect(within(surfaces).getByText('Flachdach')).toBeTruthy();
    expect(within(surfaces).getByText('Mulde Hof')).toBeTruthy();
    await waitFor(() => expect(within(screen.getByTestId('shared-measures')).getByText('Mulde Hof')).toBeTruthy());
    // nothing to edit, nothing linking into the planner
    expect(document.querySelectorAll('main input, main textarea, main select')).toHaveLength(0);
    expect([...document.querySelectorAll('main a')].filter((a) => (a.getAttribute('href') ?? '').startsWith('/project'))).toHaveLength(0);
    for (const name of ['Bemessungsbericht (PDF)', 'Massenliste (Excel)', 'Massenliste (PDF)']) expect(screen.getByRole('button', { name })).toBeTruthy();
    expect(store.waterflow.bridge.mode).toBe('main-thread');
  });

  it("shows each measure's design inputs beside its results with the planner's figures, and nothing of the planner's frame", async () => {
    const file = fixtureProject('sizing-infiltration-2024');
    // a first visit: the planner's release notes would open here; the share view has none
    const branding = JSON.parse(readFileSync(path.resolve(process.cwd(), '../fixtures/branding/demo/branding.json'), 'utf8')) as Record<string, unknown>;
    const { store } = await visit(`/share/${TOKEN}`, { [`GET /api/Share/${TOKEN}`]: { body: { ...shared, file } }, 'GET /api/Branding': { body: { ...branding, logoSvg: '<svg xmlns="http://www.w3.org/2000/svg"></svg>' } } }, 'de', false);
    await screen.findByTestId('shared-name', {}, { timeout: 20_000 });
    const sections = await waitFor(() => {
      const found = screen.getAllByTestId('shared-measure');
      expect(found).toHaveLength(file.waterflow.measures.length);
      return found;
    }, { timeout: 10_000 });
    const evaluation = evaluate(file);
    const t = store.i18n.getFixedT('de', 'dimensioning');
    evaluation.measures.forEach((m, index) => {
      const section = sections[index]!;
      expect(within(section).getByRole('heading', { level: 3 }).textContent).toBe(m.name);
      const inputs = within(section).getByTestId('shared-inputs');
      const results = within(section).getByTestId('shared-results');
      // the same rows the planner's measure editor builds (measureFigures.ts), value for value
      for (const row of measureInputFigures(m.data, 'de', t)) expect(inputs.querySelector(`[data-figure="${row.key}"] dd`)?.textContent, row.key).toBe(row.value);
      for (const row of measureResultFigures(m, m.data, 'de', t)) expect(results.querySelector(`[data-figure="${row.key}"] dd`)?.textContent, row.key).toBe(row.value);
    });
    const first = sections[0]!;
    expect(within(first).getByText('Wiederkehrzeit (Jahre)')).toBeTruthy();
    expect(within(first).getByText('Sicherheitszuschlag (%)')).toBeTruthy();
    expect(first.querySelector('[data-figure="kf"] dd')?.textContent).toMatch(/^\d+(,\d+)? · 10⁻[⁰¹²³⁴⁵⁶⁷⁸⁹]+ m\/s$/);
    // volumes with two decimals everywhere (no "8,7" beside "12,04")
    for (const cell of screen.getAllByTestId('shared-required')) expect(cell.firstChild?.textContent ?? '').toMatch(/^(---|[\d.]+,\d\d)$/);
    // no release-notes dialog, one main landmark, no planner links in the footer
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.querySelectorAll('main')).toHaveLength(1);
    expect(screen.queryByRole('link', { name: 'Projekte' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Neues Projekt' })).toBeNull();
    // the footer's provider links come from the operator's branding (GET /api/Branding)
    const footer = await screen.findByTestId('footer-service');
    expect(within(footer).getByRole('link', { name: 'Preisliste' }).getAttribute('href')).toBe('https://rainplan.invalid/downloads/price-list.pdf');
    expect(within(footer).getByRole('link', { name: 'Ausschreibungstexte (deutsch)' }).getAttribute('href')).toBe('https://rainplan.invalid/ausschreibungstexte');
    expect(screen.getByRole('link', { name: 'LinkedIn' })).toBeTruthy();
  });

  it('shows a flooding volume calculated with the verification off, marked as information (and no mark on a verified one)', async () => {
    const base = fixtureProject('large-site-flooding') as Project;
    const measures = base.waterflow.measures.map((m) => (m.id === 'm-rigole-pkw' ? { ...m, data: { ...m.data, calculateFlooding: true, floodingVerification: false } } : m));
    const file = { ...base, waterflow: { ...base.waterflow, measures } };
    const evaluation = evaluate(file);
    const info = evaluation.measures.find((m) => m.id === 'm-rigole-pkw')!;
    const verified = evaluation.measures.find((m) => m.id === 'm-rigole-buero')!;
    expect(info.floodingVerification).toBe(false);
    expect(verified.floodingVerification).toBe(true);
    const { store } = await visit(`/share/${TOKEN}`, { [`GET /api/Share/${TOKEN}`]: { body: { ...shared, file } } }, 'en');
    await screen.findByTestId('shared-name', {}, { timeout: 20_000 });
    const sections = await waitFor(() => {
      const found = screen.getAllByTestId('shared-measure');
      expect(found).toHaveLength(file.waterflow.measures.length);
      return found;
    }, { timeout: 10_000 });
    const t = store.i18n.getFixedT('en', 'dimensioning');
    const volume = measureResultFigures(info, info.data, 'en', t).find((r) => r.key === 'flooding')!.value;
    expect(volume).toMatch(/^[\d,]+\.\d\d$/);
    const at = (m: { id: string }) => evaluation.measures.findIndex((x) => x.id === m.id);
    const cells = screen.getAllByTestId('shared-flooding');
    expect(cells[at(info)]!.textContent).toBe(`${volume}for information`);
    expect(cells[at(verified)]!.textContent).not.toContain('for information');
    const results = within(sections[at(info)]!).getByTestId('shared-results');
    expect(results.querySelector('[data-figure="flooding"] dt')?.textContent).toBe(`${t('measure.floodingVolume')} (for information)`);
    expect(results.querySelector('[data-figure="flooding"] dd')?.textContent).toBe(volume);
    expect(within(sections[at(verified)]!).getByTestId('shared-results').querySelector('[data-figure="flooding"] dt')?.textContent).toBe(t('measure.floodingVolume'));
  });

  it('says clearly when a link ended, does not exist, or the server failed — in the UI language', async () => {
    await visit(`/share/${TOKEN}`, { [`GET /api/Share/${TOKEN}`]: { status: 410, body: { type: 'ERROR', code: 71, message: 'ended' } } });
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Dieser Link gilt nicht mehr'), { timeout: 20_000 });
    expect(screen.getByTestId('share-unavailable').getAttribute('data-status')).toBe('ended');
  });

  it('shows the unknown-link page in English', async () => {
    await visit(`/share/${TOKEN}`, { [`GET /api/Share/${TOKEN}`]: { status: 404, body: { type: 'ERROR', code: 70, message: 'unknown' } } }, 'en');
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('This link does not exist'), { timeout: 20_000 });
  });

  it('maps the api answers to the page states', () => {
    expect(statusOfError(new ApiError('x', 410, 71))).toBe('ended');
    expect(statusOfError(new ApiError('x', 404, 70))).toBe('unknown');
    expect(statusOfError(new ApiError('x', 400, 2))).toBe('unknown');
    expect(statusOfError(new ApiError('x', 429, 15))).toBe('tooMany');
    expect(statusOfError(new ApiError('x', 500, 1))).toBe('failed');
    expect(statusOfError(new ApiError('x', 0))).toBe('failed');
    expect(statusOfError(new Error('x'))).toBe('failed');
  });
});

describe('the share dialog', () => {
  const created = { ...link('l2', { label: null }), token: TOKEN, path: `/share/${TOKEN}` };

  function dialog() {
    const store = testStore({
      ...signedIn(),
      'GET /api/Project/p1/shareLinks': { body: [link('l1', { accessCount: 3, lastAccess: '2026-11-24T09:30:00.000Z' })] },
      'POST /api/Project/p1/shareLinks': { body: created },
      'DELETE /api/Project/p1/shareLinks/l1': { body: link('l1', { state: 'revoked', revokedAt: '2026-11-25T10:00:00.000Z', accessCount: 3 }) },
    });
    void store.shareLinks.load('p1');
    renderWithStore(<ShareDialog projectId="p1" onClose={() => undefined} />, store);
    return store;
  }

  it('lists the links, creates one and shows its URL once, revokes after a confirmation', async () => {
    const store = dialog();
    const table = await screen.findByTestId('share-links');
    expect(within(table).getByText('Behörde')).toBeTruthy();
    expect(within(table).getByText('3')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Link erstellen' }));
    const url = (await screen.findByTestId('share-url')) as HTMLInputElement;
    expect(url.value).toBe(`${window.location.origin}/share/${TOKEN}`);
    expect(url.readOnly).toBe(true);
    await waitFor(() => expect(within(screen.getByTestId('share-links')).getAllByRole('row')).toHaveLength(3));
    // the list never holds a token
    expect(JSON.stringify(store.shareLinks.links)).not.toContain(TOKEN);

    fireEvent.click(screen.getByRole('button', { name: 'Link „Behörde“ widerrufen' }));
    const confirm = await screen.findByRole('alertdialog');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Widerrufen' }));
    await waitFor(() => expect(store.shareLinks.links.find((l) => l.id === 'l1')?.state).toBe('revoked'));
    expect(within(screen.getByTestId('share-links')).getByText('widerrufen')).toBeTruthy();

    store.shareLinks.forgetCreated();
    await waitFor(() => expect(screen.queryByTestId('share-url')).toBeNull());
  });
});

describe('helpers', () => {
  it('ends an expiry at the end of the chosen local day and builds the URL', () => {
    const iso = endOfDay('2027-03-31');
    const end = new Date(iso ?? '');
    expect([end.getFullYear(), end.getMonth(), end.getDate(), end.getHours(), end.getMinutes()]).toEqual([2027, 2, 31, 23, 59]);
    expect(endOfDay('31.03.2027')).toBeUndefined();
    expect(shareUrl('/share/x', 'https://plan.example/')).toBe('https://plan.example/share/x');
  });
});
