/**
 * A @fastify/session store that keeps sessions in the `http_session` table, so that any api
 * process can serve any request. Expired rows are ignored on read and deleted periodically.
 *
 * Sessions slide: they end `maxAge` after the last request. Renewing the expiry on every request
 * would cost a write and a Set-Cookie per response; instead a session is saved again (and its
 * cookie sent) only when its stored expiry is `RENEW_AFTER` or more behind (`needsRenewal`, used by
 * the session plugin; decision 0063), or when its content changed; every `set` is therefore a
 * write. The stored expiry is the truth: `get` hands it out as the session cookie's expiry. Reads and writes are single SQL statements (this is the hot path of every signed-in
 * call; decision 0045).
 *
 * Sessions read or written are also kept in a per-process cache for `cacheTtl` (ACCOUNT_CACHE_TTL,
 * default `CACHE_TTL` = 1 s; 0: no cache): a signed-in request within that time needs no SQL for its
 * session. This process drops a cached session at once when it writes, regenerates or destroys it,
 * or ends all sessions of its user; another process sees such a change at most `cacheTtl` late
 * (decision 0045).
 *
 * A save never brings back a deleted session (issue 13.2, decision 0066): only a session this
 * process has just created (`newSessionId`, the id generator given to @fastify/session, e.g. at
 * login) is inserted; every other save — content changes and renewals — is an update of the
 * stored row, and a row that is gone (logout or password change on another process) stays gone.
 * Whether a session still exists is asked of the database directly by `exists`, which the
 * authorization of every state-changing call uses (never this process's cache).
 */
import { randomBytes } from 'node:crypto';
import type { Session as SessionData } from 'fastify';
import type { Orm } from '../../db/orm.ts';
import { Session } from '../../db/entities/session.ts';

type Callback = (error?: unknown) => void;

/** A sliding session's stored expiry (and cookie) is renewed when it is this much behind `now + maxAge`. */
export const RENEW_AFTER = 60 * 1000;

/** What `needsRenewal` reads of a @fastify/session session. */
interface RenewableSession {
  readonly sessionId?: string | undefined;
  readonly encryptedSessionId?: string | undefined;
  isSaved(): boolean;
  readonly cookie: { readonly originalMaxAge: number | null; readonly originalExpires?: Date | undefined };
}

/**
 * Whether a request's session must be saved again to move its expiry: a session restored from the
 * request's cookie (not new, not regenerated, not already saved in this request) whose stored
 * expiry (`originalExpires`, as `get` handed it out) is `RENEW_AFTER` or more behind `now + maxAge`.
 */
export function needsRenewal(session: RenewableSession | null | undefined, cookie: string | undefined, now: number): boolean {
  if (session === null || session === undefined || session.sessionId === undefined || session.encryptedSessionId === undefined) return false;
  if (cookie === undefined || cookie !== session.encryptedSessionId || session.isSaved()) return false;
  const { originalExpires, originalMaxAge } = session.cookie;
  if (!(originalExpires instanceof Date) || originalMaxAge === null || originalMaxAge <= 0) return false;
  return now + originalMaxAge - originalExpires.getTime() >= RENEW_AFTER;
}

/** The session's content (a fresh object) with its cookie's expiry set to the stored one. */
function withStoredExpiry(data: Record<string, unknown>, expiresAt: number): Record<string, unknown> {
  const cookie = data['cookie'];
  if (cookie !== null && typeof cookie === 'object') (cookie as Record<string, unknown>)['expires'] = new Date(expiresAt).toISOString();
  return data;
}
/** How long a session read from or written to the database is served from this process's cache by default. */
export const CACHE_TTL = 1000;
/** Sessions the cache holds at most; beyond it, it forgets them all. */
const MAX_CACHED = 10_000;
/** Ids generated and not yet stored that the store remembers at most (the oldest go first). */
const MAX_FRESH = 10_000;

/** A session as this process last read or wrote it. */
interface Cached {
  /** The content as JSON, its cookie's expiry the stored one (parsed anew for each request, which may change it). */
  readonly json: string;
  readonly userId: string | null;
  /** The stored expiry. */
  readonly expiresAt: number;
  /** When this entry stops being used (clock time). */
  readonly until: number;
}

export class DatabaseSessionStore {
  readonly #orm: Orm;
  readonly #maxAge: number;
  /** Session id → the session as last read or written by this process, for `CACHE_TTL`. */
  readonly #cache = new Map<string, Cached>();
  readonly #now: () => number;
  readonly #cacheTtl: number;
  /**
   * Counts writes and deletions: a read or write that overlapped one does not fill the cache
   * (it might otherwise bring back a session just destroyed).
   */
  #generation = 0;
  /** Ids this process generated for new sessions that have not been stored yet. */
  readonly #fresh = new Set<string>();

  /** `now` is the clock of the cache and of expiry checks (tests pass a fake one or fake `Date`). */
  constructor(orm: Orm, maxAge: number, cacheTtl: number = CACHE_TTL, now: () => number = () => Date.now()) {
    this.#orm = orm;
    this.#maxAge = maxAge;
    this.#cacheTtl = cacheTtl;
    this.#now = now;
  }

  #remember(sessionId: string, json: string, userId: string | null, expiresAt: number): void {
    if (this.#cacheTtl <= 0) return;
    if (this.#cache.size >= MAX_CACHED) this.#cache.clear();
    this.#cache.set(sessionId, { json, userId, expiresAt, until: this.#now() + this.#cacheTtl });
  }

  /**
   * A new session id (@fastify/session's `idGenerator`): 24 random bytes, remembered as fresh so
   * that its first save inserts the row.
   */
  newSessionId(): string {
    const id = randomBytes(24).toString('base64url');
    if (this.#fresh.size >= MAX_FRESH) {
      const oldest = this.#fresh.values().next();
      if (oldest.done !== true) this.#fresh.delete(oldest.value);
    }
    this.#fresh.add(id);
    return id;
  }

  /**
   * Stores a session: inserts a fresh one (see `newSessionId`), updates any other. An update that
   * finds no row changes nothing — the session was ended elsewhere and stays ended.
   */
  set(sessionId: string, session: SessionData, callback: Callback): void {
    const expires = session.cookie.expires ? new Date(session.cookie.expires) : new Date(Date.now() + this.#maxAge);
    const userId = typeof session.userId === 'string' ? session.userId : null;
    const json = JSON.stringify(session);
    this.#cache.delete(sessionId);
    const generation = ++this.#generation;
    const fresh = this.#fresh.delete(sessionId);
    const write = fresh
      ? this.#orm.em
          .getConnection()
          .execute<{ affectedRows: number }>(
            'insert into http_session (id, user_id, data, expires_at) values (?, ?, ?, ?) on conflict (id) do nothing',
            [sessionId, userId, json, expires],
            'run',
          )
      : this.#orm.em
          .getConnection()
          .execute<{ affectedRows: number }>(
            'update http_session set user_id = ?, data = ?, expires_at = ? where id = ? and expires_at > ?',
            [userId, json, expires, sessionId, new Date(this.#now())],
            'run',
          );
    write.then((result) => {
      if (result.affectedRows === 1 && generation === this.#generation) this.#remember(sessionId, json, userId, expires.getTime());
      callback();
    }, callback);
  }

  /** Whether the session is stored and unexpired, asked of the database (never the cache). */
  async exists(sessionId: string): Promise<boolean> {
    const rows = await this.#orm.em
      .getConnection()
      .execute<Array<{ id: string }>>('select id from http_session where id = ? and expires_at > ?', [sessionId, new Date(this.#now())]);
    if (rows.length === 0) this.#cache.delete(sessionId);
    return rows.length > 0;
  }

  get(sessionId: string, callback: (error: unknown, session?: SessionData | null) => void): void {
    const now = this.#now();
    const cached = this.#cache.get(sessionId);
    if (cached !== undefined) {
      if (cached.until > now && cached.expiresAt > now) {
        // parsed anew: the request may change it (the cached JSON carries the stored expiry already)
        callback(null, JSON.parse(cached.json) as SessionData);
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
        const expiresAt = new Date(row.expires_at).getTime();
        const data = withStoredExpiry((typeof row.data === 'string' ? JSON.parse(row.data) : row.data) as Record<string, unknown>, expiresAt);
        const userId = typeof data['userId'] === 'string' ? data['userId'] : null;
        if (generation === this.#generation) this.#remember(sessionId, JSON.stringify(data), userId, expiresAt);
        callback(null, data as unknown as SessionData);
      }, callback);
  }

  destroy(sessionId: string, callback: Callback): void {
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
