/**
 * The planning calls under load (part of `npm run bench`, after bench.ts), on PGlite (in memory)
 * and PostgreSQL (TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test; skipped with a
 * notice when unreachable):
 *   - a bare Fastify route (`GET /bare`) in the same run — the ceiling of this machine;
 *   - `GET /api/Project/userProjects`, page 3 of 20 sorted by name, for a user with 1,000 projects
 *     (autocannon, BENCH_CONNECTIONS connections, load generator in a worker thread);
 *   - `PUT /api/Project/{id}/measure/{id}` of a sized infiltration trough (2 surfaces, custom rain
 *     data): the engine recomputes the waterflow on every call. BENCH_PUT_CLIENTS (default 4)
 *     clients each save their own measure in a loop (each PUT carries the version the last one
 *     returned, so none is refused as stale).
 * Each case runs BENCH_SECONDS (default 3) after a 1 s warm-up. Targets (docs/performance.md,
 * "API: planning calls"): on PostgreSQL list p99 < 50 ms and PUT p99 < 30 ms (BENCH_STRICT=1:
 * exit 1 when missed).
 */
import { randomUUID } from 'node:crypto';
import { Project } from '../db/entities/project.ts';
import type { DatabaseConfig, EntityManager } from '../db/orm.ts';
import { computedPaths } from '../projects/computed.ts';
import { CUSTOM_RAIN, TROUGH_INPUTS } from '../testing/measure-inputs.ts';
import { CONNECTIONS, SECONDS, bare, benchSignIn, cannon, createBenchUser, num, onPostgres, pad, withBenchApp, type Result } from './bench-support.ts';

const PUT_CLIENTS = Number(process.env['BENCH_PUT_CLIENTS'] ?? 4);
const TARGETS = { list: 50, put: 30 } as const;

function withoutComputedValues(node: Record<string, unknown>): Record<string, unknown> {
  const copy = structuredClone(node);
  for (const path of computedPaths('measure')) {
    let at: Record<string, unknown> | undefined = copy;
    for (const key of path.slice(0, -1)) at = at?.[key] as Record<string, unknown> | undefined;
    if (at !== undefined) at[path.at(-1) ?? ''] = null;
  }
  return copy;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

/** Sequential PUT loops, one per client and measure; latency of every call. */
async function putLoops(database: string, cookie: string, token: string, measures: Array<{ url: string; node: Record<string, unknown> }>): Promise<Result> {
  const latencies: number[] = [];
  let failures = 0;
  const loop = async (target: { url: string; node: Record<string, unknown> }, until: number, record: boolean) => {
    let node = target.node;
    let length = 20;
    while (performance.now() < until) {
      length = length === 20 ? 21 : 20;
      const data = node['data'] as Record<string, unknown>;
      // A client that changes an input sends the computed values it recomputed, or none: none here.
      const body = withoutComputedValues({ ...node, data: { ...data, dimensioningTrough: { ...(data['dimensioningTrough'] as object), length } } });
      const started = performance.now();
      const response = await fetch(target.url, {
        method: 'PUT',
        headers: { cookie, 'x-xsrf-token': token, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      const text = await response.text();
      if (record) latencies.push(performance.now() - started);
      if (!response.ok) {
        failures++;
        continue;
      }
      node = JSON.parse(text) as Record<string, unknown>;
    }
    target.node = node;
  };
  const warm = performance.now() + 1000;
  await Promise.all(measures.map((m) => loop(m, warm, false)));
  const started = performance.now();
  await Promise.all(measures.map((m) => loop(m, started + SECONDS * 1000, true)));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    database,
    name: `PUT measure (engine recomputation, ${measures.length} clients)`,
    target: TARGETS.put,
    requestsPerSecond: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    failures,
  };
}

async function planningCases(databaseName: string, database: DatabaseConfig): Promise<Result[]> {
  return withBenchApp(database, async (app, base) => {
    const user = await createBenchUser(app, 'planner@bench.example.com', 'Bench Planner');
    const em = app.orm.em.fork() as EntityManager;
    const start = Date.UTC(2024, 0, 1);
    await em.insertMany(
      Project,
      Array.from({ length: 1000 }, (_, i) => ({
        id: randomUUID(),
        name: `Projekt ${String((i * 7919) % 1000).padStart(4, '0')}`,
        address: `Regenweg ${i + 1}, Berlin`,
        comment: i % 3 === 0 ? 'Gründach' : null,
        latitude: 52.5,
        longitude: 13.4,
        airPollution: 'L2' as const,
        ruleEdition: 'DWA-A 138-1:2024' as const,
        supportState: 'CLOSED' as const,
        creator: user.id,
        owner: user.id,
        creationDate: new Date(start + i * 3_600_000),
        updatedAt: new Date(start + i * 3_600_000),
      })),
    );

    const { cookie, token, call: callText } = await benchSignIn(base, user.email);
    const call = async (method: string, url: string, body?: unknown) =>
      JSON.parse(await callText(method, url, body)) as Record<string, unknown> & { id: string; version: number; data: Record<string, unknown> };

    const listUrl = `${base}/api/Project/userProjects?Page=3&PageSize=20&SortByColumn=name&SortAscending=true`;
    const check = (await (await fetch(listUrl, { headers: { cookie } })).json()) as { totalCount: number };
    if (check.totalCount !== 1000) throw new Error(`expected 1000 projects, got ${check.totalCount}`);

    // One sized trough per PUT client, in a project of its own (custom rain data, two roofs).
    const measures: Array<{ url: string; node: Record<string, unknown> }> = [];
    for (let k = 0; k < PUT_CLIENTS; k++) {
      const projectId = (await call('POST', '/api/Project', {
        project: { name: `PUT ${k}`, airPollutionType: 'L2' },
        location: { latitude: 52.5, longitude: 13.4, address: 'Berlin' },
      })) as unknown as string;
      await call('PUT', `/api/Project/${projectId}/customRaindata`, CUSTOM_RAIN);
      const measure = await call('POST', `/api/Project/${projectId}/measure`, { name: 'Mulde' });
      for (const [name, area] of [['Dach', 400], ['Hof', 250]] as const) {
        const surface = await call('POST', `/api/Project/${projectId}/surface`, { name });
        await call('PUT', `/api/Project/${projectId}/surface/${surface.id}`, {
          ...surface,
          value: area,
          drain: 'Groundwater',
          parentId: measure.id,
          data: { runoff: 'flatRoof', cm: 0.9, cs: 1, groundPollutionM153: 'F2' },
        });
      }
      const current = await call('GET', `/api/Project/${projectId}/measure/${measure.id}`);
      const sized = await call('PUT', `/api/Project/${projectId}/measure/${measure.id}`, {
        ...current,
        value: null,
        data: { ...current.data, ...TROUGH_INPUTS },
      });
      if (typeof sized.data['requiredVolume'] !== 'number') throw new Error('the bench measure is not sized');
      measures.push({ url: `${base}/api/Project/${projectId}/measure/${measure.id}`, node: sized });
    }

    return [
      await cannon(databaseName, 'GET userProjects (page 3 of 20 by name, 1,000 projects)', listUrl, { cookie }, TARGETS.list),
      await putLoops(databaseName, cookie, token, measures),
    ];
  });
}

const results: Result[] = [];
const notes: string[] = [];
console.log(`\napi benchmark, planning calls: ${SECONDS} s per case after 1 s warm-up, ${CONNECTIONS} connections (list), ${PUT_CLIENTS} PUT clients, Node ${process.version}\n`);
results.push(await bare('PGlite'), ...(await planningCases('PGlite', { kind: 'pglite', dataDir: 'memory://' })));
const postgres = await onPostgres('rainplan_bench_planning', (database) => planningCases('PostgreSQL', database));
if (typeof postgres === 'string') notes.push(postgres);
else results.push(await bare('PostgreSQL'), ...postgres);

console.log(`${pad('database', 11)}${pad('case', 58)}${'req/s'.padStart(9)}${'p50 ms'.padStart(8)}${'p99 ms'.padStart(8)}${'target'.padStart(9)}${'failed'.padStart(8)}`);
let missed = false;
for (const r of results) {
  const meets = r.target === undefined || (r.p99 < r.target && r.failures === 0);
  if (!meets && r.database === 'PostgreSQL') missed = true;
  console.log(
    `${pad(r.database, 11)}${pad(r.name, 58)}${num(r.requestsPerSecond, 9)}${num(r.p50, 8, 1)}${num(r.p99, 8, 1)}` +
      `${r.target === undefined ? '        -' : `${meets ? ' ✓' : ' ✗'} <${String(r.target).padStart(3)}ms`.padStart(9)}${num(r.failures, 8)}`,
  );
}
for (const note of notes) console.log(`\n${note}`);
console.log(`\nTargets on PostgreSQL: list p99 < ${TARGETS.list} ms, PUT p99 < ${TARGETS.put} ms: ${missed ? 'MISSED' : notes.length > 0 ? 'not measured' : 'met'}`);
if (missed && process.env['BENCH_STRICT'] === '1') process.exitCode = 1;
