import { expose, type Endpoint } from 'comlink';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isAbortError, WorkerBridge, type WorkerHandle } from './WorkerBridge.ts';

interface Api {
  ping(): string;
  double(n: number): number;
  fail(): never;
  hang(): Promise<never>;
}

const api: Api = {
  ping: () => 'pong',
  double: (n) => 2 * n,
  fail: () => {
    throw new Error('inside');
  },
  hang: () => new Promise<never>(() => undefined),
};

/** A worker over a MessageChannel: the api exposed on one port, the bridge's endpoint the other. */
function fakeWorkers() {
  const made: { terminated: boolean; crash: () => void }[] = [];
  const create = (): WorkerHandle => {
    const { port1, port2 } = new MessageChannel();
    expose(api, port2 as unknown as Endpoint);
    const listeners: (() => void)[] = [];
    const record = { terminated: false, crash: () => listeners.forEach((l) => l()) };
    made.push(record);
    return {
      endpoint: port1 as unknown as Endpoint,
      terminate: () => {
        record.terminated = true;
        port1.close();
        port2.close();
      },
      onError: (listener) => listeners.push(listener),
    };
  };
  return { made, create };
}

describe('WorkerBridge', () => {
  afterEach(() => vi.useRealTimers());

  it('starts on first use, answers calls and ends the worker after each use with idle 0', async () => {
    const { made, create } = fakeWorkers();
    const bridge = new WorkerBridge<Api>({ name: 'test', create });
    expect(made).toHaveLength(0);
    expect(await bridge.call((w) => w.double(21))).toBe(42);
    expect(made).toHaveLength(1);
    expect(made[0]!.terminated).toBe(true);
    expect(await bridge.call((w) => w.double(2))).toBe(4);
    expect(made).toHaveLength(2);
  });

  it('keeps the worker idleMs after its last use and restarts it after', async () => {
    vi.useFakeTimers();
    const { made, create } = fakeWorkers();
    const bridge = new WorkerBridge<Api>({ name: 'test', create, idleMs: 1000 });
    await bridge.call((w) => w.double(1));
    await bridge.call((w) => w.double(1));
    expect(made).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(made[0]!.terminated).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(made[0]!.terminated).toBe(true);
    await bridge.call((w) => w.double(1));
    expect(made).toHaveLength(2);
  });

  it('a hold keeps the worker; started is synchronous after the ready check', async () => {
    vi.useFakeTimers();
    const { made, create } = fakeWorkers();
    const changes: boolean[] = [];
    const bridge = new WorkerBridge<Api>({ name: 'test', create, idleMs: 10, readyCheck: (w) => w.ping() });
    bridge.onChange((started) => changes.push(started));
    const release = bridge.hold();
    expect(bridge.started).toBeUndefined();
    await bridge.ready();
    expect(bridge.started).toBeDefined();
    await vi.advanceTimersByTimeAsync(100);
    expect(made[0]!.terminated).toBe(false);
    release();
    await vi.advanceTimersByTimeAsync(10);
    expect(made[0]!.terminated).toBe(true);
    expect(bridge.started).toBeUndefined();
    expect(changes).toEqual([true, false]);
  });

  it('answers undefined where no worker can start (the caller falls back), also when create throws', async () => {
    const none = new WorkerBridge<Api>({ name: 'test', create: () => undefined });
    expect(await none.call((w) => w.double(1))).toBeUndefined();
    expect(none.failed).toBe(true);
    await expect(none.ready()).rejects.toThrow('no test worker');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const throwing = new WorkerBridge<Api>({
      name: 'test',
      create: () => {
        throw new Error('blocked');
      },
    });
    expect(await throwing.call((w) => w.double(1))).toBeUndefined();
    warn.mockRestore();
  });

  it('a rejection inside the worker reaches the caller, or falls back with fallbackOnError', async () => {
    const { create } = fakeWorkers();
    const bridge = new WorkerBridge<Api>({ name: 'test', create });
    await expect(bridge.call((w) => w.fail())).rejects.toThrow('inside');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(await bridge.call((w) => w.fail(), { fallbackOnError: true })).toBeUndefined();
    warn.mockRestore();
  });

  it('a worker that crashes during a call answers undefined and is ended', async () => {
    const { made, create } = fakeWorkers();
    const bridge = new WorkerBridge<Api>({ name: 'test', create, idleMs: 60_000 });
    const running = bridge.call((w) => w.hang());
    await vi.waitFor(() => expect(made).toHaveLength(1));
    made[0]!.crash();
    expect(await running).toBeUndefined();
    expect(made[0]!.terminated).toBe(true);
    // not sticky: the next use tries a new worker
    expect(await bridge.call((w) => w.double(3))).toBe(6);
    bridge.terminate();
  });

  it('a missed ready check fails the worker; with stickyFailure no worker starts again', async () => {
    vi.useFakeTimers();
    const { made, create } = fakeWorkers();
    const bridge = new WorkerBridge<Api>({ name: 'test', create, readyCheck: () => new Promise(() => undefined), startTimeoutMs: 50, stickyFailure: true });
    const ready = bridge.ready();
    const check = expect(ready).rejects.toThrow('did not answer');
    await vi.advanceTimersByTimeAsync(50);
    await check;
    expect(bridge.failed).toBe(true);
    expect(made[0]!.terminated).toBe(true);
    expect(await bridge.call((w) => w.double(1))).toBeUndefined();
    expect(made).toHaveLength(1);
  });

  it('an aborted call rejects with an AbortError and ends the busy worker', async () => {
    const { made, create } = fakeWorkers();
    const bridge = new WorkerBridge<Api>({ name: 'test', create, idleMs: 60_000 });
    const controller = new AbortController();
    const running = bridge.call((w) => w.hang(), { signal: controller.signal });
    await vi.waitFor(() => expect(made).toHaveLength(1));
    controller.abort();
    const error = await running.catch((e: unknown) => e);
    expect(isAbortError(error)).toBe(true);
    expect(made[0]!.terminated).toBe(true);
    await expect(bridge.call((w) => w.double(1), { signal: controller.signal })).rejects.toThrow('aborted');
    expect(await bridge.call((w) => w.double(5))).toBe(10);
    bridge.terminate();
  });

  it('prepare starts the worker and never rejects', async () => {
    const { made, create } = fakeWorkers();
    const bridge = new WorkerBridge<Api>({ name: 'test', create, idleMs: 60_000 });
    await bridge.prepare((w) => w.fail());
    expect(made).toHaveLength(1);
    await new WorkerBridge<Api>({ name: 'none', create: () => undefined }).prepare();
    bridge.terminate();
  });
});
