/**
 * The calculate-flooding checkbox (planning spec section 2, result block; section 4, measure
 * rules): below the A_C threshold the flooding verification is off unless ticked, yet the planner
 * may still have the flooding volume calculated. `calculateFlooding` then computes the flooding
 * volume and the extra volume with the flooding parameters (their defaults when not given) and
 * leaves the verification off: no flooding inputs are required, the node's completion does not
 * depend on them. At or above the threshold the verification is in effect and the flooding volume
 * is calculated whatever the checkbox says.
 */
import { describe, expect, it } from 'vitest';
import type { MeasureData } from '../model/measure.ts';
import type { Project, Waterflow } from '../model/project.ts';
import type { RainData } from '../model/rain.ts';
import { ANNUALITIES_A, RAIN_DURATIONS_MIN } from '../tables/rain.ts';
import { DEFAULTS } from '../tables/defaults.ts';
import { assignSurfaces } from '../waterflow/assign.ts';
import { setFloodingVerification, setInfiltrationTankType, setInstallationTarget, setInstallationVariant, setSoil, updateMeasure } from '../waterflow/measureRules.ts';
import { createMeasure, createSurface } from '../waterflow/nodes.ts';
import { setSurfaceDrain, setSurfaceRunoff, updateSurface } from '../waterflow/surfaceEdits.ts';
import { evaluate } from './evaluate.ts';

const rainData: RainData = {
  source: { edition: 'KOSTRA-DWD-2020', cell: '129102' },
  raindataSeries: ANNUALITIES_A.map((annuality) => ({
    annuality,
    valuesForDurations: RAIN_DURATIONS_MIN.map((duration) => ({ duration, value: (2500 * (1 + 0.35 * Math.log(annuality))) / (duration + 9) ** 0.8 })),
  })),
};

/** One flat roof of `areaM2` (C_m 0.9) on a box tank of 1.6 m × 4.8 m, one layer, sandy gravel. */
function project(areaM2: number, patch: Partial<MeasureData> = {}): Project {
  let wf: Waterflow = { sealedSurfaces: [], purifications: [], measures: [] };
  wf = createSurface(wf, { id: 'roof', name: 'Dach' }).waterflow;
  wf = setSurfaceDrain(wf, 'roof', 'Groundwater').waterflow;
  wf = setSurfaceRunoff(wf, 'roof', 'flatRoof').waterflow;
  wf = updateSurface(wf, 'roof', { value: areaM2, data: { groundPollutionM153: 'F2' } }).waterflow;
  wf = createMeasure(wf, { id: 'm', name: 'Rigole' }).waterflow;
  wf = assignSurfaces(wf, 'm', ['roof']).waterflow;
  wf = setInstallationTarget(wf, 'm', 'Infiltration').waterflow;
  wf = setInstallationVariant(wf, 'm', 'infiltrationTank').waterflow;
  wf = setInfiltrationTankType(wf, 'm', 'Box').waterflow;
  wf = setSoil(wf, 'm', 'S3').waterflow;
  wf = updateMeasure(wf, 'm', { dimensioningInfiltrationTank: { width: 1.6, length: 4.8, levels: 1 }, ...patch }).waterflow;
  return { schemaVersion: 4, project: { name: 'Halle', airPollution: 'L2' }, waterflow: wf, rainData };
}

/** A measure whose flooding recurrence interval and margin were never chosen (older project files). */
const NO_FLOODING_INPUTS: Partial<MeasureData> = { recurrenceIntervalFloodingVerification: null, safetyMarginFlooding: null };

const measure = (p: Project) => evaluate(p).measures[0]!;
const floodingIssues = (p: Project) => evaluate(p).issues.filter((i) => i.nodeId === 'm' && /Flooding/.test(i.field ?? ''));

describe('calculate flooding with the verification off (A_C below the threshold)', () => {
  it('unticked: no flooding volume, the verification is off and may be ticked', () => {
    const m = measure(project(300));
    expect(m.AC).toBe(270);
    expect(m).toMatchObject({ floodingVerification: false, floodingVerificationLocked: false });
    expect(m.data.floodingVolume ?? null).toBeNull();
    expect(m.data.extraVolume ?? null).toBeNull();
  });

  it('ticked: flooding and extra volume are calculated, the verification stays off and asks for nothing', () => {
    const p = project(300, { calculateFlooding: true, ...NO_FLOODING_INPUTS });
    const m = measure(p);
    expect(m.floodingVerification).toBe(false);
    expect(m.data.floodingVerification).toBe(false);
    expect(m.data.floodingVolume).toBeGreaterThan(0);
    expect(m.data.extraVolume).toBeCloseTo(Math.max(0, m.data.floodingVolume! - m.value!), 9);
    // the defaults of the flooding check are used (30 a, Fz15) and not asked for
    expect(floodingIssues(p)).toEqual([]);
    const explicit = measure(project(300, { calculateFlooding: true, recurrenceIntervalFloodingVerification: DEFAULTS.recurrenceIntervalFloodingA, safetyMarginFlooding: DEFAULTS.safetyMarginFlooding }));
    expect(explicit.data.floodingVolume).toBe(m.data.floodingVolume);
    // the measure's own sizing is the same with or without the calculated flooding
    const plain = measure(project(300));
    expect(m.requiredVolume).toBe(plain.requiredVolume);
    expect(m.fullyCompleted).toBe(plain.fullyCompleted);
  });

  it('ticked: the flooding parameters the planner chose are used (100 a with the flooding option is larger than 30 a)', () => {
    const at30 = measure(project(300, { calculateFlooding: true })).data.floodingVolume!;
    const at100 = measure(project(300, { calculateFlooding: true, recurrenceIntervalFloodingVerification: 100 })).data.floodingVolume!;
    expect(at100).toBeGreaterThan(at30);
  });

  it('the verification ticked by the planner computes the same flooding volume and then requires its inputs when missing', () => {
    const calculated = measure(project(300, { calculateFlooding: true }));
    let p = project(300, NO_FLOODING_INPUTS);
    p = { ...p, waterflow: setFloodingVerification(p.waterflow, 'm', true).waterflow };
    const verified = measure(p);
    expect(verified.floodingVerification).toBe(true);
    expect(verified.data.floodingVolume).toBe(calculated.data.floodingVolume);
    expect(floodingIssues(p).map((i) => [i.code, i.field])).toEqual([
      ['REQUIRED', 'data.recurrenceIntervalFloodingVerification'],
      ['REQUIRED', 'data.safetyMarginFlooding'],
    ]);
  });
});

describe('calculate flooding with the verification in effect (A_C at or above the threshold)', () => {
  it('the flooding volume is calculated whether or not the checkbox is ticked', () => {
    const off = measure(project(1000, { calculateFlooding: false }));
    const on = measure(project(1000, { calculateFlooding: true }));
    expect(off.AC).toBe(900);
    expect(off).toMatchObject({ floodingVerification: true, floodingVerificationLocked: true });
    expect(off.data.floodingVolume).toBeGreaterThan(0);
    expect(on.data.floodingVolume).toBe(off.data.floodingVolume);
  });
});
