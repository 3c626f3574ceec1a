/**
 * Organization invitations (issue 13, item 3; decision 0070). `PUT /Organization/{id}/members`
 * never adds anyone: it invites, by e-mail and a notice in the app, and the invited user joins by
 * accepting. Until then nothing is shared. Invitations expire after `INVITATION_LIFETIME`.
 */
import { randomUUID } from 'node:crypto';
import { OrganizationInvitation } from '../db/entities/invitation.ts';
import type { Organization } from '../db/entities/organization.ts';
import { User } from '../db/entities/user.ts';
import type { EntityManager } from '../db/orm.ts';
import { ApiError, ErrorCode, forbidden } from '../errors.ts';

/** Milliseconds an invitation stays open: 14 days. */
export const INVITATION_LIFETIME = 14 * 24 * 60 * 60 * 1000;

export const noSuchInvitation = (): ApiError =>
  new ApiError(404, ErrorCode.NOT_FOUND, 'No such invitation: it was withdrawn, answered or has expired');

/**
 * Opens (or renews, with a new expiry) the invitation of `user` into `organization`; returns its
 * id. One row per user and organization whatever the concurrency: the insert is an upsert.
 */
export async function invite(em: EntityManager, organization: Organization, user: User, invitedBy: string): Promise<string> {
  const now = new Date();
  const rows = await em
    .getConnection()
    .execute<Array<{ id: string }>>(
      'insert into organization_invitation (id, organization_id, user_id, invited_by_id, created_at, expires_at) ' +
        'values (?, ?, ?, ?, ?, ?) on conflict (organization_id, user_id) ' +
        'do update set invited_by_id = excluded.invited_by_id, created_at = excluded.created_at, expires_at = excluded.expires_at returning id',
      [randomUUID(), organization.id, user.id, invitedBy, now.toISOString(), new Date(now.getTime() + INVITATION_LIFETIME).toISOString()],
    );
  return rows[0]!.id;
}

/**
 * The open invitation `id` (expired ones count as none), with its organization, if it is
 * addressed to `userId`: 404 for none, 403 (code 10) for another user's.
 */
export async function openInvitationOf(em: EntityManager, id: string, userId: string): Promise<OrganizationInvitation> {
  const invitation = await em.findOne(OrganizationInvitation, { id, expiresAt: { $gt: new Date() } }, { populate: ['organization'] });
  if (invitation === null) throw noSuchInvitation();
  if (invitation.user.id !== userId) throw forbidden('This invitation is addressed to another user');
  return invitation;
}

/**
 * Accepts: the user joins the organization (only if in none: a conditional update, so two
 * concurrent acceptances cannot both join) and the invitation ends. Throws 30 when in one already.
 */
export async function accept(em: EntityManager, invitation: OrganizationInvitation): Promise<void> {
  await em.transactional(async (tx) => {
    const joined = await tx.nativeUpdate(User, { id: invitation.user.id, organization: null }, { organization: invitation.organization.id });
    if (joined !== 1) throw new ApiError(409, ErrorCode.ALREADY_IN_ORGANIZATION, 'The user is already in an organization; leave it first');
    const ended = await tx.nativeDelete(OrganizationInvitation, { id: invitation.id });
    if (ended !== 1) throw noSuchInvitation();
  });
}

/** Forgets expired invitations (called now and then by the calls that read them). */
export async function purgeExpired(em: EntityManager): Promise<void> {
  await em.nativeDelete(OrganizationInvitation, { expiresAt: { $lte: new Date() } });
}
