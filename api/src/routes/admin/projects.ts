/** A user's projects for administrators: GET /Admin/{userId}/projects and POST /Admin/{userId}/transferProjects. */
import type { ApiPlugin } from '../../type-provider.ts';
import { transferProjects } from '../../accounts/deletion.ts';
import { toProjectSummary } from '../../accounts/project-summary.ts';
import { Project } from '../../db/entities/project.ts';
import { User } from '../../db/entities/user.ts';
import { notFound } from '../../errors.ts';
import { ProjectSummary, ProjectTransfers, TransferResult, UserParams, UserProjectsQuery } from '../../schemas/admin.ts';
import { errors } from '../../schemas/common.ts';
import { defineListColumns, Paged, resolveListQuery } from '../../schemas/list-query.ts';

const TAGS = ['Admin'];

/** Columns of GET /Admin/{userId}/projects (the spec's project list: sort by creationDate, newest first). */
export const PROJECT_COLUMNS = defineListColumns({
  sort: { name: 'name', creationDate: 'creationDate', creator: 'creator.name', owner: 'owner.name', state: 'supportState' },
  search: { name: 'name', address: 'address', comment: 'comment' },
  defaultSort: 'creationDate',
  defaultAscending: false,
});

const projects: ApiPlugin = async (app) => {
  app.get(
    '/:userId/projects',
    {
      schema: {
        tags: TAGS,
        summary: `A user's projects (owned by the user; with includeOrgProjects also those of the user's organization), paged; columns: sort ${Object.keys(PROJECT_COLUMNS.sort).join(', ')}; search ${Object.keys(PROJECT_COLUMNS.search).join(', ')}`,
        params: UserParams,
        querystring: UserProjectsQuery,
        response: { 200: Paged(ProjectSummary), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { em } = request;
      const { userId } = request.params;
      const user = await em.findOne(User, { id: userId });
      if (user === null) throw notFound('No such user');
      const organizationId = user.organization?.id;
      const whose =
        request.query.includeOrgProjects && organizationId !== undefined
          ? { $or: [{ owner: userId }, { owner: { organization: organizationId } }] }
          : { owner: userId };
      const list = resolveListQuery(request.query, PROJECT_COLUMNS);
      const [rows, totalCount] = await em.findAndCount(Project, { $and: [whose, list.where] }, {
        populate: ['creator', 'owner'],
        orderBy: list.orderBy,
        limit: list.limit,
        offset: list.offset,
      });
      return { entries: rows.map((project) => toProjectSummary(project, userId)), totalCount };
    },
  );

  app.post(
    '/:userId/transferProjects',
    {
      schema: {
        tags: TAGS,
        summary: "Give a user's projects to other users",
        params: UserParams,
        body: ProjectTransfers,
        response: { 200: TransferResult, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const transferredProjects = await transferProjects(request.em, request.params.userId, request.body, 'anyone');
      return { type: 'MESSAGE' as const, code: 0 as const, message: 'Projects transferred', transferredProjects };
    },
  );
};

export default projects;
