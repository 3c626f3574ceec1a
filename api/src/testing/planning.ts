/** Test support for the planning calls: signed-in people with roles, projects made through the api. */
import { beforeAll, expect } from 'vitest';
import { grantRole } from '../accounts/grant-role.ts';
import type { Role } from '../db/entities/user.ts';
import type { EntityManager } from '../db/orm.ts';
import { PASSWORD, registerConfirmed } from './accounts.ts';
import { joinOrganization } from './people.ts';
import type { Client, TestApp } from './test-app.ts';

export interface Planner {
  readonly client: Client;
  readonly email: string;
  readonly id: string;
  readonly name: string;
}

/** A registered, confirmed and signed-in user with `roles`. */
export async function planner(testApp: TestApp, name: string, roles: Role[] = []): Promise<Planner> {
  const client = testApp.client();
  const email = await registerConfirmed(testApp, client, { name });
  const em = testApp.app.orm.em.fork() as EntityManager;
  for (const role of roles) await grantRole(em, email, role);
  const session = await client.signIn(email, PASSWORD);
  return { client, email, name, id: (session.json() as { user: { id: string } }).user.id };
}

/**
 * Planners of a test file, registered and signed in once before its tests (in parallel):
 * `signedInPlanners(testApp, { anna: 'Anna Planer', carl: 'Carl Fremd' })`. Each is usable in the
 * tests (not while the file is collected).
 */
export function signedInPlanners<K extends string>(testApp: () => TestApp, names: Record<K, string>, timeoutMs = 60_000): Record<K, Planner> {
  const keys = Object.keys(names) as K[];
  const signedIn = new Map<K, Planner>();
  const get = (key: K): Planner => {
    const found = signedIn.get(key);
    if (found === undefined) throw new Error(`planner ${key} is used before the file's beforeAll signed it in`);
    return found;
  };
  beforeAll(async () => {
    const planners = await Promise.all(keys.map((key) => planner(testApp(), names[key])));
    keys.forEach((key, i) => signedIn.set(key, planners[i]!));
  }, timeoutMs);
  const out = {} as Record<K, Planner>;
  for (const key of keys) {
    out[key] = {
      get client() { return get(key).client; },
      get email() { return get(key).email; },
      get id() { return get(key).id; },
      get name() { return get(key).name; },
    };
  }
  return out;
}

/** `owner`'s organization with `members`. */
export async function organizationWith(owner: Planner, members: Planner[]): Promise<string> {
  const created = await owner.client.post('/api/Organization', { name: `Büro ${owner.name}` });
  expect(created.statusCode, created.body).toBe(200);
  const id = (created.json() as { id: string }).id;
  if (members.length > 0) await joinOrganization(owner, id, members);
  return id;
}

export const MUNICH = { latitude: 48.137, longitude: 11.575, address: 'Marienplatz 1, 80331 München' };

/** Creates a project through POST /Project and returns its id. */
export async function createProject(client: Client, overrides: { name?: string; location?: typeof MUNICH; airPollutionType?: string; comment?: string; ruleEdition?: string } = {}): Promise<string> {
  const response = await client.post('/api/Project', {
    project: {
      name: overrides.name ?? 'Neubau Regenweg',
      airPollutionType: overrides.airPollutionType ?? 'L2',
      comment: overrides.comment ?? 'Kita mit Gründach',
      ...(overrides.ruleEdition === undefined ? {} : { ruleEdition: overrides.ruleEdition }),
    },
    location: overrides.location ?? MUNICH,
    clientData: { formOfAddress: 'COMPANY', name: 'Stadtwerke', street: 'Hauptstraße', streetNo: '1', zipCode: '80331', city: 'München' },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as string;
}

export { BOX_TANK_INPUTS } from '@rainplan/engine/testing';

export const put = (client: Client, url: string, body: unknown) => client.call({ method: 'PUT', url, body });
export const del = (client: Client, url: string, query?: Record<string, string>) => client.call({ method: 'DELETE', url, ...(query === undefined ? {} : { query }) });

/** A surface's inputs: roof of `area` m², draining to groundwater. */
export function roof(node: Record<string, unknown>, area: number, parentId: string | null = null): Record<string, unknown> {
  return {
    ...node,
    value: area,
    drain: 'Groundwater',
    parentId,
    data: { runoff: 'flatRoof', cm: 0.9, cs: 1, groundPollutionM153: 'F2' },
  };
}

type MeasureNode = Record<string, unknown> & { id: string; version: number; data: Record<string, unknown> };

/**
 * A new surface and measure in `projectId`, the surface a roof of `areaM2` m² draining into the
 * measure: the measure as created, its url and its node as read after the roof was saved.
 */
export async function roofedMeasure(client: Client, projectId: string, areaM2: number, name = 'Rigole'): Promise<{ created: MeasureNode; url: string; current: MeasureNode }> {
  const surface = (await client.post(`/api/Project/${projectId}/surface`, { name: 'Dach' })).json() as MeasureNode;
  const created = (await client.post(`/api/Project/${projectId}/measure`, { name })).json() as MeasureNode;
  const saved = await put(client, `/api/Project/${projectId}/surface/${surface.id}`, roof(surface, areaM2, created.id));
  expect(saved.statusCode, saved.body).toBe(200);
  const url = `/api/Project/${projectId}/measure/${created.id}`;
  return { created, url, current: (await client.get(url)).json() as MeasureNode };
}

/** A multipart/form-data body of files (for the import calls). */
export function multipart(files: ReadonlyArray<{ field: string; name: string; bytes: Uint8Array | string }>): { body: Buffer; headers: Record<string, string> } {
  const boundary = `----rainplan${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const file of files) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
      typeof file.bytes === 'string' ? Buffer.from(file.bytes) : Buffer.from(file.bytes),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Posts files as multipart. */
export async function upload(client: Client, url: string, files: Parameters<typeof multipart>[0], query?: Record<string, string>) {
  const { body, headers } = multipart(files);
  return client.call({ method: 'POST', url, body, headers, ...(query === undefined ? {} : { query }) });
}
