import { din1986FloodingCheck, type RainPoint } from '@rainplan/engine/sizing';
import { DIN_1986_100 } from '@rainplan/engine/tables';
import { rainInput, rainSpec, type RainEcho } from '../rain.ts';
import type { CustomSpec } from '../schema.ts';
import { num, opt, exactlyOne, n, on, clean, dinRainSpec, SITE_FIELDS, type Input, type CalcKind } from '../shared.ts';

/** A project's rainData table: the rows T = 30 a and T = 2 a of it. */
const din1986RainDataSpec: CustomSpec = {
  type: 'custom',
  expected: 'a project\'s rainData { "source", "raindataSeries" } (rows T = 30 a and T = 2 a are used)',
  parse(value, path, errors) {
    const before = errors.length;
    const row = (T: number) => rainSpec.parse({ annualityA: T, rainData: value }, path, errors) as RainEcho | undefined;
    const rain30 = row(DIN_1986_100.checkAnnualityA);
    const rain2 = errors.length > before ? undefined : row(DIN_1986_100.drainAnnualityA);
    return errors.length > before ? undefined : { rain30, rain2 };
  },
};

export const din1986: CalcKind = {
  name: 'din1986',
  title: 'DIN 1986-100:2016 site flooding check: eq. 20 and eq. 21 together, the larger governs',
  notes: [
    'eq. 20 over every duration with r(D,30) and r(D,2); eq. 21 for D = 5, 10, 15 min (needs fullFlowLs);',
    'each floored at 0; the larger volume governs (eq. 20 on ties). Required above 800 m² of connected area.',
  ],
  input: {
    type: 'object',
    fields: {
      ...SITE_FIELDS,
      fullFlowLs: opt(num('l/s', 0), 'Q_voll: full-flow capacity of the drain (eq. 21 is skipped without it)'),
      connectedAreaM2: opt(num('m²', 0), 'connected area of the site: says whether the check is required (> 800 m²)'),
      rain: opt(dinRainSpec(true, true), '{ "durationMin", "r30LsHa", "r2LsHa" } or an array of them (r2LsHa may be left out where only eq. 21 needs the duration)'),
      rainData: opt(din1986RainDataSpec, 'instead of rain: a whole rain table in the project file form (rows T = 30 a and T = 2 a)'),
    },
    check: exactlyOne([['rain'], ['rainData']]),
  },
  run(v) {
    const site = { totalAreaM2: n(v, 'totalAreaM2'), roofAreaM2: n(v, 'roofAreaM2'), roofCs: n(v, 'roofCs'), pavedAreaM2: n(v, 'pavedAreaM2'), pavedCs: n(v, 'pavedCs') };
    let rain30: RainPoint[];
    let rain2: RainPoint[];
    if (v['rainData'] !== undefined) {
      const rows = v['rainData'] as { rain30: RainEcho; rain2: RainEcho };
      rain30 = rainInput(rows.rain30);
      rain2 = rainInput(rows.rain2);
    } else {
      const points = v['rain'] as Input[];
      rain30 = points.map((p) => ({ durationMin: p['durationMin'] as number, rLsHa: p['r30LsHa'] as number }));
      rain2 = points.filter((p) => p['r2LsHa'] !== undefined).map((p) => ({ durationMin: p['durationMin'] as number, rLsHa: p['r2LsHa'] as number }));
    }
    const c = din1986FloodingCheck({ ...site, fullFlowLs: on(v, 'fullFlowLs'), connectedAreaM2: on(v, 'connectedAreaM2') }, rain30, rain2);
    const eq = (e: typeof c.eq20) => ({ volumeM3: e.volumeM3, governingDurationMin: e.durationMin, governingR30LsHa: e.rLsHa });
    return {
      standard: 'DIN 1986-100:2016 eq. 20 and 21',
      results: {
        volumeM3: c.volumeM3,
        governingEquation: c.governingEquation,
        ...(c.required === undefined ? {} : { required: c.required }),
        eq20: eq(c.eq20),
        ...(v['fullFlowLs'] === undefined ? {} : { eq21: eq(c.eq21) }),
      },
      issues: clean(c.issues),
      failed: c.volumeM3 === undefined,
    };
  },
};
