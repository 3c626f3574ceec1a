import type { Issue } from '@rainplan/engine';
import { checkPermeability, sizingIssue } from '@rainplan/engine/sizing';
import { INFILTRATION_FIELDS, RAIN, commonChecks, both, n, on, sizingTerms, clean, TANK_SECTION_FIELDS, tankSectionChecks, sectionOf, tankParamsOf, tankResults, type CalcKind } from '../shared.ts';

export const tank: CalcKind = {
  name: 'tank',
  title: 'Trench / box tank / pipe tank (Rigole): required length at width and height, and the check of a chosen length',
  notes: [
    'L = (A_C·1e-7·r − β·q − Q_Dr·1e-3) / (B·H·s/(D·60·f_Z·f_A) + α·q), maximum over D, with the',
    'infiltration area A_S = α·L + β: every side 2005 (B + H/2)·L, 2024 (B + H)·L + B·H; sealedSides B·L;',
    'sealedSole 2005 (H/2)·L, 2024 H·L + B·H. Available volume L·B·H·s.',
  ],
  input: {
    type: 'object',
    fields: { ...INFILTRATION_FIELDS, ...TANK_SECTION_FIELDS, rain: RAIN },
    check: both(commonChecks, tankSectionChecks),
  },
  run(v) {
    const { edition, q, fZ, rain } = sizingTerms(v);
    const section = sectionOf(v);
    const issues: Issue[] = [...checkPermeability(n(v, 'kfMs'))];
    const results: Record<string, unknown> = { infiltrationRateMs: q, safetyFactor: fZ, heightM: section.heightM, storageCoefficient: section.storageCoefficient };
    const params = tankParamsOf(v, section, edition, q, fZ);
    if (params === undefined) {
      issues.push(sizingIssue('PIPES_DO_NOT_FIT', { field: 'pipes' }));
      return { edition, standard: edition, results, issues: clean(issues) };
    }
    Object.assign(results, tankResults(params, section, on(v, 'lengthM'), rain, issues));
    return { edition, standard: edition, results, issues: clean(issues) };
  },
};
