import { din1986Eq21VolumeM3 } from '@rainplan/engine/sizing';
import { num, req, n, dinRainSpec, maxOf, type Input, type CalcKind } from '../shared.ts';

export const din1986Eq21: CalcKind = {
  name: 'din1986-eq21',
  title: 'DIN 1986-100:2016 eq. 21: retention volume with the full-flow capacity of the drain',
  notes: ['V(D) = [r(D,30)·A_ges/1e4 − Q_voll]·D·60/1000 m³ for D = 5, 10, 15 min; the largest governs (floored at 0).'],
  input: {
    type: 'object',
    fields: {
      totalAreaM2: req(num('m²', 0), 'A_ges: total paved (sealed) area of the site'),
      fullFlowLs: req(num('l/s', 0), 'Q_voll: full-flow capacity of the drain'),
      rain: req(dinRainSpec(false), '{ "durationMin": 5|10|15, "r30LsHa" } or an array of them'),
    },
  },
  run(v) {
    const site = { totalAreaM2: n(v, 'totalAreaM2'), fullFlowLs: n(v, 'fullFlowLs') };
    const points = (v['rain'] as Input[]).map((p) => {
      const D = p['durationMin'] as number;
      const r30 = p['r30LsHa'] as number;
      return { durationMin: D, r30LsHa: r30, inflow30Ls: (r30 * site.totalAreaM2) / 1e4, volumeM3: din1986Eq21VolumeM3(site, D, r30) };
    });
    return { standard: 'DIN 1986-100:2016 eq. 21', results: { ...maxOf(points), perDuration: points }, issues: [] };
  },
};
