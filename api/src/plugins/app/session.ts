/**
 * Sessions: @fastify/session with the database store. The cookie is httpOnly, SameSite=Lax,
 * scoped to /api, and Secure whenever the request arrived over https (directly or, with
 * TRUST_PROXY, through a proxy). Sessions are only stored once something is put in them (login).
 * They last `SESSION_MAX_AGE` after the last request; the expiry (stored and in the cookie) moves
 * at most once a minute (`RENEW_AFTER`, decision 0063), so most responses carry no Set-Cookie.
 */
import fastifySession from '@fastify/session';
import fp from 'fastify-plugin';
import { SESSION_COOKIE } from './auth-constants.ts';
import { RememberingSigner } from './cookie-signer.ts';
import { DatabaseSessionStore, needsRenewal } from './session-store.ts';

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
    // Sliding expiry, renewed at most once a RENEW_AFTER (decision 0063): a restored session whose
    // stored expiry is that much behind is saved again, and @fastify/session then sends its cookie
    // with the new expiry. Added before the plugin, so it runs before the plugin's own onSend hook.
    app.addHook('onSend', (request, _reply, payload, done) => {
      if (!needsRenewal(request.session, request.cookies[SESSION_COOKIE], Date.now())) return done(null, payload);
      request.session.save().then(() => done(null, payload), done);
    });
    await app.register(fastifySession, {
      secret: new RememberingSigner(app.config.sessionSecret),
      cookieName: SESSION_COOKIE,
      store,
      // New sessions get their ids from the store, which inserts only those (decision 0066).
      idGenerator: () => store.newSessionId(),
      saveUninitialized: false,
      // no Set-Cookie and no save on every response (see the onSend hook above)
      rolling: false,
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
