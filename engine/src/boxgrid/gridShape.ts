/**
 * The shape of a box grid and what is not a cell edit: layers (insert, delete, move, the current
 * one), the grid's size, projection axes, settings, and the difference of two grids as a change
 * list. Pure functions `(grid, …) → { grid, changes }`, as the cell edits of grid.ts.
 */
import { DEFAULTS } from '../tables/defaults.ts';
import { heightOverrideOf, isHeightOverride, isLevel } from './cover.ts';
import { gridMessage } from './messages.ts';
import { CELL_MM, Draft, NO_CHANGES, cellsOf, emptyCells, gridItems, gridLengthM, gridWidthM, refuse, type BoxGrid, type Cells, type GridChanges, type GridItem, type GridResult, type GridSettings } from './grid.ts';

/** Spec §9: adding a layer is disabled at the maximum (7 layers). */
export function canInsertLayer(grid: BoxGrid): boolean {
  return grid.layers.length < DEFAULTS.maxLevels;
}

/** Spec §4: a layer can be deleted only when there is more than one. */
export function canDeleteLayer(grid: BoxGrid): boolean {
  return grid.layers.length > 1;
}

/**
 * The current-layer reset rule (spec §4): a current layer index at or above the layer count (e.g.
 * after switching to another configuration or measure) resets to 0.
 */
export function currentLayerAfter(current: number, layerCount: number): number {
  return current >= layerCount || current < 0 ? 0 : current;
}

/** Select the layer being edited (refused when it does not exist). */
export function setCurrentLayer(grid: BoxGrid, y: number): GridResult {
  if (!Number.isInteger(y) || y < 0 || y >= grid.layers.length) return refuse(grid, gridMessage('NO_SUCH_LAYER', { layer: y }));
  return { grid: { ...grid, currentLayer: y }, changes: NO_CHANGES };
}

/** Re-number the boxes of the layers (their y) after layers were inserted, deleted or moved. */
function renumber(layers: readonly Cells[], from: number): Cells[] {
  return layers.map((layer, y) => (y < from ? layer : layer.map((b) => (b === null || b.y === y ? b : { ...b, y }))));
}

/**
 * Insert a layer above (`'above'`) or below (`'below'`) layer y, duplicating its boxes (with new
 * temporary ids and the same options; shafts already span every layer). Refused at the maximum
 * of 7 layers (spec §9).
 */
export function insertLayer(grid: BoxGrid, y: number, where: 'above' | 'below'): GridResult {
  if (!Number.isInteger(y) || y < 0 || y >= grid.layers.length) return refuse(grid, gridMessage('NO_SUCH_LAYER', { layer: y }));
  if (grid.layers.length >= DEFAULTS.maxLevels) return refuse(grid, gridMessage('MAX_LAYERS', { max: DEFAULTS.maxLevels }));
  const at = where === 'above' ? y + 1 : y;
  const draft = new Draft(grid);
  const source = grid.layers[y] as Cells;
  const copy = source.map((b) => (b === null ? null : { ...b, boxId: draft.tempId(), y: at }));
  const layers = renumber([...grid.layers.slice(0, at), copy, ...grid.layers.slice(at)], at);
  draft.layers = layers;
  for (const b of copy) if (b !== null) draft.added.push(b);
  draft.boxCount += copy.reduce((n, b) => n + (b === null ? 0 : 1), 0);
  return draft.result({ currentLayer: currentLayerAfter(grid.currentLayer, layers.length) }, { relayout: true });
}

/** Delete layer y and its boxes; refused when it is the only layer (spec §4). */
export function deleteLayer(grid: BoxGrid, y: number): GridResult {
  if (!Number.isInteger(y) || y < 0 || y >= grid.layers.length) return refuse(grid, gridMessage('NO_SUCH_LAYER', { layer: y }));
  if (grid.layers.length <= 1) return refuse(grid, gridMessage('LAST_LAYER'));
  const draft = new Draft(grid);
  const gone = grid.layers[y] as Cells;
  for (const b of gone) if (b !== null) draft.removed.push(b);
  draft.boxCount -= draft.removed.length;
  const layers = renumber([...grid.layers.slice(0, y), ...grid.layers.slice(y + 1)], y);
  draft.layers = layers;
  return draft.result({ currentLayer: currentLayerAfter(grid.currentLayer, layers.length) }, { relayout: true });
}

/** Move layer `from` to position `to` (drag to reorder); the others shift. */
export function moveLayer(grid: BoxGrid, from: number, to: number): GridResult {
  const n = grid.layers.length;
  for (const y of [from, to]) if (!Number.isInteger(y) || y < 0 || y >= n) return refuse(grid, gridMessage('NO_SUCH_LAYER', { layer: y }));
  if (from === to) return { grid, changes: NO_CHANGES };
  const layers = grid.layers.slice();
  const [moved] = layers.splice(from, 1);
  layers.splice(to, 0, moved as Cells);
  const draft = new Draft(grid);
  draft.layers = renumber(layers, Math.min(from, to));
  return draft.result({ currentLayer: currentLayerAfter(grid.currentLayer, n) }, { relayout: true });
}

/**
 * Resize the grid to `lengthM` × `widthM` (rounded down to whole cells): items outside the new
 * bounds and projection axes beyond the new size are dropped (spec §4).
 */
export function resize(grid: BoxGrid, lengthM: number, widthM: number): GridResult {
  if (!Number.isFinite(lengthM) || !Number.isFinite(widthM) || lengthM < CELL_MM / 1000 || widthM < CELL_MM / 1000) {
    return refuse(grid, gridMessage('INVALID_SIZE', { lengthM: String(lengthM), widthM: String(widthM) }));
  }
  const sizeX = cellsOf(lengthM);
  const sizeZ = cellsOf(widthM);
  if (sizeX === grid.sizeX && sizeZ === grid.sizeZ) return { grid, changes: NO_CHANGES };
  const draft = new Draft(grid);
  const move = (cells: Cells, counted: 'box' | 'shaft'): Cells => {
    const out = emptyCells(sizeX * sizeZ);
    for (const item of cells) {
      if (item === null) continue;
      if (item.x < sizeX && item.z < sizeZ) out[item.x * sizeZ + item.z] = item;
      else {
        draft.removed.push(item);
        if (counted === 'box') draft.boxCount--;
        else draft.shaftCount--;
      }
    }
    return out;
  };
  const shafts = move(grid.shafts, 'shaft');
  const layers = grid.layers.map((l) => move(l, 'box'));
  draft.layers = layers;
  draft.shafts = shafts;
  const lengthNew = (sizeX * CELL_MM) / 1000;
  const widthNew = (sizeZ * CELL_MM) / 1000;
  const settings: GridSettings = {
    ...grid.settings,
    xProjectionAxes: grid.settings.xProjectionAxes.filter((a) => a <= lengthNew),
    yProjectionAxes: grid.settings.yProjectionAxes.filter((a) => a <= widthNew),
  };
  return draft.result({ sizeX, sizeZ, settings }, { relayout: true, settings: true });
}

export type AxisDirection = 'x' | 'y';

function axesKey(direction: AxisDirection): 'xProjectionAxes' | 'yProjectionAxes' {
  return direction === 'x' ? 'xProjectionAxes' : 'yProjectionAxes';
}

function axisLimit(grid: BoxGrid, direction: AxisDirection): number {
  return direction === 'x' ? gridLengthM(grid) : gridWidthM(grid);
}

function withAxes(grid: BoxGrid, direction: AxisDirection, axes: readonly number[]): GridResult {
  return { grid: { ...grid, settings: { ...grid.settings, [axesKey(direction)]: axes } }, changes: { ...NO_CHANGES, settings: true } };
}

/** Add a projection axis at `positionM` (0 … grid length for x, 0 … grid width for y). */
export function addProjectionAxis(grid: BoxGrid, direction: AxisDirection, positionM: number): GridResult {
  if (!Number.isFinite(positionM) || positionM < 0 || positionM > axisLimit(grid, direction)) return refuse(grid, gridMessage('AXIS_OUTSIDE_GRID', { position: String(positionM) }));
  const axes = [...grid.settings[axesKey(direction)], positionM].sort((a, b) => a - b);
  return withAxes(grid, direction, axes);
}

/** Move the projection axis at `index` (of the sorted list) to `positionM`. */
export function moveProjectionAxis(grid: BoxGrid, direction: AxisDirection, index: number, positionM: number): GridResult {
  const axes = grid.settings[axesKey(direction)];
  if (!Number.isInteger(index) || index < 0 || index >= axes.length) return refuse(grid, gridMessage('NO_SUCH_AXIS', { index }));
  if (!Number.isFinite(positionM) || positionM < 0 || positionM > axisLimit(grid, direction)) return refuse(grid, gridMessage('AXIS_OUTSIDE_GRID', { position: String(positionM) }));
  const next = axes.slice();
  next[index] = positionM;
  return withAxes(grid, direction, next.sort((a, b) => a - b));
}

/** Delete the projection axis at `index`. */
export function deleteProjectionAxis(grid: BoxGrid, direction: AxisDirection, index: number): GridResult {
  const axes = grid.settings[axesKey(direction)];
  if (!Number.isInteger(index) || index < 0 || index >= axes.length) return refuse(grid, gridMessage('NO_SUCH_AXIS', { index }));
  return withAxes(grid, direction, axes.filter((_, i) => i !== index));
}

/**
 * Change settings (name, measure link, levels, objective, storage coefficient); never the items.
 * Refused with INVALID_VALUE for a level that is not a finite number within ±1000 m (`isLevel`) or
 * a storage coefficient outside 0 … 100 %, or a height override that is not above 0 m and at most
 * `HEIGHT_OVERRIDE_MAX_M` (null clears it; a given one is rounded to millimetres).
 */
export function updateSettings(
  grid: BoxGrid,
  patch: Partial<Pick<GridSettings, 'name' | 'measureId' | 'groundLevel' | 'plantBottomLevel' | 'stormwaterObjective' | 'storageCoefficient' | 'heightOverrideM'>>,
): GridResult {
  if (patch.heightOverrideM !== undefined && patch.heightOverrideM !== null) {
    if (!isHeightOverride(patch.heightOverrideM)) return refuse(grid, gridMessage('INVALID_VALUE', { field: 'heightOverrideM' }));
    patch = { ...patch, heightOverrideM: heightOverrideOf(patch.heightOverrideM) };
  }
  for (const field of ['groundLevel', 'plantBottomLevel'] as const) {
    const v = patch[field];
    if (v !== undefined && !isLevel(v)) return refuse(grid, gridMessage('INVALID_VALUE', { field }));
  }
  const s = patch.storageCoefficient;
  if (s !== undefined && !(Number.isFinite(s) && s >= 0 && s <= 100)) return refuse(grid, gridMessage('INVALID_VALUE', { field: 'storageCoefficient' }));
  if (patch.stormwaterObjective !== undefined && patch.stormwaterObjective !== 'retention' && patch.stormwaterObjective !== 'infiltration') {
    return refuse(grid, gridMessage('INVALID_VALUE', { field: 'stormwaterObjective' }));
  }
  return { grid: { ...grid, settings: { ...grid.settings, ...patch } }, changes: { ...NO_CHANGES, settings: true } };
}

/**
 * What differs between two grids (e.g. before and after an undo), as the same change list the
 * operations return. Layers shared by both grids are skipped, so this is cheap after an edit.
 */
export function diffGrids(before: BoxGrid, after: BoxGrid): GridChanges {
  if (before === after) return NO_CHANGES;
  const settings = before.settings !== after.settings;
  if (before.sizeX !== after.sizeX || before.sizeZ !== after.sizeZ || before.layers.length !== after.layers.length) {
    return { added: gridItems(after), removed: gridItems(before), updated: [], relayout: true, settings };
  }
  const added: GridItem[] = [];
  const removed: GridItem[] = [];
  const updated: GridItem[] = [];
  const compare = (a: Cells, b: Cells): void => {
    if (a === b) return;
    for (let i = 0; i < a.length; i++) {
      const p = a[i] ?? null;
      const n = b[i] ?? null;
      if (p === n) continue;
      if (p !== null && n !== null && p.boxId === n.boxId && p.boxTypeId === n.boxTypeId && p.y === n.y) updated.push(n);
      else {
        if (p !== null) removed.push(p);
        if (n !== null) added.push(n);
      }
    }
  };
  compare(before.shafts, after.shafts);
  before.layers.forEach((layer, y) => compare(layer, after.layers[y] as Cells));
  return { added, removed, updated, relayout: false, settings };
}
