/**
 * The measure editor's calculate-flooding checkbox (planning spec section 2, result block; section
 * 4, measure rules; decision 0216). Below the A_C threshold with the flooding verification off,
 * ticking it shows the engine's flooding and extra volume and the flooding parameters, and the
 * verification stays off; unticking removes them again. While the verification is in effect
 * (A_C ≥ 800 m²) the box is ticked and fixed and the volumes show anyway.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ANNUALITIES_A, RAIN_DURATIONS_MIN } from '@rainplan/engine/tables';
import { RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createTestRouter } from '../../router/createAppRouter.ts';
import { BOX_TANK_INPUTS, editorAnswers } from '../../test/planning.ts';
import { renderWithStore, signedIn, testStore } from '../../test/render.tsx';

const rainData = {
  source: { edition: 'KOSTRA-DWD-2020', cell: '129102' },
  raindataSeries: ANNUALITIES_A.map((annuality) => ({ annuality, valuesForDurations: RAIN_DURATIONS_MIN.map((duration) => ({ duration, value: Math.round((3000 / (duration + 10)) * (1 + Math.log(annuality))) })) })),
};
const tank = {
  ...BOX_TANK_INPUTS,
  recurrenceInterval: 5,
  safetyMargin: 20,
  floodingVerification: false,
  recurrenceIntervalFloodingVerification: 30,
  safetyMarginFlooding: 'Fz15',
  dimensioningInfiltrationTank: { width: 1.6, length: 4.8, levels: 1, height: 0.66, storageCoefficient: 95 },
};

/** The engine evaluates on the main thread in happy-dom: a loaded machine needs more than the default second. */
const SLOW = { timeout: 10_000 };

async function visit(areaM2: number, data: Record<string, unknown> = tank, sealedSurfaces: string[] = ['s1']) {
  window.localStorage.setItem('rainplan.changelogVersion', '1.0.5');
  const surface = { id: 's1', name: 'Dach', parentId: sealedSurfaces.length > 0 ? 'm1' : null, drain: 'Groundwater', value: areaM2, data: { runoff: 'flatRoof', cm: 0.9, cs: 1, groundPollutionM153: 'F2' }, version: 1 };
  const measure = { id: 'm1', name: 'Rigole', parentId: null, drain: 'Groundwater', value: null, sealedSurfaces, AC: null, data, version: 1 };
  const s = testStore({
    ...signedIn(),
    ...editorAnswers({ sealedSurfaces: [surface], purifications: [], measures: [measure] }, { body: rainData }),
  });
  renderWithStore(<RouterProvider router={createTestRouter(s, ['/project/p1/dimensioning/measures/m1'])} />, s);
  await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('Rigole'), SLOW);
  await waitFor(() => expect(screen.getByTestId('result-required').textContent).not.toBe('---'), SLOW);
  return s;
}

const calculate = () => screen.getByRole('checkbox', { name: 'Überflutung berechnen' }) as HTMLInputElement;
const verification = () => screen.getByRole('checkbox', { name: 'Überflutungsnachweis' }) as HTMLInputElement;
const results = () => within(screen.getByTestId('measure-results'));

describe('measure editor: calculate flooding', () => {
  it('with the verification off (A_C 270 m²): ticking calculates flooding and extra volume, the verification stays off; unticking removes them', async () => {
    const s = await visit(300);
    expect(screen.getByTestId('measure-ac').textContent).toBe('270,00');
    expect(calculate().checked).toBe(false);
    expect(calculate().disabled).toBe(false);
    expect(verification().checked).toBe(false);
    expect(results().queryByTestId('result-flooding')).toBeNull();
    expect(screen.queryByTestId('flooding-parameters')).toBeNull();
    expect(screen.getByTestId('calculate-flooding-hint').textContent).toContain('zur Information');

    fireEvent.click(calculate());
    await waitFor(() => expect(results().getByTestId('result-flooding').textContent).toMatch(/^\d+,\d\d$/), SLOW);
    expect(results().getByTestId('result-extra').textContent).toMatch(/^\d+,\d\d$/);
    const m = s.waterflow.measure('m1')!;
    expect(m.data.calculateFlooding).toBe(true);
    expect(m.data.floodingVerification).toBe(false);
    expect(s.waterflow.measureResults.get('m1')?.floodingVerification).toBe(false);
    expect(verification().checked).toBe(false);
    expect(s.waterflow.changed.has('m1')).toBe(true);
    // the parameters of the calculation are offered under their own heading
    const parameters = screen.getByTestId('flooding-parameters');
    expect(within(parameters).getByText('Überflutungsberechnung')).toBeTruthy();
    // the figure shown is the engine's
    const flooding = s.waterflow.measureResults.get('m1')!.data.floodingVolume!;
    expect(results().getByTestId('result-flooding').textContent).toBe(flooding.toFixed(2).replace('.', ','));

    fireEvent.click(calculate());
    await waitFor(() => expect(results().queryByTestId('result-flooding')).toBeNull(), SLOW);
    expect(s.waterflow.measure('m1')?.data.calculateFlooding).toBe(false);
    expect(screen.queryByTestId('flooding-parameters')).toBeNull();
  });

  it('with the verification in effect (A_C 900 m²): ticked and fixed, the volumes show without it', async () => {
    await visit(1000);
    expect(screen.getByTestId('measure-ac').textContent).toBe('900,00');
    expect(verification().checked).toBe(true);
    expect(calculate().checked).toBe(true);
    expect(calculate().disabled).toBe(true);
    expect(screen.getByTestId('calculate-flooding-hint').textContent).toContain('immer berechnet');
    expect(results().getByTestId('result-flooding').textContent).toMatch(/^\d+,\d\d$/);
    expect(within(screen.getByTestId('flooding-parameters')).getByText('Überflutungsnachweis')).toBeTruthy();
  });

  it('a stored calculateFlooding stays in effect once the planner ticks the verification too, and is not lost when it is cleared', async () => {
    const s = await visit(300, { ...tank, calculateFlooding: true });
    await waitFor(() => expect(results().getByTestId('result-flooding')).toBeTruthy());
    fireEvent.click(verification());
    await waitFor(() => expect(s.waterflow.measureResults.get('m1')?.floodingVerification).toBe(true));
    expect(calculate().disabled).toBe(true);
    fireEvent.click(verification());
    await waitFor(() => expect(s.waterflow.measureResults.get('m1')?.floodingVerification).toBe(false));
    expect(calculate().checked).toBe(true);
    expect(calculate().disabled).toBe(false);
    expect(results().getByTestId('result-flooding')).toBeTruthy();
  });
});
