/**
 * Issue 13, item 5 (decisions 0071, 0072): failed sign-ins are limited per client address and per
 * account (successful ones never count), the counters live in the database, a password reset
 * opens a locked account, X-Forwarded-For is only believed from trusted proxy hops, common
 * passwords are refused, and the HTTP server drops clients that do not send their headers.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyConnectionLimits } from '../../connection-limits.ts';
import type { EntityManager } from '../../db/orm.ts';
import { linkQuery, PASSWORD, registerConfirmed, registration } from '../../testing/accounts.ts';
import { recordStatements } from '../../testing/statements.ts';
import { startTestApp, type TestApp } from '../../testing/test-app.ts';

const WINDOW = 60 * 60 * 1000;
let testApp: TestApp;

beforeAll(async () => {
  testApp = await startTestApp({
    // One trusted proxy hop: inject's 127.0.0.1 is the proxy, X-Forwarded-For's last entry the client.
    trustProxy: (await import('../../config.ts')).trustHops(1),
    rateLimits: {
      login: { max: 3, timeWindow: WINDOW },
      loginAccount: { max: 4, timeWindow: WINDOW },
      registration: { max: 10_000, timeWindow: WINDOW },
      passwordReset: { max: 10_000, timeWindow: WINDOW },
      confirmationResend: { max: 10_000, timeWindow: WINDOW },
      invitation: { max: 10_000, timeWindow: WINDOW },
    },
  });
}, 30_000);

afterAll(async () => {
  await testApp?.close();
});

const login = (email: string, password: string, client: string) =>
  testApp.app.inject({ method: 'POST', url: '/api/User/login', payload: { email, password }, headers: { 'x-forwarded-for': client } });

describe('sign-in limits', () => {
  it('counts failures only: 40 planners behind one address all sign in', async () => {
    const office = '203.0.113.40';
    const emails: string[] = [];
    for (let i = 0; i < 40; i += 1) emails.push(await registerConfirmed(testApp, testApp.client()));
    for (const email of emails) expect((await login(email, PASSWORD, office)).statusCode).toBe(200);
    // Three typos from the office use up its failures; then it waits, whoever tries.
    for (let i = 0; i < 3; i += 1) expect((await login(emails[i]!, 'Wrong-Password-1', office)).statusCode).toBe(401);
    const blocked = await login(emails[5]!, PASSWORD, office);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ type: 'ERROR', code: 15 });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await login(emails[5]!, PASSWORD, '203.0.113.41')).statusCode).toBe(200);
  }, 120_000);

  it('locks an account after failures from many addresses, until a password reset', async () => {
    const email = await registerConfirmed(testApp, testApp.client());
    for (let i = 0; i < 4; i += 1) expect((await login(email, 'Wrong-Password-1', `198.51.100.${i + 1}`)).statusCode).toBe(401);
    // The right password from a fresh address: the account is locked (no password check at all).
    expect((await login(email, PASSWORD, '198.51.100.99')).json()).toMatchObject({ code: 15 });
    // Unknown accounts are counted the same way (no hint which addresses exist).
    for (let i = 0; i < 4; i += 1) expect((await login('nobody@example.com', 'x', `192.0.2.${i + 1}`)).statusCode).toBe(401);
    expect((await login('nobody@example.com', 'x', '192.0.2.99')).statusCode).toBe(429);

    // The owner of the mailbox gets back in at once: the reset clears the account's failures.
    const client = testApp.client();
    expect((await client.post('/api/User/forgotPassword', { email })).statusCode).toBe(200);
    const mail = await testApp.smtp.nextMail(email);
    const { userId, resetCode } = linkQuery(mail.links[0] ?? '');
    const reset = await client.post('/api/User/resetPassword', { userId, resetCode, newPassword: 'Zurueck-Gesetzt-2027!' });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await login(email, 'Zurueck-Gesetzt-2027!', '198.51.100.99')).statusCode).toBe(200);
  }, 60_000);

  it('believes X-Forwarded-For only from the trusted hop: a forged list does not walk around the limit', async () => {
    const client = '203.0.113.77';
    for (let i = 0; i < 3; i += 1) {
      // The client prepends invented addresses; the proxy appends the real one.
      const response = await login('nobody.else@example.com', 'x', `10.${i}.0.1, 172.16.${i}.1, ${client}`);
      expect(response.statusCode).toBe(401);
    }
    expect((await login('someone.new@example.com', 'x', `10.9.9.9, ${client}`)).statusCode).toBe(429);
    const rows = await (testApp.app.orm.em.fork() as EntityManager)
      .getConnection()
      .execute<Array<{ key: string; count: number }>>("select key, count from rate_counter where key like 'login-fail:ip:%' and key like ?", [`%${client}`]);
    expect(rows.map((row) => [row.key, Number(row.count)])).toEqual([[`login-fail:ip:${client}`, 3]]);
  });
});

describe('new passwords', () => {
  it('refuses common passwords and passwords of mostly spaces at registration, reset and change', async () => {
    const client = testApp.client();
    for (const password of ['Password1234!', 'P@ssw0rd2025#', '      Ab1!      ']) {
      const response = await client.post('/api/User/register', registration({ password, passwordRepeat: password }));
      expect(response.statusCode, password).toBe(400);
      expect(response.json()).toMatchObject({ type: 'ERROR', code: 2, message: expect.stringMatching(/^body\/password: password(TooCommon|MostlySpaces) \(/) });
    }
    const email = await registerConfirmed(testApp, client);
    await client.signIn(email, PASSWORD);
    const change = await client.post('/api/User/password', { oldPassword: PASSWORD, newPassword: 'Qwertyuiop1!', repeatPassword: 'Qwertyuiop1!' });
    expect(change.json()).toMatchObject({ code: 2, message: expect.stringMatching(/^body\/newPassword: passwordTooCommon/) });
    const reset = await client.post('/api/User/resetPassword', { userId: '00000000-0000-4000-8000-000000000000', resetCode: 'x', newPassword: 'Football2025!' });
    expect(reset.json()).toMatchObject({ code: 2, message: expect.stringMatching(/^body\/newPassword: passwordTooCommon/) });
    // Nothing changed: the old password still signs in.
    expect((await testApp.client().post('/api/User/login', { email, password: PASSWORD })).statusCode).toBe(200);
  });
});

describe('connections', () => {
  it('drops a client that does not finish its headers, and caps open connections', async () => {
    const server = testApp.app.server;
    applyConnectionLimits(server, { maxConnections: 3, headersTimeout: 400, requestTimeout: 5000, keepAliveTimeout: 1000 });
    await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = server.address() as { port: number };
    const open = () =>
      new Promise<{ closed: Promise<number>; write: (text: string) => void }>((resolve) => {
        const started = Date.now();
        const socket = connect(port, '127.0.0.1', () => resolve({ closed, write: (text) => socket.write(text) }));
        socket.on('error', () => {});
        const closed = new Promise<number>((done) => socket.on('close', () => done(Date.now() - started)));
        socket.resume();
      });
    const slow = await open();
    slow.write('GET /api/health HTTP/1.1\r\nHost: x\r\n'); // never finished
    const others = await Promise.all([open(), open(), open()]);
    // The fourth connection is over the cap: closed at once.
    expect(await Promise.race([others[2]!.closed, new Promise<number>((r) => setTimeout(() => r(-1), 300))])).toBeGreaterThanOrEqual(0);
    // The trickling one is dropped after about the headers timeout (plus the 100 ms check interval), far below 70 s.
    expect(await slow.closed).toBeLessThan(3000);
    for (const other of others) other.write('GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    await Promise.all(others.map((other) => other.closed));
  }, 20_000);
});

describe('account calls do the same work whether or not the account exists', () => {
  it('forgotPassword, resendConfirmationEmail and register run the same statements in the request; the mails follow the answer', async () => {
    const existing = await registerConfirmed(testApp, testApp.client());
    const unconfirmed = registration();
    expect((await testApp.client().post('/api/User/register', unconfirmed)).statusCode).toBe(200);
    await testApp.smtp.nextMail(String(unconfirmed['email']));
    const fresh = registration();

    const recorder = recordStatements(testApp);
    const release = testApp.app.mailer.hold();
    const mailsBefore = testApp.smtp.mails.length;
    const run = async (url: string, body: unknown, client: string) => {
      recorder.take();
      const response = await testApp.app.inject({ method: 'POST', url, payload: body as object, headers: { 'x-forwarded-for': client } });
      expect(response.statusCode, response.body).toBe(200);
      return { statements: recorder.take(), body: response.body };
    };
    let results: Array<[string, Awaited<ReturnType<typeof run>>, Awaited<ReturnType<typeof run>>]>;
    try {
      results = [
        ['forgotPassword', await run('/api/User/forgotPassword', { email: existing }, '192.0.2.200'), await run('/api/User/forgotPassword', { email: 'nobody.here@example.com' }, '192.0.2.200')],
        [
          'resendConfirmationEmail',
          await run('/api/User/resendConfirmationEmail', { email: unconfirmed['email'] }, '192.0.2.200'),
          await run('/api/User/resendConfirmationEmail', { email: 'nobody.here@example.com' }, '192.0.2.200'),
        ],
        ['register', await run('/api/User/register', registration({ email: existing }), '192.0.2.200'), await run('/api/User/register', fresh, '192.0.2.200')],
      ];
      // Nothing was sent while the requests ran.
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(testApp.smtp.mails.length).toBe(mailsBefore);
    } finally {
      recorder.stop();
      release();
    }
    for (const [call, withAccount, without] of results) {
      expect(withAccount.statements.length, call).toBeGreaterThan(0);
      expect(withAccount.statements, call).toEqual(without.statements);
      expect(withAccount.body, call).toBe(without.body);
    }
    await testApp.app.mailer.idle();
    const toExisting = [(await testApp.smtp.nextMail(existing)).subject, (await testApp.smtp.nextMail(existing)).subject];
    expect(toExisting.sort()).toEqual(['rainplan: Passwort zurücksetzen', 'rainplan: Sie sind bereits registriert']);
    expect((await testApp.smtp.nextMail(String(unconfirmed['email']))).subject).toBe('rainplan: Bitte bestätigen Sie Ihre E-Mail-Adresse');
    expect((await testApp.smtp.nextMail(String(fresh['email']))).subject).toBe('rainplan: Bitte bestätigen Sie Ihre E-Mail-Adresse');
  }, 60_000);
});
