import { describe, expect, it } from 'vitest';
import { Organization } from '../../db/entities/organization.ts';
import { Session } from '../../db/entities/session.ts';
import { User } from '../../db/entities/user.ts';
import { PASSWORD } from '../../testing/accounts.ts';
import { organizationOf, person, projectOf, projectPeople } from '../../testing/people.ts';
import { fileTestApp } from '../../testing/test-app.ts';

const testApp = fileTestApp();

const em = () => testApp().app.orm.em.fork();

describe('POST /User/transferProjects', () => {
  it('gives own projects to members of the own organization only', async () => {
    const owner = await person(testApp(), 'Olga Owner');
    const member = await person(testApp(), 'Mia Member');
    const outsider = await person(testApp(), 'Otto Outsider');
    await organizationOf(owner, [member]);
    const mine = await projectOf(testApp(), member.id);
    const second = await projectOf(testApp(), member.id);
    const ownersProject = await projectOf(testApp(), owner.id);

    const toOutsider = await member.client.post('/api/User/transferProjects', [{ projectId: mine, userId: outsider.id }]);
    expect(toOutsider.statusCode).toBe(403);
    expect(toOutsider.json()).toMatchObject({ type: 'ERROR', code: 31 });

    const notMine = await member.client.post('/api/User/transferProjects', [{ projectId: ownersProject, userId: member.id }]);
    expect(notMine.statusCode).toBe(404);
    expect(notMine.json()).toMatchObject({ type: 'ERROR', code: 11 });

    const twice = await member.client.post('/api/User/transferProjects', [
      { projectId: mine, userId: owner.id },
      { projectId: mine, userId: member.id },
    ]);
    expect(twice.json()).toMatchObject({ type: 'ERROR', code: 2 });

    const invalid = await member.client.post('/api/User/transferProjects', [{ projectId: 'x', userId: owner.id }]);
    expect(invalid.json()).toMatchObject({ type: 'ERROR', code: 2 });

    const done = await member.client.post('/api/User/transferProjects', [{ projectId: mine, userId: owner.id }]);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ type: 'MESSAGE', code: 0, transferredProjects: 1 });
    expect(await projectPeople(testApp(), mine)).toEqual({ owner: owner.id, creator: member.id });
    expect(await projectPeople(testApp(), second)).toEqual({ owner: member.id, creator: member.id });

    // Nothing changes when one entry of the list fails.
    const mixed = await member.client.post('/api/User/transferProjects', [
      { projectId: second, userId: owner.id },
      { projectId: ownersProject, userId: owner.id },
    ]);
    expect(mixed.statusCode).toBe(404);
    expect(await projectPeople(testApp(), second)).toEqual({ owner: member.id, creator: member.id });
  });

  it('answers 32 to a user without an organization', async () => {
    const loner = await person(testApp(), 'Lena Loner');
    const other = await person(testApp(), 'Otto Other');
    const project = await projectOf(testApp(), loner.id);
    const response = await loner.client.post('/api/User/transferProjects', [{ projectId: project, userId: other.id }]);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ type: 'ERROR', code: 32 });
  });
});

describe('DELETE /User/account', () => {
  it('applies the transfers made before, anonymises the rest, ends every session and deletes the account', async () => {
    const owner = await person(testApp(), 'Olga Owner');
    const member = await person(testApp(), 'Mia Member');
    await organizationOf(owner, [member]);
    const given = await projectOf(testApp(), member.id, { name: 'Given' });
    const kept = await projectOf(testApp(), member.id, { name: 'Kept' });
    const createdForOwner = await projectOf(testApp(), owner.id, { creator: member.id });
    const otherDevice = testApp().client();
    await otherDevice.signIn(member.email, PASSWORD);

    expect((await member.client.post('/api/User/transferProjects', [{ projectId: given, userId: owner.id }])).statusCode).toBe(200);
    const noToken = await member.client.call({ method: 'DELETE', url: '/api/User/account', antiForgery: false });
    expect(noToken.json()).toMatchObject({ code: 21 });

    const deleted = await member.client.call({ method: 'DELETE', url: '/api/User/account' });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({ type: 'MESSAGE', code: 0, message: 'Account deleted', transferredProjects: 0, anonymisedProjects: 1 });

    expect(await projectPeople(testApp(), given)).toEqual({ owner: owner.id, creator: null });
    expect(await projectPeople(testApp(), kept)).toEqual({ owner: null, creator: null });
    expect(await projectPeople(testApp(), createdForOwner)).toEqual({ owner: owner.id, creator: null });
    expect(await em().count(User, { id: member.id })).toBe(0);
    expect(await em().count(Session, { userId: member.id })).toBe(0);
    expect((await member.client.get('/api/User')).statusCode).toBe(401);
    expect((await otherDevice.get('/api/User')).statusCode).toBe(401);
    expect((await testApp().client().post('/api/User/login', { email: member.email, password: PASSWORD })).statusCode).toBe(401);
    const organization = (await owner.client.get('/api/User')).json() as { user: { organization: { id: string } } };
    const members = await owner.client.get(`/api/Organization/${organization.user.organization.id}/members`);
    expect(members.json()).toMatchObject({ totalCount: 1 });
  });

  it('takes the transfers as its body, in one transaction with the deletion', async () => {
    const owner = await person(testApp(), 'Olga Owner');
    const member = await person(testApp(), 'Mia Member');
    const outsider = await person(testApp(), 'Otto Outsider');
    await organizationOf(owner, [member]);
    const first = await projectOf(testApp(), member.id);
    const second = await projectOf(testApp(), member.id);

    // A transfer the rules refuse leaves everything as it was, the account included.
    const refused = await member.client.call({ method: 'DELETE', url: '/api/User/account', body: [{ projectId: first, userId: outsider.id }] });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 31 });
    expect((await member.client.get('/api/User')).statusCode).toBe(200);

    const deleted = await member.client.call({ method: 'DELETE', url: '/api/User/account', body: [{ projectId: first, userId: owner.id }] });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toMatchObject({ transferredProjects: 1, anonymisedProjects: 1 });
    expect(await projectPeople(testApp(), first)).toEqual({ owner: owner.id, creator: null });
    expect(await projectPeople(testApp(), second)).toEqual({ owner: null, creator: null });
  });

  it('refuses the administrator of an organization with members (33); a sole member takes the organization along', async () => {
    const owner = await person(testApp(), 'Olga Owner');
    const member = await person(testApp(), 'Mia Member');
    const organizationId = await organizationOf(owner, [member]);

    const refused = await owner.client.call({ method: 'DELETE', url: '/api/User/account' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ type: 'ERROR', code: 33 });

    expect((await member.client.call({ method: 'DELETE', url: '/api/User/leaveOrganization' })).statusCode).toBe(200);
    const deleted = await owner.client.call({ method: 'DELETE', url: '/api/User/account' });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await em().count(Organization, { id: organizationId })).toBe(0);
  });
});

describe('DELETE /User/leaveOrganization', () => {
  it('lets a member leave, answers 33 to the administrator and 32 without an organization', async () => {
    const owner = await person(testApp(), 'Olga Owner');
    const member = await person(testApp(), 'Mia Member');
    await organizationOf(owner, [member]);
    const ownerLeaves = await owner.client.call({ method: 'DELETE', url: '/api/User/leaveOrganization' });
    expect(ownerLeaves.statusCode).toBe(409);
    expect(ownerLeaves.json()).toMatchObject({ type: 'ERROR', code: 33 });
    const left = await member.client.call({ method: 'DELETE', url: '/api/User/leaveOrganization' });
    expect(left.json()).toMatchObject({ type: 'MESSAGE', code: 0 });
    expect(((await member.client.get('/api/User')).json() as { user: { organization: unknown } }).user.organization).toBeNull();
    const again = await member.client.call({ method: 'DELETE', url: '/api/User/leaveOrganization' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ type: 'ERROR', code: 32 });
  });
});
