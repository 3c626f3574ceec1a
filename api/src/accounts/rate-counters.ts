/**
 * Rate-limit counters in the database (table `rate_counter`), shared by every API process
 * (issue 13, item 5; decision 0072): N processes allow what one allows. Fixed windows: a key's
 * count starts again at each multiple of the window length. Each count is one atomic upsert with
 * bind parameters, so concurrent requests never lose a count; a limit counts the attempt before
 * the work it limits (`take`, `reserve`), never reads a count and acts on it later (decision 0185).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { EntityManager } from '../db/orm.ts';
import { ApiError, ErrorCode } from '../errors.ts';

export interface Limit {
  /** Counts allowed per key within `timeWindow`. */
  readonly max: number;
  /** Milliseconds. */
  readonly timeWindow: number;
}

/** The longest key stored (the column is varchar(400)); longer keys are cut, never refused. */
const MAX_KEY = 400;

function windowOf(timeWindow: number, now = Date.now()): { start: Date; end: Date } {
  const start = now - (now % timeWindow);
  return { start: new Date(start), end: new Date(start + timeWindow) };
}

/** Adds `amount` to `key`'s count in the current window; returns the new count. */
export async function countUp(em: EntityManager, key: string, limit: Limit, amount = 1, now = Date.now()): Promise<number> {
  const { start, end } = windowOf(limit.timeWindow, now);
  const rows = await em
    .getConnection()
    .execute<Array<{ count: number | string }>>(
      'insert into rate_counter (key, window_start, count, expires_at) values (?, ?, ?, ?) ' +
        'on conflict (key, window_start) do update set count = rate_counter.count + excluded.count returning count',
      [key.slice(0, MAX_KEY), start.toISOString(), amount, end.toISOString()],
    );
  // Now and then, forget the windows that have passed.
  if (Math.random() < 0.01) await em.getConnection().execute('delete from rate_counter where expires_at < ?', [new Date().toISOString()]);
  return Number(rows[0]?.count ?? amount);
}

/** Seconds until `key`'s current window ends. */
export function secondsLeft(limit: Limit): number {
  return Math.max(1, Math.ceil((windowOf(limit.timeWindow).end.getTime() - Date.now()) / 1000));
}

export function tooManyRequests(limit: Limit): ApiError {
  const seconds = secondsLeft(limit);
  const wait = seconds >= 120 ? `${Math.ceil(seconds / 60)} minutes` : `${seconds} seconds`;
  return new ApiError(429, ErrorCode.TOO_MANY_REQUESTS, `Too many requests; try again in ${wait}`);
}

/** Where a 429 says when to try again (the Retry-After header, in seconds). */
interface RetryAfter {
  header(name: string, value: string): unknown;
}

function refuse(limit: Limit, reply?: RetryAfter): never {
  reply?.header('retry-after', String(secondsLeft(limit)));
  throw tooManyRequests(limit);
}

/**
 * Counts `amount` for `key` before the work it limits and throws 429 when that goes beyond the
 * limit (the refused amount is given back: a refused call did no work).
 */
export async function take(em: EntityManager, key: string, limit: Limit, amount = 1, reply?: RetryAfter): Promise<void> {
  await reserve(em, [{ key, limit, amount }], reply);
}

/** A count taken by `reserve`: the key, the window it was counted in and how much. */
export interface Reservation {
  readonly key: string;
  readonly windowStart: string;
  readonly amount: number;
}

/**
 * Counts an attempt for every key BEFORE the work it limits (decision 0185): each count is one
 * atomic upsert that returns the new count, so of N concurrent attempts at most `max` see a count
 * within the limit, whatever their order. When any key goes beyond its limit, every count of this
 * call is given back (a refused attempt did not do the work) and 429 is thrown. Otherwise the
 * caller does the work and, when it turns out not to count (e.g. a sign-in that succeeds), gives
 * the reservations back with `release`.
 */
export async function reserve(
  em: EntityManager,
  keys: ReadonlyArray<{ readonly key: string; readonly limit: Limit; readonly amount?: number }>,
  reply?: RetryAfter,
): Promise<Reservation[]> {
  const taken: Reservation[] = [];
  for (const { key, limit, amount = 1 } of keys) {
    const now = Date.now();
    const count = await countUp(em, key, limit, amount, now);
    taken.push({ key, windowStart: windowOf(limit.timeWindow, now).start.toISOString(), amount });
    if (count > limit.max) {
      await release(em, taken);
      refuse(limit, reply);
    }
  }
  return taken;
}

/**
 * Gives back counts taken by `reserve`, in the window they were taken in (a window that has
 * passed meanwhile is left alone; a count never goes below 0). One atomic update per key.
 */
export async function release(em: EntityManager, reservations: readonly Reservation[]): Promise<void> {
  for (const { key, windowStart, amount } of reservations) {
    await em
      .getConnection()
      .execute('update rate_counter set count = greatest(count - ?, 0) where key = ? and window_start = ?', [amount, key.slice(0, MAX_KEY), windowStart]);
  }
}

/** Forgets `key`'s counts (e.g. an account's failed logins after a password reset). */
export async function forget(em: EntityManager, key: string): Promise<void> {
  await em.getConnection().execute('delete from rate_counter where key = ?', [key.slice(0, MAX_KEY)]);
}

/**
 * A preHandler limiting a route per client address (with TRUST_PROXY, the address the trusted
 * proxies name): every call counts, in the database, so all processes share the counts.
 */
export function limitPerAddress(name: string, limit: Limit) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    await take(request.em, `${name}:ip:${request.ip}`, limit, 1, reply);
  };
}

/** The keys of failed sign-ins (decision 0072): per client address and per account. */
export const loginFailureKeys = (address: string, email: string) => ({ address: `login-fail:ip:${address}`, account: `login-fail:account:${email}` });
