/**
 * Plain data the dimensioning tests share (unit tests and browser tests; no test runner, no DOM):
 * the project "Schule" as the api answers it, a box infiltration tank's inputs, the answers the
 * measure and purification editors load besides the waterflow, and a custom rain table.
 */
import type { RainData } from '@rainplan/engine';
import { ANNUALITIES_A, RAIN_DURATIONS_MIN } from '@rainplan/engine/tables';

/** `GET /api/Project/p1`: a project in Munich on KOSTRA rain data. */
export const PROJECT_DETAIL = { id: 'p1', name: 'Schule', comment: null, location: { latitude: 48.14, longitude: 11.58, address: 'München' }, airPollution: 'L2', clientData: null, usesCustomRaindata: false, ruleEdition: 'DWA-A 138-1:2024' };

/** A box infiltration tank on soil S5: the engine's shared test input (also the api tests'). */
export { BOX_TANK_INPUTS } from '@rainplan/engine/testing';

/** `GET …/raindata` of a project without rain data. */
export const NO_RAIN_DATA = { status: 404, body: { type: 'ERROR', code: 57, message: 'no rain data' } } as const;

/** The answers of the node editors of project p1 (stub answers by "METHOD /path"): its data, the waterflow, the rain data (none by default) and no treatment facilities. */
export function editorAnswers(waterflow: unknown, rainData: { readonly status?: number; readonly body?: unknown } = NO_RAIN_DATA) {
  return {
    'GET /api/Project/p1': { body: PROJECT_DETAIL },
    'GET /api/Project/p1/waterflow': { body: waterflow },
    'GET /api/Project/p1/raindata': rainData,
    'GET /api/Project/purificationFacilities': { body: [] },
  };
}

/** A custom rain table of every annuality and duration, r falling with D (Munich's magnitude). */
export const CUSTOM_RAIN: RainData = {
  source: { edition: 'custom' },
  raindataSeries: ANNUALITIES_A.map((annuality) => ({
    annuality,
    valuesForDurations: RAIN_DURATIONS_MIN.map((duration) => ({ duration, value: Math.round((3000 / (duration + 10)) * (1 + Math.log(annuality))) })),
  })),
};

/** The shell of project p1 with custom rain data, as a repository loads it. */
export const CUSTOM_RAIN_SHELL = { id: 'p1', name: 'Projekt', location: { latitude: 48.14, longitude: 11.58, address: 'München' }, airPollution: 'L2', ruleEdition: 'DWA-A 138-1:2024', usesCustomRaindata: true } as const;
