/**
 * A @fastify/session store that keeps sessions in the `http_session` table, so that any api
 * process can serve any request. Expired rows are ignored on read and deleted periodically.
 *
 * Sessions are rolling (each request renews the expiry), which would cost one write per request.
 * The store skips that write when the session's content is unchanged since this process read it
 * and the stored expiry is less than `RENEW_AFTER` old: the stored expiry then lags the cookie's
 * by at most a minute of a 7-day lifetime. Reads and writes are single SQL statements (this is
 * the hot path of every signed-in call; decision 0045).
 *
 * Sessions read or written are also kept in a per-process cache for `CACHE_TTL` (1 s): a signed-in
 * request within that time needs no SQL for its session. This process drops a cached session at
 * once when it writes, regenerates or destroys it, or ends all sessions of its user; another
 * process sees such a change at most `CACHE_TTL` late (decision 0045).
 */
import type { Session as SessionData } from 'fastify';
import type { Orm } from '../../db/orm.ts';
import { Session } from '../../db/entities/session.ts';

type Callback = (error?: unknown) => void;

/** A rolling session's stored expiry is renewed when it is this much behind the cookie's. */
export const RENEW_AFTER = 60 * 1000;
/** Sessions read but not (yet) saved that the store remembers; beyond it, it forgets them all. */
const MAX_REMEMBERED = 10_000;
/** How long a session read from or written to the database is served from this process's cache. */
export const CACHE_TTL = 1000;
/** Sessions the cache holds at most; beyond it, it forgets them all. */
const MAX_CACHED = 10_000;

/** A session as this process last read or wrote it. */
interface Cached {
  /** The content as JSON (parsed anew for each request, which may change it). */
  readonly json: string;
  readonly userId: string | null;
  /** The stored expiry. */
  readonly expiresAt: number;
  /** When this entry stops being used (clock time). */
  readonly until: number;
}

/**
 * The session's content without its cookie (whose expiry changes with every request; its other
 * options are the server's), keys sorted: PostgreSQL's jsonb does not keep the order of keys.
 */
function fingerprint(data: unknown): string {
  const stable = (value: unknown): unknown =>
    value !== null && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(Object.keys(value).sort().map((key) => [key, stable((value as Record<string, unknown>)[key])]))
      : value;
  const { cookie: _cookie, ...content } = data as Record<string, unknown>;
  return JSON.stringify(stable(content));
}

export class DatabaseSessionStore {
  readonly #orm: Orm;
  readonly #maxAge: number;
  /** Session id → content and stored expiry as read by `get`, consumed by the `set` of that request. */
  readonly #read = new Map<string, { fingerprint: string; expiresAt: number }>();
  /** Session id → the session as last read or written by this process, for `CACHE_TTL`. */
  readonly #cache = new Map<string, Cached>();
  readonly #now: () => number;
  /**
   * Counts writes and deletions: a read or write that overlapped one does not fill the cache
   * (it might otherwise bring back a session just destroyed).
   */
  #generation = 0;

  /** `now` is the clock of the cache and of expiry checks (tests pass a fake one or fake `Date`). */
  constructor(orm: Orm, maxAge: number, now: () => number = () => Date.now()) {
    this.#orm = orm;
    this.#maxAge = maxAge;
    this.#now = now;
  }

  #remember(sessionId: string, json: string, data: Record<string, unknown>, expiresAt: number): void {
    if (this.#cache.size >= MAX_CACHED) this.#cache.clear();
    const userId = typeof data['userId'] === 'string' ? data['userId'] : null;
    this.#cache.set(sessionId, { json, userId, expiresAt, until: this.#now() + CACHE_TTL });
  }

  #remembered(sessionId: string, data: Record<string, unknown>, expiresAt: number): void {
    if (this.#read.size >= MAX_REMEMBERED) this.#read.clear();
    this.#read.set(sessionId, { fingerprint: fingerprint(data), expiresAt });
  }

  set(sessionId: string, session: SessionData, callback: Callback): void {
    const data = JSON.parse(JSON.stringify(session)) as Record<string, unknown>;
    const expires = session.cookie.expires ? new Date(session.cookie.expires) : new Date(Date.now() + this.#maxAge);
    const read = this.#read.get(sessionId);
    this.#read.delete(sessionId);
    if (read !== undefined && read.fingerprint === fingerprint(data) && expires.getTime() - read.expiresAt < RENEW_AFTER) {
      callback();
      return;
    }
    const userId = typeof session.userId === 'string' ? session.userId : null;
    const json = JSON.stringify(data);
    this.#cache.delete(sessionId);
    const generation = ++this.#generation;
    this.#orm.em
      .getConnection()
      .execute(
        'insert into http_session (id, user_id, data, expires_at) values (?, ?, ?, ?) ' +
          'on conflict (id) do update set user_id = excluded.user_id, data = excluded.data, expires_at = excluded.expires_at',
        [sessionId, userId, json, expires],
        'run',
      )
      .then(() => {
        if (generation === this.#generation) this.#remember(sessionId, json, data, expires.getTime());
        callback();
      }, callback);
  }

  get(sessionId: string, callback: (error: unknown, session?: SessionData | null) => void): void {
    const now = this.#now();
    const cached = this.#cache.get(sessionId);
    if (cached !== undefined) {
      if (cached.until > now && cached.expiresAt > now) {
        const data = JSON.parse(cached.json) as Record<string, unknown>;
        this.#remembered(sessionId, data, cached.expiresAt);
        callback(null, data as unknown as SessionData);
        return;
      }
      this.#cache.delete(sessionId);
    }
    const generation = this.#generation;
    this.#orm.em
      .getConnection()
      .execute<Array<{ data: unknown; expires_at: Date | string }>>(
        'select data, expires_at from http_session where id = ? and expires_at > ?',
        [sessionId, new Date(now)],
      )
      .then((rows) => {
        const row = rows[0];
        if (row === undefined) return callback(null, null);
        const json = typeof row.data === 'string' ? row.data : JSON.stringify(row.data);
        const data = JSON.parse(json) as Record<string, unknown>;
        const expiresAt = new Date(row.expires_at).getTime();
        this.#remembered(sessionId, data, expiresAt);
        if (generation === this.#generation) this.#remember(sessionId, json, data, expiresAt);
        callback(null, data as unknown as SessionData);
      }, callback);
  }

  destroy(sessionId: string, callback: Callback): void {
    this.#read.delete(sessionId);
    this.#cache.delete(sessionId);
    this.#generation++;
    this.#orm.em
      .fork()
      .nativeDelete(Session, { id: sessionId })
      .then(() => callback(), callback);
  }

  /** Ends every session of a user (password change and reset). */
  async destroyAllOfUser(userId: string): Promise<void> {
    this.#generation++;
    for (const [id, cached] of this.#cache) if (cached.userId === userId) this.#cache.delete(id);
    await this.#orm.em.fork().nativeDelete(Session, { userId });
    // Reads that started before the deletion ended may have cached a session of the user again.
    this.#generation++;
    for (const [id, cached] of this.#cache) if (cached.userId === userId) this.#cache.delete(id);
  }

  /** Deletes expired sessions; returns how many. */
  async deleteExpired(): Promise<number> {
    return this.#orm.em.fork().nativeDelete(Session, { expiresAt: { $lte: new Date(this.#now()) } });
  }
}
