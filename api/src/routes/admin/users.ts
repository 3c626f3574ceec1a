/**
 * Administration of users: the list, one user, editing, roles and deleting an account.
 * Decision 0041: what the spec leaves open (e-mail changes, own roles, list columns).
 */
import type { ApiPlugin } from '../../type-provider.ts';
import { accountDeletedMessage, deleteAccount, noBodyIsNoTransfers } from '../../accounts/deletion.ts';
import { applyPersonalData } from '../../accounts/fields.ts';
import { normalizeEmail, toUserDto } from '../../accounts/user-dto.ts';
import { User, type Role } from '../../db/entities/user.ts';
import type { EntityManager } from '../../db/orm.ts';
import { ApiError, ErrorCode, forbidden, notFound } from '../../errors.ts';
import { signedInUser } from '../../plugins/app/auth.ts';
import { AccountDeleted, ProjectTransfers, RolesBody, UserParams } from '../../schemas/admin.ts';
import { errors } from '../../schemas/common.ts';
import { defineListColumns, ListQuery, Paged, resolveListQuery } from '../../schemas/list-query.ts';
import { UserDto, UserUpdateBody } from '../../schemas/user.ts';

const TAGS = ['Admin'];

/** Columns of GET /Admin/users. */
export const USER_COLUMNS = defineListColumns({
  sort: { name: 'name', email: 'email', company: 'company', zipCode: 'zipCode', city: 'city', status: 'status', lastLogin: 'lastLogin' },
  search: { name: 'name', email: 'email', company: 'company', zipCode: 'zipCode', city: 'city' },
  defaultSort: 'name',
  defaultAscending: true,
});

async function userOrNotFound(em: EntityManager, id: string) {
  const user = await em.findOne(User, { id }, { populate: ['organization.owner'] });
  if (user === null) throw notFound('No such user');
  return user;
}

const users: ApiPlugin = async (app) => {
  app.get(
    '/users',
    {
      schema: {
        tags: TAGS,
        summary: `Users, paged; columns: sort ${Object.keys(USER_COLUMNS.sort).join(', ')}; search ${Object.keys(USER_COLUMNS.search).join(', ')}`,
        querystring: ListQuery,
        response: { 200: Paged(UserDto), ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const list = resolveListQuery(request.query, USER_COLUMNS);
      const [rows, totalCount] = await request.em.findAndCount(User, list.where, {
        populate: ['organization.owner'],
        orderBy: list.orderBy,
        limit: list.limit,
        offset: list.offset,
      });
      return { entries: rows.map(toUserDto), totalCount };
    },
  );

  app.get(
    '/:userId',
    {
      schema: { tags: TAGS, summary: 'A user', params: UserParams, response: { 200: UserDto, ...errors(400, 401, 403, 404) } },
    },
    async (request) => toUserDto(await userOrNotFound(request.em, request.params.userId)),
  );

  app.patch(
    '/:userId/edit',
    {
      schema: {
        tags: TAGS,
        summary: "Edit a user's personal data; a new e-mail address takes effect at once (no confirmation mail)",
        params: UserParams,
        body: UserUpdateBody,
        response: { 200: UserDto, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { em, body } = request;
      const user = await userOrNotFound(em, request.params.userId);
      const email = normalizeEmail(body.email);
      if (email !== user.email && (await em.count(User, { email, id: { $ne: user.id } })) > 0) {
        throw new ApiError(409, ErrorCode.VALIDATION, 'body/email: the address belongs to another account');
      }
      user.email = email;
      applyPersonalData(user, body);
      await em.flush();
      return toUserDto(user);
    },
  );

  app.put(
    '/:userId/roles',
    {
      schema: {
        tags: TAGS,
        summary: "Set a user's roles (every role the user shall have); administrators cannot drop their own Administrator role",
        params: UserParams,
        body: RolesBody,
        response: { 200: UserDto, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const admin = signedInUser(request);
      const user = await userOrNotFound(request.em, request.params.userId);
      const roles: Role[] = [...new Set(request.body)];
      if (user.id === admin.id && !roles.includes('Administrator')) {
        throw forbidden('Administrators cannot remove their own Administrator role; another administrator can');
      }
      user.roles = roles;
      await request.em.flush();
      return toUserDto(user);
    },
  );

  app.delete(
    '/:userId/account',
    {
      preValidation: noBodyIsNoTransfers,
      schema: {
        tags: TAGS,
        summary:
          "Delete a user's account: optional transfers (as POST /Admin/{userId}/transferProjects) first, the remaining projects are anonymised; " +
          'the administrator of an organization with other members gets code 33',
        params: UserParams,
        body: ProjectTransfers,
        response: { 200: AccountDeleted, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const result = await deleteAccount(request.em, request.params.userId, request.body, 'anyone');
      if (request.params.userId === signedInUser(request).id) await request.session.destroy();
      return accountDeletedMessage(result);
    },
  );
};

export default users;
