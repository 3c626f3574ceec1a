/**
 * The Admin calls of the spec (section 7) under /api/Admin, for administrators only: every route
 * registered in this scope requires the Administrator role (403, code 10 otherwise).
 */
import type { ApiPlugin } from '../../type-provider.ts';
import organizations from './organizations.ts';
import projects from './projects.ts';
import users from './users.ts';

const adminRoutes: ApiPlugin = async (app) => {
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, auth: 'admin' };
  });
  await app.register(users);
  await app.register(organizations);
  await app.register(projects);
};

export default adminRoutes;
