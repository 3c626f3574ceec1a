/**
 * Questions the dimensioning screens ask of the open project's waterflow and evaluation
 * (`WaterflowStore` answers them through these): the surfaces a node may choose, the flow
 * overview's progress, and what a purification's change of measure would move. Pure: no state.
 */
import { eligibleSurfaces, type Evaluation, type Measure, type Purification, type SealedSurface, type Waterflow } from '@rainplan/engine';

/** A sealed surface offered in a purification's or measure's multi-select. */
export interface SurfaceOption {
  readonly id: string;
  readonly name: string;
  readonly disabled: boolean;
}

/** The sealed surfaces offered to `node`; ineligible ones disabled, the chosen ones never (spec section 5). */
export function surfaceOptions(waterflow: Waterflow, node: Purification | Measure | undefined): SurfaceOption[] {
  if (node === undefined) return [];
  const chosen = node.sealedSurfaces;
  const eligible = new Set(eligibleSurfaces(waterflow, node.id, chosen));
  return waterflow.sealedSurfaces.map((s) => ({ id: s.id, name: s.name, disabled: !eligible.has(s.id) && !chosen.includes(s.id) }));
}

/**
 * Completed and total nodes (the progress of the flow overview): the engine's completed nodes,
 * less the surfaces and purifications that drain into nothing (no parent), which are not done
 * however complete their own inputs are (issue 14.3).
 */
export function completion(
  evaluation: Evaluation | undefined,
  surface: (id: string) => SealedSurface | undefined,
  purification: (id: string) => Purification | undefined,
): { done: number; total: number } {
  const s = evaluation?.summary;
  const total = (s?.completedNodes ?? 0) + (s?.incompleteNodes ?? 0);
  let detachedButComplete = 0;
  for (const r of evaluation?.sealedSurfaces ?? []) if (r.fullyCompleted && surface(r.id)?.parentId == null) detachedButComplete++;
  for (const r of evaluation?.purifications ?? []) if (r.fullyCompleted && purification(r.id)?.parentId == null) detachedButComplete++;
  return { done: Math.max(0, (s?.completedNodes ?? 0) - detachedButComplete), total };
}

/** What a purification's change of measure moves (the engine's setPurificationMeasure). */
export interface PurificationMeasureChange {
  /** The purification's own surfaces, which go to its previous measure (or drain nowhere). */
  readonly detached: readonly SealedSurface[];
  readonly previousMeasure: Measure | undefined;
  /** The new measure's direct surfaces, which come to the purification. */
  readonly adopted: readonly SealedSurface[];
}

/** What choosing `measureId` for `purification` would move; nothing when the measure stays or is cleared. */
export function purificationMeasureChange(
  waterflow: Waterflow,
  purification: Purification | undefined,
  measureId: string | null,
  measure: (id: string | null | undefined) => Measure | undefined,
): PurificationMeasureChange {
  const previous = purification?.parentId ?? null;
  if (purification === undefined || previous === measureId || measureId === null) return { detached: [], previousMeasure: undefined, adopted: [] };
  const surfaces = waterflow.sealedSurfaces;
  return {
    detached: surfaces.filter((s) => s.parentId === purification.id),
    previousMeasure: measure(previous),
    adopted: surfaces.filter((s) => s.parentId === measureId),
  };
}
