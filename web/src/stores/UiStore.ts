/**
 * App-wide UI state: the wait dialog (shown while `busy > 0`; wrap long actions in
 * `withWait`) and the changelog dialog (shown when the stored version differs from 1.0.5).
 */
import { action, computed, makeObservable, observable } from 'mobx';
import { APP_VERSION, CHANGELOG_STORAGE_KEY } from '../constants.ts';

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem'>;

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
