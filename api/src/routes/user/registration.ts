/**
 * Registration and e-mail confirmation: POST /User/register, GET /User/confirmEmail,
 * POST /User/resendConfirmationEmail. Registration and resend answer the same whether or not
 * the address has an account; the mails differ (confirmation link or "already registered").
 */
import { randomUUID } from 'node:crypto';
import type { ApiPlugin } from '../../type-provider.ts';
import { mailAccountAfterAnswer } from '../../accounts/address-mail.ts';
import { consumeCode, issueCode } from '../../accounts/codes.ts';
import { cultureOf } from '../../accounts/culture.ts';
import { isUuid, optional } from '../../accounts/fields.ts';
import { confirmEmailLink, forgotPasswordLink } from '../../accounts/links.ts';
import { passwordRefusal } from '../../accounts/password-policy.ts';
import { limitPerAddress } from '../../accounts/rate-counters.ts';
import { normalizeEmail } from '../../accounts/user-dto.ts';
import { User } from '../../db/entities/user.ts';
import type { EntityManager } from '../../db/orm.ts';
import { ApiError, ErrorCode, validation } from '../../errors.ts';
import { alreadyRegisteredMail, confirmRegistrationMail } from '../../mail/messages.ts';
import { errors, message, MessageBody, UiCultureQuery } from '../../schemas/common.ts';
import { ConfirmEmailQuery, EmailBody, RegisterBody } from '../../schemas/user.ts';

const TAGS = ['User'];

export const REGISTERED = 'Registration received. Please confirm your e-mail address with the link we have sent.';
export const CONFIRMATION_RESENT = 'If this address has an unconfirmed account, a new confirmation link is on its way.';

const registration: ApiPlugin = async (app) => {
  const { publicUrl, codeLifetimes } = app.config;

  app.post(
    '/register',
    {
      config: { auth: 'public' },
      preHandler: limitPerAddress('register', app.config.rateLimits.registration),
      schema: {
        tags: TAGS,
        summary: 'Create an account; a confirmation link is sent by e-mail',
        querystring: UiCultureQuery,
        body: RegisterBody,
        response: { 200: MessageBody, ...errors(400, 429) },
      },
    },
    async (request) => {
      const { body } = request;
      if (body.passwordRepeat !== body.password) throw validation('body/passwordRepeat: passwordNotMatching (must equal password)');
      const weak = passwordRefusal('body/password', body.password);
      if (weak !== null) throw weak;
      const culture = cultureOf(request, body.uiCulture);
      const email = normalizeEmail(body.email);
      const passwordHash = await app.passwords.hash(body.password);
      // One statement whether or not the address is taken (decision 0072): the insert does nothing
      // for an existing address (also one registered concurrently). Code and mail follow the answer.
      const now = new Date().toISOString();
      const inserted = await request.em.getConnection().execute<Array<{ id: string }>>(
        'insert into app_user (id, email, password_hash, form_of_address, name, company, street, house_number, zip_code, city, ' +
          'phone_number, status, culture, gdpr_consent_at, created_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ' +
          'on conflict (email) do nothing returning id',
        [
          randomUUID(),
          email,
          passwordHash,
          body.formOfAddress ?? 'NONE',
          body.name.trim(),
          optional(body.company),
          body.street.trim(),
          body.houseNumber.trim(),
          body.zipCode.trim(),
          body.city.trim(),
          optional(body.phoneNumber),
          'UNCONFIRMED',
          culture,
          now,
          now,
        ],
      );
      const newId = inserted[0]?.id;
      app.mailer.later('register', async () => {
        const em = app.orm.em.fork() as EntityManager;
        const user = await em.findOne(User, newId === undefined ? { email } : { id: newId });
        if (user === null) return;
        if (newId === undefined) {
          await app.mailer.send({ to: email, ...alreadyRegisteredMail(culture, user.name, forgotPasswordLink(publicUrl)) });
          return;
        }
        const code = await issueCode(em, user, 'CONFIRM_EMAIL', codeLifetimes.emailConfirmation);
        await app.mailer.send({
          to: email,
          ...confirmRegistrationMail(culture, user.name, confirmEmailLink(publicUrl, user.id, code), codeLifetimes.emailConfirmation),
        });
      });
      return message(REGISTERED);
    },
  );

  app.get(
    '/confirmEmail',
    {
      config: { auth: 'public' },
      schema: {
        tags: TAGS,
        summary: 'Confirm an e-mail address with the link from the mail (registration, or a new address with newEmail)',
        querystring: ConfirmEmailQuery,
        response: { 200: MessageBody, ...errors(400) },
      },
    },
    async (request) => {
      const { userId, code, newEmail } = request.query;
      const { em } = request;
      const invalid = new ApiError(400, ErrorCode.INVALID_CODE, 'The confirmation link is invalid, used or expired');
      if (!isUuid(userId)) throw invalid;

      if (newEmail === undefined || newEmail === '') {
        const used = await consumeCode(em, userId, 'CONFIRM_EMAIL', code);
        if (used === null) throw invalid;
        used.user.status = 'ACTIVE';
        await em.flush();
        return message('E-mail address confirmed; you can sign in now');
      }

      const address = normalizeEmail(newEmail);
      const used = await consumeCode(em, userId, 'CHANGE_EMAIL', code, address);
      if (used === null) throw invalid;
      const taken = await em.count(User, { email: address, id: { $ne: userId } });
      if (taken > 0) throw new ApiError(400, ErrorCode.INVALID_CODE, 'This e-mail address already belongs to another account');
      used.user.email = address;
      used.user.status = 'ACTIVE';
      await em.flush();
      return message('E-mail address changed');
    },
  );

  app.post(
    '/resendConfirmationEmail',
    {
      config: { auth: 'public' },
      preHandler: limitPerAddress('resend-confirmation', app.config.rateLimits.confirmationResend),
      schema: {
        tags: TAGS,
        summary: 'Send the confirmation link again (same answer whether or not the address has an account)',
        querystring: UiCultureQuery,
        body: EmailBody,
        response: { 200: MessageBody, ...errors(400, 429) },
      },
    },
    async (request) => {
      mailAccountAfterAnswer(app, request, request.body, {
        label: 'resendConfirmationEmail',
        unconfirmedOnly: true,
        purpose: 'CONFIRM_EMAIL',
        lifetime: codeLifetimes.emailConfirmation,
        mail: (culture, user, code) => confirmRegistrationMail(culture, user.name, confirmEmailLink(publicUrl, user.id, code), codeLifetimes.emailConfirmation),
      });
      return message(CONFIRMATION_RESENT);
    },
  );
};

export default registration;
