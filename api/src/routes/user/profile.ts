/**
 * PATCH /User: the signed-in user edits their personal data. A new e-mail address takes effect
 * only after its confirmation: the link goes to the new address (GET /User/confirmEmail with
 * newEmail). If the address belongs to another account, that account's owner is told instead,
 * and the answer is the same.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { issueCode } from '../../accounts/codes.ts';
import { cultureOf, parseCulture } from '../../accounts/culture.ts';
import { optional } from '../../accounts/fields.ts';
import { confirmEmailLink } from '../../accounts/links.ts';
import { normalizeEmail, toUserDto } from '../../accounts/user-dto.ts';
import { User } from '../../db/entities/user.ts';
import { confirmNewEmailMail, emailInUseMail } from '../../mail/messages.ts';
import { signedInUserEntity } from '../../plugins/app/auth.ts';
import { errors, UiCultureQuery } from '../../schemas/common.ts';
import { UserDto, UserUpdateBody } from '../../schemas/user.ts';

const profile: FastifyPluginAsyncTypebox = async (app) => {
  const { publicUrl, codeLifetimes } = app.config;

  app.patch(
    '',
    {
      schema: {
        tags: ['User'],
        summary: 'Update the own personal data; a new e-mail address needs confirmation at that address',
        querystring: UiCultureQuery,
        body: UserUpdateBody,
        response: { 200: UserDto, ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const { em, body } = request;
      const user = await signedInUserEntity(request);
      user.formOfAddress = body.formOfAddress ?? user.formOfAddress;
      user.name = body.name.trim();
      user.company = optional(body.company);
      user.street = body.street.trim();
      user.houseNumber = body.houseNumber.trim();
      user.zipCode = body.zipCode.trim();
      user.city = body.city.trim();
      user.phoneNumber = optional(body.phoneNumber);
      const culture = cultureOf(request, body.uiCulture, user.culture);
      const query = (request.query as { uiCulture?: string }).uiCulture;
      if (parseCulture(body.uiCulture ?? query) !== undefined) user.culture = culture;
      await em.flush();

      const newEmail = normalizeEmail(body.email);
      if (newEmail !== user.email) {
        const owner = await em.findOne(User, { email: newEmail });
        if (owner !== null) {
          app.mailer.sendLater({ to: newEmail, ...emailInUseMail(owner.culture, owner.name) });
        } else {
          const code = await issueCode(em, user, 'CHANGE_EMAIL', codeLifetimes.emailConfirmation, newEmail);
          const link = confirmEmailLink(publicUrl, user.id, code, newEmail);
          app.mailer.sendLater({
            to: newEmail,
            ...confirmNewEmailMail(culture, user.name, link, codeLifetimes.emailConfirmation),
          });
        }
      }
      return toUserDto(user);
    },
  );
};

export default profile;
