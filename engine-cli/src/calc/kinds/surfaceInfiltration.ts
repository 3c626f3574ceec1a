import { checkPermeability, surfaceInfiltrationArea } from '@rainplan/engine/sizing';
import type { RuleEdition } from '@rainplan/engine/tables';
import { rainInput, type RainEcho } from '../rain.ts';
import { EDITION, AC_FIELDS, KF, F_SITE, F_METHOD, RAIN, commonChecks, n, rateOf, governing, clean, type CalcKind } from '../shared.ts';

export const surfaceInfiltration: CalcKind = {
  name: 'surface-infiltration',
  title: 'Surface infiltration (no storage): the infiltration area needed',
  notes: ['A_S = A_C / (q·1e7/r − 1), only when q > r·1e-7; maximum over D.'],
  input: { type: 'object', fields: { edition: EDITION, ...AC_FIELDS, kfMs: KF, fSite: F_SITE, fMethod: F_METHOD, rain: RAIN }, check: commonChecks },
  run(v) {
    const edition = v['edition'] as RuleEdition;
    const q = rateOf(v);
    const r = surfaceInfiltrationArea({ acM2: n(v, 'acM2'), qMs: q }, rainInput(v['rain'] as RainEcho));
    return {
      edition,
      standard: edition,
      results: { infiltrationRateMs: q, infiltrationAreaM2: r.areaM2, ...governing(r) },
      issues: clean([...checkPermeability(n(v, 'kfMs')), ...r.issues]),
    };
  },
};
