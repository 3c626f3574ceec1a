/** The groundwater clearance check inside `evaluate` and `applyEvaluation` (decision 0173). */
import { describe, expect, it } from 'vitest';
import type { Measure, MeasureData } from '../model/measure.ts';
import type { Project } from '../model/project.ts';
import { SEEPAGE_ZONE_MIN_THICKNESS } from '../tables/sizing.ts';
import { applyEvaluation } from './applyEvaluation.ts';
import { evaluate } from './evaluate.ts';

const surface = (id: string, parentId: string) => ({ id, name: id, value: 100, drain: 'Groundwater' as const, parentId, data: { cm: 0.9, cs: 1, groundPollutionM153: 'F1' as const } });
const measure = (id: string, surfaceId: string, data: MeasureData): Measure => ({ id, name: id, sealedSurfaces: [surfaceId], data: { recurrenceInterval: 5, safetyMargin: 20, soilData: 'S5', permeabilityCoefficientX: 5.67, permeabilityCoefficientY: 5, ...data } as MeasureData });

const trough: MeasureData = { installationTarget: 'Infiltration', installationVariant: 'trough', dimensioningTrough: { width: 2, length: 5, depth: 0.3, slope: 2.5 } };
const boxTank: MeasureData = {
  installationTarget: 'Infiltration',
  installationVariant: 'infiltrationTank',
  infiltrationTankType: 'Box',
  dimensioningInfiltrationTank: { width: 1.6, length: 2.4, levels: 1, height: 0.66, storageCoefficient: 95 },
};

function project(measures: Measure[], ruleEdition: Project['project']['ruleEdition'] = 'DWA-A 138-1:2024'): Project {
  return {
    schemaVersion: 4,
    project: { name: 'P', ruleEdition },
    waterflow: { sealedSurfaces: measures.map((m) => surface(m.sealedSurfaces[0]!, m.id)), purifications: [], measures },
  };
}

describe('evaluate: groundwater clearance', () => {
  const p = project([
    measure('pass', 's1', { ...trough, groundLevel: 100, meanHighestGroundwaterLevel: 98.5 }),
    measure('fail', 's2', { ...boxTank, groundLevel: 100, coverDepth: 0.5, meanHighestGroundwaterLevel: 98.2 }),
    measure('unchecked', 's3', { ...trough, groundLevel: 100 }),
    measure('retention', 's4', { installationTarget: 'Retention', installationType: 'retentionBasin', groundLevel: 100, meanHighestGroundwaterLevel: 99.9, throttleDischarge: 1, dimensioningInfiltrationTank: { width: 0.8, length: 0.8, levels: 1 } }),
  ]);
  const r = evaluate(p);
  const byId = new Map(r.measures.map((m) => [m.id, m]));

  it('reports pass, fail and incomplete per infiltration measure, null for retention', () => {
    expect(byId.get('pass')?.groundwaterClearance).toMatchObject({ status: 'pass', baseLevelM: 99.7, thicknessM: 1.2, baseLevelSource: 'derived' });
    // 100 − 0.5 − 0.66 = 98.84; − 98.2 = 0.64 m < 1 m.
    expect(byId.get('fail')?.groundwaterClearance).toMatchObject({ status: 'fail', baseLevelM: 98.84, thicknessM: 0.64 });
    expect(byId.get('unchecked')?.groundwaterClearance).toMatchObject({ status: 'incomplete', missing: ['meanHighestGroundwaterLevel'], thicknessM: undefined });
    expect(byId.get('retention')?.groundwaterClearance).toBeNull();
    expect(r.summary.groundwaterClearance).toEqual({ pass: 1, fail: 1, incomplete: 1 });
  });

  it('a failing check is a warning on MHGW with the figures; an incomplete one is no issue', () => {
    const gw = r.issues.filter((i) => i.code === 'SEEPAGE_ZONE_TOO_THIN');
    expect(gw).toEqual([
      {
        nodeId: 'fail',
        field: 'data.meanHighestGroundwaterLevel',
        code: 'SEEPAGE_ZONE_TOO_THIN',
        messageKey: 'sizing.seepageZoneTooThin',
        severity: 'warning',
        params: { thicknessM: 0.64, minThicknessM: 1, baseLevelM: 98.84, groundwaterLevelM: 98.2, clause: SEEPAGE_ZONE_MIN_THICKNESS['DWA-A 138-1:2024'].clause },
      },
    ]);
  });

  it('writes the computed fields into the measure data (what the api stores and answers)', () => {
    expect(byId.get('fail')?.data).toMatchObject({ seepageZoneBaseLevel: 98.84, seepageZoneThickness: 0.64, groundwaterClearance: 'fail' });
    expect(byId.get('unchecked')?.data).toMatchObject({ seepageZoneBaseLevel: 99.7, seepageZoneThickness: null, groundwaterClearance: 'incomplete' });
    expect(byId.get('retention')?.data).toMatchObject({ seepageZoneBaseLevel: null, seepageZoneThickness: null, groundwaterClearance: null });
    const stale = project([measure('m', 's1', { ...trough, seepageZoneThickness: 5, groundwaterClearance: 'pass' })]);
    const derived = applyEvaluation(stale.waterflow, evaluate(stale)).measures[0]!.data;
    expect(derived).toMatchObject({ seepageZoneThickness: null, groundwaterClearance: 'incomplete' });
  });

  it('follows the rule edition (clause of the 2005 edition)', () => {
    const r2005 = evaluate(project([measure('m', 's1', { ...trough, groundLevel: 10, meanHighestGroundwaterLevel: 9.5 })], 'DWA-A 138:2005'));
    expect(r2005.measures[0]?.groundwaterClearance).toMatchObject({ status: 'fail', ruleEdition: 'DWA-A 138:2005', clause: SEEPAGE_ZONE_MIN_THICKNESS['DWA-A 138:2005'].clause });
  });
});
