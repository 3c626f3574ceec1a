/**
 * A 250-node project for the latency bench, built with the engine's waterflow operations (the table
 * the engine worker runs, src/engine/shared/operations.ts):
 * 50 measures (box-tank infiltration, retention basin, trough, trough with box tank, pipe tank in
 * turn), each with 3 sealed surfaces on groundwater, 2 of them through a purification (M 153)
 * = 50 + 150 + 50 = 250 nodes, synthetic rain data of Munich's magnitude, derived by the engine.
 */
import { deriveProject, type OperationResult, type Project, type Waterflow } from '@rainplan/engine';
import { ANNUALITIES_A, RAIN_DURATIONS_MIN } from '@rainplan/engine/tables';
import { OPERATIONS as op } from '../src/engine/shared/operations.ts';

export function generateBenchProject(measures = 50): Project {
  let wf: Waterflow = { sealedSurfaces: [], purifications: [], measures: [] };
  const run = (result: OperationResult) => (wf = result.waterflow);
  const kinds = ['box', 'retention', 'trough', 'troughTank', 'pipe'] as const;
  for (let i = 0; i < measures; i++) {
    const m = `m${i}`;
    const p = `p${i}`;
    const surfaces = [0, 1, 2].map((k) => `s${i}-${k}`);
    surfaces.forEach((s, k) => {
      run(op.createSurface(wf, { id: s, name: `Fläche ${i + 1}.${k + 1}` }));
      run(op.setSurfaceDrain(wf, s, 'Groundwater'));
      run(op.setSurfaceRunoff(wf, s, k === 0 ? 'flatRoof' : 'concreteBlockPaving'));
      run(op.updateSurface(wf, s, { value: 150 + 37 * ((i + k) % 9), data: { groundPollutionM153: k === 0 ? 'F2' : 'F4' } }));
    });
    run(op.createMeasure(wf, { id: m, name: `Maßnahme ${i + 1}` }));
    const kind = kinds[i % kinds.length]!;
    if (kind === 'retention') {
      run(op.setInstallationTarget(wf, m, 'Retention'));
      run(op.setInstallationType(wf, m, 'retentionBasin'));
      run(op.updateMeasure(wf, m, { throttleDischarge: 2 }));
    } else {
      run(op.setInstallationTarget(wf, m, 'Infiltration'));
      run(op.setInstallationVariant(wf, m, kind === 'trough' ? 'trough' : kind === 'troughTank' ? 'troughInfiltrationTank' : 'infiltrationTank'));
      if (kind !== 'trough') run(op.setInfiltrationTankType(wf, m, kind === 'pipe' ? 'Pipe' : 'Box'));
      run(op.setSoil(wf, m, 'S3'));
      if (kind === 'troughTank') run(op.setSoil(wf, m, 'S4', 'trough'));
    }
    run(op.assignSurfaces(wf, m, surfaces));
    run(op.createPurification(wf, { id: p, name: `Reinigung ${i + 1}` }));
    run(op.setPurificationMeasure(wf, p, m));
    run(op.assignSurfaces(wf, p, surfaces.slice(0, 2)));
    run(op.setWaterCategory(wf, p, 'G12'));
  }
  const clean = (n: { changed?: boolean }) => {
    const { changed: _c, ...rest } = n;
    return rest;
  };
  const project: Project = {
    schemaVersion: 4,
    project: { name: 'Latenz 250', airPollution: 'L2', ruleEdition: 'DWA-A 138-1:2024' },
    rainData: {
      source: { edition: 'custom' },
      raindataSeries: ANNUALITIES_A.map((annuality) => ({
        annuality,
        valuesForDurations: RAIN_DURATIONS_MIN.map((duration) => ({ duration, value: (2500 * (1 + 0.35 * Math.log(annuality))) / (duration + 9) ** 0.8 })),
      })),
    },
    purificationFacilities: [],
    waterflow: { sealedSurfaces: wf.sealedSurfaces.map(clean), purifications: wf.purifications.map(clean), measures: wf.measures.map(clean) } as Waterflow,
  };
  return deriveProject(project);
}
