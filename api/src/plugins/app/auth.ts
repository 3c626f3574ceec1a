/**
 * Authentication and anti-forgery for the api routes.
 *
 * Every api route is signed-in only unless its `config.auth` says `public` (login, registration
 * and the other calls made before a session exists); `admin` also requires the Administrator
 * role. A state-changing call (POST, PUT, PATCH, DELETE) of a signed-in route must carry the
 * header X-XSRF-TOKEN with the token that GET /User handed out for this session. Public
 * state-changing calls are protected by JSON-only bodies and SameSite cookies instead (app.ts).
 *
 * The signed-in user is a read-only snapshot (accounts/signed-in-user.ts). Safe calls take it from
 * the account cache (account-cache.ts); state-changing calls always read it, and whether their
 * session still exists, from the database.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isAdmin, loadSignedInUser, type SignedInUser } from '../../accounts/signed-in-user.ts';
import { User } from '../../db/entities/user.ts';
import { ApiError, ErrorCode, forbidden, notSignedIn } from '../../errors.ts';
import { isSafeMethod } from './account-cache.ts';
import { ANTI_FORGERY_HEADER } from './auth-constants.ts';

export type Access = 'public' | 'user' | 'admin';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route; `user` (signed in) when not given. */
    auth?: Access;
  }
  interface FastifyRequest {
    /** The signed-in user, loaded by `authorize` for non-public routes. */
    user: SignedInUser | null;
  }
  interface FastifyInstance {
    /** preHandler of the api routes: enforces `config.auth` and the anti-forgery header. */
    authorize(request: FastifyRequest): Promise<void>;
  }
}

/** A fresh anti-forgery token for a new session. */
export function newAntiForgeryToken(): string {
  return randomBytes(32).toString('base64url');
}

function sameToken(expected: string | undefined, given: string | string[] | undefined): boolean {
  if (expected === undefined || typeof given !== 'string') return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The signed-in user of a route that requires one (set by `authorize`). */
export function signedInUser(request: FastifyRequest): SignedInUser {
  if (request.user === null) throw notSignedIn();
  return request.user;
}

/** The signed-in user as an entity of the request's entity manager, for calls that change it. */
export async function signedInUserEntity(request: FastifyRequest): Promise<User> {
  const { id } = signedInUser(request);
  const user = await request.em.findOne(User, { id, status: 'ACTIVE' }, { populate: ['organization.owner'], strategy: 'joined' });
  if (user === null) throw notSignedIn();
  return user;
}

export default fp(
  async (app) => {
    app.decorateRequest('user', null);
    app.decorate('authorize', async (request: FastifyRequest) => {
      const access = request.routeOptions.config.auth ?? 'user';
      if (access === 'public') return;

      const userId = request.session.userId;
      if (userId === undefined) throw notSignedIn();
      const load = () => loadSignedInUser(app.orm.em, userId);
      const safe = isSafeMethod(request.method);
      const user = safe ? await app.accountCache.users.get(userId, load) : await load();
      if (user === null) {
        await request.session.destroy();
        throw notSignedIn();
      }
      if (!safe && !sameToken(request.session.csrfToken, request.headers[ANTI_FORGERY_HEADER.toLowerCase()])) {
        throw new ApiError(403, ErrorCode.ANTI_FORGERY, `The ${ANTI_FORGERY_HEADER} header is missing or does not match the session; reload the user (GET /User)`);
      }
      // A state-changing call is never authorised from a cached session: the session may have
      // ended on another process within the cache's lifetime (issue 13.2, decision 0066).
      if (!safe && !(await app.sessionStore.exists(request.session.sessionId))) {
        await request.session.destroy();
        throw notSignedIn();
      }
      if (access === 'admin' && !isAdmin(user)) throw forbidden('Administrators only');
      request.user = user;
    });
  },
  { name: 'auth', dependencies: ['session', 'database', 'account-cache'] },
);
