import { a102Assessment, a102Passes } from '@rainplan/engine';
import { A102_CATEGORIES, AREA_GROUP_IDS, type A102CategoryId, type AreaGroupId } from '@rainplan/engine/tables';
import { num, req, opt, def, enumOf, n, on, type Input, type CalcKind } from '../shared.ts';

export const a102: CalcKind = {
  name: 'a102',
  title: 'DWA-A 102-2 assessment of surfaces draining to surface water (AFS63)',
  notes: [
    'categories I/II/III: b = 280/530/760 kg/(ha·a); total = Σ A_E/1e4·b; area-specific = total/(Σ A_E/1e4);',
    'permitted = 280·Σ A_E/1e4; η = 1 − 280/area-specific (with bypass: (total − permitted)/(0.9·total)).',
  ],
  input: {
    type: 'object',
    fields: {
      surfaces: req(
        {
          type: 'array',
          minItems: 1,
          items: {
            type: 'object',
            fields: {
              id: opt({ type: 'string' }, 'a name for the surface (default s1, s2, …)'),
              areaM2: req(num('m²', 0), 'surface area A_E (not A_C)'),
              areaGroup: req(enumOf(AREA_GROUP_IDS), 'area group of DWA-A 102-2 (maps to category I, II or III)'),
            },
          },
        },
        'the surfaces treated together',
      ),
      externalBypass: def({ type: 'boolean' }, false, '10 % bypass the facility untreated'),
      facilityEfficiency: opt(num(undefined, 0, false, 1), 'efficiency η of the chosen facility (fraction)'),
    },
  },
  run(v) {
    const surfaces = (v['surfaces'] as Input[]).map((s, i) => ({ surfaceId: (s['id'] as string | undefined) ?? `s${i + 1}`, areaM2: n(s, 'areaM2'), areaGroup: s['areaGroup'] as AreaGroupId }));
    const a = a102Assessment(surfaces, v['externalBypass'] as boolean);
    const eta = on(v, 'facilityEfficiency');
    const d = a.data;
    const block = (id: A102CategoryId, b: typeof d.categoryI) => ({ category: id, ablationKgHaA: A102_CATEGORIES.find((c) => c.id === id)!.ablationKgHaA, totalAblationKgA: b?.totalAblation, areaM2: b?.area, areaProportion: b?.areaProportion });
    return {
      standard: 'DWA-A 102-2',
      results: {
        totalAblationKgA: d.totalAblation,
        areaSpecificAblationKgHaA: d.areaSpecificAblation,
        permittedAblationKgA: d.permittedAblation,
        ablationOfBypassKgA: d.ablationOfBypass,
        intakeWithBypassKgA: d.intakeWithBypass,
        requiredRestraintKgA: a.requiredRestraint,
        requiredEfficiency: a.requiredEfficiency,
        thresholdExceeded: a.thresholdExceeded,
        categories: [block('I', d.categoryI), block('II', d.categoryII), block('III', d.categoryIII)],
        passes: a102Passes(a, eta),
      },
      issues: [],
    };
  },
};
