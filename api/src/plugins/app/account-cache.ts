/**
 * The per-process account cache (decision 0045): snapshots of signed-in users and organization
 * member pages, served to safe calls (GET, HEAD) for `accountCacheTtl` (ACCOUNT_CACHE_TTL, default
 * 1 s; 0 switches it off, as it does the session cache).
 *
 * Every state-changing call of this process (POST, PUT, PATCH, DELETE) empties it when it starts
 * and again before its answer is sent — its changes are committed by then — so no call that starts
 * after a change was answered is served what was read before it. Changes made by another process
 * (a second api instance, the admin and purge commands) are seen at most `accountCacheTtl` late.
 */
import type { Static } from '@fastify/type-provider-typebox';
import fp from 'fastify-plugin';
import { ReadCache } from '../../accounts/read-cache.ts';
import type { SignedInUser } from '../../accounts/signed-in-user.ts';
import type { MembersPage } from '../../schemas/organization.ts';

export interface AccountCache {
  /** Signed-in users by id. */
  readonly users: ReadCache<SignedInUser>;
  /** Member pages by organization id, page and page size. */
  readonly memberPages: ReadCache<Static<typeof MembersPage>>;
  /** Empties every part. */
  invalidate(): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    accountCache: AccountCache;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Whether a call of this method may be served from the cache (and leaves it as it is). */
export const isSafeMethod = (method: string): boolean => SAFE_METHODS.has(method);

export default fp(
  async (app) => {
    const ttl = app.config.accountCacheTtl;
    const users = new ReadCache<SignedInUser>(ttl);
    const memberPages = new ReadCache<Static<typeof MembersPage>>(ttl);
    const cache: AccountCache = {
      users,
      memberPages,
      invalidate() {
        users.invalidate();
        memberPages.invalidate();
      },
    };
    app.decorate('accountCache', cache);
    app.addHook('onRequest', (request, _reply, done) => {
      if (!isSafeMethod(request.method)) cache.invalidate();
      done();
    });
    app.addHook('onSend', (request, _reply, payload, done) => {
      if (!isSafeMethod(request.method)) cache.invalidate();
      done(null, payload);
    });
  },
  { name: 'account-cache' },
);
