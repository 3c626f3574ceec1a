import { fireEvent, screen, waitFor } from '@testing-library/react';
import { RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createTestRouter } from '../../router/createAppRouter.ts';
import { renderWithStore, signedIn, testStore } from '../../test/render.tsx';

const detail = { id: 'p1', name: 'Schule', comment: null, location: { latitude: 48.14, longitude: 11.58, address: 'München' }, airPollution: 'L2', clientData: null, usesCustomRaindata: false, ruleEdition: 'DWA-A 138-1:2024' };
const surface = { id: 's1', name: 'Dach', parentId: null, drain: 'Groundwater', value: 100, data: { runoff: 'flatRoof', cm: 0.9, cs: 1, groundPollutionM153: 'F2' }, version: 1 };
const measure = { id: 'm1', name: 'Rigole', parentId: null, drain: null, value: null, sealedSurfaces: [], AC: null, data: {}, version: 1 };

function store() {
  return testStore({
    ...signedIn(),
    'GET /api/Project/p1': { body: detail },
    'GET /api/Project/p1/waterflow': { body: { sealedSurfaces: [surface], purifications: [], measures: [measure] } },
    'GET /api/Project/p1/raindata': { status: 404, body: { type: 'ERROR', code: 57, message: 'no rain data' } },
    'GET /api/Project/purificationFacilities': { body: [] },
  });
}

async function visit(path: string) {
  window.localStorage.setItem('rainplan.changelogVersion', '1.0.5');
  const s = store();
  const router = createTestRouter(s, [path]);
  renderWithStore(<RouterProvider router={router} />, s);
  return { router, store: s };
}

describe('dimensioning screens (engine on the main thread in happy-dom)', () => {
  it('redirects to the first surface, shows the header and recomputes A_C on every keystroke', async () => {
    const { router, store: s } = await visit('/project/p1/dimensioning/sealedsurfaces');
    await waitFor(() => expect(router.state.location.pathname).toBe('/project/p1/dimensioning/sealedsurfaces/s1'));
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('Dach'));
    expect(screen.getByTestId('project-name').textContent).toBe('Schule');
    await waitFor(() => expect(screen.getByTestId('surface-ac').textContent).toBe('90'));
    const area = screen.getByTestId('surface-area') as HTMLInputElement;
    fireEvent.change(area, { target: { value: '12' } });
    fireEvent.change(area, { target: { value: '120' } });
    await waitFor(() => expect(screen.getByTestId('surface-ac').textContent).toBe('108'));
    expect(area.value).toBe('120');
    expect(s.waterflow.changed.has('s1')).toBe(true);
    expect(s.waterflow.bridge.mode).toBe('main-thread');
    // the flow overview lists every node
    expect(screen.getByRole('complementary').textContent).toContain('Rigole');
  });

  it('renders the measure editor with its steps, and the results as dashes before it can be sized', async () => {
    const { router } = await visit('/project/p1/dimensioning/measures/m1');
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('Rigole'));
    expect(router.state.location.pathname).toBe('/project/p1/dimensioning/measures/m1');
    expect(screen.getByTestId('result-required').textContent).toBe('---');
    expect(screen.getByText('1. Anlagenziel')).toBeTruthy();
  });
});
