/**
 * Accounts inactive for 12 months (terms of use; spec section 9): the last login, or the
 * registration for accounts that never signed in, lies more than 12 calendar months back.
 * Decision 0042:
 * - administrators are never deleted by this rule (the installation must keep one);
 * - the owner of an organization with other members is kept (the members still use it);
 * - projects of a member of an organization go to the organization's owner, so that they stay
 *   with the organization; other projects are anonymised (owner and creator null);
 * - each account is deleted in a transaction of its own, as `deleteAccount` does.
 */
import { Organization } from '../db/entities/organization.ts';
import { Project } from '../db/entities/project.ts';
import { User } from '../db/entities/user.ts';
import type { EntityManager } from '../db/orm.ts';
import { deleteAccount } from './deletion.ts';

export const INACTIVE_MONTHS = 12;

export interface InactiveAccount {
  readonly id: string;
  readonly email: string;
  readonly lastActivity: Date;
  /** What happens (or would happen) to the account. */
  readonly action: 'delete' | 'keep';
  /** Why it is kept, or where its projects go. */
  readonly detail: string;
  readonly projects: number;
}

export interface PurgeResult {
  readonly cutoff: Date;
  readonly accounts: readonly InactiveAccount[];
  readonly deleted: number;
  readonly applied: boolean;
}

/** `months` calendar months before `now`. */
export function cutoffDate(now: Date, months = INACTIVE_MONTHS): Date {
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - months);
  return cutoff;
}

/** Lists the inactive accounts and, with `apply`, deletes those that may go. */
export async function purgeInactiveAccounts(
  em: EntityManager,
  options: { readonly now?: Date; readonly apply: boolean; readonly months?: number },
): Promise<PurgeResult> {
  const cutoff = cutoffDate(options.now ?? new Date(), options.months);
  const users = await em.find(
    User,
    { $or: [{ lastLogin: { $lt: cutoff } }, { lastLogin: null, createdAt: { $lt: cutoff } }] },
    { populate: ['organization'], orderBy: { createdAt: 'asc', id: 'asc' } },
  );
  const accounts: InactiveAccount[] = [];
  let deleted = 0;
  for (const user of users) {
    const projects = await em.count(Project, { owner: user.id });
    const base = { id: user.id, email: user.email, lastActivity: user.lastLogin ?? user.createdAt, projects };
    if (user.roles.includes('Administrator')) {
      accounts.push({ ...base, action: 'keep', detail: 'administrator' });
      continue;
    }
    const owned = await em.findOne(Organization, { owner: user.id });
    if (owned !== null && (await em.count(User, { organization: owned.id, id: { $ne: user.id } })) > 0) {
      accounts.push({ ...base, action: 'keep', detail: `owns organization "${owned.name}", which has other members` });
      continue;
    }
    const heir = owned === null && user.organization !== null && user.organization !== undefined ? user.organization : null;
    let detail = projects === 0 ? 'no projects' : 'projects anonymised';
    let transfers: Array<{ projectId: string; userId: string }> = [];
    if (heir !== null && projects > 0) {
      const organization = await em.findOneOrFail(Organization, { id: heir.id }, { populate: ['owner'] });
      detail = `projects to ${organization.owner.email}, owner of "${organization.name}"`;
      if (options.apply) {
        const ids = await em.find(Project, { owner: user.id }, { fields: ['id'] });
        transfers = ids.map((project) => ({ projectId: project.id, userId: organization.owner.id }));
      }
    }
    if (owned !== null) detail += `; organization "${owned.name}" (no other members) deleted`;
    if (options.apply) {
      await deleteAccount(em.fork() as EntityManager, user.id, transfers, 'anyone');
      deleted += 1;
    }
    accounts.push({ ...base, action: 'delete', detail });
  }
  return { cutoff, accounts, deleted, applied: options.apply };
}
