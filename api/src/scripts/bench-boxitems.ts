/**
 * Box items at scale (part of `npm run bench`, issue 16, decision 0095): a custom configuration
 * with 20,160 items (60 × 48 cells × 7 layers of full boxes, docs/configurator.md "Scale"):
 *   - `PUT /api/BoxConfigurator/{id}/boxItems` of the whole list (every item sent with its id,
 *     the version of the previous answer): schema check, the engine's item checks, one statement;
 *   - `GET /api/BoxConfigurator/{id}/boxItems`.
 * Sequential calls, one client, BENCH_SECONDS (default 3) per case after a 1 s warm-up, at least
 * 20 calls each; PGlite (in memory) and PostgreSQL (TEST_DATABASE_URL, else
 * postgres://postgres@127.0.0.1:5432/test; skipped with a notice when unreachable). Targets on
 * PostgreSQL: PUT p99 ≤ 1,000 ms, GET p99 ≤ 200 ms (BENCH_STRICT=1: exit 1 when missed).
 */
import type { DatabaseConfig } from '../db/orm.ts';
import { SECONDS, benchSignIn, createBenchUser, num, onPostgres, pad, withBenchApp, type Result } from './bench-support.ts';

const TARGETS = { put: 1000, get: 200 } as const;
const SIZE = { x: 60, z: 48, layers: 7 } as const;
const MIN_CALLS = 20;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

async function timed(name: string, database: string, target: number, call: () => Promise<void>): Promise<Result> {
  const warm = performance.now() + 1000;
  while (performance.now() < warm) await call();
  const latencies: number[] = [];
  const started = performance.now();
  while (performance.now() < started + SECONDS * 1000 || latencies.length < MIN_CALLS) {
    const t = performance.now();
    await call();
    latencies.push(performance.now() - t);
  }
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { database, name, target, requestsPerSecond: latencies.length / seconds, p50: percentile(latencies, 50), p99: percentile(latencies, 99), failures: 0 };
}

async function boxItemCases(databaseName: string, database: DatabaseConfig): Promise<Result[]> {
  return withBenchApp(database, async (app, base) => {
    const user = await createBenchUser(app, 'boxes@bench.example.com', 'Bench Boxes');
    const { call } = await benchSignIn(base, user.email);
    const projectId = JSON.parse(await call('POST', '/api/Project', { project: { name: 'Großer Speicher', airPollutionType: 'L2' }, location: { latitude: 52.5, longitude: 13.4, address: 'Berlin' } })) as string;
    const config = JSON.parse(await call('POST', '/api/BoxConfigurator', { projectId, measureId: null, name: 'Speicher 20.160 Boxen' })) as { id: string };
    await call('PATCH', `/api/BoxConfigurator/${config.id}`, { version: 1, dimensioning: { length: SIZE.x * 0.8, width: SIZE.z * 0.8, levels: SIZE.layers } });
    const items = [];
    for (let y = 0; y < SIZE.layers; y++) for (let x = 0; x < SIZE.x; x++) for (let z = 0; z < SIZE.z; z++) items.push({ boxId: null, boxTypeId: 'BOX_FULL', x, y, z, rotation: 'North', options: [] });
    let current = JSON.parse(await call('PUT', `/api/BoxConfigurator/${config.id}/boxItems`, { version: 2, boxItems: items })) as { version: number; boxItems: unknown[] };
    if (current.boxItems.length !== SIZE.x * SIZE.z * SIZE.layers) throw new Error(`expected ${SIZE.x * SIZE.z * SIZE.layers} items, got ${current.boxItems.length}`);
    const url = `/api/BoxConfigurator/${config.id}/boxItems`;
    const count = current.boxItems.length.toLocaleString('en');
    const put = await timed(`PUT boxItems (${count} items)`, databaseName, TARGETS.put, async () => {
      current = JSON.parse(await call('PUT', url, { version: current.version, boxItems: current.boxItems })) as typeof current;
    });
    const get = await timed(`GET boxItems (${count} items)`, databaseName, TARGETS.get, async () => {
      await call('GET', url);
    });
    return [put, get];
  });
}

const results: Result[] = [];
const notes: string[] = [];
console.log(`\napi benchmark, box items: ${SECONDS} s (at least ${MIN_CALLS} calls) per case after 1 s warm-up, one client, Node ${process.version}\n`);
results.push(...(await boxItemCases('PGlite', { kind: 'pglite', dataDir: 'memory://' })));
const postgres = await onPostgres('rainplan_bench_boxitems', (database) => boxItemCases('PostgreSQL', database));
if (typeof postgres === 'string') notes.push(postgres);
else results.push(...postgres);

console.log(`${pad('database', 11)}${pad('case', 40)}${'req/s'.padStart(9)}${'p50 ms'.padStart(8)}${'p99 ms'.padStart(8)}${'target'.padStart(11)}`);
let missed = false;
for (const r of results) {
  const meets = r.target === undefined || r.p99 <= r.target;
  if (!meets && r.database === 'PostgreSQL') missed = true;
  console.log(`${pad(r.database, 11)}${pad(r.name, 40)}${num(r.requestsPerSecond, 9, 1)}${num(r.p50, 8, 1)}${num(r.p99, 8, 1)}${`${meets ? ' ✓' : ' ✗'} ≤${String(r.target).padStart(5)}ms`.padStart(11)}`);
}
for (const note of notes) console.log(`\n${note}`);
console.log(`\nTargets on PostgreSQL: PUT p99 ≤ ${TARGETS.put} ms, GET p99 ≤ ${TARGETS.get} ms: ${missed ? 'MISSED' : notes.length > 0 ? 'not measured' : 'met'}`);
if (missed && process.env['BENCH_STRICT'] === '1') process.exitCode = 1;
