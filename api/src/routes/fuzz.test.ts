/**
 * The api fuzz test (issue 13.8): every route the app registers under /api and the public data sheets (`/dataSheets/{file}`) — discovered from the
 * app itself, so routes added later join automatically — called as anonymous, user, administrator
 * and internal staff (with support access to the user's project; decision 0186) with malformed
 * path parameters, query strings and bodies of every kind (wrong
 * types, null, huge and ill-formed strings, NUL, lone surrogates, unknown fields, deep nesting,
 * out-of-range numbers, broken multipart). Seeded and bounded: the same calls every run.
 *
 * It asserts that no answer is a 5xx, that every api error has the error body, that no row
 * of a bystander (a user none of the fuzzed clients can reach, with organization, project and
 * waterflow) changed, and that the support user took nothing of the project they support: no
 * project of their own, no share link.
 */
import type { LightMyRequestResponse, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIZE_LIMITS } from '@rainplan/engine/tables';
import { grantRole } from '../accounts/grant-role.ts';
import type { EntityManager } from '../db/orm.ts';
import { organizationOf, person, type Person } from '../testing/people.ts';
import { createProject } from '../testing/planning.ts';
import { startTestApp, type Client, type TestApp } from '../testing/test-app.ts';

const SEED = 0x13_0408;
/** Calls per route and role (plus the fixed probes): bounds the test's time. */
const CALLS_PER_ROUTE = 5;

interface Route {
  readonly method: string;
  readonly url: string;
  readonly schema: RouteOptions['schema'];
}

let testApp: TestApp;
const routes: Route[] = [];
let anna: Person;
let olga: Person;
let bert: Person;
let ines: Person;
let ids: { project: string; organization: string; node: string; measure: string; bertProject: string; bertOrganization: string; shareToken: string };

/** mulberry32: a small seeded generator, so every run makes the same calls. */
function generator(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = generator(SEED);
const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)] as T;

const LONG = 'x'.repeat(100_000);
/** Malformed JSON values of every kind. */
const BAD_VALUES: readonly unknown[] = [
  null,
  12345,
  -1,
  1e308,
  0.5,
  true,
  '',
  ' ',
  LONG,
  'ä\udc00'.repeat(51),
  'Dach\u0000',
  '\ud800',
  '1e999',
  'not-a-uuid',
  [],
  [null],
  Array.from({ length: 2000 }, () => 1),
  {},
  { unknown: 1 },
  { latitude: null, longitude: null },
  { cm: 1.5, cs: -0.5 },
];
/** Malformed path parameters (already URL-encoded). */
const BAD_PARAMS = ['not-a-uuid', '0', 'x'.repeat(300), '%00', '%ED%B0%80', 'undefined', '1e999', '00000000-0000-0000-0000-000000000000'];
/** Malformed query values (URL-encoded). */
const BAD_QUERY = ['1e999', '1e20', '-1', '0', 'abc', '', '%00', '%ED%B0%80', 'x'.repeat(5000), 'all', 'NaN', 'Infinity'];

function schemaProperties(schema: unknown): Record<string, unknown> {
  const properties = (schema as { properties?: Record<string, unknown> } | undefined)?.properties;
  return properties ?? {};
}

/** A valid id for a path parameter when asked, else a malformed one. */
function paramValue(route: Route, name: string, valid: boolean): string {
  if (!valid) return pick(BAD_PARAMS);
  if (/project/i.test(name) || (name === 'id' && route.url.startsWith('/api/Project/'))) return ids.project;
  if (name === 'id' && route.url.startsWith('/api/Organization/')) return ids.organization;
  if (/user|owner/i.test(name)) return anna.id;
  if (name === 'id' && /\/(surface|purification|measure)\//.test(route.url)) return ids.node;
  if (name === 'measureId') return ids.measure;
  if (name === 'variantId') return 'v1';
  if (name === 'token') return ids.shareToken;
  if (name === 'fileName') return 'filterschacht.pdf';
  return pick(BAD_PARAMS);
}

function urlOf(route: Route, validParams: boolean): string {
  let url = route.url.replace(/:(\w+)/g, (_match, name: string) => paramValue(route, name, validParams && random() < 0.8));
  url = url.replace(/\*$/, 'x');
  const query = Object.keys(schemaProperties(route.schema?.querystring));
  if (query.length > 0) {
    const parts = query.filter(() => random() < 0.6).map((name) => `${encodeURIComponent(name)}=${pick(BAD_QUERY)}`);
    if (parts.length > 0) url += `?${parts.join('&')}`;
  }
  return url;
}

/** A body: the declared fields, each malformed with some probability, plus unknown ones. */
function bodyOf(route: Route): unknown {
  const declared = route.schema?.body;
  if (declared === undefined || random() < 0.15) return pick(BAD_VALUES);
  const body: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(schemaProperties(declared))) {
    if (random() < 0.2) continue;
    const nested = schemaProperties(schema);
    body[name] =
      Object.keys(nested).length > 0 && random() < 0.6
        ? Object.fromEntries(Object.keys(nested).map((key) => [key, pick(BAD_VALUES)]))
        : pick(BAD_VALUES);
  }
  if (random() < 0.3) body['unknownField'] = pick(BAD_VALUES);
  return body;
}

async function send(client: Client, method: string, url: string, payload?: { body: string; contentType: string }): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = {};
  if (client.cookies.size > 0) headers['cookie'] = [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  if (client.token !== undefined) headers['x-xsrf-token'] = client.token;
  if (payload !== undefined) headers['content-type'] = payload.contentType;
  return testApp.app.inject({ method: method as 'GET', url, headers, ...(payload === undefined ? {} : { payload: payload.body }) });
}

/** What the support user holds of their own: projects created or owned, share links created. */
async function supportHoldings(): Promise<{ projects: number; links: number }> {
  const connection = (testApp.app.orm.em.fork() as EntityManager).getConnection();
  const [projects] = await connection.execute<Array<{ n: number | string }>>('select count(*) as n from project where owner_id = ? or creator_id = ?', [ines.id, ines.id]);
  const [links] = await connection.execute<Array<{ n: number | string }>>('select count(*) as n from share_link where created_by_id = ?', [ines.id]);
  return { projects: Number(projects?.n), links: Number(links?.n) };
}

/** Every row of the bystander, as text. */
async function bystander(): Promise<string> {
  const connection = (testApp.app.orm.em.fork() as EntityManager).getConnection();
  const rows = await Promise.all([
    connection.execute('select * from app_user where id = ?', [bert.id]),
    connection.execute('select * from organization where id = ?', [ids.bertOrganization]),
    connection.execute('select * from project where id = ?', [ids.bertProject]),
    connection.execute('select * from waterflow_node where project_id = ? order by id', [ids.bertProject]),
  ]);
  return JSON.stringify(rows);
}

beforeAll(async () => {
  const collect = (route: RouteOptions) => {
    if (!((route.url.startsWith('/api/') && route.url !== '/api/*') || route.url.startsWith('/dataSheets/'))) return;
    for (const method of [route.method].flat()) if (method !== 'HEAD') routes.push({ method, url: route.url, schema: route.schema });
  };
  testApp = await startTestApp({}, { onRoute: collect });
  [anna, olga, bert, ines] = await Promise.all([person(testApp, 'Anna Fuzz'), person(testApp, 'Olga Admin'), person(testApp, 'Bert Bystander'), person(testApp, 'Ines Support', ['internal'])]);
  await grantRole(testApp.app.orm.em.fork() as EntityManager, olga.email, 'Administrator');
  testApp.app.accountCache.invalidate();
  const project = await createProject(anna.client);
  // internal staff reach the project through an open support request
  expect((await anna.client.call({ method: 'PUT', url: `/api/Project/${project}/supportState`, body: { state: 'OPEN' } })).statusCode).toBe(200);
  const organization = await organizationOf(anna, [], 'Fuzz GmbH');
  const node = ((await anna.client.post(`/api/Project/${project}/surface`, { name: 'Dach' })).json() as { id: string }).id;
  // a measure with a variant, so the measure and variant calls reach their handlers
  const measure = ((await anna.client.post(`/api/Project/${project}/measure`, { name: 'Mulde' })).json() as { id: string; version: number });
  await anna.client.post(`/api/Project/${project}/measure/${measure.id}/variants`, { version: measure.version });
  const bertProject = await createProject(bert.client, { name: 'Unberührt' });
  await bert.client.post(`/api/Project/${bertProject}/surface`, { name: 'Hof' });
  const bertOrganization = await organizationOf(bert, [], 'Bert Unberührt');
  const shareToken = ((await anna.client.post(`/api/Project/${project}/shareLinks`, { label: 'Fuzz' })).json() as { token: string }).token;
  ids = { project, organization, node, measure: measure.id, bertProject, bertOrganization, shareToken };
  // calls that end sessions or delete accounts go last, so the others run signed in
  const last = (route: Route) => (route.method === 'DELETE' ? 2 : /logout|account/i.test(route.url) ? 1 : 0);
  routes.sort((a, b) => last(a) - last(b) || a.url.localeCompare(b.url) || a.method.localeCompare(b.method));
}, 120_000);

afterAll(async () => testApp?.close());

describe('api fuzz', () => {
  it('answers every malformed call of every route, role and kind without a 5xx and leaves bystanders unchanged', async () => {
    expect(routes.length).toBeGreaterThan(30);
    const before = await bystander();
    const failures: string[] = [];
    let calls = 0;
    const statuses = new Map<number, number>();
    const roles: Array<[string, Client]> = [
      ['anonymous', testApp.client()],
      ['user', anna.client],
      ['admin', olga.client],
      ['support', ines.client],
    ];
    for (const route of routes) {
      const writes = !['GET', 'DELETE'].includes(route.method);
      for (const [role, client] of roles) {
        const attempts: Array<{ url: string; payload?: { body: string; contentType: string } }> = [];
        for (let i = 0; i < CALLS_PER_ROUTE; i++) {
          const url = urlOf(route, i > 0);
          attempts.push(writes ? { url, payload: { body: JSON.stringify(bodyOf(route)), contentType: 'application/json' } } : { url });
        }
        if (writes) {
          const url = urlOf(route, true);
          attempts.push(
            { url, payload: { body: '{"a":', contentType: 'application/json' } },
            { url, payload: { body: '{"name":"\\udc00\\u0000"}', contentType: 'application/json' } },
            { url, payload: { body: '--x\r\ncontent-disposition: form-data; name="file"; filename="a.csv"\r\n\r\nabc', contentType: 'multipart/form-data; boundary=x' } },
            { url, payload: { body: 'abc', contentType: 'multipart/form-data' } },
            { url, payload: { body: 'name=x', contentType: 'application/x-www-form-urlencoded' } },
          );
        }
        for (const attempt of attempts) {
          const response = await send(client, route.method, attempt.url, attempt.payload);
          calls++;
          statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
          const label = `${role} ${route.method} ${attempt.url.slice(0, 120)} ${attempt.payload?.body.slice(0, 80) ?? ''}`;
          if (response.statusCode >= 500) failures.push(`${response.statusCode} ${label}: ${response.body.slice(0, 200)}`);
          else if (response.statusCode >= 400) {
            const body = response.json() as { type?: unknown; code?: unknown };
            if (body.type !== 'ERROR' || typeof body.code !== 'number') failures.push(`${response.statusCode} without the error body: ${label}`);
          }
        }
      }
    }
    console.info(`api fuzz: ${calls} calls over ${routes.length} routes, statuses ${JSON.stringify(Object.fromEntries(statuses))}`);
    expect(failures).toEqual([]);
    // the calls reach the handlers, not only the door
    for (const status of [200, 400, 401, 403, 404]) expect(statuses.get(status) ?? 0, `answers ${status}`).toBeGreaterThan(0);
    expect(calls).toBeGreaterThan(routes.length * roles.length * CALLS_PER_ROUTE);
    expect(await bystander()).toBe(before);
    expect(await supportHoldings()).toEqual({ projects: 0, links: 0 });
  }, 240_000);

  it('answers a value just over each size limit with 400 and a code, and one at the limit as usual (decision 0190)', async () => {
    const lena = await person(testApp, 'Lena Limits');
    const c = lena.client;
    const project = await createProject(c, { name: 'Grenzen' });
    const refused = async (label: string, response: Promise<LightMyRequestResponse>, status = 400, code = 2) => {
      const answer = await response;
      expect(answer.statusCode, `${label}: ${answer.body.slice(0, 200)}`).toBe(status);
      expect((answer.json() as { type?: unknown; code?: unknown }), label).toMatchObject({ type: 'ERROR', code });
    };
    const over = (limit: number) => limit + 0.01;
    // texts and lists of the node schemas
    await refused('surface name', c.post(`/api/Project/${project}/surface`, { name: 'x'.repeat(SIZE_LIMITS.nameMaxLength + 1) }));
    expect((await c.post(`/api/Project/${project}/surface`, { name: 'x'.repeat(SIZE_LIMITS.nameMaxLength) })).statusCode).toBe(200);
    // measure dimensions (engine model)
    const measure = (await c.post(`/api/Project/${project}/measure`, { name: 'Rigole' })).json() as { id: string; version: number; data: Record<string, unknown> } & Record<string, unknown>;
    const tank = (dims: Record<string, number>, trough: Record<string, number> = {}) => ({
      ...measure,
      value: null,
      data: { ...measure.data, installationTarget: 'Infiltration', installationVariant: 'infiltrationTank', infiltrationTankType: 'Box', dimensioningInfiltrationTank: { length: 8, width: 8, levels: 1, ...dims }, dimensioningTrough: trough },
    });
    const measureUrl = `/api/Project/${project}/measure/${measure.id}`;
    for (const [field, dims, trough] of [
      ['tank length', { length: over(SIZE_LIMITS.measureLengthMaxM) }, {}],
      ['tank width', { width: over(SIZE_LIMITS.measureLengthMaxM) }, {}],
      ['tank height', { height: over(SIZE_LIMITS.measureHeightMaxM) }, {}],
      ['pipes', { numberOfPipes: SIZE_LIMITS.numberOfPipesMax + 1 }, {}],
      ['trough length', {}, { length: over(SIZE_LIMITS.measureLengthMaxM) }],
      ['trough depth', {}, { depth: over(SIZE_LIMITS.measureHeightMaxM) }],
      ['trough slope', {}, { slope: over(SIZE_LIMITS.troughSlopeMax) }],
    ] as const) {
      await refused(field, c.call({ method: 'PUT', url: measureUrl, body: tank(dims, trough) }));
    }
    // the outside check's 160 m × 160 m × 7 levels is a valid measure, but opens no configuration
    const big = await c.call({ method: 'PUT', url: measureUrl, body: tank({ length: SIZE_LIMITS.gridMaxEdgeM, width: SIZE_LIMITS.gridMaxEdgeM, levels: SIZE_LIMITS.gridMaxLayers }) });
    expect(big.statusCode, big.body).toBe(200);
    await refused('configuration of 280,000 boxes', c.post('/api/BoxConfigurator', { projectId: project, measureId: measure.id }), 422, 60);
    // configurations: name, grid, layers, axes
    await refused('configuration name', c.post('/api/BoxConfigurator', { projectId: project, measureId: null, name: 'x'.repeat(SIZE_LIMITS.configurationNameMaxLength + 1) }));
    const config = (await c.post('/api/BoxConfigurator', { projectId: project, measureId: null, name: 'x'.repeat(SIZE_LIMITS.configurationNameMaxLength) })).json() as { id: string; version: number };
    const configUrl = `/api/BoxConfigurator/${config.id}`;
    const axes = (n: number, at = 1) => ({ xProjectionAxes: Array.from({ length: n }, () => at), yProjectionAxes: [] });
    for (const [label, patch] of [
      ['grid length', { dimensioning: { length: over(SIZE_LIMITS.gridMaxEdgeM) } }],
      ['grid width', { dimensioning: { width: over(SIZE_LIMITS.gridMaxEdgeM) } }],
      ['levels', { dimensioning: { levels: SIZE_LIMITS.gridMaxLayers + 0.5 } }],
      ['axes', { projectionAxes: axes(SIZE_LIMITS.projectionAxesMax + 1) }],
      ['axis position', { projectionAxes: axes(1, over(SIZE_LIMITS.gridMaxEdgeM)) }],
    ] as const) {
      await refused(label, c.patch(configUrl, { version: config.version, ...patch }));
    }
    const atLimit = await c.patch(configUrl, { version: config.version, dimensioning: { length: SIZE_LIMITS.gridMaxEdgeM, width: SIZE_LIMITS.gridMaxEdgeM, levels: SIZE_LIMITS.gridMaxLayers }, projectionAxes: axes(SIZE_LIMITS.projectionAxesMax, SIZE_LIMITS.gridMaxEdgeM) });
    expect(atLimit.statusCode, atLimit.body).toBe(200);
    // items: position, layer, options, count
    const item = (extra: Record<string, unknown> = {}) => ({ boxId: null, boxTypeId: 'BOX_FULL', x: 0, y: 0, z: 0, rotation: 'North', options: [], ...extra });
    const items = (boxItems: unknown[]) => c.call({ method: 'PUT', url: `${configUrl}/boxItems`, body: { version: config.version + 1, boxItems } });
    await refused('item x', items([item({ x: SIZE_LIMITS.gridMaxCellsPerEdge })]));
    await refused('item z', items([item({ z: SIZE_LIMITS.gridMaxCellsPerEdge })]));
    await refused('item layer', items([item({ y: SIZE_LIMITS.gridMaxLayers })]));
    await refused('item options', items([item({ options: Array.from({ length: SIZE_LIMITS.optionsPerItemMax + 1 }, (_, i) => ({ propertyId: `p${i}` })) })]));
    await refused('items', items(Array.from({ length: SIZE_LIMITS.configurationItemsMax + 1 }, () => item())));
    const corner = await items([item({ x: SIZE_LIMITS.gridMaxCellsPerEdge - 1, z: SIZE_LIMITS.gridMaxCellsPerEdge - 1, y: SIZE_LIMITS.gridMaxLayers - 1 })]);
    expect(corner.statusCode, corner.body.slice(0, 200)).toBe(200);
  }, 120_000);

  it('answers a request header that is too large with 431 and the error body', async () => {
    const address = await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    const response = await fetch(`${address}/api/User`, { headers: { 'x-large': 'y'.repeat(64 * 1024) } });
    expect(response.status).toBe(431);
    expect(await response.json()).toMatchObject({ type: 'ERROR', code: expect.any(Number) as unknown });
  });
});
