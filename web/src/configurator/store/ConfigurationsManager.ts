/**
 * The configurations of a project and the catalogue they are drawn with: opening the
 * configurator (configurations, item types, property sets, plants), choosing, creating, renaming
 * and deleting a configuration, loading its items into the grid editor, and what the layout is
 * for (the linked measure's verdict from `evaluate`, the bill total from the api).
 */
import { action, computed, computedStruct, makeObservable, observable, observableRef, observableShallow, reaction, runInAction } from 'mobx';
import { evaluate, type Project } from '@rainplan/engine';
import { DEFAULTS } from '@rainplan/engine/tables';
import { configurationVolumes, eligibleMeasures, gridFromConfiguration, gridLengthM, gridWidthM, toConfiguration, type ConfigurationVolumes, type GridMessage, type ItemGeometryLookup, type PropertySet } from '@rainplan/engine/boxgrid';
import { geometryLookup, type ItemType } from '@rainplan/engine/catalogue';
import type { NotificationStore } from '../../stores/NotificationStore.ts';
import type { PlantChoice } from '../dialogs/PlantDialogs.tsx';
import { engineConfiguration, resolvePlants, type ConfiguratorApi, type ServerConfiguration } from '../api.ts';
import type { GridEditor } from './GridEditor.ts';
import { loadConfigurationGrid } from './loadChecks.ts';
import type { SaveManager } from './SaveManager.ts';
import type { ConfiguratorStatus } from './types.ts';
import { readSelected, readView, writeSelected, writeView } from './viewStorage.ts';
import type { ViewState } from './ViewState.ts';

type Measure = Project['waterflow']['measures'][number];

export interface ConfigurationsOptions {
  readonly calls: ConfiguratorApi;
  readonly notifications: NotificationStore;
  readonly project: () => Project | undefined;
  readonly projectReady: (projectId: string) => boolean;
  readonly view: ViewState;
  readonly editor: GridEditor;
  readonly saves: SaveManager;
}

/** What the layout is for: the linked measure's required volume, the layout's available volume and the verdict. */
export interface LayoutPurpose {
  readonly measureName: string;
  readonly requiredVolumeM3: number | undefined;
  readonly availableVolumeM3: number | undefined;
  readonly sufficient: boolean | undefined;
}

export class ConfigurationsManager {
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
  /** The saved layout's bill total at catalogue prices, and the one before the last saved edit. */
  billTotal: { totalPrice: string; currency: string } | undefined = undefined;
  previousBillTotal: { totalPrice: string; currency: string } | undefined = undefined;
  /** Items skipped on load (spec §5: logged, and shown). */
  loadMessages: GridMessage[] = [];
  /**
   * Items of an old configuration that lie beyond its stored length × width (the api refuses such
   * items now): how many, the stored grid and the grid that holds them. Saving waits until the
   * planner enlarges the stored grid or removes them (`resolveOutsideItems`); undefined otherwise.
   */
  outsideItems: { readonly count: number; readonly lengthM: number; readonly widthM: number; readonly grownLengthM: number; readonly grownWidthM: number } | undefined = undefined;
  private readonly o: ConfigurationsOptions;
  private lookupCache: { types: ItemType[]; lookup: ItemGeometryLookup } | undefined;
  private openToken = 0;
  /** The plants call answered (a failed one leaves `plants` empty without meaning that none exist). */
  private plantsLoaded = false;

  constructor(options: ConfigurationsOptions) {
    this.o = options;
    makeObservable(this, {
      status: observable,
      projectId: observable,
      configurations: observableShallow,
      selectedId: observable,
      loadingItems: observable,
      itemTypes: observableRef,
      propertySets: observableRef,
      plants: observableRef,
      billTotal: observableRef,
      previousBillTotal: observableRef,
      loadMessages: observableRef,
      outsideItems: observableRef,
      loading: computed,
      selected: computed,
      lookup: computed,
      boxTypes: computed,
      shaftTypes: computed,
      eligibleMeasures: computed,
      volumes: computed,
      purpose: computed,
      messages: computedStruct,
      close: action,
    });
    // The layer and the tool of each configuration survive a reload of the page (sessionStorage,
    // per configuration; decision 0208). Written once the configuration's items are loaded.
    reaction(
      () => ({ id: this.selectedId, loading: this.loadingItems, layer: options.editor.layer, tool: options.view.keptTool }),
      ({ id, loading, layer, tool }) => {
        if (id !== undefined && !loading) writeView(id, { layer, tool });
      },
    );
  }

  // ---- derived ----

  /** Loading overlay (spec §4): until item types, property sets, project and items are all there. */
  get loading(): boolean {
    return this.status === 'loading' || this.loadingItems || (this.projectId !== undefined && this.status === 'ready' && !this.o.projectReady(this.projectId));
  }

  get selected(): ServerConfiguration | undefined {
    return this.configurations.find((c) => c.id === this.selectedId);
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
    const project = this.o.project();
    if (project === undefined) return [];
    const linked = this.configurations.map((c) => ({ id: c.id, name: c.name, measureId: c.measureId }));
    return eligibleMeasures({ ...project, boxConfigurations: linked });
  }

  measureName(id: string | null | undefined): string | undefined {
    if (id === null || id === undefined) return undefined;
    return this.o.project()?.waterflow.measures.find((m) => m.id === id)?.name;
  }

  /** Volumes, envelope, materials and checks of the current grid (side panel). */
  get volumes(): ConfigurationVolumes | undefined {
    const grid = this.o.editor.grid;
    return grid === undefined ? undefined : configurationVolumes(grid, this.lookup);
  }

  /**
   * What the layout is for (issue 27): the linked measure's required volume beside the layout's
   * available volume and the engine's verdict (`partsSufficient`), from `evaluate` of the project
   * with the saved layout — recomputed after every saved edit, not per frame. Undefined for a
   * custom configuration or before the project is there.
   */
  get purpose(): LayoutPurpose | undefined {
    const grid = this.o.saves.savedItems;
    const project = this.o.project();
    const measureId = grid?.settings.measureId ?? null;
    if (grid === undefined || project === undefined || measureId === null) return undefined;
    const measure = project.waterflow.measures.find((m) => m.id === measureId);
    if (measure === undefined) return undefined;
    const configuration = toConfiguration(grid, this.lookup);
    const result = evaluate({ ...project, boxConfigurations: [configuration] }, { itemGeometry: this.lookup }).measures.find((m) => m.id === measureId);
    return { measureName: measure.name, requiredVolumeM3: result?.requiredVolume, availableVolumeM3: result?.value, sufficient: result?.partsSufficient };
  }

  /** Messages shown in place: the last refusal, the checks of the configuration, items skipped on load. */
  get messages(): GridMessage[] {
    const refusal = this.o.editor.refusal;
    return [...(refusal === undefined ? [] : [refusal]), ...(this.volumes?.messages ?? []), ...this.loadMessages];
  }

  /** Fetches the bill total of the saved layout (after a load and after every saved items change); keeps the previous total for the change. */
  async refreshBill(id: string): Promise<void> {
    const projectId = this.projectId;
    if (projectId === undefined) return;
    try {
      const bill = await this.o.calls.billTotal(projectId, id);
      if (id !== this.selectedId) return;
      runInAction(() => {
        this.previousBillTotal = this.billTotal;
        this.billTotal = bill;
      });
    } catch (error) {
      console.warn('configurator: the bill total could not be loaded', error);
    }
  }

  /** The api's answer to stored settings replaces the configuration in the list. */
  settingsSaved(id: string, answer: ServerConfiguration | undefined): void {
    if (answer !== undefined) runInAction(() => (this.configurations = this.configurations.map((c) => (c.id === id ? answer : c))));
  }

  // ---- loading ----

  /** Opens the configurator of a project: catalogue, configurations, then the first configuration's items. */
  async open(projectId: string): Promise<void> {
    const { calls, editor, saves } = this.o;
    if (this.projectId !== undefined && this.projectId !== projectId) await saves.flush();
    const token = ++this.openToken;
    runInAction(() => {
      this.projectId = projectId;
      this.status = 'loading';
      editor.clear({ keepSelection: false });
      this.selectedId = undefined;
      this.loadMessages = [];
      this.outsideItems = undefined;
      saves.saveStatus = 'saved';
    });
    try {
      const [configurations, itemTypes, propertySets, plants] = await Promise.all([
        calls.configurations(projectId),
        calls.itemTypes(),
        calls.propertySets(),
        // Without plants the configurator still works; connections then offer none (logged).
        calls.plants().catch((error: unknown) => {
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
        const view = this.o.view;
        if (view.itemTypeId === undefined || this.itemType(view.itemTypeId) === undefined) view.itemTypeId = this.boxTypes[0]?.businessId ?? itemTypes[0]?.businessId;
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
      this.o.notifications.error({ message: 'configurator:load.failed' });
    }
  }

  /** Retry after a failed load. */
  async reload(): Promise<void> {
    if (this.projectId !== undefined) await this.open(this.projectId);
  }

  /** Leaves the screen: saves what is pending first. */
  close(): Promise<boolean> {
    const token = this.openToken;
    const done = this.o.saves.flush();
    return done.then((ok) => {
      // The screen may have been opened again while saving (a remount): that opening stays.
      if (this.openToken !== token) return ok;
      runInAction(() => {
        this.openToken++;
        this.projectId = undefined;
        this.status = 'idle';
        this.o.editor.history = undefined;
        this.selectedId = undefined;
        this.configurations = [];
      });
      return ok;
    });
  }

  /** Switches to another configuration (saving the current one first) and loads its items. */
  async selectConfiguration(id: string): Promise<boolean> {
    const { calls, editor, saves } = this.o;
    if (this.selectedId !== undefined && this.selectedId !== id) await saves.flush();
    const token = this.openToken;
    if (this.projectId !== undefined) writeSelected(this.projectId, id);
    runInAction(() => {
      this.selectedId = id;
      this.loadingItems = true;
      editor.refusal = undefined;
      editor.selection = null;
      editor.optionsTarget = undefined;
    });
    try {
      const [config, items] = await Promise.all([calls.get(id), calls.boxItems(id)]);
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
        this.o.notifications.error({ message: 'configurator:load.itemsFailed' });
      }
      return false;
    }
  }

  private loadGrid(config: ServerConfiguration, items: Parameters<typeof engineConfiguration>[1], version: number): void {
    const { grid, skipped, outsideStoredGrid } = loadConfigurationGrid(engineConfiguration(config, items), {
      lookup: this.lookup,
      itemType: (id) => this.itemType(id),
      propertySet: (id) => this.propertySet(id),
      plantIds: this.plantsLoaded ? new Set(this.plants.map((p) => p.propertyId)) : undefined,
    });
    if (skipped.length > 0) console.warn('configurator: items skipped on load:', skipped.map((m) => `${m.code} ${JSON.stringify(m.params)}`).join('; '));
    // the stored grid, in whole cells as the engine lays it out (an old configuration may hold items beyond it)
    const stored = outsideStoredGrid > 0 ? gridFromConfiguration({ id: config.id, name: config.name, dimensioning: engineConfiguration(config, []).dimensioning ?? null, items: [] }, this.lookup).grid : undefined;
    const outside =
      stored === undefined ? undefined : { count: outsideStoredGrid, lengthM: gridLengthM(stored), widthM: gridWidthM(stored), grownLengthM: gridLengthM(grid), grownWidthM: gridWidthM(grid) };
    if (outside !== undefined) console.warn(`configurator: ${outside.count} stored item(s) lie outside the stored grid of ${outside.lengthM} m × ${outside.widthM} m`);
    runInAction(() => {
      this.outsideItems = outside;
      this.o.saves.loaded(grid, version, outside === undefined ? undefined : { lengthM: outside.lengthM, widthM: outside.widthM });
      const view = readView(config.id);
      this.o.editor.load(grid, view?.layer);
      if (view !== undefined && view.tool !== undefined) this.o.view.restoreTool(view.tool);
      this.loadMessages = skipped.slice(0, 20);
      this.loadingItems = false;
      this.configurations = this.configurations.map((c) => (c.id === config.id ? config : c));
    });
  }

  /**
   * The planner's answer to items outside the stored grid: `enlarge` stores the grid that holds
   * them (PATCH length × width), `remove` shrinks the grid back to the stored one, which drops them
   * (an edit like any other: undo brings them back). Either way saving resumes. False when there is
   * nothing to resolve.
   */
  async resolveOutsideItems(choice: 'enlarge' | 'remove'): Promise<boolean> {
    const outside = this.outsideItems;
    if (outside === undefined) return false;
    runInAction(() => (this.outsideItems = undefined));
    if (choice === 'remove') this.o.editor.resize(outside.lengthM, outside.widthM);
    const saved = this.o.saves.release();
    const grid = this.o.editor.grid;
    if (grid !== undefined) this.o.saves.changed(grid);
    return saved;
  }

  // ---- configurations ----

  /**
   * Creates a configuration (a measure's full block, or an empty custom grid) and opens it; → its
   * id. The project's first configuration without a measure starts on the new project's grid
   * (`newProjectGrid`).
   */
  async createConfiguration(measureId: string | null, name: string): Promise<string | undefined> {
    const projectId = this.projectId;
    if (projectId === undefined) return undefined;
    const first = measureId === null && this.configurations.length === 0;
    await this.o.saves.flush();
    try {
      let created = await this.o.calls.create(projectId, measureId, name.trim());
      if (first) created = await this.newProjectGrid(created);
      runInAction(() => (this.configurations = [...this.configurations, created]));
      await this.selectConfiguration(created.id);
      return created.id;
    } catch (error) {
      this.reportCallFailure(error, 'configurator:create.failed');
      return undefined;
    }
  }

  /**
   * The new project's grid, 10 m wide × 20 m long (planning spec §9 "new project dimensions width
   * 10, length 20"; `DEFAULTS.newProjectWidthM` / `newProjectLengthM`), for a project's first
   * configuration without a measure: the api makes every configuration on the new-configurator
   * grid (10 m × 10 m), so the edges that differ are changed at once, before anything is drawn
   * (docs/decisions/0235-first-configuration-on-the-new-project-grid.md). A failed change keeps the api's grid and
   * says so; the side panel's length and width still change it.
   */
  private async newProjectGrid(created: ServerConfiguration): Promise<ServerConfiguration> {
    const dimensioning: { width?: number; length?: number } = {};
    if (created.dimensioning?.width !== DEFAULTS.newProjectWidthM) dimensioning.width = DEFAULTS.newProjectWidthM;
    if (created.dimensioning?.length !== DEFAULTS.newProjectLengthM) dimensioning.length = DEFAULTS.newProjectLengthM;
    if (Object.keys(dimensioning).length === 0) return created;
    try {
      return (await this.o.calls.update(created.id, { version: created.version, dimensioning })) ?? created;
    } catch (error) {
      console.error('configurator: the new project grid could not be set', error);
      this.o.notifications.error({ message: 'configurator:create.gridFailed' });
      return created;
    }
  }

  /** Renames the selected configuration (saved at once). */
  renameConfiguration(name: string): Promise<boolean> {
    const trimmed = name.trim();
    if (this.o.editor.grid === undefined || trimmed === '') return Promise.resolve(false);
    this.o.editor.rename(trimmed);
    runInAction(() => (this.configurations = this.configurations.map((c) => (c.id === this.selectedId ? { ...c, name: trimmed } : c))));
    return this.o.saves.flush();
  }

  /** Deletes the selected configuration and opens the next one. */
  async deleteConfiguration(): Promise<boolean> {
    const id = this.selectedId;
    if (id === undefined) return false;
    this.o.saves.cancel();
    await this.o.saves.idle();
    try {
      await this.o.calls.delete(id);
    } catch (error) {
      this.reportCallFailure(error, 'configurator:delete.failed');
      return false;
    }
    const rest = this.configurations.filter((c) => c.id !== id);
    runInAction(() => {
      this.configurations = rest;
      this.o.editor.history = undefined;
      this.selectedId = undefined;
      this.outsideItems = undefined;
      this.o.saves.forget();
    });
    const next = rest[0];
    if (next !== undefined) await this.selectConfiguration(next.id);
    return true;
  }

  reportCallFailure(error: unknown, fallbackKey: string): void {
    console.error(fallbackKey, error);
    const code = typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'number' ? error.code : undefined;
    this.o.notifications.error(code === undefined ? { message: fallbackKey } : { code });
  }
}
