/** GET /Admin/organizations: every organization, paged (the admin's view; editing uses the Organization calls). */
import type { ApiPlugin } from '../../type-provider.ts';
import { toMember } from '../../accounts/organizations.ts';
import { Organization } from '../../db/entities/organization.ts';
import { User } from '../../db/entities/user.ts';
import { errors } from '../../schemas/common.ts';
import { defineListColumns, ListQuery, Paged, resolveListQuery } from '../../schemas/list-query.ts';
import { OrganizationDto, type Member } from '../../schemas/organization.ts';

/** Columns of GET /Admin/organizations. */
export const ORGANIZATION_COLUMNS = defineListColumns({
  sort: {
    name: 'name',
    owner: 'owner.name',
    creationDate: 'creationDate',
    memberCount: (alias: string) => `(select count(*) from app_user m where m.organization_id = ${alias}.id)`,
  },
  search: { name: 'name', owner: 'owner.name' },
  defaultSort: 'name',
  defaultAscending: true,
});

const organizations: ApiPlugin = async (app) => {
  app.get(
    '/organizations',
    {
      schema: {
        tags: ['Admin'],
        summary: `Organizations with their members, paged; columns: sort ${Object.keys(ORGANIZATION_COLUMNS.sort).join(', ')}; search ${Object.keys(ORGANIZATION_COLUMNS.search).join(', ')}`,
        querystring: ListQuery,
        response: { 200: Paged(OrganizationDto), ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const { em } = request;
      const list = resolveListQuery(request.query, ORGANIZATION_COLUMNS);
      const [rows, totalCount] = await em.findAndCount(Organization, list.where, {
        populate: ['owner'],
        orderBy: list.orderBy,
        limit: list.limit,
        offset: list.offset,
      });
      const members = rows.length === 0 ? [] : await em.find(User, { organization: { $in: rows.map((row) => row.id) } }, { orderBy: { name: 'asc', email: 'asc' } });
      const byOrganization = new Map<string, Member[]>();
      for (const member of members) {
        const id = member.organization?.id as string;
        byOrganization.set(id, [...(byOrganization.get(id) ?? []), toMember(member)]);
      }
      return {
        entries: rows.map((organization) => {
          const list = byOrganization.get(organization.id) ?? [];
          return {
            id: organization.id,
            name: organization.name,
            owner: toMember(organization.owner),
            creationDate: organization.creationDate.toISOString(),
            memberCount: list.length,
            members: list,
          };
        }),
        totalCount,
      };
    },
  );
};

export default organizations;
