/** Who may call the User routes (authorization table, see testing/authz.ts). */
import { EVERYONE, SIGNED_IN, type AuthzRow } from '../../testing/authz.ts';
import { registration } from '../../testing/accounts.ts';
import { invitationOf } from '../organization.authz.ts';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

export const AUTHZ_ROWS: AuthzRow[] = [
  // Calls made before a session exists: anyone.
  {
    method: 'POST',
    route: '/api/User/login',
    allowed: EVERYONE,
    changesWorld: true, // a signed-in persona's session is replaced
    request: (w, as) => ({ body: { email: as === 'anonymous' ? w.subject.email : w.people[as].email, password: w.password } }),
  },
  { method: 'POST', route: '/api/User/register', allowed: EVERYONE, request: () => ({ body: registration() }) },
  {
    method: 'GET',
    route: '/api/User/confirmEmail',
    allowed: EVERYONE,
    request: () => ({ query: { userId: UNKNOWN_ID, code: 'no-such-code' } }),
  },
  { method: 'POST', route: '/api/User/forgotPassword', allowed: EVERYONE, request: (w) => ({ body: { email: w.subject.email } }) },
  { method: 'POST', route: '/api/User/resendConfirmationEmail', allowed: EVERYONE, request: (w) => ({ body: { email: w.subject.email } }) },
  {
    method: 'POST',
    route: '/api/User/resetPassword',
    allowed: EVERYONE,
    request: () => ({ body: { userId: UNKNOWN_ID, resetCode: 'no-such-code', newPassword: 'Another-Rain-2026!' } }),
  },
  // The own account: every signed-in user.
  { method: 'GET', route: '/api/User', allowed: SIGNED_IN },
  { method: 'GET', route: '/api/User/roles', allowed: SIGNED_IN },
  { method: 'POST', route: '/api/User/logout', allowed: SIGNED_IN, changesWorld: true },
  {
    method: 'POST',
    route: '/api/User/password',
    allowed: SIGNED_IN,
    changesWorld: true, // ends the sessions
    request: (w) => ({ body: { oldPassword: w.password, newPassword: 'Another-Rain-2026!', repeatPassword: 'Another-Rain-2026!' } }),
  },
  {
    method: 'PATCH',
    route: '/api/User',
    allowed: SIGNED_IN,
    request: (w, as) => ({
      body: {
        name: 'Renamed',
        email: as === 'anonymous' ? w.subject.email : w.people[as].email,
        street: 'Regenweg',
        houseNumber: '2',
        zipCode: '10115',
        city: 'Berlin',
      },
    }),
  },
  {
    method: 'DELETE',
    route: '/api/User/leaveOrganization',
    allowed: SIGNED_IN,
    changesWorld: true,
    note: 'a member leaves; the owner gets 33 and users without organization 32 (not authorization failures)',
  },
  {
    method: 'DELETE',
    route: '/api/User/account',
    allowed: SIGNED_IN,
    changesWorld: true,
    note: 'every user may delete their own account; the owner of an organization with members gets 33',
  },
  {
    method: 'POST',
    route: '/api/User/transferProjects',
    allowed: SIGNED_IN,
    request: () => ({ body: [] }),
    note: 'only own projects to members of the own organization: checked per entry (account-deletion.test.ts)',
  },
  // Organization invitations (decision 0070): every signed-in user has a list; only the invited
  // user (here `user`) may answer one.
  { method: 'GET', route: '/api/User/invitations', allowed: SIGNED_IN },
  {
    method: 'POST',
    route: '/api/User/invitations/:invitationId/accept',
    allowed: ['user'],
    changesWorld: true,
    request: async (w) => ({ url: `/api/User/invitations/${await invitationOf(w, w.people.user.id)}/accept`, body: {} }),
  },
  {
    method: 'POST',
    route: '/api/User/invitations/:invitationId/decline',
    allowed: ['user'],
    changesWorld: true,
    request: async (w) => ({ url: `/api/User/invitations/${await invitationOf(w, w.people.user.id)}/decline`, body: {} }),
  },
];
