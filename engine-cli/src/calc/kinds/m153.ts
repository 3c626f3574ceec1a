import { m153Assessment, m153CombinedFactor, m153Passes, m153TreatmentNeeded } from '@rainplan/engine';
import { ABOVE_GROUND_PROPORTION_IDS, AIR_POLLUTION_IDS, GROUND_POLLUTION_IDS, PRETREATMENT_OPTION_IDS, WATER_CATEGORY_IDS, type AboveGroundProportionId, type AirPollutionId, type GroundPollutionId, type PretreatmentOptionId, type WaterCategoryId } from '@rainplan/engine/tables';
import { childPath, type ObjectSpec } from '../schema.ts';
import { num, req, opt, def, enumOf, exactlyOne, n, on, type Input, type CalcKind } from '../shared.ts';

const M153_SURFACE: ObjectSpec = {
  type: 'object',
  fields: {
    id: opt({ type: 'string' }, 'a name for the surface (default s1, s2, …)'),
    connectedAreaM2: opt(num('m²', 0), 'connected area A_u = A_E · C_m (or give areaM2 and cm)'),
    areaM2: opt(num('m²', 0), 'surface area A_E'),
    cm: opt(num(undefined, 0, false, 1), 'mean runoff coefficient C_m'),
    groundPollution: req(enumOf(GROUND_POLLUTION_IDS), 'surface pollution category F1 … F7 (points 5 … 45)'),
  },
  check: exactlyOne([['connectedAreaM2'], ['areaM2', 'cm']]),
};

export const m153: CalcKind = {
  name: 'm153',
  title: 'DWA-M 153 assessment of surfaces draining to groundwater',
  notes: [
    'f_i = A_u,i/Σ A_u; B = Σ f_i·(L + F_i); throughput value G/B (≥ 1: no treatment needed);',
    'with a treatment, D = D_facility·D_pretreatment·D_D4 and it passes when E = B·D ≤ G.',
  ],
  input: {
    type: 'object',
    fields: {
      airPollution: req(enumOf(AIR_POLLUTION_IDS), 'air pollution L1 … L4 (points 1, 2, 4, 8)'),
      waterCategory: req(enumOf(WATER_CATEGORY_IDS), 'water category (G12: groundwater outside protection zones, 10 points)'),
      surfaces: req({ type: 'array', items: M153_SURFACE, minItems: 1 }, 'the surfaces treated together'),
      treatment: opt(
        {
          type: 'object',
          fields: {
            facilityValue: opt(num(undefined, 0, true, 1), 'throughput value D of a treatment facility'),
            proportion: opt(enumOf(ABOVE_GROUND_PROPORTION_IDS), 'area ratio A_u : A_s of above-ground passage (5:1, 15:1, 50:1)'),
            pretreatmentOption: opt(enumOf(PRETREATMENT_OPTION_IDS), 'above-ground passage (D1: 30 cm topsoil …; needs proportion)'),
            withD4: def({ type: 'boolean' }, false, 'add the D4 passage (needs proportion)'),
          },
          check: (v, path) =>
            (v['pretreatmentOption'] !== undefined || v['withD4'] === true) && v['proportion'] === undefined
              ? [{ path: childPath(path, 'proportion'), expected: `one of ${ABOVE_GROUND_PROPORTION_IDS.join(', ')} (required with pretreatmentOption or withD4)`, received: 'nothing' }]
              : [],
        },
        'the chosen treatment (optional)',
      ),
    },
  },
  run(v) {
    const surfaces = (v['surfaces'] as Input[]).map((s, i) => ({
      surfaceId: (s['id'] as string | undefined) ?? `s${i + 1}`,
      connectedAreaM2: s['connectedAreaM2'] !== undefined ? n(s, 'connectedAreaM2') : n(s, 'areaM2') * n(s, 'cm'),
      groundPollution: s['groundPollution'] as GroundPollutionId,
    }));
    const a = m153Assessment({ airPollution: v['airPollution'] as AirPollutionId, waterCategory: v['waterCategory'] as WaterCategoryId, surfaces });
    const results: Record<string, unknown> = {
      airPollutionPointsL: a.airPollutionPoints,
      waterCategoryPointsG: a.waterCategoryPoints,
      surfaces: a.surfaces.map((x) => ({ surfaceId: x.surfaceId, connectedAreaM2: x.area, areaShare: x.areaShare, dischargedLoad: x.dischargedLoad })),
      dischargedLoadB: a.dischargedLoad,
      throughputValue: a.throughputValue,
      treatmentNeeded: a.throughputValue === undefined ? undefined : m153TreatmentNeeded(a.throughputValue),
    };
    const t = v['treatment'] as Input | undefined;
    if (t !== undefined && a.throughputValue !== undefined && a.dischargedLoad !== undefined) {
      const D = m153CombinedFactor({
        facilityValue: on(t, 'facilityValue'),
        proportion: t['proportion'] as AboveGroundProportionId | undefined,
        pretreatmentOption: t['pretreatmentOption'] as PretreatmentOptionId | undefined,
        withD4: t['withD4'] as boolean,
      });
      results['combinedFactorD'] = D;
      results['emissionE'] = a.dischargedLoad * D;
      results['passes'] = m153Passes(a.throughputValue, D);
    } else if (a.throughputValue !== undefined) {
      results['passes'] = !m153TreatmentNeeded(a.throughputValue);
    }
    return { standard: 'DWA-M 153', results, issues: [] };
  },
};
