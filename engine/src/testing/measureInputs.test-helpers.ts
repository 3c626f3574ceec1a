/**
 * Measure inputs the apps' tests send (plain data): shared by the api's and the web app's tests
 * through `@rainplan/engine/testing` instead of a copy in each.
 */
import type { MeasureData } from '../model/measure.ts';

/** A box infiltration tank on soil S5 (k_f = 5.67 · 10⁻⁵ m/s): the inputs a measure needs to be sized, its dimensions and design rain aside. */
export const BOX_TANK_INPUTS = {
  installationTarget: 'Infiltration',
  installationVariant: 'infiltrationTank',
  infiltrationTankType: 'Box',
  soilData: 'S5',
  permeabilityCoefficientX: 5.67,
  permeabilityCoefficientY: 5,
} as const satisfies MeasureData;
