import type { Issue } from '@rainplan/engine';
import { checkDrainingTime, checkPermeability, checkTroughAreaRatio, troughAreaForDepth, troughSizing } from '@rainplan/engine/sizing';
import { num, req, opt, def, INFILTRATION_FIELDS, RAIN, commonChecks, both, allOrNone, n, sizingTerms, governing, perDuration, sufficient, clean, type CalcKind } from '../shared.ts';

export const trough: CalcKind = {
  name: 'trough',
  title: 'Trough (Mulde): infiltration area for a design depth, and the check of a chosen trough',
  notes: [
    'design (both editions; the trough area A_S receives rain): A_S = (A_C + A_VA)·1e-7·r / (z/(D·60·f_Z·f_A) − 1e-7·r + q),',
    '        V = A_S·z, t_E = z/q; maximum over D. A trough with vertical walls and L·B = A_S passes the check.',
    'check (with lengthM, widthM, slope): V(D) = [(A_C + L·B)·1e-7·r − A_S·q]·D·60·f_Z·f_A with',
    '        A_S = (A_top + A_bottom)/2, available volume by the prismoid rule.',
  ],
  input: {
    type: 'object',
    fields: {
      ...INFILTRATION_FIELDS,
      depthM: req(num('m', 0, true), 'design depth z of the trough'),
      avaM2: def(num('m²', 0), 0, 'design: rain-receiving area of the trough beyond A_S (e.g. the slopes above the mean water area), added to the inflow'),
      lengthM: opt(num('m', 0, true), 'chosen top length L (with widthM and slope: check the trough)'),
      widthM: opt(num('m', 0, true), 'chosen top width B'),
      slope: opt(num(undefined, 0), 'side slope 1:m (m horizontal per 1 vertical; 0 = vertical walls)'),
      rain: RAIN,
    },
    check: both(commonChecks, allOrNone(['lengthM', 'widthM', 'slope'])),
  },
  run(v) {
    const { edition, q, fZ, fA, rain } = sizingTerms(v);
    const acM2 = n(v, 'acM2');
    const issues: Issue[] = [...checkPermeability(n(v, 'kfMs'))];
    const d = troughAreaForDepth({ acM2, avaM2: n(v, 'avaM2'), depthM: n(v, 'depthM'), qMs: q, safetyFactor: fZ * fA, edition }, rain);
    issues.push(...d.issues, ...checkDrainingTime(d.drainingTimeH, edition, 'trough'));
    const results: Record<string, unknown> = {
      infiltrationRateMs: q,
      safetyFactor: fZ,
      design: {
        infiltrationAreaM2: d.areaM2,
        volumeM3: d.volumeM3,
        drainingTimeH: d.drainingTimeH,
        acToInfiltrationAreaRatio: d.areaM2 === undefined || d.areaM2 === 0 ? undefined : acM2 / d.areaM2,
        ...governing(d),
      },
    };
    if (v['lengthM'] !== undefined) {
      const s = troughSizing(
        { acM2, lengthM: n(v, 'lengthM'), widthM: n(v, 'widthM'), depthM: n(v, 'depthM'), slope: n(v, 'slope'), qMs: q, safetyFactor: fZ, reductionFactor: fA },
        rain,
      );
      issues.push(...s.issues, ...checkDrainingTime(s.drainingTimeH, edition, 'trough'), ...checkTroughAreaRatio(acM2, s.geometry?.meanAreaM2));
      results['check'] = {
        topAreaM2: s.geometry?.topAreaM2,
        bottomAreaM2: s.geometry?.bottomAreaM2,
        infiltrationAreaM2: s.geometry?.meanAreaM2,
        effectiveDepthM: s.geometry?.effectiveDepthM,
        availableVolumeM3: s.availableVolumeM3,
        requiredVolumeM3: s.requiredVolumeM3,
        standardVolumeM3: s.standardVolumeM3,
        sufficient: sufficient(s.availableVolumeM3, s.requiredVolumeM3),
        drainingTimeH: s.drainingTimeH,
        ...governing(s),
        perDuration: perDuration(s.chart),
      };
    }
    return { edition, standard: edition, results, issues: clean(issues) };
  },
};
