/** The sizing limits live in `../tables/sizing.ts` (tables live once); re-exported for the sizing modules. */
export { DRAINING_TIME_LIMITS_H, TROUGH_AREA_RATIO_MAX, A117_SIMPLE_METHOD_LIMITS, DIN_1986_100 } from '../tables/sizing.ts';
export type { DrainingFacilityKind } from '../tables/sizing.ts';
