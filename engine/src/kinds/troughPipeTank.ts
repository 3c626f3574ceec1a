/**
 * Trough with pipe tank below (Mulden-Rigole with pipes in gravel): the trough's own balance, then
 * the tank's with the trough's volume and top area (DWA-A 138-1:2024 / DWA-A 138:2005); sized by the
 * tank's length.
 */
import { PIPE_PART } from './parts/pipe.ts';
import { TROUGH_PART } from './parts/trough.ts';
import type { MeasureKindModule } from './types.ts';

export const TROUGH_PIPE_TANK_KIND = {
  id: 'troughPipeTank',
  labelKey: 'variants.type.troughPipeTank',
  selection: { installationTarget: 'Infiltration', installationVariant: 'troughInfiltrationTank', infiltrationTankType: 'Pipe' },
  trough: TROUGH_PART,
  tank: PIPE_PART,
  infiltrates: true,
  throttle: true,
  troughOwnInputs: true,
  requiredInputs: ['installationVariant', 'infiltrationTankType', 'soilData', 'recurrenceIntervalTrough'],
  design: 'tankLength',
  check: 'infiltration',
  defaultDimensions: () => ({ dimensioningTrough: TROUGH_PART.defaultDimensions(), dimensioningInfiltrationTank: PIPE_PART.defaultDimensions() }),
} as const satisfies MeasureKindModule<'troughPipeTank'>;
