/**
 * ConfiguratorStore (`configuratorStore(root)`, created on first use so the engine's grid stays out of
 * the login bundle): the box configurator's state (planning spec §2 "Box
 * configurator", §4 "Box grid", §5, §9). The grid and every operation are the engine's
 * (`@rainplan/engine/boxgrid`), run on the main thread (decision 0106: an edit of a 20,160-box
 * layout costs microseconds; a worker round trip costs more than that).
 *
 * Public API (for the dialogs and panels, web/src/configurator/dialogs|panels):
 *
 *   loading / status ('idle' | 'loading' | 'ready' | 'failed')      loading overlay until item types,
 *                                                                    property sets, project and items are there
 *   open(projectId) · close() · reload()
 *   configurations: ServerConfiguration[] · selectedId · selected · selectConfiguration(id)
 *   createConfiguration(measureId | null, name) → id | undefined    (empty name → the api's newConfig)
 *   renameConfiguration(name) · deleteConfiguration() → boolean
 *   eligibleMeasures: Measure[]  (box tank / retention basin without configuration, spec §5)
 *   measureName(id)
 *   itemTypes · boxTypes · shaftTypes · itemType(id) · propertySets · propertySet(id) · plants · lookup
 *   grid: BoxGrid | undefined · layer (current layer) · setLayer(y)
 *   insertLayer(y, 'above' | 'below') (duplicating) · insertLayerEmpty() · deleteLayer(y) · moveLayer(from, to)
 *   blockedSides(item) (cube sides a neighbour or shaft covers)
 *   canInsertLayer · canDeleteLayer
 *   tool: Tool | null · setTool(t) · itemTypeId · setItemType(id) · rotation (of new items)
 *   selection: CellArea | null · selectedItems · select(area | null) · selectDrag(from, to)
 *   cursor {x, z} · moveCursor(dx, dz, extendSelection?) · applyAtCursor() · applyAt(x, z)
 *   eraseSelection() (Delete) · eraseAtCursor() · fillSelection() (Enter) · rotateSelection() (r)
 *   requestGeneralConfiguration() (p) → sets `optionsTarget` (the item whose options dialog opens);
 *     closeOptions()
 *   setItemOptions(item, options)   (after the option rules of the engine; recorded for undo)
 *   beginStroke() · endStroke()  (a pointer drag that draws / erases across cells: one undo step)
 *   undo() · redo() · canUndo · canRedo
 *   narrow derived values for the screen's observers (an edit re-renders only what shows a changed
 *     value, decision 0151): hasGrid · layerCount · layerBoxCounts · itemCount · cursorItemTypeId · sideSettings
 *   showAxes · fullscreen · perspective · gravity · debug · toggleAxes() · toggleFullscreen()
 *     togglePerspective() (stores and clears the tool, restores it when turned off, spec §4)
 *     toggleGravity() (debug mode with perspective only)
 *   addAxis(direction, positionM) · deleteAxis(direction, index)
 *   patchSettings({ groundLevel?, plantBottomLevel?, stormwaterObjective?, storageCoefficient? })
 *     (saved at once; refused values give a message)
 *   resize(lengthM, widthM)
 *   volumes: ConfigurationVolumes | undefined · messages: GridMessage[] (in place, configurator.json)
 *   refusal: GridMessage | undefined (the last refused operation; cleared by the next edit)
 *   saveStatus ('saved' | 'pending' | 'saving' | 'failed' | 'conflict') · flush() · resolveConflict('reload' | 'overwrite')
 */
import { action, computed, computedStruct, makeObservable, observable, observableRef, observableShallow, reaction, runInAction } from 'mobx';
import { evaluate, type Project } from '@rainplan/engine';
import {
  CUBE_SIDES,
  addProjectionAxis,
  canDeleteLayer,
  canInsertLayer,
  canRedo,
  canUndo,
  configurationVolumes,
  createHistory,
  currentLayerAfter,
  deleteLayer,
  deleteProjectionAxis,
  eligibleMeasures,
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
  toConfiguration,
  undo,
  updateSettings,
  type AxisDirection,
  type BoxGrid,
  type CubeSide,
  type CellArea,
  type ConfigurationVolumes,
  type GridItem,
  type GridMessage,
  type GridResult,
  type History,
  type ItemGeometryLookup,
  type PropertySet,
  type Rotation,
  type SelectedOption,
} from '@rainplan/engine/boxgrid';
import { geometryLookup, type ItemType } from '@rainplan/engine/catalogue';
import type { Api } from '../api/index.ts';
import type { NotificationStore } from '../stores/NotificationStore.ts';
import type { RootStore } from '../stores/RootStore.ts';
import type { PlantChoice } from './dialogs/PlantDialogs.tsx';
import { loadConfigurationGrid } from './store/loadChecks.ts';
import { configuratorApi, engineConfiguration, isVersionConflict, resolvePlants, savedIdsOf, wireItemsForSave, type ConfiguratorApi, type ServerConfiguration } from './api.ts';

type Measure = Project['waterflow']['measures'][number];

/** Toolbar tools (spec §2). */
export const TOOLS = ['select', 'draw', 'erase', 'fillLayer', 'fillHorizontal', 'fillVertical', 'eraseHorizontal', 'eraseVertical', 'editAxes', 'deleteAxes'] as const;
export type Tool = (typeof TOOLS)[number];

export type ConfiguratorStatus = 'idle' | 'loading' | 'ready' | 'failed';
export type ConfiguratorSaveStatus = 'saved' | 'pending' | 'saving' | 'failed' | 'conflict';

/** Spec §9: box autosave 2000 ms after the last change. */
export const AUTOSAVE_MS = 2000;
/** Retries of a failed save (as the dimensioning, decision 0060). */
export const RETRY_MS = [1000, 2000, 4000, 8000, 16000, 30000] as const;

/** The settings the api stores beside the items (PATCH body fields). */
interface SavedSettings {
  readonly name: string;
  readonly measureId: string | null;
  readonly groundLevel: number;
  readonly plantBottomLevel: number;
  readonly stormwaterObjective: 'retention' | 'infiltration';
  readonly storageCoefficient: number;
  readonly lengthM: number;
  readonly widthM: number;
  readonly xAxes: string;
  readonly yAxes: string;
}

function settingsOf(grid: BoxGrid): SavedSettings {
  const s = grid.settings;
  return {
    name: s.name,
    measureId: s.measureId,
    groundLevel: s.groundLevel,
    plantBottomLevel: s.plantBottomLevel,
    stormwaterObjective: s.stormwaterObjective,
    storageCoefficient: s.storageCoefficient,
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
  const dims: Record<string, number> = {};
  if (saved === undefined || saved.lengthM !== now.lengthM || saved.widthM !== now.widthM) {
    dims['length'] = now.lengthM;
    dims['width'] = now.widthM;
  }
  if (saved === undefined || saved.storageCoefficient !== now.storageCoefficient) dims['storageCoefficient'] = now.storageCoefficient;
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

export interface ConfiguratorStoreOptions {
  readonly api: Api;
  readonly notifications: NotificationStore;
  /** The open project's engine project (the waterflow store's), for the measures; undefined while loading. */
  readonly project: () => Project | undefined;
  /** Whether the project (waterflow) of `projectId` is loaded. */
  readonly projectReady: (projectId: string) => boolean;
  /** Debug mode (gravity toggle); default: `?debug` in the page's address. */
  readonly debug?: boolean;
}

export class ConfiguratorStore {
  status: ConfiguratorStatus = 'idle';
  projectId: string | undefined = undefined;
  configurations: ServerConfiguration[] = [];
  selectedId: string | undefined = undefined;
  /** Loading the selected configuration's items. */
  loadingItems = false;
  itemTypes: ItemType[] = [];
  propertySets: PropertySet[] = [];
  /** Plants (pipe connections) of the catalogue (`GET /BoxConfigurator/plants`), with their property sets and diameters. */
  plants: PlantChoice[] = [];
  history: History<BoxGrid> | undefined = undefined;
  layer = 0;
  tool: Tool | null = 'draw';
  itemTypeId: string | undefined = undefined;
  rotation: Rotation = 'North';
  selection: CellArea | null = null;
  cursor: { x: number; z: number } = { x: 0, z: 0 };
  /** Start cell of a keyboard selection (Shift+arrows). */
  private anchor: { x: number; z: number } | undefined = undefined;
  showAxes = true;
  fullscreen = false;
  perspective = false;
  gravity = false;
  readonly debug: boolean;
  /** The tool kept while perspective mode is on (spec §4). */
  private storedTool: Tool | null = null;
  /** The saved layout's bill total at catalogue prices, and the one before the last saved edit. */
  billTotal: { totalPrice: string; currency: string } | undefined = undefined;
  previousBillTotal: { totalPrice: string; currency: string } | undefined = undefined;
  /** The last refused operation (shown in place until the next edit). */
  refusal: GridMessage | undefined = undefined;
  /** Items skipped on load (spec §5: logged, and shown). */
  loadMessages: GridMessage[] = [];
  /** The item whose options dialog is open (p, or a click with the select tool on an item). */
  optionsTarget: GridItem | undefined = undefined;
  saveStatus: ConfiguratorSaveStatus = 'saved';
  /** Axis direction the axis tools work on. */
  axisDirection: AxisDirection = 'x';
  /** A pointer stroke (drag with draw / erase) in progress: its edits after the first replace the present (one undo step). */
  private stroke: { recorded: boolean } | undefined = undefined;

  private readonly calls: ConfiguratorApi;
  private readonly notifications: NotificationStore;
  private readonly projectSource: () => Project | undefined;
  private readonly projectReady: (projectId: string) => boolean;
  private lookupCache: { types: ItemType[]; lookup: ItemGeometryLookup } | undefined;
  /** Server state: version and what was last stored. */
  private version = 1;
  private savedSettings: SavedSettings | undefined;
  private savedItems: BoxGrid | undefined = undefined;
  private savedIds = new Map<string, string>();
  private saveChain: Promise<unknown> = Promise.resolve();
  private autosaveTimer: ReturnType<typeof setTimeout> | undefined;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private retryCount = 0;
  private failureNotified = false;
  private openToken = 0;
  /** The plants call answered (a failed one leaves `plants` empty without meaning that none exist). */
  private plantsLoaded = false;

  constructor(options: ConfiguratorStoreOptions) {
    this.calls = configuratorApi(options.api);
    this.notifications = options.notifications;
    this.projectSource = options.project;
    this.projectReady = options.projectReady;
    this.debug = options.debug ?? (typeof location !== 'undefined' && new URLSearchParams(location.search).has('debug'));
    makeObservable<ConfiguratorStore, 'anchor' | 'applyResult' | 'storedTool' | 'savedItems'>(this, {
      storedTool: observable,
      savedItems: observableRef,
      billTotal: observableRef,
      previousBillTotal: observableRef,
      purpose: computed,
      layerFull: computed,
      status: observable,
      projectId: observable,
      configurations: observableShallow,
      selectedId: observable,
      loadingItems: observable,
      itemTypes: observableRef,
      propertySets: observableRef,
      plants: observableRef,
      history: observableRef,
      layer: observable,
      tool: observable,
      itemTypeId: observable,
      rotation: observable,
      selection: observableRef,
      cursor: observableRef,
      anchor: false,
      showAxes: observable,
      fullscreen: observable,
      perspective: observable,
      gravity: observable,
      refusal: observableRef,
      loadMessages: observableRef,
      optionsTarget: observableRef,
      saveStatus: observable,
      axisDirection: observable,
      loading: computed,
      selected: computed,
      grid: computed,
      lookup: computed,
      boxTypes: computed,
      shaftTypes: computed,
      eligibleMeasures: computed,
      volumes: computed,
      messages: computedStruct,
      hasGrid: computed,
      layerCount: computed,
      layerBoxCounts: computedStruct,
      itemCount: computed,
      cursorItemTypeId: computed,
      sideSettings: computedStruct,
      selectedItems: computed,
      canUndo: computed,
      canRedo: computed,
      canInsertLayer: computed,
      canDeleteLayer: computed,
      close: action,
      setLayer: action,
      setTool: action,
      setItemType: action,
      setRotation: action,
      select: action,
      selectDrag: action,
      moveCursor: action,
      setCursor: action,
      applyResult: action,
      undo: action,
      redo: action,
      beginStroke: action,
      endStroke: action,
      toggleAxes: action,
      toggleFullscreen: action,
      togglePerspective: action,
      toggleGravity: action,
      setAxisDirection: action,
      requestGeneralConfiguration: action,
      openOptions: action,
      closeOptions: action,
      clearRefusal: action,
    });
    // The layer and the tool of each configuration survive a reload of the page (sessionStorage,
    // per configuration; decision 0208). Written once the configuration's items are loaded.
    reaction(
      () => ({ id: this.selectedId, loading: this.loadingItems, layer: this.layer, tool: this.perspective ? this.storedTool : this.tool }),
      ({ id, loading, layer, tool }) => {
        if (id !== undefined && !loading) writeView(id, { layer, tool });
      },
    );
  }

  // ---- derived ----

  /** Loading overlay (spec §4): until item types, property sets, project and items are all there. */
  get loading(): boolean {
    return this.status === 'loading' || this.loadingItems || (this.projectId !== undefined && this.status === 'ready' && !this.projectReady(this.projectId));
  }

  get selected(): ServerConfiguration | undefined {
    return this.configurations.find((c) => c.id === this.selectedId);
  }

  get grid(): BoxGrid | undefined {
    return this.history?.present;
  }

  get lookup(): ItemGeometryLookup {
    if (this.lookupCache?.types !== this.itemTypes) this.lookupCache = { types: this.itemTypes, lookup: geometryLookup({ itemTypes: this.itemTypes }) };
    return this.lookupCache.lookup;
  }

  get boxTypes(): ItemType[] {
    return this.itemTypes.filter((t) => t.typeCustom === 'BOX');
  }

  get shaftTypes(): ItemType[] {
    return this.itemTypes.filter((t) => t.typeCustom === 'SHAFT');
  }

  itemType(id: string): ItemType | undefined {
    return this.itemTypes.find((t) => t.businessId === id);
  }

  propertySet(id: string | undefined): PropertySet | undefined {
    return id === undefined ? undefined : this.propertySets.find((s) => s.id === id);
  }

  /** Spec §5: measures that may get a new configuration (box tank or retention basin without one). */
  get eligibleMeasures(): Measure[] {
    const project = this.projectSource();
    if (project === undefined) return [];
    const linked = this.configurations.map((c) => ({ id: c.id, name: c.name, measureId: c.measureId }));
    return eligibleMeasures({ ...project, boxConfigurations: linked });
  }

  measureName(id: string | null | undefined): string | undefined {
    if (id === null || id === undefined) return undefined;
    return this.projectSource()?.waterflow.measures.find((m) => m.id === id)?.name;
  }

  /** Volumes, envelope, materials and checks of the current grid (side panel). */
  get volumes(): ConfigurationVolumes | undefined {
    const grid = this.grid;
    return grid === undefined ? undefined : configurationVolumes(grid, this.lookup);
  }

  /**
   * What the layout is for (issue 27): the linked measure's required volume beside the layout's
   * available volume and the engine's verdict (`partsSufficient`), from `evaluate` of the project
   * with the saved layout — recomputed after every saved edit, not per frame. Undefined for a
   * custom configuration or before the project is there.
   */
  get purpose(): { measureName: string; requiredVolumeM3: number | undefined; availableVolumeM3: number | undefined; sufficient: boolean | undefined } | undefined {
    const grid = this.savedItems;
    const project = this.projectSource();
    const measureId = grid?.settings.measureId ?? null;
    if (grid === undefined || project === undefined || measureId === null) return undefined;
    const measure = project.waterflow.measures.find((m) => m.id === measureId);
    if (measure === undefined) return undefined;
    const configuration = toConfiguration(grid, this.lookup);
    const result = evaluate({ ...project, boxConfigurations: [configuration] }, { itemGeometry: this.lookup }).measures.find((m) => m.id === measureId);
    return { measureName: measure.name, requiredVolumeM3: result?.requiredVolume, availableVolumeM3: result?.value, sufficient: result?.partsSufficient };
  }

  /** Fetches the bill total of the saved layout (after a load and after every saved items change); keeps the previous total for the change. */
  private async refreshBill(id: string): Promise<void> {
    const projectId = this.projectId;
    if (projectId === undefined) return;
    try {
      const bill = await this.calls.billTotal(projectId, id);
      if (id !== this.selectedId) return;
      runInAction(() => {
        this.previousBillTotal = this.billTotal;
        this.billTotal = bill;
      });
    } catch (error) {
      console.warn('configurator: the bill total could not be loaded', error);
    }
  }

  /** Messages shown in place: the last refusal, the checks of the configuration, items skipped on load. */
  get messages(): GridMessage[] {
    return [...(this.refusal === undefined ? [] : [this.refusal]), ...(this.volumes?.messages ?? []), ...this.loadMessages];
  }

  /** Is a configuration's grid loaded? (Observers that only need this do not re-render on an edit.) */
  get hasGrid(): boolean {
    return this.history !== undefined;
  }

  get layerCount(): number {
    return this.grid?.layers.length ?? 0;
  }

  /** Boxes per layer (0 = lowest); a new array only when a count changed. */
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
  get sideSettings(): { lengthM: number; widthM: number; groundLevel: number; plantBottomLevel: number; stormwaterObjective: 'retention' | 'infiltration'; storageCoefficient: number } | undefined {
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

  // ---- loading ----

  /** Opens the configurator of a project: catalogue, configurations, then the first configuration's items. */
  async open(projectId: string): Promise<void> {
    if (this.projectId !== undefined && this.projectId !== projectId) await this.flush();
    const token = ++this.openToken;
    runInAction(() => {
      this.projectId = projectId;
      this.status = 'loading';
      this.history = undefined;
      this.selectedId = undefined;
      this.selection = null;
      this.refusal = undefined;
      this.loadMessages = [];
      this.saveStatus = 'saved';
    });
    try {
      const [configurations, itemTypes, propertySets, plants] = await Promise.all([
        this.calls.configurations(projectId),
        this.calls.itemTypes(),
        this.calls.propertySets(),
        // Without plants the configurator still works; connections then offer none (logged).
        this.calls.plants().catch((error: unknown) => {
          console.error('plants could not be loaded:', error);
          return undefined;
        }),
      ]);
      if (token !== this.openToken) return;
      runInAction(() => {
        this.configurations = configurations;
        this.itemTypes = itemTypes;
        this.propertySets = propertySets;
        this.plants = plants === undefined ? [] : resolvePlants(plants, propertySets);
        this.plantsLoaded = plants !== undefined;
        if (this.itemTypeId === undefined || this.itemType(this.itemTypeId) === undefined) this.itemTypeId = this.boxTypes[0]?.businessId ?? itemTypes[0]?.businessId;
        this.status = 'ready';
      });
      // The configuration open before a reload of the page, else the first one.
      const remembered = readSelected(projectId);
      const first = configurations.find((c) => c.id === remembered) ?? configurations[0];
      if (first !== undefined) await this.selectConfiguration(first.id);
    } catch (error) {
      if (token !== this.openToken) return;
      console.error('configurator could not be loaded:', error);
      runInAction(() => (this.status = 'failed'));
      this.notifications.error({ message: 'configurator:load.failed' });
    }
  }

  /** Retry after a failed load. */
  async reload(): Promise<void> {
    if (this.projectId !== undefined) await this.open(this.projectId);
  }

  /** Leaves the screen: saves what is pending first. */
  close(): Promise<boolean> {
    const token = this.openToken;
    const done = this.flush();
    return done.then((ok) => {
      // The screen may have been opened again while saving (a remount): that opening stays.
      if (this.openToken !== token) return ok;
      runInAction(() => {
        this.openToken++;
        this.projectId = undefined;
        this.status = 'idle';
        this.history = undefined;
        this.selectedId = undefined;
        this.configurations = [];
      });
      return ok;
    });
  }

  /** Switches to another configuration (saving the current one first) and loads its items. */
  async selectConfiguration(id: string): Promise<boolean> {
    if (this.selectedId !== undefined && this.selectedId !== id) await this.flush();
    const token = this.openToken;
    if (this.projectId !== undefined) writeSelected(this.projectId, id);
    runInAction(() => {
      this.selectedId = id;
      this.loadingItems = true;
      this.refusal = undefined;
      this.selection = null;
      this.optionsTarget = undefined;
    });
    try {
      const [config, items] = await Promise.all([this.calls.get(id), this.calls.boxItems(id)]);
      if (token !== this.openToken || this.selectedId !== id) return false;
      this.loadGrid(config, items.items, Math.max(config.version, items.version));
      runInAction(() => {
        this.billTotal = undefined;
        this.previousBillTotal = undefined;
      });
      void this.refreshBill(id);
      return true;
    } catch (error) {
      console.error('configuration could not be loaded:', error);
      if (token === this.openToken && this.selectedId === id) {
        runInAction(() => (this.loadingItems = false));
        this.notifications.error({ message: 'configurator:load.itemsFailed' });
      }
      return false;
    }
  }

  private loadGrid(config: ServerConfiguration, items: Parameters<typeof engineConfiguration>[1], version: number): void {
    const { grid, skipped } = loadConfigurationGrid(engineConfiguration(config, items), {
      lookup: this.lookup,
      itemType: (id) => this.itemType(id),
      propertySet: (id) => this.propertySet(id),
      plantIds: this.plantsLoaded ? new Set(this.plants.map((p) => p.propertyId)) : undefined,
    });
    if (skipped.length > 0) console.warn('configurator: items skipped on load:', skipped.map((m) => `${m.code} ${JSON.stringify(m.params)}`).join('; '));
    runInAction(() => {
      this.clearTimers();
      this.version = version;
      this.savedSettings = settingsOf(grid);
      this.savedItems = grid;
      this.savedIds = new Map();
      this.history = createHistory(grid);
      this.stroke = undefined;
      const view = readView(config.id);
      this.layer = view?.layer !== undefined && view.layer < grid.layers.length ? view.layer : currentLayerAfter(this.layer, grid.layers.length);
      if (view !== undefined && view.tool !== undefined) {
        if (this.perspective) this.storedTool = view.tool;
        else this.tool = view.tool;
      }
      this.cursor = { x: Math.min(this.cursor.x, grid.sizeX - 1), z: Math.min(this.cursor.z, grid.sizeZ - 1) };
      this.loadMessages = skipped.slice(0, 20);
      this.loadingItems = false;
      this.saveStatus = 'saved';
      this.configurations = this.configurations.map((c) => (c.id === config.id ? config : c));
    });
  }

  // ---- configurations ----

  /** Creates a configuration (a measure's full block, or an empty custom grid) and opens it; → its id. */
  async createConfiguration(measureId: string | null, name: string): Promise<string | undefined> {
    const projectId = this.projectId;
    if (projectId === undefined) return undefined;
    await this.flush();
    try {
      const created = await this.calls.create(projectId, measureId, name.trim());
      runInAction(() => (this.configurations = [...this.configurations, created]));
      await this.selectConfiguration(created.id);
      return created.id;
    } catch (error) {
      this.reportCallFailure(error, 'configurator:create.failed');
      return undefined;
    }
  }

  /** Renames the selected configuration (saved at once). */
  renameConfiguration(name: string): Promise<boolean> {
    const trimmed = name.trim();
    const grid = this.grid;
    if (grid === undefined || trimmed === '') return Promise.resolve(false);
    const result = updateSettings(grid, { name: trimmed });
    this.applyResult(result);
    runInAction(() => (this.configurations = this.configurations.map((c) => (c.id === this.selectedId ? { ...c, name: trimmed } : c))));
    return this.flush();
  }

  /** Deletes the selected configuration and opens the next one. */
  async deleteConfiguration(): Promise<boolean> {
    const id = this.selectedId;
    if (id === undefined) return false;
    this.clearTimers();
    await this.saveChain.catch(() => undefined);
    try {
      await this.calls.delete(id);
    } catch (error) {
      this.reportCallFailure(error, 'configurator:delete.failed');
      return false;
    }
    const rest = this.configurations.filter((c) => c.id !== id);
    runInAction(() => {
      this.configurations = rest;
      this.history = undefined;
      this.selectedId = undefined;
      this.savedItems = undefined;
      this.savedSettings = undefined;
      this.saveStatus = 'saved';
    });
    const next = rest[0];
    if (next !== undefined) await this.selectConfiguration(next.id);
    return true;
  }

  private reportCallFailure(error: unknown, fallbackKey: string): void {
    console.error(fallbackKey, error);
    const code = typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'number' ? error.code : undefined;
    this.notifications.error(code === undefined ? { message: fallbackKey } : { code });
  }

  // ---- tools and editing ----

  setLayer(y: number): void {
    const grid = this.grid;
    if (grid === undefined || !Number.isInteger(y) || y < 0 || y >= grid.layers.length) return;
    this.layer = y;
    this.selection = null;
  }

  setTool(tool: Tool | null): void {
    if (this.perspective) {
      // spec §4: drawing, selecting and axis editing are blocked in perspective mode
      this.storedTool = tool;
      return;
    }
    this.tool = tool;
    if (tool === 'editAxes' || tool === 'deleteAxes') this.showAxes = true;
  }

  setItemType(id: string): void {
    if (this.itemType(id) !== undefined) this.itemTypeId = id;
  }

  setRotation(rotation: Rotation): void {
    this.rotation = rotation;
  }

  setAxisDirection(direction: AxisDirection): void {
    this.axisDirection = direction;
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
    if (extend && !this.perspective) {
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
    const tool = this.tool;
    if (grid === undefined || tool === null || this.perspective) return false;
    const y = this.layer;
    const area = this.selection ?? undefined;
    const type = this.itemTypeId;
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
        return this.applyResult(place(grid, this.lookup, { x, y, z, boxTypeId: type, rotation: this.rotation }, area));
      case 'erase':
        return this.applyResult(erase(grid, x, y, z, area));
      case 'fillLayer':
        if (type === undefined) return false;
        return this.applyResult(fillLayer(grid, this.lookup, y, type, area, this.rotation));
      case 'fillHorizontal':
        if (type === undefined) return false;
        return this.applyResult(fillHorizontal(grid, this.lookup, x, y, z, type, area, this.rotation));
      case 'fillVertical':
        if (type === undefined) return false;
        return this.applyResult(fillVertical(grid, this.lookup, x, y, z, type, area, this.rotation));
      case 'eraseHorizontal':
        return this.applyResult(eraseHorizontal(grid, x, y, z, area));
      case 'eraseVertical':
        return this.applyResult(eraseVertical(grid, x, y, z, area));
      case 'editAxes':
        return this.addAxis(this.axisDirection, this.axisDirection === 'x' ? (x * 800) / 1000 : (z * 800) / 1000);
      case 'deleteAxes': {
        const axes = this.axisDirection === 'x' ? grid.settings.xProjectionAxes : grid.settings.yProjectionAxes;
        const at = this.axisDirection === 'x' ? x : z;
        // the axis on the cell's edges (at the cell's start or end)
        const index = axes.findIndex((a) => a >= at * 0.8 - 1e-9 && a <= (at + 1) * 0.8 + 1e-9);
        if (index < 0) return false;
        return this.deleteAxis(this.axisDirection, index);
      }
    }
  }

  /** Delete without a selection: erases the item at the cursor (a shaft: its column). */
  eraseAtCursor(): boolean {
    const grid = this.grid;
    if (grid === undefined || this.perspective) return false;
    return this.applyResult(erase(grid, this.cursor.x, this.layer, this.cursor.z, this.selection ?? undefined));
  }

  /** Delete on the canvas: erases the selected area of the current layer. */
  eraseSelection(): boolean {
    const grid = this.grid;
    if (grid === undefined || this.selection === null || this.perspective) return false;
    return this.applyResult(eraseArea(grid, this.layer, this.selection));
  }

  /** Enter on the canvas: fills the selected area of the current layer with the current item type. */
  fillSelection(): boolean {
    const grid = this.grid;
    const type = this.itemTypeId;
    if (grid === undefined || this.selection === null || type === undefined || this.perspective) return false;
    return this.applyResult(fillLayer(grid, this.lookup, this.layer, type, this.selection, this.rotation));
  }

  /** r: rotates the selected items (N → W → S → E; clears their connections), else the item at the cursor. */
  rotateSelection(): boolean {
    let grid = this.grid;
    if (grid === undefined || this.perspective) return false;
    const targets = this.selection !== null ? this.selectedItems : [itemAt(grid, this.cursor.x, this.layer, this.cursor.z)].filter((i): i is GridItem => i !== null);
    if (targets.length === 0) {
      // nothing to rotate: the rotation of new items turns instead
      runInAction(() => (this.rotation = nextRotation(this.rotation)));
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
  patchSettings(patch: Partial<{ groundLevel: number; plantBottomLevel: number; stormwaterObjective: 'retention' | 'infiltration'; storageCoefficient: number }>): boolean {
    const grid = this.grid;
    if (grid === undefined) return false;
    return this.applyResult(updateSettings(grid, patch));
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
    this.afterChange();
    return true;
  }

  redo(): boolean {
    this.stroke = undefined;
    if (this.history === undefined) return false;
    const r = redo(this.history);
    if (r.refused !== undefined) return false;
    this.history = r.history;
    this.afterChange();
    return true;
  }

  clearRefusal(): void {
    this.refusal = undefined;
  }

  /** Records an operation's grid (or keeps its refusal); schedules the save. */
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
    this.afterChange();
    return true;
  }

  /** After the grid changed: settings are saved at once, items 2 s after the last change. */
  private afterChange(): void {
    const grid = this.grid;
    if (grid === undefined) return;
    if (this.layer >= grid.layers.length) this.layer = currentLayerAfter(this.layer, grid.layers.length);
    if (this.saveStatus === 'conflict') return; // the user decides first
    const settingsChanged = Object.keys(settingsPatch(this.savedSettings, grid)).length > 0;
    const itemsChanged = this.savedItems === undefined || !sameItems(this.savedItems, grid);
    if (!settingsChanged && !itemsChanged) {
      // e.g. undone back to the stored state
      if (this.saveStatus === 'pending') {
        if (this.autosaveTimer !== undefined) clearTimeout(this.autosaveTimer);
        this.autosaveTimer = undefined;
        this.saveStatus = 'saved';
      }
      return;
    }
    if (this.saveStatus !== 'failed') this.saveStatus = 'pending';
    if (settingsChanged) void this.flush();
    else this.scheduleAutosave();
  }

  // ---- toggles ----

  toggleAxes(): void {
    this.showAxes = !this.showAxes;
  }

  toggleFullscreen(): void {
    this.fullscreen = !this.fullscreen;
  }

  /** Spec §4: turning perspective on stores the current tool and clears it; turning it off restores it. */
  togglePerspective(): void {
    if (!this.perspective) {
      this.storedTool = this.tool;
      this.tool = null;
      this.perspective = true;
    } else {
      this.perspective = false;
      this.tool = this.storedTool;
      this.storedTool = null;
      this.gravity = false;
    }
  }

  /** Gravity: only in debug mode with perspective on. */
  toggleGravity(): void {
    if (!this.debug || !this.perspective) return;
    this.gravity = !this.gravity;
  }

  // ---- saving ----

  private scheduleAutosave(): void {
    if (this.autosaveTimer !== undefined) clearTimeout(this.autosaveTimer);
    this.autosaveTimer = setTimeout(() => {
      this.autosaveTimer = undefined;
      void this.flush();
    }, AUTOSAVE_MS);
  }

  private clearTimers(): void {
    if (this.autosaveTimer !== undefined) clearTimeout(this.autosaveTimer);
    if (this.retryTimer !== undefined) clearTimeout(this.retryTimer);
    this.autosaveTimer = undefined;
    this.retryTimer = undefined;
  }

  /** Has the layout changes the server does not have yet? */
  get hasUnsavedChanges(): boolean {
    const grid = this.grid;
    if (grid === undefined) return false;
    return (this.savedItems === undefined || !sameItems(this.savedItems, grid)) || Object.keys(settingsPatch(this.savedSettings, grid)).length > 0;
  }

  /**
   * Saves now what is pending (settings first, then the item list), one save after the other.
   * Resolves true when nothing is left unsaved. A failure keeps the layout, tells the user once
   * and retries (1 s … 30 s); a version conflict waits for `resolveConflict`.
   */
  flush(): Promise<boolean> {
    if (this.autosaveTimer !== undefined) {
      clearTimeout(this.autosaveTimer);
      this.autosaveTimer = undefined;
    }
    const run = this.saveChain.then(() => this.saveNow());
    this.saveChain = run.catch(() => undefined);
    return run;
  }

  private async saveNow(): Promise<boolean> {
    const id = this.selectedId;
    const grid = this.grid;
    if (id === undefined || grid === undefined) return true;
    if (this.saveStatus === 'conflict') return false;
    const settingsBody = settingsPatch(this.savedSettings, grid);
    const itemsChanged = this.savedItems === undefined || !sameItems(this.savedItems, grid);
    if (Object.keys(settingsBody).length === 0 && !itemsChanged) {
      runInAction(() => (this.saveStatus = 'saved'));
      return true;
    }
    if (this.retryTimer !== undefined) clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    runInAction(() => (this.saveStatus = 'saving'));
    try {
      if (Object.keys(settingsBody).length > 0) {
        const answer = await this.calls.update(id, { version: this.version, ...settingsBody });
        if (id !== this.selectedId) return true;
        runInAction(() => {
          this.version = answer?.version ?? this.version + 1;
          this.savedSettings = settingsOf(grid);
          if (answer !== undefined) this.configurations = this.configurations.map((c) => (c.id === id ? answer : c));
        });
      }
      if (itemsChanged) {
        const answer = await this.calls.setBoxItems(id, { version: this.version, boxItems: wireItemsForSave(grid, this.savedIds) });
        if (id !== this.selectedId) return true;
        runInAction(() => {
          this.version = answer.version;
          this.savedItems = grid;
          for (const [temp, stored] of savedIdsOf(grid, answer.items)) this.savedIds.set(temp, stored);
        });
        void this.refreshBill(id);
      }
    } catch (error) {
      if (id !== this.selectedId) return false;
      if (isVersionConflict(error)) {
        console.warn('configurator: version conflict', error.message);
        runInAction(() => (this.saveStatus = 'conflict'));
        this.notifications.error({ message: 'configurator:save.conflict' });
        return false;
      }
      console.error('configurator: save failed', error);
      runInAction(() => (this.saveStatus = 'failed'));
      if (!this.failureNotified) {
        this.failureNotified = true;
        this.notifications.error({ message: 'configurator:save.failed' });
      }
      this.scheduleRetry();
      return false;
    }
    const rest = this.hasUnsavedChanges;
    runInAction(() => (this.saveStatus = rest ? 'pending' : 'saved'));
    if (this.failureNotified) {
      this.failureNotified = false;
      this.notifications.success('configurator:save.recovered');
    }
    this.retryCount = 0;
    if (rest && this.autosaveTimer === undefined) this.scheduleAutosave();
    return !rest;
  }

  private scheduleRetry(): void {
    if (this.retryTimer !== undefined) clearTimeout(this.retryTimer);
    const delay = RETRY_MS[Math.min(this.retryCount, RETRY_MS.length - 1)]!;
    this.retryCount++;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      void this.flush();
    }, delay);
  }

  /**
   * After a version conflict: `reload` drops the local layout and loads the stored one;
   * `overwrite` saves the local layout over the stored one (settings and items).
   */
  async resolveConflict(choice: 'reload' | 'overwrite'): Promise<boolean> {
    const id = this.selectedId;
    if (id === undefined || this.saveStatus !== 'conflict') return false;
    this.clearTimers();
    if (choice === 'reload') {
      runInAction(() => (this.saveStatus = 'saved'));
      return this.selectConfiguration(id);
    }
    try {
      const current = await this.calls.get(id);
      runInAction(() => {
        this.version = current.version;
        this.savedSettings = undefined;
        this.savedItems = undefined;
        this.saveStatus = 'pending';
      });
    } catch (error) {
      this.reportCallFailure(error, 'configurator:save.failed');
      return false;
    }
    return this.flush();
  }
}

const stores = new WeakMap<RootStore, ConfiguratorStore>();

/** The configurator store of a root store (created on first use: the grid code loads with the configurator route only). */
export function configuratorStore(root: RootStore): ConfiguratorStore {
  let store = stores.get(root);
  if (store === undefined) {
    store = new ConfiguratorStore({
      api: root.api,
      notifications: root.notifications,
      project: () => (root.waterflow.status === 'loaded' ? root.waterflow.engineProject : undefined),
      projectReady: (projectId) => root.waterflow.projectId === projectId && root.waterflow.status === 'loaded',
    });
    stores.set(root, store);
  }
  return store;
}

// ---- the view kept across a reload of the page (decision 0208) ----

const VIEW_KEY = 'rainplan.configurator.view.';
const SELECTED_KEY = 'rainplan.configurator.selected.';

function session(): Storage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    return undefined; // storage blocked: the view resets after a reload
  }
}

/** The layer and tool last used in a configuration in this tab, if any (checked: a stale or edited entry is ignored). */
export function readView(configurationId: string): { layer?: number; tool?: Tool | null } | undefined {
  try {
    const raw = session()?.getItem(VIEW_KEY + configurationId);
    if (raw == null) return undefined;
    const parsed = JSON.parse(raw) as { layer?: unknown; tool?: unknown };
    const layer = typeof parsed.layer === 'number' && Number.isInteger(parsed.layer) && parsed.layer >= 0 ? parsed.layer : undefined;
    const tool = parsed.tool === null ? null : (TOOLS as readonly unknown[]).includes(parsed.tool) ? (parsed.tool as Tool) : undefined;
    return { ...(layer === undefined ? {} : { layer }), ...(tool === undefined ? {} : { tool }) };
  } catch {
    return undefined;
  }
}

function writeView(configurationId: string, view: { layer: number; tool: Tool | null }): void {
  try {
    session()?.setItem(VIEW_KEY + configurationId, JSON.stringify(view));
  } catch {
    // storage full or blocked: nothing is kept
  }
}

function readSelected(projectId: string): string | undefined {
  try {
    return session()?.getItem(SELECTED_KEY + projectId) ?? undefined;
  } catch {
    return undefined;
  }
}

function writeSelected(projectId: string, configurationId: string): void {
  try {
    session()?.setItem(SELECTED_KEY + projectId, configurationId);
  } catch {
    // nothing is kept
  }
}
