import { EngineError } from '../errors.ts';
import type { Waterflow } from '../model/project.ts';
import type { SealedSurface } from '../model/surface.ts';
import type { Drain } from '../tables/measures.ts';
import { WaterflowDraft, type OperationResult } from './draft.ts';

/**
 * Which surfaces can be chosen for a purification or measure (planning spec section 5): a surface
 * needs a drain, the same drain as the others chosen, and may not be attached to another measure
 * or purification. For a measure, surfaces of its own purifications count as its own; for a
 * purification, surfaces attached directly to its measure do.
 *
 * @returns the ids of the eligible surfaces, given the surfaces already chosen.
 */
export function eligibleSurfaces(waterflow: Waterflow, nodeId: string, chosen: readonly string[] = []): string[] {
  const draft = new WaterflowDraft(waterflow);
  const own = ownParents(draft, nodeId);
  const chosenDrains = new Set(
    chosen.map((id) => waterflow.sealedSurfaces.find((s) => s.id === id)?.drain ?? null).filter((d): d is Drain => d !== null),
  );
  const drain = chosenDrains.size === 1 ? [...chosenDrains][0] : undefined;
  return waterflow.sealedSurfaces
    .filter((s) => isEligible(s, own, drain))
    .map((s) => s.id);
}

function ownParents(draft: WaterflowDraft, nodeId: string): Set<string | null> {
  const kind = draft.kindOf(nodeId);
  if (kind === 'measure') {
    return new Set<string | null>([null, nodeId, ...draft.purifications.filter((p) => p.parentId === nodeId).map((p) => p.id)]);
  }
  if (kind === 'purification') {
    const measureId = draft.purification(nodeId).parentId ?? null;
    return new Set<string | null>([null, nodeId, measureId]);
  }
  if (kind === 'surface') throw new EngineError('INVALID_PARENT', 'Surfaces can only be assigned to a purification or a measure.', { id: nodeId });
  throw new EngineError('NODE_NOT_FOUND', `No purification or measure with id ${nodeId}.`, { id: nodeId });
}

function isEligible(surface: SealedSurface, own: Set<string | null>, drain: Drain | undefined): boolean {
  if (surface.drain == null) return false;
  if (drain !== undefined && surface.drain !== drain) return false;
  return own.has(surface.parentId ?? null);
}

/**
 * Sets the surfaces of a purification or measure (the editor's multi-select).
 * - Measure: chosen surfaces not yet attached are attached to it; surfaces no longer chosen are
 *   detached (also from its purifications).
 * - Purification: chosen surfaces are attached to it; surfaces no longer chosen stay with its
 *   measure (they reach it untreated) or are detached when it has none.
 * Throws SURFACE_NOT_ELIGIBLE for a surface the editor would not offer (no drain, another drain,
 * attached elsewhere).
 */
export function assignSurfaces(waterflow: Waterflow, nodeId: string, surfaceIds: readonly string[]): OperationResult {
  const draft = new WaterflowDraft(waterflow);
  const own = ownParents(draft, nodeId);
  const kind = draft.kindOf(nodeId)!;
  const chosen = [...new Set(surfaceIds)];
  const drains = new Set(chosen.map((id) => draft.surface(id).drain ?? null));
  const drain = drains.size === 1 ? [...drains][0] ?? undefined : undefined;
  for (const id of chosen) {
    const surface = draft.surface(id);
    if (!isEligible(surface, own, drain ?? surface.drain ?? undefined) || drains.size > 1) {
      throw new EngineError('SURFACE_NOT_ELIGIBLE', `Surface ${id} cannot be chosen here (no drain, another drain, or attached elsewhere).`, { id, nodeId });
    }
  }
  const chosenSet = new Set(chosen);
  if (kind === 'measure') {
    const current = draft.measure(nodeId).sealedSurfaces;
    for (const id of current) if (!chosenSet.has(id)) draft.setSurfaceParent(id, null);
    for (const id of chosen) if ((draft.surface(id).parentId ?? null) === null) draft.setSurfaceParent(id, nodeId);
    draft.setMeasure(draft.measure(nodeId));
  } else {
    const measureId = draft.purification(nodeId).parentId ?? null;
    for (const s of draft.surfaces) if (s.parentId === nodeId && !chosenSet.has(s.id)) draft.setSurfaceParent(s.id, measureId);
    for (const id of chosen) draft.setSurfaceParent(id, nodeId);
    draft.setPurification(draft.purification(nodeId));
  }
  return draft.finish();
}

/** Detaches a surface from its parent (and so from the measure above it). */
export function detachSurface(waterflow: Waterflow, surfaceId: string): OperationResult {
  const draft = new WaterflowDraft(waterflow);
  draft.setSurfaceParent(surfaceId, null);
  return draft.finish();
}

/**
 * Chooses a purification's measure. With a measure, the purification's surfaces are reset to the
 * measure's surfaces that no other purification treats, and its drain follows the measure; its
 * previous surfaces stay with its previous measure (or are detached). `null` ("No measure")
 * leaves the parent unset and keeps the purification's surfaces.
 */
export function setPurificationMeasure(waterflow: Waterflow, purificationId: string, measureId: string | null): OperationResult {
  const draft = new WaterflowDraft(waterflow);
  const purification = draft.purification(purificationId);
  const previous = purification.parentId ?? null;
  if (measureId !== null) draft.measure(measureId);
  if (previous === measureId) return draft.finish();
  if (measureId === null) {
    draft.setPurification({ ...purification, parentId: null });
    return draft.finish();
  }
  for (const s of draft.surfaces) if (s.parentId === purificationId) draft.setSurfaceParent(s.id, previous);
  for (const s of draft.surfaces) if (s.parentId === measureId) draft.setSurfaceParent(s.id, purificationId);
  draft.setPurification({ ...draft.purification(purificationId), parentId: measureId });
  return draft.finish();
}
