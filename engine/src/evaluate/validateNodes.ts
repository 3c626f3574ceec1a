import { issue, type Issue } from '../issues.ts';
import type { Measure } from '../model/measure.ts';
import type { Purification } from '../model/purification.ts';
import type { SealedSurface } from '../model/surface.ts';
import { INPUT_LIMITS } from '../tables/defaults.ts';
import { measureKindOf, requiredKindInputs } from '../kinds/registry.ts';
import { measureKind } from '../waterflow/measureRules.ts';

const blank = (s: string | null | undefined) => s == null || s.trim().length === 0;
const isSet = (v: unknown) => v !== undefined && v !== null;

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
  // The kind's own inputs (variant, tank type, soil, the trough's recurrence…): those every kind the
  // choice can still become needs.
  for (const f of requiredKindInputs(d)) req(f, d[f]);
  req('recurrenceInterval', d.recurrenceInterval);
  req('safetyMargin', d.safetyMargin);
  if (floodingVerification) {
    req('recurrenceIntervalFloodingVerification', d.recurrenceIntervalFloodingVerification);
    req('safetyMarginFlooding', d.safetyMarginFlooding);
  }
  if (!kind.stepsEnabled) return out;
  const module = measureKindOf(d);
  if (module?.trough != null) {
    const t = d.dimensioningTrough ?? {};
    for (const f of module.trough.requiredFields) req(`dimensioningTrough.${f}`, t[f]);
  }
  if (module?.tank != null) {
    const tank = d.dimensioningInfiltrationTank ?? {};
    module.tank.validate(tank, {
      required: (f, v) => req(`dimensioningInfiltrationTank.${f}`, v),
      issue: (code, f, params, severity) => out.push(issue(code, m.id, `data.dimensioningInfiltrationTank.${f}`, params, severity)),
    });
  }
  return out;
}
