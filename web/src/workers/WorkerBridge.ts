/**
 * The one lifecycle of the app's module workers (the engine worker, the documents worker, the
 * mass-list and variants workers), over Comlink:
 *
 * - **Start.** The worker starts on first use (`ready()`, `call()` or `prepare()`); with a
 *   `readyCheck` (the engine's `ping`) it counts as started when that answered within
 *   `startTimeoutMs`, else at once.
 * - **Failure.** A worker that cannot start (no `Worker`, the constructor throws, undefined), fails
 *   to load, crashes or misses its ready check is ended; `ready()` rejects and `call()` answers
 *   `undefined`, so the caller runs the same code on the main thread. `failed` stays true when
 *   `stickyFailure` is set (the engine: the rest of the session on the main thread); otherwise the
 *   next use tries a new worker.
 * - **Idle.** A worker without holds or calls is ended `idleMs` after the last one (0: right
 *   after it, a worker per call; Infinity: never) and started again on the next use.
 * - **Cancellation.** A call's `signal` aborts it: the call rejects with an `AbortError` and, since
 *   a running document cannot be stopped inside the worker, the worker is ended (the next use
 *   starts a new one).
 */
import { releaseProxy, wrap, type Endpoint, type Remote } from 'comlink';

/** A started worker: its Comlink endpoint, how to end it, and how it reports a load failure. */
export interface WorkerHandle {
  readonly endpoint: Endpoint;
  terminate(): void;
  /** Calls `listener` when the worker fails to load or crashes. */
  onError?(listener: () => void): void;
}

export interface WorkerBridgeOptions<Api> {
  /** Starts a worker; undefined or a throw means no worker here (the caller's fallback). */
  readonly create: () => WorkerHandle | undefined;
  /** End the worker this long after its last use (0: after each use, the default; Infinity: never). */
  readonly idleMs?: number;
  /** Must answer before the worker counts as started (default: none). */
  readonly readyCheck?: (api: Remote<Api>) => Promise<unknown>;
  /** A worker that has not passed `readyCheck` by then counts as failed (default 5 s). */
  readonly startTimeoutMs?: number;
  /** After one failure, never start a worker again (default false). */
  readonly stickyFailure?: boolean;
  /** Named in the console warnings, e.g. 'engine'. */
  readonly name: string;
}

export interface WorkerCallOptions {
  readonly signal?: AbortSignal | undefined;
}

/** A DOM worker as a {@link WorkerHandle}. */
export function workerHandle(worker: Worker): WorkerHandle {
  return { endpoint: worker as unknown as Endpoint, terminate: () => worker.terminate(), onError: (listener) => worker.addEventListener('error', listener) };
}

/** `create` (a Vite module worker, or a test's) as a bridge's start; undefined where there is no worker. */
export function startWith(create: () => Worker | undefined): () => WorkerHandle | undefined {
  return () => {
    const worker = create();
    return worker === undefined ? undefined : workerHandle(worker);
  };
}

/** `ready()` found no worker to start here (none in this environment, or none after a sticky failure). */
export class NoWorkerError extends Error {}

export const abortError = (reason: string): DOMException => new DOMException(reason, 'AbortError');

/** Whether a call was dropped (superseded or aborted) rather than failed. */
export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

interface Running<Api> {
  readonly remote: Remote<Api>;
  readonly handle: WorkerHandle;
  /** Resolves when started; rejects when the worker failed. */
  readonly ready: Promise<void>;
  /** Resolves (never rejects) when the worker fails to load or crashes. */
  readonly crashed: Promise<void>;
  started: boolean;
}

export class WorkerBridge<Api> {
  private readonly options: WorkerBridgeOptions<Api>;
  private running: Running<Api> | undefined;
  private failedValue = false;
  private holds = 0;
  private idleTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly listeners = new Set<(started: boolean) => void>();

  constructor(options: WorkerBridgeOptions<Api>) {
    this.options = options;
  }

  /** No worker can run here (only with `stickyFailure`; else the last start failed). */
  get failed(): boolean {
    return this.failedValue;
  }

  /** The worker's api when it is started, synchronously (a call can be posted within the caller's task). */
  get started(): Remote<Api> | undefined {
    return this.running?.started === true ? this.running.remote : undefined;
  }

  /** Called with true when a worker has started, false when it ended or failed. */
  onChange(listener: (started: boolean) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The started worker's api, starting it when needed; rejects when no worker can run. */
  async ready(): Promise<Remote<Api>> {
    const running = this.acquire();
    if (running === undefined) throw new NoWorkerError(`no ${this.options.name} worker`);
    try {
      await running.ready;
    } catch (error) {
      this.fail(running);
      throw error;
    }
    return running.remote;
  }

  /** Keeps the worker from idling out until the returned release is called. */
  hold(): () => void {
    this.holds++;
    this.clearIdle();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      if (--this.holds === 0) this.scheduleIdle();
    };
  }

  /** Starts the worker ahead of use; `warm` then runs in it (e.g. loading fonts). Never rejects. */
  async prepare(warm?: (api: Remote<Api>) => Promise<unknown>): Promise<void> {
    await this.call(async (api) => (warm === undefined ? true : await warm(api))).catch(() => undefined);
  }

  /**
   * Runs `fn` in the worker. Undefined when no worker could start or load, or it crashed during
   * the call (the caller then runs the same code on the main thread); a rejection inside the worker
   * rejects here (with `fallbackOnError`: answers undefined too). `signal` aborts (AbortError) and
   * ends the worker.
   */
  async call<T>(fn: (api: Remote<Api>) => Promise<T>, options: WorkerCallOptions & { readonly fallbackOnError?: boolean } = {}): Promise<T | undefined> {
    const { signal } = options;
    if (signal?.aborted === true) throw abortError('aborted');
    const release = this.hold();
    let onAbort: (() => void) | undefined;
    const aborted = new Promise<never>((_, reject) => {
      onAbort = () => reject(abortError('aborted'));
      signal?.addEventListener('abort', onAbort, { once: true });
    });
    aborted.catch(() => undefined);
    const running = this.acquire();
    try {
      if (running === undefined) return undefined;
      try {
        await Promise.race([this.ready(), aborted]);
      } catch (error) {
        if (isAbortError(error)) throw error;
        return undefined;
      }
      try {
        const result = await Promise.race([fn(running.remote), running.crashed.then(() => CRASHED), aborted]);
        if (result === CRASHED) {
          this.fail(running);
          return undefined;
        }
        return result as T;
      } catch (error) {
        if (isAbortError(error)) {
          // the worker is busy with the abandoned call: end it, the next use starts a new one
          this.end(running);
          throw error;
        }
        if (options.fallbackOnError === true) {
          console.warn(`rainplan: the ${this.options.name} worker failed, running on the main thread:`, error);
          return undefined;
        }
        throw error;
      }
    } finally {
      if (onAbort !== undefined) signal?.removeEventListener('abort', onAbort);
      release();
    }
  }

  /** Ends the worker now (the next use starts a new one). */
  terminate(): void {
    this.clearIdle();
    if (this.running !== undefined) this.end(this.running);
  }

  /** The running worker, or a new one (none after a sticky failure). */
  private acquire(): Running<Api> | undefined {
    if (this.running !== undefined) return this.running;
    return this.failedValue && this.options.stickyFailure === true ? undefined : this.start();
  }

  private start(): Running<Api> | undefined {
    let handle: WorkerHandle | undefined;
    try {
      handle = this.options.create();
    } catch (error) {
      console.warn(`rainplan: no ${this.options.name} worker`, error);
    }
    if (handle === undefined) {
      this.failedValue = true;
      return undefined;
    }
    this.failedValue = false;
    const remote = wrap<Api>(handle.endpoint);
    const crashed = new Promise<void>((resolve) => handle.onError?.(() => resolve()));
    const check = this.options.readyCheck;
    const ready =
      check === undefined
        ? Promise.resolve()
        : new Promise<void>((resolve, reject) => {
            const timer = setTimeout(() => reject(new Error(`${this.options.name} worker did not answer`)), this.options.startTimeoutMs ?? 5_000);
            void crashed.then(() => {
              clearTimeout(timer);
              reject(new Error(`${this.options.name} worker failed to load`));
            });
            Promise.resolve(check(remote)).then(
              () => {
                clearTimeout(timer);
                resolve();
              },
              (error: unknown) => {
                clearTimeout(timer);
                reject(error instanceof Error ? error : new Error(String(error)));
              },
            );
          });
    const running: Running<Api> = { remote, handle, ready, crashed, started: false };
    this.running = running;
    ready.then(
      () => {
        if (this.running !== running) return;
        running.started = true;
        for (const listener of this.listeners) listener(true);
      },
      () => undefined,
    );
    return running;
  }

  private fail(running: Running<Api>): void {
    this.failedValue = true;
    this.end(running);
  }

  private end(running: Running<Api>): void {
    if (this.running !== running) return;
    this.running = undefined;
    try {
      running.remote[releaseProxy]();
    } catch {
      // the proxy is gone with its worker
    }
    try {
      running.handle.terminate();
    } catch {
      // already gone
    }
    if (running.started) for (const listener of this.listeners) listener(false);
  }

  private scheduleIdle(): void {
    this.clearIdle();
    const running = this.running;
    if (running === undefined) return;
    const idleMs = this.options.idleMs ?? 0;
    if (idleMs <= 0) {
      this.end(running);
      return;
    }
    if (!Number.isFinite(idleMs)) return;
    this.idleTimer = setTimeout(() => {
      if (this.holds === 0) this.end(running);
    }, idleMs);
  }

  private clearIdle(): void {
    if (this.idleTimer !== undefined) clearTimeout(this.idleTimer);
    this.idleTimer = undefined;
  }
}

const CRASHED = Symbol('crashed');
