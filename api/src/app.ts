/**
 * The api as a Fastify instance, without listening (server.ts listens; tests use `inject`).
 *
 * Plugins are registered in three layers, in this order (after fastify/demo):
 *   1. plugins/external: third-party plugins (helmet, cookie, rate limit, OpenAPI);
 *   2. plugins/app: the application's services (database with a request-scoped entity manager,
 *      sessions stored in the database, mail, passwords, the account cache, authentication and
 *      anti-forgery);
 *   3. routes: the calls of the spec under `/api`, and the built web app for everything else.
 * They are registered explicitly rather than autoloaded: the imports are type-checked and the
 * tests and the server load one module graph.
 */
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  type RouteOptions,
} from 'fastify';
import type { ApiConfig } from './config.ts';
import { ApiError, ErrorCode, type ErrorBody } from './errors.ts';
import cookie from './plugins/external/cookie.ts';
import helmet from './plugins/external/helmet.ts';
import rateLimit from './plugins/external/rate-limit.ts';
import swagger from './plugins/external/swagger.ts';
import accountCache from './plugins/app/account-cache.ts';
import auth from './plugins/app/auth.ts';
import database from './plugins/app/database.ts';
import mailer from './plugins/app/mailer.ts';
import passwords from './plugins/app/passwords.ts';
import session from './plugins/app/session.ts';
import apiRoutes from './routes/index.ts';
import webApp from './routes/web-app.ts';
import dataSheetRoutes from './routes/data-sheets.ts';
import { validationMessage } from './schemas/validation-message.ts';
import type { ApiTypeProvider } from './type-provider.ts';
import { assertStorableText, validatorCompiler } from './schemas/validators.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: ApiConfig;
  }
}

export interface BuildOptions {
  /** Replaces the logger made from `config.logLevel` (tests pass a stream to read the log). */
  readonly logger?: FastifyServerOptions['logger'];
  /** Called for every route as it is registered (the authorization test lists the api's routes with it). */
  readonly onRoute?: (route: RouteOptions) => void;
}

export async function buildApp(config: ApiConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? (config.logLevel === false ? false : { level: config.logLevel }),
    trustProxy: config.trustProxy,
    // Fastify's default of 1 MiB is plenty for these calls; uploads get their own limits later.
    bodyLimit: 1024 * 1024,
    // Opening a fresh PGlite database runs every migration in WebAssembly: measured 51 s on a
    // loaded 2-core machine (the browser tests' fresh api), far over avvio's default of 10 s per plugin.
    pluginTimeout: 180_000,
    // A request line or header the HTTP parser refuses (431, 400, 413) still gets the error body.
    clientErrorHandler: (error, socket) => {
      const code = (error as NodeJS.ErrnoException).code;
      const status = code === 'HPE_HEADER_OVERFLOW' ? 431 : code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
      if (socket.writable && (socket as { _httpMessage?: unknown })._httpMessage === undefined) {
        const body = JSON.stringify(errorBody(status === 400 ? ErrorCode.VALIDATION : ErrorCode.UNSUPPORTED_REQUEST, STATUS_TEXT[status] ?? 'Bad request'));
        socket.write(
          `HTTP/1.1 ${status} ${STATUS_TEXT[status] ?? 'Bad Request'}\r\nContent-Type: application/json; charset=utf-8\r\n` +
            `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
        );
      }
      socket.destroy(error);
    },
    frameworkErrors: (error, request, reply) => {
      // Undecodable URLs and the like: a 404 page for the web app, an error body for the api.
      const status = error.code === 'FST_ERR_BAD_URL' && !request.url.startsWith('/api/') ? 404 : 400;
      void (reply as FastifyReply).code(status).send(errorBody(status === 404 ? ErrorCode.NOT_FOUND : ErrorCode.VALIDATION, 'Bad request'));
    },
  }).withTypeProvider<ApiTypeProvider>();
  app.decorate('config', config);
  if (options.onRoute !== undefined) app.addHook('onRoute', options.onRoute);

  // Only JSON bodies: a cross-site HTML form (text/plain, url-encoded, multipart) cannot reach a
  // handler, which protects the calls that precede a session (login, registration) from CSRF.
  app.removeContentTypeParser('text/plain');

  // One JSON body parser for every route (Fastify's, with prototype poisoning refused), which
  // also refuses texts PostgreSQL cannot store: lone surrogates and NUL (issue 13.1).
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, text, done) => {
    parseJson(request, text as string, (error: Error | null, value?: unknown) => {
      if (error !== null) return done(error, undefined);
      try {
        assertStorableText('body', value);
      } catch (refused) {
        return done(refused as Error, undefined);
      }
      done(null, value);
    });
  });
  // Bodies exactly as declared; query strings and path parameters converted, within range.
  app.setValidatorCompiler(validatorCompiler);
  app.addHook('preValidation', (request, _reply, done) => {
    if (!request.url.startsWith('/api/')) return done(); // the web app answers 404 for such paths
    try {
      assertStorableText('querystring', request.query);
      assertStorableText('params', request.params);
    } catch (refused) {
      return done(refused as Error);
    }
    done();
  });

  app.setErrorHandler(handleError);

  try {
    // 1. external
    await app.register(helmet);
    await app.register(cookie);
    await app.register(rateLimit);
    await app.register(swagger);
    // 2. app
    await app.register(database, { database: config.database });
    await app.register(session);
    await app.register(passwords);
    await app.register(mailer);
    await app.register(accountCache);
    await app.register(auth);
    // 3. routes
    await app.register(apiRoutes, { prefix: '/api' });
    // facility data sheets at /dataSheets/{file name} (decision 0199), before the web app's catch-all
    await app.register(dataSheetRoutes);
    await app.register(webApp, { webRoot: config.webRoot });
  } catch (error) {
    await app.close().catch(() => undefined); // closes the database if it was opened
    throw error;
  }
  // Reached only by methods other than GET and HEAD outside /api (the web app takes every GET).
  app.setNotFoundHandler((_request, reply) =>
    reply.code(405).header('Allow', 'GET, HEAD').send(errorBody(ErrorCode.UNSUPPORTED_REQUEST, 'Method not allowed')),
  );

  return app;
}

/** Every failure becomes its status and error body; 5xx details go to the log only. */
function handleError(error: FastifyError | ApiError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (error instanceof ApiError) return reply.code(error.statusCode).send(error.body());
  if (error.validation !== undefined) {
    return reply.code(400).send(errorBody(ErrorCode.VALIDATION, validationMessage(error)));
  }
  const status = error.statusCode ?? 500;
  if (status >= 500) {
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send(errorBody(ErrorCode.GENERIC, 'An error has occurred'));
  }
  if (status === 415) {
    return reply.code(415).send(errorBody(ErrorCode.UNSUPPORTED_REQUEST, 'Bodies must be JSON (Content-Type: application/json)'));
  }
  if (status === 429) return reply.code(429).send(errorBody(ErrorCode.TOO_MANY_REQUESTS, error.message));
  // Fastify's own 4xx errors (malformed JSON, body too large, …): their message is safe to show.
  return reply.code(status).send(errorBody(status === 404 ? ErrorCode.NOT_FOUND : ErrorCode.VALIDATION, error.message));
}

const STATUS_TEXT: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  431: 'Request Header Fields Too Large',
};

export function errorBody(code: number, message: string): ErrorBody {
  return { type: 'ERROR', code, message };
}
