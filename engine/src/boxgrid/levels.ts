/**
 * Height and levels of a configuration, recomputed from its items (spec §4 "Height and levels
 * are recomputed from items"; docs/configurator.md "Geometry").
 *
 * - A layer counts as one level (its boxes' height, 660 mm) or, when it holds only half boxes,
 *   as half a level (360 mm). Empty layers below an occupied one count as full layers.
 * - A shaft of depth d m counts floor(d) box heights plus, for a fraction, the fixed remainder
 *   of 360 mm (= half a level): 2.5 m → 2 × 660 + 360 = 1680 mm, 2.5 levels (spec §4).
 * - The configuration's height and levels are the larger of the box stack and the deepest shaft.
 */
import { BOX_GRID } from '../tables/defaults.ts';
import type { BoxGrid } from './grid.ts';
import type { ItemGeometry, ItemGeometryLookup } from './itemGeometry.ts';

/** Height in mm and levels of a shaft of `depthM` metres (spec §4 shaft depth rule). */
export function shaftHeight(depthM: number): { heightMm: number; levels: number } {
  if (!Number.isFinite(depthM) || depthM <= 0) return { heightMm: 0, levels: 0 };
  // Depth codes are multiples of 0.5 m: work in millimetres to avoid 2.9999 m.
  const mm = Math.round(depthM * 1000);
  const whole = Math.floor(mm / 1000);
  const fraction = mm - whole * 1000 > 0;
  return { heightMm: whole * BOX_GRID.boxHeightMm + (fraction ? BOX_GRID.halfBoxHeightMm : 0), levels: whole + (fraction ? 0.5 : 0) };
}

/** Shaft height of a geometry: by its depth, else its own height. */
export function shaftGeometryHeight(g: ItemGeometry): { heightMm: number; levels: number } {
  if (g.shaftDepthM !== undefined) return shaftHeight(g.shaftDepthM);
  const h = Math.max(0, g.heightMm);
  return { heightMm: h, levels: h / BOX_GRID.boxHeightMm };
}

export interface ConfigurationLevels {
  /** Levels: full layers 1, half-box-only layers 0.5 (0 when empty). */
  readonly levels: number;
  /** Height, mm. */
  readonly heightMm: number;
  /** Height of each layer up to the highest occupied one, mm. */
  readonly layerHeightsMm: readonly number[];
}

/** Height and levels from the items. Unknown item types count as nothing. */
export function configurationLevels(grid: BoxGrid, lookup: ItemGeometryLookup): ConfigurationLevels {
  const layerHeightsMm: number[] = [];
  let top = -1;
  grid.layers.forEach((layer, y) => {
    let h = 0;
    for (const b of layer) {
      if (b === null) continue;
      const g = lookup(b.boxTypeId);
      if (g !== undefined && g.heightMm > h) h = g.heightMm;
    }
    layerHeightsMm.push(h);
    if (h > 0) top = y;
  });
  let boxLevels = 0;
  let boxHeight = 0;
  const heights = layerHeightsMm.slice(0, top + 1).map((h) => (h === 0 ? BOX_GRID.boxHeightMm : h));
  for (const h of heights) {
    boxHeight += h;
    boxLevels += h <= BOX_GRID.halfBoxHeightMm ? 0.5 : 1;
  }
  let shaftMm = 0;
  let shaftLevels = 0;
  for (const s of grid.shafts) {
    if (s === null) continue;
    const g = lookup(s.boxTypeId);
    if (g === undefined) continue;
    const sh = shaftGeometryHeight(g);
    if (sh.heightMm > shaftMm) shaftMm = sh.heightMm;
    if (sh.levels > shaftLevels) shaftLevels = sh.levels;
  }
  return { levels: Math.max(boxLevels, shaftLevels), heightMm: Math.max(boxHeight, shaftMm), layerHeightsMm: heights };
}
