/** Retention basin of boxes: a sealed block of boxes emptied by the throttle, DWA-A 117 simple method; sized by its length. */
import { BOX_PART } from './parts/box.ts';
import type { MeasureKindModule } from './types.ts';

export const RETENTION_BASIN_KIND = {
  id: 'retentionBasin',
  labelKey: 'variants.type.retentionBasin',
  selection: { installationTarget: 'Retention', installationType: 'retentionBasin' },
  trough: null,
  tank: BOX_PART,
  infiltrates: false,
  throttle: true,
  troughOwnInputs: false,
  requiredInputs: ['installationType'],
  design: 'tankLength',
  check: 'retention',
  defaultDimensions: () => ({ dimensioningInfiltrationTank: BOX_PART.defaultDimensions() }),
} as const satisfies MeasureKindModule<'retentionBasin'>;
