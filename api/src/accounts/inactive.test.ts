import { describe, expect, it } from 'vitest';
import { Organization } from '../db/entities/organization.ts';
import { User } from '../db/entities/user.ts';
import type { EntityManager } from '../db/orm.ts';
import { organizationOf, person, projectOf, projectPeople, type Person } from '../testing/people.ts';
import { fileTestApp } from '../testing/test-app.ts';
import { cutoffDate, purgeInactiveAccounts } from './inactive.ts';

const testApp = fileTestApp();

const em = () => testApp().app.orm.em.fork() as EntityManager;
const NOW = new Date('2040-06-15T12:00:00Z'); // every account of this file lies far back then
const RECENT = new Date('2040-01-01T00:00:00Z');

async function setActivity(who: Person, lastLogin: Date | null, createdAt?: Date): Promise<void> {
  await em().nativeUpdate(User, { id: who.id }, { lastLogin, ...(createdAt === undefined ? {} : { createdAt }) });
}

describe('accounts inactive for 12 months', () => {
  it('counts calendar months back from now', () => {
    expect(cutoffDate(new Date('2026-11-23T10:00:00Z')).toISOString()).toBe('2025-11-23T10:00:00.000Z');
  });

  it('lists them in a dry run, and deletes them with apply, following the rules', async () => {
    const active = await person(testApp(), 'Anna Active');
    const neverSignedIn = await person(testApp(), 'Nora Never');
    const loner = await person(testApp(), 'Lars Loner');
    const owner = await person(testApp(), 'Olga Owner');
    const member = await person(testApp(), 'Mia Member');
    const soleOwner = await person(testApp(), 'Sven Sole');
    const admin = await person(testApp(), 'Ada Admin', ['Administrator']);
    const organizationId = await organizationOf(owner, [member]);
    const soleOrganization = await organizationOf(soleOwner, [], 'Sole office');
    const lonersProject = await projectOf(testApp(), loner.id);
    const membersProject = await projectOf(testApp(), member.id);

    await setActivity(active, RECENT);
    await setActivity(neverSignedIn, null, new Date('2030-01-01T00:00:00Z'));
    for (const old of [loner, owner, member, soleOwner, admin]) await setActivity(old, new Date('2031-02-03T00:00:00Z'));
    // Only this test's accounts (others may be added to this file's database later).
    const mine = new Set([active, neverSignedIn, loner, owner, member, soleOwner, admin].map((p) => p.id));

    const dry = await purgeInactiveAccounts(em(), { now: NOW, apply: false });
    const plan = Object.fromEntries(dry.accounts.filter((a) => mine.has(a.id)).map((a) => [a.email, [a.action, a.detail]]));
    expect(plan).toEqual({
      [neverSignedIn.email]: ['delete', 'no projects'],
      [loner.email]: ['delete', 'projects anonymised'],
      [owner.email]: ['keep', 'owns organization "Planungsbüro Regen", which has other members'],
      [member.email]: ['delete', `projects to ${owner.email}, owner of "Planungsbüro Regen"`],
      [soleOwner.email]: ['delete', 'no projects; organization "Sole office" (no other members) deleted'],
      [admin.email]: ['keep', 'administrator'],
    });
    expect(dry.deleted).toBe(0);
    expect(await em().count(User, { id: { $in: [...mine] } })).toBe(7);

    const applied = await purgeInactiveAccounts(em(), { now: NOW, apply: true });
    expect(applied.deleted).toBeGreaterThanOrEqual(4);
    const left = (await em().find(User, { id: { $in: [...mine] } })).map((user) => user.id).sort();
    expect(left).toEqual([active.id, owner.id, admin.id].sort());
    expect(await projectPeople(testApp(), lonersProject)).toEqual({ owner: null, creator: null });
    expect(await projectPeople(testApp(), membersProject)).toEqual({ owner: owner.id, creator: null });
    expect(await em().count(Organization, { id: soleOrganization })).toBe(0);
    expect(await em().count(Organization, { id: organizationId })).toBe(1);
    expect((await member.client.get('/api/User')).statusCode).toBe(401);
    expect((await active.client.get('/api/User')).statusCode).toBe(200);
  });
});
