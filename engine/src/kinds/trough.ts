/** Trough (Mulde): infiltration through the trough's sole, sized by its area for a design depth (DWA-A 138-1:2024 / DWA-A 138:2005). */
import { TROUGH_PART } from './parts/trough.ts';
import type { MeasureKindModule } from './types.ts';

export const TROUGH_KIND = {
  id: 'trough',
  labelKey: 'variants.type.trough',
  selection: { installationTarget: 'Infiltration', installationVariant: 'trough' },
  trough: TROUGH_PART,
  tank: null,
  infiltrates: true,
  throttle: false,
  troughOwnInputs: false,
  requiredInputs: ['installationVariant', 'soilData'],
  design: 'troughArea',
  check: 'infiltration',
  defaultDimensions: () => ({ dimensioningTrough: TROUGH_PART.defaultDimensions() }),
} as const satisfies MeasureKindModule<'trough'>;
