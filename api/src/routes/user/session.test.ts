import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Session } from '../../db/entities/session.ts';
import { CACHE_TTL } from '../../plugins/app/session-store.ts';
import { PASSWORD, registerConfirmed } from '../../testing/accounts.ts';
import { fileTestApp, startTestApp } from '../../testing/test-app.ts';

const testApp = fileTestApp();
let email: string;

beforeAll(async () => {
  email = await registerConfirmed(testApp(), testApp().client());
}, 30_000);

describe('POST /User/login', () => {
  it('answers a wrong password and an unknown address alike (code 12)', async () => {
    const client = testApp().client();
    const wrong = await client.post('/api/User/login', { email, password: 'Wrong-Password-1' });
    const unknown = await client.post('/api/User/login', { email: `nobody.${Date.now()}@example.com`, password: PASSWORD });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ type: 'ERROR', code: 12, message: 'E-mail or password is wrong' });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
    expect(client.cookies.size).toBe(0);
  });

  it('requires both fields', async () => {
    const response = await testApp().client().post('/api/User/login', { email });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ type: 'ERROR', code: 2, message: 'body: password is required' });
  });

  it('starts a new session at every login; the previous one ends', async () => {
    const client = testApp().client();
    await client.signIn(email, PASSWORD);
    const first = client.cookies.get('rainplan.sid');
    const oldToken = client.token;
    await client.signIn(email, PASSWORD);
    expect(client.cookies.get('rainplan.sid')).not.toBe(first);
    expect(client.token).not.toBe(oldToken);

    const stale = testApp().client();
    stale.cookies.set('rainplan.sid', first ?? '');
    expect((await stale.get('/api/User')).statusCode).toBe(401);
  });

  it('marks the cookie Secure when the request came over https through a trusted proxy', async () => {
    const proxied = await startTestApp({ trustProxy: true });
    try {
      const client = proxied.client();
      const mail = await registerConfirmed(proxied, client);
      const login = await client.call({
        method: 'POST',
        url: '/api/User/login',
        body: { email: mail, password: PASSWORD },
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(login.statusCode).toBe(200);
      expect(login.cookies.find((c) => c.name === 'rainplan.sid')).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax' });
    } finally {
      await proxied.close();
    }
  }, 30_000); // starts a second app (a database of its own): slow on a busy machine
});

describe('anti-forgery', () => {
  it('requires the X-XSRF-TOKEN header of the session on state-changing calls', async () => {
    const client = testApp().client();
    await client.signIn(email, PASSWORD);

    const missing = await client.call({ method: 'POST', url: '/api/User/logout', antiForgery: false });
    expect(missing.statusCode).toBe(403);
    expect(missing.json()).toMatchObject({ type: 'ERROR', code: 21 });
    const wrong = await client.call({ method: 'POST', url: '/api/User/logout', antiForgery: false, headers: { 'x-xsrf-token': 'guess' } });
    expect(wrong.statusCode).toBe(403);

    // Another session's token does not fit this session.
    const other = testApp().client();
    await other.signIn(email, PASSWORD);
    const foreign = await client.call({ method: 'POST', url: '/api/User/logout', antiForgery: false, headers: { 'x-xsrf-token': other.token ?? '' } });
    expect(foreign.statusCode).toBe(403);

    expect((await client.get('/api/User')).statusCode).toBe(200); // reads need no token, the session is still there
    expect((await client.post('/api/User/logout')).statusCode).toBe(200);
  });

  it('answers 401 rather than 403 or 400 to anonymous calls of signed-in routes', async () => {
    const client = testApp().client();
    for (const call of [
      { method: 'POST', url: '/api/User/logout' },
      { method: 'PATCH', url: '/api/User', body: {} },
      { method: 'POST', url: '/api/User/password', body: {} },
      { method: 'GET', url: '/api/User' },
    ] as const) {
      const response = await client.call(call);
      expect(response.statusCode, call.url).toBe(401);
      expect(response.json(), call.url).toMatchObject({ type: 'ERROR', code: 9 });
    }
  });
});

describe('sessions in the database', () => {
  // Changes made by another process (here: directly in the database) reach this process once its
  // cached copy of the session is older than CACHE_TTL (decision 0045); the tests move the clock.
  const afterCacheTtl = () => vi.setSystemTime(Date.now() + CACHE_TTL);
  afterEach(() => {
    vi.useRealTimers();
  });

  it('keeps sessions in http_session, so that another api process can serve them', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const client = testApp().client();
    const session = await client.signIn(email, PASSWORD);
    const userId = (session.json() as { user: { id: string } }).user.id;
    const rows = await testApp().app.orm.em.fork().find(Session, { userId });
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.expiresAt.getTime() > Date.now())).toBe(true);

    if (testApp().databaseKind === 'postgresql') {
      // A second process on the same database accepts the session and its token.
      const second = await startTestApp({ database: testApp().config.database });
      try {
        const elsewhere = second.client();
        for (const [name, value] of client.cookies) elsewhere.cookies.set(name, value);
        elsewhere.token = client.token;
        expect((await elsewhere.get('/api/User')).statusCode).toBe(200);
        expect((await elsewhere.post('/api/User/logout')).statusCode).toBe(200);
        afterCacheTtl();
        expect((await client.get('/api/User')).statusCode).toBe(401);
      } finally {
        await second.close();
      }
    } else {
      // One PGlite database serves one process; the database is still the only source of truth.
      await testApp().app.orm.em.fork().nativeDelete(Session, { userId });
      afterCacheTtl();
      expect((await client.get('/api/User')).statusCode).toBe(401);
    }
  }, 30_000); // starts a second app (a database of its own): slow on a busy machine

  it('renews the stored expiry of a rolling session at most once a minute, and stores every change', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const client = testApp().client();
    const own = await registerConfirmed(testApp(), client); // a user with this one session
    const session = await client.signIn(own, PASSWORD);
    const userId = (session.json() as { user: { id: string } }).user.id;
    const stored = async () => (await testApp().app.orm.em.fork().findOneOrFail(Session, { userId })).expiresAt.getTime();
    const first = await stored();
    expect((await client.get('/api/User')).statusCode).toBe(200);
    expect(await stored()).toBe(first); // unchanged and renewed less than a minute ago: no write

    const old = new Date(first - 2 * 60 * 1000);
    await testApp().app.orm.em.fork().nativeUpdate(Session, { userId }, { expiresAt: old });
    afterCacheTtl();
    expect((await client.get('/api/User')).statusCode).toBe(200);
    expect(await stored()).toBeGreaterThan(first - 1000); // renewed

    expect((await client.post('/api/User/logout')).statusCode).toBe(200);
    expect(await testApp().app.orm.em.fork().count(Session, { userId })).toBe(0);
  });

  it('slides the expiry: Set-Cookie and a write only when the stored expiry is a minute or more behind (decision 0063)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const client = testApp().client();
    const own = await registerConfirmed(testApp(), client);
    const login = await client.post('/api/User/login', { email: own, password: PASSWORD });
    expect(login.statusCode).toBe(200);
    const first = await client.get('/api/User'); // may store the anti-forgery token (a change: saved, cookie sent)
    const userId = (first.json() as { user: { id: string } }).user.id;
    const maxAge = testApp().config.sessionMaxAge;
    const expiresOf = (setCookie: string | string[] | undefined) => {
      const line = [setCookie ?? []].flat().find((c) => c.startsWith('rainplan.sid='));
      return line === undefined ? undefined : new Date(/Expires=([^;]+)/i.exec(line)![1]!).getTime();
    };
    const stored = async () => (await testApp().app.orm.em.fork().findOneOrFail(Session, { userId })).expiresAt.getTime();
    // the login sends the cookie; its expiry is the stored one (to the second of the cookie format)
    const loginExpires = expiresOf(login.headers['set-cookie']);
    expect(loginExpires).toBeDefined();
    expect(Math.abs(loginExpires! - (await stored()))).toBeLessThan(1000);
    expect(Math.abs(loginExpires! - (Date.now() + maxAge))).toBeLessThan(2000);
    const before = await stored();

    // within the minute: no Set-Cookie, no write
    vi.setSystemTime(Date.now() + 30_000);
    const quiet = await client.get('/api/User');
    expect(quiet.statusCode).toBe(200);
    expect(quiet.headers['set-cookie']).toBeUndefined();
    expect(await stored()).toBe(before);

    // two minutes on: the cookie comes with the new expiry, the stored expiry moves along
    vi.setSystemTime(Date.now() + 2 * 60_000);
    const renewed = await client.get('/api/User');
    expect(renewed.statusCode).toBe(200);
    const renewedExpires = expiresOf(renewed.headers['set-cookie']);
    expect(renewedExpires).toBeDefined();
    expect(Math.abs(renewedExpires! - (Date.now() + maxAge))).toBeLessThan(2000);
    expect(Math.abs((await stored()) - renewedExpires!)).toBeLessThan(1000);
    expect(await stored()).toBeGreaterThan(before + 2 * 60_000 - 1000);
    // and the next call is quiet again
    afterCacheTtl();
    expect((await client.get('/api/User')).headers['set-cookie']).toBeUndefined();

    // a session not used for longer than its lifetime has ended: the cookie no longer signs in
    vi.setSystemTime(Date.now() + maxAge + 1000);
    expect((await client.get('/api/User')).statusCode).toBe(401);
  });

  it('ignores expired sessions', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const client = testApp().client();
    const session = await client.signIn(email, PASSWORD);
    const userId = (session.json() as { user: { id: string } }).user.id;
    await testApp().app.orm.em.fork().nativeUpdate(Session, { userId }, { expiresAt: new Date(Date.now() - 1000) });
    afterCacheTtl();
    expect((await client.get('/api/User')).statusCode).toBe(401);
    expect(await testApp().app.sessionStore.deleteExpired()).toBeGreaterThan(0);
  });
});

describe('rate limits', () => {
  it('limits login attempts per address with 429 and code 15', async () => {
    const limited = await startTestApp({
      rateLimits: { ...testApp().config.rateLimits, login: { max: 2, timeWindow: 60_000 } },
    });
    try {
      const client = limited.client();
      const attempt = () => client.post('/api/User/login', { email: 'someone@example.com', password: 'x' });
      expect((await attempt()).statusCode).toBe(401);
      expect((await attempt()).statusCode).toBe(401);
      const blocked = await attempt();
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toMatchObject({ type: 'ERROR', code: 15 });
      expect(blocked.headers['retry-after']).toBeDefined();
      // Other calls are not limited by the login counter.
      expect((await client.get('/api/health')).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  }, 30_000); // starts a second app (a database of its own): slow on a busy machine
});
