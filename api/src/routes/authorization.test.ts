/**
 * The authorization test: every route registered under /api and the public data sheets (`/dataSheets/{file}`), called as every persona
 * (anonymous, user, organization member, organization owner, internal, administrator), against
 * the table made of every `src/routes/**\/*.authz.ts` file (testing/authz.ts). A route without a
 * row fails the test, so a new route cannot ship without its permissions.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { LightMyRequestResponse, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD } from '../testing/accounts.ts';
import { callOf, createWorld, PERSONAS, supportAccessOf, supportView, type AuthzRow, type AuthzWorld, type Persona } from '../testing/authz.ts';
import type { Client } from '../testing/test-app.ts';
import { startTestApp, type TestApp } from '../testing/test-app.ts';

const routesDir = fileURLToPath(new URL('.', import.meta.url));
const tableFiles = readdirSync(routesDir, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.authz.ts'))
  .sort();
const ROWS: AuthzRow[] = [];
for (const file of tableFiles) {
  const module = (await import(pathToFileURL(path.join(routesDir, file)).href)) as { AUTHZ_ROWS?: AuthzRow[] };
  if (!Array.isArray(module.AUTHZ_ROWS)) throw new Error(`${file} must export AUTHZ_ROWS: AuthzRow[]`);
  ROWS.push(...module.AUTHZ_ROWS);
}
const key = (method: string, url: string) => `${method} ${url}`;
/** The routes the table covers: every one under /api, and the public data sheets (`/dataSheets/{file}`, outside /api). */
const isTableRoute = (url: string) => (url.startsWith('/api/') && url !== '/api/*') || url.startsWith('/dataSheets/');

let testApp: TestApp;
let passwordHash: string;
let shared: { world: AuthzWorld; clients: Record<Persona, Client> };
const registered = new Set<string>();
/** Routes that are not hidden from the OpenAPI document, as OpenAPI spells them (`{id}`). */
const documented = new Set<string>();

beforeAll(async () => {
  const collect = (route: RouteOptions) => {
    if (!isTableRoute(route.url)) return;
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      registered.add(key(method, route.url));
      if (route.schema?.hide !== true) documented.add(key(method, route.url.replace(/:(\w+)/g, '{$1}')));
    }
  };
  testApp = await startTestApp({}, { onRoute: collect });
  passwordHash = await testApp.app.passwords.hash(PASSWORD);
  shared = await createWorld(testApp, passwordHash);
}, 180_000); // a fresh database runs every migration (PGlite in WebAssembly): slow on a loaded 2-core machine

afterAll(async () => {
  await testApp?.close();
});

describe('the authorization table', () => {
  it('has a row for every api route', () => {
    expect(registered.size).toBeGreaterThan(30);
    const rows = new Set(ROWS.map((row) => key(row.method, row.route)));
    const missing = [...registered].filter((route) => !rows.has(route));
    expect(missing, 'routes without a row in any src/routes/**/*.authz.ts (add one: docs/api.md, "Authorization table")').toEqual([]);
  });

  it('has no row for a route that does not exist, and one row per route', () => {
    const stale = ROWS.filter((row) => !registered.has(key(row.method, row.route))).map((row) => key(row.method, row.route));
    expect(stale, 'rows naming no registered route').toEqual([]);
    const seen = new Set<string>();
    const twice = ROWS.map((row) => key(row.method, row.route)).filter((k) => seen.has(k) || !seen.add(k));
    expect(twice, 'routes with two rows').toEqual([]);
  });
});

describe('every api route', () => {
  it('is described in the OpenAPI document', async () => {
    const document = (await testApp.app.inject({ url: '/docs/json' })).json() as { paths: Record<string, Record<string, unknown>> };
    const described = new Set(Object.entries(document.paths).flatMap(([url, methods]) => Object.keys(methods).map((m) => key(m.toUpperCase(), url))));
    expect([...documented].filter((route) => !described.has(route))).toEqual([]);
  });
});

type Refusal = 'not signed in' | 'forbidden' | null;

function refusal(response: LightMyRequestResponse): Refusal {
  const body = response.headers['content-type']?.toString().includes('json') ? (response.json() as { code?: number }) : {};
  if (response.statusCode === 401 && body.code === 9) return 'not signed in';
  if (response.statusCode === 403 && body.code === 21) throw new Error('anti-forgery refusal: the test client lost its token');
  if (response.statusCode === 403 && (body.code === 10 || body.code === 31)) return 'forbidden';
  return null;
}

describe.each(ROWS.map((row) => [key(row.method, row.route), row] as const))('%s', (_name, row) => {
  it.each(PERSONAS.map((persona) => [persona, row.allowed.includes(persona)] as const))('%s: allowed %s', async (persona, allowed) => {
    const { world, clients } = row.changesWorld === true && allowed ? await createWorld(testApp, passwordHash) : shared;
    const call = await callOf(row, world, persona);
    const response = await clients[persona].call(call);
    const label = `${persona} ${call.method} ${call.url} → ${response.statusCode} ${response.body.slice(0, 200)}`;
    if (response.statusCode >= 400) {
      expect(response.json(), label).toEqual({ type: 'ERROR', code: expect.any(Number), message: expect.any(String) });
    }
    if (allowed) {
      expect(refusal(response), label).toBeNull();
      expect(response.statusCode, label).toBeLessThan(500);
      expect(response.body, label).not.toMatch(/No api call/);
    } else {
      expect(refusal(response), label).toBe(persona === 'anonymous' ? 'not signed in' : 'forbidden');
    }
  });
});

/**
 * The support column (decision 0186): every row that addresses the owner's project, called as
 * internal staff on a project whose owner asked for support — read and edit as the organization's
 * members may, never take it away (clone, share links: 403, code 80) — and again after the owner
 * closed support: then nothing of the project is reachable (403, code 10).
 */
describe('support access', () => {
  it('internal staff: what the support column says while support is open, nothing once it is closed', async () => {
    const open = shared;
    const closed = await createWorld(testApp, passwordHash);
    await closed.world.em().execute("update project set support_state = 'CLOSED', support_request_date = null where id = ?", [closed.world.projects.supportOpen]);
    const wrong: string[] = [];
    let projectRows = 0;
    for (const row of ROWS) {
      if (row.allowed.includes('anonymous')) continue; // public calls: a token or nothing is the credential
      const openView = supportView(open.world);
      const call = await callOf(row, openView.world, 'internal');
      if (!openView.touched()) continue;
      projectRows += 1;
      const expected = supportAccessOf(row);
      const response = await open.clients.internal.call(call);
      const code = response.statusCode === 403 ? (response.json() as { code?: number }).code : undefined;
      const got = response.statusCode === 403 && code === 80 ? 'cannotTake' : refusal(response) === 'forbidden' ? 'refused' : response.statusCode < 500 ? 'allowed' : `status ${response.statusCode}`;
      if (got !== expected) wrong.push(`open: ${row.method} ${row.route}: expected ${expected}, got ${got} (${response.statusCode} ${response.body.slice(0, 160)})`);

      const closedView = supportView(closed.world);
      const after = await closed.clients.internal.call(await callOf(row, closedView.world, 'internal'));
      if (refusal(after) !== 'forbidden' || (after.json() as { code?: number }).code !== 10) {
        wrong.push(`closed: ${row.method} ${row.route}: expected 403 code 10, got ${after.statusCode} ${after.body.slice(0, 160)}`);
      }
    }
    expect(wrong).toEqual([]);
    // the project calls of every area: project, nodes, variants, rain data, products, box configurator, documents, share links
    expect(projectRows).toBeGreaterThan(40);
  }, 600_000);
});
