/**
 * Passwords: POST /User/forgotPassword (same answer whether or not the address has an account),
 * POST /User/resetPassword (with the code from the mail), POST /User/password (signed in).
 * Setting a password ends every session of the user: they sign in again with the new one.
 */
import type { ApiPlugin } from '../../type-provider.ts';
import { mailAccountAfterAnswer } from '../../accounts/address-mail.ts';
import { consumeCode } from '../../accounts/codes.ts';
import { isUuid } from '../../accounts/fields.ts';
import { resetPasswordLink } from '../../accounts/links.ts';
import { passwordRefusal } from '../../accounts/password-policy.ts';
import { forget, limitPerAddress, loginFailureKeys } from '../../accounts/rate-counters.ts';
import { ApiError, ErrorCode, validation } from '../../errors.ts';
import { resetPasswordMail } from '../../mail/messages.ts';
import { SESSION_COOKIE } from '../../plugins/app/auth-constants.ts';
import { signedInUserEntity } from '../../plugins/app/auth.ts';
import { errors, message, MessageBody, UiCultureQuery } from '../../schemas/common.ts';
import { ChangePasswordBody, EmailBody, ResetPasswordBody } from '../../schemas/user.ts';

const TAGS = ['User'];

export const RESET_REQUESTED = 'If an account is linked to this address, a link to reset the password is on its way.';

const password: ApiPlugin = async (app) => {
  const { publicUrl, codeLifetimes } = app.config;

  app.post(
    '/forgotPassword',
    {
      config: { auth: 'public' },
      preHandler: limitPerAddress('forgot-password', app.config.rateLimits.passwordReset),
      schema: {
        tags: TAGS,
        summary: 'Send a link to reset the password (same answer whether or not the address has an account)',
        querystring: UiCultureQuery,
        body: EmailBody,
        response: { 200: MessageBody, ...errors(400, 429) },
      },
    },
    async (request) => {
      mailAccountAfterAnswer(app, request, request.body, {
        label: 'forgotPassword',
        purpose: 'RESET_PASSWORD',
        lifetime: codeLifetimes.passwordReset,
        mail: (culture, user, code) => resetPasswordMail(culture, user.name, resetPasswordLink(publicUrl, user.id, code), codeLifetimes.passwordReset),
      });
      return message(RESET_REQUESTED);
    },
  );

  app.post(
    '/resetPassword',
    {
      config: { auth: 'public' },
      preHandler: limitPerAddress('reset-password', app.config.rateLimits.passwordReset),
      schema: {
        tags: TAGS,
        summary: 'Set a new password with the code from the reset mail',
        body: ResetPasswordBody,
        response: { 200: MessageBody, ...errors(400, 429) },
      },
    },
    async (request) => {
      const { em, body } = request;
      const invalid = new ApiError(400, ErrorCode.INVALID_CODE, 'The reset link is invalid, used or expired; request a new one');
      const weak = passwordRefusal('body/newPassword', body.newPassword);
      if (weak !== null) throw weak;
      if (!isUuid(body.userId)) throw invalid;
      const passwordHash = await app.passwords.hash(body.newPassword);
      const used = await consumeCode(em, body.userId, 'RESET_PASSWORD', body.resetCode);
      if (used === null) throw invalid;
      used.user.passwordHash = passwordHash;
      // The link reached the address, which confirms it.
      used.user.status = 'ACTIVE';
      await em.flush();
      await app.sessionStore.destroyAllOfUser(used.user.id);
      // The mailbox's owner is back: failed sign-ins no longer lock the account (decision 0072).
      await forget(em, loginFailureKeys('', used.user.email).account);
      return message('Password reset; sign in with the new password');
    },
  );

  app.post(
    '/password',
    {
      schema: {
        tags: TAGS,
        summary: 'Change the own password; ends all sessions of the user',
        body: ChangePasswordBody,
        response: { 200: MessageBody, ...errors(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const { em, body } = request;
      if (body.repeatPassword !== body.newPassword) throw validation('body/repeatPassword: passwordNotMatching (must equal newPassword)');
      const weak = passwordRefusal('body/newPassword', body.newPassword);
      if (weak !== null) throw weak;
      const user = await signedInUserEntity(request);
      await em.populate(user, ['passwordHash']);
      if (!(await app.passwords.verify(user.passwordHash, body.oldPassword))) {
        throw new ApiError(400, ErrorCode.WRONG_PASSWORD, 'The old password is wrong');
      }
      user.passwordHash = await app.passwords.hash(body.newPassword);
      await em.flush();
      await app.sessionStore.destroyAllOfUser(user.id);
      await request.session.destroy();
      void reply.clearCookie(SESSION_COOKIE, { path: '/api' });
      return message('Password changed; sign in with the new password');
    },
  );
};

export default password;
