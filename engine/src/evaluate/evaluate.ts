import { a102Assessment, a102Passes } from '../assessment/a102.ts';
import { m153Assessment, m153CombinedFactor, m153Passes, m153TreatmentNeeded } from '../assessment/m153.ts';
import { issue, type Issue } from '../issues.ts';
import type { Project } from '../model/project.ts';
import { SCHEMA_VERSION } from '../model/project.ts';
import type { Purification, TreatmentFacility } from '../model/purification.ts';
import type { SealedSurface } from '../model/surface.ts';
import { A102_THRESHOLD_KG_HA_A } from '../tables/a102.ts';
import { DEFAULTS } from '../tables/defaults.ts';
import { DEFAULT_RULE_EDITION } from '../tables/measures.ts';
import { ENGINE_VERSION } from '../version.ts';
import { rainSeriesFromRainData } from '../rain/wire.ts';
import { sizingIssue } from '../sizing/issues.ts';
import {
  groundwaterClearanceFields,
  groundwaterClearanceIssues,
  measureGroundwaterClearance,
  validateGroundwaterClearanceInputs,
} from '../sizing/groundwaterClearance.ts';
import { measureKindOf } from '../kinds/registry.ts';
import { sizeMeasureAndLength } from '../sizing/sizeMeasure.ts';
import { scaledRainEnds, uncertaintyBandAt } from '../sizing/uncertaintyBand.ts';
import { rainSeriesUncertainty, type RainSeriesUncertainty } from '../rain/uncertainty.ts';
import { connectedArea, peakConnectedArea, sealedArea, surfaceConnectedArea } from '../waterflow/connectedArea.ts';
import { deriveDrain } from '../waterflow/deriveDrain.ts';
import { floodingVerificationLocked, measureKind } from '../waterflow/measureRules.ts';
import { neededFacilityAmount } from '../waterflow/purificationEdits.ts';
import type { ItemGeometryLookup } from '../boxgrid/itemGeometry.ts';
import { applyConfigurationLinks, standardItemGeometry } from '../boxgrid/measureLink.ts';
import type { Evaluation, MeasureResult, PurificationResult, SurfaceResult } from './types.ts';
import { validateMeasure, validatePurification, validateSurface } from './validateNodes.ts';

export interface EvaluateOptions {
  /**
   * Treatment facility catalogue used to look up chosen facilities (by businessId). Defaults to
   * the project's own `purificationFacilities`.
   */
  readonly facilities?: readonly TreatmentFacility[];
  /**
   * Item geometry of the box configurations (a catalogue's `geometryLookup`). A measure linked to
   * a configuration with items takes its tank dimensions and available volume from it
   * (docs/configurator.md "Link to the measure"). Defaults to `standardItemGeometry` (decision 0088).
   */
  readonly itemGeometry?: ItemGeometryLookup;
  /**
   * Add each measure's storage balances with every term (`MeasureResult.balances`): what the
   * dimensioning report prints as the calculation path. Default false (the stored results and
   * fixtures carry no balances).
   */
  readonly calculationPath?: boolean;
}

const issueKey = (i: Issue) => `${i.nodeId ?? ''}\u0000${i.field ?? ''}\u0000${i.code}`;

/**
 * Completion test of a measure (spec section 4: value at least requiredVolume). A relative 1e-9
 * absorbs the rounding of an auto-dimensioned length (docs/decisions/0031-measure-value-and-completion.md).
 */
const covers = (available: number, required: number) => available >= required * (1 - 1e-9);

/** For issue parameters shown to the planner (m³ to the litre). */
const round3 = (x: number): number => {
  const scaled = Math.round(x * 1000) / 1000;
  return Number.isFinite(scaled) ? scaled : x; // huge values: x · 1000 overflows
};

const finiteOrUndefined = (x: number | undefined): number | undefined => (x !== undefined && Number.isFinite(x) ? x : undefined);

/**
 * Evaluates a whole project: connected areas, drains, DWA-M 153 / DWA-A 102-2 assessments, the
 * sizing of every measure (`sizeMeasure` with the project's rain data and rule edition, plus the
 * one-click tank length), completion flags and every data issue, stamped with the engine
 * version, the rule edition and the rain dataset. Pure and fast (a 250-node project with 50
 * sized measures takes well under a millisecond).
 *
 * @example
 * const parsed = parseProject(text);
 * if (parsed.ok) {
 *   const result = evaluate(parsed.project);
 *   result.purifications[0]?.messageKey; // 'passing' | 'notPassing' | undefined
 * }
 */
export function evaluate(project: Project, options: EvaluateOptions = {}): Evaluation {
  const { sealedSurfaces, purifications } = project.waterflow;
  // Linked box configurations set their measures' tank dimensions (boxgrid/measureLink.ts).
  const measures = applyConfigurationLinks(project, options.itemGeometry ?? standardItemGeometry);
  const linkedConfiguration = (m: (typeof measures)[number], i: number): string | undefined =>
    m === project.waterflow.measures[i] ? undefined : project.boxConfigurations?.find((c) => c.measureId === m.id)?.id;
  const issues: Issue[] = [];
  const surfacesById = new Map<string, SealedSurface>();
  for (const s of sealedSurfaces) surfacesById.set(s.id, s);
  const facilities = new Map<string, TreatmentFacility>();
  for (const f of options.facilities ?? project.purificationFacilities ?? []) facilities.set(f.businessId, f);

  const surfaceResults: SurfaceResult[] = sealedSurfaces.map((s) => {
    const surfaceIssues = validateSurface(s);
    issues.push(...surfaceIssues);
    const AC = finiteOrUndefined(surfaceConnectedArea(s));
    const areaM2 = finiteOrUndefined(s.value ?? undefined);
    return {
      id: s.id,
      name: s.name,
      areaM2,
      AC,
      drain: s.drain ?? undefined,
      parentId: s.parentId ?? null,
      fullyCompleted: !surfaceIssues.some((i) => i.severity === 'error'),
    };
  });

  const purificationResults = purifications.map((p) =>
    evaluatePurification(p, project, surfacesById, facilities, issues),
  );

  issues.push(...projectIssues(project, purificationResults));

  const ruleEdition = project.project.ruleEdition ?? DEFAULT_RULE_EDITION;
  const rainDataset = project.rainData?.source ?? null;
  const series = project.rainData == null ? undefined : rainSeriesFromRainData(project.rainData);
  const rain: { readonly yieldsLsHa: readonly (readonly number[])[] } | undefined = series === undefined ? undefined : { yieldsLsHa: series.yieldsLsHa };
  const uncertainty: RainSeriesUncertainty = series === undefined ? { ok: false, reason: 'noRainData' } : rainSeriesUncertainty(series);
  // The rain at both ends of its uncertainty is the same for every measure: scaled once, not per measure.
  const bandRain = uncertainty.ok && rain !== undefined ? scaledRainEnds(rain.yieldsLsHa, uncertainty.pct) : undefined;
  const measureResults: MeasureResult[] = measures.map((m, measureIndex) => {
    const AC = finiteOrUndefined(connectedArea(m.sealedSurfaces, surfacesById));
    const drain = deriveDrain(m.sealedSurfaces, surfacesById);
    const floodingVerification = m.data.floodingVerification === true || (AC !== undefined && AC >= DEFAULTS.acThresholdM2);
    const measureIssues = validateMeasure(m, surfacesById, floodingVerification);
    const kind = measureKind(m.data);
    const sizingInput = {
      data: { ...m.data, floodingVerification },
      acM2: AC,
      peakAreaM2: finiteOrUndefined(peakConnectedArea(m.sealedSurfaces, surfacesById)),
      catchmentAreaM2: finiteOrUndefined(sealedArea(m.sealedSurfaces, surfacesById)),
      rain,
      ruleEdition,
      nodeId: m.id,
    };
    // The balances are recorded only for the calculation path (the only reader of `sized.balances`).
    // The design one-click length serves the auto-dimensioning and the band's design end: kinds sized
    // by their tank's length (kinds/registry.ts) get it, from the inputs the sizing resolved.
    const { sized, length: designLength } = sizeMeasureAndLength(sizingInput, options.calculationPath === true, measureKindOf(m.data)?.design === 'tankLength');
    // Sizing repeats some of the section 5 checks (REQUIRED safety margin, dimensions…): keep one of each.
    const seen = new Set(measureIssues.map(issueKey));
    for (const i of sized.issues) {
      const key = issueKey(i);
      if (!seen.has(key)) {
        seen.add(key);
        measureIssues.push(i);
      }
    }
    // Groundwater clearance (decision 0173): from the measure as sized (a linked configuration's tank height).
    const groundwaterClearance = measureGroundwaterClearance(m.data, ruleEdition);
    measureIssues.push(
      ...validateGroundwaterClearanceInputs(m.data, m.id),
      ...groundwaterClearanceIssues(groundwaterClearance, { nodeId: m.id, field: 'data.meanHighestGroundwaterLevel' }),
    );
    const value = sized.availableVolumeM3;
    const requiredVolume = sized.requiredVolumeM3;
    if (value !== undefined && requiredVolume !== undefined && !covers(value, requiredVolume)) {
      // Say why the measure is not complete: the planner enlarges it (or auto-dimensions).
      measureIssues.push(
        sizingIssue('VOLUME_INSUFFICIENT', { nodeId: m.id, field: 'value' }, { availableVolumeM3: round3(value), requiredVolumeM3: round3(requiredVolume) }),
      );
    }
    issues.push(...measureIssues);
    const fullyCompleted =
      !measureIssues.some((i) => i.severity === 'error') &&
      value !== undefined &&
      drain !== undefined &&
      requiredVolume !== undefined &&
      covers(value, requiredVolume);
    let uncertaintyBand: MeasureResult['uncertaintyBand'] = null;
    let uncertaintyBandReason: MeasureResult['uncertaintyBandReason'] = null;
    if (!uncertainty.ok) uncertaintyBandReason = uncertainty.reason;
    else if (rain === undefined || bandRain === undefined || requiredVolume === undefined) uncertaintyBandReason = 'notSized';
    else {
      uncertaintyBand = uncertaintyBandAt({ ...sizingInput, rain }, bandRain, uncertainty.source, sized, designLength) ?? null;
      if (uncertaintyBand === null) uncertaintyBandReason = 'notSized';
    }
    let autoDimensioning: MeasureResult['autoDimensioning'];
    if (designLength?.lengthM !== undefined) {
      const l = designLength;
      autoDimensioning = { lengthM: designLength.lengthM, roundedLengthM: l.roundedLengthM, durationMin: l.durationMin, rLsHa: l.rLsHa };
    }
    return {
      id: m.id,
      name: m.name,
      AC,
      drain,
      value,
      requiredVolume,
      ruleEdition,
      rainDataset,
      partsSufficient: sized.sufficient,
      autoDimensioning,
      uncertaintyBand,
      uncertaintyBandReason,
      groundwaterClearance,
      ...(options.calculationPath === true ? { balances: sized.balances } : {}),
      ...(linkedConfiguration(m, measureIndex) === undefined ? {} : { configurationId: linkedConfiguration(m, measureIndex) }),
      floodingVerification,
      floodingVerificationLocked: floodingVerificationLocked(AC),
      steps: { parameters: kind.stepsEnabled, dimensioning: kind.stepsEnabled },
      fullyCompleted,
      data: { ...m.data, ...sized.data, ...groundwaterClearanceFields(groundwaterClearance), AC: AC ?? null, floodingVerification },
    };
  });

  return {
    engineVersion: ENGINE_VERSION,
    schemaVersion: SCHEMA_VERSION,
    ruleEdition,
    rainDataset,
    sealedSurfaces: surfaceResults,
    purifications: purificationResults,
    measures: measureResults,
    issues,
    summary: evaluationSummary(surfaceResults, purificationResults, measureResults, issues),
  };
}

/**
 * The issues of the project itself (no node's): they follow the surfaces' and purifications'
 * issues in `Evaluation.issues`. Also used by `evaluateIncremental`.
 */
export function projectIssues(project: Project, purificationResults: readonly PurificationResult[]): Issue[] {
  return project.project.airPollution == null && purificationResults.some((p) => p.regulation === 'M153')
    ? [issue('REQUIRED', null, 'project.airPollution', { field: 'airPollution' })]
    : [];
}

/** An evaluation's summary from its results and issues (also used by `evaluateIncremental`). */
export function evaluationSummary(
  surfaceResults: readonly SurfaceResult[],
  purificationResults: readonly PurificationResult[],
  measureResults: readonly MeasureResult[],
  issues: readonly Issue[],
): Evaluation['summary'] {
  let totalAreaM2 = 0;
  let totalACM2 = 0;
  let completedNodes = 0;
  for (const s of surfaceResults) {
    totalAreaM2 += s.areaM2 ?? 0;
    totalACM2 += s.AC ?? 0;
    if (s.fullyCompleted) completedNodes++;
  }
  for (const p of purificationResults) if (p.fullyCompleted) completedNodes++;
  // One pass over the measures and one over the issues (the summary is built on every evaluation).
  let pass = 0;
  let fail = 0;
  let incomplete = 0;
  for (const m of measureResults) {
    if (m.fullyCompleted) completedNodes++;
    const status = m.groundwaterClearance?.status;
    if (status === 'pass') pass++;
    else if (status === 'fail') fail++;
    else if (status === 'incomplete') incomplete++;
  }
  let errorCount = 0;
  let warningCount = 0;
  for (const i of issues) {
    if (i.severity === 'error') errorCount++;
    else if (i.severity === 'warning') warningCount++;
  }
  return {
    surfaceCount: surfaceResults.length,
    purificationCount: purificationResults.length,
    measureCount: measureResults.length,
    totalAreaM2: finiteOrUndefined(totalAreaM2),
    totalACM2: finiteOrUndefined(totalACM2),
    completedNodes,
    incompleteNodes: surfaceResults.length + purificationResults.length + measureResults.length - completedNodes,
    errorCount,
    warningCount,
    groundwaterClearance: { pass, fail, incomplete },
  };
}

function evaluatePurification(
  p: Purification,
  project: Project,
  surfacesById: ReadonlyMap<string, SealedSurface>,
  facilities: ReadonlyMap<string, TreatmentFacility>,
  issues: Issue[],
): PurificationResult {
  const drain = deriveDrain(p.sealedSurfaces, surfacesById);
  const own = validatePurification(p, surfacesById, drain);
  const AC = finiteOrUndefined(connectedArea(p.sealedSurfaces, surfacesById));
  const surfaces = p.sealedSurfaces.map((id) => surfacesById.get(id)).filter((s): s is SealedSurface => s !== undefined);
  const regulation = drain === 'Groundwater' ? 'M153' : drain === 'Watercourse' ? 'A102' : undefined;

  const businessId = p.data.purificationFacilityData?.businessId;
  const facility = businessId == null ? undefined : facilities.get(businessId);
  if (businessId != null && facility === undefined) {
    own.push(issue('UNKNOWN_FACILITY', p.id, 'data.purificationFacilityData.businessId', { businessId }));
  } else if (facility !== undefined && regulation !== undefined && facility.regulationType !== regulation) {
    own.push(issue('FACILITY_REGULATION_MISMATCH', p.id, 'data.purificationFacilityData.businessId', { businessId: facility.businessId, regulation }));
  }
  const usableFacility = facility !== undefined && facility.regulationType === regulation ? facility : undefined;
  const neededAmount = usableFacility === undefined ? undefined : neededFacilityAmount(AC, usableFacility);

  let value: number | undefined;
  let passing: boolean | undefined;
  let showTreatmentOptions = false;
  let m153: PurificationResult['m153'];
  let a102: PurificationResult['a102'];
  if (regulation === 'M153') {
    const assessment = m153Assessment({
      airPollution: project.project.airPollution ?? undefined,
      waterCategory: p.data.waterCategory ?? undefined,
      surfaces: surfaces.map((s) => ({ surfaceId: s.id, connectedAreaM2: surfaceConnectedArea(s) ?? 0, groundPollution: s.data.groundPollutionM153 ?? undefined })),
    });
    const above = p.data.purificationAboveGround ?? undefined;
    const combinedFactor = m153CombinedFactor({
      facilityValue: usableFacility?.value,
      proportion: above?.proportion ?? undefined,
      pretreatmentOption: above?.pretreatmentOption ?? undefined,
      withD4: above?.withD4 ?? undefined,
    });
    value = finiteOrUndefined(assessment.throughputValue);
    const B = assessment.dischargedLoad;
    showTreatmentOptions = value !== undefined && m153TreatmentNeeded(value);
    passing = value === undefined ? undefined : m153Passes(value, combinedFactor);
    m153 = {
      airPollutionPoints: assessment.airPollutionPoints,
      waterCategoryPoints: assessment.waterCategoryPoints,
      surfaces: assessment.surfaces,
      areaTotal: assessment.areaTotal,
      areaShareTotal: assessment.areaShareTotal,
      dischargedLoad: B,
      throughputValue: value,
      combinedFactor,
      emission: B === undefined ? undefined : finiteOrUndefined(B * combinedFactor),
      treatmentNeeded: value === undefined ? undefined : m153TreatmentNeeded(value),
    };
  } else if (regulation === 'A102') {
    const assessment = a102Assessment(
      surfaces.map((s) => ({ surfaceId: s.id, areaM2: s.value ?? 0, areaGroup: s.data.areaGroupA102 ?? undefined })),
      p.data.externalBypass === true,
    );
    value = assessment.complete ? assessment.requiredEfficiency : undefined;
    showTreatmentOptions = assessment.data.areaSpecificAblation >= A102_THRESHOLD_KG_HA_A;
    passing = assessment.complete ? a102Passes(assessment, usableFacility?.value) : undefined;
    a102 = {
      data: assessment.data,
      requiredRestraint: assessment.requiredRestraint,
      requiredEfficiency: assessment.requiredEfficiency,
      thresholdExceeded: assessment.thresholdExceeded,
    };
  }
  if (passing === false) own.push(issue('ASSESSMENT_NOT_PASSING', p.id, 'value', { regulation: regulation! }));
  issues.push(...own);

  const fullyCompleted =
    !own.some((i) => i.severity === 'error') && value !== undefined && drain !== undefined && p.sealedSurfaces.length > 0 && passing === true;
  return {
    id: p.id,
    name: p.name,
    AC,
    drain,
    regulation,
    value,
    m153,
    a102,
    showTreatmentOptions,
    passing,
    messageKey: passing === undefined ? undefined : passing ? 'passing' : 'notPassing',
    hintKey: passing === false ? 'useOptions' : undefined,
    neededAmount,
    fullyCompleted,
  };
}
