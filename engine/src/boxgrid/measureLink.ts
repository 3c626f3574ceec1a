/**
 * The link between a configuration and its measure (docs/configurator.md "Link to the measure";
 * spec §5 "Eligible measures").
 *
 * - Eligible measures: a box tank (infiltration tank or the tank of a trough-tank with tank type
 *   Box) or a retention basin that has no configuration yet.
 * - A linked measure's tank dimensions (length, width, levels) and its available volume come
 *   from the configuration: `linkedTankDimensioning` gives the envelope L × B, the levels and the
 *   storage coefficient: the configuration's for a full block, else the effective one = net
 *   volume / (L · B · H(levels)), so that the sizing's available volume equals the
 *   configuration's net volume (decisions 0088, 0168).
 *   `evaluate` applies it to every measure with a linked configuration that holds items.
 * - A new configuration for a measure starts as a full block of boxes L × B × levels
 *   (`gridForMeasure`).
 */
import type { DimensioningInfiltrationTank, Measure } from '../model/measure.ts';
import type { BoxConfiguration, Project } from '../model/project.ts';
import { BOX_GRID, DEFAULTS } from '../tables/defaults.ts';
import { SHAFT_DEPTH_M, SHAFT_FAMILIES, type ShaftDepthCode } from '../tables/shafts.ts';
import { boxBlockDimensions, boxBlockVolumeM3 } from '../sizing/boxBlock.ts';
import { tankPart } from '../kinds/registry.ts';
import { boxTankHeightM, measureKind } from '../waterflow/measureRules.ts';
import { cellsOf, createGrid, fillLayer, MAX_GRID_ITEMS, type BoxGrid } from './grid.ts';
import type { ItemGeometry, ItemGeometryLookup } from './itemGeometry.ts';
import { configurationVolumes } from './volumes.ts';
import { gridFromConfiguration } from './wire.ts';

/** Can this measure take a configuration (ignoring whether it already has one)? */
export function measureTakesConfiguration(measure: Measure): boolean {
  const tank = measureKind(measure.data).tank;
  return tank !== null && tankPart(tank).takesConfiguration;
}

/** Spec §5: measures eligible for a new configuration (box tank or retention basin, none yet). */
export function eligibleMeasures(project: Project): Measure[] {
  const linked = new Set((project.boxConfigurations ?? []).map((c) => c.measureId).filter((id): id is string => typeof id === 'string'));
  return project.waterflow.measures.filter((m) => measureTakesConfiguration(m) && !linked.has(m.id));
}

/**
 * The tank dimensioning a linked measure takes from its configuration's grid, or undefined when
 * the configuration holds no item (the measure then keeps its own fields).
 */
export function linkedTankDimensioning(grid: BoxGrid, lookup: ItemGeometryLookup): (DimensioningInfiltrationTank & { availableVolumeM3: number }) | undefined {
  const v = configurationVolumes(grid, lookup);
  if (v.boxCount + v.shaftCount === 0 || v.levels <= 0) return undefined;
  const heightM = boxTankHeightM(v.levels);
  const envelope = v.lengthM * v.widthM * heightM;
  // A full block keeps the configuration's coefficient, so the measure's block volume
  // (boxBlockVolumeM3 of L × B × levels) is the configuration's to the last bit (decision 0168).
  const block = boxBlockDimensions(v.lengthM, v.widthM, v.levels);
  const blockVolume = block === undefined ? undefined : boxBlockVolumeM3(block, grid.settings.storageCoefficient);
  const fullBlock = blockVolume !== undefined && Math.abs(blockVolume - v.netVolumeL / 1000) <= 1e-6 * Math.max(1, blockVolume);
  const storageCoefficient = fullBlock ? grid.settings.storageCoefficient : envelope > 0 ? Math.min(100, (100 * v.netVolumeM3) / envelope) : 0;
  return { length: v.lengthM, width: v.widthM, levels: v.levels, height: heightM, storageCoefficient, availableVolumeM3: v.netVolumeM3 };
}

/**
 * The measures of a project with their dimensioning replaced by their linked configurations
 * (first configuration per measure). Measures without one are returned unchanged (same object).
 */
export function applyConfigurationLinks(project: Project, lookup: ItemGeometryLookup): Measure[] {
  const byMeasure = new Map<string, BoxConfiguration>();
  for (const c of project.boxConfigurations ?? []) if (typeof c.measureId === 'string' && !byMeasure.has(c.measureId)) byMeasure.set(c.measureId, c);
  if (byMeasure.size === 0) return project.waterflow.measures;
  return project.waterflow.measures.map((m) => {
    const config = byMeasure.get(m.id);
    if (config === undefined || !measureTakesConfiguration(m) || (config.items ?? []).length === 0) return m;
    const dims = linkedTankDimensioning(gridFromConfiguration(config, lookup).grid, lookup);
    if (dims === undefined) return m;
    const { availableVolumeM3: _v, ...tank } = dims;
    return { ...m, data: { ...m.data, dimensioningInfiltrationTank: { ...(m.data.dimensioningInfiltrationTank ?? {}), ...tank } } };
  });
}

/** The full block of boxes a new configuration for a measure starts with: cells and items. */
export interface MeasureBlock {
  /** Cells along the length (x) and the width (z), rounded down to 0.8 m, 1 … 200. */
  readonly cellsX: number;
  readonly cellsZ: number;
  /** Layers: the measure's levels on the grid (`boxBlockDimensions`: whole levels, a half level on top), 1 … 7. */
  readonly layers: number;
  /** Whether the top layer is a layer of half boxes (levels such as 1.5). */
  readonly halfLayer: boolean;
  /** Boxes of the block: cellsX · cellsZ · layers. */
  readonly items: number;
  /** Whether the block fits one configuration (`items` ≤ `SIZE_LIMITS.configurationItemsMax`, decision 0191). */
  readonly fits: boolean;
}

/**
 * The size of the block `gridForMeasure` lays out for a measure, without laying it out: callers
 * refuse a configuration whose block would hold more items than one configuration may
 * (`TOO_MANY_ITEMS`, decision 0191) before spending the work.
 */
export function measureBlock(measure: Measure): MeasureBlock {
  const dims = measure.data.dimensioningInfiltrationTank ?? {};
  const { layers, halfLayer } = blockLayers(dims.levels);
  const cellsX = cellsOf(dims.length ?? DEFAULTS.boxLengthM);
  const cellsZ = cellsOf(dims.width ?? DEFAULTS.boxWidthM);
  const items = cellsX * cellsZ * layers;
  return { cellsX, cellsZ, layers, halfLayer, items, fits: items <= MAX_GRID_ITEMS };
}

/**
 * The layers of a measure's block: its levels rounded down to the 0.5 step as the measure is
 * evaluated (`boxBlockDimensions`, decision 0168) — whole levels of full boxes and a half level of
 * half boxes on top — within 1 … 7 layers (no level or less than a half: one layer).
 */
function blockLayers(levels: number | null | undefined): { layers: number; halfLayer: boolean } {
  const block = boxBlockDimensions(DEFAULTS.boxLengthM, DEFAULTS.boxWidthM, levels ?? DEFAULTS.levels);
  const full = Math.min(DEFAULTS.maxLevels, block?.fullLevels ?? 0);
  const halfLayer = (block?.halfLevel ?? false) && full < DEFAULTS.maxLevels;
  return { layers: Math.max(1, full + (halfLayer ? 1 : 0)), halfLayer };
}

/**
 * A new configuration for a measure: the grid of the measure's length × width (rounded down to
 * whole cells) with the layers of `measureBlock` — the whole levels filled with `boxTypeId`, a half
 * level on top with `halfBoxTypeId` (docs/configurator.md: a full block L × B × levels; the block the
 * measure is evaluated and billed as, decision 0168). Without `halfBoxTypeId` the half level is
 * filled with `boxTypeId` too. A block that does not fit one configuration
 * (`measureBlock(measure).fits` false) is filled only up to the item limit: check `measureBlock`
 * first.
 */
export function gridForMeasure(
  input: { id: string; name: string },
  measure: Measure,
  lookup: ItemGeometryLookup,
  boxTypeId: string,
  halfBoxTypeId?: string,
): BoxGrid {
  const dims = measure.data.dimensioningInfiltrationTank ?? {};
  const { layers: levels, halfLayer } = blockLayers(dims.levels);
  let grid = createGrid({
    id: input.id,
    name: input.name,
    measureId: measure.id,
    lengthM: dims.length ?? DEFAULTS.boxLengthM,
    widthM: dims.width ?? DEFAULTS.boxWidthM,
    layers: levels,
    storageCoefficient: dims.storageCoefficient ?? undefined,
    stormwaterObjective: measure.data.installationTarget === 'Retention' ? 'retention' : 'infiltration',
  });
  for (let y = 0; y < levels; y++) grid = fillLayer(grid, lookup, y, halfLayer && y === levels - 1 ? (halfBoxTypeId ?? boxTypeId) : boxTypeId).grid;
  return grid;
}

/**
 * The geometry `evaluate` uses when the caller passes no catalogue (decision 0088): the shafts of
 * spec §9 by their depth code, item types whose id contains `HALF` as half boxes
 * (800 × 800 × 360 mm) and every other id as a full box (800 × 800 × 660 mm). `volumeNetL` is the
 * box's rating in whole litres, rounded down (full box 0.4224 m³ × 95 % = 401.28 → 401 l as
 * docs/configurator.md rates it; half box 218 l); volumes are computed from the cells by
 * `boxBlockVolumeM3`, not from this rating (decision 0168).
 */
export const standardItemGeometry: ItemGeometryLookup = (boxTypeId: string): ItemGeometry | undefined => {
  if (typeof boxTypeId !== 'string' || boxTypeId === '' || boxTypeId.length > 200) return undefined;
  for (const family of SHAFT_FAMILIES) {
    if (boxTypeId.startsWith(`${family}_`)) {
      const depth = SHAFT_DEPTH_M[boxTypeId.slice(family.length + 1) as ShaftDepthCode] as number | undefined;
      if (depth === undefined) return undefined;
      const heightMm = Math.floor(depth) * BOX_GRID.boxHeightMm + (depth % 1 > 0 ? BOX_GRID.halfBoxHeightMm : 0);
      return { businessId: boxTypeId, kind: 'SHAFT', lengthMm: BOX_GRID.cellMm, widthMm: BOX_GRID.cellMm, heightMm, volumeNetL: 0, shaftDepthM: depth };
    }
  }
  const heightMm = boxTypeId.toUpperCase().includes('HALF') ? BOX_GRID.halfBoxHeightMm : BOX_GRID.boxHeightMm;
  // Rated in whole litres, rounded down (full box 422.4 l × 95 % = 401.28 → 401 l, docs/configurator.md; half box 218 l).
  const volumeNetL = Math.floor(((BOX_GRID.cellMm * BOX_GRID.cellMm * heightMm) / 1e6) * (DEFAULTS.storageCoefficientPercent / 100));
  return { businessId: boxTypeId, kind: 'BOX', lengthMm: BOX_GRID.cellMm, widthMm: BOX_GRID.cellMm, heightMm, volumeNetL };
};
