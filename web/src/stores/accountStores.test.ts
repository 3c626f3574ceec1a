/** Store actions of the account screens: SessionStore (account), OrganizationStore, AdminStore. */
import { describe, expect, it } from 'vitest';
import { createApi } from '../api/index.ts';
import { readConfig } from '../config.ts';
import { createI18n } from '../i18n/index.ts';
import { RootStore } from './RootStore.ts';

type Handler = (body: unknown, url: URL) => { status?: number; body?: unknown };

const me = {
  id: 'u1', formOfAddress: 'NONE', name: 'Erika', email: 'erika@example.com', company: null, zipCode: '1', city: 'C', street: 'S', houseNumber: '1',
  phoneNumber: null, organization: null as null | { id: string; name: string; owner: { id: string; name: string } }, roles: [], isAdmin: false, isInternal: false,
  status: 'ACTIVE', lastLogin: null,
};
/** The personal data PATCH /User and PATCH /Admin/{userId}/edit take (all of it). */
const PERSONAL = { name: 'Erika', email: 'erika@example.com', street: 'S', houseNumber: '1', zipCode: '1', city: 'C' };
const org = (ownerId = 'u1') => ({
  id: 'o1', name: 'Büro', owner: { id: ownerId, name: ownerId === 'u1' ? 'Erika' : 'Max', email: 'x@example.com' }, creationDate: '2026-01-01T00:00:00Z', memberCount: 2,
  members: [{ id: 'u1', name: 'Erika', email: 'erika@example.com' }, { id: 'u2', name: 'Max', email: 'max@example.com' }],
});

/** A RootStore over a routing fetch stub that records every call ("METHOD /path"). */
function setup(routes: Record<string, Handler>) {
  const calls: { call: string; body: unknown }[] = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const call = `${init?.method ?? 'GET'} ${url.pathname}`;
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ call, body });
    const handler = routes[call];
    const answer = handler === undefined ? { status: 404, body: { type: 'ERROR', code: 11, message: 'not found' } } : handler(body, url);
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), { status: answer.status ?? 200 });
  }) as typeof globalThis.fetch;
  const i18n = createI18n('en');
  const store: RootStore = new RootStore({
    i18n,
    api: createApi({ config: readConfig({}), fetch, culture: () => i18n.language, onError: (error) => store.notifications.error(error) }),
  });
  return { store, calls, names: () => calls.map((c) => c.call) };
}

const ok = { body: { type: 'MESSAGE', code: 0, message: 'ok' } };
const messages = (store: RootStore) => store.notifications.notices.map((n) => `${n.kind}:${n.message ?? n.code}`);

describe('SessionStore account actions', () => {
  it('saves personal data; a new e-mail address gives saveSuccessWithMail; a failure keeps the user', async () => {
    let fail = false;
    const { store, calls } = setup({
      'GET /api/User': () => ({ body: { user: me, token: 't' } }),
      'PATCH /api/User': (body) => (fail ? { status: 400, body: { type: 'ERROR', code: 2, message: 'bad' } } : { body: { ...me, ...(body as object), email: me.email } }),
    });
    await store.session.ensureLoaded();
    expect(await store.session.updateProfile({ ...PERSONAL, name: 'Erika M.', email: 'erika@example.com' })).toBe('saved');
    expect(store.session.user?.name).toBe('Erika M.');
    expect(calls.at(-1)?.body).toMatchObject({ uiCulture: 'en' });
    expect(await store.session.updateProfile({ ...PERSONAL, name: 'Erika M.', email: 'new@example.com' })).toBe('savedWithMail');
    expect(messages(store)).toEqual(['success:account:notices.saved', 'success:account:notices.saveSuccessWithMail']);
    fail = true;
    expect(await store.session.updateProfile({ ...PERSONAL, name: 'Other', email: 'erika@example.com' })).toBe('failed');
    expect(store.session.user?.name).toBe('Erika M.');
    expect(store.notifications.errors.map((n) => n.code)).toEqual([2]);
  });

  it('changing the password ends the session', async () => {
    const { store } = setup({ 'GET /api/User': () => ({ body: { user: me, token: 't' } }), 'POST /api/User/password': () => ok });
    await store.session.ensureLoaded();
    expect(await store.session.changePassword({ oldPassword: 'a', newPassword: 'Regen-Wasser-2025!', repeatPassword: 'Regen-Wasser-2025!' })).toBe(true);
    expect(store.session.status).toBe('signedOut');
    expect(messages(store)).toEqual(['success:account:notices.passwordChanged']);
  });

  it('deleting the account transfers the chosen projects first, then signs out', async () => {
    const { store, names, calls } = setup({
      'GET /api/User': () => ({ body: { user: { ...me, organization: { id: 'o1', name: 'Büro', owner: { id: 'u1', name: 'Erika' } } }, token: 't' } }),
      'GET /api/Project/userProjects': () => ({
        body: {
          entries: [
            { projectId: 'p1', name: 'Mine', owner: { id: 'u1', name: 'Erika' } },
            { projectId: 'p2', name: 'Theirs', owner: { id: 'u2', name: 'Max' } },
          ],
          totalCount: 2,
        },
      }),
      'GET /api/Organization/o1': () => ({ body: org() }),
      'POST /api/User/transferProjects': () => ({ body: { type: 'MESSAGE', code: 0, message: 'ok', transferredProjects: 1 } }),
      'DELETE /api/User/account': () => ({ body: { type: 'MESSAGE', code: 0, message: 'ok', transferredProjects: 0, anonymisedProjects: 0 } }),
    });
    await store.session.ensureLoaded();
    const plan = await store.session.loadDeletionPlan();
    expect(plan?.projects.map((p) => p.projectId)).toEqual(['p1']);
    expect(plan?.candidates.map((c) => c.id)).toEqual(['u2']);
    expect(await store.session.deleteAccount([{ projectId: 'p1', userId: 'u2' }])).toBe(true);
    // one server call: the transfers travel with the delete (one transaction, issue 14.4)
    expect(names().slice(-1)).toEqual(['DELETE /api/User/account']);
    expect(names()).not.toContain('POST /api/User/transferProjects');
    expect(calls.at(-1)?.body).toEqual([{ projectId: 'p1', userId: 'u2' }]);
    expect(store.session.isSignedIn).toBe(false);
  });

  it('without transfers only deletes', async () => {
    const { store, names } = setup({ 'GET /api/User': () => ({ body: { user: me, token: 't' } }), 'DELETE /api/User/account': () => ok });
    await store.session.ensureLoaded();
    expect(await store.session.deleteAccount([])).toBe(true);
    expect(names()).not.toContain('POST /api/User/transferProjects');
  });
});

describe('OrganizationStore', () => {
  it('creates an organization and reloads the user', async () => {
    let user = me;
    const { store, names } = setup({
      'GET /api/User': () => ({ body: { user, token: 't' } }),
      'POST /api/Organization': () => {
        user = { ...me, organization: { id: 'o1', name: 'Büro', owner: { id: 'u1', name: 'Erika' } } };
        return { body: org() };
      },
    });
    await store.session.ensureLoaded();
    expect(await store.organization.create('  Büro ')).toBe(true);
    expect(store.session.isOrganizationOwner).toBe(true);
    expect(names()).toEqual(['GET /api/User', 'POST /api/Organization', 'GET /api/User']);
    expect(messages(store)).toEqual(['success:organization:notices.created']);
  });

  it('invites: a notice with the number added, organizationMemberCouldNotBeInvited without, and refreshes', async () => {
    let added = 1;
    const { store, names } = setup({
      'GET /api/Organization/o1': () => ({ body: org() }),
      'PUT /api/Organization/o1/members': () => ({
        body: { nonExistingUsers: added === 0 ? ['nobody@example.com'] : [], usersWithOrganizations: [], addedMembers: [], addedMemberCount: added, ignoredEmailCount: 0 },
      }),
    });
    await store.organization.load('o1');
    expect((await store.organization.invite(['max@example.com']))?.addedMemberCount).toBe(1);
    added = 0;
    expect((await store.organization.invite(['nobody@example.com']))?.nonExistingUsers).toEqual(['nobody@example.com']);
    expect(messages(store)).toEqual(['success:organization:notices.organizationMemberInvited', 'error:organization:notices.organizationMemberCouldNotBeInvited']);
    expect(store.notifications.notices[0]?.params).toEqual({ count: 1 });
    expect(names().filter((n) => n === 'GET /api/Organization/o1')).toHaveLength(3);
  });

  it('transfer candidates are the members except the owner; changing the owner from oneself reloads the user', async () => {
    const { store, names } = setup({
      'GET /api/User': () => ({ body: { user: { ...me, organization: { id: 'o1', name: 'Büro', owner: { id: 'u1', name: 'Erika' } } }, token: 't' } }),
      'GET /api/Organization/o1': () => ({ body: org() }),
      'PUT /api/Organization/o1/owner/u2': () => ({ body: org('u2') }),
    });
    await store.session.ensureLoaded();
    await store.organization.loadOwn();
    expect(store.organization.transferCandidates.map((m) => m.id)).toEqual(['u2']);
    expect(await store.organization.changeOwner('u2')).toBe(true);
    expect(names().filter((n) => n === 'GET /api/User')).toHaveLength(2);
    expect(messages(store)).toEqual(['success:organization:notices.transferred']);
  });

  it('the owner cannot leave: error 33 shows as notice; a member leaves and the user is reloaded', async () => {
    let owner = true;
    const { store, names } = setup({
      'GET /api/User': () => ({ body: { user: me, token: 't' } }),
      'DELETE /api/User/leaveOrganization': () => (owner ? { status: 409, body: { type: 'ERROR', code: 33, message: 'owner cannot leave' } } : ok),
    });
    await store.session.ensureLoaded();
    expect(await store.organization.leave()).toBe(false);
    expect(store.notifications.errors.map((n) => n.code)).toEqual([33]);
    owner = false;
    expect(await store.organization.leave()).toBe(true);
    expect(names().at(-1)).toBe('GET /api/User');
    expect(store.notifications.messages.map((n) => n.message)).toEqual(['organization:notices.left']);
  });

  it('renames, removes members and deletes, each with its notice', async () => {
    const { store } = setup({
      'GET /api/Organization/o1': () => ({ body: org() }),
      'PATCH /api/Organization/o1': (body) => ({ body: { ...org(), name: (body as { name: string }).name } }),
      'DELETE /api/Organization/o1/member/u2': () => ok,
      'DELETE /api/Organization/o1': () => ok,
    });
    await store.organization.load('o1');
    expect(await store.organization.rename(' Neues Büro ')).toBe(true);
    expect(store.organization.organization?.name).toBe('Neues Büro');
    expect(await store.organization.removeMember('u2')).toBe(true);
    expect(await store.organization.delete()).toBe(true);
    expect(store.organization.organization).toBeUndefined();
    expect(store.notifications.messages.map((n) => n.message)).toEqual(['organization:notices.renamed', 'organization:notices.memberRemoved', 'organization:notices.deleted']);
  });

  it('a failed load is reported (the organization page goes to /error)', async () => {
    const { store } = setup({ 'GET /api/Organization/o1': () => ({ status: 500, body: { type: 'ERROR', code: 1, message: 'x' } }) });
    expect(await store.organization.load('o1', { silent: true })).toBe(false);
    expect(store.organization.failed).toBe(true);
    expect(store.notifications.notices).toEqual([]);
  });
});

describe('AdminStore', () => {
  it('loads a user with projects (includeOrgProjects), sets roles, edits', async () => {
    const { store, calls } = setup({
      'GET /api/Admin/u2': () => ({ body: { ...me, id: 'u2', name: 'Max' } }),
      'GET /api/Admin/u2/projects': () => ({ body: { entries: [{ projectId: 'p9', name: 'P' }], totalCount: 1 } }),
      'PUT /api/Admin/u2/roles': (body) => ({ body: { ...me, id: 'u2', roles: body } }),
      'PATCH /api/Admin/u2/edit': (body) => ({ body: { ...me, id: 'u2', ...(body as object) } }),
    });
    expect(await store.admin.loadUser('u2')).toBe(true);
    expect(store.admin.userProjects.entries).toHaveLength(1);
    await store.admin.setIncludeOrgProjects(true);
    const projectsCall = calls.filter((c) => c.call === 'GET /api/Admin/u2/projects');
    expect(projectsCall).toHaveLength(2);
    expect(await store.admin.setRoles('u2', ['internal'])).toBe(true);
    expect(store.admin.user?.roles).toEqual(['internal']);
    expect(calls.at(-1)?.body).toEqual(['internal']);
    expect(await store.admin.saveUser('u2', { ...PERSONAL, name: 'Max M.' })).toBe(true);
    expect(store.admin.user?.name).toBe('Max M.');
    expect(store.notifications.messages.map((n) => n.message)).toEqual(['admin:notices.rolesUpdated', 'admin:notices.saved']);
  });

  it('sends includeOrgProjects to GET /Admin/{id}/projects', async () => {
    const urls: string[] = [];
    const { store } = setup({
      'GET /api/Admin/u2': () => ({ body: { ...me, id: 'u2' } }),
      'GET /api/Admin/u2/projects': (_b, url) => {
        urls.push(url.search);
        return { body: { entries: [], totalCount: 0 } };
      },
    });
    await store.admin.loadUser('u2');
    await store.admin.setIncludeOrgProjects(true);
    expect(urls[0]).toContain('includeOrgProjects=false');
    expect(urls[1]).toContain('includeOrgProjects=true');
  });

  it('deletes a user with the chosen transfers in one call, then reloads the list', async () => {
    const { store, names } = setup({
      'GET /api/Admin/users': () => ({ body: { entries: [{ ...me, id: 'u2' }], totalCount: 1 } }),
      'POST /api/Admin/u2/transferProjects': () => ({ body: { type: 'MESSAGE', code: 0, message: 'ok', transferredProjects: 1 } }),
      'DELETE /api/Admin/u2/account': () => ok,
    });
    await store.admin.users.load();
    expect(await store.admin.deleteUser('u2', [{ projectId: 'p1', userId: 'u3' }])).toBe(true);
    expect(names()).toEqual(['GET /api/Admin/users', 'DELETE /api/Admin/u2/account', 'GET /api/Admin/users']);
  });
});
