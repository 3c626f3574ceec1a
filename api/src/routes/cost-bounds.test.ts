/**
 * Every call's cost bounded (issue 25.3, decisions 0190–0194): the routes whose work grows with
 * the input, each called at the largest input the size limits (`SIZE_LIMITS` of the engine)
 * allow, and a value just over a limit refused. Bounded are what stays stable across machines —
 * the answer's size and the process's memory growth — and, generously, the time (a multiple of
 * what the bench measures, docs/performance.md "Cost bounds"), so that a regression to the old
 * costs (280,000 items, 1 GB drawings, 27 MB answers) fails while a slow machine passes.
 *
 * One project carries the largest configuration a measure may open: 160 m × 40 m × 5 levels =
 * 50,000 boxes (the items call's limit). PGlite, and PostgreSQL with TEST_DATABASE_URL or CI=true.
 */
import { SIZE_LIMITS } from '@rainplan/engine/tables';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOX_TANK_INPUTS, createProject, type Planner, planner, put, roof } from '../testing/planning.ts';
import { startTestApp, type TestApp } from '../testing/test-app.ts';

let testApp: TestApp;
let anna: Planner;
let projectId: string;
let measure: { id: string; version: number; data: Record<string, unknown> } & Record<string, unknown>;
let surface: Record<string, unknown> & { id: string; version: number };
let configurationId: string;

const MB = 1024 * 1024;
/** The largest block a measure may open: 200 × 50 cells × 5 levels = 50,000 boxes. */
const LARGEST = { length: 160, width: 40, levels: 5 } as const;

const BOX_TANK = BOX_TANK_INPUTS;

/** The new measure (as created: inputs only) at `version` with these tank dimensions; the engine computes the rest. */
let fresh: typeof measure;
function withTank(node: { version: number }, tank: Record<string, number>): Record<string, unknown> {
  return { ...fresh, version: node.version, value: null, data: { ...fresh.data, ...BOX_TANK, dimensioningInfiltrationTank: { height: 0.66, storageCoefficient: 95, ...tank } } };
}

interface Cost {
  readonly ms: number;
  /** Growth of the process's resident memory during the call, MiB (native memory such as a raster included). */
  readonly rssMb: number;
  /** Growth of the JavaScript heap, MiB. */
  readonly heapMb: number;
}

/** Runs `call` and measures its time and memory growth (sampled while it runs and at its end). */
async function measured<T>(call: () => Promise<T>): Promise<T & { cost: Cost }> {
  const before = process.memoryUsage();
  let rss = before.rss;
  let heap = before.heapUsed;
  const sample = setInterval(() => {
    const now = process.memoryUsage();
    rss = Math.max(rss, now.rss);
    heap = Math.max(heap, now.heapUsed);
  }, 5);
  const started = performance.now();
  try {
    const result = await call();
    const ms = performance.now() - started;
    const after = process.memoryUsage();
    rss = Math.max(rss, after.rss);
    heap = Math.max(heap, after.heapUsed);
    return Object.assign(result as object, { cost: { ms, rssMb: (rss - before.rss) / MB, heapMb: (heap - before.heapUsed) / MB } }) as T & { cost: Cost };
  } finally {
    clearInterval(sample);
  }
}

const costs: Record<string, Cost & { bytes: number }> = {};
function record(name: string, response: { body: string; cost: Cost }): void {
  costs[name] = { ...response.cost, bytes: Buffer.byteLength(response.body) };
}

beforeAll(async () => {
  testApp = await startTestApp();
  anna = await planner(testApp, 'Anna Groß');
  projectId = await createProject(anna.client, { name: 'Großer Speicher' });
  fresh = (await anna.client.post(`/api/Project/${projectId}/measure`, { name: 'Rigole' })).json() as typeof measure;
  const saved = await put(anna.client, `/api/Project/${projectId}/measure/${fresh.id}`, withTank(fresh, LARGEST));
  expect(saved.statusCode, saved.body).toBe(200);
  measure = saved.json() as typeof measure;
  const node = (await anna.client.post(`/api/Project/${projectId}/surface`, { name: 'Dach' })).json() as typeof surface;
  const roofed = await put(anna.client, `/api/Project/${projectId}/surface/${node.id}`, roof(node, 2000, measure.id));
  expect(roofed.statusCode, roofed.body).toBe(200);
  surface = roofed.json() as typeof surface;
}, 120_000);

afterAll(async () => {
  console.info(`cost bounds (${process.env['TEST_DATABASE_URL'] === undefined && process.env['CI'] !== 'true' ? 'PGlite' : 'a database'}):`);
  for (const [name, c] of Object.entries(costs)) console.info(`  ${name}: ${c.ms.toFixed(0)} ms, ${(c.bytes / 1024).toFixed(1)} KiB, rss +${c.rssMb.toFixed(0)} MiB, heap +${c.heapMb.toFixed(0)} MiB`);
  await testApp?.close();
});

describe('a measure cannot open a configuration larger than the items call accepts', () => {
  it('refuses a block of 280,000 boxes with 422, code 60, before laying it out, and opens one of 50,000', async () => {
    // the outside check's measure: 160 m × 160 m × 7 levels
    const big = await put(anna.client, `/api/Project/${projectId}/measure/${measure.id}`, withTank(measure, { length: 160, width: 160, levels: 7 }));
    expect(big.statusCode, big.body).toBe(200);
    const refused = await measured(() => anna.client.post('/api/BoxConfigurator', { projectId, measureId: measure.id }));
    record('POST /BoxConfigurator (280,000 boxes, refused)', refused);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ type: 'ERROR', code: 60, message: expect.stringMatching(/^configurator\.tooManyItems: .*200 × 200 cells × 7 levels holds 280000 boxes/) as unknown });
    expect(refused.cost.ms).toBeLessThan(5_000);
    expect((await anna.client.get(`/api/BoxConfigurator/configurations/${projectId}`)).json()).toEqual([]);

    // one more row of cells is one too many: 160 m × 40.8 m × 5 = 51,000
    const current = (await anna.client.get(`/api/Project/${projectId}/measure/${measure.id}`)).json() as typeof measure;
    const over = await put(anna.client, `/api/Project/${projectId}/measure/${measure.id}`, withTank(current, { ...LARGEST, width: 40.8 }));
    expect(over.statusCode, over.body).toBe(200);
    expect((await anna.client.post('/api/BoxConfigurator', { projectId, measureId: measure.id })).json()).toMatchObject({ code: 60 });

    const back = over.json() as typeof measure;
    const largest = await put(anna.client, `/api/Project/${projectId}/measure/${measure.id}`, withTank(back, LARGEST));
    expect(largest.statusCode, largest.body).toBe(200);
    const created = await measured(() => anna.client.post('/api/BoxConfigurator', { projectId, measureId: measure.id }));
    record('POST /BoxConfigurator (50,000 boxes)', created);
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({ itemCount: SIZE_LIMITS.configurationItemsMax, dimensioning: { length: 160, width: 40, levels: 5 } });
    configurationId = (created.json() as { id: string }).id;
    expect(created.cost.ms).toBeLessThan(30_000);
    expect(created.cost.heapMb).toBeLessThan(600);
  }, 120_000);
});

describe('the calls of a project with the largest configuration', () => {
  it('an unrelated write with the largest linked configuration stays bounded (the engine re-sizes the linked measure from its items)', async () => {
    const write = await measured(() => put(anna.client, `/api/Project/${projectId}/surface/${surface.id}`, { ...roof(surface, 2500, measure.id), version: surface.version }));
    record('PUT /Project/{id}/surface/{id} (50,000 linked items)', write);
    expect(write.statusCode, write.body).toBe(200);
    expect(Buffer.byteLength(write.body)).toBeLessThan(64 * 1024);
    expect(write.cost.ms).toBeLessThan(10_000);
    expect(write.cost.heapMb).toBeLessThan(300);
  }, 60_000);

  it('the items: GET, PUT of 50,000, a stale PUT small, 50,001 refused', async () => {
    const url = `/api/BoxConfigurator/${configurationId}/boxItems`;
    const read = await measured(() => anna.client.get(url));
    record('GET /BoxConfigurator/{id}/boxItems (50,000)', read);
    expect(read.statusCode).toBe(200);
    const items = read.json() as { version: number; boxItems: unknown[] };
    expect(items.boxItems).toHaveLength(50_000);
    expect(Buffer.byteLength(read.body)).toBeLessThan(8 * MB);

    const written = await measured(() => put(anna.client, url, items));
    record('PUT /BoxConfigurator/{id}/boxItems (50,000)', written);
    expect(written.statusCode, written.body.slice(0, 300)).toBe(200);
    expect(written.cost.ms).toBeLessThan(30_000);
    expect(written.cost.heapMb).toBeLessThan(800);

    const stale = await measured(() => put(anna.client, url, items));
    record('PUT /BoxConfigurator/{id}/boxItems (stale, 409)', stale);
    expect(stale.statusCode).toBe(409);
    expect(Buffer.byteLength(stale.body)).toBeLessThan(1024);
    expect(stale.json()).toMatchObject({ code: 56, current: { version: items.version + 1, itemCount: 50_000, href: url } });

    const tooMany = { version: items.version + 1, boxItems: [...items.boxItems, { boxId: null, boxTypeId: 'BOX_FULL', x: 0, y: 5, z: 0, rotation: 'North' }] };
    const refused = await measured(() => put(anna.client, url, tooMany));
    record('PUT /BoxConfigurator/{id}/boxItems (50,001, refused)', refused);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ type: 'ERROR', code: 2, message: expect.stringContaining('boxItems') as unknown });
  }, 120_000);

  it('the drawings of 50,000 items and of an empty 160 m × 160 m grid stay within the pixel limit', async () => {
    const drawn = await measured(() => anna.client.get(`/api/Documents/images/${configurationId}`));
    record('GET /Documents/images/{id} (50,000 items)', drawn);
    expect(drawn.statusCode, drawn.body.slice(0, 300)).toBe(200);
    expectBoundedImages(drawn.json() as Images);
    expect(Buffer.byteLength(drawn.body)).toBeLessThan(40 * MB);
    expect(drawn.cost.ms).toBeLessThan(30_000);
    expect(drawn.cost.rssMb).toBeLessThan(700);

    const empty = (await anna.client.post('/api/BoxConfigurator', { projectId, measureId: null, name: 'Leer' })).json() as { id: string; version: number };
    const patched = await anna.client.patch(`/api/BoxConfigurator/${empty.id}`, { version: empty.version, dimensioning: { length: 160, width: 160, levels: 7 } });
    expect(patched.statusCode, patched.body).toBe(200);
    const blank = await measured(() => anna.client.get(`/api/Documents/images/${empty.id}`));
    record('GET /Documents/images/{id} (empty 160 m × 160 m)', blank);
    expect(blank.statusCode).toBe(200);
    expectBoundedImages(blank.json() as Images);
    expect(Buffer.byteLength(blank.body)).toBeLessThan(2 * MB);
    expect(blank.cost.ms).toBeLessThan(10_000);
    expect(blank.cost.rssMb).toBeLessThan(300);
    // a grid just over the limit is refused
    expect((await anna.client.patch(`/api/BoxConfigurator/${empty.id}`, { version: empty.version + 1, dimensioning: { length: 160.1 } })).json()).toMatchObject({ code: 2 });
  }, 120_000);

  it('the mass lists, the service catalogue and the share view', async () => {
    for (const [name, url, query] of [
      ['GET /Documents/{id}/masslist/data', `/api/Documents/${projectId}/masslist/data`, { groupBy: 'configuration' }],
      ['GET /Documents/{id}/measure/{id}/masslist/data', `/api/Documents/${projectId}/measure/${measure.id}/masslist/data`, {}],
      ['GET /Documents/{id}/boxConfigurator/{id}/masslist/data', `/api/Documents/${projectId}/boxConfigurator/${configurationId}/masslist/data`, {}],
      ['GET /Documents/{id}/serviceCatalogue', `/api/Documents/${projectId}/serviceCatalogue`, { gaebFileType: 'GaebX82' }],
    ] as const) {
      const answer = await measured(() => anna.client.get(url, query));
      record(`${name} (50,000 items)`, answer);
      expect(answer.statusCode, `${name}: ${answer.body.slice(0, 300)}`).toBe(200);
      expect(Buffer.byteLength(answer.body), name).toBeLessThan(256 * 1024);
      expect(answer.cost.ms, name).toBeLessThan(20_000);
      expect(answer.cost.heapMb, name).toBeLessThan(600);
    }
    const link = (await anna.client.post(`/api/Project/${projectId}/shareLinks`, { label: 'Bauherr' })).json() as { token: string };
    const shared = await measured(() => testApp.client().get(`/api/Share/${link.token}`));
    record('GET /Share/{token} (50,000 items)', shared);
    expect(shared.statusCode, shared.body.slice(0, 300)).toBe(200);
    // the project file with every item: bounded by the item limit (the outside check saw 26.8 MB at 280,000)
    expect(Buffer.byteLength(shared.body)).toBeLessThan(8 * MB);
    expect(shared.cost.ms).toBeLessThan(20_000);
    expect(shared.cost.heapMb).toBeLessThan(600);
  }, 180_000);
});

interface Images {
  readonly [view: string]: Array<{ content: string; svg: string }>;
}

/** Every PNG within the pixel limit (its IHDR's width and height), every SVG's size too. */
function expectBoundedImages(images: Images): void {
  const all = ['topViews', 'frontViews', 'sideViews', 'depictions'].flatMap((view) => images[view] ?? []);
  expect(all).toHaveLength(4);
  for (const image of all) {
    const png = Buffer.from(image.content, 'base64');
    const width = png.readUInt32BE(16);
    const height = png.readUInt32BE(20);
    expect(width).toBeLessThanOrEqual(SIZE_LIMITS.drawingMaxEdgePx);
    expect(height).toBeLessThanOrEqual(SIZE_LIMITS.drawingMaxEdgePx);
    expect(width * height).toBeLessThanOrEqual(SIZE_LIMITS.drawingMaxPixels);
    const svg = /<svg[^>]* width="(\d+)" height="(\d+)"/.exec(image.svg);
    expect(Number(svg?.[1]) * Number(svg?.[2])).toBeLessThanOrEqual(SIZE_LIMITS.drawingMaxPixels);
  }
}
