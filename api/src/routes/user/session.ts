/** Signing in and out, and the signed-in user: POST /User/login, POST /User/logout, GET /User, GET /User/roles. */
import type { ApiPlugin } from '../../type-provider.ts';
import { loginFailureKeys, release, reserve } from '../../accounts/rate-counters.ts';
import { toUserDto, normalizeEmail } from '../../accounts/user-dto.ts';
import { ROLES, User } from '../../db/entities/user.ts';
import { ApiError, ErrorCode } from '../../errors.ts';
import { SESSION_COOKIE } from '../../plugins/app/auth-constants.ts';
import { newAntiForgeryToken, signedInUser } from '../../plugins/app/auth.ts';
import { errors, message, MessageBody } from '../../schemas/common.ts';
import { LoginBody, RolesResponse, SessionResponse } from '../../schemas/user.ts';

const TAGS = ['User'];

const session: ApiPlugin = async (app) => {
  app.post(
    '/login',
    {
      config: { auth: 'public' },
      schema: {
        tags: TAGS,
        summary: 'Sign in; sets the session cookie. Then load the user and token with GET /User',
        body: LoginBody,
        response: { 200: MessageBody, ...errors(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      const { em } = request;
      const email = normalizeEmail(request.body.email);
      // Only failures count (decision 0072): per client address and per account, in the database
      // (shared by all processes). A locked account opens again when its window ends, or at once
      // with a password reset (the owner of the mailbox can always get back in). The attempt is
      // counted before the password check, atomically (decision 0185): of a burst of concurrent
      // attempts at most the limit reaches the check; a sign-in with the right password gives its
      // count back.
      const keys = loginFailureKeys(request.ip, email);
      const reservations = await reserve(
        em,
        [
          { key: keys.address, limit: app.config.rateLimits.login },
          { key: keys.account, limit: app.config.rateLimits.loginAccount },
        ],
        reply,
      );
      const user = await em.findOne(User, { email }, { populate: ['passwordHash'] });
      if (user === null) {
        await app.passwords.verifyNothing(request.body.password);
        throw loginFailed();
      }
      if (!(await app.passwords.verify(user.passwordHash, request.body.password))) throw loginFailed();
      await release(em, reservations);
      if (user.status !== 'ACTIVE') {
        throw new ApiError(403, ErrorCode.EMAIL_NOT_CONFIRMED, 'The e-mail address is not confirmed yet; use the link in the confirmation e-mail');
      }
      // A new session id at every login (no session fixation), with its own anti-forgery token.
      await request.session.regenerate();
      request.session.userId = user.id;
      request.session.csrfToken = newAntiForgeryToken();
      user.lastLogin = new Date();
      await em.flush();
      return message('Signed in');
    },
  );

  app.post(
    '/logout',
    {
      schema: { tags: TAGS, summary: 'Sign out: ends the session', response: { 200: MessageBody, ...errors(401, 403) } },
    },
    async (request, reply) => {
      await request.session.destroy();
      void reply.clearCookie(SESSION_COOKIE, { path: '/api' });
      return message('Signed out');
    },
  );

  app.get(
    '',
    {
      schema: {
        tags: TAGS,
        summary: 'The signed-in user and the anti-forgery token for the X-XSRF-TOKEN header',
        response: { 200: SessionResponse, ...errors(401) },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      request.session.csrfToken ??= newAntiForgeryToken();
      return { user: toUserDto(user), token: request.session.csrfToken };
    },
  );

  app.get(
    '/roles',
    {
      schema: { tags: TAGS, summary: 'The role names that can be assigned', response: { 200: RolesResponse, ...errors(401) } },
    },
    async () => [...ROLES],
  );
};

function loginFailed(): ApiError {
  return new ApiError(401, ErrorCode.LOGIN_FAILED, 'E-mail or password is wrong');
}

export default session;
