import { EngineError } from '../errors.ts';
import type { Waterflow } from '../model/project.ts';
import type { PurificationData, TreatmentFacility } from '../model/purification.ts';
import type { WaterCategoryId } from '../tables/m153.ts';
import { WaterflowDraft, type OperationResult } from './draft.ts';

/** The facility id meaning "no facility" in the editor's list; it is dropped from the payload. */
export const NO_FACILITY_OPTION = 'noOption';

/** Changes the M 153 water category; this clears the chosen facility and its needed amount. */
export function setWaterCategory(waterflow: Waterflow, purificationId: string, waterCategory: WaterCategoryId | null): OperationResult {
  const draft = new WaterflowDraft(waterflow);
  const purification = draft.purification(purificationId);
  const { purificationFacilityData: _f, ...rest } = purification.data;
  const { waterCategory: _w, ...withoutCategory } = rest;
  draft.setPurification({ ...purification, data: waterCategory === null ? withoutCategory : { ...withoutCategory, waterCategory } });
  return draft.finish();
}

/** Needed number of facility units, ceil(A_C / maxArea); undefined without a connected area. */
export function neededFacilityAmount(acM2: number | null | undefined, facility: Pick<TreatmentFacility, 'maxArea'>): number | undefined {
  if (typeof acM2 !== 'number' || !Number.isFinite(acM2) || acM2 < 0 || !(facility.maxArea > 0)) return undefined;
  const amount = Math.ceil(acM2 / facility.maxArea);
  return Number.isFinite(amount) ? amount : undefined;
}

/**
 * Chooses a treatment facility (or none: null / "noOption"). Sets the needed amount to
 * ceil(A_C / maxArea).
 */
export function choosePurificationFacility(waterflow: Waterflow, purificationId: string, facility: TreatmentFacility | null): OperationResult {
  const draft = new WaterflowDraft(waterflow);
  const purification = draft.purification(purificationId);
  const { purificationFacilityData: _f, ...rest } = purification.data;
  if (facility === null || facility.businessId === NO_FACILITY_OPTION) {
    draft.setPurification({ ...purification, data: rest });
    return draft.finish();
  }
  if (!(facility.maxArea > 0)) throw new EngineError('INVALID_ARGUMENT', 'A facility needs a positive maxArea.', { businessId: facility.businessId });
  const finished = draft.finish();
  const AC = finished.waterflow.purifications.find((p) => p.id === purificationId)?.AC;
  const neededAmount = neededFacilityAmount(AC, facility) ?? null;
  const again = new WaterflowDraft(finished.waterflow);
  again.setPurification({ ...again.purification(purificationId), data: { ...rest, purificationFacilityData: { businessId: facility.businessId, neededAmount } } });
  return again.finish();
}

export type PurificationPatch = Partial<Pick<PurificationData, 'externalBypass' | 'purificationAboveGround'>>;

/** Sets the external bypass (A 102-2) or the above-ground treatment (M 153). */
export function updatePurification(waterflow: Waterflow, purificationId: string, patch: PurificationPatch): OperationResult {
  const draft = new WaterflowDraft(waterflow);
  const purification = draft.purification(purificationId);
  draft.setPurification({ ...purification, data: { ...purification.data, ...patch } });
  return draft.finish();
}
