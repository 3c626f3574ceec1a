import { describe, expect, it } from 'vitest';
import { EngineError } from '../errors.ts';
import type { MeasureData } from '../model/measure.ts';
import type { Waterflow } from '../model/project.ts';
import { createMeasure } from './nodes.ts';
import {
  boxTankHeightM,
  floodingVerificationLocked,
  measureKind,
  normalizeMeasureData,
  setFloodingOption,
  setFloodingVerification,
  setInfiltrationTankType,
  setInstallationTarget,
  setInstallationType,
  setInstallationVariant,
  setSoil,
  updateMeasure,
} from './measureRules.ts';

const start = (): Waterflow => createMeasure({ sealedSurfaces: [], purifications: [], measures: [] }, { id: 'm', name: 'M' }).waterflow;
const data = (wf: Waterflow): MeasureData => wf.measures[0]!.data;
const throwsCode = (fn: () => unknown, code: string) => expect(fn).toThrowError(expect.objectContaining({ code }) as unknown as EngineError);

describe('steps enabled', () => {
  it('needs a tank type for tank variants, nothing more for troughs, an installation type for retention', () => {
    expect(measureKind({}).stepsEnabled).toBe(false);
    expect(measureKind({ installationTarget: 'Infiltration' }).stepsEnabled).toBe(false);
    expect(measureKind({ installationTarget: 'Infiltration', installationVariant: 'trough' }).stepsEnabled).toBe(true);
    expect(measureKind({ installationTarget: 'Infiltration', installationVariant: 'infiltrationTank' }).stepsEnabled).toBe(false);
    expect(measureKind({ installationTarget: 'Infiltration', installationVariant: 'troughInfiltrationTank', infiltrationTankType: 'Pipe' })).toMatchObject({ stepsEnabled: true, trough: true, tank: 'Pipe' });
    expect(measureKind({ installationTarget: 'Retention' }).stepsEnabled).toBe(false);
    expect(measureKind({ installationTarget: 'Retention', installationType: 'backwaterChannel' })).toMatchObject({ stepsEnabled: true, tank: 'RetentionPipe', soil: false });
  });
});

describe('installation choices', () => {
  it('retention drops soil data and permeability and sets the 1 l/s throttle', () => {
    let wf = setInstallationTarget(start(), 'm', 'Infiltration').waterflow;
    wf = setSoil(wf, 'm', 'S3').waterflow;
    expect(data(wf)).toMatchObject({ soilData: 'S3', permeabilityCoefficientX: 1.04, permeabilityCoefficientY: 4 });
    wf = setInstallationTarget(wf, 'm', 'Retention').waterflow;
    expect(data(wf)).toMatchObject({ installationTarget: 'Retention', throttleDischarge: 1 });
    expect(data(wf)).not.toHaveProperty('soilData');
    expect(data(wf)).not.toHaveProperty('permeabilityCoefficientX');
  });

  it('keeps the throttle only for retention or infiltration with a tank', () => {
    let wf = setInstallationTarget(start(), 'm', 'Infiltration').waterflow;
    wf = setInstallationVariant(wf, 'm', 'trough').waterflow;
    expect(data(wf)).not.toHaveProperty('throttleDischarge');
    expect(data(wf).dimensioningTrough).toEqual({ width: 1, length: 1, depth: 0.3, slope: 2.5 });
    wf = setInstallationVariant(wf, 'm', 'infiltrationTank').waterflow;
    expect(data(wf)).toHaveProperty('throttleDischarge', 0);
  });

  it('changing the variant clears the tank type; changing the tank type resets the dimensions', () => {
    let wf = setInstallationTarget(start(), 'm', 'Infiltration').waterflow;
    wf = setInstallationVariant(wf, 'm', 'infiltrationTank').waterflow;
    wf = setInfiltrationTankType(wf, 'm', 'Box').waterflow;
    expect(data(wf).dimensioningInfiltrationTank).toEqual({ width: 0.8, length: 0.8, levels: 1, height: 0.66, storageCoefficient: 95 });
    wf = updateMeasure(wf, 'm', { dimensioningInfiltrationTank: { width: 1.6, length: 8, levels: 2.5 } }).waterflow;
    expect(data(wf).dimensioningInfiltrationTank).toEqual({ width: 1.6, length: 8, levels: 2.5, height: 1.68, storageCoefficient: 95 });
    wf = setInfiltrationTankType(wf, 'm', 'Pipe').waterflow;
    expect(data(wf).dimensioningInfiltrationTank).toEqual({ width: 1, length: 1, height: 0.6, numberOfPipes: 1, storageCoefficientMaterial: 30 });
    wf = setInstallationVariant(wf, 'm', 'troughInfiltrationTank').waterflow;
    expect(data(wf)).not.toHaveProperty('infiltrationTankType');
    expect(data(wf)).toMatchObject({ recurrenceIntervalTrough: 1 });
  });

  it('refuses choices that do not fit the target', () => {
    throwsCode(() => setInstallationVariant(start(), 'm', 'trough'), 'INVALID_ARGUMENT');
    throwsCode(() => setInstallationType(start(), 'm', 'retentionBasin'), 'INVALID_ARGUMENT');
    const infiltration = setInstallationTarget(start(), 'm', 'Infiltration').waterflow;
    throwsCode(() => setInfiltrationTankType(setInstallationVariant(infiltration, 'm', 'trough').waterflow, 'm', 'Box'), 'INVALID_ARGUMENT');
  });

  it('retention basins get box defaults, backwater channels a retention pipe', () => {
    let wf = setInstallationTarget(start(), 'm', 'Retention').waterflow;
    wf = setInstallationType(wf, 'm', 'retentionBasin').waterflow;
    expect(data(wf).dimensioningInfiltrationTank).toMatchObject({ width: 0.8, length: 0.8, storageCoefficient: 95 });
    wf = setInstallationType(wf, 'm', 'backwaterChannel').waterflow;
    expect(data(wf).dimensioningInfiltrationTank).toEqual({ length: 1 });
  });

  it('the box storage coefficient is fixed at its default', () => {
    const normalized = normalizeMeasureData({
      installationTarget: 'Infiltration',
      installationVariant: 'infiltrationTank',
      infiltrationTankType: 'Box',
      dimensioningInfiltrationTank: { width: 0.8, length: 0.8, levels: 1, storageCoefficient: 50 },
    });
    expect(normalized.dimensioningInfiltrationTank?.storageCoefficient).toBe(95);
  });

  it('box height follows the layers: whole layers × 0.66 m, a half layer adds 0.36 m', () => {
    expect(boxTankHeightM(1)).toBeCloseTo(0.66, 12);
    expect(boxTankHeightM(0.5)).toBeCloseTo(0.36, 12);
    expect(boxTankHeightM(3.5)).toBeCloseTo(2.34, 12);
  });

  it('soil of the trough part sets the trough coefficients', () => {
    let wf = setInstallationTarget(start(), 'm', 'Infiltration').waterflow;
    wf = setInstallationVariant(wf, 'm', 'troughInfiltrationTank').waterflow;
    wf = setSoil(wf, 'm', 'S1', 'trough').waterflow;
    expect(data(wf)).toMatchObject({ soilDataTrough: 'S1', permeabilityCoefficientXTrough: 1.13, permeabilityCoefficientYTrough: 5 });
  });
});

describe('flooding', () => {
  it('the flooding option sets degreeOfSealing, Fz15 and 100 years and locks the recurrence', () => {
    let wf = updateMeasure(start(), 'm', { safetyMarginFlooding: 'Fz20' }).waterflow;
    wf = setFloodingOption(wf, 'm', true).waterflow;
    expect(data(wf)).toMatchObject({ degreeOfSealing: true, safetyMarginFlooding: 'Fz15', recurrenceIntervalFloodingVerification: 100 });
    throwsCode(() => updateMeasure(wf, 'm', { recurrenceIntervalFloodingVerification: 30 }), 'INVALID_ARGUMENT');
    wf = setFloodingOption(wf, 'm', false).waterflow;
    expect(data(wf)).toMatchObject({ degreeOfSealing: false, recurrenceIntervalFloodingVerification: 30 });
  });

  it('the checkbox is locked without a numeric A_C or at/above 800 m²', () => {
    expect(floodingVerificationLocked(undefined)).toBe(true);
    expect(floodingVerificationLocked(Number.NaN)).toBe(true);
    expect(floodingVerificationLocked(799.9)).toBe(false);
    expect(floodingVerificationLocked(800)).toBe(true);
    throwsCode(() => setFloodingVerification(start(), 'm', true), 'INVALID_ARGUMENT');
  });
});
