/**
 * Organization membership needs consent (issue 13, item 3; decision 0070): PUT members invites,
 * the invited user accepts or declines (e-mail link, notice in the app), nothing is shared before,
 * only the invitee can answer, owners see and withdraw open invitations, and the call is
 * rate-limited per inviting user.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrganizationInvitation } from '../db/entities/invitation.ts';
import { User } from '../db/entities/user.ts';
import type { EntityManager } from '../db/orm.ts';
import { organizationOf, person, projectOf, type Person } from '../testing/people.ts';
import { fileTestApp, startTestApp, type TestApp } from '../testing/test-app.ts';

const testApp = fileTestApp();

const em = () => testApp().app.orm.em.fork() as EntityManager;
const inviteAs = (who: Person, organizationId: string, emails: unknown) =>
  who.client.call({ method: 'PUT', url: `/api/Organization/${organizationId}/members`, body: emails });
const openInvitations = async (who: Person) =>
  (await who.client.get('/api/User/invitations')).json() as Array<{ id: string; organization: { id: string; name: string }; invitedBy: { name: string } | null }>;

describe('invitations into an organization', () => {
  it('shares nothing before the invited user accepts; the mail link leads to the answer', async () => {
    const owner = await person(testApp(), 'Olga Owner');
    const invitee = await person(testApp(), 'Ivo Invitee');
    const organizationId = await organizationOf(owner);
    const inviteesProject = await projectOf(testApp(), invitee.id, { name: 'Ivos Neubau' });

    const invited = await inviteAs(owner, organizationId, [invitee.email]);
    expect(invited.statusCode, invited.body).toBe(200);
    expect(invited.json()).toMatchObject({ addedMemberCount: 1, addedMembers: [{ id: invitee.id, email: invitee.email }] });
    // Not a member: neither side sees the other's data, the member list is unchanged.
    expect(await em().count(User, { id: invitee.id, organization: organizationId })).toBe(0);
    expect((await owner.client.get(`/api/Project/${inviteesProject}`)).statusCode).toBe(403);
    expect((await invitee.client.get(`/api/Organization/${organizationId}`)).json()).toMatchObject({ code: 31 });
    expect((await owner.client.get(`/api/Organization/${organizationId}/members`)).json()).toMatchObject({ totalCount: 1 });

    // The mail (in the invitee's language) carries the link to the web app's invitation page.
    const mail = await testApp().smtp.nextMail(invitee.email);
    expect(mail.subject).toBe('rainplan: Einladung in die Organisation „Planungsbüro Regen“');
    expect(mail.text).toContain('Olga Owner');
    const [open] = await openInvitations(invitee);
    expect(open).toMatchObject({ organization: { id: organizationId, name: 'Planungsbüro Regen' }, invitedBy: { name: 'Olga Owner' } });
    expect(mail.links).toContain(`http://rainplan.test/user/invitations/${open!.id}`);

    // The owner sees it as open.
    const pending = await owner.client.get(`/api/Organization/${organizationId}/invitations`);
    expect(pending.json()).toEqual([expect.objectContaining({ id: open!.id, email: invitee.email })]);

    const accepted = await invitee.client.post(`/api/User/invitations/${open!.id}/accept`, {});
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((await owner.client.get(`/api/Project/${inviteesProject}`)).statusCode).toBe(200);
    expect(((await invitee.client.get('/api/User')).json() as { user: { organization: { id: string } } }).user.organization.id).toBe(organizationId);
    expect(await openInvitations(invitee)).toEqual([]);
    expect((await owner.client.get(`/api/Organization/${organizationId}/invitations`)).json()).toEqual([]);
    // Answered: it cannot be used again.
    expect((await invitee.client.post(`/api/User/invitations/${open!.id}/accept`, {})).json()).toMatchObject({ code: 11 });
  });

  it('lets only the invited user answer; declining shares nothing', async () => {
    const owner = await person(testApp(), 'Dora Owner');
    const invitee = await person(testApp(), 'Dan Decliner');
    const stranger = await person(testApp(), 'Sam Stranger');
    const organizationId = await organizationOf(owner);
    await inviteAs(owner, organizationId, [invitee.email]);
    const [open] = await openInvitations(invitee);
    expect(await openInvitations(stranger)).toEqual([]);

    for (const who of [stranger, owner]) {
      for (const answer of ['accept', 'decline']) {
        const response = await who.client.post(`/api/User/invitations/${open!.id}/${answer}`, {});
        expect(response.statusCode, `${who.name} ${answer}`).toBe(403);
        expect(response.json()).toMatchObject({ type: 'ERROR', code: 10 });
      }
    }
    expect(await em().count(User, { organization: organizationId })).toBe(1);
    expect((await testApp().client().post(`/api/User/invitations/${open!.id}/accept`, {})).json()).toMatchObject({ code: 9 });
    expect((await invitee.client.post('/api/User/invitations/not-a-uuid/accept', {})).json()).toMatchObject({ code: 2 });
    expect((await invitee.client.post('/api/User/invitations/00000000-0000-4000-8000-000000000000/accept', {})).json()).toMatchObject({ code: 11 });

    const declined = await invitee.client.post(`/api/User/invitations/${open!.id}/decline`, {});
    expect(declined.statusCode, declined.body).toBe(200);
    expect(await em().count(OrganizationInvitation, { id: open!.id })).toBe(0);
    expect(await em().count(User, { id: invitee.id, organization: organizationId })).toBe(0);
  });

  it('refuses to accept while in another organization (30), and expired or withdrawn invitations', async () => {
    const owner = await person(testApp(), 'Wanda Owner');
    const other = await person(testApp(), 'Otto Other');
    const invitee = await person(testApp(), 'Ina Busy');
    const organizationId = await organizationOf(owner);
    const otherId = await organizationOf(other, [], 'Other office');
    expect((await inviteAs(owner, organizationId, [invitee.email])).json()).toMatchObject({ addedMemberCount: 1 });
    expect((await inviteAs(other, otherId, [invitee.email])).json()).toMatchObject({ addedMemberCount: 1 });
    const open = await openInvitations(invitee);
    expect(open.map((entry) => entry.organization.id).sort()).toEqual([organizationId, otherId].sort());

    const first = open.find((entry) => entry.organization.id === otherId)!;
    expect((await invitee.client.post(`/api/User/invitations/${first.id}/accept`, {})).statusCode).toBe(200);
    const second = open.find((entry) => entry.organization.id === organizationId)!;
    const refused = await invitee.client.post(`/api/User/invitations/${second.id}/accept`, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ type: 'ERROR', code: 30 });
    // A member of another organization is reported as such and gets no new invitation.
    expect((await inviteAs(owner, organizationId, [invitee.email])).json()).toMatchObject({ usersWithOrganizations: [invitee.email], addedMemberCount: 0 });

    // Withdrawn by the owner: gone for the invitee; a second withdrawal is 404.
    const late = await person(testApp(), 'Lea Late');
    await inviteAs(owner, organizationId, [late.email]);
    const [lateInvitation] = await openInvitations(late);
    expect((await late.client.call({ method: 'DELETE', url: `/api/Organization/${organizationId}/invitations/${lateInvitation!.id}` })).statusCode).toBe(403);
    expect((await owner.client.call({ method: 'DELETE', url: `/api/Organization/${organizationId}/invitations/${lateInvitation!.id}` })).statusCode).toBe(200);
    expect((await owner.client.call({ method: 'DELETE', url: `/api/Organization/${organizationId}/invitations/${lateInvitation!.id}` })).json()).toMatchObject({ code: 11 });
    expect(await openInvitations(late)).toEqual([]);

    // Expired: not listed and cannot be accepted.
    await inviteAs(owner, organizationId, [late.email]);
    const [renewed] = await openInvitations(late);
    await em().nativeUpdate(OrganizationInvitation, { id: renewed!.id }, { expiresAt: new Date(Date.now() - 1000) });
    expect(await openInvitations(late)).toEqual([]);
    expect((await late.client.post(`/api/User/invitations/${renewed!.id}/accept`, {})).json()).toMatchObject({ code: 11 });
    expect(await em().count(User, { id: late.id, organization: organizationId })).toBe(0);
  });

  it('keeps one invitation per user and organization, also when invited concurrently', async () => {
    const owner = await person(testApp(), 'Conny Owner');
    const invitee = await person(testApp(), 'Carl Concurrent');
    const organizationId = await organizationOf(owner);
    const answers = await Promise.all(Array.from({ length: 5 }, () => inviteAs(owner, organizationId, [invitee.email])));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(await em().count(OrganizationInvitation, { user: invitee.id, organization: organizationId })).toBe(1);
  });
});

describe('the invitation rate limit', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await startTestApp({
      rateLimits: { ...testApp().config.rateLimits, invitation: { max: 3, timeWindow: 60 * 60 * 1000 } },
    });
  }, 30_000);
  afterAll(async () => {
    await limited?.close();
  });

  it('counts every looked-up address per inviting user, shared by all processes (the database)', async () => {
    const owner = await person(limited, 'Rita Ratelimit');
    const organizationId = await organizationOf(owner);
    const first = await inviteAs(owner, organizationId, ['a@example.com', 'b@example.com']);
    expect(first.json()).toMatchObject({ nonExistingUsers: ['a@example.com', 'b@example.com'] });
    // Invalid and repeated addresses are not looked up and do not count.
    expect((await inviteAs(owner, organizationId, ['not an address', 'c@example.com', 'C@example.com'])).statusCode).toBe(200);
    const over = await inviteAs(owner, organizationId, ['d@example.com']);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ type: 'ERROR', code: 15 });
    // Another owner has a limit of their own.
    const second = await person(limited, 'Sven Second');
    expect((await inviteAs(second, await organizationOf(second, [], 'Second office'), ['d@example.com'])).statusCode).toBe(200);
    const rows = await (limited.app.orm.em.fork() as EntityManager).getConnection().execute<Array<{ count: number }>>(
      'select count from rate_counter where key = ?',
      [`invite:user:${owner.id}`],
    );
    // the three looked-up addresses; the refused call gave its address back (decision 0185)
    expect(rows.map((row) => Number(row.count))).toEqual([3]);
  });
});
