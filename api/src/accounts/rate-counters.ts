/**
 * Rate-limit counters in the database (table `rate_counter`), shared by every API process
 * (issue 13, item 5; decision 0072): N processes allow what one allows. Fixed windows: a key's
 * count starts again at each multiple of the window length. Each count is one atomic upsert with
 * bind parameters, so concurrent requests never lose a count.
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
export async function countUp(em: EntityManager, key: string, limit: Limit, amount = 1): Promise<number> {
  const { start, end } = windowOf(limit.timeWindow);
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

/** `key`'s count in the current window (0 when it has none). */
export async function countOf(em: EntityManager, key: string, limit: Limit): Promise<number> {
  const { start } = windowOf(limit.timeWindow);
  const rows = await em
    .getConnection()
    .execute<Array<{ count: number | string }>>('select count from rate_counter where key = ? and window_start = ?', [key.slice(0, MAX_KEY), start.toISOString()]);
  return Number(rows[0]?.count ?? 0);
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

/** Counts `amount` for `key` and throws 429 when that goes beyond the limit. */
export async function take(em: EntityManager, key: string, limit: Limit, amount = 1, reply?: RetryAfter): Promise<void> {
  if ((await countUp(em, key, limit, amount)) > limit.max) refuse(limit, reply);
}

/** Throws 429 when `key` has already reached the limit (without counting). */
export async function check(em: EntityManager, key: string, limit: Limit, reply?: RetryAfter): Promise<void> {
  if ((await countOf(em, key, limit)) >= limit.max) refuse(limit, reply);
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
