import type { Issue } from '@rainplan/engine';
import { a117RetentionVolume, checkA117SimpleMethod, retentionPipeVolumeM3 } from '@rainplan/engine/sizing';
import { PIPE_TYPES, PIPE_TYPE_IDS } from '@rainplan/engine/tables';
import { rainInput, type RainEcho } from '../rain.ts';
import { childPath, type ObjectSpec } from '../schema.ts';
import { num, req, opt, def, enumOf, AC_FIELDS, aeOf, RAIN, safetyFields, commonChecks, exactlyOne, n, on, safetyOf, governing, perDuration, sufficient, clean, type Input, type CalcKind } from '../shared.ts';

const RETENTION_PIPE: ObjectSpec = {
  type: 'object',
  fields: {
    lengthM: req(num('m', 0), 'length L of the retention pipe'),
    pipeType: opt(enumOf(PIPE_TYPE_IDS), 'a pipe type of the planning spec (gives d_i); or innerDiameterMm'),
    innerDiameterMm: opt(num('mm', 0, true), 'inner diameter d_i'),
  },
  check: exactlyOne([['pipeType'], ['innerDiameterMm']]),
};

export const retention: CalcKind = {
  name: 'retention',
  title: 'Retention basin / backwater channel by the simple method of DWA-A 117',
  notes: [
    'q_Dr = Q_Dr / (A_C/10,000); V_s(D) = (r − q_Dr)·D·f_Z·f_A·0.06 m³/ha; V = max V_s · A_C/10,000;',
    'draining time V/Q_Dr. The limits of the simple method (A_E ≤ 200 ha, n ≥ 0.1/a) are reported.',
  ],
  input: {
    type: 'object',
    fields: {
      ...AC_FIELDS,
      throttleLs: def(num('l/s', 0), 1, 'throttle discharge Q_Dr'),
      ...safetyFields,
      catchmentAreaM2: opt(num('m²', 0), 'catchment area A_E, for the limit of the simple method (200 ha); default: aeM2 or Σ surfaces'),
      annualityA: opt(num('a', 0, true), 'design annuality T (n = 1/T), for the limit of the simple method'),
      availableVolumeM3: opt(num('m³', 0), 'chosen volume: also check it'),
      retentionPipe: opt(RETENTION_PIPE, 'a retention pipe: available volume L·π·d_i²/4'),
      rain: RAIN,
    },
    check: (v, path) => [
      ...commonChecks(v, path),
      ...(v['availableVolumeM3'] !== undefined && v['retentionPipe'] !== undefined ? [{ path: childPath(path, 'retentionPipe'), expected: 'either availableVolumeM3 or retentionPipe, not both' }] : []),
    ],
  },
  run(v) {
    const rain = rainInput(v['rain'] as RainEcho);
    const fZ = safetyOf(v);
    const r = a117RetentionVolume({ acM2: n(v, 'acM2'), throttleLs: n(v, 'throttleLs'), safetyFactor: fZ, reductionFactor: n(v, 'reductionFactor') }, rain);
    const issues: Issue[] = [...r.issues, ...checkA117SimpleMethod({ catchmentAreaM2: on(v, 'catchmentAreaM2') ?? aeOf(v), annuality: on(v, 'annualityA') })];
    const pipe = v['retentionPipe'] as Input | undefined;
    const available =
      pipe !== undefined
        ? retentionPipeVolumeM3(n(pipe, 'lengthM'), typeof pipe['pipeType'] === 'string' ? PIPE_TYPES.find((p) => p.id === pipe['pipeType'])!.innerDiameterMm : n(pipe, 'innerDiameterMm'))
        : on(v, 'availableVolumeM3');
    return {
      standard: 'DWA-A 117 (simple method)',
      results: {
        safetyFactor: fZ,
        throttleRateLsHa: r.throttleRateLsHa,
        requiredVolumeM3: r.requiredVolumeM3,
        specificVolumeM3Ha: r.specificVolumeM3Ha,
        standardVolumeM3: r.standardVolumeM3,
        drainingTimeH: r.drainingTimeH,
        ...governing(r),
        ...(available === undefined ? {} : { availableVolumeM3: available, sufficient: sufficient(available, r.requiredVolumeM3) }),
        perDuration: perDuration(r.chart),
      },
      issues: clean(issues),
    };
  },
};
