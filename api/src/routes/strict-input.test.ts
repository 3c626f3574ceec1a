/**
 * Issue 13.4: strict, bounded input. Bodies are not coerced, query strings convert only to finite
 * numbers in range, every string and array of every route is bounded (checked on the schemas the
 * app registers), cm and cs lie in [0, 1], a malformed id answers 400 code 2 everywhere, broken
 * multipart answers 400.
 */
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantRole } from '../accounts/grant-role.ts';
import type { EntityManager } from '../db/orm.ts';
import { organizationOf, person, type Person } from '../testing/people.ts';
import { createProject, MUNICH, put, roof } from '../testing/planning.ts';
import { startTestApp, type TestApp } from '../testing/test-app.ts';

let testApp: TestApp;
let anna: Person;
let olga: Person;
let organization: string;
const schemas: Array<{ route: string; part: string; schema: unknown }> = [];

beforeAll(async () => {
  const collect = (route: RouteOptions) => {
    if (!route.url.startsWith('/api/')) return;
    for (const part of ['body', 'querystring', 'params'] as const) {
      const schema = (route.schema as Record<string, unknown> | undefined)?.[part];
      if (schema !== undefined) schemas.push({ route: `${String(route.method)} ${route.url}`, part, schema });
    }
  };
  testApp = await startTestApp({}, { onRoute: collect });
  [anna, olga] = await Promise.all([person(testApp, 'Anna Strikt'), person(testApp, 'Olga Admin')]);
  await grantRole(testApp.app.orm.em.fork() as EntityManager, olga.email, 'Administrator');
  testApp.app.accountCache.invalidate();
  organization = await organizationOf(anna, [], 'Strikt GmbH');
}, 60_000);
afterAll(async () => testApp?.close());

const expect400 = (response: { statusCode: number; body: string }) => {
  expect(response.statusCode, response.body).toBe(400);
  expect(JSON.parse(response.body)).toMatchObject({ type: 'ERROR', code: 2 });
};

describe('bodies are validated as declared', () => {
  it('refuses a number for a name and null coordinates, on POST and PATCH, and keeps the project', async () => {
    const body = { project: { name: 'Neubau', airPollutionType: 'L2' }, location: MUNICH };
    expect400(await anna.client.post('/api/Project', { ...body, project: { ...body.project, name: 12345 } }));
    expect400(await anna.client.post('/api/Project', { ...body, location: { ...MUNICH, latitude: null } }));
    const id = await createProject(anna.client);
    expect400(await anna.client.patch(`/api/Project/${id}`, { location: { latitude: null, longitude: null } }));
    expect400(await anna.client.patch(`/api/Project/${id}`, { project: { name: 12345 } }));
    const project = (await anna.client.get(`/api/Project/${id}`)).json() as { location: { latitude: number; longitude: number } };
    expect(project.location).toMatchObject({ latitude: MUNICH.latitude, longitude: MUNICH.longitude });
  });

  it('drops unknown fields (one rule, docs/api.md)', async () => {
    const renamed = await anna.client.patch(`/api/Organization/${organization}`, { name: 'Strikt AG', isAdmin: true, owner: 'x' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Strikt AG' });
  });
});

describe('query strings convert only to finite numbers in range', () => {
  it('answers 400 code 2 for 1e999, 1e20 and words on the member, project and admin lists', async () => {
    const lists = [
      [anna, `/api/Organization/${organization}/members`, 'page', 'pageSize'],
      [anna, '/api/Project/userProjects', 'Page', 'PageSize'],
      [olga, '/api/Admin/users', 'Page', 'PageSize'],
      [olga, '/api/Admin/organizations', 'Page', 'PageSize'],
    ] as const;
    for (const [who, url, page, pageSize] of lists) {
      for (const query of [{ [page]: '1e999' }, { [pageSize]: '1e999' }, { [page]: '1e20' }, { [page]: 'eins' }, { [page]: '0' }]) {
        expect400(await who.client.get(url, query));
      }
      expect((await who.client.get(url, { [page]: '2', [pageSize]: '20' })).statusCode).toBe(200);
    }
  });
});

describe('bounds', () => {
  it('every string and array a route accepts has a maximum', () => {
    const open: string[] = [];
    const walk = (schema: unknown, at: string, route: string): void => {
      if (schema === null || typeof schema !== 'object') return;
      const s = schema as Record<string, unknown>;
      const fixed = s['enum'] !== undefined || s['const'] !== undefined || s['format'] === 'uuid';
      if (s['type'] === 'string' && s['maxLength'] === undefined && !fixed) open.push(`${route} ${at}`);
      if (s['type'] === 'array' && s['maxItems'] === undefined) open.push(`${route} ${at}[]`);
      for (const [key, sub] of Object.entries((s['properties'] as Record<string, unknown> | undefined) ?? {})) walk(sub, `${at}/${key}`, route);
      if (s['items'] !== undefined) walk(s['items'], `${at}[]`, route);
      for (const branch of [s['anyOf'], s['oneOf'], s['allOf']].flat()) walk(branch, at, route);
      if (typeof s['additionalProperties'] === 'object') walk(s['additionalProperties'], `${at}/*`, route);
      for (const sub of Object.values((s['patternProperties'] as Record<string, unknown> | undefined) ?? {})) walk(sub, `${at}/*`, route);
    };
    for (const { route, part, schema } of schemas) walk(schema, part, route);
    expect(schemas.length).toBeGreaterThan(30);
    expect(open).toEqual([]);
  });

  it('a node name has the same limit on POST and PUT; cm and cs outside 0 … 1 answer cValueInvalid', async () => {
    const projectId = await createProject(anna.client);
    expect400(await anna.client.post(`/api/Project/${projectId}/surface`, { name: 'x'.repeat(201) }));
    const created = await anna.client.post(`/api/Project/${projectId}/surface`, { name: 'x'.repeat(200) });
    expect(created.statusCode, created.body).toBe(200);
    const node = created.json() as Record<string, unknown> & { id: string };
    const url = `/api/Project/${projectId}/surface/${node.id}`;
    expect400(await put(anna.client, url, { ...node, name: 'x'.repeat(1_000_000) }));
    expect400(await put(anna.client, url, { ...node, name: 'x'.repeat(201) }));
    for (const data of [{ cm: 1.5 }, { cs: -0.1 }, { cm: 0.9, cs: 1.0001 }]) {
      const surface = roof(node, 100);
      const response = await put(anna.client, url, { ...surface, data: { ...(surface['data'] as object), ...data } });
      expect400(response);
      expect(response.json()).toMatchObject({ message: expect.stringContaining('cValueInvalid') as unknown });
    }
    const fine = roof(node, 100);
    expect((await put(anna.client, url, { ...fine, data: { ...(fine['data'] as object), cm: 0, cs: 1 } })).statusCode).toBe(200);
  });
});

describe('one answer for a malformed id', () => {
  it('answers 400 code 2 on the project, node and organization routes alike', async () => {
    for (const url of ['/api/Project/not-a-uuid', '/api/Project/not-a-uuid/waterflow', '/api/Project/not-a-uuid/surface/abc', `/api/Organization/not-a-uuid`]) {
      expect400(await anna.client.get(url));
    }
  });
});

describe('multipart', () => {
  it('answers broken multipart with 400, not 500', async () => {
    const headers = (contentType: string): Record<string, string> => ({ 'content-type': contentType });
    for (const [contentType, body] of [
      ['multipart/form-data', 'abc'],
      ['multipart/form-data; boundary=x', '--x\r\ncontent-disposition: form-data; name="files"; filename="a.csv"\r\n\r\nabc'],
    ] as const) {
      const response = await olga.client.call({ method: 'POST', url: '/api/Raindata/import', headers: headers(contentType), body });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ type: 'ERROR', code: 2 });
    }
  });
});
