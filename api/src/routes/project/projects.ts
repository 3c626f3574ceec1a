/**
 * The project shell (platform spec section 7, "Project (shell)"): create, read, update, delete,
 * the user's and the support lists, the support state, and clone (an extension of the spec).
 */
import type { ApiPlugin } from '../../type-provider.ts';
import { toProjectSummary } from '../../accounts/project-summary.ts';
import { Project } from '../../db/entities/project.ts';
import { forbidden, validation } from '../../errors.ts';
import { signedInUser } from '../../plugins/app/auth.ts';
import { isAdmin, isInternal } from '../../accounts/signed-in-user.ts';
import { loadProject } from '../../projects/access.ts';
import { cloneProject } from '../../projects/clone.ts';
import { projectPage } from '../../projects/list.ts';
import { cleanClientData, toProjectDetail } from '../../projects/dto.ts';
import { rederiveProject } from '../../projects/waterflow.ts';
import { ProjectSummary } from '../../schemas/admin.ts';
import { errors, message, MessageBody } from '../../schemas/common.ts';
import { defineListColumns, ListQuery, Paged } from '../../schemas/list-query.ts';
import {
  CloneBody,
  CreateProjectBody,
  ProjectDetail,
  ProjectParams,
  SupportProjectEntry,
  SupportStateBody,
  UpdateProjectBody,
} from '../../schemas/project.ts';

const TAGS = ['Project'];

/** Columns of GET /Project/userProjects (default: creationDate, newest first). */
export const USER_PROJECT_COLUMNS = defineListColumns({
  sort: { name: 'name', creationDate: 'creationDate', creator: 'creator.name', owner: 'owner.name', address: 'address', state: 'supportState' },
  search: { name: 'name', address: 'address', comment: 'comment', creator: 'creator.name' },
  defaultSort: 'creationDate',
  defaultAscending: false,
});

/** Columns of GET /Project/supportProjects: creationDate is the support request's date. */
export const SUPPORT_PROJECT_COLUMNS = defineListColumns({
  sort: { name: 'name', creationDate: 'supportRequestDate', projectCreationDate: 'creationDate', creator: 'creator.name', owner: 'owner.name' },
  search: { name: 'name', address: 'address', comment: 'comment', creator: 'creator.name' },
  defaultSort: 'creationDate',
  defaultAscending: false,
});

const projectRoutes: ApiPlugin = async (app) => {
  app.post(
    '',
    {
      schema: {
        tags: TAGS,
        summary: 'Create a project; the caller becomes its creator and owner. Answers the new id as a JSON string',
        body: CreateProjectBody,
        response: { 200: { type: 'string', description: 'The new project id' }, ...errors(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      const { project, location, clientData } = request.body;
      const airPollution = project.airPollution ?? project.airPollutionType;
      if (airPollution === undefined) {
        throw validation('body/project/airPollutionType: required (L1 … L4)');
      }
      const created = request.em.create(Project, {
        name: project.name.trim(),
        comment: project.comment?.trim() || null,
        latitude: location.latitude,
        longitude: location.longitude,
        address: location.address.trim(),
        airPollution,
        clientData: cleanClientData(clientData),
        ...(project.ruleEdition === undefined ? {} : { ruleEdition: project.ruleEdition }),
        creator: user.id,
        owner: user.id,
      });
      await request.em.flush();
      return reply.type('application/json; charset=utf-8').serializer((id: string) => JSON.stringify(id)).send(created.id);
    },
  );

  app.get(
    '/userProjects',
    {
      schema: {
        tags: TAGS,
        summary: `The caller's projects: created or owned by the caller, or owned by a member of the caller's organization. Paged; sort ${Object.keys(USER_PROJECT_COLUMNS.sort).join(', ')}; search ${Object.keys(USER_PROJECT_COLUMNS.search).join(', ')}`,
        querystring: ListQuery,
        response: { 200: Paged(ProjectSummary), ...errors(400, 401) },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      const organizationId = user.organization?.id;
      const scope =
        organizationId === undefined
          ? { sql: 'p.owner_id = ? or p.creator_id = ?', params: [user.id, user.id] }
          : { sql: 'p.owner_id = ? or p.creator_id = ? or o.organization_id = ?', params: [user.id, user.id, organizationId] };
      const { rows, totalCount } = await projectPage(request.em, scope, request.query, USER_PROJECT_COLUMNS);
      return { entries: rows.map((project) => toProjectSummary(project, user.id)), totalCount };
    },
  );

  app.get(
    '/supportProjects',
    {
      schema: {
        tags: TAGS,
        summary: `Projects with an open support request (internal staff and administrators). Paged; sort ${Object.keys(SUPPORT_PROJECT_COLUMNS.sort).join(', ')} (creationDate = date of the request)`,
        querystring: ListQuery,
        response: { 200: Paged(SupportProjectEntry), ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      if (!isInternal(user) && !isAdmin(user)) throw forbidden('Internal staff only');
      const { rows, totalCount } = await projectPage(request.em, { sql: "p.support_state = 'OPEN'", params: [] }, request.query, SUPPORT_PROJECT_COLUMNS);
      return {
        entries: rows.map((project) => ({
          creationDate: (project.supportRequestDate ?? project.creationDate).toISOString(),
          project: toProjectSummary(project, user.id),
        })),
        totalCount,
      };
    },
  );

  app.get(
    '/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'A project (creator, owner, members of the owner’s organization, internal staff while support is open, administrators)',
        params: ProjectParams,
        response: { 200: ProjectDetail, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => toProjectDetail(await loadProject(request, request.params.id, 'read'), signedInUser(request).id),
  );

  app.patch(
    '/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Change project data (name, airPollution, comment, ruleEdition), location, clientData; derived values are recomputed',
        params: ProjectParams,
        body: UpdateProjectBody,
        response: { 200: ProjectDetail, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { project: fields, location, clientData } = request.body;
      const project = await request.em.transactional(async (em) => {
        const project = await loadProject(request, request.params.id, 'write', { em, lock: true });
        const before = [project.latitude, project.longitude, project.airPollution, project.ruleEdition].join('|');
        if (fields !== undefined) {
          if (fields.name !== undefined) project.name = fields.name.trim();
          if (fields.comment !== undefined) project.comment = fields.comment?.trim() || null;
          const airPollution = fields.airPollution ?? fields.airPollutionType;
          if (airPollution !== undefined) project.airPollution = airPollution;
          if (fields.ruleEdition !== undefined) project.ruleEdition = fields.ruleEdition;
        }
        if (location !== undefined) {
          project.latitude = location.latitude;
          project.longitude = location.longitude;
          project.address = location.address.trim();
        }
        if (clientData !== undefined) project.clientData = cleanClientData(clientData);
        await em.flush();
        if ([project.latitude, project.longitude, project.airPollution, project.ruleEdition].join('|') !== before) await rederiveProject(em, project);
        return project;
      });
      return toProjectDetail(project, signedInUser(request).id);
    },
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Delete a project with its waterflow and product lists (creator, owner, administrators)',
        params: ProjectParams,
        response: { 200: MessageBody, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const project = await loadProject(request, request.params.id, 'delete');
      await request.em.nativeDelete(Project, { id: project.id });
      return message('Project deleted');
    },
  );

  app.put(
    '/:id/supportState',
    {
      schema: {
        tags: TAGS,
        summary: 'Request support (OPEN) or close it (CLOSED): creator, owner, administrators; internal staff while it is open',
        params: ProjectParams,
        body: SupportStateBody,
        response: { 200: ProjectDetail, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const state = request.body.state.toUpperCase() === 'OPEN' ? 'OPEN' : 'CLOSED';
      const project = await loadProject(request, request.params.id, 'support');
      if (project.supportState !== state) {
        project.supportState = state;
        project.supportRequestDate = state === 'OPEN' ? new Date() : null;
        await request.em.flush();
      }
      return toProjectDetail(project, signedInUser(request).id);
    },
  );

  app.post(
    '/:id/clone',
    {
      schema: {
        tags: TAGS,
        summary: 'Clone a project in one transaction (extension of the spec)',
        description:
          'rainplan extension: the spec’s client clones with many calls (create, nodes, product lists); this call does it in one ' +
          'database transaction, so a failure leaves nothing behind. The copy gets the name plus a copy suffix (" (Kopie)", ' +
          '" (copy)" for English users) unless `name` is given, the same data, custom rain data, every node with new ids (links ' +
          'remapped) and the measures’ product lists; the caller becomes creator and owner. Answers the new id as a JSON string. ' +
          'Internal staff whose access is an open support request cannot clone (403, code 80).',
        params: ProjectParams,
        body: CloneBody,
        response: { 200: { type: 'string', description: 'The id of the copy' }, ...errors(400, 401, 403, 404) },
        'x-rainplan-extension': true,
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      // not through support access: a copy would outlast the support request (403, code 80; decision 0186)
      const source = await loadProject(request, request.params.id, 'take');
      const id = await cloneProject(request.em, source, user, { name: request.body?.name, culture: user.culture });
      return reply.type('application/json; charset=utf-8').serializer((value: string) => JSON.stringify(value)).send(id);
    },
  );
};

export default projectRoutes;
