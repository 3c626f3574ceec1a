/**
 * The trough part (Mulde): length × top width, depth z, side slope 1:m (planning spec section 2;
 * geometry and balance in sizing/trough.ts). Used by the trough and the trough with tank below.
 */
import { addNeed } from '../../bom/needs.ts';
import { billIssue } from '../../bom/types.ts';
import type { DimensioningTrough } from '../../model/measure.ts';
import { DEFAULTS } from '../../tables/defaults.ts';
import type { TroughPartModule } from '../types.ts';
import { pos } from './dimensions.ts';
import { upToTenth } from './pipe.ts';

/** Default trough: 1 × 1 m, 0.3 m deep, slope 1:2.5. */
export function defaultTrough(): DimensioningTrough {
  return { width: DEFAULTS.troughWidthM, length: DEFAULTS.troughLengthM, depth: DEFAULTS.troughDepthM, slope: DEFAULTS.troughSlope };
}

export const TROUGH_PART = {
  labelKey: 'variant.trough',
  defaultDimensions: defaultTrough,
  requiredFields: ['length', 'width', 'depth', 'slope'],
  reportRows: (t) => [
    { labelKey: 'input.troughWidth', value: t.width },
    { labelKey: 'input.troughLength', value: t.length },
    { labelKey: 'input.troughDepth', value: t.depth },
    { labelKey: 'input.troughSlope', value: t.slope },
  ],
  billNeeds({ measure, index, path, needs, issues }) {
    // Topsoil: width × length × the catalogue's topsoil depth (m³, rounded up to 0.1 m³).
    const t = measure.data?.dimensioningTrough ?? {};
    const rules = index.catalogue.rules;
    if (!pos(t.width) || !pos(t.length)) issues.push(billIssue('MEASURE_DIMENSIONS_MISSING', measure.id, `${path}.data.dimensioningTrough`, {}));
    else addNeed(needs, rules.topsoil.product, upToTenth(t.width * t.length * rules.topsoil.depthM));
  },
} as const satisfies TroughPartModule;
