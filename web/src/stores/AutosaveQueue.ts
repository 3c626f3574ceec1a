/**
 * The save-and-retry loop of the editor stores (the waterflow's changed nodes, the configurator's
 * layout): saves run one after the other, a failed save tells the user once and is retried with
 * backoff (1 s, 2 s, 4 s … 30 s) until one succeeds, which tells the user it recovered; an
 * optional debounce (`schedule`) batches edits into one save.
 *
 * The store keeps what is pending and how to save it (`save`); the queue only decides when a save
 * runs. Each run's {@link SaveOutcome} says what happened:
 *
 * | outcome | the queue | `flush()` resolves |
 * | --- | --- | --- |
 * | `'saved'` | backoff reset; "recovered" notice after a notified failure | `true` |
 * | `'nothing'` | nothing was pending: backoff and notices untouched | `true` |
 * | `'pending'` | saved, but more changed meanwhile: as `'saved'`, then `schedule()` | `false` |
 * | `'failed'` | failure notice (once until a success), retry after the next backoff step | `false` |
 * | `'held'` | waits for the user (a version conflict the store reports itself): no retry | `false` |
 * | `{ abandoned }` | the saved thing was closed or replaced while saving: nothing more | `abandoned.ok` |
 *
 * A save that throws rejects its `flush()`; later saves still run (the chain survives it).
 */
import type { NotificationStore } from './NotificationStore.ts';

/** The backoff of the retries after a failed save (the last step repeats). */
export const RETRY_MS: readonly number[] = [1000, 2000, 4000, 8000, 16000, 30000];

export type SaveOutcome = 'saved' | 'nothing' | 'pending' | 'failed' | 'held' | { readonly abandoned: { readonly ok: boolean } };

export interface AutosaveQueueOptions {
  /** One save of what is pending now. */
  readonly save: () => Promise<SaveOutcome>;
  readonly notifications: Pick<NotificationStore, 'error' | 'success'>;
  /** Message keys of the notices: the first failure, and the success after a notified failure. */
  readonly messages: { readonly failed: string; readonly recovered: string };
  /** The delay of `schedule()` (default 0: no debounce, `schedule()` saves in the next task). */
  readonly debounceMs?: number;
  /** The backoff (default {@link RETRY_MS}). */
  readonly retryMs?: readonly number[];
}

export class AutosaveQueue {
  private readonly options: AutosaveQueueOptions;
  private chain: Promise<unknown> = Promise.resolve();
  private debounceTimer: ReturnType<typeof setTimeout> | undefined;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private retryCount = 0;
  private failureNotified = false;

  constructor(options: AutosaveQueueOptions) {
    this.options = options;
  }

  /** A failure has been notified and no save has succeeded since. */
  get failing(): boolean {
    return this.failureNotified;
  }

  /** A save is due: after the debounce, unless one is due already. */
  schedule(): void {
    if (this.debounceTimer !== undefined) return;
    this.debounceTimer = setTimeout(() => {
      this.debounceTimer = undefined;
      void this.flush().catch(() => undefined);
    }, this.options.debounceMs ?? 0);
  }

  /** Restarts the debounce (each edit pushes the save back). */
  reschedule(): void {
    this.clearDebounce();
    this.schedule();
  }

  /** Saves now, after the saves before it; a due debounce is dropped (this save covers it). */
  flush(): Promise<boolean> {
    this.clearDebounce();
    const run = this.chain.then(() => this.run());
    this.chain = run.catch(() => undefined);
    return run;
  }

  /** Drops the due save and retry (the store closes; what is pending stays pending). */
  cancel(): void {
    this.clearDebounce();
    this.clearRetry();
  }

  /** Forgets the backoff and the notified failure (a new project or configuration). */
  reset(): void {
    this.cancel();
    this.retryCount = 0;
    this.failureNotified = false;
  }

  private async run(): Promise<boolean> {
    this.clearRetry();
    const outcome = await this.options.save();
    if (typeof outcome === 'object') return outcome.abandoned.ok;
    switch (outcome) {
      case 'nothing':
        return true;
      case 'saved':
      case 'pending':
        if (this.failureNotified) this.options.notifications.success(this.options.messages.recovered);
        this.failureNotified = false;
        this.retryCount = 0;
        if (outcome === 'saved') return true;
        this.schedule();
        return false;
      case 'failed': {
        if (!this.failureNotified) {
          this.failureNotified = true;
          this.options.notifications.error({ message: this.options.messages.failed });
        }
        const steps = this.options.retryMs ?? RETRY_MS;
        const delay = steps[Math.min(this.retryCount, steps.length - 1)] ?? 30_000;
        this.retryCount++;
        this.retryTimer = setTimeout(() => {
          this.retryTimer = undefined;
          void this.flush().catch(() => undefined);
        }, delay);
        return false;
      }
      case 'held':
        return false;
    }
  }

  private clearDebounce(): void {
    if (this.debounceTimer !== undefined) clearTimeout(this.debounceTimer);
    this.debounceTimer = undefined;
  }

  private clearRetry(): void {
    if (this.retryTimer !== undefined) clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
  }
}
