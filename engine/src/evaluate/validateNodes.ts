import { issue, type Issue } from '../issues.ts';
import type { Measure } from '../model/measure.ts';
import type { Purification } from '../model/purification.ts';
import type { SealedSurface } from '../model/surface.ts';
import { DEFAULTS, INPUT_LIMITS } from '../tables/defaults.ts';
import { measureKind } from '../waterflow/measureRules.ts';

const blank = (s: string | null | undefined) => s == null || s.trim().length === 0;
const isSet = (v: unknown) => v !== undefined && v !== null;
const EPS = 1e-9;

/** Section 5 rules for a sealed surface. */
export function validateSurface(s: SealedSurface): Issue[] {
  const out: Issue[] = [];
  if (blank(s.name)) out.push(issue('NAME_REQUIRED', s.id, 'name'));
  if (!isSet(s.value)) out.push(issue('REQUIRED', s.id, 'value', { field: 'area' }));
  if (!isSet(s.drain)) out.push(issue('REQUIRED', s.id, 'drain', { field: 'drain' }));
  if (!isSet(s.data.runoff)) out.push(issue('REQUIRED', s.id, 'data.runoff', { field: 'runoff' }));
  for (const field of ['cm', 'cs'] as const) {
    const v = s.data[field];
    if (!isSet(v)) out.push(issue('REQUIRED', s.id, `data.${field}`, { field }));
    else if (v! < INPUT_LIMITS.runoffCoefficientMin || v! > INPUT_LIMITS.runoffCoefficientMax) {
      out.push(issue('C_VALUE_INVALID', s.id, `data.${field}`, { field, min: 0, max: 1 }));
    }
  }
  if (s.drain === 'Groundwater') {
    if (!isSet(s.data.groundPollutionM153)) out.push(issue('REQUIRED', s.id, 'data.groundPollutionM153', { field: 'groundPollutionM153' }));
    if (isSet(s.data.areaGroupA102)) out.push(issue('POLLUTION_CATEGORY_MISMATCH', s.id, 'data.areaGroupA102', { drain: 'Groundwater' }, 'warning'));
  } else if (s.drain === 'Watercourse') {
    if (!isSet(s.data.areaGroupA102)) out.push(issue('REQUIRED', s.id, 'data.areaGroupA102', { field: 'areaGroupA102' }));
    if (isSet(s.data.groundPollutionM153)) out.push(issue('POLLUTION_CATEGORY_MISMATCH', s.id, 'data.groundPollutionM153', { drain: 'Watercourse' }, 'warning'));
  }
  return out;
}

/** Surfaces of a purification or measure must exist, have a drain, and share it. */
function validateSurfaceSet(nodeId: string, ids: readonly string[], surfacesById: ReadonlyMap<string, SealedSurface>): Issue[] {
  if (ids.length === 0) return [issue('SEALED_SURFACES_EMPTY', nodeId, 'sealedSurfaces')];
  const drains = new Set(ids.map((id) => surfacesById.get(id)?.drain ?? null));
  if (drains.has(null) || drains.size > 1) return [issue('SEALED_SURFACES_INCOMPATIBLE', nodeId, 'sealedSurfaces')];
  return [];
}

/**
 * Section 5 rules for a purification; `drain` is the one derived from its surfaces. (Its surfaces
 * are a subset of its measure's, so it cannot drain differently from the measure.)
 */
export function validatePurification(p: Purification, surfacesById: ReadonlyMap<string, SealedSurface>, drain: string | undefined): Issue[] {
  const out: Issue[] = [];
  if (blank(p.name)) out.push(issue('NAME_REQUIRED', p.id, 'name'));
  out.push(...validateSurfaceSet(p.id, p.sealedSurfaces, surfacesById));
  if (drain === 'Groundwater' && !isSet(p.data.waterCategory)) out.push(issue('REQUIRED', p.id, 'data.waterCategory', { field: 'waterCategory' }));
  return out;
}

function step(value: number, stepSize: number): boolean {
  const q = value / stepSize;
  return Math.abs(q - Math.round(q)) < EPS * Math.max(1, Math.abs(q));
}

/**
 * Section 5 rules for a measure (required fields depend on the installation choice).
 * `floodingVerification` is the one in effect (ticked, or forced at A_C ≥ 800 m²).
 */
export function validateMeasure(m: Measure, surfacesById: ReadonlyMap<string, SealedSurface>, floodingVerification: boolean): Issue[] {
  const out: Issue[] = [];
  const d = m.data;
  const req = (field: string, value: unknown) => {
    if (!isSet(value)) out.push(issue('REQUIRED', m.id, `data.${field}`, { field: field.split('.').pop()! }));
  };
  if (blank(m.name)) out.push(issue('NAME_REQUIRED', m.id, 'name'));
  out.push(...validateSurfaceSet(m.id, m.sealedSurfaces, surfacesById));
  req('installationTarget', d.installationTarget);
  const kind = measureKind(d);
  if (d.installationTarget === 'Infiltration') {
    req('installationVariant', d.installationVariant);
    if (d.installationVariant === 'infiltrationTank' || d.installationVariant === 'troughInfiltrationTank') req('infiltrationTankType', d.infiltrationTankType);
    req('soilData', d.soilData);
    if (kind.trough && d.installationVariant === 'troughInfiltrationTank') req('recurrenceIntervalTrough', d.recurrenceIntervalTrough);
  } else if (d.installationTarget === 'Retention') {
    req('installationType', d.installationType);
  }
  req('recurrenceInterval', d.recurrenceInterval);
  req('safetyMargin', d.safetyMargin);
  if (floodingVerification) {
    req('recurrenceIntervalFloodingVerification', d.recurrenceIntervalFloodingVerification);
    req('safetyMarginFlooding', d.safetyMarginFlooding);
  }
  if (!kind.stepsEnabled) return out;
  if (kind.trough) {
    const t = d.dimensioningTrough ?? {};
    for (const f of ['length', 'width', 'depth', 'slope'] as const) req(`dimensioningTrough.${f}`, t[f]);
  }
  const tank = d.dimensioningInfiltrationTank ?? {};
  const tankField = (f: string) => `data.dimensioningInfiltrationTank.${f}`;
  if (kind.tank === 'Box') {
    for (const f of ['length', 'width'] as const) {
      const v = tank[f];
      req(`dimensioningInfiltrationTank.${f}`, v);
      if (isSet(v) && v! < INPUT_LIMITS.boxDimensionMinM - EPS) out.push(issue('BELOW_MINIMUM', m.id, tankField(f), { field: f, min: INPUT_LIMITS.boxDimensionMinM }));
      else if (isSet(v) && !step(v!, INPUT_LIMITS.boxDimensionStepM)) out.push(issue('STEP_MISMATCH', m.id, tankField(f), { field: f, step: INPUT_LIMITS.boxDimensionStepM }, 'warning'));
    }
    const levels = tank.levels;
    req('dimensioningInfiltrationTank.levels', levels);
    if (isSet(levels)) {
      if (levels! < INPUT_LIMITS.levelsMin) out.push(issue('BELOW_MINIMUM', m.id, tankField('levels'), { field: 'levels', min: INPUT_LIMITS.levelsMin }));
      else if (levels! > DEFAULTS.maxLevels) out.push(issue('ABOVE_MAXIMUM', m.id, tankField('levels'), { field: 'levels', max: DEFAULTS.maxLevels }));
      else if (!step(levels!, INPUT_LIMITS.levelsStep)) out.push(issue('STEP_MISMATCH', m.id, tankField('levels'), { field: 'levels', step: INPUT_LIMITS.levelsStep }));
    }
  } else if (kind.tank === 'Pipe') {
    for (const f of ['length', 'width', 'height', 'pipeType'] as const) req(`dimensioningInfiltrationTank.${f}`, tank[f]);
    const n = tank.numberOfPipes;
    req('dimensioningInfiltrationTank.numberOfPipes', n);
    if (isSet(n) && n! < INPUT_LIMITS.numberOfPipesMin) out.push(issue('BELOW_MINIMUM', m.id, tankField('numberOfPipes'), { field: 'numberOfPipes', min: 1 }));
    else if (isSet(n) && !Number.isInteger(n)) out.push(issue('NOT_AN_INTEGER', m.id, tankField('numberOfPipes'), { field: 'numberOfPipes' }));
  } else if (kind.tank === 'RetentionPipe') {
    for (const f of ['length', 'pipeType'] as const) req(`dimensioningInfiltrationTank.${f}`, tank[f]);
  }
  return out;
}
