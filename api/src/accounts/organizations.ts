/**
 * Organization rules (spec section 6): members and administrators may see an organization; its
 * owner and administrators may change it. The owner can neither be removed nor leave (code 33).
 */
import type { FastifyRequest } from 'fastify';
import { Organization } from '../db/entities/organization.ts';
import { User } from '../db/entities/user.ts';
import type { EntityManager } from '../db/orm.ts';
import { ApiError, ErrorCode, forbidden, notFound } from '../errors.ts';
import { signedInUser } from '../plugins/app/auth.ts';
import type { Member, OrganizationDto } from '../schemas/organization.ts';
import { isAdmin } from './signed-in-user.ts';

export function toMember(user: User): Member {
  return { id: user.id, name: user.name, email: user.email };
}

export async function toOrganizationDto(em: EntityManager, organization: Organization): Promise<OrganizationDto> {
  const members = await em.find(User, { organization: organization.id }, { orderBy: { name: 'asc', email: 'asc' } });
  await em.populate(organization, ['owner']);
  return {
    id: organization.id,
    name: organization.name,
    owner: toMember(organization.owner),
    creationDate: organization.creationDate.toISOString(),
    memberCount: members.length,
    members: members.map(toMember),
  };
}

export const alreadyInOrganization = (): ApiError =>
  new ApiError(409, ErrorCode.ALREADY_IN_ORGANIZATION, 'The user is already in an organization');
export const notInThisOrganization = (): ApiError =>
  new ApiError(403, ErrorCode.NOT_IN_THIS_ORGANIZATION, 'The user is not part of this organization');
export const notInAnyOrganization = (): ApiError =>
  new ApiError(409, ErrorCode.NOT_IN_ANY_ORGANIZATION, 'The user is not part of any organization');
export const ownerCannotLeave = (): ApiError =>
  new ApiError(
    409,
    ErrorCode.OWNER_CANNOT_LEAVE,
    'The administrator cannot leave the organization; hand the administration to another member first',
  );

/** The organization, if the signed-in user may see it (a member or an administrator). */
export async function organizationToRead(request: FastifyRequest, id: string): Promise<Organization> {
  const user = signedInUser(request);
  const organization = await request.em.findOne(Organization, { id }, { populate: ['owner'] });
  if (organization === null) throw notFound('No such organization');
  if (!isAdmin(user) && user.organization?.id !== organization.id) throw notInThisOrganization();
  return organization;
}

/**
 * Checks that the signed-in user may see organization `id` without loading it: a member needs no
 * query (the snapshot names the user's organization); anyone else one for its existence. The same
 * answers as `organizationToRead` (404 for none, then 403 for a non-member who is no administrator).
 */
export async function checkOrganizationReadable(request: FastifyRequest, id: string): Promise<void> {
  const user = signedInUser(request);
  if (user.organization?.id === id) return;
  const found = await request.em.getConnection().execute<unknown[]>('select 1 from organization where id = ?', [id]);
  if (found.length === 0) throw notFound('No such organization');
  if (!isAdmin(user)) throw notInThisOrganization();
}

/** The organization, if the signed-in user may change it (its owner or an administrator). */
export async function organizationToEdit(request: FastifyRequest, id: string): Promise<Organization> {
  const organization = await organizationToRead(request, id);
  const user = signedInUser(request);
  if (!isAdmin(user) && organization.owner.id !== user.id) throw forbidden('Only the administrator of the organization may do this');
  return organization;
}
