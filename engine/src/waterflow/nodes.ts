import { EngineError } from '../errors.ts';
import type { Measure, MeasureData } from '../model/measure.ts';
import type { Waterflow } from '../model/project.ts';
import type { Purification } from '../model/purification.ts';
import type { SealedSurface } from '../model/surface.ts';
import { DEFAULTS } from '../tables/defaults.ts';
import { WaterflowDraft, type OperationResult } from './draft.ts';

export interface NewNode {
  /** The new node's id (ids are chosen by the caller: the engine is pure and makes no random ids). */
  readonly id: string;
  readonly name: string;
}

/** Data of a new measure: the spec's defaults (section 9). */
export function defaultMeasureData(): MeasureData {
  return {
    recurrenceInterval: DEFAULTS.recurrenceIntervalA,
    safetyMargin: DEFAULTS.safetyMarginPercent,
    throttleDischarge: DEFAULTS.throttleDischargeLs,
    infiltrationDirection: DEFAULTS.infiltrationDirection,
    floodingVerification: false,
    recurrenceIntervalFloodingVerification: DEFAULTS.recurrenceIntervalFloodingA,
    safetyMarginFlooding: DEFAULTS.safetyMarginFlooding,
  };
}

/** Creates an empty sealed surface (unattached, no drain yet). */
export function createSurface(waterflow: Waterflow, node: NewNode): OperationResult {
  const draft = new WaterflowDraft(waterflow);
  draft.ensureNewId(node.id);
  const surface: SealedSurface = { id: node.id, name: node.name, parentId: null, data: {} };
  draft.surfaces = [...draft.surfaces, surface];
  draft.setSurface(surface);
  return draft.finish();
}

/** Creates an empty purification (no measure, no surfaces). */
export function createPurification(waterflow: Waterflow, node: NewNode): OperationResult {
  const draft = new WaterflowDraft(waterflow);
  draft.ensureNewId(node.id);
  const purification: Purification = { id: node.id, name: node.name, parentId: null, sealedSurfaces: [], data: {} };
  draft.purifications = [...draft.purifications, purification];
  draft.setPurification(purification);
  return draft.finish();
}

/** Creates a measure with the default parameters and no surfaces. */
export function createMeasure(waterflow: Waterflow, node: NewNode): OperationResult {
  const draft = new WaterflowDraft(waterflow);
  draft.ensureNewId(node.id);
  const measure: Measure = { id: node.id, name: node.name, parentId: null, sealedSurfaces: [], data: defaultMeasureData() };
  draft.measures = [...draft.measures, measure];
  draft.setMeasure(measure);
  return draft.finish();
}

/**
 * Duplicates a sealed surface (only surfaces can be duplicated). The copy keeps area, drain and
 * data, is not attached to any parent, and is placed right after the original.
 */
export function duplicateSurface(waterflow: Waterflow, surfaceId: string, copy: NewNode): OperationResult {
  const draft = new WaterflowDraft(waterflow);
  if (draft.kindOf(surfaceId) !== 'surface' && draft.kindOf(surfaceId) !== undefined) {
    throw new EngineError('NOT_A_SURFACE', 'Only sealed surfaces can be duplicated.', { id: surfaceId });
  }
  const original = draft.surface(surfaceId);
  draft.ensureNewId(copy.id);
  const duplicate: SealedSurface = { ...original, id: copy.id, name: copy.name, parentId: null, data: { ...original.data }, fullyCompleted: false };
  const at = draft.surfaces.findIndex((s) => s.id === surfaceId);
  draft.surfaces = [...draft.surfaces.slice(0, at + 1), duplicate, ...draft.surfaces.slice(at + 1)];
  draft.setSurface(duplicate);
  return draft.finish();
}

/**
 * Deletes a node with the spec's rules (section 4, "Assignment"):
 * - a surface is detached from its parents (a parent left without surfaces loses its drain);
 *   the last sealed surface cannot be deleted (throws LAST_SURFACE);
 * - a purification's surfaces move up to its measure (or are detached when it has none);
 * - a measure's purifications and surfaces are detached.
 */
export function deleteNode(waterflow: Waterflow, id: string): OperationResult {
  const draft = new WaterflowDraft(waterflow);
  const kind = draft.kindOf(id);
  if (kind === undefined) throw new EngineError('NODE_NOT_FOUND', `No node with id ${id}.`, { id });
  if (kind === 'surface') {
    if (draft.surfaces.length <= 1) throw new EngineError('LAST_SURFACE', 'The last sealed surface cannot be deleted.', { id });
  } else if (kind === 'purification') {
    const measureId = draft.purification(id).parentId ?? null;
    for (const s of draft.surfaces) if (s.parentId === id) draft.setSurfaceParent(s.id, measureId);
  } else {
    for (const s of draft.surfaces) if (s.parentId === id) draft.setSurfaceParent(s.id, null);
    for (const p of draft.purifications) if (p.parentId === id) draft.setPurification({ ...p, parentId: null });
  }
  draft.remove(id);
  return draft.finish();
}

/** Renames a node. */
export function renameNode(waterflow: Waterflow, id: string, name: string): OperationResult {
  const draft = new WaterflowDraft(waterflow);
  const kind = draft.kindOf(id);
  if (kind === 'surface') draft.setSurface({ ...draft.surface(id), name });
  else if (kind === 'purification') draft.setPurification({ ...draft.purification(id), name });
  else if (kind === 'measure') draft.setMeasure({ ...draft.measure(id), name });
  else throw new EngineError('NODE_NOT_FOUND', `No node with id ${id}.`, { id });
  return draft.finish();
}
