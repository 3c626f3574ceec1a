/**
 * The account cache (decision 0045): what a change made through this process and one made by
 * another process (here: directly in the database) do to the signed-in user and member pages.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULTS } from '../../config.ts';
import { User } from '../../db/entities/user.ts';
import type { EntityManager } from '../../db/orm.ts';
import { joinOrganization, organizationOf, person, type Person } from '../../testing/people.ts';
import { fileTestApp, startTestApp } from '../../testing/test-app.ts';

const testApp = fileTestApp();
let admin: Person;

beforeAll(async () => {
  admin = await person(testApp(), 'Ada Admin', ['Administrator']);
}, 30_000);

afterEach(() => {
  vi.useRealTimers();
});

const TTL = DEFAULTS.accountCacheTtl;
const em = () => testApp().app.orm.em.fork() as EntityManager;

interface SessionBody {
  user: { roles: string[]; organization: { id: string } | null; name: string };
}
const me = async (who: Person) => ((await who.client.get('/api/User')).json() as SessionBody).user;
const membersPage = async (who: Person, organizationId: string) => who.client.get(`/api/Organization/${organizationId}/members?page=1&pageSize=10`);
const memberEmails = async (who: Person, organizationId: string) =>
  ((await membersPage(who, organizationId)).json() as { entries: Array<{ email: string }> }).entries.map((entry) => entry.email);

describe('changes made through this process are seen at once', () => {
  it('joining and leaving an organization: the member and the page', async () => {
    const owner = await person(testApp(), 'Olga Owner');
    const member = await person(testApp(), 'Max Member');
    const organizationId = await organizationOf(owner);
    expect((await me(member)).organization).toBeNull(); // cached now
    expect(await memberEmails(owner, organizationId)).toEqual([owner.email]); // cached now

    await joinOrganization(owner, organizationId, [member]);
    expect((await me(member)).organization?.id).toBe(organizationId);
    expect((await memberEmails(owner, organizationId)).sort()).toEqual([owner.email, member.email].sort());
    expect((await membersPage(member, organizationId)).statusCode).toBe(200);

    const removed = await owner.client.call({ method: 'DELETE', url: `/api/Organization/${organizationId}/member/${member.id}` });
    expect(removed.statusCode).toBe(200);
    expect((await me(member)).organization).toBeNull();
    expect((await membersPage(member, organizationId)).json()).toMatchObject({ code: 31 });
    expect(await memberEmails(owner, organizationId)).toEqual([owner.email]);
  });

  it('roles set by an administrator', async () => {
    const analyst = await person(testApp(), 'Ana Lyst');
    expect((await me(analyst)).roles).toEqual([]);
    const set = await admin.client.call({ method: 'PUT', url: `/api/Admin/${analyst.id}/roles`, body: ['analyst', 'internal'] });
    expect(set.statusCode).toBe(200);
    expect((await me(analyst)).roles.sort()).toEqual(['analyst', 'internal']);
  });

  it('a changed name', async () => {
    const someone = await person(testApp(), 'Rita Regen');
    const before = (await someone.client.get('/api/User')).json() as { user: Record<string, unknown> };
    const { id: _id, organization: _organization, roles: _roles, isAdmin: _isAdmin, isInternal: _isInternal, status: _status, lastLogin: _lastLogin, ...fields } = before.user;
    const patched = await someone.client.call({ method: 'PATCH', url: '/api/User', body: { ...fields, name: 'Rita Niederschlag' } });
    expect(patched.statusCode, patched.body).toBe(200);
    expect((await me(someone)).name).toBe('Rita Niederschlag');
  });
});

describe('changes made by another process are seen at most ACCOUNT_CACHE_TTL late', () => {
  it('a role: safe calls see it after the ttl, state-changing calls at once', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const other = await person(testApp(), 'Otto Admin', ['Administrator']);
    expect((await other.client.get('/api/Admin/users?page=1&pageSize=1')).statusCode).toBe(200); // cached as administrator
    await em().nativeUpdate(User, { id: other.id }, { roles: [] }); // revoked elsewhere

    // A state-changing call always reads the user: refused at once.
    const write = await other.client.call({ method: 'PUT', url: `/api/Admin/${other.id}/roles`, body: ['Administrator'] });
    expect(write.statusCode).toBe(403);
    // That call emptied this process's cache too; a revocation no call of this process followed …
    await em().nativeUpdate(User, { id: other.id }, { roles: ['Administrator'] });
    expect((await other.client.get('/api/Admin/users?page=1&pageSize=1')).statusCode).toBe(200);
    await em().nativeUpdate(User, { id: other.id }, { roles: [] });
    // … is seen by safe calls once the cached snapshot is older than the ttl.
    vi.setSystemTime(Date.now() + TTL);
    expect((await other.client.get('/api/Admin/users?page=1&pageSize=1')).statusCode).toBe(403);
  });

  it('a deleted account ends its sessions after the ttl', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const leaving = await person(testApp(), 'Lea Leaving');
    expect((await leaving.client.get('/api/User')).statusCode).toBe(200);
    await em().getConnection().execute('delete from app_user where id = ?', [leaving.id]);
    vi.setSystemTime(Date.now() + TTL);
    expect((await leaving.client.get('/api/User')).statusCode).toBe(401);
  });

  it('a member page', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const owner = await person(testApp(), 'Paul Page');
    const joining = await person(testApp(), 'Jana Join');
    const organizationId = await organizationOf(owner);
    expect(await memberEmails(owner, organizationId)).toEqual([owner.email]);
    await em().nativeUpdate(User, { id: joining.id }, { organization: organizationId });
    expect(await memberEmails(owner, organizationId)).toEqual([owner.email]); // within the ttl: as read
    vi.setSystemTime(Date.now() + TTL);
    expect((await memberEmails(owner, organizationId)).sort()).toEqual([owner.email, joining.email].sort());
  });

  it('does not answer a member page to someone who may not see it, cached or not', async () => {
    const owner = await person(testApp(), 'Nina Nosy');
    const outsider = await person(testApp(), 'Oskar Outside');
    const organizationId = await organizationOf(owner);
    expect((await membersPage(owner, organizationId)).statusCode).toBe(200); // cached now
    const refused = await membersPage(outsider, organizationId);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 31 });
    expect((await membersPage(admin, organizationId)).statusCode).toBe(200);
    const unknown = await membersPage(admin, '00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
  });
});

describe('ACCOUNT_CACHE_TTL=0', () => {
  it('reads the user and the member page on every call', async () => {
    const uncached = await startTestApp({ accountCacheTtl: 0 });
    try {
      const owner = await person(uncached, 'Zero Cache');
      const joining = await person(uncached, 'Zora Join');
      const organizationId = await organizationOf(owner);
      const fork = () => uncached.app.orm.em.fork() as EntityManager;
      expect((await owner.client.get(`/api/Organization/${organizationId}/members?page=1&pageSize=10`)).json()).toMatchObject({ totalCount: 1 });
      await fork().nativeUpdate(User, { id: joining.id }, { organization: organizationId, roles: ['analyst'] });
      expect((await owner.client.get(`/api/Organization/${organizationId}/members?page=1&pageSize=10`)).json()).toMatchObject({ totalCount: 2 });
      expect(((await joining.client.get('/api/User')).json() as SessionBody).user).toMatchObject({ roles: ['analyst'], organization: { id: organizationId } });
    } finally {
      await uncached.close();
    }
  }, 30_000); // starts a second app (a database of its own): slow on a busy machine
});
