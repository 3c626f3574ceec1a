/**
 * The texts of the e-mails, in German (default) and English. Each returns the subject and a plain
 * text body; links stand on lines of their own so that every mail client makes them clickable.
 */
import type { Culture } from '../db/entities/user.ts';

export interface MailContent {
  readonly subject: string;
  readonly text: string;
}

const HOUR = 60 * 60 * 1000;

/** A link lifetime in whole hours (at least 1), as the mails state it. */
export function hoursOf(lifetime: number): number {
  return Math.max(1, Math.round(lifetime / HOUR));
}

const SIGNATURE = { de: 'Ihr rainplan-Team', en: 'Your rainplan team' } as const;

function greeting(culture: Culture, name: string): string {
  return culture === 'de' ? `Guten Tag ${name},` : `Hello ${name},`;
}

function body(culture: Culture, name: string, ...paragraphs: string[]): string {
  return [greeting(culture, name), ...paragraphs, SIGNATURE[culture]].join('\n\n') + '\n';
}

export function confirmRegistrationMail(culture: Culture, name: string, link: string, lifetime: number): MailContent {
  const hours = hoursOf(lifetime);
  return culture === 'de'
    ? {
        subject: 'rainplan: Bitte bestätigen Sie Ihre E-Mail-Adresse',
        text: body(
          culture,
          name,
          'vielen Dank für Ihre Registrierung bei rainplan. Bitte bestätigen Sie Ihre E-Mail-Adresse über diesen Link:',
          link,
          `Der Link ist ${hours} Stunden gültig. Wenn Sie sich nicht registriert haben, können Sie diese E-Mail ignorieren.`,
        ),
      }
    : {
        subject: 'rainplan: please confirm your e-mail address',
        text: body(
          culture,
          name,
          'thank you for registering with rainplan. Please confirm your e-mail address with this link:',
          link,
          `The link is valid for ${hours} hours. If you did not register, you can ignore this e-mail.`,
        ),
      };
}

export function alreadyRegisteredMail(culture: Culture, name: string, forgotPasswordLink: string): MailContent {
  return culture === 'de'
    ? {
        subject: 'rainplan: Sie sind bereits registriert',
        text: body(
          culture,
          name,
          'jemand hat versucht, mit dieser E-Mail-Adresse ein neues rainplan-Konto anzulegen. Sie haben bereits ein Konto; melden Sie sich einfach an.',
          'Falls Sie Ihr Passwort vergessen haben, können Sie es hier zurücksetzen:',
          forgotPasswordLink,
          'Wenn Sie das nicht waren, können Sie diese E-Mail ignorieren.',
        ),
      }
    : {
        subject: 'rainplan: you are already registered',
        text: body(
          culture,
          name,
          'someone tried to create a new rainplan account with this e-mail address. You already have an account; just sign in.',
          'If you forgot your password, you can reset it here:',
          forgotPasswordLink,
          'If this was not you, you can ignore this e-mail.',
        ),
      };
}

export function resetPasswordMail(culture: Culture, name: string, link: string, lifetime: number): MailContent {
  const hours = hoursOf(lifetime);
  return culture === 'de'
    ? {
        subject: 'rainplan: Passwort zurücksetzen',
        text: body(
          culture,
          name,
          'Sie haben angefordert, Ihr rainplan-Passwort zurückzusetzen. Über diesen Link vergeben Sie ein neues Passwort:',
          link,
          `Der Link ist ${hours} ${hours === 1 ? 'Stunde' : 'Stunden'} gültig und kann einmal verwendet werden. Wenn Sie das nicht angefordert haben, können Sie diese E-Mail ignorieren.`,
        ),
      }
    : {
        subject: 'rainplan: reset your password',
        text: body(
          culture,
          name,
          'you asked to reset your rainplan password. Set a new password with this link:',
          link,
          `The link is valid for ${hours} ${hours === 1 ? 'hour' : 'hours'} and can be used once. If you did not ask for this, you can ignore this e-mail.`,
        ),
      };
}

export function confirmNewEmailMail(culture: Culture, name: string, link: string, lifetime: number): MailContent {
  const hours = hoursOf(lifetime);
  return culture === 'de'
    ? {
        subject: 'rainplan: Bitte bestätigen Sie Ihre neue E-Mail-Adresse',
        text: body(
          culture,
          name,
          'Sie möchten Ihr rainplan-Konto auf diese E-Mail-Adresse umstellen. Bitte bestätigen Sie das über diesen Link:',
          link,
          `Der Link ist ${hours} Stunden gültig. Bis zur Bestätigung gilt Ihre bisherige Adresse.`,
        ),
      }
    : {
        subject: 'rainplan: please confirm your new e-mail address',
        text: body(
          culture,
          name,
          'you want to move your rainplan account to this e-mail address. Please confirm with this link:',
          link,
          `The link is valid for ${hours} hours. Until then your previous address stays in use.`,
        ),
      };
}

export function emailInUseMail(culture: Culture, name: string): MailContent {
  return culture === 'de'
    ? {
        subject: 'rainplan: Ihre E-Mail-Adresse',
        text: body(
          culture,
          name,
          'jemand hat versucht, ein anderes rainplan-Konto auf diese E-Mail-Adresse umzustellen. Da sie bereits zu Ihrem Konto gehört, wurde nichts geändert.',
        ),
      }
    : {
        subject: 'rainplan: your e-mail address',
        text: body(
          culture,
          name,
          'someone tried to move another rainplan account to this e-mail address. As it already belongs to your account, nothing was changed.',
        ),
      };
}

/** An invitation into an organization (decision 0070): the user joins only by accepting it. */
export function organizationInvitationMail(
  culture: Culture,
  name: string,
  organizationName: string,
  inviterName: string,
  link: string,
  lifetime: number,
): MailContent {
  const days = Math.max(1, Math.round(lifetime / (24 * HOUR)));
  return culture === 'de'
    ? {
        subject: `rainplan: Einladung in die Organisation „${organizationName}“`,
        text: body(
          culture,
          name,
          `${inviterName} lädt Sie in die Organisation „${organizationName}“ bei rainplan ein. Als Mitglied teilen Sie Ihre Projekte mit der Organisation: Ihre Mitglieder sehen und bearbeiten Ihre Projekte, Sie deren Projekte.`,
          'Über diesen Link nehmen Sie die Einladung an oder lehnen sie ab (nach der Anmeldung):',
          link,
          `Die Einladung ist ${days} Tage gültig. Solange Sie sie nicht annehmen, wird nichts geteilt. Sie finden sie auch nach der Anmeldung in rainplan.`,
        ),
      }
    : {
        subject: `rainplan: invitation to the organization "${organizationName}"`,
        text: body(
          culture,
          name,
          `${inviterName} invites you to the organization "${organizationName}" on rainplan. As a member you share your projects with the organization: its members see and edit your projects, and you theirs.`,
          'Accept or decline the invitation with this link (after signing in):',
          link,
          `The invitation is valid for ${days} days. Nothing is shared unless you accept it. You also find it in rainplan after signing in.`,
        ),
      };
}
