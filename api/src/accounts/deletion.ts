/**
 * Project transfers and account deletion (spec sections 4 and 6, decision 0040).
 *
 * - A user transfers their own projects (owner = the user) to members of their own organization;
 *   an administrator transfers a user's projects to any user.
 * - Deleting an account first applies the transfers given with it, then anonymises the projects
 *   the user still owns or created (owner / creator null), ends the user's sessions and deletes
 *   the account — all in one transaction.
 * - The owner of an organization with other members cannot be deleted (409, code 33): hand the
 *   administration to another member first. An organization whose only member is its owner is
 *   deleted with the account.
 */
import { OneTimeCode } from '../db/entities/one-time-code.ts';
import { Organization } from '../db/entities/organization.ts';
import { Project } from '../db/entities/project.ts';
import { Session } from '../db/entities/session.ts';
import { User } from '../db/entities/user.ts';
import type { EntityManager } from '../db/orm.ts';
import { ApiError, ErrorCode, notFound, supportCannotTake, validation } from '../errors.ts';
import { notInAnyOrganization } from './organizations.ts';
import { isInternal } from './signed-in-user.ts';

export interface ProjectTransfer {
  readonly projectId: string;
  readonly userId: string;
}

/**
 * Who may receive the projects: `organization` — members of the giving user's organization (a
 * user's own transfers); `anyone` — any user (an administrator's transfers).
 */
export type TransferRule = 'organization' | 'anyone';

/**
 * Gives projects of `fromUserId` to new owners; every project must be owned by that user.
 * Runs in the caller's transaction (or opens one). Returns the number of projects transferred.
 */
export async function transferProjects(
  em: EntityManager,
  fromUserId: string,
  transfers: readonly ProjectTransfer[],
  rule: TransferRule,
): Promise<number> {
  if (transfers.length === 0) return 0;
  const byProject = new Map<string, string>();
  for (const { projectId, userId } of transfers) {
    const earlier = byProject.get(projectId);
    if (earlier !== undefined && earlier !== userId) throw validation(`body: project ${projectId} is given to two users`);
    byProject.set(projectId, userId);
  }
  return em.transactional(async (tx) => {
    const from = await tx.findOne(User, { id: fromUserId });
    if (from === null) throw notFound('No such user');
    const projects = await tx.find(Project, { id: { $in: [...byProject.keys()] }, owner: fromUserId }, { fields: ['id'] });
    const owned = new Set(projects.map((project) => project.id));
    const foreign = [...byProject.keys()].filter((id) => !owned.has(id));
    if (foreign.length > 0) {
      // Internal staff naming a project they reach through an open support request: support
      // access never moves a project (403, code 80; decision 0186).
      if (rule === 'organization' && isInternal(from) && (await tx.count(Project, { id: { $in: foreign }, supportState: 'OPEN' })) > 0) throw supportCannotTake();
      throw notFound(`Not a project of this user: ${foreign.join(', ')}`);
    }

    const receiverIds = [...new Set(byProject.values())];
    const receivers = await tx.find(User, { id: { $in: receiverIds } });
    const missing = receiverIds.filter((id) => !receivers.some((receiver) => receiver.id === id));
    if (missing.length > 0) throw notFound(`No such user: ${missing.join(', ')}`);
    if (rule === 'organization') {
      const organizationId = from.organization?.id;
      if (organizationId === undefined) throw notInAnyOrganization();
      if (receivers.some((receiver) => receiver.organization?.id !== organizationId)) {
        throw new ApiError(403, ErrorCode.NOT_IN_THIS_ORGANIZATION, 'Projects can only be given to members of your organization');
      }
    }
    let count = 0;
    for (const [projectId, userId] of byProject) {
      count += await tx.nativeUpdate(Project, { id: projectId, owner: fromUserId }, { owner: userId });
    }
    return count;
  });
}

export interface DeletionResult {
  readonly transferredProjects: number;
  readonly anonymisedProjects: number;
  /** The organization deleted with the account (its owner was its only member). */
  readonly deletedOrganization: string | null;
}

/** Deletes an account as described above, in one transaction. */
export async function deleteAccount(
  em: EntityManager,
  userId: string,
  transfers: readonly ProjectTransfer[],
  rule: TransferRule,
): Promise<DeletionResult> {
  return em.transactional(async (tx) => {
    const user = await tx.findOne(User, { id: userId });
    if (user === null) throw notFound('No such user');
    const owned = await tx.findOne(Organization, { owner: userId });
    if (owned !== null && (await tx.count(User, { organization: owned.id, id: { $ne: userId } })) > 0) throw ownerMustHandOver();
    if (transfers.some((transfer) => transfer.userId === userId)) throw validation('body: projects cannot be given to the account being deleted');
    const transferredProjects = await transferProjects(tx, userId, transfers, rule);
    let deletedOrganization: string | null = null;
    if (owned !== null) {
      await tx.nativeUpdate(User, { organization: owned.id }, { organization: null });
      await tx.nativeDelete(Organization, { id: owned.id });
      deletedOrganization = owned.id;
    }
    const anonymisedProjects = await tx.nativeUpdate(Project, { owner: userId }, { owner: null });
    await tx.nativeUpdate(Project, { creator: userId }, { creator: null });
    await tx.nativeDelete(Session, { userId });
    await tx.nativeDelete(OneTimeCode, { user: userId });
    await tx.nativeDelete(User, { id: userId });
    return { transferredProjects, anonymisedProjects, deletedOrganization };
  });
}

/**
 * preValidation of DELETE /User/account and /Admin/{userId}/account: no body (the spec's call) is
 * an empty transfer list; a body is a transfer list applied in the same transaction.
 */
export async function noBodyIsNoTransfers(request: { body: unknown }): Promise<void> {
  request.body ??= [];
}

/** The answer of both DELETE …/account calls. */
export function accountDeletedMessage(result: DeletionResult) {
  return {
    type: 'MESSAGE' as const,
    code: 0 as const,
    message: 'Account deleted',
    transferredProjects: result.transferredProjects,
    anonymisedProjects: result.anonymisedProjects,
  };
}

export const ownerMustHandOver = (): ApiError =>
  new ApiError(
    409,
    ErrorCode.OWNER_CANNOT_LEAVE,
    'The administrator of an organization with other members cannot be deleted; hand the administration to another member first',
  );
