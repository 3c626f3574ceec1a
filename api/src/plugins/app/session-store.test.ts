import type { Session as SessionData } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD } from '../../testing/accounts.ts';
import { person } from '../../testing/people.ts';
import { fileTestApp } from '../../testing/test-app.ts';
import { CACHE_TTL, DatabaseSessionStore, RENEW_AFTER, needsRenewal } from './session-store.ts';

const testApp = fileTestApp();
let userId: string;
/** The fake clock of both stores. */
let now = Date.now();
const clock = () => now;

beforeAll(async () => {
  userId = (await person(testApp(), 'Session Cache')).id;
}, 30_000);

/** Two stores on one database: this process and another api process. */
function stores(): { mine: DatabaseSessionStore; other: DatabaseSessionStore } {
  const maxAge = 7 * 24 * 3600 * 1000;
  return { mine: new DatabaseSessionStore(testApp().app.orm, maxAge, CACHE_TTL, clock), other: new DatabaseSessionStore(testApp().app.orm, maxAge, CACHE_TTL, clock) };
}

function session(content: Record<string, unknown>): SessionData {
  return { ...content, cookie: { expires: new Date(Date.now() + 3600_000), originalMaxAge: 3600_000 } } as unknown as SessionData;
}

const get = (store: DatabaseSessionStore, id: string) =>
  new Promise<Record<string, unknown> | null | undefined>((resolve, reject) =>
    store.get(id, (error, data) => (error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve(data as Record<string, unknown> | null | undefined))),
  );
const set = (store: DatabaseSessionStore, id: string, data: SessionData) =>
  new Promise<void>((resolve, reject) => store.set(id, data, (error) => (error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve())));
const destroy = (store: DatabaseSessionStore, id: string) =>
  new Promise<void>((resolve, reject) => store.destroy(id, (error) => (error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve())));

describe('the per-process session cache', () => {
  it('forgets a destroyed session at once in the same process; another process sees it at most CACHE_TTL late', async () => {
    const { mine, other } = stores();
    const id = mine.newSessionId();
    await set(mine, id, session({ userId, csrfToken: 'a' }));
    expect(await get(other, id)).toMatchObject({ userId, csrfToken: 'a' });
    await destroy(mine, id);
    expect(await get(mine, id)).toBeNull();
    // The other process still serves its cached copy within the TTL ...
    expect(await get(other, id)).toMatchObject({ userId });
    now += CACHE_TTL;
    // ... and reads the database (no session) once it has passed.
    expect(await get(other, id)).toBeNull();
  });

  it('ends all sessions of a user at once in the same process (password change)', async () => {
    const { mine, other } = stores();
    const first = mine.newSessionId();
    const second = other.newSessionId();
    await set(mine, first, session({ userId, csrfToken: 'a' }));
    await set(other, second, session({ userId, csrfToken: 'b' }));
    expect(await get(mine, second)).toMatchObject({ csrfToken: 'b' });
    await mine.destroyAllOfUser(userId);
    expect(await get(mine, first)).toBeNull();
    expect(await get(mine, second)).toBeNull();
    expect(await get(other, second)).toMatchObject({ csrfToken: 'b' });
    now += CACHE_TTL;
    expect(await get(other, second)).toBeNull();
  });

  it('serves a changed session at once in the process that wrote it, after CACHE_TTL in another', async () => {
    const { mine, other } = stores();
    const id = mine.newSessionId();
    await set(mine, id, session({ csrfToken: 'a' }));
    expect(await get(other, id)).toMatchObject({ csrfToken: 'a' });
    await get(mine, id);
    await set(mine, id, session({ userId, csrfToken: 'b' }));
    expect(await get(mine, id)).toMatchObject({ userId, csrfToken: 'b' });
    expect(await get(other, id)).toMatchObject({ csrfToken: 'a' });
    now += CACHE_TTL;
    expect(await get(other, id)).toMatchObject({ userId, csrfToken: 'b' });
  });

  it('hands each request its own copy', async () => {
    const { mine } = stores();
    const id = mine.newSessionId();
    await set(mine, id, session({ userId, csrfToken: 'a' }));
    const first = await get(mine, id);
    if (first) first['csrfToken'] = 'changed';
    expect(await get(mine, id)).toMatchObject({ csrfToken: 'a' });
  });
});

describe('signed-in calls with the session cache', () => {
  it('rejects the session at once after logout and after a password change', async () => {
    const user = await person(testApp(), 'Cache Logout');
    const client = user.client;
    expect((await client.get('/api/User')).statusCode).toBe(200);
    const cookie = client.cookies.get('rainplan.sid') ?? '';
    expect((await client.post('/api/User/logout', {})).statusCode).toBeLessThan(300);
    const stale = testApp().client();
    stale.cookies.set('rainplan.sid', cookie);
    expect((await stale.get('/api/User')).statusCode).toBe(401);

    const other = await person(testApp(), 'Cache Password');
    const second = testApp().client();
    await second.signIn(other.email, PASSWORD);
    expect((await second.get('/api/User')).statusCode).toBe(200);
    const changed = await other.client.post('/api/User/password', { oldPassword: PASSWORD, newPassword: 'Other-Rain-2026!', repeatPassword: 'Other-Rain-2026!' });
    expect(changed.statusCode).toBe(200);
    expect((await second.get('/api/User')).statusCode).toBe(401);
  });
});

describe('needsRenewal (sliding expiry, decision 0063)', () => {
  const maxAge = 7 * 24 * 3600 * 1000;
  const t = Date.UTC(2026, 10, 23, 12);
  const restored = (storedExpiry: number | undefined, overrides: Partial<{ saved: boolean; originalMaxAge: number | null; sessionId: string | undefined }> = {}) => ({
    sessionId: 'sessionId' in overrides ? overrides.sessionId : 'id',
    encryptedSessionId: 'id.signature',
    isSaved: () => overrides.saved ?? false,
    cookie: { originalMaxAge: overrides.originalMaxAge === undefined ? maxAge : overrides.originalMaxAge, ...(storedExpiry === undefined ? {} : { originalExpires: new Date(storedExpiry) }) },
  });

  it('renews a restored session whose stored expiry is RENEW_AFTER or more behind now + maxAge', () => {
    expect(needsRenewal(restored(t + maxAge - RENEW_AFTER), 'id.signature', t)).toBe(true);
    expect(needsRenewal(restored(t + maxAge - 3600_000), 'id.signature', t)).toBe(true);
    expect(needsRenewal(restored(t - 1), 'id.signature', t)).toBe(true);
  });

  it('leaves a session alone within the minute', () => {
    expect(needsRenewal(restored(t + maxAge), 'id.signature', t)).toBe(false);
    expect(needsRenewal(restored(t + maxAge - RENEW_AFTER + 1), 'id.signature', t)).toBe(false);
  });

  it('leaves new, regenerated, already saved and cookie-less sessions to @fastify/session', () => {
    const old = t + maxAge - 3600_000;
    expect(needsRenewal(undefined, 'id.signature', t)).toBe(false);
    expect(needsRenewal(null, 'id.signature', t)).toBe(false);
    expect(needsRenewal(restored(old), undefined, t)).toBe(false); // no cookie: a new session
    expect(needsRenewal(restored(old), 'other.signature', t)).toBe(false); // regenerated (login)
    expect(needsRenewal(restored(old, { saved: true }), 'id.signature', t)).toBe(false);
    expect(needsRenewal(restored(old, { sessionId: undefined }), 'id.signature', t)).toBe(false);
    expect(needsRenewal(restored(undefined), 'id.signature', t)).toBe(false); // no stored expiry
    expect(needsRenewal(restored(old, { originalMaxAge: null }), 'id.signature', t)).toBe(false); // a browser-session cookie
  });
});

describe('get hands out the stored expiry as the cookie expiry', () => {
  it('from the database and from the cache', async () => {
    const { mine, other } = stores();
    const id = mine.newSessionId();
    const data = session({ userId });
    await set(mine, id, data);
    const storedExpiry = new Date((data as unknown as { cookie: { expires: Date } }).cookie.expires).toISOString();
    await testApp().app.orm.em.getConnection().execute('update http_session set expires_at = ? where id = ?', [new Date(Date.parse(storedExpiry) - 120_000), id]);
    // another process reads the row: the column's expiry wins over the content's
    expect(((await get(other, id)) as { cookie: { expires: string } }).cookie.expires).toBe(new Date(Date.parse(storedExpiry) - 120_000).toISOString());
    // the writing process's cache hands out what it wrote
    expect(((await get(mine, id)) as { cookie: { expires: string } }).cookie.expires).toBe(storedExpiry);
    await destroy(mine, id);
  });
});
