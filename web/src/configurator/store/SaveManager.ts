/**
 * Saving a configuration (spec §4: settings at once, items 2 s after the last change): what the
 * server stores (its version, settings and items as last stored, the ids it gave new boxes) and
 * the save status. When a save runs, how failures retry and what the user is told is the shared
 * {@link AutosaveQueue}'s; a version conflict (409, code 56) waits for the user
 * (`resolveConflict`): nothing is overwritten silently.
 */
import { action, makeObservable, observable, observableRef, runInAction } from 'mobx';
import type { BoxGrid } from '@rainplan/engine/boxgrid';
import { AutosaveQueue, type SaveOutcome } from '../../stores/AutosaveQueue.ts';
import type { NotificationStore } from '../../stores/NotificationStore.ts';
import { isVersionConflict, savedIdsOf, wireItemsForSave, type ConfiguratorApi, type ServerConfiguration } from '../api.ts';
import { sameItems, settingsOf, settingsPatch, type SavedSettings } from './settings.ts';
import { AUTOSAVE_MS, type ConfiguratorSaveStatus } from './types.ts';

export interface SaveManagerOptions {
  readonly calls: ConfiguratorApi;
  readonly notifications: NotificationStore;
  /** The configuration open now, and its grid. */
  readonly selectedId: () => string | undefined;
  readonly grid: () => BoxGrid | undefined;
  /** After stored settings: the api's answer (the configuration as stored now). */
  readonly onSettingsSaved: (id: string, answer: ServerConfiguration | undefined) => void;
  /** After stored items (the bill follows). */
  readonly onItemsSaved: (id: string) => void;
  /** Loads a configuration again (a conflict resolved by taking the stored layout). */
  readonly reload: (id: string) => Promise<boolean>;
}

export class SaveManager {
  saveStatus: ConfiguratorSaveStatus = 'saved';
  /** The items as last stored (the layout the measure is sized with). */
  savedItems: BoxGrid | undefined = undefined;
  private version = 1;
  private savedSettings: SavedSettings | undefined;
  private savedIds = new Map<string, string>();
  /** Saving waits for the planner (items outside the stored grid, `loaded` with `stored`). */
  private held = false;
  /** The save running now (a deletion waits for it). */
  private running: Promise<unknown> = Promise.resolve();
  private readonly options: SaveManagerOptions;
  private readonly queue: AutosaveQueue;

  constructor(options: SaveManagerOptions) {
    this.options = options;
    this.queue = new AutosaveQueue({
      save: () => {
        const run = this.saveNow();
        this.running = run.catch(() => undefined);
        return run;
      },
      notifications: options.notifications,
      messages: { failed: 'configurator:save.failed', recovered: 'configurator:save.recovered' },
      debounceMs: AUTOSAVE_MS,
    });
    makeObservable<SaveManager, 'savedSettings'>(this, {
      saveStatus: observable,
      savedItems: observableRef,
      savedSettings: false,
      loaded: action,
      forget: action,
      changed: action,
    });
  }

  /**
   * A configuration as loaded: its version and what the server holds; nothing pending. `stored`:
   * the stored length × width when the loaded grid grew beyond it (items outside it, an old
   * configuration): nothing is saved until `release` (the planner decides: enlarge or remove).
   */
  loaded(grid: BoxGrid, version: number, stored?: { readonly lengthM: number; readonly widthM: number }): void {
    this.queue.cancel();
    this.version = version;
    this.savedSettings = stored === undefined ? settingsOf(grid) : { ...settingsOf(grid), ...stored };
    this.held = stored !== undefined;
    this.savedItems = grid;
    this.savedIds = new Map();
    this.saveStatus = 'saved';
  }

  /** Saving again after `loaded` held it (items outside the stored grid); saves what is pending. */
  release(): Promise<boolean> {
    runInAction(() => (this.held = false));
    return this.flush();
  }

  /** No configuration (another project opens, or the open one was deleted). */
  forget(): void {
    this.held = false;
    this.queue.cancel();
    this.savedItems = undefined;
    this.savedSettings = undefined;
    this.saveStatus = 'saved';
  }

  /** Stops the due save and retry (a deletion, a conflict being resolved). */
  cancel(): void {
    this.queue.cancel();
  }

  /** Resolves when the save running now has ended. */
  idle(): Promise<unknown> {
    return this.running;
  }

  /** After the grid changed: settings are saved at once, items 2 s after the last change. */
  changed(grid: BoxGrid): void {
    if (this.saveStatus === 'conflict') return; // the user decides first
    if (this.held) {
      // items outside the stored grid: kept here until the planner enlarges the grid or removes them
      this.saveStatus = 'pending';
      return;
    }
    const settingsChanged = Object.keys(settingsPatch(this.savedSettings, grid)).length > 0;
    const itemsChanged = this.savedItems === undefined || !sameItems(this.savedItems, grid);
    if (!settingsChanged && !itemsChanged) {
      // e.g. undone back to the stored state
      if (this.saveStatus === 'pending') {
        this.queue.cancel();
        this.saveStatus = 'saved';
      }
      return;
    }
    if (this.saveStatus !== 'failed') this.saveStatus = 'pending';
    if (settingsChanged) void this.flush();
    else this.queue.reschedule();
  }

  /** Has the layout changes the server does not have yet? */
  get hasUnsavedChanges(): boolean {
    const grid = this.options.grid();
    if (grid === undefined) return false;
    return this.savedItems === undefined || !sameItems(this.savedItems, grid) || Object.keys(settingsPatch(this.savedSettings, grid)).length > 0;
  }

  /**
   * Saves now what is pending (settings first, then the item list), one save after the other.
   * Resolves true when nothing is left unsaved. A failure keeps the layout, tells the user once
   * and retries (1 s … 30 s); a version conflict waits for `resolveConflict`.
   */
  flush(): Promise<boolean> {
    return this.queue.flush();
  }

  private async saveNow(): Promise<SaveOutcome> {
    const { calls, notifications } = this.options;
    const id = this.options.selectedId();
    const grid = this.options.grid();
    if (id === undefined || grid === undefined) return 'nothing';
    if (this.saveStatus === 'conflict' || this.held) return 'held';
    const settingsBody = settingsPatch(this.savedSettings, grid);
    const itemsChanged = this.savedItems === undefined || !sameItems(this.savedItems, grid);
    if (Object.keys(settingsBody).length === 0 && !itemsChanged) {
      runInAction(() => (this.saveStatus = 'saved'));
      return 'nothing';
    }
    runInAction(() => (this.saveStatus = 'saving'));
    try {
      if (Object.keys(settingsBody).length > 0) {
        const answer = await calls.update(id, { version: this.version, ...settingsBody });
        if (id !== this.options.selectedId()) return { abandoned: { ok: true } };
        runInAction(() => {
          this.version = answer?.version ?? this.version + 1;
          this.savedSettings = settingsOf(grid);
        });
        this.options.onSettingsSaved(id, answer);
      }
      if (itemsChanged) {
        const answer = await calls.setBoxItems(id, { version: this.version, boxItems: wireItemsForSave(grid, this.savedIds) });
        if (id !== this.options.selectedId()) return { abandoned: { ok: true } };
        runInAction(() => {
          this.version = answer.version;
          this.savedItems = grid;
          for (const [temp, stored] of savedIdsOf(grid, answer.items)) this.savedIds.set(temp, stored);
        });
        this.options.onItemsSaved(id);
      }
    } catch (error) {
      if (id !== this.options.selectedId()) return { abandoned: { ok: false } };
      if (isVersionConflict(error)) {
        console.warn('configurator: version conflict', error.message);
        runInAction(() => (this.saveStatus = 'conflict'));
        notifications.error({ message: 'configurator:save.conflict' });
        return 'held';
      }
      console.error('configurator: save failed', error);
      runInAction(() => (this.saveStatus = 'failed'));
      return 'failed';
    }
    const rest = this.hasUnsavedChanges;
    runInAction(() => (this.saveStatus = rest ? 'pending' : 'saved'));
    return rest ? 'pending' : 'saved';
  }

  /**
   * After a version conflict: `reload` drops the local layout and loads the stored one;
   * `overwrite` saves the local layout over the stored one (settings and items).
   */
  async resolveConflict(choice: 'reload' | 'overwrite', reportFailure: (error: unknown) => void): Promise<boolean> {
    const id = this.options.selectedId();
    if (id === undefined || this.saveStatus !== 'conflict') return false;
    this.queue.cancel();
    if (choice === 'reload') {
      runInAction(() => (this.saveStatus = 'saved'));
      return this.options.reload(id);
    }
    try {
      const current = await this.options.calls.get(id);
      runInAction(() => {
        this.version = current.version;
        this.savedSettings = undefined;
        this.savedItems = undefined;
        this.saveStatus = 'pending';
      });
    } catch (error) {
      reportFailure(error);
      return false;
    }
    return this.flush();
  }
}
