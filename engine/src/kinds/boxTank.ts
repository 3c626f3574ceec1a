/** Box tank (Rigole of boxes): infiltration through a block of boxes, sized by its length (DWA-A 138-1:2024 / DWA-A 138:2005). */
import { BOX_PART } from './parts/box.ts';
import type { MeasureKindModule } from './types.ts';

export const BOX_TANK_KIND = {
  id: 'boxTank',
  labelKey: 'variants.type.boxTank',
  selection: { installationTarget: 'Infiltration', installationVariant: 'infiltrationTank', infiltrationTankType: 'Box' },
  trough: null,
  tank: BOX_PART,
  infiltrates: true,
  throttle: true,
  troughOwnInputs: false,
  requiredInputs: ['installationVariant', 'infiltrationTankType', 'soilData'],
  design: 'tankLength',
  check: 'infiltration',
  defaultDimensions: () => ({ dimensioningInfiltrationTank: BOX_PART.defaultDimensions() }),
} as const satisfies MeasureKindModule<'boxTank'>;
