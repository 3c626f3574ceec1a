/**
 * Who may see and change a project (platform spec sections 1 and 6; decision 0050):
 * - read and edit: the creator, the owner, members of the owner's organization, internal staff
 *   while a support request is OPEN, administrators;
 * - take (a copy out of the project's reach: clone): everyone who may read it except internal
 *   staff whose only access is the open support request — support access ends with the request,
 *   so it cannot leave a copy behind (403, code 80; decision 0186);
 * - delete: the creator, the owner, administrators;
 * - support state: the creator, the owner, administrators, and internal staff while they have
 *   access (they close a request).
 * A project the user may not see answers 403 (code 10); an unknown id 404 (code 11).
 */
import { LockMode } from '@mikro-orm/core';
import type { FastifyRequest } from 'fastify';
import { Project } from '../db/entities/project.ts';
import { isAdmin, isInternal, type SignedInUser } from '../accounts/signed-in-user.ts';
import type { EntityManager } from '../db/orm.ts';
import { forbidden, notFound, supportCannotTake, validation } from '../errors.ts';
import { signedInUser } from '../plugins/app/auth.ts';

export type ProjectRight = 'read' | 'write' | 'take' | 'delete' | 'support';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What the rights depend on. */
export interface ProjectParties {
  readonly creatorId: string | undefined;
  readonly ownerId: string | undefined;
  readonly ownerOrganizationId: string | undefined;
  readonly supportState: Project['supportState'];
}

/** The rights `user` has on a project. */
export function rightsOn(parties: ProjectParties, user: SignedInUser): Set<ProjectRight> {
  const rights = new Set<ProjectRight>();
  const organizationId = user.organization?.id;
  const personal = parties.creatorId === user.id || parties.ownerId === user.id;
  const admin = isAdmin(user);
  const member = organizationId !== undefined && parties.ownerOrganizationId !== undefined && organizationId === parties.ownerOrganizationId;
  const support = isInternal(user) && parties.supportState === 'OPEN';
  if (personal || admin || member || support) rights.add('read').add('write');
  if (personal || admin || member) rights.add('take');
  if (personal || admin) rights.add('delete').add('support');
  if (support) rights.add('support');
  return rights;
}

/** The rights `user` has on `project` (creator and owner must be loaded or references). */
export function projectRights(project: Project, user: SignedInUser): Set<ProjectRight> {
  return rightsOn(
    { creatorId: project.creator?.id, ownerId: project.owner?.id, ownerOrganizationId: project.owner?.organization?.id, supportState: project.supportState },
    user,
  );
}

/** Checks a path id before it reaches the database (the spec's client may send "undefined"). */
export function projectIdOrFail(id: string | undefined): string {
  if (id === undefined || id === '' || id === 'undefined' || id === 'null') throw validation('No project id specified.');
  // A malformed id answers as everywhere else (schema format uuid): 400, code 2 (decision 0065).
  if (!UUID.test(id)) throw validation('params/projectId: must match format "uuid"');
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
  const rights = projectRights(project, user);
  if (!rights.has(right)) {
    // read without take: the user's access is the open support request
    if (right === 'take' && rights.has('read')) throw supportCannotTake();
    throw forbidden(right === 'delete' ? 'Only the creator, the owner or an administrator may delete a project' : 'You have no access to this project');
  }
  return project;
}

/** The project fields the waterflow calls need (the engine's project data and rain data). */
export type ProjectFields = Pick<Project, 'id' | 'name' | 'latitude' | 'longitude' | 'address' | 'airPollution' | 'ruleEdition' | 'customRainData'>;

interface ProjectRow {
  id: string;
  name: string;
  latitude: number | null;
  longitude: number | null;
  address: string | null;
  air_pollution: Project['airPollution'];
  rule_edition: Project['ruleEdition'];
  custom_rain_data: unknown;
  support_state: Project['supportState'];
  creator_id: string | null;
  owner_id: string | null;
  owner_organization_id: string | null;
}

/**
 * `loadProject` for the waterflow calls, by one SQL statement (no entities: these calls run on
 * every edit of the planning screens, and hydrating the project with its people costs more than
 * the rest of a read). `id` must be a UUID (projectIdOrFail).
 */
export async function loadProjectFields(request: FastifyRequest, id: string, right: ProjectRight, options: LoadOptions = {}): Promise<ProjectFields> {
  const user = signedInUser(request);
  const em = options.em ?? request.em;
  const [row] = await em.execute<ProjectRow[]>(
    'select p.id, p.name, p.latitude, p.longitude, p.address, p.air_pollution, p.rule_edition, p.custom_rain_data, p.support_state, ' +
      'p.creator_id, p.owner_id, o.organization_id as owner_organization_id ' +
      `from project p left join app_user o on o.id = p.owner_id where p.id = ?${options.lock === true ? ' for update of p' : ''}`,
    [id],
  );
  if (row === undefined) throw notFound(`No project ${id}`);
  const parties = { creatorId: row.creator_id ?? undefined, ownerId: row.owner_id ?? undefined, ownerOrganizationId: row.owner_organization_id ?? undefined, supportState: row.support_state };
  if (!rightsOn(parties, user).has(right)) throw forbidden('You have no access to this project');
  return projectFieldsOfRow(row);
}

/** The columns of a `project` row that {@link projectFieldsOfRow} reads. */
export type ProjectFieldsRow = Pick<ProjectRow, 'id' | 'name' | 'latitude' | 'longitude' | 'address' | 'air_pollution' | 'rule_edition' | 'custom_rain_data'>;

/** The planning fields of a `project` row read with SQL: coordinates as numbers, the rain data parsed (a driver may answer JSON as text). */
export function projectFieldsOfRow(row: ProjectFieldsRow): ProjectFields {
  const rain = typeof row.custom_rain_data === 'string' ? (JSON.parse(row.custom_rain_data) as unknown) : row.custom_rain_data;
  return {
    id: row.id,
    name: row.name,
    latitude: row.latitude === null ? null : Number(row.latitude),
    longitude: row.longitude === null ? null : Number(row.longitude),
    address: row.address,
    airPollution: row.air_pollution,
    ruleEdition: row.rule_edition,
    customRainData: (rain ?? null) as Project['customRainData'],
  };
}
