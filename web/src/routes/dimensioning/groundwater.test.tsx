/**
 * The measure editor's groundwater clearance (decision 0173): the fields of an infiltration
 * measure, each keystroke re-evaluated by the engine into the result block; a wrong level is not
 * committed (so never saved) and named once the field was left; a retention has no fields.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createTestRouter } from '../../router/createAppRouter.ts';
import { BOX_TANK_INPUTS, editorAnswers } from '../../test/planning.ts';
import { renderWithStore, signedIn, testStore } from '../../test/render.tsx';

const surface = { id: 's1', name: 'Dach', parentId: 'm1', drain: 'Groundwater', value: 100, data: { runoff: 'flatRoof', cm: 0.9, cs: 1, groundPollutionM153: 'F2' }, version: 1 };
const tank = {
  ...BOX_TANK_INPUTS,
  recurrenceInterval: 5,
  safetyMargin: 20,
  dimensioningInfiltrationTank: { width: 1.6, length: 2.4, levels: 1, height: 0.66, storageCoefficient: 95 },
};

async function visit(data: Record<string, unknown>) {
  window.localStorage.setItem('rainplan.changelogVersion', '1.0.5');
  const measure = { id: 'm1', name: 'Rigole', parentId: null, drain: 'Groundwater', value: null, sealedSurfaces: ['s1'], AC: null, data, version: 1 };
  const s = testStore({
    ...signedIn(),
    ...editorAnswers({ sealedSurfaces: [surface], purifications: [], measures: [measure] }),
  });
  renderWithStore(<RouterProvider router={createTestRouter(s, ['/project/p1/dimensioning/measures/m1'])} />, s);
  await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('Rigole'));
  return s;
}

const input = (testId: string) => screen.getByTestId(testId).querySelector('input')!;

describe('measure editor: groundwater clearance', () => {
  it('not checked until MHGW is entered; ground level, cover and MHGW give base, thickness and the verdict', async () => {
    const s = await visit(tank);
    await waitFor(() => expect(screen.getByTestId('groundwater-status').textContent).toBe('Nicht geprüft: MHGW, Geländehöhe, Überdeckung fehlt.'));
    fireEvent.change(input('groundwater-ground'), { target: { value: '100' } });
    fireEvent.change(input('groundwater-cover'), { target: { value: '0,5' } });
    fireEvent.change(input('groundwater-mhgw'), { target: { value: '98,2' } });
    await waitFor(() => expect(screen.getByTestId('groundwater-thickness').textContent).toBe('0,64 m'));
    const block = screen.getByTestId('groundwater-results');
    expect(block.dataset['status']).toBe('fail');
    expect(within(block).getByTestId('groundwater-base-used').textContent).toBe('98,84 m = 100,00 m − 1,16 m');
    fireEvent.change(input('groundwater-mhgw'), { target: { value: '97,5' } });
    await waitFor(() => expect(screen.getByTestId('groundwater-results').dataset['status']).toBe('pass'));
    expect(s.waterflow.measure('m1')?.data).toMatchObject({ groundLevel: 100, coverDepth: 0.5, meanHighestGroundwaterLevel: 97.5 });
    expect(s.waterflow.changed.has('m1')).toBe(true);
  });

  it('a level of 1e9 is never committed and is named after the field was left', async () => {
    const s = await visit({ ...tank, meanHighestGroundwaterLevel: 98 });
    fireEvent.change(input('groundwater-mhgw'), { target: { value: '1000000000' } });
    expect(screen.getByTestId('groundwater-mhgw').textContent).not.toContain('Bitte einen Wert');
    fireEvent.blur(input('groundwater-mhgw'));
    await waitFor(() => expect(screen.getByTestId('groundwater-mhgw').textContent).toContain('Bitte einen Wert von -500 bis 5.000 m eingeben.'));
    expect(s.waterflow.measure('m1')?.data.meanHighestGroundwaterLevel).toBe(98);
  });

  it('a retention has neither the fields nor the result block', async () => {
    await visit({ installationTarget: 'Retention', installationType: 'retentionBasin', recurrenceInterval: 5, safetyMargin: 20, throttleDischarge: 1, dimensioningInfiltrationTank: { width: 0.8, length: 0.8, levels: 1, height: 0.66, storageCoefficient: 95 } });
    await waitFor(() => expect(screen.getByTestId('measure-results')).toBeTruthy());
    expect(screen.queryByTestId('groundwater-fields')).toBeNull();
    expect(screen.queryByTestId('groundwater-results')).toBeNull();
  });
});
