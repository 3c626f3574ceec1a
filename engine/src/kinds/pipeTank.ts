/** Pipe tank (Rohr-Rigole): infiltration through a gravel body with pipes, sized by its length (DWA-A 138-1:2024 / DWA-A 138:2005). */
import { PIPE_PART } from './parts/pipe.ts';
import type { MeasureKindModule } from './types.ts';

export const PIPE_TANK_KIND = {
  id: 'pipeTank',
  labelKey: 'variants.type.pipeTank',
  selection: { installationTarget: 'Infiltration', installationVariant: 'infiltrationTank', infiltrationTankType: 'Pipe' },
  trough: null,
  tank: PIPE_PART,
  infiltrates: true,
  throttle: true,
  troughOwnInputs: false,
  requiredInputs: ['installationVariant', 'infiltrationTankType', 'soilData'],
  design: 'tankLength',
  check: 'infiltration',
  defaultDimensions: () => ({ dimensioningInfiltrationTank: PIPE_PART.defaultDimensions() }),
} as const satisfies MeasureKindModule<'pipeTank'>;
