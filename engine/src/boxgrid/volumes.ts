/**
 * Volumes, envelope, materials, construction pit and the level checks of a configuration
 * (docs/configurator.md "Volumes and materials"; spec §9 "Volumes"). One pass over the cells.
 *
 * - Net volume: the boxes by `boxBlockVolumeM3` (sizing/boxBlock.ts: their cells, full 0.66 m or
 *   half 0.36 m high, × the storage coefficient, the same formula as a box tank without
 *   configuration; decision 0168) + Σ shafts 0.8 m × 0.8 m × depth × storage coefficient
 *   (spec §9: shaft storage uses the default box width and length and the storage coefficient).
 * - Gross volume = net / 0.95 (spec §9).
 * - Envelope: the bounding cuboid of the occupied cells, L × B × H (H from `configurationLevels`).
 * - Surface area: the faces of the occupied cells that touch soil (top, bottom, outer vertical
 *   faces, shafts included; `bodySurface`, decision 0170), for a full rectangular block
 *   2(LB + LH + BH) (spec §9). Overlap allowance: 0.5 m per metre of inner edge (none for a block).
 * - Retention: sealing foil = surface + allowance, protective fleece on both sides = 2 × that;
 *   infiltration: geotextile = surface + allowance (docs/configurator.md). Rounding to sales units is
 *   the bill's job (`bom/`).
 * - Construction pit (decisions 0087, 0171): the footprint of the occupied columns grown by a
 *   working space of 0.5 m, a 0.1 m levelling bed below it, walls sloped at 45°; depth = ground
 *   level − plant bottom level + bed (or H + bed while the levels leave no room); volume by the
 *   prismoid formula over the grown footprint at the bottom, middle and top.
 * - Cover and pit take the installed height: the settings' height override when set, else H
 *   (`installedHeightM`, cover.ts).
 * - Cover depth = ground level − (plant bottom level + H); the checks of `coverChecks` (decision
 *   0172): cover < 0 → PLANT_BOTTOM_TOO_HIGH, else cover < minimum cover (0.5 m default; the
 *   catalogue may pass its own) → GROUND_LEVEL_TOO_LOW, whatever the levels.
 */
import { boxBlockVolumeM3 } from '../sizing/boxBlock.ts';
import { BOX_GRID, DEFAULTS } from '../tables/defaults.ts';
import { CELL_MM, type BoxGrid } from './grid.ts';
import type { ItemGeometry, ItemGeometryLookup } from './itemGeometry.ts';
import { bodySurface, grownFootprintAreaM2 } from './body.ts';
import { coverChecks, coverDepth, installedHeightM, MIN_COVER_M } from './cover.ts';
import { configurationLevels, shaftGeometryHeight } from './levels.ts';
import { gridNotice, type GridMessage } from './messages.ts';

/** Defaults of the construction pit and cover (decision 0087). */
export const PIT_DEFAULTS = {
  /** Working space around the envelope, m (DIN 4124: at least 0.5 m). */
  workingSpaceM: 0.5,
  /** Levelling bed below the boxes, m. */
  beddingM: 0.1,
  /** Slope of the pit walls, degrees from horizontal (DIN 4124, non-cohesive soil: 45°). */
  slopeDeg: 45,
  /** Minimum soil cover above the boxes, m (`MIN_COVER_M`, decision 0172; catalogue may override). */
  minCoverM: MIN_COVER_M,
} as const;

export interface PitOptions {
  readonly workingSpaceM?: number | undefined;
  readonly beddingM?: number | undefined;
  readonly slopeDeg?: number | undefined;
  readonly minCoverM?: number | undefined;
}

export interface ConfigurationVolumes {
  readonly boxCount: number;
  readonly shaftCount: number;
  /** Boxes per item type and shafts per type. */
  readonly countsByType: Readonly<Record<string, number>>;
  readonly netVolumeL: number;
  readonly grossVolumeL: number;
  readonly netVolumeM3: number;
  readonly grossVolumeM3: number;
  /** Envelope (bounding cuboid of occupied cells), m; 0 when empty. */
  readonly lengthM: number;
  readonly widthM: number;
  readonly heightM: number;
  readonly levels: number;
  /**
   * The height the cover and the pit take, m (`installedHeightM`): the settings' height override
   * when one is set, else `heightM`; 0 when empty.
   */
  readonly installedHeightM: number;
  /** Faces of the occupied cells that touch soil, m² (decision 0170). */
  readonly surfaceAreaM2: number;
  /** Overlap allowance at the inner edges, m² (0 for a full rectangular block). */
  readonly overlapAllowanceM2: number;
  /** Retention: foil and fleece; infiltration: geotextile; the others 0. */
  readonly foilAreaM2: number;
  readonly fleeceAreaM2: number;
  readonly geotextileAreaM2: number;
  readonly pit: {
    readonly depthM: number;
    readonly bottomLengthM: number;
    readonly bottomWidthM: number;
    readonly topLengthM: number;
    readonly topWidthM: number;
    /** Pit bottom and top areas: the footprint grown by the working space (and the slope), m². */
    readonly bottomAreaM2: number;
    readonly topAreaM2: number;
    readonly volumeM3: number;
  };
  readonly coverDepthM: number;
  readonly messages: readonly GridMessage[];
}

const round = (v: number, digits = 6): number => {
  const f = 10 ** digits;
  const r = Math.round(v * f) / f;
  return Number.isFinite(r) && !Object.is(r, -0) ? r : 0;
};

/** Volumes, envelope, materials, pit, cover and checks of a grid. */
export function configurationVolumes(grid: BoxGrid, lookup: ItemGeometryLookup, pitOptions: PitOptions = {}): ConfigurationVolumes {
  const cache = new Map<string, ItemGeometry | undefined>();
  const geometry = (id: string): ItemGeometry | undefined => {
    if (!cache.has(id)) cache.set(id, lookup(id));
    return cache.get(id);
  };
  const countsByType: Record<string, number> = {};
  let netL = 0;
  let minX = Infinity;
  let maxX = -Infinity;
  let minZ = Infinity;
  let maxZ = -Infinity;
  let boxes = 0;
  let halfBoxes = 0;
  let shafts = 0;
  const s = grid.settings.storageCoefficient / 100;
  const cellM2 = (DEFAULTS.boxLengthM * DEFAULTS.boxWidthM);
  const sizeZ = grid.sizeZ;
  const columnSeen = new Uint8Array(grid.sizeX * sizeZ);
  const columns: number[] = [];
  const visit = (i: number): void => {
    if (columnSeen[i] === 0) {
      columnSeen[i] = 1;
      columns.push(i);
    }
    const x = Math.floor(i / sizeZ);
    const z = i - x * sizeZ;
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (z < minZ) minZ = z;
    if (z > maxZ) maxZ = z;
  };
  grid.shafts.forEach((item, i) => {
    if (item === null) return;
    const g = geometry(item.boxTypeId);
    if (g === undefined) return;
    shafts++;
    countsByType[item.boxTypeId] = (countsByType[item.boxTypeId] ?? 0) + 1;
    const depthM = g.shaftDepthM ?? g.heightMm / 1000;
    netL += cellM2 * depthM * s * 1000;
    visit(i);
  });
  for (const layer of grid.layers) {
    for (let i = 0; i < layer.length; i++) {
      const item = layer[i];
      if (item == null) continue;
      const g = geometry(item.boxTypeId);
      if (g === undefined) continue;
      boxes++;
      if (g.heightMm <= BOX_GRID.halfBoxHeightMm) halfBoxes++;
      countsByType[item.boxTypeId] = (countsByType[item.boxTypeId] ?? 0) + 1;
      visit(i);
    }
  }
  netL += (boxBlockVolumeM3({ fullBoxes: boxes - halfBoxes, halfBoxes }, grid.settings.storageCoefficient) ?? 0) * 1000;
  const occupied = boxes + shafts > 0;
  const { levels, heightMm, layerHeightsMm } = configurationLevels(grid, lookup);
  const L = occupied ? ((maxX - minX + 1) * CELL_MM) / 1000 : 0;
  const B = occupied ? ((maxZ - minZ + 1) * CELL_MM) / 1000 : 0;
  const H = occupied ? heightMm / 1000 : 0;
  const body = bodySurface({
    sizeZ,
    layerHeightsMm,
    columns,
    isBox: (x, y, z) => {
      const item = grid.layers[y]?.[x * sizeZ + z];
      return item != null && geometry(item.boxTypeId) !== undefined;
    },
    shaftHeightMm: (x, z) => {
      const item = grid.shafts[x * sizeZ + z];
      const g = item == null ? undefined : geometry(item.boxTypeId);
      return g === undefined ? 0 : shaftGeometryHeight(g).heightMm;
    },
  });
  const area = body.areaMm2 / 1e6;
  const overlap = body.overlapMm2 / 1e6;
  const retention = grid.settings.stormwaterObjective === 'retention';

  const w = pitOptions.workingSpaceM ?? PIT_DEFAULTS.workingSpaceM;
  const bed = pitOptions.beddingM ?? PIT_DEFAULTS.beddingM;
  const slope = pitOptions.slopeDeg ?? PIT_DEFAULTS.slopeDeg;
  const minCover = pitOptions.minCoverM ?? PIT_DEFAULTS.minCoverM;
  const { groundLevel, plantBottomLevel } = grid.settings;
  // the cover and the pit take the built height: the planner's override, else the items' (H)
  const built = occupied ? installedHeightM(H, grid.settings.heightOverrideM) : 0;
  const cover = coverDepth({ groundLevel, plantBottomLevel, heightM: built });
  const depth = occupied ? Math.max(groundLevel - plantBottomLevel, built) + bed : 0;
  const run = slope >= 90 || slope <= 0 ? 0 : depth / Math.tan((slope * Math.PI) / 180);
  const bl = occupied ? L + 2 * w : 0;
  const bw = occupied ? B + 2 * w : 0;
  const tl = occupied ? bl + 2 * run : 0;
  const tw = occupied ? bw + 2 * run : 0;
  const bottomArea = grownFootprintAreaM2(columns, sizeZ, w);
  const midArea = grownFootprintAreaM2(columns, sizeZ, w + run / 2);
  const topArea = grownFootprintAreaM2(columns, sizeZ, w + run);
  const pitVolume = (depth / 6) * (bottomArea + 4 * midArea + topArea);

  const messages: GridMessage[] = [];
  if (!occupied) messages.push(gridNotice('CONFIGURATION_EMPTY'));
  else messages.push(...coverChecks({ groundLevel, plantBottomLevel, heightM: built, minCoverM: minCover, occupied }));
  const netVolumeL = round(netL, 3);
  const grossVolumeL = round(netL / BOX_GRID.nettoToBruttoDivisor, 3);
  return {
    boxCount: boxes,
    shaftCount: shafts,
    countsByType,
    netVolumeL,
    grossVolumeL,
    netVolumeM3: round(netL / 1000),
    grossVolumeM3: round(netL / BOX_GRID.nettoToBruttoDivisor / 1000),
    lengthM: round(L),
    widthM: round(B),
    heightM: round(H),
    levels,
    installedHeightM: round(built),
    surfaceAreaM2: round(area),
    overlapAllowanceM2: round(overlap),
    foilAreaM2: retention ? round(area + overlap) : 0,
    fleeceAreaM2: retention ? round(2 * (area + overlap)) : 0,
    geotextileAreaM2: retention ? 0 : round(area + overlap),
    pit: {
      depthM: round(depth),
      bottomLengthM: round(bl),
      bottomWidthM: round(bw),
      topLengthM: round(tl),
      topWidthM: round(tw),
      bottomAreaM2: round(bottomArea),
      topAreaM2: round(topArea),
      volumeM3: round(pitVolume),
    },
    coverDepthM: round(cover),
    messages,
  };
}
