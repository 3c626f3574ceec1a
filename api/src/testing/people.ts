/** Test people (registered, confirmed and signed in through the api) and projects made directly in the database. */
import { expect } from 'vitest';
import { grantRole } from '../accounts/grant-role.ts';
import { Project } from '../db/entities/project.ts';
import type { Role } from '../db/entities/user.ts';
import type { EntityManager } from '../db/orm.ts';
import { PASSWORD, registerConfirmed } from './accounts.ts';
import type { Client, TestApp } from './test-app.ts';

export interface Person {
  readonly client: Client;
  readonly email: string;
  readonly id: string;
  readonly name: string;
}

/** A registered, confirmed and signed-in user, with roles if given. */
export async function person(testApp: TestApp, name: string, roles: Role[] = []): Promise<Person> {
  const client = testApp.client();
  const email = await registerConfirmed(testApp, client, { name });
  const session = await client.signIn(email, PASSWORD);
  const em = testApp.app.orm.em.fork() as EntityManager;
  for (const role of roles) await grantRole(em, email, role);
  // grantRole stands for the admin:grant command, another process: the api would see the roles
  // once its cached snapshot of the user has expired (ACCOUNT_CACHE_TTL); tests need them at once.
  if (roles.length > 0) testApp.app.accountCache.invalidate();
  return { client, email, name, id: (session.json() as { user: { id: string } }).user.id };
}

/** Creates an organization owned by `owner` with `members`; returns its id. */
export async function organizationOf(owner: Person, members: Person[] = [], name = 'Planungsbüro Regen'): Promise<string> {
  const created = await owner.client.post('/api/Organization', { name });
  expect(created.statusCode, created.body).toBe(200);
  const id = (created.json() as { id: string }).id;
  if (members.length > 0) await joinOrganization(owner, id, members);
  return id;
}

/**
 * `inviter` invites `members` into organization `id` (PUT members) and each accepts the
 * invitation (decision 0070: membership needs the member's consent).
 */
export async function joinOrganization(inviter: Pick<Person, 'client'>, id: string, members: ReadonlyArray<Pick<Person, 'client' | 'email'>>): Promise<void> {
  const invited = await inviter.client.call({ method: 'PUT', url: `/api/Organization/${id}/members`, body: members.map((m) => m.email) });
  expect(invited.json()).toMatchObject({ addedMemberCount: members.length });
  for (const member of members) {
    const open = (await member.client.get('/api/User/invitations')).json() as Array<{ id: string; organization: { id: string } }>;
    const invitation = open.find((entry) => entry.organization.id === id);
    expect(invitation, `${member.email} has no invitation into ${id}`).toBeDefined();
    const accepted = await member.client.post(`/api/User/invitations/${invitation?.id ?? ''}/accept`, {});
    expect(accepted.statusCode, accepted.body).toBe(200);
  }
}

/** A project created directly in the database (the project calls belong to another issue). */
export async function projectOf(
  testApp: TestApp,
  ownerId: string | null,
  fields: Partial<{ name: string; address: string; comment: string; creator: string | null; creationDate: Date; supportState: 'OPEN' | 'CLOSED' }> = {},
): Promise<string> {
  const em = testApp.app.orm.em.fork() as EntityManager;
  const project = em.create(Project, {
    name: fields.name ?? 'Neubau Regenweg',
    address: fields.address ?? 'Regenweg 12, Berlin',
    comment: fields.comment ?? null,
    owner: ownerId,
    creator: fields.creator === undefined ? ownerId : fields.creator,
    supportState: fields.supportState ?? 'CLOSED',
    ...(fields.creationDate === undefined ? {} : { creationDate: fields.creationDate }),
  });
  await em.flush();
  return project.id;
}

/** Owner id and creator id of a project, or null when it is gone. */
export async function projectPeople(testApp: TestApp, projectId: string): Promise<{ owner: string | null; creator: string | null } | null> {
  const em = testApp.app.orm.em.fork() as EntityManager;
  const project = await em.findOne(Project, { id: projectId });
  if (project === null) return null;
  return { owner: project.owner?.id ?? null, creator: project.creator?.id ?? null };
}
