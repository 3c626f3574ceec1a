/**
 * Issue 13.2: a logout on one api process must not be undone by another. The session store of
 * two processes on one database (both databases), and two api apps on one PostgreSQL database
 * with the account cache on (PGlite is embedded in one process, so two apps cannot share it).
 */
import type { Session as SessionData } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.ts';
import { PASSWORD } from '../../testing/accounts.ts';
import { testDatabaseKind } from '../../testing/database.ts';
import { person, type Person } from '../../testing/people.ts';
import { fileTestApp, Client } from '../../testing/test-app.ts';
import { CACHE_TTL, DatabaseSessionStore, RENEW_AFTER } from './session-store.ts';

const testApp = fileTestApp();
let userId: string;

beforeAll(async () => {
  userId = (await person(testApp(), 'Zwei Prozesse')).id;
}, 60_000);
afterEach(() => vi.useRealTimers());

const count = async (id: string) =>
  ((await testApp().app.orm.em.getConnection().execute<Array<{ n: number }>>('select count(*)::int as n from http_session where id = ?', [id]))[0]?.n ?? -1);
const call = <T>(run: (callback: (error?: unknown, value?: T) => void) => void) =>
  new Promise<T | undefined>((resolve, reject) => run((error, value) => (error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve(value))));

describe('two processes sharing the session table', () => {
  it('a renewal on the other process after a logout does not bring the session back', async () => {
    const maxAge = 7 * 24 * 3600 * 1000;
    const one = new DatabaseSessionStore(testApp().app.orm, maxAge);
    const two = new DatabaseSessionStore(testApp().app.orm, maxAge);
    const id = one.newSessionId();
    const session = { userId, csrfToken: 't', cookie: { expires: new Date(Date.now() + maxAge), originalMaxAge: maxAge } } as unknown as SessionData;
    await call<void>((done) => one.set(id, session, done));
    expect(await count(id)).toBe(1);
    const cached = await call<SessionData | null>((done) => two.get(id, done));
    expect(cached).toMatchObject({ userId });
    await call<void>((done) => one.destroy(id, done));
    expect(await count(id)).toBe(0);
    // the other process renews (or changes) the session it still has in its cache
    await call<void>((done) => two.set(id, { ...session, cookie: { expires: new Date(Date.now() + maxAge + RENEW_AFTER), originalMaxAge: maxAge } } as unknown as SessionData, done));
    expect(await count(id)).toBe(0);
    expect(await two.exists(id)).toBe(false);
    expect(await call<SessionData | null>((done) => two.get(id, done))).toBeNull();
  });
});

// Registered in the PostgreSQL run only: PGlite lives inside one process and cannot be shared.
if (testDatabaseKind() === 'postgresql') describe('two api apps on one PostgreSQL database', () => {
  let p2: Awaited<ReturnType<typeof buildApp>> | undefined;
  let anna: Person;

  beforeAll(async () => {
    p2 = await buildApp(testApp().config);
    await p2.ready();
    anna = await person(testApp(), 'Anna Abmeldung');
  }, 60_000);
  afterAll(async () => p2?.close());

  /** A client of P2 holding the same cookie and token as `client` of P1. */
  function onP2(client: Client): Client {
    const twin = new Client(p2 as NonNullable<typeof p2>);
    for (const [name, value] of client.cookies) twin.cookies.set(name, value);
    twin.token = client.token;
    return twin;
  }

  it('a logout on P1 is not undone by P2 renewing its cached session, and P2 refuses state-changing calls at once', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const client = testApp().client();
    await client.signIn(anna.email, PASSWORD);
    const start = Date.now();
    const twin = onP2(client);
    // P2 caches the session shortly before its renewal is due ...
    vi.setSystemTime(start + RENEW_AFTER - CACHE_TTL / 2);
    expect((await twin.get('/api/User')).statusCode).toBe(200);
    const stored = async () =>
      (await testApp().app.orm.em.getConnection().execute<Array<{ n: number }>>('select count(*)::int as n from http_session where user_id = ?', [anna.id]))[0]?.n;
    const before = await stored(); // this session and the one `person` signed in with
    // ... the user logs out on P1 ...
    expect((await client.post('/api/User/logout', {})).statusCode).toBe(200);
    expect(await stored()).toBe((before ?? 0) - 1);
    // ... P2 refuses a state-changing call at once, although its cache still holds the session ...
    const created = await twin.post('/api/Project', { project: { name: 'Nach der Abmeldung', airPollutionType: 'L2' }, location: { latitude: 48.1, longitude: 11.5, address: 'x' } });
    expect(created.statusCode, created.body).toBe(401);
    // ... and its next GET, due for renewal and served from the cache, does not store the session again.
    const twin2 = onP2(client);
    vi.setSystemTime(start + RENEW_AFTER + 10);
    await twin2.get('/api/User');
    expect(await stored()).toBe((before ?? 0) - 1);
    vi.setSystemTime(start + RENEW_AFTER + CACHE_TTL + 10);
    expect((await onP2(client).get('/api/User')).statusCode).toBe(401);
    expect((await testApp().client().call({ url: '/api/User', headers: { cookie: [...client.cookies].map(([n, v]) => `${n}=${v}`).join('; ') } })).statusCode).toBe(401);
  });
});
