/**
 * Who may see and change a project (platform spec sections 1 and 6; decision 0050):
 * - read and edit: the creator, the owner, members of the owner's organization, internal staff
 *   while a support request is OPEN, administrators;
 * - delete: the creator, the owner, administrators;
 * - support state: the creator, the owner, administrators, and internal staff while they have
 *   access (they close a request).
 * A project the user may not see answers 403 (code 10); an unknown id 404 (code 11).
 */
import { LockMode } from '@mikro-orm/core';
import type { FastifyRequest } from 'fastify';
import { Project } from '../db/entities/project.ts';
import type { User } from '../db/entities/user.ts';
import type { EntityManager } from '../db/orm.ts';
import { forbidden, notFound, validation } from '../errors.ts';
import { signedInUser } from '../plugins/app/auth.ts';

export type ProjectRight = 'read' | 'write' | 'delete' | 'support';

export const isAdmin = (user: User): boolean => user.roles.includes('Administrator');
export const isInternal = (user: User): boolean => user.roles.includes('internal');

/** The rights `user` has on `project` (creator and owner must be loaded or references). */
export function projectRights(project: Project, user: User): Set<ProjectRight> {
  const rights = new Set<ProjectRight>();
  const creatorId = project.creator?.id;
  const ownerId = project.owner?.id;
  const organizationId = user.organization?.id;
  const ownerOrganizationId = project.owner?.organization?.id;
  const personal = creatorId === user.id || ownerId === user.id;
  const admin = isAdmin(user);
  const member = organizationId !== undefined && ownerOrganizationId !== undefined && organizationId === ownerOrganizationId;
  const support = isInternal(user) && project.supportState === 'OPEN';
  if (personal || admin || member || support) rights.add('read').add('write');
  if (personal || admin) rights.add('delete').add('support');
  if (support) rights.add('support');
  return rights;
}

/** Checks a path id before it reaches the database (the spec's client may send "undefined"). */
export function projectIdOrFail(id: string | undefined): string {
  if (id === undefined || id === '' || id === 'undefined' || id === 'null') throw validation('No project id specified.');
  return id;
}

export interface LoadOptions {
  /** Lock the project row for the rest of the transaction (serializes writes of one project). */
  readonly lock?: boolean;
  readonly em?: EntityManager;
}

/**
 * The project with `id` if the signed-in user has `right` on it: 404 when there is none, 403
 * when the user may not.
 */
export async function loadProject(request: FastifyRequest, id: string, right: ProjectRight, options: LoadOptions = {}): Promise<Project> {
  const user = signedInUser(request);
  const em = options.em ?? request.em;
  const project = await em.findOne(
    Project,
    { id },
    {
      populate: ['creator', 'owner', 'owner.organization'],
      ...(options.lock === true ? { lockMode: LockMode.PESSIMISTIC_WRITE, lockTableAliases: ['p0'] } : {}),
    },
  );
  if (project === null) throw notFound(`No project ${id}`);
  if (!projectRights(project, user).has(right)) {
    throw forbidden(right === 'delete' ? 'Only the creator, the owner or an administrator may delete a project' : 'You have no access to this project');
  }
  return project;
}
