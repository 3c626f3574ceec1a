/**
 * Timing tells (npm run bench; issue 25, item 4, decision 0187): the request sent right after
 * `POST /api/User/forgotPassword`, for an address with an account and one without, over HTTP on
 * loopback, on PGlite (in memory) and PostgreSQL (TEST_DATABASE_URL, else
 * postgres://postgres@127.0.0.1:5432/test; a notice when unreachable). The next request is a
 * signed-in planner's project list. Each case alternates the two addresses for
 * BENCH_TIMING_SAMPLES (default 60) samples each and waits for the account work to finish between
 * samples (in a shuffled order); it reports the next request's median and p90 per address, their
 * ratio, and in how many samples the call's account work had started before the next request
 * was answered (it then shared the process with that request).
 *
 * Two timings of the account work: the shipped one (ACCOUNT_WORK_TIMING: only when the process
 * has been quiet) and, for comparison, "at once" (as soon as no request is in flight — how the
 * work ran before decision 0187: right after the answer). Target: with the shipped timing no
 * overlap and the medians within 25 % of each other (BENCH_STRICT=1: exit 1 when missed).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { performance } from 'node:perf_hooks';
import { ACCOUNT_WORK_TIMING, DEFAULTS, type AccountWorkTiming, type ApiConfig } from '../config.ts';
import { User } from '../db/entities/user.ts';
import type { DatabaseConfig, EntityManager } from '../db/orm.ts';
import { PASSWORD, num, onPostgres, pad, withBenchApp, type Result } from './bench-support.ts';

const SAMPLES = Math.max(10, Number(process.env['BENCH_TIMING_SAMPLES'] ?? 60));
/** The medians within this factor of each other (a loaded machine's noise is larger than 10 %). */
const TARGET_RATIO = 1.25;
/** Keeps the accounts of the cases apart (PostgreSQL: one database for all). */
let runs = 0;

interface Row {
  readonly database: string;
  readonly timing: string;
  readonly known: { median: number; p90: number };
  readonly unknown: { median: number; p90: number };
  readonly ratio: number;
  /** Samples in which the call's account work had started before the next request was answered. */
  readonly overlaps: number;
}

const quantile = (values: readonly number[], q: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
};

async function measure(databaseName: string, database: DatabaseConfig, timingName: string, timing: AccountWorkTiming): Promise<Row> {
  const overrides: Partial<ApiConfig> = {
    accountWork: timing,
    // many calls from one address: the limit is not what is measured
    rateLimits: { ...DEFAULTS.rateLimits, passwordReset: { max: 1_000_000, timeWindow: 60 * 60 * 1000 } },
  };
  return withBenchApp(
    database,
    async (app, base) => {
      const em = app.orm.em.fork() as EntityManager;
      const passwordHash = await app.passwords.hash(PASSWORD);
      const user = (email: string) =>
        em.create(User, { email, passwordHash, formOfAddress: 'NONE', name: 'Bench Timing', street: 'Regenweg', houseNumber: '1', zipCode: '10115', city: 'Berlin', status: 'ACTIVE', gdprConsentAt: new Date() });
      runs += 1;
      const known = user(`bench.timing.known.${runs}@example.com`);
      const reader = user(`bench.timing.reader.${runs}@example.com`);
      await em.flush();
      const login = await fetch(`${base}/api/User/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: reader.email, password: PASSWORD }) });
      if (!login.ok) throw new Error(`login failed: ${login.status}`);
      const cookie = login.headers.getSetCookie().map((c) => c.split(';', 1)[0]).join('; ');

      const times: Record<'known' | 'unknown', number[]> = { known: [], unknown: [] };
      let overlaps = 0;
      // both addresses equally often, in a shuffled order (no rhythm for the machine's drift to follow)
      const order = Array.from({ length: 2 * SAMPLES + 4 }, (_, i) => (i % 2 === 0 ? 'known' : 'unknown') as 'known' | 'unknown');
      for (let i = order.length - 1; i > 4; i -= 1) {
        const j = 4 + Math.floor(Math.random() * (i - 3));
        [order[i], order[j]] = [order[j]!, order[i]!];
      }
      for (const [i, which] of order.entries()) {
        const email = which === 'known' ? known.email : `bench.timing.nobody.${runs}.${i}@example.com`;
        const started = app.mailer.accountWork().started;
        const answer = await fetch(`${base}/api/User/forgotPassword`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email }) });
        if (!answer.ok) throw new Error(`forgotPassword failed: ${answer.status}`);
        await answer.arrayBuffer();
        const start = performance.now();
        const next = await fetch(`${base}/api/Project/userProjects`, { headers: { cookie } });
        await next.arrayBuffer();
        const elapsed = performance.now() - start;
        if (app.mailer.accountWork().started !== started) overlaps += 1;
        if (!next.ok) throw new Error(`next request failed: ${next.status}`);
        if (i >= 4) times[which].push(elapsed); // the first two pairs warm up
        await app.mailer.idle();
        await sleep(5);
      }
      const k = { median: quantile(times.known, 0.5), p90: quantile(times.known, 0.9) };
      const u = { median: quantile(times.unknown, 0.5), p90: quantile(times.unknown, 0.9) };
      return { database: databaseName, timing: timingName, known: k, unknown: u, ratio: k.median / u.median, overlaps };
    },
    overrides,
  );
}

const AT_ONCE: AccountWorkTiming = { quietMs: 0, jitterMs: 0, maxWaitMs: 30_000 };
const SHIPPED = `quiet ${ACCOUNT_WORK_TIMING.quietMs} ms + 0–${ACCOUNT_WORK_TIMING.jitterMs} ms (shipped)`;
const BEFORE = 'at once after the answer (before 0187)';

console.log(`timing tells: the request right after forgotPassword, ${SAMPLES} samples per address, loopback, Node ${process.version}\n`);
const rows: Row[] = [];
rows.push(await measure('PGlite', { kind: 'pglite', dataDir: 'memory://' }, SHIPPED, ACCOUNT_WORK_TIMING));
rows.push(await measure('PGlite', { kind: 'pglite', dataDir: 'memory://' }, BEFORE, AT_ONCE));
const postgres = await onPostgres('rainplan_bench_timing', async (database): Promise<Result[]> => {
  rows.push(await measure('PostgreSQL', database, SHIPPED, ACCOUNT_WORK_TIMING));
  rows.push(await measure('PostgreSQL', database, BEFORE, AT_ONCE));
  return [];
});

console.log(`${pad('database', 11)}${pad('account work', 44)}${'known p50'.padStart(10)}${'p90'.padStart(8)}${'unknown p50'.padStart(13)}${'p90'.padStart(8)}${'ratio'.padStart(8)}${'overlaps'.padStart(10)}`);
let missed = false;
for (const row of rows) {
  if (row.timing === SHIPPED && (row.overlaps > 0 || row.ratio > TARGET_RATIO || row.ratio < 1 / TARGET_RATIO)) missed = true;
  console.log(
    `${pad(row.database, 11)}${pad(row.timing, 44)}${num(row.known.median, 10, 2)}${num(row.known.p90, 8, 2)}${num(row.unknown.median, 13, 2)}${num(row.unknown.p90, 8, 2)}${num(row.ratio, 8, 2)}${num(row.overlaps, 10)}`,
  );
}
if (typeof postgres === 'string') console.log(`\n${postgres}`);
console.log(`\nTarget: with the shipped timing no overlap and the medians (known ÷ unknown) within ${TARGET_RATIO} ×: ${missed ? 'MISSED' : 'met'}`);
if (missed && process.env['BENCH_STRICT'] === '1') process.exitCode = 1;
