import { din1986Eq20VolumeM3 } from '@rainplan/engine/sizing';
import { num, req, opt, n, on, dinRainSpec, SITE_FIELDS, maxOf, type Input, type CalcKind } from '../shared.ts';

export const din1986Eq20: CalcKind = {
  name: 'din1986-eq20',
  title: 'DIN 1986-100:2016 eq. 20: retention volume of the site flooding check',
  notes: [
    'V(D) = [r(D,30)·A_ges − (r(D,2)·A_Dach·C_s,Dach + r(D,2)·A_FaG·C_s,FaG)]·D·60/1e7 m³; the largest V governs',
    '(floored at 0). The check is required above 800 m² of connected area (give connectedAreaM2).',
  ],
  input: {
    type: 'object',
    fields: {
      ...SITE_FIELDS,
      connectedAreaM2: opt(num('m²', 0), 'connected area of the site: says whether the check is required (> 800 m²)'),
      rain: req(dinRainSpec(true), '{ "durationMin", "r30LsHa", "r2LsHa" } (r(D,30) and r(D,2) in l/(s·ha)) or an array of them'),
    },
  },
  run(v) {
    const site = { totalAreaM2: n(v, 'totalAreaM2'), roofAreaM2: n(v, 'roofAreaM2'), roofCs: n(v, 'roofCs'), pavedAreaM2: n(v, 'pavedAreaM2'), pavedCs: n(v, 'pavedCs') };
    const points = (v['rain'] as Input[]).map((p) => {
      const D = p['durationMin'] as number;
      const r30 = p['r30LsHa'] as number;
      const r2 = p['r2LsHa'] as number;
      return {
        durationMin: D,
        r30LsHa: r30,
        r2LsHa: r2,
        inflow30Ls: (r30 * site.totalAreaM2) / 1e4,
        outflow2Ls: (r2 * (site.roofAreaM2 * site.roofCs + site.pavedAreaM2 * site.pavedCs)) / 1e4,
        volumeM3: din1986Eq20VolumeM3(site, D, r30, r2),
      };
    });
    const ac = on(v, 'connectedAreaM2');
    return {
      standard: 'DIN 1986-100:2016 eq. 20',
      results: { ...maxOf(points), ...(ac === undefined ? {} : { required: ac > 800 }), perDuration: points },
      issues: [],
    };
  },
};
