import { assignSurfaces, createMeasure, createSurface, SCHEMA_VERSION, setSurfaceDrain, updateSurface, type Evaluation, type Project, type Waterflow } from '@rainplan/engine';
import { expose, type Endpoint } from 'comlink';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Derived, EngineApi } from '../shared/api.ts';
import { applyDerivedDiff } from '../shared/diff.ts';
import { createEngineApi, engineApi } from '../shared/engineApi.ts';
import { call } from '../shared/call.ts';
import { EngineBridge, isAbortError, type EngineEndpoint, type SessionEditAnswer } from './EngineBridge.ts';

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

  it('seeds in the worker and edits on the main thread: diffs within the caller (editNow) and from the queue, no worker edit', async () => {
    const w = fakeWorker();
    let workerEdits = 0;
    w.hooks.onEdit = () => workerEdits++;
    const b = bridge({ createEndpoint: w.create, idleMs: 20 });
    let state = { waterflow: createSurface(empty, { id: 's1', name: 'Dach' }).waterflow, evaluation: undefined as Evaluation | undefined };
    const current = () => project(state.waterflow);
    const take = (answer: SessionEditAnswer) => {
      if (answer.kind === 'full') state = { waterflow: answer.waterflow, evaluation: answer.evaluation };
      else state = applyDerivedDiff({ waterflow: state.waterflow, evaluation: state.evaluation! }, answer.diff) as typeof state;
    };
    // nothing is seeded yet: the edit is left to the queue
    expect(b.editNow(call('updateSurface', 's1', { value: 50 }))).toBeUndefined();
    const seeded = await b.seed(current());
    expect(b.mode).toBe('worker');
    state = { waterflow: seeded.waterflow, evaluation: seeded.evaluation };
    const now = b.editNow(call('updateSurface', 's1', { value: 100 }));
    expect(now?.kind).toBe('diff');
    take(now!);
    expect(state.evaluation?.sealedSurfaces[0]?.areaM2).toBe(100);
    const queued = await b.applyAndEvaluate(call('updateSurface', 's1', { value: 200 }), current);
    expect(queued.kind).toBe('diff');
    take(queued);
    expect(state.evaluation?.sealedSurfaces[0]?.areaM2).toBe(200);
    // the idle worker ends; the main thread keeps the session
    await until(() => w.terminated === 1);
    const later = b.editNow(call('updateSurface', 's1', { value: 300 }));
    expect(later?.kind).toBe('diff');
    take(later!);
    expect(state.evaluation?.sealedSurfaces[0]?.areaM2).toBe(300);
    expect(workerEdits).toBe(0);
    expect(w.channels).toBe(1);
    // a refused operation throws and leaves the session as it was
    expect(() => b.editNow(call('deleteNode', 'missing'))).toThrow();
    expect(b.editNow(call('updateSurface', 's1', { value: 400 }))?.kind).toBe('diff');
  });

  it('an edit made while a seed is queued or running applies after it, to the seeded project', async () => {
    const w = fakeWorker();
    const b = bridge({ createEndpoint: w.create, idleMs: 0 });
    const one = createSurface(empty, { id: 's1', name: 'Dach' }).waterflow;
    await b.seed(project(one));
    expect(b.editNow(call('updateSurface', 's1', { value: 10 }))?.kind).toBe('diff');
    // a second project is seeded (another surface); the edit made meanwhile waits for it
    const two = createSurface(one, { id: 's2', name: 'Hof' }).waterflow;
    const seeding = b.seed(project(two, 'second'));
    expect(b.editNow(call('updateSurface', 's2', { value: 20 }))).toBeUndefined();
    const edit = b.applyAndEvaluate(call('updateSurface', 's2', { value: 20 }), () => project(two, 'second'));
    const seeded = await seeding;
    const answer = await edit;
    expect(answer.kind).toBe('diff');
    const after = answer.kind === 'diff' ? applyDerivedDiff(seeded, answer.diff) : undefined;
    expect(after?.evaluation.sealedSurfaces.map((r) => [r.id, r.areaM2])).toEqual([
      ['s1', seeded.evaluation.sealedSurfaces[0]?.areaM2],
      ['s2', 20],
    ]);
    // with the queue empty again, edits run within the caller
    expect(b.editNow(call('updateSurface', 's2', { value: 30 }))?.kind).toBe('diff');
  });

  it('sends an edit above the main-thread bound to the worker and answers it as a diff against the main-thread session', async () => {
    const w = fakeWorker();
    let workerEdits = 0;
    w.hooks.onEdit = () => workerEdits++;
    const b = bridge({ createEndpoint: w.create, idleMs: 0, maxMainThreadNodes: 0 });
    let wf = createSurface(empty, { id: 's1', name: 'Dach' }).waterflow;
    wf = createMeasure(wf, { id: 'm1', name: 'Mulde' }).waterflow;
    wf = setSurfaceDrain(wf, 's1', 'Groundwater').waterflow;
    wf = assignSurfaces(wf, 'm1', ['s1']).waterflow;
    // a surface that drains nowhere: its edits evaluate no purification or measure again
    wf = createSurface(wf, { id: 's2', name: 'Hof' }).waterflow;
    const seeded = await b.seed(project(wf));
    let state: Derived = seeded;
    // the surface drains into the measure: one measure to evaluate again, above the bound 0
    expect(b.editNow(call('updateSurface', 's1', { value: 100 }))).toBeUndefined();
    const answer = await b.applyAndEvaluate(call('updateSurface', 's1', { value: 100 }), () => project(state.waterflow));
    expect(workerEdits).toBe(1);
    expect(answer.kind).toBe('diff');
    if (answer.kind === 'diff') state = applyDerivedDiff(state, answer.diff);
    const whole = engineApi.derive(project(updateSurface(wf, 's1', { value: 100 }).waterflow));
    expect(state.evaluation.measures).toEqual(whole.evaluation.measures);
    expect(state.evaluation.sealedSurfaces).toEqual(whole.evaluation.sealedSurfaces);
    // the worker's answer is the main-thread session now: an edit within the bound runs there
    const renamed = b.editNow(call('renameNode', 's2', 'Hof Süd'));
    expect(renamed?.kind).toBe('diff');
    expect(workerEdits).toBe(1);
  });

  it('resyncs through the worker after an abandoned edit and after invalidate(), then edits on the main thread again', async () => {
    const w = fakeWorker();
    let workerEdits = 0;
    const b = bridge({ createEndpoint: w.create, idleMs: 0 });
    let wf = createSurface(empty, { id: 's1', name: 'Dach' }).waterflow;
    let resyncs = 0;
    const current = () => {
      resyncs++;
      return project(wf);
    };
    wf = (await b.seed(project(wf))).waterflow;
    // an edit aborted while it runs is lost for the caller: the next edit resyncs
    const controller = new AbortController();
    w.hooks.onEdit = () => workerEdits++;
    b.invalidate();
    const lost = b.applyAndEvaluate(call('updateSurface', 's1', { value: 300 }), current, { signal: controller.signal });
    controller.abort();
    await expect(lost).rejects.toSatisfy(isAbortError);
    await until(() => workerEdits === 1);
    await tick();
    expect(b.editNow(call('updateSurface', 's1', { value: 400 }))).toBeUndefined();
    const third = await b.applyAndEvaluate(call('updateSurface', 's1', { value: 400 }), current);
    expect(third.kind).toBe('full');
    expect(workerEdits).toBe(2);
    expect(third.kind === 'full' ? third.evaluation.sealedSurfaces[0]?.areaM2 : undefined).toBe(400);
    if (third.kind === 'full') wf = third.waterflow;
    expect(b.editNow(call('updateSurface', 's1', { value: 450 }))?.kind).toBe('diff');
    // invalidate(): the caller's state changed outside the engine; the worker's whole answer seeds the main thread
    b.invalidate();
    expect(b.editNow(call('updateSurface', 's1', { value: 500 }))).toBeUndefined();
    expect((await b.applyAndEvaluate(call('updateSurface', 's1', { value: 500 }), current)).kind).toBe('full');
    expect(b.editNow(call('updateSurface', 's1', { value: 600 }))?.kind).toBe('diff');
    expect(workerEdits).toBe(3);
    expect(resyncs).toBe(3);
  });

  it('without a worker runs every edit on the main thread, above the bound too', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const b = bridge({ createEndpoint: () => undefined, maxMainThreadNodes: 0 });
    let wf = createSurface(empty, { id: 's1', name: 'Dach' }).waterflow;
    wf = createMeasure(wf, { id: 'm1', name: 'Mulde' }).waterflow;
    wf = setSurfaceDrain(wf, 's1', 'Groundwater').waterflow;
    wf = assignSurfaces(wf, 'm1', ['s1']).waterflow;
    // a surface that drains nowhere: its edits evaluate no purification or measure again
    wf = createSurface(wf, { id: 's2', name: 'Hof' }).waterflow;
    let state: Derived = await b.seed(project(wf));
    expect(b.mode).toBe('main-thread');
    expect(b.editNow(call('renameNode', 's2', 'Hof Süd'))?.kind).toBe('diff');
    expect(b.editNow(call('updateSurface', 's1', { value: 100 }))).toBeUndefined();
    const answer = await b.applyAndEvaluate(call('updateSurface', 's1', { value: 100 }), () => project(state.waterflow));
    expect(answer.kind).toBe('diff');
    if (answer.kind === 'diff') state = applyDerivedDiff(state, answer.diff);
    expect(state.evaluation.sealedSurfaces[0]?.areaM2).toBe(100);
  });
});
