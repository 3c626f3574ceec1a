/**
 * The calls at the largest input the size limits allow (part of `npm run bench`, issue 25.3,
 * decision 0194): one project whose box-tank measure of 160 m × 40 m × 5 levels opens the largest
 * configuration (50,000 boxes, `SIZE_LIMITS.configurationItemsMax`), then each call whose work
 * grows with it: a node write (the engine re-sizes the linked measure from its items), items GET
 * and PUT, the drawings (50,000 items; an empty 160 m × 160 m grid), the mass lists, the GAEB
 * file and the share view. One client, sequential calls over HTTP, BENCH_RUNS (default 5) timed
 * calls per case after one warm-up call; p50 and the slowest call, the answer's size and the
 * resident memory the process reached. PGlite (in memory) and PostgreSQL (TEST_DATABASE_URL,
 * else postgres://postgres@127.0.0.1:5432/test; skipped with a notice when unreachable).
 * Figures: docs/performance.md "API: cost bounds".
 */
import type { DatabaseConfig } from '../db/orm.ts';
import { benchSignIn, createBenchUser, num, onPostgres, pad, withBenchApp, type Result } from './bench-support.ts';

const RUNS = Number(process.env['BENCH_RUNS'] ?? 5);
const LARGEST = { length: 160, width: 40, levels: 5, height: 3.3, storageCoefficient: 95 } as const;
const MB = 1024 * 1024;

interface Case extends Result {
  readonly max: number;
  readonly bytes: number;
  readonly rssMb: number;
}

async function costCases(databaseName: string, database: DatabaseConfig): Promise<Case[]> {
  return withBenchApp(database, async (app, base) => {
    const user = await createBenchUser(app, 'cost@bench.example.com', 'Bench Cost');
    const session = await benchSignIn(base, user.email);
    // A stale PUT's 409 is one of the measured answers.
    const call = (method: string, url: string, body?: unknown, signedIn = true) => session.call(method, url, body, { signedIn, accept: [409] });
    type Node = Record<string, unknown> & { id: string; version: number; data: Record<string, unknown> };
    const projectId = JSON.parse(await call('POST', '/api/Project', { project: { name: 'Größter Speicher', airPollutionType: 'L2' }, location: { latitude: 52.5, longitude: 13.4, address: 'Berlin' } })) as string;
    const fresh = JSON.parse(await call('POST', `/api/Project/${projectId}/measure`, { name: 'Rigole' })) as Node;
    const tank = (version: number) => ({
      ...fresh,
      version,
      value: null,
      data: { ...fresh.data, installationTarget: 'Infiltration', installationVariant: 'infiltrationTank', infiltrationTankType: 'Box', soilData: 'S5', permeabilityCoefficientX: 5.67, permeabilityCoefficientY: 5, dimensioningInfiltrationTank: LARGEST },
    });
    const measure = JSON.parse(await call('PUT', `/api/Project/${projectId}/measure/${fresh.id}`, tank(fresh.version))) as Node;
    let surface = JSON.parse(await call('POST', `/api/Project/${projectId}/surface`, { name: 'Dach' })) as Node;
    const roof = (area: number) => ({ ...surface, value: area, drain: 'Groundwater', parentId: measure.id, data: { runoff: 'flatRoof', cm: 0.9, cs: 1, groundPollutionM153: 'F2' } });
    surface = JSON.parse(await call('PUT', `/api/Project/${projectId}/surface/${surface.id}`, roof(2000))) as Node;

    const cases: Case[] = [];
    const timed = async (name: string, once: () => Promise<string>, warm = true) => {
      if (warm) await once();
      const latencies: number[] = [];
      let bytes = 0;
      let rss = process.memoryUsage().rss;
      for (let i = 0; i < RUNS; i++) {
        const t = performance.now();
        bytes = Buffer.byteLength(await once());
        latencies.push(performance.now() - t);
        rss = Math.max(rss, process.memoryUsage().rss);
      }
      latencies.sort((a, b) => a - b);
      const total = latencies.reduce((a, b) => a + b, 0);
      cases.push({ database: databaseName, name, requestsPerSecond: (1000 * RUNS) / total, p50: latencies[Math.floor(RUNS / 2)] ?? NaN, p99: latencies.at(-1) ?? NaN, max: latencies.at(-1) ?? NaN, failures: 0, bytes, rssMb: rss / MB });
    };

    // creating the largest configuration: each run deletes it again first (untimed)
    let configurationId = '';
    await timed('POST /BoxConfigurator (50,000 boxes)', async () => {
      if (configurationId !== '') await call('DELETE', `/api/BoxConfigurator/${configurationId}`);
      const text = await call('POST', '/api/BoxConfigurator', { projectId, measureId: measure.id });
      configurationId = (JSON.parse(text) as { id: string }).id;
      return text;
    }, false);
    let area = 2000;
    await timed('PUT surface (50,000 linked items)', async () => {
      const text = await call('PUT', `/api/Project/${projectId}/surface/${surface.id}`, { ...roof((area += 10)), version: surface.version });
      surface = JSON.parse(text) as Node;
      return text;
    });
    const itemsUrl = `/api/BoxConfigurator/${configurationId}/boxItems`;
    await timed('GET boxItems (50,000)', () => call('GET', itemsUrl));
    let items = JSON.parse(await call('GET', itemsUrl)) as { version: number; boxItems: unknown[] };
    await timed('PUT boxItems (50,000)', async () => {
      const text = await call('PUT', itemsUrl, items);
      items = JSON.parse(text) as typeof items;
      return text;
    });
    const stale = { ...items, version: 1 };
    await timed('PUT boxItems (stale → 409)', () => call('PUT', itemsUrl, stale));
    await timed('GET images (50,000 items)', () => call('GET', `/api/Documents/images/${configurationId}`));
    const empty = JSON.parse(await call('POST', '/api/BoxConfigurator', { projectId, measureId: null, name: 'Leer' })) as { id: string; version: number };
    await call('PATCH', `/api/BoxConfigurator/${empty.id}`, { version: empty.version, dimensioning: { length: 160, width: 160, levels: 7 } });
    await timed('GET images (empty 160 × 160 m)', () => call('GET', `/api/Documents/images/${empty.id}`));
    await timed('GET masslist/data (project)', () => call('GET', `/api/Documents/${projectId}/masslist/data?groupBy=configuration`));
    await timed('GET measure masslist/data', () => call('GET', `/api/Documents/${projectId}/measure/${measure.id}/masslist/data`));
    await timed('GET configuration masslist/data', () => call('GET', `/api/Documents/${projectId}/boxConfigurator/${configurationId}/masslist/data`));
    await timed('GET serviceCatalogue (X82)', () => call('GET', `/api/Documents/${projectId}/serviceCatalogue?gaebFileType=GaebX82`));
    const link = JSON.parse(await call('POST', `/api/Project/${projectId}/shareLinks`, { label: 'Bench' })) as { token: string };
    await timed('GET /Share/{token}', () => call('GET', `/api/Share/${link.token}`, undefined, false));
    return cases;
  });
}

const results: Case[] = [];
const notes: string[] = [];
console.log(`\napi benchmark, cost bounds at the largest inputs: ${RUNS} timed calls per case (after one warm-up), one client, Node ${process.version}\n`);
results.push(...(await costCases('PGlite', { kind: 'pglite', dataDir: 'memory://' })));
const postgres = await onPostgres('rainplan_bench_cost', (database) => costCases('PostgreSQL', database));
if (typeof postgres === 'string') notes.push(postgres);
else results.push(...(postgres as Case[]));

console.log(`${pad('database', 11)}${pad('case', 38)}${'p50 ms'.padStart(9)}${'max ms'.padStart(9)}${'answer KiB'.padStart(12)}${'rss MiB'.padStart(9)}`);
for (const r of results) console.log(`${pad(r.database, 11)}${pad(r.name, 38)}${num(r.p50, 9)}${num(r.max, 9)}${num(r.bytes / 1024, 12, 1)}${num(r.rssMb, 9)}`);
for (const note of notes) console.log(`\n${note}`);
