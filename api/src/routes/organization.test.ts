import { describe, expect, it } from 'vitest';
import { grantRole } from '../accounts/grant-role.ts';
import type { EntityManager } from '../db/orm.ts';
import { PASSWORD, registerConfirmed } from '../testing/accounts.ts';
import { joinOrganization } from '../testing/people.ts';
import { fileTestApp, type Client } from '../testing/test-app.ts';

const testApp = fileTestApp();

interface Person {
  readonly client: Client;
  readonly email: string;
  readonly id: string;
}

async function person(name: string): Promise<Person> {
  const client = testApp().client();
  const email = await registerConfirmed(testApp(), client, { name });
  const session = await client.signIn(email, PASSWORD);
  return { client, email, id: (session.json() as { user: { id: string } }).user.id };
}

async function createOrganization(owner: Person, name = 'Planungsbüro Regen'): Promise<string> {
  const response = await owner.client.post('/api/Organization', { name });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { id: string }).id;
}

const call = (who: Person, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, body?: unknown) =>
  who.client.call({ method, url, body });

describe('organizations', () => {
  it('lets a user create one organization and shows it with the user', async () => {
    const owner = await person('Olga Owner');
    const response = await owner.client.post('/api/Organization', { name: '  Planungsbüro Regen ' });
    expect(response.statusCode, response.body).toBe(200);
    const organization = response.json() as Record<string, unknown>;
    expect(organization).toMatchObject({
      name: 'Planungsbüro Regen',
      owner: { id: owner.id, name: 'Olga Owner', email: owner.email },
      memberCount: 1,
      members: [{ id: owner.id, name: 'Olga Owner', email: owner.email }],
    });
    expect(organization['creationDate']).toMatch(/^\d{4}-\d\d-\d\dT/);

    const { user } = (await owner.client.get('/api/User')).json() as { user: { organization: unknown } };
    expect(user.organization).toEqual({ id: organization['id'], name: 'Planungsbüro Regen', owner: { id: owner.id, name: 'Olga Owner', email: owner.email } });

    const second = await owner.client.post('/api/Organization', { name: 'Another' });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ type: 'ERROR', code: 30 });
    const blank = await owner.client.post('/api/Organization', { name: ' ' });
    expect(blank.json()).toMatchObject({ type: 'ERROR', code: 2 });
  });

  it('invites by e-mail and reports who could not be added', async () => {
    const owner = await person('Olga Owner');
    const member = await person('Mia Member');
    const elsewhere = await person('Eli Elsewhere');
    const id = await createOrganization(owner);
    await createOrganization(elsewhere, 'Other office');

    const invite = await call(owner, 'PUT', `/api/Organization/${id}/members`, [
      member.email.toUpperCase(),
      member.email,
      'nobody.at.all@example.com',
      'not an address',
      elsewhere.email,
      owner.email,
    ]);
    expect(invite.statusCode, invite.body).toBe(200);
    expect(invite.json()).toEqual({
      nonExistingUsers: ['nobody.at.all@example.com'],
      usersWithOrganizations: [elsewhere.email],
      // Invited, not added: the entry names the address until the user accepts (decision 0070).
      addedMembers: [{ id: member.id, name: member.email, email: member.email }],
      addedMemberCount: 1,
      ignoredEmailCount: 3, // the repeated address, the invalid one and the owner, a member already
    });
    expect(((await member.client.get('/api/User')).json() as { user: { organization: unknown } }).user.organization).toBeNull();
    await joinOrganization(owner, id, [member]);
    const { user } = (await member.client.get('/api/User')).json() as { user: { organization: { id: string } } };
    expect(user.organization.id).toBe(id);
  });

  it('shows members paged to members and administrators only; only owner and administrators edit', async () => {
    const owner = await person('Anna Owner');
    const members = await Promise.all(['Ben', 'Cleo', 'Dora'].map((name) => person(name)));
    const outsider = await person('Otto Outsider');
    const id = await createOrganization(owner);
    await joinOrganization(owner, id, members);

    const page = await members[0]!.client.get(`/api/Organization/${id}/members`, { page: '2', pageSize: '3' });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toEqual({ entries: [{ id: members[2]!.id, name: 'Dora', email: members[2]!.email }], totalCount: 4 });
    const first = (await owner.client.get(`/api/Organization/${id}/members`)).json() as { entries: Array<{ name: string }> };
    expect(first.entries.map((entry) => entry.name)).toEqual(['Anna Owner', 'Ben', 'Cleo', 'Dora']);
    const all = await owner.client.get(`/api/Organization/${id}/members`, { page: '1', pageSize: '2147483647' });
    expect((all.json() as { entries: unknown[] }).entries).toHaveLength(4);

    for (const url of [`/api/Organization/${id}`, `/api/Organization/${id}/members`]) {
      const denied = await outsider.client.get(url);
      expect(denied.statusCode, url).toBe(403);
      expect(denied.json(), url).toMatchObject({ type: 'ERROR', code: 31 });
    }
    const rename = await call(members[0]!, 'PATCH', `/api/Organization/${id}`, { name: 'Mine now' });
    expect(rename.statusCode).toBe(403);
    expect(rename.json()).toMatchObject({ type: 'ERROR', code: 10 });
    expect((await call(members[0]!, 'PUT', `/api/Organization/${id}/members`, [outsider.email])).statusCode).toBe(403);

    const renamed = await call(owner, 'PATCH', `/api/Organization/${id}`, { name: 'Büro Anna' });
    expect(renamed.json()).toMatchObject({ name: 'Büro Anna', memberCount: 4 });

    // An administrator may see and edit any organization.
    await grantRole(testApp().app.orm.em.fork() as EntityManager, outsider.email, 'Administrator');
    expect((await outsider.client.get(`/api/Organization/${id}`)).statusCode).toBe(200);
    expect((await call(outsider, 'PATCH', `/api/Organization/${id}`, { name: 'Renamed by admin' })).json()).toMatchObject({ name: 'Renamed by admin' });
  });

  it('hands the administration over to a member only', async () => {
    const owner = await person('Olaf Owner');
    const member = await person('Nina Next');
    const outsider = await person('Xaver');
    const id = await createOrganization(owner);
    await joinOrganization(owner, id, [member]);

    const toOutsider = await call(owner, 'PUT', `/api/Organization/${id}/owner/${outsider.id}`);
    expect(toOutsider.statusCode).toBe(403);
    expect(toOutsider.json()).toMatchObject({ type: 'ERROR', code: 31 });

    const handed = await call(owner, 'PUT', `/api/Organization/${id}/owner/${member.id}`);
    expect(handed.statusCode, handed.body).toBe(200);
    expect(handed.json()).toMatchObject({ owner: { id: member.id } });
    // The former owner is a member now and may no longer edit.
    expect((await call(owner, 'PATCH', `/api/Organization/${id}`, { name: 'x' })).statusCode).toBe(403);
    expect((await call(member, 'PATCH', `/api/Organization/${id}`, { name: 'Nina’s office' })).statusCode).toBe(200);
  });

  it('removes members but not the owner; members leave, the owner cannot', async () => {
    const owner = await person('Ruth Owner');
    const [stay, go, leaver] = await Promise.all([person('Stay'), person('Go'), person('Leaver')]);
    const loner = await person('Loner');
    const id = await createOrganization(owner);
    await joinOrganization(owner, id, [stay, go, leaver]);

    const removeOwner = await call(owner, 'DELETE', `/api/Organization/${id}/member/${owner.id}`);
    expect(removeOwner.statusCode).toBe(409);
    expect(removeOwner.json()).toMatchObject({ type: 'ERROR', code: 33 });
    const removeStranger = await call(owner, 'DELETE', `/api/Organization/${id}/member/${loner.id}`);
    expect(removeStranger.json()).toMatchObject({ type: 'ERROR', code: 31 });
    expect((await call(stay, 'DELETE', `/api/Organization/${id}/member/${go.id}`)).statusCode).toBe(403);
    const removed = await call(owner, 'DELETE', `/api/Organization/${id}/member/${go.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(((await go.client.get('/api/User')).json() as { user: { organization: unknown } }).user.organization).toBeNull();

    const left = await call(leaver, 'DELETE', '/api/User/leaveOrganization');
    expect(left.statusCode, left.body).toBe(200);
    const again = await call(leaver, 'DELETE', '/api/User/leaveOrganization');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ type: 'ERROR', code: 32 });
    const ownerLeaves = await call(owner, 'DELETE', '/api/User/leaveOrganization');
    expect(ownerLeaves.statusCode).toBe(409);
    expect(ownerLeaves.json()).toMatchObject({ type: 'ERROR', code: 33 });

    const members = (await owner.client.get(`/api/Organization/${id}/members`)).json() as { totalCount: number };
    expect(members.totalCount).toBe(2);
  });

  it('deletes an organization; its members are free to join another', async () => {
    const owner = await person('Dieter Owner');
    const member = await person('Mo');
    const id = await createOrganization(owner);
    await joinOrganization(owner, id, [member]);
    expect((await call(member, 'DELETE', `/api/Organization/${id}`)).statusCode).toBe(403);

    const deleted = await call(owner, 'DELETE', `/api/Organization/${id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    const gone = await owner.client.get(`/api/Organization/${id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ type: 'ERROR', code: 11 });
    for (const who of [owner, member]) {
      expect(((await who.client.get('/api/User')).json() as { user: { organization: unknown } }).user.organization).toBeNull();
    }
    await createOrganization(member, 'Mo’s office');
  });

  it('validates ids and requires the anti-forgery header', async () => {
    const owner = await person('Vera');
    const badId = await owner.client.get('/api/Organization/not-a-uuid');
    expect(badId.statusCode).toBe(400);
    expect(badId.json()).toMatchObject({ type: 'ERROR', code: 2 });
    const noToken = await owner.client.call({ method: 'POST', url: '/api/Organization', body: { name: 'x' }, antiForgery: false });
    expect(noToken.json()).toMatchObject({ type: 'ERROR', code: 21 });
    const anonymous = await testApp().client().post('/api/Organization', { name: 'x' });
    expect(anonymous.json()).toMatchObject({ type: 'ERROR', code: 9 });
  });
});
