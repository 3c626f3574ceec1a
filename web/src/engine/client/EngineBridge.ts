/**
 * The bridge to the engine worker (issue 7; Squoosh's worker-bridge model):
 *
 * - **Queue.** Calls run one at a time in the order they were made (each edit applies to the
 *   waterflow the previous one produced).
 * - **Superseding.** A call with a `supersede` key (evaluations: 'evaluate') replaces a queued,
 *   not yet started call with the same key; the replaced call rejects with an `AbortError`
 *   (reason 'superseded'). Edits are never dropped.
 * - **Cancellation.** `signal` aborts a queued call (removed) or a running one (its answer is
 *   ignored; the engine's calls take well under a millisecond, so the worker is not killed).
 * - **Lifecycle.** The app's one worker lifecycle ({@link WorkerBridge}, shared with the document
 *   workers): the worker starts on the first call and counts as started when it answered `ping`;
 *   it is terminated `idleMs` after the queue drained and started again on the next call.
 * - **Fallback.** If a worker cannot start (no `Worker`, the constructor throws, the module fails
 *   to load, or it does not answer `ping` within `startTimeoutMs`), the same engine
 *   ({@link engineApi}) runs on the main thread, loaded lazily, for the rest of the session.
 * - **Session.** `seed` evaluates the open project in the worker; its answer also seeds the
 *   session of the main-thread engine (`adopt`, no second evaluation). The session's edits run
 *   on the main thread (decision 0239): `editNow` runs one synchronously within the caller's
 *   task (the keystroke's), when nothing of the session is queued; `applyAndEvaluate` queues it
 *   behind the calls before it (an edit applies after a queued seed) and runs it on the main
 *   thread when its turn comes. Either answers only what changed (a diff keyed by node id).
 * - **Large edits and resync.** An edit that would evaluate more than `maxMainThreadNodes`
 *   purifications and measures again goes to the worker with the caller's project; its answer
 *   becomes the main-thread session and is answered as a diff against it. When the main thread
 *   does not hold the current session (before the first seed answer, an edit abandoned while it
 *   ran, `invalidate()`), the edit goes to the worker with the caller's project (answer `full`)
 *   and that answer seeds the main-thread session. Without a worker the main-thread engine does
 *   everything, as before.
 */
import type { Endpoint, Remote } from 'comlink';
import type { Evaluation, OperationResult, Project, VariantComparison, Waterflow } from '@rainplan/engine';
import type { Derived, EditAnswer, EngineApi } from '../shared/api.ts';
import { diffDerived } from '../shared/diff.ts';
import type { LocalEngineApi } from '../shared/engineApi.ts';
import { newAnswerChannel, workerName } from '../shared/answerChannel.ts';
import type { OperationCall } from '../shared/operations.ts';
import { abortError, NoWorkerError, WorkerBridge, type WorkerHandle } from '../../workers/WorkerBridge.ts';

export { isAbortError } from '../../workers/WorkerBridge.ts';

/** A started worker: its Comlink endpoint, how to stop it, and how it reports a load failure. */
export type EngineEndpoint = WorkerHandle;

export interface EngineBridgeOptions {
  /** Starts a worker; undefined or a throw means no worker (fallback). Default: the Vite module worker. */
  readonly createEndpoint?: () => EngineEndpoint | undefined;
  /** The main-thread engine (default: a lazy import of the worker's implementation). */
  readonly loadLocal?: () => Promise<LocalEngineApi>;
  /**
   * An edit that evaluates more purifications and measures again than this runs in the worker
   * (default {@link MAX_MAIN_THREAD_NODES}; 0: every edit that changes a result there).
   */
  readonly maxMainThreadNodes?: number;
  /** Terminate the worker after this long without calls (default 30 s; 0 = never). */
  readonly idleMs?: number;
  /** A worker that has not answered `ping` by then counts as failed (default 5 s). */
  readonly startTimeoutMs?: number;
}

export interface CallOptions {
  readonly signal?: AbortSignal;
  /** Queued calls with the same key are replaced by this one. */
  readonly supersede?: string;
}

/** A session edit's answer: the diff against the previous answer, or the whole derived state. */
export type SessionEditAnswer = Exclude<EditAnswer, { kind: 'resync' }>;

/**
 * The default bound of an edit on the main thread: purifications and measures evaluated again.
 * An area edit evaluates one of each; at about 0.1 ms per measure (docs/performance.md, "Issue
 * 29: keystroke latency") this bound keeps an edit's evaluation within ≈ 2 ms of the keystroke's
 * frame.
 */
export const MAX_MAIN_THREAD_NODES = 16;

/** Session tokens are unique across bridges (tests share one main-thread engine). */
let lastToken = 0;

export type EngineMode = 'idle' | 'worker' | 'main-thread';

type AnyEngine = EngineApi | Remote<EngineApi>;

interface Task {
  /** Runs the call; `engine()` is the worker, or the main-thread engine without one (started on first use). */
  readonly run: (engine: () => AnyEngine | Promise<AnyEngine>) => Promise<unknown> | unknown;
  /** A seed or an edit: `editNow` waits for it (the session's order). */
  readonly session: boolean;
  readonly resolve: (value: unknown) => void;
  readonly reject: (reason: unknown) => void;
  readonly signal: AbortSignal | undefined;
  readonly supersede: string | undefined;
  settled: boolean;
  onAbort?: () => void;
  /** Called when the call finished in the engine after it had been dropped (its answer is lost). */
  readonly onLost?: () => void;
}

/**
 * The Vite module worker. Calls go to it as its messages; its answers come back over a
 * BroadcastChannel of this worker only (decision 0062: Chromium does not hold them back until the
 * frame after a keystroke, as it does with the worker's messages), or as its messages where there
 * is no BroadcastChannel.
 */
export function defaultEndpoint(): EngineEndpoint | undefined {
  if (typeof Worker === 'undefined') return undefined;
  const channel = typeof BroadcastChannel === 'undefined' ? undefined : newAnswerChannel();
  // listening before the worker starts: its first answer cannot be missed
  const answers = channel === undefined ? undefined : new BroadcastChannel(channel);
  let worker: Worker;
  try {
    worker = new Worker(new URL('../worker/engine.worker.ts', import.meta.url), { type: 'module', name: workerName(channel) });
  } catch (error) {
    answers?.close();
    throw error;
  }
  const endpoint: Endpoint =
    answers === undefined
      ? (worker as unknown as Endpoint)
      : {
          postMessage: (message: unknown, transfer?: Transferable[]) => worker.postMessage(message, transfer ?? []),
          addEventListener: (type: string, listener: EventListenerOrEventListenerObject) => answers.addEventListener(type, listener),
          removeEventListener: (type: string, listener: EventListenerOrEventListenerObject) => answers.removeEventListener(type, listener),
        };
  return {
    endpoint,
    terminate: () => {
      worker.terminate();
      answers?.close();
    },
    onError: (listener) => worker.addEventListener('error', listener),
  };
}

const defaultLocal = async (): Promise<LocalEngineApi> => (await import('../shared/engineApi.ts')).engineApi;

/** An edit's answer when the engine was given the project (it answers the whole state). */
function full(answer: EditAnswer): SessionEditAnswer & { readonly kind: 'full' } {
  if (answer.kind !== 'full') throw new Error(`the engine answered ${answer.kind} to an edit with its project`);
  return answer;
}

export class EngineBridge {
  private readonly options: Required<EngineBridgeOptions>;
  private readonly queue: Task[] = [];
  private running = false;
  /** The worker's lifecycle (start, ping, idle end, failure), shared with the document workers. */
  private readonly workers: WorkerBridge<EngineApi>;
  private local: Promise<LocalEngineApi> | undefined;
  /** The main-thread engine once loaded (edits run on it synchronously). */
  private localReady: LocalEngineApi | undefined;
  /** Seeds and edits queued or running. */
  private sessionTasks = 0;
  private modeValue: EngineMode = 'idle';
  private readonly modeListeners = new Set<(mode: EngineMode) => void>();
  /** The session the caller's state belongs to; engines holding another one answer `resync`. */
  private token = 0;

  constructor(options: EngineBridgeOptions = {}) {
    this.options = {
      createEndpoint: options.createEndpoint ?? defaultEndpoint,
      loadLocal: options.loadLocal ?? defaultLocal,
      maxMainThreadNodes: options.maxMainThreadNodes ?? MAX_MAIN_THREAD_NODES,
      idleMs: options.idleMs ?? 30_000,
      startTimeoutMs: options.startTimeoutMs ?? 5_000,
    };
    this.workers = new WorkerBridge<EngineApi>({
      name: 'engine',
      create: this.options.createEndpoint,
      idleMs: this.options.idleMs <= 0 ? Infinity : this.options.idleMs,
      readyCheck: (api) => Promise.resolve(api.ping()),
      startTimeoutMs: this.options.startTimeoutMs,
      stickyFailure: true,
    });
    this.workers.onChange((started) => {
      if (started) this.setMode('worker');
      else if (!this.workers.failed) this.setMode('idle');
    });
  }

  /** Where the engine runs now. */
  get mode(): EngineMode {
    return this.modeValue;
  }

  onModeChange(listener: (mode: EngineMode) => void): () => void {
    this.modeListeners.add(listener);
    return () => this.modeListeners.delete(listener);
  }

  /** Number of calls waiting (not running). */
  get pending(): number {
    return this.queue.length;
  }

  evaluate(project: Project, options: CallOptions = { supersede: 'evaluate' }): Promise<Evaluation> {
    return this.enqueue(async (engine) => (await engine()).evaluate(project), options) as Promise<Evaluation>;
  }

  /** Evaluation plus the derived waterflow; superseded by a later `derive` while queued. */
  derive(project: Project, options: CallOptions = { supersede: 'derive' }): Promise<Derived> {
    return this.enqueue(async (engine) => (await engine()).derive(project), options) as Promise<Derived>;
  }

  /** The comparison of a measure's variants; superseded by a later comparison while queued. */
  compareVariants(project: Project, measureId: string, options: CallOptions = { supersede: 'compareVariants' }): Promise<VariantComparison> {
    return this.enqueue(async (engine) => (await engine()).compareVariants(project, measureId), options) as Promise<VariantComparison>;
  }

  apply(waterflow: Waterflow, operation: OperationCall, options: CallOptions = {}): Promise<OperationResult> {
    return this.enqueue(async (engine) => (await engine()).apply(waterflow, operation), options) as Promise<OperationResult>;
  }

  /**
   * Starts a new session with `project` and answers its evaluation and derived waterflow
   * (superseded by a later `seed` while queued: that one starts the newer session). The
   * evaluation runs in the worker; its answer becomes the main-thread engine's session.
   */
  seed(project: Project, options: CallOptions = { supersede: 'derive' }): Promise<Derived> {
    const token = (this.token = ++lastToken);
    const local = this.loadLocal();
    return this.enqueue(
      async (engine) => {
        const api = await engine();
        const derived = await api.seed(token, project);
        // without a main-thread engine (its module failed to load) the edits resync in the worker
        const main = await local.catch(() => undefined);
        if (main !== undefined && main !== api) main.adopt(token, project, derived);
        return derived;
      },
      options,
      undefined,
      true,
    ) as Promise<Derived>;
  }

  /** The caller's state no longer matches the engine's session: the next edit resyncs. */
  invalidate(): void {
    this.token = ++lastToken;
  }

  /**
   * Applies the operation to the session's project in the engine and answers what changed. When
   * the engine does not hold the session, the edit is sent again with `project()` (called when the
   * edit runs: the caller's state after every earlier edit) and the answer is `full`.
   */
  applyAndEvaluate(operation: OperationCall, project: () => Project, options: CallOptions = {}): Promise<SessionEditAnswer> {
    return this.enqueue(
      async (engine) => {
        const token = this.token;
        const local = this.localReady ?? (await this.loadLocal());
        const answer = local.editBounded(token, operation, this.options.maxMainThreadNodes);
        if (answer.kind === 'diff' || answer.kind === 'full') return answer;
        return await this.editElsewhere(engine, local, token, operation, project());
      },
      options,
      () => this.invalidate(),
      true,
    ) as Promise<SessionEditAnswer>;
  }

  /**
   * Runs the edit on the main thread now, within the caller's task, when the main-thread engine
   * holds the session, nothing of the session is queued and the edit stays within
   * `maxMainThreadNodes`; undefined otherwise (then `applyAndEvaluate` it). Throws the engine's
   * error for a refused operation (the session unchanged).
   */
  editNow(operation: OperationCall): SessionEditAnswer | undefined {
    const local = this.localReady;
    if (local === undefined || this.sessionTasks > 0) return undefined;
    const answer = local.editBounded(this.token, operation, this.options.maxMainThreadNodes);
    return answer.kind === 'diff' || answer.kind === 'full' ? answer : undefined;
  }

  /**
   * An edit the main thread does not run (too large, or no session there): the worker (or, without
   * one, the main-thread engine) applies it to `project` and evaluates it whole; the answer becomes
   * the main-thread session, answered as a diff against that session's state when it had one.
   */
  private async editElsewhere(engine: () => AnyEngine | Promise<AnyEngine>, local: LocalEngineApi, token: number, operation: OperationCall, project: Project): Promise<SessionEditAnswer> {
    const api = await engine();
    if (api === local) {
      // no worker: the main-thread engine runs every edit, however large
      const answer = local.edit(token, operation);
      return answer.kind === 'resync' ? full(local.edit(token, operation, project)) : answer;
    }
    const before = local.derivedOf(token);
    const answer = full(await api.edit(token, operation, project));
    const derived: Derived = { waterflow: answer.waterflow, evaluation: answer.evaluation };
    local.adopt(token, { ...project, waterflow: answer.waterflow }, derived);
    return before === undefined ? answer : { kind: 'diff', diff: diffDerived(before, derived), changed: answer.changed };
  }

  /** Stops the worker now (queued calls stay queued and start a new one). */
  terminate(): void {
    this.workers.terminate();
  }

  /** Rejects every queued call and stops the worker (the store is closed). */
  dispose(): void {
    for (const task of this.queue.splice(0)) this.settle(task, false, abortError('disposed'));
    this.terminate();
  }

  private enqueue(run: Task['run'], options: CallOptions, onLost?: () => void, session = false): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const { signal, supersede } = options;
      if (signal?.aborted === true) {
        reject(abortError('aborted'));
        return;
      }
      const task: Task = { run, resolve, reject, signal, supersede, session, settled: false, ...(onLost === undefined ? {} : { onLost }) };
      if (session) this.sessionTasks++;
      if (supersede !== undefined) {
        for (let i = this.queue.length - 1; i >= 0; i--) {
          const queued = this.queue[i]!;
          if (queued.supersede === supersede) {
            this.queue.splice(i, 1);
            this.settle(queued, false, abortError('superseded'));
          }
        }
      }
      if (signal !== undefined) {
        task.onAbort = () => {
          const index = this.queue.indexOf(task);
          if (index >= 0) this.queue.splice(index, 1);
          this.settle(task, false, abortError('aborted'));
        };
        signal.addEventListener('abort', task.onAbort, { once: true });
      }
      this.queue.push(task);
      void this.drain();
    });
  }

  private settle(task: Task, ok: boolean, value: unknown): void {
    if (task.settled) return;
    task.settled = true;
    if (task.session) this.sessionTasks--;
    if (task.onAbort !== undefined) task.signal?.removeEventListener('abort', task.onAbort);
    if (ok) task.resolve(value);
    else task.reject(value);
  }

  private async drain(): Promise<void> {
    if (this.running) return;
    this.running = true;
    // the worker stays while calls run; it is ended idleMs after the queue drained
    const release = this.workers.hold();
    try {
      while (this.queue.length > 0) {
        const task = this.queue.shift()!;
        if (task.settled) continue;
        try {
          // a started worker is called at once, not after an await: the call is posted within the
          // caller's task
          const started = this.workers.started;
          const value = await task.run(started === undefined ? () => this.engine() : () => started);
          if (task.settled) task.onLost?.();
          this.settle(task, true, value);
        } catch (error) {
          this.settle(task, false, error);
        }
      }
    } finally {
      this.running = false;
      release();
    }
  }

  /** The worker when it runs (started on first use), else the main-thread engine for the rest of the session. */
  private async engine(): Promise<EngineApi | Remote<EngineApi>> {
    if (!this.workers.failed) {
      try {
        return await this.workers.ready();
      } catch (error) {
        if (!(error instanceof NoWorkerError)) console.warn('rainplan: the engine worker could not start; the engine runs on the main thread', error);
      }
    }
    const local = await this.loadLocal();
    this.setMode('main-thread');
    return local;
  }

  /** The main-thread engine, loaded on first use (the first seed); tried again after a failed load. */
  private loadLocal(): Promise<LocalEngineApi> {
    if (this.local === undefined) {
      const local = this.options.loadLocal().then((engine) => (this.localReady = engine));
      this.local = local;
      local.catch(() => {
        if (this.local === local) this.local = undefined;
      });
    }
    return this.local;
  }

  private setMode(mode: EngineMode): void {
    if (this.modeValue === mode) return;
    this.modeValue = mode;
    for (const listener of this.modeListeners) listener(mode);
  }
}
