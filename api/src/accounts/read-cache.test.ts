import { describe, expect, it } from 'vitest';
import { ReadCache } from './read-cache.ts';

/** A clock the test moves by hand. */
function clock(start = 1_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

/** A loader that counts its calls and answers `value()`. */
function loader<T>(value: () => T) {
  const calls = { count: 0 };
  return { calls, load: async () => (calls.count++, value()) };
}

describe('ReadCache', () => {
  it('serves a value for the ttl, then reads it again', async () => {
    const time = clock();
    const cache = new ReadCache<string>(1000, 10, time.now);
    let stored = 'first';
    const { calls, load } = loader(() => stored);
    expect(await cache.get('k', load)).toBe('first');
    stored = 'second';
    time.advance(999);
    expect(await cache.get('k', load)).toBe('first');
    expect(calls.count).toBe(1);
    time.advance(1);
    expect(await cache.get('k', load)).toBe('second');
    expect(calls.count).toBe(2);
  });

  it('keeps keys apart', async () => {
    const cache = new ReadCache<string>(1000, 10, clock().now);
    expect(await cache.get('a', async () => 'A')).toBe('A');
    expect(await cache.get('b', async () => 'B')).toBe('B');
    expect(await cache.get('a', async () => 'other')).toBe('A');
  });

  it('forgets everything on invalidate', async () => {
    const cache = new ReadCache<string>(1000, 10, clock().now);
    await cache.get('a', async () => 'old');
    await cache.get('b', async () => 'old');
    cache.invalidate();
    expect(cache.size).toBe(0);
    expect(await cache.get('a', async () => 'new')).toBe('new');
  });

  it('does not keep a read that overlapped an invalidation (it may predate the change)', async () => {
    const cache = new ReadCache<string>(1000, 10, clock().now);
    let release: (value: string) => void = () => undefined;
    const slow = cache.get('k', () => new Promise<string>((resolve) => (release = resolve)));
    cache.invalidate(); // a change is committed while the read is under way
    release('read before the change');
    expect(await slow).toBe('read before the change'); // answered to its caller …
    expect(await cache.get('k', async () => 'after the change')).toBe('after the change'); // … but not kept
  });

  it('never keeps null (nothing found is read again)', async () => {
    const cache = new ReadCache<string>(1000, 10, clock().now);
    const { calls, load } = loader<string | null>(() => null);
    expect(await cache.get('k', load)).toBeNull();
    expect(await cache.get('k', load)).toBeNull();
    expect(calls.count).toBe(2);
  });

  it('reads every time with ttl 0', async () => {
    const cache = new ReadCache<number>(0, 10, clock().now);
    let n = 0;
    const load = async () => ++n;
    expect(await cache.get('k', load)).toBe(1);
    expect(await cache.get('k', load)).toBe(2);
    expect(cache.size).toBe(0);
  });

  it('stays within its size: beyond maxEntries it starts afresh', async () => {
    const cache = new ReadCache<number>(1000, 3, clock().now);
    for (let i = 0; i < 3; i++) await cache.get(`k${i}`, async () => i);
    expect(cache.size).toBe(3);
    await cache.get('k3', async () => 3);
    expect(cache.size).toBe(1);
  });

  it('passes a failed read on and keeps nothing', async () => {
    const cache = new ReadCache<string>(1000, 10, clock().now);
    await expect(cache.get('k', async () => Promise.reject(new Error('database gone')))).rejects.toThrow('database gone');
    expect(await cache.get('k', async () => 'back')).toBe('back');
  });
});
