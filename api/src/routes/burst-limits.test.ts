/**
 * Issue 25, item 1 (decision 0185): every limit the api keeps holds under a burst of concurrent
 * calls. Each limit counts the attempt atomically (one upsert that returns the count) BEFORE the
 * work it limits, so of N concurrent attempts at most the limit do the work: sign-in per account
 * and per address (counted as password verifications), registration, password reset request and
 * use, confirmation resend, invitations (per inviting user, by addresses), trial rain lookups and
 * share views (per address and per link). PGlite, and PostgreSQL with TEST_DATABASE_URL or CI=true.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countUp } from '../accounts/rate-counters.ts';
import { DEFAULTS } from '../config.ts';
import { User } from '../db/entities/user.ts';
import type { EntityManager } from '../db/orm.ts';
import { SHARE_ADDRESS_LIMIT, SHARE_LINK_LIMIT } from '../projects/share-links.ts';
import { PASSWORD, registration } from '../testing/accounts.ts';
import { organizationOf, person, type Person } from '../testing/people.ts';
import { createProject } from '../testing/planning.ts';
import { startTestApp, type TestApp } from '../testing/test-app.ts';
import { TRIAL_LOOKUP_LIMIT } from './raindata/index.ts';

const HOUR = 60 * 60 * 1000;
/** The shipped limits, except that the per-address sign-in limit is set apart from the per-account one. */
const LIMITS = {
  ...DEFAULTS.rateLimits,
  login: { max: 20, timeWindow: 15 * 60_000 },
  registration: { max: 5, timeWindow: HOUR },
  passwordReset: { max: 5, timeWindow: HOUR },
  confirmationResend: { max: 5, timeWindow: HOUR },
};
const BURST = 30;

let testApp: TestApp;
let anna: Person;
/** Password verifications that ran (the sign-in's verify and its unknown-account twin). */
let verifications = 0;

const em = () => testApp.app.orm.em.fork() as EntityManager;
const statusCounts = (responses: LightMyRequestResponse[]) => {
  const counts: Record<number, number> = {};
  for (const response of responses) counts[response.statusCode] = (counts[response.statusCode] ?? 0) + 1;
  return counts;
};
const burst = (n: number, call: (i: number) => Promise<LightMyRequestResponse>) => Promise.all(Array.from({ length: n }, (_, i) => call(i)));

beforeAll(async () => {
  testApp = await startTestApp({ rateLimits: { ...LIMITS, registration: { max: 10_000, timeWindow: HOUR } } });
  anna = await person(testApp, 'Anna Ansturm');
  // Count every password check; each takes a little while, so that the burst's attempts overlap
  // (with a count read before the check and raised after it, all of them would pass).
  const { passwords } = testApp.app;
  const verify = passwords.verify.bind(passwords);
  const verifyNothing = passwords.verifyNothing.bind(passwords);
  passwords.verify = async (hash, password) => {
    verifications += 1;
    await sleep(20);
    return verify(hash, password);
  };
  passwords.verifyNothing = async (password) => {
    verifications += 1;
    await sleep(20);
    return verifyNothing(password);
  };
}, 60_000);

afterAll(async () => {
  await testApp?.close();
});

const login = (email: string, password: string, remoteAddress: string) =>
  testApp.app.inject({ method: 'POST', url: '/api/User/login', payload: { email, password }, remoteAddress });

describe('sign-in under a burst', () => {
  it(`${BURST} concurrent wrong passwords for one account (from as many addresses): at most ${LIMITS.loginAccount.max} reach the password check`, async () => {
    verifications = 0;
    const responses = await burst(BURST, (i) => login(anna.email, `Wrong-Password-${i}`, `198.51.100.${i + 1}`));
    expect(verifications).toBeLessThanOrEqual(LIMITS.loginAccount.max);
    expect(statusCounts(responses)).toEqual({ 401: verifications, 429: BURST - verifications });
    // Every one of the burst's calls was refused or failed: now even the right password waits.
    const after = await login(anna.email, PASSWORD, '198.51.100.200');
    expect(after.statusCode).toBe(429);
    expect(after.json()).toMatchObject({ type: 'ERROR', code: 15 });
    expect(verifications).toBeLessThanOrEqual(LIMITS.loginAccount.max);
  }, 60_000);

  it(`${2 * LIMITS.login.max} concurrent wrong attempts from one address (for unknown accounts): at most ${LIMITS.login.max} reach the password check`, async () => {
    verifications = 0;
    const responses = await burst(2 * LIMITS.login.max, (i) => login(`nobody.${i}@example.com`, 'Wrong-Password-1', '203.0.113.9'));
    expect(verifications).toBeGreaterThan(0);
    expect(verifications).toBeLessThanOrEqual(LIMITS.login.max);
    expect(statusCounts(responses)).toEqual({ 401: verifications, 429: 2 * LIMITS.login.max - verifications });
  }, 60_000);

  it('successful sign-ins give their count back: bursts of right passwords, one after the other, all pass', async () => {
    const bea = await person(testApp, 'Bea Burst');
    // (a sign-in in flight holds its counts until its password is checked: one burst up to the account's limit)
    for (let round = 0; round < 3; round += 1) {
      const responses = await burst(LIMITS.loginAccount.max, () => login(bea.email, PASSWORD, '203.0.113.10'));
      expect(statusCounts(responses)).toEqual({ 200: LIMITS.loginAccount.max });
    }
    // and the account's failures still have their whole allowance
    verifications = 0;
    const wrong = await burst(LIMITS.loginAccount.max, (i) => login(bea.email, 'Wrong-Password-1', `203.0.113.${20 + i}`));
    expect(statusCounts(wrong)).toEqual({ 401: LIMITS.loginAccount.max });
  }, 60_000);
});

describe('the limits per client address of the public account calls under a burst', () => {
  it(`register: of ${BURST} concurrent registrations from one address at most ${LIMITS.registration.max} create an account`, async () => {
    // this app has a generous registration limit (for the test people): a second app with the shipped one
    const strict = await startTestApp({ rateLimits: LIMITS });
    try {
      const bodies = Array.from({ length: BURST }, () => registration());
      const responses = await burst(BURST, (i) => strict.app.inject({ method: 'POST', url: '/api/User/register', payload: bodies[i]!, remoteAddress: '192.0.2.50' }));
      const created = await strict.app.orm.em.fork().count(User, { email: { $in: bodies.map((b) => String(b['email'])) } });
      expect(created).toBeLessThanOrEqual(LIMITS.registration.max);
      expect(statusCounts(responses)).toEqual({ 200: created, 429: BURST - created });
      await strict.app.mailer.idle();
    } finally {
      await strict.close();
    }
  }, 60_000);

  it.each([
    ['forgotPassword', '/api/User/forgotPassword', () => ({ email: 'someone@example.com' }), LIMITS.passwordReset.max, 200],
    ['resendConfirmationEmail', '/api/User/resendConfirmationEmail', () => ({ email: 'someone@example.com' }), LIMITS.confirmationResend.max, 200],
    [
      'resetPassword',
      '/api/User/resetPassword',
      () => ({ userId: '00000000-0000-4000-8000-000000000000', resetCode: 'guessed-code', newPassword: 'Zurueck-Gesetzt-2027!' }),
      LIMITS.passwordReset.max,
      400,
    ],
  ] as const)(`%s: of ${BURST} concurrent calls from one address exactly the limit are handled`, async (_name, url, body, max, handled) => {
    const address = `192.0.2.${url.length}`;
    const responses = await burst(BURST, () => testApp.app.inject({ method: 'POST', url, payload: body(), remoteAddress: address }));
    expect(statusCounts(responses)).toEqual({ [handled]: max, 429: BURST - max });
    await testApp.app.mailer.idle();
  }, 60_000);
});

describe('invitations under a burst', () => {
  it(`${BURST} concurrent invitations of 10 addresses each: at most ${LIMITS.invitation.max} addresses are looked up`, async () => {
    const organization = await organizationOf(anna, [], 'Ansturm GmbH');
    const responses = await burst(BURST, (i) =>
      anna.client.call({ method: 'PUT', url: `/api/Organization/${organization}/members`, body: Array.from({ length: 10 }, (_, j) => `unknown.${i}.${j}@example.com`) }),
    );
    const answered = responses.filter((r) => r.statusCode === 200);
    const lookedUp = answered.reduce((sum, r) => sum + (r.json() as { nonExistingUsers: string[] }).nonExistingUsers.length, 0);
    expect(lookedUp).toBeLessThanOrEqual(LIMITS.invitation.max);
    expect(answered.length).toBe(LIMITS.invitation.max / 10);
    expect(statusCounts(responses)).toEqual({ 200: answered.length, 429: BURST - answered.length });
    // a refused call gave its addresses back: one more address than is left is refused, the rest passes
    expect((await anna.client.call({ method: 'PUT', url: `/api/Organization/${organization}/members`, body: ['late@example.com'] })).statusCode).toBe(429);
  }, 60_000);
});

describe('public lookups under a burst', () => {
  it(`trial rain lookups: of ${BURST} concurrent lookups with ${10} left in the window exactly 10 are answered`, async () => {
    const address = '10.9.9.9';
    await countUp(em(), `trial-rain:ip:${address}`, TRIAL_LOOKUP_LIMIT, TRIAL_LOOKUP_LIMIT.max - 10);
    const responses = await burst(BURST, () =>
      testApp.app.inject({ method: 'GET', url: '/api/Raindata/trial', query: { latitude: '55.5', longitude: '5' }, remoteAddress: address }),
    );
    // no rain data in this database: an answered lookup is 404, code 57
    expect(statusCounts(responses)).toEqual({ 404: 10, 429: BURST - 10 });
    expect((await testApp.app.inject({ method: 'GET', url: '/api/Raindata/trial', query: { latitude: '55.5', longitude: '5' }, remoteAddress: '10.9.9.10' })).statusCode).toBe(404);
  }, 60_000);

  it('share views: per address and per link, a burst passes no further than the limit (the access log counts only what passed)', async () => {
    const projectId = await createProject(anna.client, { name: 'Geteilt' });
    const created = await anna.client.post(`/api/Project/${projectId}/shareLinks`, { label: 'Amt' });
    expect(created.statusCode, created.body).toBe(200);
    const { id, token } = created.json() as { id: string; token: string };
    const view = (remoteAddress: string) => testApp.app.inject({ method: 'GET', url: `/api/Share/${token}`, remoteAddress });
    const accessCount = async () => Number((await em().execute<Array<{ access_count: number }>>('select access_count from share_link where id = ?', [id]))[0]?.access_count);

    // per address: 10 calls left for this address
    await countUp(em(), 'share:ip:10.7.7.7', SHARE_ADDRESS_LIMIT, SHARE_ADDRESS_LIMIT.max - 10);
    const byAddress = await burst(BURST, () => view('10.7.7.7'));
    expect(statusCounts(byAddress)).toEqual({ 200: 10, 429: BURST - 10 });
    expect(await accessCount()).toBe(10);

    // per link: 5 calls left for the link, from 30 addresses
    await countUp(em(), `share:link:${id}`, SHARE_LINK_LIMIT, SHARE_LINK_LIMIT.max - 10 - 5);
    const byLink = await burst(BURST, (i) => view(`10.8.8.${i + 1}`));
    expect(statusCounts(byLink)).toEqual({ 200: 5, 429: BURST - 5 });
    expect(await accessCount()).toBe(15);
  }, 60_000);
});
