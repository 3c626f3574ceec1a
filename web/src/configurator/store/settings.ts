/**
 * The settings the api stores beside a configuration's items (the PATCH body's fields) and the
 * comparisons the save manager makes between the stored state and the grid.
 */
import { gridLengthM, gridWidthM, type BoxGrid } from '@rainplan/engine/boxgrid';

/** The settings as last stored (axes as JSON: compared as text). */
export interface SavedSettings {
  readonly name: string;
  readonly measureId: string | null;
  readonly groundLevel: number;
  readonly plantBottomLevel: number;
  readonly stormwaterObjective: 'retention' | 'infiltration';
  readonly storageCoefficient: number;
  readonly heightOverrideM: number | null;
  readonly lengthM: number;
  readonly widthM: number;
  readonly xAxes: string;
  readonly yAxes: string;
}

export function settingsOf(grid: BoxGrid): SavedSettings {
  const s = grid.settings;
  return {
    name: s.name,
    measureId: s.measureId,
    groundLevel: s.groundLevel,
    plantBottomLevel: s.plantBottomLevel,
    stormwaterObjective: s.stormwaterObjective,
    storageCoefficient: s.storageCoefficient,
    heightOverrideM: s.heightOverrideM,
    lengthM: gridLengthM(grid),
    widthM: gridWidthM(grid),
    xAxes: JSON.stringify(s.xProjectionAxes),
    yAxes: JSON.stringify(s.yProjectionAxes),
  };
}

/** The PATCH body (without version) that brings the stored settings to the grid's; empty when equal. */
export function settingsPatch(saved: SavedSettings | undefined, grid: BoxGrid): Record<string, unknown> {
  const now = settingsOf(grid);
  const body: Record<string, unknown> = {};
  if (saved === undefined || saved.name !== now.name) body['name'] = now.name;
  if ((saved === undefined || saved.measureId !== now.measureId) && now.measureId !== null) body['measureId'] = now.measureId;
  if (saved === undefined || saved.groundLevel !== now.groundLevel) body['groundLevel'] = now.groundLevel;
  if (saved === undefined || saved.plantBottomLevel !== now.plantBottomLevel) body['plantBottomLevel'] = now.plantBottomLevel;
  if (saved === undefined || saved.stormwaterObjective !== now.stormwaterObjective) body['stormwaterObjective'] = now.stormwaterObjective;
  const dims: Record<string, number | null> = {};
  if (saved === undefined || saved.lengthM !== now.lengthM || saved.widthM !== now.widthM) {
    dims['length'] = now.lengthM;
    dims['width'] = now.widthM;
  }
  if (saved === undefined || saved.storageCoefficient !== now.storageCoefficient) dims['storageCoefficient'] = now.storageCoefficient;
  // the height override only when it changed (null clears it, decision 0229)
  if (saved !== undefined ? saved.heightOverrideM !== now.heightOverrideM : now.heightOverrideM !== null) dims['heightOverride'] = now.heightOverrideM;
  if (Object.keys(dims).length > 0) body['dimensioning'] = dims;
  if (saved === undefined || saved.xAxes !== now.xAxes || saved.yAxes !== now.yAxes) {
    body['projectionAxes'] = { xProjectionAxes: [...grid.settings.xProjectionAxes], yProjectionAxes: [...grid.settings.yProjectionAxes] };
  }
  return body;
}

/** Do two grids hold the same items (same cell arrays: grids share unchanged layers)? */
export function sameItems(a: BoxGrid, b: BoxGrid): boolean {
  return a.shafts === b.shafts && a.sizeX === b.sizeX && a.sizeZ === b.sizeZ && a.layers.length === b.layers.length && a.layers.every((l, i) => l === b.layers[i]);
}
