/**
 * The signed-in user's organization invitations (decision 0070): GET /User/invitations (open
 * ones, for the notice in the app), POST /User/invitations/{invitationId}/accept (join) and
 * POST /User/invitations/{invitationId}/decline. Only the invited user can see or answer one.
 */
import type { ApiPlugin } from '../../type-provider.ts';
import { accept, openInvitationOf, purgeExpired } from '../../accounts/invitations.ts';
import { OrganizationInvitation } from '../../db/entities/invitation.ts';
import { signedInUser } from '../../plugins/app/auth.ts';
import { errors, message, MessageBody } from '../../schemas/common.ts';
import { ReceivedInvitationParams, ReceivedInvitations, type ReceivedInvitation } from '../../schemas/organization.ts';

const TAGS = ['User'];

function toReceived(invitation: OrganizationInvitation): ReceivedInvitation {
  const by = invitation.invitedBy;
  return {
    id: invitation.id,
    organization: { id: invitation.organization.id, name: invitation.organization.name },
    invitedBy: by === null || by === undefined ? null : { name: by.name, email: by.email },
    createdAt: invitation.createdAt.toISOString(),
    expiresAt: invitation.expiresAt.toISOString(),
  };
}

const invitations: ApiPlugin = async (app) => {
  app.get(
    '/invitations',
    {
      schema: {
        tags: TAGS,
        summary: 'Open invitations of the signed-in user into organizations (newest first)',
        response: { 200: ReceivedInvitations, ...errors(401) },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      const open = await request.em.find(
        OrganizationInvitation,
        { user: user.id, expiresAt: { $gt: new Date() } },
        { populate: ['organization', 'invitedBy'], orderBy: { createdAt: 'desc' }, limit: 100 },
      );
      return open.map(toReceived);
    },
  );

  app.post(
    '/invitations/:invitationId/accept',
    {
      schema: {
        tags: TAGS,
        summary: 'Accept an invitation: join the organization (code 30 when already in one)',
        params: ReceivedInvitationParams,
        response: { 200: MessageBody, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      const invitation = await openInvitationOf(request.em, request.params.invitationId, user.id);
      await accept(request.em, invitation);
      return message(`You are now a member of ${invitation.organization.name}`);
    },
  );

  app.post(
    '/invitations/:invitationId/decline',
    {
      schema: {
        tags: TAGS,
        summary: 'Decline an invitation',
        params: ReceivedInvitationParams,
        response: { 200: MessageBody, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      const invitation = await openInvitationOf(request.em, request.params.invitationId, user.id);
      await request.em.nativeDelete(OrganizationInvitation, { id: invitation.id, user: user.id });
      if (Math.random() < 0.05) await purgeExpired(request.em);
      return message('Invitation declined');
    },
  );
};

export default invitations;
