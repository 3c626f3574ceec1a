/**
 * Plain data the dimensioning tests share (unit tests and browser tests; no test runner, no DOM):
 * the project "Schule" as the api answers it, a box infiltration tank's inputs, and the answers the
 * measure and purification editors load besides the waterflow.
 */

/** `GET /api/Project/p1`: a project in Munich on KOSTRA rain data. */
export const PROJECT_DETAIL = { id: 'p1', name: 'Schule', comment: null, location: { latitude: 48.14, longitude: 11.58, address: 'München' }, airPollution: 'L2', clientData: null, usesCustomRaindata: false, ruleEdition: 'DWA-A 138-1:2024' };

/** A box infiltration tank on soil S5 (k_f = 5.67 · 10⁻⁵ m/s): the inputs it needs to be sized, its dimensions and design rain aside. */
export const BOX_TANK_INPUTS = {
  installationTarget: 'Infiltration',
  installationVariant: 'infiltrationTank',
  infiltrationTankType: 'Box',
  soilData: 'S5',
  permeabilityCoefficientX: 5.67,
  permeabilityCoefficientY: 5,
} as const;

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
