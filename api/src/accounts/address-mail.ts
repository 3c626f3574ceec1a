/**
 * A mail with a fresh code to the account of an address the request names (POST
 * /User/forgotPassword, /User/resendConfirmationEmail): the same answer in the same time whether
 * or not the address has an account, because the look-up, the code and the mail follow the
 * answer in the account work queue (decision 0072).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CodePurpose } from '../db/entities/one-time-code.ts';
import { User, type Culture } from '../db/entities/user.ts';
import type { EntityManager } from '../db/orm.ts';
import type { MailContent } from '../mail/messages.ts';
import { issueCode } from './codes.ts';
import { cultureOf } from './culture.ts';
import { normalizeEmail } from './user-dto.ts';

export interface AccountMail {
  /** The work's name in the account work queue. */
  readonly label: string;
  /** Only an account that has not confirmed its address gets the mail. */
  readonly unconfirmedOnly?: boolean;
  readonly purpose: CodePurpose;
  /** The code's lifetime, ms. */
  readonly lifetime: number;
  readonly mail: (culture: Culture, user: User, code: string) => MailContent;
}

/** Queues the look-up of `body.email`'s account and, where there is one, its code and mail. */
export function mailAccountAfterAnswer(app: FastifyInstance, request: FastifyRequest, body: { readonly email: string; readonly uiCulture?: string | undefined }, spec: AccountMail): void {
  const email = normalizeEmail(body.email);
  app.mailer.later(spec.label, async () => {
    const em = app.orm.em.fork() as EntityManager;
    const user = await em.findOne(User, spec.unconfirmedOnly === true ? { email, status: 'UNCONFIRMED' } : { email });
    if (user === null) return;
    const code = await issueCode(em, user, spec.purpose, spec.lifetime);
    await app.mailer.send({ to: user.email, ...spec.mail(cultureOf(request, body.uiCulture, user.culture), user, code) });
  });
}
