/**
 * Who may call the Organization routes (authorization table, see testing/authz.ts). Spec section 6:
 * members see their organization; its owner and administrators change it. Non-members get 31.
 */
import { invite } from '../accounts/invitations.ts';
import { Organization } from '../db/entities/organization.ts';
import { User } from '../db/entities/user.ts';
import { SIGNED_IN, type AuthzRow, type AuthzWorld, type Persona } from '../testing/authz.ts';

const READERS: readonly Persona[] = ['member', 'owner', 'admin'];
const EDITORS: readonly Persona[] = ['owner', 'admin'];

export const AUTHZ_ROWS: AuthzRow[] = [
  {
    method: 'POST',
    route: '/api/Organization',
    allowed: SIGNED_IN,
    changesWorld: true,
    request: () => ({ body: { name: 'New office' } }),
    note: 'members of an organization get 30',
  },
  { method: 'GET', route: '/api/Organization/:id', allowed: READERS, request: (w) => ({ url: `/api/Organization/${w.organizationId}` }) },
  {
    method: 'PATCH',
    route: '/api/Organization/:id',
    allowed: EDITORS,
    request: (w) => ({ url: `/api/Organization/${w.organizationId}`, body: { name: 'Renamed office' } }),
  },
  {
    method: 'DELETE',
    route: '/api/Organization/:id',
    allowed: EDITORS,
    changesWorld: true,
    request: (w) => ({ url: `/api/Organization/${w.organizationId}` }),
  },
  {
    method: 'GET',
    route: '/api/Organization/:id/members',
    allowed: READERS,
    request: (w) => ({ url: `/api/Organization/${w.organizationId}/members` }),
  },
  {
    method: 'PUT',
    route: '/api/Organization/:id/members',
    allowed: EDITORS,
    request: (w) => ({ url: `/api/Organization/${w.organizationId}/members`, body: [w.subject.email] }),
    changesWorld: true,
  },
  {
    method: 'PUT',
    route: '/api/Organization/:id/owner/:newOwnerId',
    allowed: EDITORS,
    changesWorld: true,
    request: (w) => ({ url: `/api/Organization/${w.organizationId}/owner/${w.colleague.id}` }),
  },
  {
    method: 'DELETE',
    route: '/api/Organization/:id/member/:userId',
    allowed: EDITORS,
    changesWorld: true,
    request: (w) => ({ url: `/api/Organization/${w.organizationId}/member/${w.colleague.id}` }),
  },
  {
    method: 'GET',
    route: '/api/Organization/:id/invitations',
    allowed: EDITORS,
    request: (w) => ({ url: `/api/Organization/${w.organizationId}/invitations` }),
  },
  {
    method: 'DELETE',
    route: '/api/Organization/:id/invitations/:invitationId',
    allowed: EDITORS,
    changesWorld: true,
    request: async (w) => ({ url: `/api/Organization/${w.organizationId}/invitations/${await invitationOf(w, w.subject.id)}` }),
  },
];

/** An open invitation of user `userId` into the world's organization (decision 0070). */
export async function invitationOf(w: AuthzWorld, userId: string): Promise<string> {
  const em = w.em();
  return invite(em, em.getReference(Organization, w.organizationId), em.getReference(User, userId), w.people.owner.id);
}
