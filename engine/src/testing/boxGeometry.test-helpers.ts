/** Literal item geometries for box grid tests: a full box, a half box and the shafts of spec §9. */
import { SHAFT_DEPTH_M, SHAFT_TYPE_IDS, type ShaftDepthCode } from '../tables/shafts.ts';
import type { ItemGeometry, ItemGeometryLookup } from '../boxgrid/itemGeometry.ts';

export const FULL = 'BOX_FULL';
export const HALF = 'BOX_HALF';

const geometries = new Map<string, ItemGeometry>([
  [FULL, { businessId: FULL, kind: 'BOX', lengthMm: 800, widthMm: 800, heightMm: 660, volumeNetL: 401 }],
  [HALF, { businessId: HALF, kind: 'BOX', lengthMm: 800, widthMm: 800, heightMm: 360, volumeNetL: 218 }],
]);
for (const id of SHAFT_TYPE_IDS) {
  const depth = SHAFT_DEPTH_M[id.slice(-3) as ShaftDepthCode];
  geometries.set(id, { businessId: id, kind: 'SHAFT', lengthMm: 800, widthMm: 800, heightMm: depth * 1000, volumeNetL: 0, shaftDepthM: depth });
}

export const lookup: ItemGeometryLookup = (id) => geometries.get(id);
