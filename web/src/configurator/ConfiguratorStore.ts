/**
 * ConfiguratorStore (`configuratorStore(root)`, created on first use so the engine's grid stays out of
 * the login bundle): the box configurator's state (planning spec §2 "Box
 * configurator", §4 "Box grid", §5, §9). The grid and every operation are the engine's
 * (`@rainplan/engine/boxgrid`), run on the main thread (decision 0106: an edit of a 20,160-box
 * layout costs microseconds; a worker round trip costs more than that).
 *
 * A facade over four managers in `store/`: `ConfigurationsManager` (the project's configurations,
 * the catalogue, loading, the layout's purpose and bill), `GridEditor` (the grid, its history,
 * layer, selection, cursor), `ViewState` (tool, new items' type and rotation, toggles) and
 * `SaveManager` (what the server holds; saving through the shared `AutosaveQueue`). The facade
 * holds no state of its own: the screen's observers read the managers' observables through it.
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
 *   outsideItems (an old configuration's items beyond its stored grid) · resolveOutsideItems('enlarge' | 'remove')
 *   volumes: ConfigurationVolumes | undefined · messages: GridMessage[] (in place, configurator.json)
 *   refusal: GridMessage | undefined (the last refused operation; cleared by the next edit)
 *   saveStatus ('saved' | 'pending' | 'saving' | 'failed' | 'conflict') · flush() · resolveConflict('reload' | 'overwrite')
 */
import type { Project } from '@rainplan/engine';
import type { AxisDirection, BoxGrid, CellArea, ConfigurationVolumes, CubeSide, GridItem, GridMessage, History, ItemGeometryLookup, PropertySet, Rotation, SelectedOption } from '@rainplan/engine/boxgrid';
import type { ItemType } from '@rainplan/engine/catalogue';
import type { Api } from '../api/index.ts';
import type { NotificationStore } from '../stores/NotificationStore.ts';
import { lazyStore } from '../stores/lazyStore.ts';
import type { RootStore } from '../stores/RootStore.ts';
import type { PlantChoice } from './dialogs/PlantDialogs.tsx';
import { configuratorApi, type ServerConfiguration } from './api.ts';
import { ConfigurationsManager, type LayoutPurpose } from './store/ConfigurationsManager.ts';
import { GridEditor, type SettingsPatch } from './store/GridEditor.ts';
import { SaveManager } from './store/SaveManager.ts';
import { ViewState } from './store/ViewState.ts';
import type { ConfiguratorSaveStatus, ConfiguratorStatus, Tool } from './store/types.ts';

export { TOOLS, AUTOSAVE_MS, type Tool, type ConfiguratorStatus, type ConfiguratorSaveStatus } from './store/types.ts';
export { RETRY_MS } from '../stores/AutosaveQueue.ts';
export { settingsPatch, sameItems } from './store/settings.ts';
export { readView } from './store/viewStorage.ts';

type Measure = Project['waterflow']['measures'][number];

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
  readonly configs: ConfigurationsManager;
  readonly editor: GridEditor;
  readonly view: ViewState;
  readonly saves: SaveManager;

  constructor(options: ConfiguratorStoreOptions) {
    const calls = configuratorApi(options.api);
    const view = new ViewState(options.debug ?? (typeof location !== 'undefined' && new URLSearchParams(location.search).has('debug')));
    // the managers call each other only after construction (closures over the consts below)
    const editor = new GridEditor({ view, lookup: () => configs.lookup, onChange: (grid) => saves.changed(grid) });
    const saves: SaveManager = new SaveManager({
      calls,
      notifications: options.notifications,
      selectedId: () => configs.selectedId,
      grid: () => editor.grid,
      onSettingsSaved: (id, answer) => configs.settingsSaved(id, answer),
      onItemsSaved: (id) => void configs.refreshBill(id),
      reload: (id) => configs.selectConfiguration(id),
    });
    const configs: ConfigurationsManager = new ConfigurationsManager({ calls, notifications: options.notifications, project: options.project, projectReady: options.projectReady, view, editor, saves });
    this.view = view;
    this.editor = editor;
    this.saves = saves;
    this.configs = configs;
  }

  // ---- configurations and catalogue (ConfigurationsManager) ----
  get status(): ConfiguratorStatus { return this.configs.status; }
  get projectId(): string | undefined { return this.configs.projectId; }
  get configurations(): ServerConfiguration[] { return this.configs.configurations; }
  get selectedId(): string | undefined { return this.configs.selectedId; }
  get selected(): ServerConfiguration | undefined { return this.configs.selected; }
  get loadingItems(): boolean { return this.configs.loadingItems; }
  get loading(): boolean { return this.configs.loading; }
  get itemTypes(): ItemType[] { return this.configs.itemTypes; }
  get boxTypes(): ItemType[] { return this.configs.boxTypes; }
  get shaftTypes(): ItemType[] { return this.configs.shaftTypes; }
  get propertySets(): PropertySet[] { return this.configs.propertySets; }
  get plants(): PlantChoice[] { return this.configs.plants; }
  get lookup(): ItemGeometryLookup { return this.configs.lookup; }
  get eligibleMeasures(): Measure[] { return this.configs.eligibleMeasures; }
  get volumes(): ConfigurationVolumes | undefined { return this.configs.volumes; }
  get purpose(): LayoutPurpose | undefined { return this.configs.purpose; }
  get billTotal(): { totalPrice: string; currency: string } | undefined { return this.configs.billTotal; }
  get previousBillTotal(): { totalPrice: string; currency: string } | undefined { return this.configs.previousBillTotal; }
  get loadMessages(): GridMessage[] { return this.configs.loadMessages; }
  /** Items of an old configuration beyond its stored grid (saving waits for `resolveOutsideItems`). */
  get outsideItems(): ConfigurationsManager['outsideItems'] { return this.configs.outsideItems; }
  resolveOutsideItems(choice: 'enlarge' | 'remove'): Promise<boolean> { return this.configs.resolveOutsideItems(choice); }
  /** Messages shown in place: the last refusal, the checks of the configuration, items skipped on load. */
  get messages(): GridMessage[] { return this.configs.messages; }
  itemType(id: string): ItemType | undefined { return this.configs.itemType(id); }
  propertySet(id: string | undefined): PropertySet | undefined { return this.configs.propertySet(id); }
  measureName(id: string | null | undefined): string | undefined { return this.configs.measureName(id); }
  open(projectId: string): Promise<void> { return this.configs.open(projectId); }
  reload(): Promise<void> { return this.configs.reload(); }
  close(): Promise<boolean> { return this.configs.close(); }
  selectConfiguration(id: string): Promise<boolean> { return this.configs.selectConfiguration(id); }
  createConfiguration(measureId: string | null, name: string): Promise<string | undefined> { return this.configs.createConfiguration(measureId, name); }
  renameConfiguration(name: string): Promise<boolean> { return this.configs.renameConfiguration(name); }
  deleteConfiguration(): Promise<boolean> { return this.configs.deleteConfiguration(); }

  // ---- the grid (GridEditor) ----
  get history(): History<BoxGrid> | undefined { return this.editor.history; }
  get grid(): BoxGrid | undefined { return this.editor.grid; }
  get hasGrid(): boolean { return this.editor.hasGrid; }
  get layer(): number { return this.editor.layer; }
  get layerCount(): number { return this.editor.layerCount; }
  get layerFull(): boolean { return this.editor.layerFull; }
  get layerBoxCounts(): number[] { return this.editor.layerBoxCounts; }
  get itemCount(): number { return this.editor.itemCount; }
  get selection(): CellArea | null { return this.editor.selection; }
  get selectedItems(): GridItem[] { return this.editor.selectedItems; }
  get cursor(): { x: number; z: number } { return this.editor.cursor; }
  get cursorItemTypeId(): string | null { return this.editor.cursorItemTypeId; }
  get sideSettings(): GridEditor['sideSettings'] { return this.editor.sideSettings; }
  get refusal(): GridMessage | undefined { return this.editor.refusal; }
  get optionsTarget(): GridItem | undefined { return this.editor.optionsTarget; }
  get canUndo(): boolean { return this.editor.canUndo; }
  get canRedo(): boolean { return this.editor.canRedo; }
  get canInsertLayer(): boolean { return this.editor.canInsertLayer; }
  get canDeleteLayer(): boolean { return this.editor.canDeleteLayer; }
  setLayer(y: number): void { this.editor.setLayer(y); }
  select(area: CellArea | null): void { this.editor.select(area); }
  selectDrag(from: { x: number; z: number }, to: { x: number; z: number }): void { this.editor.selectDrag(from, to); }
  setCursor(x: number, z: number): void { this.editor.setCursor(x, z); }
  moveCursor(dx: number, dz: number, extend = false): void { this.editor.moveCursor(dx, dz, extend); }
  applyAtCursor(): boolean { return this.editor.applyAtCursor(); }
  applyAt(x: number, z: number): boolean { return this.editor.applyAt(x, z); }
  eraseAtCursor(): boolean { return this.editor.eraseAtCursor(); }
  eraseSelection(): boolean { return this.editor.eraseSelection(); }
  fillSelection(): boolean { return this.editor.fillSelection(); }
  rotateSelection(): boolean { return this.editor.rotateSelection(); }
  requestGeneralConfiguration(): boolean { return this.editor.requestGeneralConfiguration(); }
  openOptions(item: GridItem): void { this.editor.openOptions(item); }
  closeOptions(): void { this.editor.closeOptions(); }
  setItemOptions(item: GridItem, options: readonly SelectedOption[]): boolean { return this.editor.setItemOptions(item, options); }
  insertLayer(y: number, where: 'above' | 'below'): boolean { return this.editor.insertLayer(y, where); }
  insertLayerEmpty(): boolean { return this.editor.insertLayerEmpty(); }
  blockedSides(item: GridItem): CubeSide[] { return this.editor.blockedSides(item); }
  deleteLayer(y: number): boolean { return this.editor.deleteLayer(y); }
  moveLayer(from: number, to: number): boolean { return this.editor.moveLayer(from, to); }
  resize(lengthM: number, widthM: number): boolean { return this.editor.resize(lengthM, widthM); }
  addAxis(direction: AxisDirection, positionM: number): boolean { return this.editor.addAxis(direction, positionM); }
  deleteAxis(direction: AxisDirection, index: number): boolean { return this.editor.deleteAxis(direction, index); }
  patchSettings(patch: SettingsPatch): boolean { return this.editor.patchSettings(patch); }
  beginStroke(): void { this.editor.beginStroke(); }
  endStroke(): void { this.editor.endStroke(); }
  undo(): boolean { return this.editor.undo(); }
  redo(): boolean { return this.editor.redo(); }
  clearRefusal(): void { this.editor.clearRefusal(); }

  // ---- tool and toggles (ViewState) ----
  get tool(): Tool | null { return this.view.tool; }
  get itemTypeId(): string | undefined { return this.view.itemTypeId; }
  get rotation(): Rotation { return this.view.rotation; }
  get axisDirection(): AxisDirection { return this.view.axisDirection; }
  get showAxes(): boolean { return this.view.showAxes; }
  get fullscreen(): boolean { return this.view.fullscreen; }
  get perspective(): boolean { return this.view.perspective; }
  get gravity(): boolean { return this.view.gravity; }
  get debug(): boolean { return this.view.debug; }
  setTool(tool: Tool | null): void { this.view.setTool(tool); }
  /** An item type of the catalogue becomes the type of new items (an unknown id changes nothing). */
  setItemType(id: string): void { if (this.configs.itemType(id) !== undefined) this.view.setItemType(id); }
  setRotation(rotation: Rotation): void { this.view.setRotation(rotation); }
  setAxisDirection(direction: AxisDirection): void { this.view.setAxisDirection(direction); }
  toggleAxes(): void { this.view.toggleAxes(); }
  toggleFullscreen(): void { this.view.toggleFullscreen(); }
  togglePerspective(): void { this.view.togglePerspective(); }
  toggleGravity(): void { this.view.toggleGravity(); }

  // ---- saving (SaveManager) ----
  get saveStatus(): ConfiguratorSaveStatus { return this.saves.saveStatus; }
  get hasUnsavedChanges(): boolean { return this.saves.hasUnsavedChanges; }
  flush(): Promise<boolean> { return this.saves.flush(); }
  resolveConflict(choice: 'reload' | 'overwrite'): Promise<boolean> {
    return this.saves.resolveConflict(choice, (error) => this.configs.reportCallFailure(error, 'configurator:save.failed'));
  }
}

/** The configurator store of a root store (created on first use: the grid code loads with the configurator route only). */
export const configuratorStore = lazyStore(
  (root: RootStore) =>
    new ConfiguratorStore({
      api: root.api,
      notifications: root.notifications,
      project: () => (root.waterflow.status === 'loaded' ? root.waterflow.engineProject : undefined),
      projectReady: (projectId) => root.waterflow.projectId === projectId && root.waterflow.status === 'loaded',
    }),
);
