/**
 * The groundwater clearance in the read-only share view (decision 0173): each infiltration
 * measure's check and the project's counts, as the engine evaluates the shared file.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createTestRouter } from '../router/createAppRouter.ts';
import { fixtureProject } from '../projectFile/testing.ts';
import { renderWithStore, SIGNED_OUT, testStore } from '../test/render.tsx';

const TOKEN = 'ZyXwVuTsRqPoNmLkJiHgFeDcBa9876543210_-edcba';

describe('the shared view: groundwater clearance', () => {
  it('shows the check of every infiltration measure and the counts', async () => {
    const file = fixtureProject('groundwater-clearance');
    const shared = {
      link: { label: 'Behörde', expiresAt: null },
      project: { name: file.project.name, comment: null, location: null, airPollution: 'L1', clientData: null, ruleEdition: 'DWA-A 138-1:2024', usesCustomRaindata: true, creationDate: '2026-12-01T08:00:00.000Z' },
      file,
      itemTypes: [],
    };
    window.localStorage.setItem('rainplan.changelogVersion', '1.0.5');
    const store = testStore({ ...SIGNED_OUT, [`GET /api/Share/${TOKEN}`]: { body: shared } }, 'de');
    renderWithStore(<RouterProvider router={createTestRouter(store, [`/share/${TOKEN}`])} />, store);
    await screen.findByTestId('shared-name', {}, { timeout: 20_000 });
    await waitFor(() => expect(screen.getByTestId('shared-groundwater').textContent).toBe('Grundwasserabstand: 3 eingehalten, 3 nicht eingehalten, 3 nicht geprüft.'), { timeout: 10_000 });
    const blocks = screen.getAllByTestId('groundwater-results');
    expect(blocks).toHaveLength(9);
    const statuses = blocks.map((b) => b.dataset['status']);
    expect(statuses).toEqual(['pass', 'fail', 'pass', 'fail', 'incomplete', 'pass', 'fail', 'incomplete', 'incomplete']);
    expect(within(blocks[0]!).getByTestId('groundwater-thickness').textContent).toBe('1,20 m');
    expect(within(blocks[4]!).getByTestId('groundwater-status').textContent).toBe('Nicht geprüft: MHGW, Geländehöhe, Überdeckung fehlt.');
  });
});
