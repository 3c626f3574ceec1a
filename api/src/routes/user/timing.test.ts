/**
 * Issue 25, item 4 (decision 0187): the work that depends on whether an account exists —
 * forgotPassword, resendConfirmationEmail, register with a known address, a new e-mail address in
 * PATCH /User — neither runs in the request nor while the next request is handled. The queue of that work (plugins/app/mailer.ts)
 * runs only when no request has been in flight for a while; so the request right after one of
 * these calls runs the same statements, with the work still waiting, whether or not the address
 * has an account. A lenient statistical check over many samples compares the next request's
 * time; the precise comparison is the api bench (`bench-timing.ts`, docs/performance.md).
 */
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_WORK_TIMING, type AccountWorkTiming } from '../../config.ts';
import { registerConfirmed, registration } from '../../testing/accounts.ts';
import { person, type Person } from '../../testing/people.ts';
import { recordStatements } from '../../testing/statements.ts';
import { startTestApp, type TestApp } from '../../testing/test-app.ts';

/** The shipped queue's rules with a quiet time far above any stall of a loaded machine. */
const TIMING: AccountWorkTiming = { ...ACCOUNT_WORK_TIMING, quietMs: 1000, jitterMs: 200, maxWaitMs: 60_000 };
let testApp: TestApp;
let existing: string;
let unconfirmed: string;
let planner: Person;
/** The planner's personal data as GET /User answers it (PATCH /User takes them back). */
let plannerData: Record<string, unknown>;

beforeAll(async () => {
  // the account work queued as shipped, with a longer quiet time (the test app's default runs the
  // work at once): the shipped 200 ms is shorter than the pauses a loaded CI machine can put
  // between two requests of these tests, and the work then rightly starts. No account cache, so
  // that every request reads its session and user (the cache's expiry is no part of this).
  testApp = await startTestApp({ accountWork: TIMING, accountCacheTtl: 0 });
  existing = await registerConfirmed(testApp, testApp.client());
  planner = await person(testApp, 'Nora Nächste');
  plannerData = ((await planner.client.get('/api/User')).json() as { user: Record<string, unknown> }).user;
  const body = registration();
  unconfirmed = String(body['email']);
  expect((await testApp.client().post('/api/User/register', body)).statusCode).toBe(200);
  await testApp.smtp.nextMail(unconfirmed);
}, 60_000);

afterAll(async () => {
  await testApp?.close();
});

type Which = 'known' | 'unknown';
const anonymousPost = (url: string, body: (which: Which) => Record<string, unknown>) => (which: Which) => testApp.client().post(url, body(which));
/** A signed-in user asks for a new e-mail address: one with an account, or one without. */
const changeEmail = (which: Which) => planner.client.patch('/api/User', { ...plannerData, email: which === 'known' ? existing : 'nobody.new.address@example.com' });
const CALLS = {
  forgotPassword: anonymousPost('/api/User/forgotPassword', (which) => ({ email: which === 'known' ? existing : 'nobody.at.all@example.com' })),
  resendConfirmationEmail: anonymousPost('/api/User/resendConfirmationEmail', (which) => ({ email: which === 'known' ? unconfirmed : 'nobody.at.all@example.com' })),
  register: anonymousPost('/api/User/register', (which) => (which === 'known' ? registration({ email: existing }) : registration())),
  'PATCH /User (new e-mail address)': changeEmail,
} as const;

/** The next request: a signed-in planner's project list (a database read like most calls). */
const nextRequest = () => planner.client.get('/api/Project/userProjects');

describe('the request after an account call', () => {
  it.each(Object.keys(CALLS) as Array<keyof typeof CALLS>)(
    '%s: the next request runs the same statements for a known and an unknown address, before any of the account work',
    async (name) => {
      const call = CALLS[name];
      const recorder = recordStatements(testApp);
      const mailer = testApp.app.mailer;
      try {
        const seen: Record<Which, { request: string[]; next: string[] }> = { known: { request: [], next: [] }, unknown: { request: [], next: [] } };
        for (const which of ['known', 'unknown'] as const) {
          await mailer.idle();
          const started = mailer.accountWork().started;
          recorder.take();
          const answer = await call(which);
          expect(answer.statusCode, answer.body).toBe(200);
          seen[which].request = recorder.take();
          const next = await nextRequest();
          expect(next.statusCode).toBe(200);
          seen[which].next = recorder.take();
          // the work is queued, and has not started: neither the call nor the next request shared the process with it
          expect(mailer.accountWork()).toEqual({ waiting: 1, started });
          await mailer.idle();
          expect(mailer.accountWork()).toEqual({ waiting: 0, started: started + 1 });
          // its statements ran afterwards (the known address's code and mail, or the bare look-up)
          expect(recorder.take().length).toBeGreaterThan(0);
        }
        expect(seen.known.request).toEqual(seen.unknown.request);
        expect(seen.known.next).toEqual(seen.unknown.next);
      } finally {
        recorder.stop();
      }
    },
    60_000,
  );

  it('the work waits while requests keep coming, and runs once the process is quiet', async () => {
    const mailer = testApp.app.mailer;
    await mailer.idle();
    const started = mailer.accountWork().started;
    expect((await testApp.client().post('/api/User/forgotPassword', { email: existing })).statusCode).toBe(200);
    // requests closer together than the quiet time, for longer than the work's earliest start
    const until = performance.now() + TIMING.quietMs + TIMING.jitterMs + 300;
    while (performance.now() < until) {
      expect((await nextRequest()).statusCode).toBe(200);
      expect(mailer.accountWork()).toEqual({ waiting: 1, started });
      await sleep(TIMING.quietMs / 20);
    }
    const mails = testApp.smtp.mails.length;
    await mailer.idle();
    expect(mailer.accountWork()).toEqual({ waiting: 0, started: started + 1 });
    await expect.poll(() => testApp.smtp.mails.length).toBe(mails + 1);
  }, 60_000);
});

describe('the next request’s time (lenient; the bench measures it precisely)', () => {
  const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)]!;
  };

  it('after forgotPassword: medians over 60 samples each for a known and an unknown address within a factor of 2', async () => {
    const fast = await startTestApp({ accountWork: { quietMs: 20, jitterMs: 0, maxWaitMs: 5000 } });
    try {
      const email = await registerConfirmed(fast, fast.client());
      const reader = await person(fast, 'Lea Leserin');
      const times: Record<'known' | 'unknown', number[]> = { known: [], unknown: [] };
      for (let i = 0; i < 120; i += 1) {
        const which = i % 2 === 0 ? 'known' : 'unknown';
        const answer = await fast.client().post('/api/User/forgotPassword', { email: which === 'known' ? email : `nobody.${i}@example.com` });
        expect(answer.statusCode).toBe(200);
        const start = performance.now();
        const next = await reader.client.get('/api/Project/userProjects');
        times[which].push(performance.now() - start);
        expect(next.statusCode).toBe(200);
        await fast.app.mailer.idle();
      }
      const known = median(times.known);
      const unknown = median(times.unknown);
      expect(known, `median ${known.toFixed(2)} ms (known) vs ${unknown.toFixed(2)} ms (unknown)`).toBeLessThan(2 * unknown + 1);
      expect(unknown).toBeLessThan(2 * known + 1);
    } finally {
      await fast.close();
    }
  }, 180_000);
});
