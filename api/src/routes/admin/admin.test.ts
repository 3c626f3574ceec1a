import { beforeAll, describe, expect, it } from 'vitest';
import { Organization } from '../../db/entities/organization.ts';
import { User } from '../../db/entities/user.ts';
import { organizationOf, person, projectOf, projectPeople, type Person } from '../../testing/people.ts';
import { fileTestApp } from '../../testing/test-app.ts';

const testApp = fileTestApp();
let admin: Person;

beforeAll(async () => {
  admin = await person(testApp(), 'Ada Admin', ['Administrator']);
}, 30_000);

const em = () => testApp().app.orm.em.fork();
const call = (who: Person, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, body?: unknown, query?: Record<string, string>) =>
  who.client.call({ method, url, body, ...(query === undefined ? {} : { query }) });

interface Page<T> {
  entries: T[];
  totalCount: number;
}

describe('Admin: users', () => {
  it('is for administrators only (403, code 10)', async () => {
    const user = await person(testApp(), 'Uwe User');
    for (const url of ['/api/Admin/users', '/api/Admin/organizations', `/api/Admin/${user.id}`, `/api/Admin/${user.id}/projects`]) {
      const response = await user.client.get(url);
      expect(response.statusCode, url).toBe(403);
      expect(response.json(), url).toMatchObject({ type: 'ERROR', code: 10, message: 'Administrators only' });
    }
  });

  it('shows, edits and sets the roles of a user', async () => {
    const user = await person(testApp(), 'Uwe User');
    const shown = await call(admin, 'GET', `/api/Admin/${user.id}`);
    expect(shown.json()).toMatchObject({ id: user.id, name: 'Uwe User', email: user.email, isAdmin: false });
    expect((await call(admin, 'GET', '/api/Admin/00000000-0000-4000-8000-000000000000')).json()).toMatchObject({ code: 11 });

    const edit = {
      formOfAddress: 'MALE',
      name: ' Uwe Neu ',
      email: `Uwe.Neu.${Date.now()}@Example.com`,
      company: '',
      street: 'Neue Straße',
      houseNumber: '1',
      zipCode: '20095',
      city: 'Hamburg',
      phoneNumber: null,
    };
    const edited = await call(admin, 'PATCH', `/api/Admin/${user.id}/edit`, edit);
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ name: 'Uwe Neu', email: edit.email.toLowerCase(), company: null, city: 'Hamburg', phoneNumber: null });
    const taken = await call(admin, 'PATCH', `/api/Admin/${user.id}/edit`, { ...edit, email: admin.email });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 2 });
    const blank = await call(admin, 'PATCH', `/api/Admin/${user.id}/edit`, { ...edit, name: '  ' });
    expect(blank.json()).toMatchObject({ code: 2 });
    const phone = await call(admin, 'PATCH', `/api/Admin/${user.id}/edit`, { ...edit, phoneNumber: 'call me' });
    expect(phone.json()).toMatchObject({ code: 2 });

    const roles = await call(admin, 'PUT', `/api/Admin/${user.id}/roles`, ['internal', 'analyst', 'internal']);
    expect(roles.json()).toMatchObject({ roles: ['internal', 'analyst'], isInternal: true, isAdmin: false });
    const unknown = await call(admin, 'PUT', `/api/Admin/${user.id}/roles`, ['Superuser']);
    expect(unknown.json()).toMatchObject({ code: 2 });
    // Takes effect at the user's next request.
    expect(((await user.client.get('/api/User')).json() as { user: { isInternal: boolean } }).user.isInternal).toBe(true);

    const own = await call(admin, 'PUT', `/api/Admin/${admin.id}/roles`, ['internal']);
    expect(own.statusCode).toBe(403);
    expect(own.json()).toMatchObject({ code: 10 });
  });

  it('lists users paged, sorted and searched, with code 2 for unknown columns', async () => {
    const tag = `zz${Date.now()}`;
    for (const name of ['Carla', 'Anton', 'Berta']) await person(testApp(), `${name} ${tag}`);
    const list = async (query: Record<string, string>) => {
      const response = await call(admin, 'GET', '/api/Admin/users', undefined, query);
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as Page<{ name: string }>;
    };
    const first = await list({ SearchString: tag, Page: '1', PageSize: '2' });
    expect(first.totalCount).toBe(3);
    expect(first.entries.map((entry) => entry.name)).toEqual([`Anton ${tag}`, `Berta ${tag}`]);
    const all = await list({ SearchString: tag.toUpperCase(), PageSize: 'all', SortByColumn: 'NAME', SortAscending: 'false' });
    expect(all.entries.map((entry) => entry.name)).toEqual([`Carla ${tag}`, `Berta ${tag}`, `Anton ${tag}`]);
    const maximum = await list({ SearchString: tag, PageSize: '2147483647', SortByColumn: 'name', SortAscending: 'true' });
    expect(maximum.entries).toHaveLength(3);
    const second = await list({ SearchString: tag, Page: '2', PageSize: '2' });
    expect(second.entries).toHaveLength(1);
    expect(await list({ SearchString: tag, SearchInColumn: 'email' })).toMatchObject({ totalCount: 0 });
    expect(await list({ SearchString: '%', SearchInColumn: 'name' })).toMatchObject({ totalCount: 0 });

    for (const query of [{ SortByColumn: 'passwordHash' }, { SearchInColumn: 'roles', SearchString: 'x' }, { Page: '0' }, { Page: '1e20' }, { PageSize: 'many' }]) {
      const response = await call(admin, 'GET', '/api/Admin/users', undefined, query);
      expect(response.statusCode, JSON.stringify(query)).toBe(400);
      expect(response.json()).toMatchObject({ type: 'ERROR', code: 2 });
    }
  });
});

describe('Admin: organizations', () => {
  it('lists organizations with owner and member count, sortable by member count', async () => {
    const tag = `org${Date.now()}`;
    const big = await person(testApp(), 'Bea Big');
    const small = await person(testApp(), 'Sam Small');
    await organizationOf(big, [await person(testApp(), 'Mo Member'), await person(testApp(), 'Max Member')], `Big ${tag}`);
    await organizationOf(small, [], `Small ${tag}`);
    const response = await call(admin, 'GET', '/api/Admin/organizations', undefined, { SearchString: tag, SortByColumn: 'memberCount', SortAscending: 'true' });
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json() as Page<{ name: string; memberCount: number; owner: { name: string }; members: unknown[] }>;
    expect(page.totalCount).toBe(2);
    expect(page.entries.map((entry) => [entry.name, entry.memberCount, entry.owner.name, entry.members.length])).toEqual([
      [`Small ${tag}`, 1, 'Sam Small', 1],
      [`Big ${tag}`, 3, 'Bea Big', 3],
    ]);
    const byOwner = await call(admin, 'GET', '/api/Admin/organizations', undefined, { SearchString: 'bea big', SearchInColumn: 'owner' });
    expect((byOwner.json() as Page<unknown>).totalCount).toBeGreaterThanOrEqual(1);
  });

  it('lets an administrator edit any organization', async () => {
    const owner = await person(testApp(), 'Olga Owner');
    const member = await person(testApp(), 'Mia Member');
    const newcomer = await person(testApp(), 'Nina Newcomer');
    const id = await organizationOf(owner, [member]);
    expect((await call(admin, 'GET', `/api/Organization/${id}`)).statusCode).toBe(200);
    expect((await call(admin, 'GET', `/api/Organization/${id}/members`)).json()).toMatchObject({ totalCount: 2 });
    expect((await call(admin, 'PATCH', `/api/Organization/${id}`, { name: 'Renamed' })).json()).toMatchObject({ name: 'Renamed' });
    expect((await call(admin, 'PUT', `/api/Organization/${id}/members`, [newcomer.email])).json()).toMatchObject({ addedMemberCount: 1 });
    // An administrator invites too: the newcomer is no member before accepting.
    expect((await call(admin, 'GET', `/api/Organization/${id}/members`)).json()).toMatchObject({ totalCount: 2 });
    expect((await call(admin, 'PUT', `/api/Organization/${id}/owner/${member.id}`)).json()).toMatchObject({ owner: { id: member.id } });
    expect((await call(admin, 'DELETE', `/api/Organization/${id}/member/${owner.id}`)).json()).toMatchObject({ type: 'MESSAGE' });
    expect((await call(admin, 'DELETE', `/api/Organization/${id}`)).json()).toMatchObject({ type: 'MESSAGE' });
    expect(await em().count(Organization, { id })).toBe(0);
  });
});

describe('Admin: projects and account deletion', () => {
  it("lists a user's projects, with the organization's when asked", async () => {
    const owner = await person(testApp(), 'Olga Owner');
    const member = await person(testApp(), 'Mia Member');
    await organizationOf(owner, [member]);
    const older = await projectOf(testApp(), member.id, { name: 'Älter', creationDate: new Date('2026-01-01T00:00:00Z'), comment: 'Dach' });
    const newer = await projectOf(testApp(), member.id, { name: 'Neuer', supportState: 'OPEN' });
    const organizations = await projectOf(testApp(), owner.id, { name: 'Büro' });

    const own = await call(admin, 'GET', `/api/Admin/${member.id}/projects`);
    expect(own.statusCode, own.body).toBe(200);
    const page = own.json() as Page<Record<string, unknown>>;
    expect(page.totalCount).toBe(2);
    expect(page.entries.map((entry) => entry['projectId'])).toEqual([newer, older]); // newest first
    expect(page.entries[1]).toEqual({
      projectId: older,
      name: 'Älter',
      creationDate: '2026-01-01T00:00:00.000Z',
      creator: { id: member.id, name: 'Mia Member' },
      owner: { id: member.id, name: 'Mia Member' },
      address: 'Regenweg 12, Berlin',
      comment: 'Dach',
      isUserProject: true,
      state: 'CLOSED',
    });
    expect(page.entries[0]).toMatchObject({ state: 'OPEN' });

    const withOrg = await call(admin, 'GET', `/api/Admin/${member.id}/projects`, undefined, { includeOrgProjects: 'true', SortByColumn: 'name', SortAscending: 'true' });
    const all = withOrg.json() as Page<{ projectId: string; isUserProject: boolean }>;
    expect(all.entries.map((entry) => [entry.projectId, entry.isUserProject])).toEqual([
      [organizations, false],
      [newer, true],
      [older, true],
    ]);
    const searched = await call(admin, 'GET', `/api/Admin/${member.id}/projects`, undefined, { SearchString: 'dach', SearchInColumn: 'comment' });
    expect((searched.json() as Page<unknown>).totalCount).toBe(1);
  });

  it("transfers a user's projects to anyone, then deletes the account in one transaction", async () => {
    const leaving = await person(testApp(), 'Lea Leaving');
    const heir = await person(testApp(), 'Hans Heir');
    const first = await projectOf(testApp(), leaving.id);
    const second = await projectOf(testApp(), leaving.id);
    const third = await projectOf(testApp(), leaving.id);

    const moved = await call(admin, 'POST', `/api/Admin/${leaving.id}/transferProjects`, [{ projectId: first, userId: heir.id }]);
    expect(moved.json()).toMatchObject({ type: 'MESSAGE', transferredProjects: 1 });
    const foreign = await call(admin, 'POST', `/api/Admin/${heir.id}/transferProjects`, [{ projectId: second, userId: heir.id }]);
    expect(foreign.json()).toMatchObject({ code: 11 });

    const toSelf = await call(admin, 'DELETE', `/api/Admin/${leaving.id}/account`, [{ projectId: second, userId: leaving.id }]);
    expect(toSelf.json()).toMatchObject({ code: 2 });
    const deleted = await call(admin, 'DELETE', `/api/Admin/${leaving.id}/account`, [{ projectId: second, userId: heir.id }]);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toMatchObject({ transferredProjects: 1, anonymisedProjects: 1 });
    expect(await projectPeople(testApp(), first)).toEqual({ owner: heir.id, creator: null });
    expect(await projectPeople(testApp(), second)).toEqual({ owner: heir.id, creator: null });
    expect(await projectPeople(testApp(), third)).toEqual({ owner: null, creator: null });
    expect(await em().count(User, { id: leaving.id })).toBe(0);
    expect((await leaving.client.get('/api/User')).statusCode).toBe(401);
    expect((await call(admin, 'DELETE', `/api/Admin/${leaving.id}/account`)).statusCode).toBe(404);
  });

  it('refuses to delete the administrator of an organization with members (33)', async () => {
    const owner = await person(testApp(), 'Olga Owner');
    await organizationOf(owner, [await person(testApp(), 'Mia Member')]);
    const refused = await call(admin, 'DELETE', `/api/Admin/${owner.id}/account`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 33 });
  });
});
