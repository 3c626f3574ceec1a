/** The User calls of the spec (section 7), under /api/User. */
import type { ApiPlugin } from '../../type-provider.ts';
import accountDeletion from './account-deletion.ts';
import invitations from './invitations.ts';
import leaveOrganization from './organization.ts';
import password from './password.ts';
import profile from './profile.ts';
import registration from './registration.ts';
import session from './session.ts';

const userRoutes: ApiPlugin = async (app) => {
  await app.register(session);
  await app.register(registration);
  await app.register(password);
  await app.register(profile);
  await app.register(leaveOrganization);
  await app.register(invitations);
  await app.register(accountDeletion);
};

export default userRoutes;
