/**
 * The wizard's order and its "next step" beside the project tabs (planning spec section 2;
 * decision 0219): project data → dimensioning → treatment → box configurator → documents, the
 * current step marked, the next one a button that saves first; without a treatment the button
 * says it adds one; the documents are the last step.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { createApi } from '../../api/index.ts';
import { readConfig } from '../../config.ts';
import { call } from '../../engine/shared/call.ts';
import { createI18n } from '../../i18n/index.ts';
import { createTestRouter } from '../../router/createAppRouter.ts';
import { RootStore } from '../../stores/RootStore.ts';
import { renderWithStore, signedIn } from '../../test/render.tsx';
import { nextWizardStep, WIZARD_STEPS, wizardStep } from './WizardSteps.tsx';

const detail = { id: 'p1', name: 'Schule', comment: null, location: { latitude: 48.14, longitude: 11.58, address: 'München' }, airPollution: 'L2', clientData: null, usesCustomRaindata: false, ruleEdition: 'DWA-A 138-1:2024' };
const surface = { id: 's1', name: 'Dach', parentId: 'm1', drain: 'Groundwater', value: 100, data: { runoff: 'flatRoof', cm: 0.9, cs: 1, groundPollutionM153: 'F2' }, version: 1 };
const measure = { id: 'm1', name: 'Rigole', parentId: null, drain: 'Groundwater', value: null, sealedSurfaces: ['s1'], AC: null, data: {}, version: 1 };
const purification = { id: 'p', name: 'Schacht', parentId: 'm1', drain: 'Groundwater', value: null, sealedSurfaces: [], AC: null, data: {}, version: 1 };

function setup(path: string, purifications: unknown[] = [purification], language: 'de' | 'en' = 'de') {
  const calls: string[] = [];
  const table: Record<string, { status?: number; body?: unknown }> = {
    ...signedIn(),
    'GET /api/Project/p1': { body: detail },
    'GET /api/Project/p1/waterflow': { body: { sealedSurfaces: [surface], purifications, measures: [measure] } },
    'GET /api/Project/p1/raindata': { status: 404, body: { type: 'ERROR', code: 57, message: 'no rain data' } },
    'GET /api/Project/purificationFacilities': { body: [] },
    'POST /api/Project/p1/purification': { body: { ...purification, id: 'p-new', name: 'Reinigung 1', parentId: null } },
  };
  const fetchStub = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    calls.push(`${method} ${url.pathname}`);
    if (method === 'PUT') {
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as object) : {};
      return new Response(JSON.stringify({ ...body, version: 2 }), { status: 200 });
    }
    const answer = table[`${method} ${url.pathname}`] ?? table[url.pathname] ?? { status: 404, body: { type: 'ERROR', code: 11, message: 'not found' } };
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), { status: answer.status ?? 200 });
  }) as typeof fetch;
  const i18n = createI18n(language);
  const store: RootStore = new RootStore({
    i18n,
    api: createApi({ config: readConfig({}), fetch: fetchStub, culture: () => i18n.language, onError: (error) => store.notifications.error(error) }),
  });
  window.localStorage.setItem('rainplan.changelogVersion', '1.0.5');
  const router = createTestRouter(store, [path]);
  renderWithStore(<RouterProvider router={router} />, store);
  return { store, router, calls };
}

const wizard = () => within(screen.getByRole('navigation', { name: 'Arbeitsschritte' }));
const current = () => wizard().getAllByRole('listitem').find((li) => li.getAttribute('aria-current') === 'step')?.textContent;
const next = () => wizard().getByRole('button');

afterEach(() => window.localStorage.clear());

describe('wizard order', () => {
  it("is the spec's: project data, dimensioning, treatment, box configurator, documents", () => {
    expect(WIZARD_STEPS).toEqual(['projectData', 'dimensioning', 'treatment', 'configurator', 'documents']);
    expect(WIZARD_STEPS.map(nextWizardStep)).toEqual(['dimensioning', 'treatment', 'configurator', 'documents', undefined]);
    expect(wizardStep('/project/p1/projectData', 'p1')).toBe('projectData');
    expect(wizardStep('/project/p1/dimensioning', 'p1')).toBe('dimensioning');
    expect(wizardStep('/project/p1/dimensioning/measures/m1', 'p1')).toBe('dimensioning');
    expect(wizardStep('/project/p1/dimensioning/sealedsurfaces/s1', 'p1')).toBe('dimensioning');
    expect(wizardStep('/project/p1/dimensioning/purifications/p', 'p1')).toBe('treatment');
    expect(wizardStep('/project/p1/configurator', 'p1')).toBe('configurator');
    expect(wizardStep('/project/p1/documents', 'p1')).toBe('documents');
  });
});

describe('next step beside the tabs', () => {
  it('lists the five steps with the current one marked, and from the measure editor saves and opens the first treatment', async () => {
    const { store, router, calls } = setup('/project/p1/dimensioning/measures/m1');
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('Rigole'), { timeout: 10_000 });
    expect(wizard().getAllByRole('listitem').map((li) => li.textContent)).toEqual(['1. Projektdaten', '2. Bemessung', '3. Behandlung', '4. Boxkonfigurator', '5. Dokumente']);
    expect(current()).toBe('2. Bemessung');
    await store.waterflow.edit(call('renameNode', 'm1', 'Rigole Ost'));
    await waitFor(() => expect(next().hasAttribute('disabled') || next().getAttribute('aria-disabled') === 'true').toBe(false));
    expect(next().textContent).toBe('Nächster Schritt: Behandlung');
    fireEvent.click(next());
    await waitFor(() => expect(router.state.location.pathname).toBe('/project/p1/dimensioning/purifications/p'));
    expect(calls).toContain('PUT /api/Project/p1/measure/m1');
    expect(store.waterflow.changed.size).toBe(0);
    await waitFor(() => expect(current()).toBe('3. Behandlung'));
    expect(next().textContent).toBe('Nächster Schritt: Boxkonfigurator');
  });

  it('without a treatment the button says it adds one, and the click creates and opens it', async () => {
    const { store, router, calls } = setup('/project/p1/dimensioning/measures/m1', []);
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('Rigole'), { timeout: 10_000 });
    expect(next().textContent).toBe('Nächster Schritt: Behandlung anlegen');
    fireEvent.click(next());
    await waitFor(() => expect(router.state.location.pathname).toBe('/project/p1/dimensioning/purifications/p-new'));
    expect(calls.filter((c) => c === 'POST /api/Project/p1/purification')).toHaveLength(1);
    expect(store.waterflow.waterflow.purifications.map((p) => p.id)).toEqual(['p-new']);
  });

  it('from project data goes to dimensioning (the sealed surfaces); the documents are the last step', async () => {
    const first = setup('/project/p1/projectData');
    await waitFor(() => expect(current()).toBe('1. Projektdaten'), { timeout: 10_000 });
    await waitFor(() => expect(next().textContent).toBe('Nächster Schritt: Bemessung'));
    fireEvent.click(next());
    await waitFor(() => expect(first.router.state.location.pathname).toMatch(/^\/project\/p1\/dimensioning\/sealedsurfaces/));
  });

  it('on the documents page no next step is offered', async () => {
    setup('/project/p1/documents');
    await waitFor(() => expect(current()).toBe('5. Dokumente'), { timeout: 10_000 });
    expect(wizard().queryByRole('button')).toBeNull();
    expect(screen.getByTestId('wizard-done').textContent).toBe('Letzter Schritt: Laden Sie die Dokumente herunter.');
  });

  it('speaks English with the English UI', async () => {
    setup('/project/p1/dimensioning/purifications/p', [purification], 'en');
    const steps = within(await screen.findByRole('navigation', { name: 'Steps' }));
    expect(steps.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['1. Project data', '2. Dimensioning', '3. Treatment', '4. Box configurator', '5. Documents']);
    await waitFor(() => expect(steps.getByRole('button').textContent).toBe('Next step: Box configurator'));
  });
});
