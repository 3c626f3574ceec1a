/** OpenAPI 3 document built from the routes' TypeBox schemas, with Swagger UI at /docs. */
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { ENGINE_VERSION } from '@rainplan/engine';
import { ANTI_FORGERY_HEADER, SESSION_COOKIE } from '../app/auth-constants.ts';

export default fp(
  async (app) => {
    await app.register(fastifySwagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'rainplan api',
          version: '0.1.0',
          description:
            `Accounts, sessions and organizations of rainplan (engine ${ENGINE_VERSION}). ` +
            `Errors answer { "type": "ERROR", "code", "message" }. Signed-in calls use the session cookie ` +
            `\`${SESSION_COOKIE}\`; state-changing ones also need the header \`${ANTI_FORGERY_HEADER}\` ` +
            'with the token from GET /api/User. Bodies are validated as declared, without type coercion; ' +
            'unknown body fields are dropped (also where a schema says additionalProperties: false). See docs/api.md.',
        },
        components: {
          securitySchemes: {
            session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE },
            antiForgery: { type: 'apiKey', in: 'header', name: ANTI_FORGERY_HEADER },
          },
        },
      },
    });
    await app.register(fastifySwaggerUi, {
      routePrefix: '/docs',
      staticCSP: true,
      // As in helmet.ts: plain http must keep working.
      transformStaticCSP: (header) => header.replace(/\s*upgrade-insecure-requests;?/, ''),
    });
  },
  { name: 'swagger' },
);
