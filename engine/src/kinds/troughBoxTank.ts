/**
 * Trough with box tank below (Mulden-Rigole of boxes): the trough's own balance, then the tank's with
 * the trough's volume and top area (DWA-A 138-1:2024 / DWA-A 138:2005); sized by the tank's length.
 */
import { BOX_PART } from './parts/box.ts';
import { TROUGH_PART } from './parts/trough.ts';
import type { MeasureKindModule } from './types.ts';

export const TROUGH_BOX_TANK_KIND = {
  id: 'troughBoxTank',
  labelKey: 'variants.type.troughBoxTank',
  selection: { installationTarget: 'Infiltration', installationVariant: 'troughInfiltrationTank', infiltrationTankType: 'Box' },
  trough: TROUGH_PART,
  tank: BOX_PART,
  infiltrates: true,
  throttle: true,
  troughOwnInputs: true,
  requiredInputs: ['installationVariant', 'infiltrationTankType', 'soilData', 'recurrenceIntervalTrough'],
  design: 'tankLength',
  check: 'infiltration',
  defaultDimensions: () => ({ dimensioningTrough: TROUGH_PART.defaultDimensions(), dimensioningInfiltrationTank: BOX_PART.defaultDimensions() }),
} as const satisfies MeasureKindModule<'troughBoxTank'>;
