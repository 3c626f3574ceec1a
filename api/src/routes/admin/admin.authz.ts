/** Who may call the Admin routes (authorization table, see testing/authz.ts): administrators only. */
import { ADMINS, type AuthzRow } from '../../testing/authz.ts';

export const AUTHZ_ROWS: AuthzRow[] = [
  { method: 'GET', route: '/api/Admin/users', allowed: ADMINS },
  { method: 'GET', route: '/api/Admin/organizations', allowed: ADMINS },
  { method: 'GET', route: '/api/Admin/:userId', allowed: ADMINS, request: (w) => ({ url: `/api/Admin/${w.subject.id}` }) },
  {
    method: 'PATCH',
    route: '/api/Admin/:userId/edit',
    allowed: ADMINS,
    request: (w) => ({
      url: `/api/Admin/${w.subject.id}/edit`,
      body: { name: 'Edited', email: w.subject.email, street: 'Regenweg', houseNumber: '3', zipCode: '10115', city: 'Berlin' },
    }),
  },
  {
    method: 'PUT',
    route: '/api/Admin/:userId/roles',
    allowed: ADMINS,
    request: (w) => ({ url: `/api/Admin/${w.subject.id}/roles`, body: ['analyst'] }),
  },
  {
    method: 'DELETE',
    route: '/api/Admin/:userId/account',
    allowed: ADMINS,
    changesWorld: true,
    request: (w) => ({ url: `/api/Admin/${w.subject.id}/account` }),
  },
  {
    method: 'GET',
    route: '/api/Admin/:userId/projects',
    allowed: ADMINS,
    request: (w) => ({ url: `/api/Admin/${w.subject.id}/projects`, query: { includeOrgProjects: 'true' } }),
  },
  {
    method: 'POST',
    route: '/api/Admin/:userId/transferProjects',
    allowed: ADMINS,
    changesWorld: true,
    request: (w) => ({
      url: `/api/Admin/${w.subject.id}/transferProjects`,
      body: [{ projectId: w.projects.subject, userId: w.people.user.id }],
    }),
  },
];
