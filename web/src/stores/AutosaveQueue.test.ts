import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AutosaveQueue, RETRY_MS, type SaveOutcome } from './AutosaveQueue.ts';

function setup(outcomes: (SaveOutcome | Error)[], debounceMs = 0) {
  const notices: string[] = [];
  const notifications = {
    error: (e: { message?: string | undefined } | string) => notices.push(`error:${typeof e === 'string' ? e : e.message}`),
    success: (key: string) => notices.push(`success:${key}`),
  };
  let calls = 0;
  const save = vi.fn(async (): Promise<SaveOutcome> => {
    const next = outcomes[Math.min(calls++, outcomes.length - 1)]!;
    if (next instanceof Error) throw next;
    return next;
  });
  const queue = new AutosaveQueue({ save, notifications, messages: { failed: 'x:failed', recovered: 'x:recovered' }, debounceMs });
  return { queue, save, notices };
}

describe('AutosaveQueue', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('resolves true for a save that left nothing, false for pending, failed and held', async () => {
    expect(await setup(['saved']).queue.flush()).toBe(true);
    expect(await setup(['nothing']).queue.flush()).toBe(true);
    expect(await setup(['failed']).queue.flush()).toBe(false);
    expect(await setup(['held']).queue.flush()).toBe(false);
    expect(await setup(['pending', 'saved']).queue.flush()).toBe(false);
    expect(await setup([{ abandoned: { ok: true } }]).queue.flush()).toBe(true);
    expect(await setup([{ abandoned: { ok: false } }]).queue.flush()).toBe(false);
  });

  it('runs saves one after the other', async () => {
    const order: string[] = [];
    let release: () => void = () => undefined;
    const first = new Promise<void>((resolve) => (release = resolve));
    let n = 0;
    const queue = new AutosaveQueue({
      save: async () => {
        const i = ++n;
        order.push(`start ${i}`);
        if (i === 1) await first;
        order.push(`end ${i}`);
        return 'saved';
      },
      notifications: { error: () => 0, success: () => 0 },
      messages: { failed: 'f', recovered: 'r' },
    });
    const a = queue.flush();
    const b = queue.flush();
    await vi.advanceTimersByTimeAsync(0);
    expect(order).toEqual(['start 1']);
    release();
    await Promise.all([a, b]);
    expect(order).toEqual(['start 1', 'end 1', 'start 2', 'end 2']);
  });

  it('retries a failed save with backoff, tells the failure once and the recovery once', async () => {
    const { queue, save, notices } = setup(['failed', 'failed', 'failed', 'saved']);
    await queue.flush();
    expect(notices).toEqual(['error:x:failed']);
    expect(queue.failing).toBe(true);
    await vi.advanceTimersByTimeAsync(RETRY_MS[0]! - 1);
    expect(save).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(save).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(RETRY_MS[1]!);
    expect(save).toHaveBeenCalledTimes(3);
    expect(notices).toEqual(['error:x:failed']);
    await vi.advanceTimersByTimeAsync(RETRY_MS[2]!);
    expect(save).toHaveBeenCalledTimes(4);
    expect(notices).toEqual(['error:x:failed', 'success:x:recovered']);
    expect(queue.failing).toBe(false);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(save).toHaveBeenCalledTimes(4);
  });

  it('keeps the last backoff step and starts again after a success', async () => {
    const outcomes: SaveOutcome[] = [...RETRY_MS.map(() => 'failed' as const), 'failed', 'saved', 'failed'];
    const { queue, save } = setup(outcomes);
    await queue.flush();
    for (const delay of [...RETRY_MS, RETRY_MS[RETRY_MS.length - 1]!]) await vi.advanceTimersByTimeAsync(delay);
    expect(save).toHaveBeenCalledTimes(RETRY_MS.length + 2);
    await queue.flush();
    expect(save).toHaveBeenCalledTimes(RETRY_MS.length + 3);
    await vi.advanceTimersByTimeAsync(RETRY_MS[0]!);
    expect(save).toHaveBeenCalledTimes(RETRY_MS.length + 4);
  });

  it('does not retry a held save, and an explicit save replaces a due retry', async () => {
    const held = setup(['held']);
    await held.queue.flush();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(held.save).toHaveBeenCalledTimes(1);
    expect(held.notices).toEqual([]);

    const { queue, save } = setup(['failed', 'saved']);
    await queue.flush();
    await queue.flush();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(save).toHaveBeenCalledTimes(2);
  });

  it('debounces scheduled saves; reschedule pushes the save back; flush takes a due one over', async () => {
    const { queue, save } = setup(['saved'], 1000);
    queue.schedule();
    await vi.advanceTimersByTimeAsync(600);
    queue.schedule();
    await vi.advanceTimersByTimeAsync(400);
    expect(save).toHaveBeenCalledTimes(1);
    queue.reschedule();
    await vi.advanceTimersByTimeAsync(600);
    queue.reschedule();
    await vi.advanceTimersByTimeAsync(600);
    expect(save).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(400);
    expect(save).toHaveBeenCalledTimes(2);
    queue.schedule();
    await queue.flush();
    await vi.advanceTimersByTimeAsync(2000);
    expect(save).toHaveBeenCalledTimes(3);
  });

  it('saves again after the debounce when a save left more pending', async () => {
    const { queue, save } = setup(['pending', 'saved'], 500);
    expect(await queue.flush()).toBe(false);
    await vi.advanceTimersByTimeAsync(500);
    expect(save).toHaveBeenCalledTimes(2);
  });

  it('cancel drops the due save and retry; reset also forgets the notified failure', async () => {
    const { queue, save, notices } = setup(['failed', 'failed', 'saved']);
    await queue.flush();
    queue.cancel();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(save).toHaveBeenCalledTimes(1);
    queue.reset();
    expect(queue.failing).toBe(false);
    await queue.flush();
    expect(notices).toEqual(['error:x:failed', 'error:x:failed']);
  });

  it('a save that throws rejects its flush and later saves still run', async () => {
    const { queue, save } = setup([new Error('boom'), 'saved']);
    await expect(queue.flush()).rejects.toThrow('boom');
    expect(await queue.flush()).toBe(true);
    expect(save).toHaveBeenCalledTimes(2);
  });
});
