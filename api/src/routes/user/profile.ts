/**
 * PATCH /User: the signed-in user edits their personal data. A new e-mail address takes effect
 * only after its confirmation: the link goes to the new address (GET /User/confirmEmail with
 * newEmail). If the address belongs to another account, that account's owner is told instead,
 * and the answer is the same; the look-up, the code and the mail follow the answer in the account
 * work queue (decision 0187).
 */
import type { ApiPlugin } from '../../type-provider.ts';
import { issueCode } from '../../accounts/codes.ts';
import { cultureOf, parseCulture } from '../../accounts/culture.ts';
import { applyPersonalData } from '../../accounts/fields.ts';
import { confirmEmailLink } from '../../accounts/links.ts';
import { normalizeEmail, toUserDto } from '../../accounts/user-dto.ts';
import { User } from '../../db/entities/user.ts';
import type { EntityManager } from '../../db/orm.ts';
import { confirmNewEmailMail, emailInUseMail } from '../../mail/messages.ts';
import { signedInUserEntity } from '../../plugins/app/auth.ts';
import { errors, UiCultureQuery } from '../../schemas/common.ts';
import { UserDto, UserUpdateBody } from '../../schemas/user.ts';

const profile: ApiPlugin = async (app) => {
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
      applyPersonalData(user, body);
      const culture = cultureOf(request, body.uiCulture, user.culture);
      const query = (request.query as { uiCulture?: string }).uiCulture;
      if (parseCulture(body.uiCulture ?? query) !== undefined) user.culture = culture;
      await em.flush();

      const newEmail = normalizeEmail(body.email);
      if (newEmail !== user.email) {
        // Whether the new address has an account changes the work (a notice to its owner, or a
        // code and a link): it runs in the account work queue, not in the request (decision 0187).
        const userId = user.id;
        app.mailer.later('changeEmail', async () => {
          const queued = app.orm.em.fork() as EntityManager;
          const owner = await queued.findOne(User, { email: newEmail });
          if (owner !== null) {
            await app.mailer.send({ to: newEmail, ...emailInUseMail(owner.culture, owner.name) });
            return;
          }
          const self = await queued.findOne(User, { id: userId });
          if (self === null) return;
          const code = await issueCode(queued, self, 'CHANGE_EMAIL', codeLifetimes.emailConfirmation, newEmail);
          await app.mailer.send({
            to: newEmail,
            ...confirmNewEmailMail(culture, self.name, confirmEmailLink(publicUrl, self.id, code, newEmail), codeLifetimes.emailConfirmation),
          });
        });
      }
      return toUserDto(user);
    },
  );
};

export default profile;
