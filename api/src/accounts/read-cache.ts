/**
 * A per-process cache of account reads (signed-in users, organization member pages) for safe
 * calls; see plugins/app/account-cache.ts for who empties it and decision 0045 for why.
 *
 * An entry is served for `ttl` milliseconds after it was read. `invalidate` forgets every entry,
 * and a read that overlapped an `invalidate` is answered but not kept (it may have seen the data
 * before the change that caused the invalidation). `ttl` 0 switches the cache off.
 */
export class ReadCache<T> {
  readonly #entries = new Map<string, { readonly value: T; readonly until: number }>();
  readonly #ttl: number;
  readonly #maxEntries: number;
  readonly #now: () => number;
  #generation = 0;

  /** `now` is the clock (tests pass a fake one or fake `Date`); beyond `maxEntries` it forgets them all. */
  constructor(ttl: number, maxEntries = 10_000, now: () => number = () => Date.now()) {
    this.#ttl = ttl;
    this.#maxEntries = maxEntries;
    this.#now = now;
  }

  /** The cached value of `key`, or the one `load` reads (kept unless an invalidation overlapped the read; null is never kept). */
  get(key: string, load: () => Promise<T>): Promise<T>;
  get(key: string, load: () => Promise<T | null>): Promise<T | null>;
  async get(key: string, load: () => Promise<T | null>): Promise<T | null> {
    if (this.#ttl <= 0) return load();
    const cached = this.#entries.get(key);
    if (cached !== undefined) {
      if (cached.until > this.#now()) return cached.value;
      this.#entries.delete(key);
    }
    const generation = this.#generation;
    const value = await load();
    if (value !== null && generation === this.#generation) {
      if (this.#entries.size >= this.#maxEntries) this.#entries.clear();
      this.#entries.set(key, { value, until: this.#now() + this.#ttl });
    }
    return value;
  }

  /** Forgets every entry. */
  invalidate(): void {
    this.#generation++;
    this.#entries.clear();
  }

  /** Entries held (expired ones included until they are next asked for). */
  get size(): number {
    return this.#entries.size;
  }
}
