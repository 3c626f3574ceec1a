import { EngineError } from '../errors.ts';
import type { Waterflow } from '../model/project.ts';
import type { SealedSurfaceData } from '../model/surface.ts';
import type { Drain } from '../tables/measures.ts';
import { RUNOFF_TYPES, type RunoffTypeId } from '../tables/runoff.ts';
import { WaterflowDraft, type OperationResult } from './draft.ts';

/**
 * Changes a surface's drain target. A real change clears its area group (A 102) and pollution
 * category (M 153) and detaches it from its parent (planning spec section 4).
 */
export function setSurfaceDrain(waterflow: Waterflow, surfaceId: string, drain: Drain | null): OperationResult {
  const draft = new WaterflowDraft(waterflow);
  const surface = draft.surface(surfaceId);
  if ((surface.drain ?? null) === drain) return draft.finish();
  const { areaGroupA102: _a, groundPollutionM153: _g, ...data } = surface.data;
  draft.setSurface({ ...surface, drain, parentId: null, data });
  return draft.finish();
}

/** Chooses a runoff surface type; it sets cm and cs from the table. */
export function setSurfaceRunoff(waterflow: Waterflow, surfaceId: string, runoff: RunoffTypeId): OperationResult {
  const type = RUNOFF_TYPES.find((t) => t.id === runoff);
  if (type === undefined) throw new EngineError('INVALID_ARGUMENT', `Unknown runoff type ${runoff}.`, { runoff });
  const draft = new WaterflowDraft(waterflow);
  const surface = draft.surface(surfaceId);
  draft.setSurface({ ...surface, data: { ...surface.data, runoff, cm: type.cm, cs: type.cs } });
  return draft.finish();
}

export interface SurfacePatch {
  readonly name?: string;
  /** Sealed area A_E, m². */
  readonly value?: number | null;
  readonly data?: Partial<Pick<SealedSurfaceData, 'cm' | 'cs' | 'groundPollutionM153' | 'areaGroupA102'>>;
}

/**
 * Edits a surface's plain fields (name, area, cm, cs, pollution category or area group).
 * Drain and runoff type have their own operations because they carry rules. A category that does
 * not belong to the surface's drain is refused (the editor shows only the matching one).
 */
export function updateSurface(waterflow: Waterflow, surfaceId: string, patch: SurfacePatch): OperationResult {
  const draft = new WaterflowDraft(waterflow);
  const surface = draft.surface(surfaceId);
  const drain = surface.drain ?? null;
  if (patch.data?.groundPollutionM153 != null && drain !== 'Groundwater') {
    throw new EngineError('INVALID_ARGUMENT', 'A DWA-M 153 pollution category needs the groundwater drain.', { id: surfaceId });
  }
  if (patch.data?.areaGroupA102 != null && drain !== 'Watercourse') {
    throw new EngineError('INVALID_ARGUMENT', 'A DWA-A 102-2 area group needs the watercourse drain.', { id: surfaceId });
  }
  const data: SealedSurfaceData = { ...surface.data, ...(patch.data ?? {}) };
  draft.setSurface({
    ...surface,
    ...(patch.name === undefined ? {} : { name: patch.name }),
    ...(patch.value === undefined ? {} : { value: patch.value }),
    data,
  });
  return draft.finish();
}
