import type { Issue } from '@rainplan/engine';
import { pipeTankStorageCoefficient, sizingIssue } from '@rainplan/engine/sizing';
import { num, req, opt, def, n, on, PIPE_FIELDS, pipeDiameters, diametersOf, type CalcKind } from '../shared.ts';

export const pipeStorage: CalcKind = {
  name: 'pipe-storage',
  title: 'Storage coefficient s_R of a pipe tank (pipes in gravel)',
  notes: ['s_R = [s_F·(B·H − a·π·d_a²/4) + a·π·d_i²/4] / (B·H); diameters in mm.'],
  input: {
    type: 'object',
    fields: {
      widthM: req(num('m', 0, true), 'width B of the gravel body'),
      heightM: req(num('m', 0, true), 'height H of the gravel body'),
      ...PIPE_FIELDS,
      materialStorageCoefficient: def(num(undefined, 0, false, 1), 0.3, 'storage coefficient s_F of the gravel (fraction)'),
      lengthM: opt(num('m', 0), 'length L: also give the available volume L·B·H·s_R'),
    },
    check: pipeDiameters,
  },
  run(v) {
    const B = n(v, 'widthM');
    const H = n(v, 'heightM');
    const diameters = diametersOf(v);
    const sR = pipeTankStorageCoefficient({ widthM: B, heightM: H, numberOfPipes: n(v, 'numberOfPipes'), ...diameters, materialStorageCoefficient: n(v, 'materialStorageCoefficient') });
    const issues: Issue[] = sR === undefined ? [sizingIssue('PIPES_DO_NOT_FIT', { field: 'numberOfPipes' })] : [];
    const L = on(v, 'lengthM');
    return {
      standard: 'DWA-A 138 (pipe trench)',
      results: {
        ...diameters,
        storageCoefficient: sR,
        storagePerMetreM3M: sR === undefined ? undefined : B * H * sR,
        ...(L === undefined ? {} : { availableVolumeM3: sR === undefined ? undefined : L * B * H * sR }),
      },
      issues,
    };
  },
};
