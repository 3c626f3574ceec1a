/**
 * A @fastify/session store that keeps sessions in the `http_session` table, so that any api
 * process can serve any request. Expired rows are ignored on read and deleted periodically.
 *
 * Sessions are rolling (each request renews the expiry), which would cost one write per request.
 * The store skips that write when the session's content is unchanged since this process read it
 * and the stored expiry is less than `RENEW_AFTER` old: the stored expiry then lags the cookie's
 * by at most a minute of a 7-day lifetime. Reads and writes are single SQL statements (this is
 * the hot path of every signed-in call; decision 0045).
 */
import type { Session as SessionData } from 'fastify';
import type { Orm } from '../../db/orm.ts';
import { Session } from '../../db/entities/session.ts';

type Callback = (error?: unknown) => void;

/** A rolling session's stored expiry is renewed when it is this much behind the cookie's. */
export const RENEW_AFTER = 60 * 1000;
/** Sessions read but not (yet) saved that the store remembers; beyond it, it forgets them all. */
const MAX_REMEMBERED = 10_000;

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

  constructor(orm: Orm, maxAge: number) {
    this.#orm = orm;
    this.#maxAge = maxAge;
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
    this.#orm.em
      .getConnection()
      .execute(
        'insert into http_session (id, user_id, data, expires_at) values (?, ?, ?, ?) ' +
          'on conflict (id) do update set user_id = excluded.user_id, data = excluded.data, expires_at = excluded.expires_at',
        [sessionId, userId, JSON.stringify(data), expires],
        'run',
      )
      .then(() => callback(), callback);
  }

  get(sessionId: string, callback: (error: unknown, session?: SessionData | null) => void): void {
    this.#orm.em
      .getConnection()
      .execute<Array<{ data: unknown; expires_at: Date | string }>>(
        'select data, expires_at from http_session where id = ? and expires_at > ?',
        [sessionId, new Date()],
      )
      .then((rows) => {
        const row = rows[0];
        if (row === undefined) return callback(null, null);
        const data = (typeof row.data === 'string' ? JSON.parse(row.data) : row.data) as SessionData;
        if (this.#read.size >= MAX_REMEMBERED) this.#read.clear();
        this.#read.set(sessionId, { fingerprint: fingerprint(data), expiresAt: new Date(row.expires_at).getTime() });
        callback(null, data);
      }, callback);
  }

  destroy(sessionId: string, callback: Callback): void {
    this.#read.delete(sessionId);
    this.#orm.em
      .fork()
      .nativeDelete(Session, { id: sessionId })
      .then(() => callback(), callback);
  }

  /** Ends every session of a user (password change and reset). */
  async destroyAllOfUser(userId: string): Promise<void> {
    await this.#orm.em.fork().nativeDelete(Session, { userId });
  }

  /** Deletes expired sessions; returns how many. */
  async deleteExpired(): Promise<number> {
    return this.#orm.em.fork().nativeDelete(Session, { expiresAt: { $lte: new Date() } });
  }
}
