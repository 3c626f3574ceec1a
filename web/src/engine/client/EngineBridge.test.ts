import { createSurface, SCHEMA_VERSION, type Evaluation, type Project, type Waterflow } from '@rainplan/engine';
import { expose, type Endpoint } from 'comlink';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EngineApi } from '../shared/api.ts';
import { createEngineApi, engineApi } from '../shared/engineApi.ts';
import { call } from '../shared/call.ts';
import { EngineBridge, isAbortError, type EngineEndpoint } from './EngineBridge.ts';

const empty: Waterflow = { sealedSurfaces: [], purifications: [], measures: [] };
const project = (waterflow: Waterflow, name = 'P'): Project => ({ schemaVersion: SCHEMA_VERSION, project: { name }, waterflow });

/** A fake worker over a MessageChannel whose evaluate waits until released. */
function fakeWorker() {
  const started: string[] = [];
  const gates: (() => void)[] = [];
  let terminated = 0;
  // a new engine (and session) per started worker, like a real worker
  const hooks: { onEdit?: () => void } = {};
  const api = (): EngineApi => {
    const engine = createEngineApi();
    return {
      ...engine,
      edit: (...args) => {
        hooks.onEdit?.();
        return engine.edit(...args);
      },
      evaluate: (async (p: Project) => {
      started.push(p.project.name);
      await new Promise<void>((resolve) => gates.push(resolve));
      return engineApi.evaluate(p);
    }) as unknown as EngineApi['evaluate'],
    };
  };
  let channels = 0;
  const create = (): EngineEndpoint => {
    channels++;
    const { port1, port2 } = new MessageChannel();
    expose(api(), port2 as unknown as Endpoint);
    return {
      endpoint: port1 as unknown as Endpoint,
      terminate: () => {
        terminated++;
        port1.close();
        port2.close();
      },
    };
  };
  return {
    create,
    hooks,
    started,
    release: () => gates.shift()?.(),
    get terminated() {
      return terminated;
    },
    get channels() {
      return channels;
    },
  };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

async function until(predicate: () => boolean) {
  for (let i = 0; i < 200 && !predicate(); i++) await tick();
  expect(predicate()).toBe(true);
}

describe('EngineBridge', () => {
  const bridges: EngineBridge[] = [];
  const bridge = (options: ConstructorParameters<typeof EngineBridge>[0]) => {
    const b = new EngineBridge(options);
    bridges.push(b);
    return b;
  };
  afterEach(() => {
    for (const b of bridges.splice(0)) b.dispose();
    vi.restoreAllMocks();
  });

  it('falls back to the main thread when no worker can start (happy-dom)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const b = bridge({ createEndpoint: () => { throw new Error('no workers here'); } });
    const wf = createSurface(empty, { id: 's1', name: 'Dach' }).waterflow;
    const edit = await b.applyAndEvaluate(call('updateSurface', 's1', { value: 100 }), () => project(wf));
    expect(edit.changed).toEqual(['s1']);
    expect(edit.kind === 'full' ? edit.evaluation.sealedSurfaces[0]?.areaM2 : undefined).toBe(100);
    expect(b.mode).toBe('main-thread');
    expect(warn).toHaveBeenCalled();
  });

  it('uses the default endpoint: without Worker (happy-dom has none or it fails) the engine still answers', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const b = bridge({ startTimeoutMs: 200 });
    const result = await b.apply(empty, call('createSurface', { id: 'a', name: 'A' }));
    expect(result.waterflow.sealedSurfaces.map((s) => s.id)).toEqual(['a']);
    expect(b.mode).toBe('main-thread');
  });

  it('falls back when the worker does not answer its start check', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { port1 } = new MessageChannel(); // nobody listens on the other side
    let terminated = false;
    const b = bridge({ createEndpoint: () => ({ endpoint: port1 as unknown as Endpoint, terminate: () => (terminated = true) }), startTimeoutMs: 30 });
    const evaluation = await b.evaluate(project(empty));
    expect(evaluation.summary.surfaceCount).toBe(0);
    expect(b.mode).toBe('main-thread');
    expect(terminated).toBe(true);
  });

  it('runs calls in order through the worker and drops superseded evaluations', async () => {
    const w = fakeWorker();
    const b = bridge({ createEndpoint: w.create, idleMs: 0 });
    const first = b.evaluate(project(empty, 'first'));
    await until(() => w.started.length === 1);
    expect(b.mode).toBe('worker');
    const second = b.evaluate(project(empty, 'second'));
    const third = b.evaluate(project(empty, 'third'));
    const results = Promise.allSettled([first, second, third]);
    expect(b.pending).toBe(1);
    w.release();
    await until(() => w.started.length === 2);
    w.release();
    const [r1, r2, r3] = await results;
    expect(r1.status).toBe('fulfilled');
    expect(r2.status === 'rejected' && isAbortError(r2.reason) && (r2.reason as DOMException).message === 'superseded').toBe(true);
    expect(r3.status).toBe('fulfilled');
    expect(w.started).toEqual(['first', 'third']);
  });

  it('never drops edits: operations queue behind a running evaluation', async () => {
    const w = fakeWorker();
    const b = bridge({ createEndpoint: w.create, idleMs: 0 });
    const evaluation = b.evaluate(project(empty, 'e'));
    const a = b.apply(empty, call('createSurface', { id: 'a', name: 'A' }));
    const c = b.apply(empty, call('createSurface', { id: 'c', name: 'C' }));
    await until(() => w.started.length === 1);
    w.release();
    await evaluation;
    expect((await a).waterflow.sealedSurfaces[0]?.id).toBe('a');
    expect((await c).waterflow.sealedSurfaces[0]?.id).toBe('c');
  });

  it('cancels a queued call with its AbortSignal, and ignores the answer of a running one', async () => {
    const w = fakeWorker();
    const b = bridge({ createEndpoint: w.create, idleMs: 0 });
    const running = new AbortController();
    const first = b.evaluate(project(empty, 'running'), { signal: running.signal });
    await until(() => w.started.length === 1);
    const queued = new AbortController();
    const second = b.evaluate(project(empty, 'queued'), { signal: queued.signal });
    const third = b.evaluate(project(empty, 'kept'), {});
    queued.abort();
    running.abort();
    await expect(first).rejects.toSatisfy(isAbortError);
    await expect(second).rejects.toSatisfy(isAbortError);
    w.release();
    await until(() => w.started.length === 2);
    w.release();
    const kept: Evaluation = await third;
    expect(kept.summary.measureCount).toBe(0);
    expect(w.started).toEqual(['running', 'kept']);
    await expect(b.evaluate(project(empty), { signal: AbortSignal.abort() })).rejects.toSatisfy(isAbortError);
  });

  it('terminates the worker when idle and starts a new one on the next call', async () => {
    const w = fakeWorker();
    const b = bridge({ createEndpoint: w.create, idleMs: 20 });
    await b.apply(empty, call('createSurface', { id: 'a', name: 'A' }));
    expect(b.mode).toBe('worker');
    await until(() => w.terminated === 1);
    expect(b.mode).toBe('idle');
    await b.apply(empty, call('createSurface', { id: 'b', name: 'B' }));
    expect(w.channels).toBe(2);
  });

  it('passes engine errors (misuse) through as rejections', async () => {
    const w = fakeWorker();
    const b = bridge({ createEndpoint: w.create, idleMs: 0 });
    await expect(b.apply(empty, call('deleteNode', 'missing'))).rejects.toThrow();
    // the bridge keeps working afterwards
    expect((await b.apply(empty, call('createSurface', { id: 'a', name: 'A' }))).changed).toEqual(['a']);
  });

  it('keeps the project in the worker: diffs after seeding, a full resync after idle termination and after an abandoned edit', async () => {
    const w = fakeWorker();
    const b = bridge({ createEndpoint: w.create, idleMs: 20 });
    let wf = createSurface(empty, { id: 's1', name: 'Dach' }).waterflow;
    const current = () => project(wf);
    let resyncs = 0;
    const currentCounted = () => {
      resyncs++;
      return current();
    };
    const seeded = await b.seed(current());
    wf = seeded.waterflow;
    const first = await b.applyAndEvaluate(call('updateSurface', 's1', { value: 100 }), currentCounted);
    expect(first.kind).toBe('diff');
    expect(resyncs).toBe(0);
    if (first.kind === 'diff') wf = { ...wf, sealedSurfaces: [...first.diff.waterflow.sealedSurfaces.upsert] };
    // the idle worker is terminated; the new one does not hold the session: re-seeded with the current project
    await until(() => w.terminated === 1);
    const second = await b.applyAndEvaluate(call('updateSurface', 's1', { value: 200 }), currentCounted);
    expect(w.channels).toBe(2);
    expect(resyncs).toBe(1);
    expect(second.kind === 'full' ? second.evaluation.sealedSurfaces[0]?.areaM2 : undefined).toBe(200);
    if (second.kind === 'full') wf = second.waterflow;
    // an edit aborted while it runs is lost for the caller: the next edit resyncs
    const controller = new AbortController();
    w.hooks.onEdit = () => controller.abort();
    const lost = b.applyAndEvaluate(call('updateSurface', 's1', { value: 300 }), currentCounted, { signal: controller.signal });
    await expect(lost).rejects.toSatisfy(isAbortError);
    delete w.hooks.onEdit;
    const third = await b.applyAndEvaluate(call('updateSurface', 's1', { value: 400 }), currentCounted);
    expect(third.kind).toBe('full');
    expect(third.kind === 'full' ? third.evaluation.sealedSurfaces[0]?.areaM2 : undefined).toBe(400);
    // invalidate(): the caller's state changed outside the engine
    b.invalidate();
    expect((await b.applyAndEvaluate(call('updateSurface', 's1', { value: 500 }), currentCounted)).kind).toBe('full');
    expect((await b.applyAndEvaluate(call('updateSurface', 's1', { value: 600 }), currentCounted)).kind).toBe('diff');
  });
});
