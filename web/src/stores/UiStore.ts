/**
 * App-wide UI state: the wait dialog (shown while `busy > 0`; wrap long actions in
 * `withWait`) and the changelog dialog (shown when the stored version differs from 1.0.5).
 */
import { action, computed, makeObservable, observable } from 'mobx';
import { APP_VERSION, CHANGELOG_STORAGE_KEY } from '../constants.ts';

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** How many form drafts (page visits) are kept. */
const MAX_DRAFTS = 10;

function browserStorage(): KeyValueStorage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

export class UiStore {
  busy = 0;
  changelogOpen: boolean;

  private readonly storage: KeyValueStorage | undefined;
  /** Unsaved form input by page visit (see `draft`), newest last. */
  private readonly drafts = new Map<string, unknown>();

  constructor(storage: KeyValueStorage | undefined = browserStorage()) {
    this.storage = storage;
    let seen: string | null;
    try {
      seen = storage?.getItem(CHANGELOG_STORAGE_KEY) ?? null;
    } catch {
      seen = null;
    }
    this.changelogOpen = seen !== APP_VERSION;
    makeObservable(this, { busy: observable, changelogOpen: observable, waiting: computed, openChangelog: action, closeChangelog: action, begin: action, end: action });
  }

  get waiting(): boolean {
    return this.busy > 0;
  }

  /** Shows the changelog on request (the configurator's changelog button). */
  openChangelog(): void {
    this.changelogOpen = true;
  }

  /**
   * Closing the changelog stores the current version (1.0.5), so that it does not show again;
   * with `dontShowAgain` false (the dialog's option unticked) nothing is stored and the next
   * start of the app shows it again.
   */
  closeChangelog(dontShowAgain = true): void {
    this.changelogOpen = false;
    if (!dontShowAgain) return;
    try {
      this.storage?.setItem(CHANGELOG_STORAGE_KEY, APP_VERSION);
    } catch {
      // storage blocked: shown again next visit
    }
  }

  /**
   * What was typed into a form on one visit of a page (`id` names the page and the visit, e.g. the
   * router location's key): a screen that is mounted again on the same visit — whatever made React
   * mount it again — starts from it instead of empty fields, and so does the browser's back button.
   * Unobserved; the newest MAX_DRAFTS are kept.
   */
  draft<T>(id: string): T | undefined {
    return this.drafts.get(id) as T | undefined;
  }

  keepDraft(id: string, value: unknown): void {
    this.drafts.delete(id);
    this.drafts.set(id, value);
    while (this.drafts.size > MAX_DRAFTS) this.drafts.delete(this.drafts.keys().next().value as string);
  }

  dropDraft(id: string): void {
    this.drafts.delete(id);
  }

  begin(): void {
    this.busy++;
  }

  end(): void {
    this.busy = Math.max(0, this.busy - 1);
  }

  /** Shows the wait dialog while `work` runs. */
  async withWait<T>(work: () => Promise<T>): Promise<T> {
    this.begin();
    try {
      return await work();
    } finally {
      this.end();
    }
  }
}
