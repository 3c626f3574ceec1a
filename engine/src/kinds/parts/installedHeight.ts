/**
 * The height a tank part takes up below its cover, from the part's dimensions: what the depth of an
 * infiltration measure's base adds for its tank (sizing/groundwaterClearance.ts). One entry per
 * tank part (a new part fails to compile until it has one); null for a part that does not
 * infiltrate (the retention pipe of a backwater channel).
 */
import type { DimensioningInfiltrationTank } from '../../model/measure.ts';
import type { TankPartId } from '../types.ts';
import { boxTankHeightM } from './box.ts';

/** The tank's height, m (as typed: not checked here), and the dimension field it comes from. */
export interface InstalledHeight {
  readonly heightM: number | null | undefined;
  readonly field: 'levels' | 'height';
}

const usableLevels = (levels: number | null | undefined): levels is number => typeof levels === 'number' && Number.isFinite(levels) && levels > 0;

/** Per tank part: its installed height, or null when the part does not infiltrate. */
export const TANK_PART_INSTALLED_HEIGHT = {
  // Boxes: the levels' height (0.66 m per level, a half level 0.36 m) when the levels are usable, else the typed height.
  Box: (t: DimensioningInfiltrationTank): InstalledHeight =>
    usableLevels(t.levels) ? { heightM: boxTankHeightM(t.levels), field: 'levels' } : { heightM: t.height, field: t.levels != null ? 'levels' : 'height' },
  // Pipes in gravel: the gravel body's height.
  Pipe: (t: DimensioningInfiltrationTank): InstalledHeight => ({ heightM: t.height, field: 'height' }),
  RetentionPipe: null,
} as const satisfies { readonly [K in TankPartId]: ((dims: DimensioningInfiltrationTank) => InstalledHeight) | null };
