import { describe, expect, it, vi } from 'vitest';
import { lazyStore } from './lazyStore.ts';

describe('lazyStore', () => {
  it('creates one store per root on first use and returns it after', () => {
    const create = vi.fn((root: { name: string }) => ({ of: root.name }));
    const storeOf = lazyStore(create);
    const a = { name: 'a' };
    const b = { name: 'b' };
    expect(create).not.toHaveBeenCalled();
    const first = storeOf(a);
    expect(first).toEqual({ of: 'a' });
    expect(storeOf(a)).toBe(first);
    expect(storeOf(b)).not.toBe(first);
    expect(create).toHaveBeenCalledTimes(2);
  });

  it('a failing factory creates nothing and is tried again', () => {
    let fail = true;
    const storeOf = lazyStore(() => {
      if (fail) throw new Error('not yet');
      return {};
    });
    const root = {};
    expect(() => storeOf(root)).toThrow('not yet');
    fail = false;
    expect(storeOf(root)).toBe(storeOf(root));
  });
});
