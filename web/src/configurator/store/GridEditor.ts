/**
 * Grid editing of the configurator: the engine's grid and its undo history, the current layer,
 * the selection, the grid cursor, pointer strokes and the last refused operation. Every
 * operation is the engine's (`@rainplan/engine/boxgrid`, spec §4 "Box grid") and runs on the main
 * thread (decision 0106). A changed grid is recorded for undo and reported to `onChange` (the
 * save manager decides what to store and when).
 */
import { action, computed, computedStruct, makeObservable, observable, observableRef, runInAction } from 'mobx';
import {
  CUBE_SIDES,
  addProjectionAxis,
  canDeleteLayer,
  canInsertLayer,
  canRedo,
  canUndo,
  createHistory,
  currentLayerAfter,
  deleteLayer,
  deleteProjectionAxis,
  erase,
  eraseArea,
  eraseHorizontal,
  eraseVertical,
  fillHorizontal,
  fillLayer,
  fillVertical,
  gridLengthM,
  gridWidthM,
  insertLayer,
  itemAt,
  itemsInArea,
  moveLayer,
  nextRotation,
  place,
  record,
  redo,
  resize,
  rotate,
  selectionFromDrag,
  setItemOptions,
  undo,
  updateSettings,
  type AxisDirection,
  type BoxGrid,
  type CellArea,
  type CubeSide,
  type GridItem,
  type GridMessage,
  type GridResult,
  type History,
  type ItemGeometryLookup,
  type SelectedOption,
} from '@rainplan/engine/boxgrid';
import type { ViewState } from './ViewState.ts';

/** The settings of the side panel an edit may change (saved at once, spec §4). */
export type SettingsPatch = Partial<{ groundLevel: number; plantBottomLevel: number; stormwaterObjective: 'retention' | 'infiltration'; storageCoefficient: number; heightOverrideM: number | null }>;

export interface GridEditorOptions {
  readonly view: ViewState;
  readonly lookup: () => ItemGeometryLookup;
  /** After the grid changed (an edit, undo, redo). */
  readonly onChange: (grid: BoxGrid) => void;
}

export class GridEditor {
  history: History<BoxGrid> | undefined = undefined;
  layer = 0;
  selection: CellArea | null = null;
  cursor: { x: number; z: number } = { x: 0, z: 0 };
  /** The last refused operation (shown in place until the next edit). */
  refusal: GridMessage | undefined = undefined;
  /** The item whose options dialog is open (p, or a click with the select tool on an item). */
  optionsTarget: GridItem | undefined = undefined;
  /** Start cell of a keyboard selection (Shift+arrows). */
  private anchor: { x: number; z: number } | undefined = undefined;
  /** A pointer stroke (drag with draw / erase) in progress: its edits after the first replace the present (one undo step). */
  private stroke: { recorded: boolean } | undefined = undefined;
  private readonly view: ViewState;
  private readonly lookup: () => ItemGeometryLookup;
  private readonly onChange: (grid: BoxGrid) => void;

  constructor(options: GridEditorOptions) {
    this.view = options.view;
    this.lookup = options.lookup;
    this.onChange = options.onChange;
    makeObservable<GridEditor, 'applyResult'>(this, {
      history: observableRef,
      layer: observable,
      selection: observableRef,
      cursor: observableRef,
      refusal: observableRef,
      optionsTarget: observableRef,
      grid: computed,
      hasGrid: computed,
      layerCount: computed,
      layerFull: computed,
      layerBoxCounts: computedStruct,
      itemCount: computed,
      cursorItemTypeId: computed,
      sideSettings: computedStruct,
      selectedItems: computed,
      canUndo: computed,
      canRedo: computed,
      canInsertLayer: computed,
      canDeleteLayer: computed,
      load: action,
      clear: action,
      setLayer: action,
      select: action,
      selectDrag: action,
      moveCursor: action,
      setCursor: action,
      applyResult: action,
      undo: action,
      redo: action,
      beginStroke: action,
      endStroke: action,
      requestGeneralConfiguration: action,
      openOptions: action,
      closeOptions: action,
      clearRefusal: action,
    });
  }

  // ---- derived ----

  get grid(): BoxGrid | undefined {
    return this.history?.present;
  }

  /** Is a configuration's grid loaded? (Observers that only need this do not re-render on an edit.) */
  get hasGrid(): boolean {
    return this.history !== undefined;
  }

  get layerCount(): number {
    return this.grid?.layers.length ?? 0;
  }

  /**
   * Is every cell of the current layer taken (by a box or a shaft)? A configuration created for a
   * measure starts as exactly the measure's block, so the screen then says how to make room
   * (issue 27, decision 0209).
   */
  get layerFull(): boolean {
    const grid = this.grid;
    if (grid === undefined) return false;
    const cells = grid.layers[this.layer];
    if (cells === undefined) return false;
    for (let i = 0; i < cells.length; i++) if (cells[i] === null && grid.shafts[i] === null) return false;
    return true;
  }

  /** Boxes per layer (0 = lowest); a new array only when a count changed. */
  get layerBoxCounts(): number[] {
    const grid = this.grid;
    if (grid === undefined) return [];
    return grid.layers.map((layer) => {
      let n = 0;
      for (const item of layer) if (item !== null) n++;
      return n;
    });
  }

  /** Boxes and shafts of the grid. */
  get itemCount(): number {
    const grid = this.grid;
    return grid === undefined ? 0 : grid.boxCount + grid.shaftCount;
  }

  /** The item type at the grid cursor in the current layer (a shaft's column counts), or null for an empty cell. */
  get cursorItemTypeId(): string | null {
    const grid = this.grid;
    if (grid === undefined) return null;
    const i = this.cursor.x * grid.sizeZ + this.cursor.z;
    const item = grid.shafts[i] ?? grid.layers[this.layer]?.[i] ?? null;
    return item === null ? null : item.boxTypeId;
  }

  /** The grid's settings the side panel shows (a new object only when one of them changed). */
  get sideSettings(): { lengthM: number; widthM: number; groundLevel: number; plantBottomLevel: number; stormwaterObjective: 'retention' | 'infiltration'; storageCoefficient: number; heightOverrideM: number | null } | undefined {
    const grid = this.grid;
    if (grid === undefined) return undefined;
    const s = grid.settings;
    return {
      lengthM: gridLengthM(grid),
      widthM: gridWidthM(grid),
      groundLevel: s.groundLevel,
      plantBottomLevel: s.plantBottomLevel,
      stormwaterObjective: s.stormwaterObjective,
      storageCoefficient: s.storageCoefficient,
      heightOverrideM: s.heightOverrideM,
    };
  }

  get selectedItems(): GridItem[] {
    const grid = this.grid;
    return grid === undefined || this.selection === null ? [] : itemsInArea(grid, this.layer, this.selection);
  }

  get canUndo(): boolean {
    return this.history !== undefined && canUndo(this.history);
  }
  get canRedo(): boolean {
    return this.history !== undefined && canRedo(this.history);
  }
  get canInsertLayer(): boolean {
    return this.grid !== undefined && canInsertLayer(this.grid);
  }
  get canDeleteLayer(): boolean {
    return this.grid !== undefined && canDeleteLayer(this.grid);
  }

  // ---- a loaded grid ----

  /** A configuration's grid as loaded: a fresh history; the layer kept for it (if it still exists) or the current one within the grid. */
  load(grid: BoxGrid, keptLayer: number | undefined): void {
    this.history = createHistory(grid);
    this.stroke = undefined;
    this.layer = keptLayer !== undefined && keptLayer < grid.layers.length ? keptLayer : currentLayerAfter(this.layer, grid.layers.length);
    this.cursor = { x: Math.min(this.cursor.x, grid.sizeX - 1), z: Math.min(this.cursor.z, grid.sizeZ - 1) };
  }

  /** No grid (another project, a deleted configuration, a configuration being loaded). */
  clear(options: { keepSelection?: boolean } = {}): void {
    this.history = undefined;
    this.refusal = undefined;
    this.optionsTarget = undefined;
    if (options.keepSelection !== true) this.selection = null;
  }

  // ---- tools and editing ----

  setLayer(y: number): void {
    const grid = this.grid;
    if (grid === undefined || !Number.isInteger(y) || y < 0 || y >= grid.layers.length) return;
    this.layer = y;
    this.selection = null;
  }

  /** Sets the selection area (null clears it). */
  select(area: CellArea | null): void {
    this.selection = area;
    this.anchor = undefined;
  }

  /** Spec §4: a drag from one cell to another selects the area; a drag not ending on the grid clears it. */
  selectDrag(from: { x: number; z: number }, to: { x: number; z: number }): void {
    const grid = this.grid;
    this.selection = grid === undefined ? null : selectionFromDrag(grid, from, to);
    this.anchor = undefined;
  }

  setCursor(x: number, z: number): void {
    const grid = this.grid;
    if (grid === undefined) return;
    this.cursor = { x: Math.max(0, Math.min(grid.sizeX - 1, Math.trunc(x))), z: Math.max(0, Math.min(grid.sizeZ - 1, Math.trunc(z))) };
  }

  /** Arrow keys: move the grid cursor; with `extend` (Shift) the selection grows from where it started. */
  moveCursor(dx: number, dz: number, extend = false): void {
    const grid = this.grid;
    if (grid === undefined) return;
    const from = this.cursor;
    this.setCursor(from.x + dx, from.z + dz);
    // spec §4: nothing is selected in the perspective view
    if (extend && !this.view.perspective) {
      if (this.anchor === undefined) this.anchor = from;
      this.selection = selectionFromDrag(grid, this.anchor, this.cursor);
    } else this.anchor = undefined;
  }

  /** Enter / Space at the cursor: the current tool at that cell. */
  applyAtCursor(): boolean {
    return this.applyAt(this.cursor.x, this.cursor.z);
  }

  /**
   * The current tool at a cell of the current layer (a click on the canvas). Refusals (outside the
   * grid or the selection) are kept in `refusal`. Returns whether the grid changed.
   */
  applyAt(x: number, z: number): boolean {
    const grid = this.grid;
    const { tool, itemTypeId: type, rotation, axisDirection } = this.view;
    if (grid === undefined || tool === null || this.view.perspective) return false;
    const y = this.layer;
    const area = this.selection ?? undefined;
    const lookup = this.lookup();
    switch (tool) {
      case 'select': {
        const item = itemAt(grid, x, y, z);
        runInAction(() => {
          this.selection = item === null ? null : { x0: x, z0: z, x1: x, z1: z };
          this.cursor = { x, z };
        });
        return false;
      }
      case 'draw':
        if (type === undefined) return false;
        return this.applyResult(place(grid, lookup, { x, y, z, boxTypeId: type, rotation }, area));
      case 'erase':
        return this.applyResult(erase(grid, x, y, z, area));
      case 'fillLayer':
        if (type === undefined) return false;
        return this.applyResult(fillLayer(grid, lookup, y, type, area, rotation));
      case 'fillHorizontal':
        if (type === undefined) return false;
        return this.applyResult(fillHorizontal(grid, lookup, x, y, z, type, area, rotation));
      case 'fillVertical':
        if (type === undefined) return false;
        return this.applyResult(fillVertical(grid, lookup, x, y, z, type, area, rotation));
      case 'eraseHorizontal':
        return this.applyResult(eraseHorizontal(grid, x, y, z, area));
      case 'eraseVertical':
        return this.applyResult(eraseVertical(grid, x, y, z, area));
      case 'editAxes':
        return this.addAxis(axisDirection, axisDirection === 'x' ? (x * 800) / 1000 : (z * 800) / 1000);
      case 'deleteAxes': {
        const axes = axisDirection === 'x' ? grid.settings.xProjectionAxes : grid.settings.yProjectionAxes;
        const at = axisDirection === 'x' ? x : z;
        // the axis on the cell's edges (at the cell's start or end)
        const index = axes.findIndex((a) => a >= at * 0.8 - 1e-9 && a <= (at + 1) * 0.8 + 1e-9);
        if (index < 0) return false;
        return this.deleteAxis(axisDirection, index);
      }
    }
  }

  /** Delete without a selection: erases the item at the cursor (a shaft: its column). */
  eraseAtCursor(): boolean {
    const grid = this.grid;
    if (grid === undefined || this.view.perspective) return false;
    return this.applyResult(erase(grid, this.cursor.x, this.layer, this.cursor.z, this.selection ?? undefined));
  }

  /** Delete on the canvas: erases the selected area of the current layer. */
  eraseSelection(): boolean {
    const grid = this.grid;
    if (grid === undefined || this.selection === null || this.view.perspective) return false;
    return this.applyResult(eraseArea(grid, this.layer, this.selection));
  }

  /** Enter on the canvas: fills the selected area of the current layer with the current item type. */
  fillSelection(): boolean {
    const grid = this.grid;
    const type = this.view.itemTypeId;
    if (grid === undefined || this.selection === null || type === undefined || this.view.perspective) return false;
    return this.applyResult(fillLayer(grid, this.lookup(), this.layer, type, this.selection, this.view.rotation));
  }

  /** r: rotates the selected items (N → W → S → E; clears their connections), else the item at the cursor. */
  rotateSelection(): boolean {
    let grid = this.grid;
    if (grid === undefined || this.view.perspective) return false;
    const targets = this.selection !== null ? this.selectedItems : [itemAt(grid, this.cursor.x, this.layer, this.cursor.z)].filter((i): i is GridItem => i !== null);
    if (targets.length === 0) {
      // nothing to rotate: the rotation of new items turns instead
      this.view.setRotation(nextRotation(this.view.rotation));
      return false;
    }
    const seen = new Set<string>();
    for (const item of targets) {
      if (seen.has(item.boxId)) continue;
      seen.add(item.boxId);
      const r = rotate(grid, item.x, item.kind === 'SHAFT' ? this.layer : item.y, item.z);
      if (r.refused === undefined) grid = r.grid;
    }
    return this.applyResult({ grid, changes: { added: [], removed: [], updated: [], relayout: false, settings: false } });
  }

  /** p: opens the general configuration (options dialog) of the selected item or the item at the cursor. */
  requestGeneralConfiguration(): boolean {
    const grid = this.grid;
    if (grid === undefined) return false;
    const item = this.selectedItems[0] ?? itemAt(grid, this.cursor.x, this.layer, this.cursor.z);
    this.optionsTarget = item ?? undefined;
    return item !== null && item !== undefined;
  }

  openOptions(item: GridItem): void {
    this.optionsTarget = item;
  }

  closeOptions(): void {
    this.optionsTarget = undefined;
  }

  /** Stores an item's options (after the engine's option rules); recorded for undo. */
  setItemOptions(item: GridItem, options: readonly SelectedOption[]): boolean {
    const grid = this.grid;
    if (grid === undefined) return false;
    const changed = this.applyResult(setItemOptions(grid, item.x, item.y, item.z, options));
    const now = this.grid === undefined ? null : itemAt(this.grid, item.x, item.y, item.z);
    if (this.optionsTarget !== undefined && now !== null) runInAction(() => (this.optionsTarget = now));
    return changed;
  }

  insertLayer(y: number, where: 'above' | 'below'): boolean {
    const grid = this.grid;
    if (grid === undefined) return false;
    const changed = this.applyResult(insertLayer(grid, y, where));
    if (changed) runInAction(() => (this.layer = where === 'above' ? y + 1 : y));
    return changed;
  }

  /** Adds an empty layer on top (the layers panel's add; duplicating is `insertLayer`). One undo step. */
  insertLayerEmpty(): boolean {
    const grid = this.grid;
    if (grid === undefined) return false;
    const top = grid.layers.length - 1;
    const inserted = insertLayer(grid, top, 'above');
    if (inserted.refused !== undefined) return this.applyResult(inserted);
    const emptied = eraseArea(inserted.grid, top + 1, { x0: 0, z0: 0, x1: grid.sizeX - 1, z1: grid.sizeZ - 1 });
    const changed = this.applyResult(emptied.refused === undefined ? emptied : inserted);
    if (changed) runInAction(() => (this.layer = top + 1));
    return changed;
  }

  /**
   * Cube sides of an item that a neighbour in its layer or a shaft covers (nothing can be connected
   * there). Sides turn with the rotation: at North front, left, back, right face N (+z), W (−x), S (−z), E (+x).
   */
  blockedSides(item: GridItem): CubeSide[] {
    const grid = this.grid;
    if (grid === undefined) return [];
    const steps = { North: 0, West: 1, South: 2, East: 3 }[item.rotation];
    const compass = [
      { dx: 0, dz: 1 },
      { dx: -1, dz: 0 },
      { dx: 0, dz: -1 },
      { dx: 1, dz: 0 },
    ];
    return CUBE_SIDES.filter((_, i) => {
      const d = compass[(i + steps) % 4]!;
      return itemAt(grid, item.x + d.dx, item.y, item.z + d.dz) !== null;
    });
  }

  deleteLayer(y: number): boolean {
    const grid = this.grid;
    if (grid === undefined) return false;
    const changed = this.applyResult(deleteLayer(grid, y));
    if (changed) runInAction(() => (this.layer = currentLayerAfter(this.layer > y ? this.layer - 1 : this.layer, this.grid?.layers.length ?? 1)));
    return changed;
  }

  moveLayer(from: number, to: number): boolean {
    const grid = this.grid;
    if (grid === undefined) return false;
    const changed = this.applyResult(moveLayer(grid, from, to));
    if (changed && this.layer === from) runInAction(() => (this.layer = to));
    return changed;
  }

  resize(lengthM: number, widthM: number): boolean {
    const grid = this.grid;
    if (grid === undefined) return false;
    const changed = this.applyResult(resize(grid, lengthM, widthM));
    if (changed && this.grid !== undefined) {
      const g = this.grid;
      runInAction(() => {
        this.cursor = { x: Math.min(this.cursor.x, g.sizeX - 1), z: Math.min(this.cursor.z, g.sizeZ - 1) };
        this.selection = null;
      });
    }
    return changed;
  }

  addAxis(direction: AxisDirection, positionM: number): boolean {
    const grid = this.grid;
    if (grid === undefined) return false;
    return this.applyResult(addProjectionAxis(grid, direction, positionM));
  }

  deleteAxis(direction: AxisDirection, index: number): boolean {
    const grid = this.grid;
    if (grid === undefined) return false;
    return this.applyResult(deleteProjectionAxis(grid, direction, index));
  }

  /** Settings of the side panel (ground and plant-bottom level, objective, storage coefficient): saved at once (spec §4). */
  patchSettings(patch: SettingsPatch): boolean {
    const grid = this.grid;
    if (grid === undefined) return false;
    return this.applyResult(updateSettings(grid, patch));
  }

  /** The configuration's name (recorded like an edit; the save manager stores it at once). */
  rename(name: string): boolean {
    const grid = this.grid;
    if (grid === undefined) return false;
    return this.applyResult(updateSettings(grid, { name }));
  }

  /**
   * Starts a pointer stroke (a drag that draws or erases across cells): the stroke's edits become
   * one undo step (decision 0153). Ended by `endStroke` (pointer up / cancel), by undo and redo.
   */
  beginStroke(): void {
    this.stroke = { recorded: false };
  }

  endStroke(): void {
    this.stroke = undefined;
  }

  undo(): boolean {
    this.stroke = undefined;
    if (this.history === undefined) return false;
    const r = undo(this.history);
    if (r.refused !== undefined) return false;
    this.history = r.history;
    this.changed();
    return true;
  }

  redo(): boolean {
    this.stroke = undefined;
    if (this.history === undefined) return false;
    const r = redo(this.history);
    if (r.refused !== undefined) return false;
    this.history = r.history;
    this.changed();
    return true;
  }

  clearRefusal(): void {
    this.refusal = undefined;
  }

  /** Records an operation's grid (or keeps its refusal); reports the change. */
  private applyResult(result: GridResult): boolean {
    if (result.refused !== undefined) {
      this.refusal = result.refused;
      return false;
    }
    this.refusal = undefined;
    if (this.history === undefined || result.grid === this.history.present) return false;
    const h = this.history;
    if (this.stroke?.recorded === true) {
      // a later cell of the same stroke: the stroke's step takes the new grid (no new undo step)
      this.history = { past: h.past, present: result.grid, future: [], limit: h.limit };
    } else {
      this.history = record(h, result.grid);
      if (this.stroke !== undefined) this.stroke.recorded = true;
    }
    this.changed();
    return true;
  }

  private changed(): void {
    const grid = this.grid;
    if (grid === undefined) return;
    if (this.layer >= grid.layers.length) this.layer = currentLayerAfter(this.layer, grid.layers.length);
    this.onChange(grid);
  }
}
