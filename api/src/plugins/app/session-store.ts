/**
 * A @fastify/session store that keeps sessions in the `http_session` table, so that any api
 * process can serve any request. Expired rows are ignored on read and deleted periodically.
 */
import type { Session as SessionData } from 'fastify';
import type { Orm } from '../../db/orm.ts';
import { Session } from '../../db/entities/session.ts';

type Callback = (error?: unknown) => void;

export class DatabaseSessionStore {
  readonly #orm: Orm;
  readonly #maxAge: number;

  constructor(orm: Orm, maxAge: number) {
    this.#orm = orm;
    this.#maxAge = maxAge;
  }

  set(sessionId: string, session: SessionData, callback: Callback): void {
    const data = JSON.parse(JSON.stringify(session)) as Record<string, unknown>;
    const expires = session.cookie.expires ? new Date(session.cookie.expires) : new Date(Date.now() + this.#maxAge);
    const userId = typeof session.userId === 'string' ? session.userId : null;
    this.#orm.em
      .fork()
      .upsert(Session, { id: sessionId, userId, data, expiresAt: expires })
      .then(() => callback(), callback);
  }

  get(sessionId: string, callback: (error: unknown, session?: SessionData | null) => void): void {
    this.#orm.em
      .fork()
      .findOne(Session, { id: sessionId, expiresAt: { $gt: new Date() } })
      .then((row) => callback(null, row === null ? null : (row.data as unknown as SessionData)), callback);
  }

  destroy(sessionId: string, callback: Callback): void {
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
