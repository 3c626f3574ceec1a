/**
 * What the api benchmarks share (bench.ts, bench-planning.ts): the result row, the load
 * generator (autocannon on loopback, a 1 s warm-up, then BENCH_SECONDS), the bare Fastify route
 * that gives the machine's ceiling, an api app on a throw-away database, a signed-in bench account,
 * and a PostgreSQL database of its own per run (dropped afterwards; a notice instead when the server
 * is unreachable).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import Fastify, { type FastifyInstance } from 'fastify';
import { MikroORM } from '@mikro-orm/core';
import { PostgreSqlDriver } from '@mikro-orm/postgresql';
import { buildApp } from '../app.ts';
import { DEFAULTS, type ApiConfig } from '../config.ts';
import { User } from '../db/entities/user.ts';
import type { DatabaseConfig, EntityManager } from '../db/orm.ts';
import { redactUrl } from '../db/redact-url.ts';

export const SECONDS = Number(process.env['BENCH_SECONDS'] ?? 3);
export const CONNECTIONS = Number(process.env['BENCH_CONNECTIONS'] ?? 10);
export const POSTGRES_URL = process.env['TEST_DATABASE_URL'] || 'postgres://postgres@127.0.0.1:5432/test';
export const PASSWORD = 'Bench-Rain-2026!';
export const BARE = 'bare Fastify route';

export interface Result {
  readonly database: string;
  readonly name: string;
  /** p99 target in ms, where the case has one. */
  readonly target?: number;
  readonly requestsPerSecond: number;
  readonly p50: number;
  readonly p99: number;
  readonly failures: number;
}

export async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/** autocannon against one url: 1 s warm-up (JIT, pools, caches), then SECONDS measured. */
export async function cannon(database: string, name: string, url: string, headers: Record<string, string> = {}, target?: number): Promise<Result> {
  const run = (duration: number) => autocannon({ url, headers, connections: CONNECTIONS, duration, workers: 1 });
  await run(1);
  const result = await run(SECONDS);
  return {
    database,
    name,
    ...(target === undefined ? {} : { target }),
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures: result.errors + result.timeouts + result.non2xx,
  };
}

/** The same load against a Fastify route without plugins: the ceiling of this machine. */
export async function bare(database: string): Promise<Result> {
  const app = Fastify({ logger: false });
  app.get('/bare', async () => ({ status: 'ok' }));
  try {
    return await cannon(database, BARE, `${await listen(app)}/bare`);
  } finally {
    await app.close();
  }
}

/** Runs `body` with the api listening on `database` (no web build, file outbox in a temp dir; `overrides` change the configuration). */
export async function withBenchApp<T>(database: DatabaseConfig, body: (app: FastifyInstance, base: string) => Promise<T>, overrides: Partial<ApiConfig> = {}): Promise<T> {
  const tempDir = await mkdtemp(path.join(tmpdir(), 'rainplan-bench-'));
  const config: ApiConfig = {
    webRoot: path.join(tempDir, 'no-web-build'),
    database,
    sessionSecret: 'a benchmark secret that is long enough for the session plugin',
    sessionMaxAge: DEFAULTS.sessionMaxAge,
    publicUrl: 'http://127.0.0.1',
    trustProxy: false,
    mail: { smtpUrl: undefined, from: DEFAULTS.mailFrom, outboxDir: path.join(tempDir, 'outbox') },
    argon2: DEFAULTS.argon2,
    rateLimits: DEFAULTS.rateLimits,
    codeLifetimes: DEFAULTS.codeLifetimes,
    accountCacheTtl: DEFAULTS.accountCacheTtl,
    logLevel: false,
    ...overrides,
  };
  const app = await buildApp(config);
  try {
    return await body(app, await listen(app));
  } finally {
    await app.close();
    await rm(tempDir, { recursive: true, force: true });
  }
}

/**
 * Runs `cases` on a PostgreSQL database of its own (`<prefix>_<pid>`, dropped afterwards), or
 * answers the notice to print when the server is not reachable.
 */
export async function onPostgres(prefix: string, cases: (database: DatabaseConfig) => Promise<Result[]>): Promise<Result[] | string> {
  let admin: MikroORM;
  try {
    admin = await MikroORM.init({ driver: PostgreSqlDriver, clientUrl: POSTGRES_URL, entities: [], discovery: { warnWhenNoEntities: false }, pool: { min: 0, max: 1 } });
    await admin.em.getConnection().execute('select 1');
  } catch (error) {
    return `PostgreSQL NOT MEASURED: ${redactUrl(POSTGRES_URL)} is not reachable (${(error as Error).message}); set TEST_DATABASE_URL or start PostgreSQL`;
  }
  const name = `${prefix}_${process.pid}`;
  try {
    await admin.em.getConnection().execute(`create database "${name}"`);
    const url = new URL(POSTGRES_URL);
    url.pathname = `/${name}`;
    try {
      return await cases({ kind: 'postgresql', url: url.href });
    } finally {
      await admin.em.getConnection().execute(`drop database if exists "${name}" with (force)`);
    }
  } finally {
    await admin.close(true);
  }
}

/** An active account `email` with PASSWORD, stored on the app's database. */
export async function createBenchUser(app: FastifyInstance, email: string, name: string): Promise<User> {
  const em = app.orm.em.fork() as EntityManager;
  const user = em.create(User, {
    email,
    passwordHash: await app.passwords.hash(PASSWORD),
    formOfAddress: 'NONE',
    name,
    street: 'Regenweg',
    houseNumber: '1',
    zipCode: '10115',
    city: 'Berlin',
    status: 'ACTIVE',
    gdprConsentAt: new Date(),
  });
  await em.flush();
  return user;
}

export interface CallOptions {
  /** Send the session cookie and XSRF token (default true). */
  readonly signedIn?: boolean;
  /** Error statuses answered like a success (e.g. 409 for a stale version). */
  readonly accept?: readonly number[];
}

export interface BenchSession {
  readonly cookie: string;
  readonly token: string;
  /** One api call (a string body is sent as it is, anything else as JSON): the answer's text; any other failing status throws. */
  readonly call: (method: string, url: string, body?: unknown, options?: CallOptions) => Promise<string>;
}

/** Signs `email` in with PASSWORD on the api listening at `base`. */
export async function benchSignIn(base: string, email: string): Promise<BenchSession> {
  const login = await fetch(`${base}/api/User/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (!login.ok) throw new Error(`login failed: ${login.status} ${await login.text()}`);
  const cookie = login.headers.getSetCookie().map((c) => c.split(';', 1)[0]).join('; ');
  const token = ((await (await fetch(`${base}/api/User`, { headers: { cookie } })).json()) as { token: string }).token;
  const call = async (method: string, url: string, body?: unknown, { signedIn = true, accept = [] }: CallOptions = {}): Promise<string> => {
    const response = await fetch(`${base}${url}`, {
      method,
      headers: { ...(signedIn ? { cookie, 'x-xsrf-token': token } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    });
    const text = await response.text();
    if (!response.ok && !accept.includes(response.status)) throw new Error(`${method} ${url}: ${response.status} ${text.slice(0, 300)}`);
    return text;
  };
  return { cookie, token, call };
}

export const pad = (text: string, width: number): string => text.padEnd(width);
export const num = (value: number, width: number, digits = 0): string => value.toFixed(digits).padStart(width);
