/**
 * The measure editor of a box tank linked to a box configuration (issue 27): it says that the
 * tank's dimensions come from the configuration, names it, links to it and offers no inputs the
 * configuration overrides; without a configuration the inputs are there.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createTestRouter } from '../../router/createAppRouter.ts';
import { editorAnswers } from '../../test/planning.ts';
import { renderWithStore, signedIn, testStore } from '../../test/render.tsx';

const surface = { id: 's1', name: 'Dach', parentId: null, drain: 'Groundwater', value: 100, data: { runoff: 'flatRoof', cm: 0.9, cs: 1, groundPollutionM153: 'F2' }, version: 1 };
const tankData = {
  installationTarget: 'Infiltration',
  installationVariant: 'infiltrationTank',
  infiltrationTankType: 'Box',
  dimensioningInfiltrationTank: { length: 4, width: 2.4, height: 0.66, levels: 1, storageCoefficient: 95 },
};
const measure = { id: 'm1', name: 'Rigole', parentId: null, drain: null, value: null, sealedSurfaces: [], AC: null, data: tankData, version: 1 };
const configuration = {
  id: 'c1',
  projectId: 'p1',
  measureId: 'm1',
  name: 'Block Nord',
  dimensioning: { length: 4, width: 2.4, height: 0.66, levels: 1, storageCoefficient: 95 },
  projectionAxes: { xProjectionAxes: [], yProjectionAxes: [] },
  groundLevel: 0,
  plantBottomLevel: -1.16,
  stormwaterObjective: 'infiltration',
  itemCount: 15,
  version: 2,
};

async function visit(configurations: unknown[]) {
  window.localStorage.setItem('rainplan.changelogVersion', '1.0.5');
  const s = testStore({
    ...signedIn(),
    ...editorAnswers({ sealedSurfaces: [surface], purifications: [], measures: [measure] }),
    'GET /api/BoxConfigurator/configurations/p1': { body: configurations },
  });
  const router = createTestRouter(s, ['/project/p1/dimensioning/measures/m1']);
  renderWithStore(<RouterProvider router={router} />, s);
  await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('Rigole'));
  return router;
}

describe('measure editor of a box tank with a configuration', () => {
  it('says the dimensions come from the configuration, shows them read-only and links to it', async () => {
    const router = await visit([configuration]);
    await waitFor(() => expect(screen.getByTestId('dimensions-from-configuration').textContent).toContain('Boxkonfiguration „Block Nord“'));
    expect(screen.queryByTestId('tank-length')).toBeNull();
    expect(screen.queryByTestId('tank-width')).toBeNull();
    expect(screen.queryByTestId('tank-levels')).toBeNull();
    expect(screen.getByTestId('tank-length-configured').textContent).toBe('4,00');
    expect(screen.getByTestId('tank-width-configured').textContent).toBe('2,40');
    fireEvent.click(screen.getByRole('button', { name: 'Konfiguration „Block Nord“ öffnen' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/project/p1/configurator'));
    expect(router.state.location.search).toBe('?measureId=m1');
  });

  it('offers the tank inputs when no configuration is linked', async () => {
    await visit([{ ...configuration, measureId: null }]);
    await waitFor(() => expect(screen.getByTestId('tank-length')).toBeTruthy());
    expect(screen.queryByTestId('dimensions-from-configuration')).toBeNull();
  });
});
