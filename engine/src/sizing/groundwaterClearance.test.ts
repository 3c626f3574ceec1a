import { describe, expect, it } from 'vitest';
import type { MeasureData } from '../model/measure.ts';
import { INPUT_LIMITS } from '../tables/defaults.ts';
import { SEEPAGE_ZONE_MIN_THICKNESS } from '../tables/sizing.ts';
import {
  groundwaterClearanceFields,
  groundwaterClearanceIssues,
  measureBaseDepth,
  measureGroundwaterClearance,
  measureInfiltrates,
  seepageZoneCheck,
  validateGroundwaterClearanceInputs,
} from './groundwaterClearance.ts';

const trough: MeasureData = { installationTarget: 'Infiltration', installationVariant: 'trough', dimensioningTrough: { width: 2, length: 5, depth: 0.3, slope: 2.5 } };
const boxTank: MeasureData = {
  installationTarget: 'Infiltration',
  installationVariant: 'infiltrationTank',
  infiltrationTankType: 'Box',
  dimensioningInfiltrationTank: { width: 1.6, length: 2.4, levels: 1, height: 0.66, storageCoefficient: 95 },
};
const pipeTank: MeasureData = {
  installationTarget: 'Infiltration',
  installationVariant: 'infiltrationTank',
  infiltrationTankType: 'Pipe',
  dimensioningInfiltrationTank: { width: 1, length: 10, height: 0.8, numberOfPipes: 1, pipeType: 'DN_ID_200' },
};
const troughTank: MeasureData = {
  ...boxTank,
  installationVariant: 'troughInfiltrationTank',
  dimensioningTrough: { width: 2, length: 5, depth: 0.3, slope: 2.5 },
  dimensioningInfiltrationTank: { width: 1.6, length: 2.4, levels: 1.5, storageCoefficient: 95 },
};
const retention: MeasureData = { installationTarget: 'Retention', installationType: 'retentionBasin', groundLevel: 100, meanHighestGroundwaterLevel: 99.9 };

describe('seepageZoneCheck', () => {
  it('passes at exactly the minimum and fails a millimetre below it (levels compared to the micrometre)', () => {
    // 100.30 − 0.30 = 100.00; − 99.00 = 1.00 m exactly, although 100.3 − 0.3 − 99 is 0.99999… in binary.
    const atMinimum = seepageZoneCheck({ groundwaterLevelM: 99, groundLevelM: 100.3, depthBelowGroundM: 0.3 });
    expect(atMinimum).toMatchObject({ status: 'pass', thicknessM: 1, baseLevelM: 100, baseLevelSource: 'derived', minThicknessM: 1, missing: [] });
    expect(seepageZoneCheck({ groundwaterLevelM: 99.001, groundLevelM: 100.3, depthBelowGroundM: 0.3 })).toMatchObject({ status: 'fail', thicknessM: 0.999 });
  });

  it('a typed base level wins over ground level and depth', () => {
    const r = seepageZoneCheck({ groundwaterLevelM: 95, baseLevelM: 97.5, groundLevelM: 100, depthBelowGroundM: 4.5 });
    expect(r).toMatchObject({ status: 'pass', baseLevelM: 97.5, baseLevelSource: 'typed', thicknessM: 2.5, groundLevelM: undefined, depthBelowGroundM: undefined });
  });

  it('a base below MHGW gives a negative thickness and fails', () => {
    expect(seepageZoneCheck({ groundwaterLevelM: 99.5, baseLevelM: 99 })).toMatchObject({ status: 'fail', thicknessM: -0.5 });
  });

  it('without MHGW the check is incomplete (never a silent pass), and names what is missing', () => {
    expect(seepageZoneCheck({ baseLevelM: 50 })).toMatchObject({ status: 'incomplete', thicknessM: undefined, missing: ['groundwaterLevelM'] });
    expect(seepageZoneCheck({})).toMatchObject({ status: 'incomplete', missing: ['groundwaterLevelM', 'groundLevelM', 'depthBelowGroundM'] });
    expect(seepageZoneCheck({ groundwaterLevelM: Number.NaN, baseLevelM: 50 })).toMatchObject({ status: 'incomplete', missing: ['groundwaterLevelM'] });
    expect(seepageZoneCheck({ groundwaterLevelM: 10, groundLevelM: Number.POSITIVE_INFINITY, depthBelowGroundM: 1 })).toMatchObject({ status: 'incomplete', missing: ['groundLevelM'] });
  });

  it('cites the clause of each edition, 1 m in both', () => {
    for (const ruleEdition of ['DWA-A 138-1:2024', 'DWA-A 138:2005'] as const) {
      const r = seepageZoneCheck({ groundwaterLevelM: 0, baseLevelM: 2, ruleEdition });
      expect(r.clause).toBe(SEEPAGE_ZONE_MIN_THICKNESS[ruleEdition].clause);
      expect(r.clause.startsWith(ruleEdition)).toBe(true);
      expect(r.minThicknessM).toBe(1);
    }
    expect(seepageZoneCheck({ groundwaterLevelM: 0, baseLevelM: 2 }).ruleEdition).toBe('DWA-A 138-1:2024');
  });
});

describe('measure base depth and clearance', () => {
  it('infiltration measures are checked, retention is not', () => {
    expect([trough, boxTank, pipeTank, troughTank].map(measureInfiltrates)).toEqual([true, true, true, true]);
    expect(measureInfiltrates(retention)).toBe(false);
    expect(measureGroundwaterClearance(retention)).toBeNull();
  });

  it('trough: ground − z; box tank: ground − cover − H (H from the layers); pipe tank: ground − cover − H; trough with tank: ground − z − cover − H', () => {
    expect(measureBaseDepth(trough)).toEqual({ depthM: 0.3, missing: [] });
    expect(measureBaseDepth({ ...boxTank, coverDepth: 0.5 })).toEqual({ depthM: 1.16, missing: [] });
    expect(measureBaseDepth({ ...pipeTank, coverDepth: 0.6 })).toEqual({ depthM: 1.4, missing: [] });
    // 1.5 layers: 0.66 + 0.36 = 1.02 m; 0.3 + 0.3 + 1.02 = 1.62 m.
    expect(measureBaseDepth({ ...troughTank, coverDepth: 0.3 })).toEqual({ depthM: 1.62, missing: [] });
    const r = measureGroundwaterClearance({ ...boxTank, coverDepth: 0.5, groundLevel: 100, meanHighestGroundwaterLevel: 97.2 });
    expect(r).toMatchObject({ status: 'pass', baseLevelM: 98.84, thicknessM: 1.64, baseLevelSource: 'derived', depthBelowGroundM: 1.16, groundLevelM: 100 });
  });

  it('names the measure fields an incomplete check lacks', () => {
    expect(measureGroundwaterClearance(boxTank)?.missing).toEqual(['meanHighestGroundwaterLevel', 'groundLevel', 'coverDepth']);
    expect(measureGroundwaterClearance({ ...trough, groundLevel: 10 })?.missing).toEqual(['meanHighestGroundwaterLevel']);
    expect(measureGroundwaterClearance({ ...trough, dimensioningTrough: {}, groundLevel: 10, meanHighestGroundwaterLevel: 5 })).toMatchObject({
      status: 'incomplete',
      missing: ['dimensioningTrough.depth'],
    });
    expect(measureGroundwaterClearance({ installationTarget: 'Infiltration', meanHighestGroundwaterLevel: 1, groundLevel: 5 })?.missing).toEqual(['installationVariant']);
    // A typed base level needs neither ground level nor depth.
    expect(measureGroundwaterClearance({ ...boxTank, baseLevel: 99, meanHighestGroundwaterLevel: 98.5 })).toMatchObject({ status: 'fail', thicknessM: 0.5, missing: [] });
  });

  it('writes the computed fields and a warning only when the check fails', () => {
    const fail = measureGroundwaterClearance({ ...trough, groundLevel: 50, meanHighestGroundwaterLevel: 49.2 }, 'DWA-A 138:2005');
    expect(groundwaterClearanceFields(fail)).toEqual({ seepageZoneBaseLevel: 49.7, seepageZoneThickness: 0.5, groundwaterClearance: 'fail' });
    const issues = groundwaterClearanceIssues(fail, { nodeId: 'm1', field: 'data.meanHighestGroundwaterLevel' });
    expect(issues).toEqual([
      {
        nodeId: 'm1',
        field: 'data.meanHighestGroundwaterLevel',
        code: 'SEEPAGE_ZONE_TOO_THIN',
        messageKey: 'sizing.seepageZoneTooThin',
        severity: 'warning',
        params: { thicknessM: 0.5, minThicknessM: 1, baseLevelM: 49.7, groundwaterLevelM: 49.2, clause: SEEPAGE_ZONE_MIN_THICKNESS['DWA-A 138:2005'].clause },
      },
    ]);
    const incomplete = measureGroundwaterClearance(trough);
    expect(groundwaterClearanceFields(incomplete)).toEqual({ seepageZoneBaseLevel: null, seepageZoneThickness: null, groundwaterClearance: 'incomplete' });
    expect(groundwaterClearanceIssues(incomplete)).toEqual([]);
    expect(groundwaterClearanceFields(null)).toEqual({ seepageZoneBaseLevel: null, seepageZoneThickness: null, groundwaterClearance: null });
  });
});

describe('validateGroundwaterClearanceInputs', () => {
  it('refuses non-numbers and values out of bounds with a code and a message key; the check treats them as missing', () => {
    const bad = { ...trough, groundLevel: 1e9, meanHighestGroundwaterLevel: Number.NaN, baseLevel: '98' as unknown as number, coverDepth: -1 };
    expect(validateGroundwaterClearanceInputs(bad, 'm1')).toEqual([
      { nodeId: 'm1', field: 'data.groundLevel', code: 'ABOVE_MAXIMUM', messageKey: 'validation.max', severity: 'error', params: { field: 'groundLevel', max: INPUT_LIMITS.levelMaxM } },
      { nodeId: 'm1', field: 'data.meanHighestGroundwaterLevel', code: 'NOT_A_NUMBER', messageKey: 'validation.number', severity: 'error', params: { field: 'meanHighestGroundwaterLevel' } },
      { nodeId: 'm1', field: 'data.baseLevel', code: 'NOT_A_NUMBER', messageKey: 'validation.number', severity: 'error', params: { field: 'baseLevel' } },
      { nodeId: 'm1', field: 'data.coverDepth', code: 'BELOW_MINIMUM', messageKey: 'validation.min', severity: 'error', params: { field: 'coverDepth', min: 0 } },
    ]);
    expect(measureGroundwaterClearance(bad)).toMatchObject({ status: 'incomplete', missing: ['meanHighestGroundwaterLevel', 'groundLevel'] });
    expect(measureGroundwaterClearance({ ...trough, groundLevel: 100, meanHighestGroundwaterLevel: -1e9 })).toMatchObject({ status: 'incomplete', missing: ['meanHighestGroundwaterLevel'] });
    expect(validateGroundwaterClearanceInputs({ ...trough, groundLevel: 100, coverDepth: null })).toEqual([]);
  });
});
