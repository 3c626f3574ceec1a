/**
 * Who may call the Organization routes (authorization table, see testing/authz.ts). Spec section 6:
 * members see their organization; its owner and administrators change it. Non-members get 31.
 */
import { SIGNED_IN, type AuthzRow, type Persona } from '../testing/authz.ts';

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
];
