/** Schemas of the Organization calls (spec sections 3 and 7). */
import { Type, type Static } from 'typebox';
import { NonBlank } from './common.ts';

export const Member = Type.Object({ id: Type.String(), name: Type.String(), email: Type.String() });
export type Member = Static<typeof Member>;

export const OrganizationDto = Type.Object({
  id: Type.String(),
  name: Type.String(),
  owner: Member,
  creationDate: Type.String({ format: 'date-time' }),
  memberCount: Type.Integer(),
  members: Type.Array(Member),
});
export type OrganizationDto = Static<typeof OrganizationDto>;

export const OrganizationName = Type.Object({ name: NonBlank(200, 'Name of the organization') });

export const OrganizationParams = Type.Object({ id: Type.String({ format: 'uuid' }) });
export const OwnerParams = Type.Object({ id: Type.String({ format: 'uuid' }), newOwnerId: Type.String({ format: 'uuid' }) });
export const MemberParams = Type.Object({ id: Type.String({ format: 'uuid' }), userId: Type.String({ format: 'uuid' }) });

/** The spec's "all" page size is the largest 32-bit integer. */
export const MAX_PAGE_SIZE = 2_147_483_647;
export const MembersQuery = Type.Object({
  page: Type.Integer({ minimum: 1, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, default: 10 }),
});

export const MembersPage = Type.Object({ entries: Type.Array(Member), totalCount: Type.Integer() });

export const InviteBody = Type.Array(Type.String({ maxLength: 320 }), {
  maxItems: 1000,
  description: 'E-mail addresses of the users to add',
});

export const InviteResult = Type.Object({
  nonExistingUsers: Type.Array(Type.String(), { description: 'Addresses without an account' }),
  usersWithOrganizations: Type.Array(Type.String(), { description: 'Addresses whose users are in another organization' }),
  addedMembers: Type.Array(Member),
  addedMemberCount: Type.Integer(),
  ignoredEmailCount: Type.Integer({ description: 'Invalid or repeated addresses, and members already' }),
});
export type InviteResult = Static<typeof InviteResult>;

/** An open invitation as the organization's owner and administrators see it (decision 0070). */
export const PendingInvitation = Type.Object({
  id: Type.String(),
  email: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
  expiresAt: Type.String({ format: 'date-time' }),
});
export const PendingInvitations = Type.Array(PendingInvitation);
export const InvitationParams = Type.Object({ id: Type.String({ format: 'uuid' }), invitationId: Type.String({ format: 'uuid' }) });

/** An open invitation as the invited user sees it. */
export const ReceivedInvitation = Type.Object({
  id: Type.String(),
  organization: Type.Object({ id: Type.String(), name: Type.String() }),
  invitedBy: Type.Union([Type.Object({ name: Type.String(), email: Type.String() }), Type.Null()]),
  createdAt: Type.String({ format: 'date-time' }),
  expiresAt: Type.String({ format: 'date-time' }),
});
export type ReceivedInvitation = Static<typeof ReceivedInvitation>;
export const ReceivedInvitations = Type.Array(ReceivedInvitation);
export const ReceivedInvitationParams = Type.Object({ invitationId: Type.String({ format: 'uuid' }) });
