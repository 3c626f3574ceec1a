/** Test support for the planning calls: signed-in people with roles, projects made through the api. */
import { expect } from 'vitest';
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

/** A box infiltration tank on soil S5 (k_f = 5.67 · 10⁻⁵ m/s): the inputs a measure needs to be sized, its dimensions aside. */
export const BOX_TANK_INPUTS = {
  installationTarget: 'Infiltration',
  installationVariant: 'infiltrationTank',
  infiltrationTankType: 'Box',
  soilData: 'S5',
  permeabilityCoefficientX: 5.67,
  permeabilityCoefficientY: 5,
} as const;

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
