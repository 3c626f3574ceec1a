/** Backwater channel (retention pipe): a sealed pipe emptied by the throttle, DWA-A 117 simple method; sized by its length. */
import { RETENTION_PIPE_PART } from './parts/pipe.ts';
import type { MeasureKindModule } from './types.ts';

export const BACKWATER_CHANNEL_KIND = {
  id: 'backwaterChannel',
  labelKey: 'variants.type.backwaterChannel',
  selection: { installationTarget: 'Retention', installationType: 'backwaterChannel' },
  trough: null,
  tank: RETENTION_PIPE_PART,
  infiltrates: false,
  throttle: true,
  troughOwnInputs: false,
  requiredInputs: ['installationType'],
  design: 'tankLength',
  check: 'retention',
  defaultDimensions: () => ({ dimensioningInfiltrationTank: RETENTION_PIPE_PART.defaultDimensions() }),
} as const satisfies MeasureKindModule<'backwaterChannel'>;
