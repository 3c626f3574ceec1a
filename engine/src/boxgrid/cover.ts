/**
 * Levels and soil cover of a box configuration (decision 0172).
 *
 * - Cover = ground level − (plant bottom level + H), H the configuration's height (levels rule).
 * - Minimum cover `MIN_COVER_M` = 0.5 m: the soil cover the block-infiltration manufacturers ask
 *   for above boxes under green areas without traffic (trafficked areas need more, typically
 *   0.8 m; a catalogue or caller passes its own `minCoverM`). It also keeps the boxes below the
 *   root zone and gives the pressure distribution of the installation instructions' load cases.
 * - A new configuration starts at ground level 0 m with its plant bottom at
 *   ground − H − minimum cover (`defaultLevels`), so its cover is exactly the minimum.
 * - Checks (every occupied configuration, whatever the levels): cover < 0 → `PLANT_BOTTOM_TOO_HIGH`
 *   (the boxes stand out of the ground), else cover < minimum → `GROUND_LEVEL_TOO_LOW`; both
 *   warnings with the params coverDepthM, minCoverM, plantBottomLevel, maxPlantBottomLevel
 *   (= ground − H − minimum cover: the highest plant bottom with enough cover).
 * - Height override (planning spec §5 "height overrides"): the planner may give the built height
 *   of the installation (e.g. with a levelling layer or cover plates) instead of the height of its
 *   boxes. `installedHeightM` takes it, when set, for the cover and the construction pit; the
 *   volumes, levels and the linked measure's sizing stay those of the items. It applies only to
 *   an occupied configuration (with levels and height above 0).
 */
import { DEFAULTS } from '../tables/defaults.ts';
import { gridMessage, type GridMessage } from './messages.ts';

/** Minimum soil cover above the boxes, m (decision 0172). */
export const MIN_COVER_M = 0.5;

/** Levels accepted for ground level and plant bottom level, m (metres above a datum, e.g. NHN). */
export const LEVEL_LIMIT_M = 1000;

/** Largest height override accepted, m: seven levels of boxes (4.62 m) under the deepest shafts with room to spare. */
export const HEIGHT_OVERRIDE_MAX_M = 10;

/** Whether `v` is a height override the configurator accepts: a finite number above 0 and at most `HEIGHT_OVERRIDE_MAX_M`. */
export function isHeightOverride(v: unknown): v is number {
  return typeof v === 'number' && Number.isFinite(v) && v > 0 && v <= HEIGHT_OVERRIDE_MAX_M;
}

/** A height override as stored: rounded to millimetres, or null for anything `isHeightOverride` refuses. */
export function heightOverrideOf(v: unknown): number | null {
  return isHeightOverride(v) ? Math.round(v * 1000) / 1000 : null;
}

/**
 * The height the cover and the construction pit take, m: the override when one is set and the
 * items have a height, else the items' height (`computedHeightM`). An empty configuration has none.
 */
export function installedHeightM(computedHeightM: number, heightOverrideM: number | null | undefined): number {
  if (!(computedHeightM > 0)) return 0;
  return isHeightOverride(heightOverrideM) ? heightOverrideM : computedHeightM;
}

const round3 = (v: number): number => {
  const r = Math.round(v * 1000) / 1000;
  return Object.is(r, -0) ? 0 : r;
};

/** Whether `v` is a level the configurator accepts: a finite number within ±`LEVEL_LIMIT_M`. */
export function isLevel(v: unknown): v is number {
  return typeof v === 'number' && Number.isFinite(v) && Math.abs(v) <= LEVEL_LIMIT_M;
}

/**
 * The levels a new configuration starts with: ground level (default 0 m) and the plant bottom at
 * ground − `heightM` − minimum cover, rounded to millimetres. Non-finite or negative heights count 0.
 */
export function defaultLevels(input: { readonly heightM: number; readonly groundLevel?: number | undefined; readonly minCoverM?: number | undefined }): {
  groundLevel: number;
  plantBottomLevel: number;
} {
  const groundLevel = isLevel(input.groundLevel) ? input.groundLevel : DEFAULTS.groundLevelM;
  const h = Number.isFinite(input.heightM) && input.heightM > 0 ? input.heightM : 0;
  const minCover = input.minCoverM !== undefined && Number.isFinite(input.minCoverM) && input.minCoverM >= 0 ? input.minCoverM : MIN_COVER_M;
  return { groundLevel, plantBottomLevel: round3(groundLevel - h - minCover) };
}

export interface CoverInput {
  readonly groundLevel: number;
  readonly plantBottomLevel: number;
  /** Height of the configuration, m. */
  readonly heightM: number;
  readonly minCoverM?: number | undefined;
}

/** Cover above the boxes, m: ground level − (plant bottom level + H). */
export function coverDepth(input: CoverInput): number {
  return input.groundLevel - (input.plantBottomLevel + input.heightM);
}

/** The cover checks of an occupied configuration (none for an empty one). */
export function coverChecks(input: CoverInput & { readonly occupied: boolean }): GridMessage[] {
  if (!input.occupied) return [];
  const minCoverM = input.minCoverM ?? MIN_COVER_M;
  const cover = coverDepth(input);
  const params = {
    coverDepthM: round3(cover),
    minCoverM,
    plantBottomLevel: round3(input.plantBottomLevel),
    maxPlantBottomLevel: round3(input.groundLevel - input.heightM - minCoverM),
  };
  // a tolerance of 0.1 mm, so that the default levels (rounded to millimetres) never warn
  if (cover < -1e-4) return [gridMessage('PLANT_BOTTOM_TOO_HIGH', params, 'warning')];
  if (cover < minCoverM - 1e-4) return [gridMessage('GROUND_LEVEL_TOO_LOW', params, 'warning')];
  return [];
}
