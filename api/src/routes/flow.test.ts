/**
 * The "done when" flow, against the real in-process SMTP server: register → the mail →
 * confirm through its link → login → organization (create, invite, members, leave) → administration.
 */
import { describe, expect, it } from 'vitest';
import { grantRole } from '../accounts/grant-role.ts';
import type { EntityManager } from '../db/orm.ts';
import { linkQuery, PASSWORD, registration } from '../testing/accounts.ts';
import { fileTestApp, type Client } from '../testing/test-app.ts';

const testApp = fileTestApp();

async function signUp(name: string, uiCulture: 'de' | 'en'): Promise<{ client: Client; email: string; id: string }> {
  const client = testApp().client();
  const body = registration({ name, uiCulture });
  const email = String(body['email']);
  expect((await client.post('/api/User/register', body)).statusCode).toBe(200);
  expect((await client.post('/api/User/login', { email, password: PASSWORD })).json()).toMatchObject({ code: 13 });
  const mail = await testApp().smtp.nextMail(email);
  expect(mail.subject).toBe(uiCulture === 'de' ? 'rainplan: Bitte bestätigen Sie Ihre E-Mail-Adresse' : 'rainplan: please confirm your e-mail address');
  const link = new URL(mail.links[0] ?? '');
  expect(`${link.origin}${link.pathname}`).toBe('http://rainplan.test/authentication/confirmemail');
  expect((await client.get('/api/User/confirmEmail', linkQuery(link.href))).statusCode).toBe(200);
  const session = await client.signIn(email, PASSWORD);
  return { client, email, id: (session.json() as { user: { id: string } }).user.id };
}

describe('registration to organization', () => {
  it('registers two people over SMTP, forms an organization, and an administrator sees it', async () => {
    const olga = await signUp('Olga Owner', 'de');
    const mia = await signUp('Mia Member', 'en');

    const created = await olga.client.post('/api/Organization', { name: 'Planungsbüro Regen' });
    expect(created.statusCode, created.body).toBe(200);
    const { id } = created.json() as { id: string };
    const invited = await olga.client.call({ method: 'PUT', url: `/api/Organization/${id}/members`, body: [mia.email] });
    expect(invited.json()).toMatchObject({ addedMemberCount: 1, nonExistingUsers: [], usersWithOrganizations: [] });
    // Nothing is shared before Mia accepts the invitation from her mail (decision 0070).
    expect((await mia.client.get(`/api/Organization/${id}/members`)).json()).toMatchObject({ code: 31 });
    const invitation = await testApp().smtp.nextMail(mia.email);
    expect(invitation.subject).toBe('rainplan: invitation to the organization "Planungsbüro Regen"');
    const invitationLink = new URL(invitation.links[0] ?? '');
    expect(invitationLink.pathname).toMatch(/^\/user\/invitations\/[0-9a-f-]{36}$/);
    const accepted = await mia.client.post(`/api${invitationLink.pathname.replace('/user/invitations/', '/User/invitations/')}/accept`, {});
    expect(accepted.statusCode, accepted.body).toBe(200);

    const miasView = (await mia.client.get('/api/User')).json() as { user: { organization: { id: string; owner: { id: string } } } };
    expect(miasView.user.organization).toMatchObject({ id, owner: { id: olga.id } });
    const members = await mia.client.get(`/api/Organization/${id}/members`, { page: '1', pageSize: '10' });
    expect(members.json()).toMatchObject({ totalCount: 2, entries: [{ name: 'Mia Member' }, { name: 'Olga Owner' }] });
    expect((await mia.client.call({ method: 'PATCH', url: `/api/Organization/${id}`, body: { name: 'Mine' } })).json()).toMatchObject({ code: 10 });

    await grantRole(testApp().app.orm.em.fork() as EntityManager, olga.email, 'Administrator');
    const organizations = await olga.client.get('/api/Admin/organizations', { SearchString: 'regen' });
    expect(organizations.json()).toMatchObject({ totalCount: 1, entries: [{ id, memberCount: 2 }] });

    expect((await mia.client.call({ method: 'DELETE', url: '/api/User/leaveOrganization' })).json()).toMatchObject({ type: 'MESSAGE' });
    expect((await olga.client.get(`/api/Organization/${id}/members`)).json()).toMatchObject({ totalCount: 1 });
  });
});
