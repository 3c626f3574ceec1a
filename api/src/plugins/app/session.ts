/**
 * Sessions: @fastify/session with the database store. The cookie is httpOnly, SameSite=Lax,
 * scoped to /api, and Secure whenever the request arrived over https (directly or, with
 * TRUST_PROXY, through a proxy). Sessions are only stored once something is put in them (login).
 */
import fastifySession from '@fastify/session';
import fp from 'fastify-plugin';
import { SESSION_COOKIE } from './auth-constants.ts';
import { DatabaseSessionStore } from './session-store.ts';

declare module 'fastify' {
  interface Session {
    /** The signed-in user. */
    userId?: string;
    /** The anti-forgery token handed out with GET /User. */
    csrfToken?: string;
  }
  interface FastifyInstance {
    sessionStore: DatabaseSessionStore;
  }
}

const CLEANUP_INTERVAL = 60 * 60 * 1000;

export default fp(
  async (app) => {
    const store = new DatabaseSessionStore(app.orm, app.config.sessionMaxAge, app.config.accountCacheTtl);
    app.decorate('sessionStore', store);
    await app.register(fastifySession, {
      secret: app.config.sessionSecret,
      cookieName: SESSION_COOKIE,
      store,
      saveUninitialized: false,
      rolling: true,
      cookie: {
        path: '/api',
        httpOnly: true,
        sameSite: 'lax',
        secure: 'auto',
        maxAge: app.config.sessionMaxAge,
      },
    });

    const cleanUp = (): void => {
      store.deleteExpired().catch((error: unknown) => app.log.warn({ err: error }, 'could not delete expired sessions'));
    };
    const timer = setInterval(cleanUp, CLEANUP_INTERVAL);
    timer.unref();
    app.addHook('onReady', async () => {
      await store.deleteExpired().catch((error: unknown) => app.log.warn({ err: error }, 'could not delete expired sessions'));
    });
    app.addHook('onClose', async () => clearInterval(timer));
  },
  { name: 'session', dependencies: ['database', 'cookie'] },
);
