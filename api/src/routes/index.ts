/**
 * The api under /api: every route here passes `app.authorize` (plugins/app/auth.ts) before its
 * schema validation, so an anonymous call to a signed-in route gets 401, not a validation error.
 * Unknown api paths answer 404, known paths with another method 405, both as error bodies.
 */
import type { ApiPlugin } from '../type-provider.ts';
import { ApiError, ErrorCode, notFound } from '../errors.ts';
import adminRoutes from './admin/index.ts';
import health from './health.ts';
import boxConfiguratorImportRoute from './box-configurator/import-products.ts';
import boxConfigurationRoutes from './box-configurator/configurations.ts';
import projectPriceRoutes from './box-configurator/prices.ts';
import documentRoutes from './documents/index.ts';
import organizationRoutes from './organization.ts';
import projectArea from './project/index.ts';
import raindataRoutes from './raindata/index.ts';
import shareRoutes from './share/index.ts';
import brandingRoutes from './branding.ts';
import userRoutes from './user/index.ts';

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

const apiRoutes: ApiPlugin = async (app) => {
  app.addHook('preValidation', app.authorize);

  await app.register(health);
  await app.register(userRoutes, { prefix: '/User' });
  await app.register(organizationRoutes, { prefix: '/Organization' });
  await app.register(adminRoutes, { prefix: '/Admin' });
  await app.register(projectArea, { prefix: '/Project' });
  await app.register(projectPriceRoutes, { prefix: '/Project' });
  await app.register(raindataRoutes, { prefix: '/Raindata' });
  await app.register(boxConfiguratorImportRoute, { prefix: '/BoxConfigurator' });
  await app.register(boxConfigurationRoutes, { prefix: '/BoxConfigurator' });
  await app.register(documentRoutes, { prefix: '/Documents' });
  await app.register(shareRoutes, { prefix: '/Share' });
  await app.register(brandingRoutes, { prefix: '/Branding' });

  app.all('/*', { schema: { hide: true }, config: { auth: 'public' } }, async (request, reply) => {
    const url = request.url.split('?', 1)[0] ?? request.url;
    const allowed = METHODS.filter((method) => {
      const route = app.findRoute({ method, url });
      return route !== null && !('*' in route.params);
    });
    if (allowed.length === 0) throw notFound(`No api call ${request.method} ${url}`);
    void reply.header('Allow', allowed.join(', '));
    throw new ApiError(405, ErrorCode.UNSUPPORTED_REQUEST, `${request.method} is not allowed on ${url}; use ${allowed.join(', ')}`);
  });
};

export default apiRoutes;
