/**
 * The authorization test: every route registered under /api, called as every persona
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
import { callOf, createWorld, PERSONAS, type AuthzRow, type AuthzWorld, type Persona } from '../testing/authz.ts';
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

let testApp: TestApp;
let passwordHash: string;
let shared: { world: AuthzWorld; clients: Record<Persona, Client> };
const registered = new Set<string>();
/** Routes that are not hidden from the OpenAPI document, as OpenAPI spells them (`{id}`). */
const documented = new Set<string>();

beforeAll(async () => {
  const collect = (route: RouteOptions) => {
    if (!route.url.startsWith('/api/') || route.url === '/api/*') return;
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
