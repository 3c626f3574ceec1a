/** Security headers (Content-Security-Policy, X-Content-Type-Options, …) on every response. */
import fastifyHelmet from '@fastify/helmet';
import fp from 'fastify-plugin';

export default fp(
  async (app) => {
    await app.register(fastifyHelmet, {
      // Swagger UI at /docs brings its own policy (see swagger.ts). No upgrade-insecure-requests:
      // on plain http (a LAN address, no proxy) it would send the browser to https for every file.
      contentSecurityPolicy: { useDefaults: true, directives: { upgradeInsecureRequests: null } },
      // Same-origin app; the OpenAPI page and mails link here, nothing embeds it.
      crossOriginEmbedderPolicy: false,
    });
  },
  { name: 'helmet' },
);
