/**
 * The Organization calls (spec section 7) under /api/Organization: create, read, rename, delete,
 * members (paged), invite (an invitation the user accepts, decision 0070), open invitations and
 * their withdrawal, owner change, member removal. DELETE /User/leaveOrganization is in
 * routes/user/organization.ts.
 */
import type { ApiPlugin } from '../type-provider.ts';
import { OrganizationInvitation } from '../db/entities/invitation.ts';
import { Organization } from '../db/entities/organization.ts';
import { User } from '../db/entities/user.ts';
import { normalizeEmail } from '../accounts/user-dto.ts';
import { INVITATION_LIFETIME, invite, noSuchInvitation } from '../accounts/invitations.ts';
import { invitationLink } from '../accounts/links.ts';
import { take } from '../accounts/rate-counters.ts';
import { organizationInvitationMail } from '../mail/messages.ts';
import {
  alreadyInOrganization,
  checkOrganizationReadable,
  notInThisOrganization,
  organizationToEdit,
  organizationToRead,
  ownerCannotLeave,
  toOrganizationDto,
} from '../accounts/organizations.ts';
import { signedInUser } from '../plugins/app/auth.ts';
import { errors, message, MessageBody } from '../schemas/common.ts';
import {
  InviteBody,
  InvitationParams,
  InviteResult,
  MemberParams,
  MembersPage,
  MembersQuery,
  OrganizationDto,
  OrganizationName,
  OrganizationParams,
  OwnerParams,
  PendingInvitations,
} from '../schemas/organization.ts';

const TAGS = ['Organization'];
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const organizationRoutes: ApiPlugin = async (app) => {
  app.post(
    '',
    {
      schema: {
        tags: TAGS,
        summary: 'Create an organization; the caller becomes its administrator (owner) and first member',
        body: OrganizationName,
        response: { 200: OrganizationDto, ...errors(400, 401, 403, 409) },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      if (user.organization !== null && user.organization !== undefined) throw alreadyInOrganization();
      const id = await request.em.transactional(async (em) => {
        const created = em.create(Organization, { name: request.body.name.trim(), owner: user.id });
        await em.flush();
        // Conditional: of two concurrent creations by one user only one can join.
        const joined = await em.nativeUpdate(User, { id: user.id, organization: null }, { organization: created.id });
        if (joined !== 1) throw alreadyInOrganization();
        return created.id;
      });
      return toOrganizationDto(request.em, await request.em.findOneOrFail(Organization, { id }));
    },
  );

  app.get(
    '/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'An organization with its members (members and administrators)',
        params: OrganizationParams,
        response: { 200: OrganizationDto, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => toOrganizationDto(request.em, await organizationToRead(request, request.params.id)),
  );

  app.patch(
    '/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Rename (owner and administrators)',
        params: OrganizationParams,
        body: OrganizationName,
        response: { 200: OrganizationDto, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const organization = await organizationToEdit(request, request.params.id);
      organization.name = request.body.name.trim();
      await request.em.flush();
      return toOrganizationDto(request.em, organization);
    },
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Delete the organization; its members leave it (owner and administrators)',
        params: OrganizationParams,
        response: { 200: MessageBody, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const organization = await organizationToEdit(request, request.params.id);
      await request.em.transactional(async (em) => {
        await em.nativeUpdate(User, { organization: organization.id }, { organization: null });
        await em.nativeDelete(Organization, { id: organization.id });
      });
      return message('Organization deleted');
    },
  );

  app.get(
    '/:id/members',
    {
      schema: {
        tags: TAGS,
        summary: 'Members, paged (page from 1; pageSize 2147483647 for all), ordered by name',
        params: OrganizationParams,
        querystring: MembersQuery,
        response: { 200: MembersPage, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const organizationId = request.params.id;
      // Access first (from the signed-in user; no query for a member), then the page: from the
      // account cache (plugins/app/account-cache.ts) or by one statement without entities — the
      // page and the total (a window count); a page past the end has no rows to carry the total, so
      // only then is it counted separately.
      await checkOrganizationReadable(request, organizationId);
      const { page, pageSize } = request.query;
      const offset = (page - 1) * pageSize;
      return app.accountCache.memberPages.get(`${organizationId}/${page}/${pageSize}`, async () => {
        const rows = await request.em
          .getConnection()
          .execute<Array<{ id: string; name: string; email: string; total_count: string | number }>>(
            'select id, name, email, count(*) over () as total_count from app_user where organization_id = ? ' +
              'order by name asc, email asc limit ? offset ?',
            [organizationId, pageSize, offset],
          );
        const first = rows[0];
        const totalCount = first !== undefined ? Number(first.total_count) : offset === 0 ? 0 : await request.em.count(User, { organization: organizationId });
        return { entries: rows.map(({ id, name, email }) => ({ id, name, email })), totalCount };
      });
    },
  );

  app.put(
    '/:id/members',
    {
      schema: {
        tags: TAGS,
        summary:
          'Invite users by e-mail address (owner and administrators): each gets an e-mail and a notice in the app and ' +
          'joins only by accepting (decision 0070). Rate-limited per inviting user by the number of addresses',
        params: OrganizationParams,
        body: InviteBody,
        response: { 200: InviteResult, ...errors(400, 401, 403, 404, 429) },
      },
    },
    async (request) => {
      const { em } = request;
      const organization = await organizationToEdit(request, request.params.id);
      const inviter = signedInUser(request);
      const addresses = [...new Set(request.body.map(normalizeEmail).filter((email) => EMAIL.test(email)))];
      let ignoredEmailCount = request.body.length - addresses.length;
      // The answer tells which addresses have accounts: every looked-up address counts against
      // the inviting user's limit, shared by all processes.
      if (addresses.length > 0) await take(em, `invite:user:${inviter.id}`, app.config.rateLimits.invitation, addresses.length);
      const users = addresses.length === 0 ? [] : await em.find(User, { email: { $in: addresses } });
      const byEmail = new Map(users.map((user) => [user.email, user]));

      const result: InviteResult = { nonExistingUsers: [], usersWithOrganizations: [], addedMembers: [], addedMemberCount: 0, ignoredEmailCount: 0 };
      for (const email of addresses) {
        const user = byEmail.get(email);
        if (user === undefined) {
          result.nonExistingUsers.push(email);
        } else if (user.organization?.id === organization.id) {
          ignoredEmailCount += 1;
        } else if (user.organization !== null && user.organization !== undefined) {
          result.usersWithOrganizations.push(email);
        } else {
          const invitationId = await invite(em, organization, user, inviter.id);
          // Until the user accepts, their name is not disclosed: the entry names the address.
          result.addedMembers.push({ id: user.id, name: user.email, email: user.email });
          app.mailer.sendLater({
            to: user.email,
            ...organizationInvitationMail(user.culture, user.name, organization.name, inviter.name, invitationLink(app.config.publicUrl, invitationId), INVITATION_LIFETIME),
          });
        }
      }
      return { ...result, addedMemberCount: result.addedMembers.length, ignoredEmailCount };
    },
  );

  app.get(
    '/:id/invitations',
    {
      schema: {
        tags: TAGS,
        summary: 'Open invitations of the organization (owner and administrators)',
        params: OrganizationParams,
        response: { 200: PendingInvitations, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const organization = await organizationToEdit(request, request.params.id);
      const open = await request.em.find(
        OrganizationInvitation,
        { organization: organization.id, expiresAt: { $gt: new Date() } },
        { populate: ['user'], orderBy: { createdAt: 'desc' }, limit: 1000 },
      );
      return open.map((invitation) => ({
        id: invitation.id,
        email: invitation.user.email,
        createdAt: invitation.createdAt.toISOString(),
        expiresAt: invitation.expiresAt.toISOString(),
      }));
    },
  );

  app.delete(
    '/:id/invitations/:invitationId',
    {
      schema: {
        tags: TAGS,
        summary: 'Withdraw an open invitation (owner and administrators)',
        params: InvitationParams,
        response: { 200: MessageBody, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const organization = await organizationToEdit(request, request.params.id);
      const deleted = await request.em.nativeDelete(OrganizationInvitation, { id: request.params.invitationId, organization: organization.id });
      if (deleted !== 1) throw noSuchInvitation();
      return message('Invitation withdrawn');
    },
  );

  app.put(
    '/:id/owner/:newOwnerId',
    {
      schema: {
        tags: TAGS,
        summary: 'Hand the administration to another member (owner and administrators)',
        params: OwnerParams,
        response: { 200: OrganizationDto, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const organization = await organizationToEdit(request, request.params.id);
      const newOwner = await request.em.findOne(User, { id: request.params.newOwnerId, organization: organization.id });
      if (newOwner === null) throw notInThisOrganization();
      organization.owner = newOwner;
      await request.em.flush();
      return toOrganizationDto(request.em, organization);
    },
  );

  app.delete(
    '/:id/member/:userId',
    {
      schema: {
        tags: TAGS,
        summary: 'Remove a member; the administrator (owner) cannot be removed (owner and administrators)',
        params: MemberParams,
        response: { 200: MessageBody, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const organization = await organizationToEdit(request, request.params.id);
      if (organization.owner.id === request.params.userId) throw ownerCannotLeave();
      const removed = await request.em.nativeUpdate(
        User,
        { id: request.params.userId, organization: organization.id },
        { organization: null },
      );
      if (removed !== 1) throw notInThisOrganization();
      return message('Member removed');
    },
  );
};

export default organizationRoutes;
