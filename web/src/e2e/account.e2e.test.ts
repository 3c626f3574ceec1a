/**
 * Account screens in the browser against the real api: register → confirmation mail from the
 * outbox → confirm → log in → account edit (a failed save keeps the input and says so) → password
 * change; forgot / reset password, resend confirmation, terms of use and the language switch.
 * One registration per file (the api allows 5 per hour and address).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { describeE2e, expectAccessible, screenshot, startE2eApp, type E2eApp } from './harness.ts';

const EMAIL = 'lena.regen@example.com';
const PASSWORD = 'Regen-Wasser-2025!';
const NEW_PASSWORD = 'Neues-Passwort-2026!';
const RESET_PASSWORD = 'Zurueck-Gesetzt-2027!';

async function newPage(app: E2eApp) {
  const page = await app.newPage();
  await page.addInitScript(() => window.localStorage.setItem('rainplan.changelogVersion', '1.0.5'));
  return page;
}

async function mailLink(app: E2eApp, to: string, part: string, after: number): Promise<string> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const link = (await app.outbox())
      .slice(after)
      .filter((mail) => mail.text.includes(to))
      .flatMap((mail) => mail.links)
      .find((l) => l.includes(part));
    if (link !== undefined) return link;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no mail to ${to} with ${part}`);
}

async function logIn(page: Page, email: string, password: string) {
  await page.getByRole('textbox', { name: 'E-Mail-Adresse', exact: true }).fill(email);
  await page.getByLabel('Passwort', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
}

describeE2e('account screens: registration, confirmation, login, account, passwords, terms', () => {
  let app: E2eApp;

  beforeAll(async () => {
    app = await startE2eApp();
  });

  afterAll(async () => {
    await app?.close();
  });

  it('registers, confirms the address from the mail, logs in, edits the account and changes the password', async () => {
    const page = await newPage(app);
    await page.goto(app.url('/'));
    await page.getByRole('heading', { level: 2, name: 'Anmelden' }).waitFor();
    await page.getByRole('link', { name: 'Ohne Konto fortfahren' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Veranstaltungen' }).waitFor();
    await expectAccessible(page);
    await screenshot(page, 'landing');

    await page.getByRole('link', { name: 'Jetzt registrieren' }).click();
    await page.getByRole('heading', { level: 1, name: 'Registrierung' }).waitFor();
    const submit = page.getByRole('button', { name: 'Registrieren' });
    expect(await submit.isDisabled()).toBe(true);
    await page.getByRole('button', { name: /Anrede/ }).click();
    await page.getByRole('option', { name: 'Frau' }).click();
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Lena Regen');
    await page.getByRole('textbox', { name: 'E-Mail-Adresse', exact: true }).fill('lena.regen@example');
    await page.getByRole('textbox', { name: 'Firma', exact: true }).fill('Ingenieurbüro Regen');
    await page.getByRole('textbox', { name: 'Firma', exact: true }).focus(); // blur the e-mail field: validated on touch
    await page.getByText('Bitte eine gültige E-Mail-Adresse eingeben.').waitFor();
    await page.getByRole('textbox', { name: 'E-Mail-Adresse', exact: true }).fill(EMAIL);
    await page.getByRole('textbox', { name: 'Straße', exact: true }).fill('Wolkenweg');
    await page.getByRole('textbox', { name: 'Hausnummer', exact: true }).fill('7');
    await page.getByRole('textbox', { name: 'Postleitzahl', exact: true }).fill('86150');
    await page.getByRole('textbox', { name: 'Ort', exact: true }).fill('Augsburg');
    await page.getByRole('textbox', { name: 'Telefonnummer', exact: true }).fill('+49 821 123456');
    await page.getByLabel('Passwort', { exact: true }).fill('zu-kurz');
    await page.getByLabel('Passwort wiederholen').focus();
    await page.getByText('Mindestens 12 Zeichen mit Groß- und Kleinbuchstaben, einer Ziffer und einem Sonderzeichen.').waitFor();
    await page.getByLabel('Passwort', { exact: true }).fill(PASSWORD);
    await page.locator('label').filter({ hasText: 'Datenschutzerklärung' }).click(); // react-aria's input is visually hidden
    expect(await page.getByRole('checkbox', { name: /Datenschutzerklärung/ }).isChecked()).toBe(true);
    expect(await submit.isDisabled()).toBe(true); // the repeat password was not touched yet
    await page.getByLabel('Passwort wiederholen').fill(PASSWORD);
    await page.getByLabel('Passwort wiederholen').blur();
    await expectAccessible(page);
    await screenshot(page, 'registration');
    expect(await submit.isDisabled()).toBe(false);

    const before = (await app.outbox()).length;
    await submit.click();
    await page.waitForURL((url) => url.pathname === '/authentication/checkemail');
    await page.getByRole('heading', { level: 1, name: 'Bitte prüfen Sie Ihre E-Mails' }).waitFor();
    await page.getByText(EMAIL).waitFor();
    await expectAccessible(page);
    await screenshot(page, 'check-email');

    const link = await mailLink(app, EMAIL, '/authentication/confirmemail', before);
    await page.goto(link);
    await page.getByRole('heading', { level: 1, name: 'E-Mail-Adresse bestätigt' }).waitFor();
    await expectAccessible(page);
    await screenshot(page, 'confirm-email');
    // the code is single use: opening the link again is an error with a headline and description
    const again = await newPage(app);
    await again.goto(link);
    await again.getByRole('heading', { level: 1, name: 'Bestätigung fehlgeschlagen' }).waitFor();
    await expectAccessible(again);
    await screenshot(again, 'confirm-email-error');
    await again.context().close();

    await page.getByRole('link', { name: 'Zur Anmeldung' }).click();
    await logIn(page, EMAIL, 'Falsches-Passwort-1!');
    await page.getByRole('alert').filter({ hasText: 'E-Mail-Adresse oder Passwort ist falsch.' }).waitFor();
    await page.getByLabel('Passwort', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/projects/projects');

    await page.goto(app.url('/user/account'));
    await page.getByRole('heading', { level: 1, name: 'Konto' }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Name', exact: true }).inputValue()).toBe('Lena Regen');
    const save = page.getByRole('button', { name: 'Speichern' });
    expect(await save.isDisabled()).toBe(true); // unchanged
    await page.getByText('Sie gehören zu keiner Organisation.', { exact: false }).waitFor();
    await expectAccessible(page);
    await screenshot(page, 'account');

    // a required field emptied: save stays disabled and the field says why
    await page.getByRole('textbox', { name: 'Straße', exact: true }).fill('  ');
    await page.getByRole('textbox', { name: 'Straße', exact: true }).blur();
    await page.getByText('Bitte ausfüllen.').waitFor();
    expect(await save.isDisabled()).toBe(true);
    await page.getByRole('textbox', { name: 'Straße', exact: true }).fill('Wolkenweg');

    await page.getByRole('textbox', { name: 'Ort', exact: true }).fill('München');
    await save.click();
    await page.getByRole('status').filter({ hasText: 'Gespeichert.' }).waitFor();
    expect(await save.isDisabled()).toBe(true);

    // a failed save keeps the user's input and says so
    const userCall = (url: URL) => url.pathname === '/api/User';
    await page.route(
      userCall,
      (route) =>
        route.request().method() === 'PATCH'
          ? route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ type: 'ERROR', code: 1, message: 'failed' }) })
          : route.continue(),
    );
    await page.getByRole('textbox', { name: 'Ort', exact: true }).fill('Ulm');
    await save.click();
    await page.getByRole('alert').filter({ hasText: 'Die Änderungen wurden nicht gespeichert.' }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Ort', exact: true }).inputValue()).toBe('Ulm');
    expect(await save.isDisabled()).toBe(false);
    await page.unroute(userCall);
    await save.click();
    await page.getByRole('alert').filter({ hasText: 'Die Änderungen wurden nicht gespeichert.' }).waitFor({ state: 'detached' });
    expect(await page.getByRole('textbox', { name: 'Ort', exact: true }).inputValue()).toBe('Ulm');
    expect(await save.isDisabled()).toBe(true);

    // a new e-mail address: saved, with the note that a confirmation link went to it
    await page.getByRole('textbox', { name: 'E-Mail-Adresse', exact: true }).fill('lena.neu@example.com');
    await save.click();
    await page.getByRole('status').filter({ hasText: 'Bestätigungslink' }).waitFor();
    expect(await page.getByRole('textbox', { name: 'E-Mail-Adresse', exact: true }).inputValue()).toBe(EMAIL); // applies once confirmed

    // password change: the server ends the session; the user signs in again with the new password
    await page.getByLabel('Bisheriges Passwort').fill(PASSWORD);
    await page.getByLabel('Neues Passwort').fill(NEW_PASSWORD);
    await page.getByLabel('Passwort wiederholen').fill('Neues-Passwort-2025!');
    await page.getByLabel('Passwort wiederholen').blur();
    await page.getByText('Die Passwörter stimmen nicht überein.').waitFor();
    const change = page.getByRole('button', { name: 'Passwort ändern' });
    expect(await change.isDisabled()).toBe(true);
    await page.getByLabel('Passwort wiederholen').fill(NEW_PASSWORD);
    await change.click();
    await page.waitForURL((url) => url.pathname === '/' && url.searchParams.get('requestedLocation') === '/user/account');
    await page.getByRole('status').filter({ hasText: 'Das Passwort wurde geändert.' }).waitFor();
    await logIn(page, EMAIL, NEW_PASSWORD);
    await page.waitForURL((url) => url.pathname === '/user/account');
    await page.getByRole('heading', { level: 1, name: 'Konto' }).waitFor();
  });

  it('resets a forgotten password through the mailed link and re-sends the confirmation mail', async () => {
    const page = await newPage(app);
    await page.goto(app.url('/'));
    await page.getByRole('link', { name: 'Passwort vergessen?' }).click();
    await page.getByRole('heading', { level: 1, name: 'Passwort vergessen' }).waitFor();
    await expectAccessible(page);
    await screenshot(page, 'forgot-password');
    const before = (await app.outbox()).length;
    await page.getByRole('textbox', { name: 'E-Mail-Adresse', exact: true }).fill(EMAIL);
    await page.getByRole('button', { name: 'Link anfordern' }).click();
    await page.getByRole('status').filter({ hasText: 'Falls ein Konto mit dieser Adresse verknüpft ist, ist ein Link zum Zurücksetzen des Passworts unterwegs.' }).waitFor();
    await page.getByText(`Falls zu ${EMAIL} ein Konto besteht`, { exact: false }).waitFor();
    await expectAccessible(page);

    const link = await mailLink(app, EMAIL, '/authentication/resetpassword', before);
    await page.goto(link);
    await page.getByRole('heading', { level: 1, name: 'Neues Passwort festlegen' }).waitFor();
    await page.getByLabel('Neues Passwort').fill(RESET_PASSWORD);
    await page.getByLabel('Passwort wiederholen').fill(RESET_PASSWORD);
    await page.getByLabel('Passwort wiederholen').blur();
    await expectAccessible(page);
    await screenshot(page, 'reset-password');
    await page.getByRole('button', { name: 'Passwort speichern' }).click();
    await page.getByRole('heading', { level: 1, name: 'Passwort geändert' }).waitFor();
    await page.getByRole('link', { name: 'Zur Anmeldung' }).click();
    await logIn(page, EMAIL, RESET_PASSWORD);
    await page.waitForURL((url) => url.pathname === '/projects/projects');

    const other = await newPage(app);
    await other.goto(app.url('/authentication/resendConfirmation'));
    await other.getByRole('heading', { level: 1, name: 'Bestätigungs-E-Mail erneut senden' }).waitFor();
    await expectAccessible(other);
    await screenshot(other, 'resend-confirmation');
    await other.getByRole('textbox', { name: 'E-Mail-Adresse', exact: true }).fill('unbekannt@example.com');
    await other.getByRole('button', { name: 'Erneut senden' }).click();
    await other.getByRole('status').filter({ hasText: 'Die Bestätigungs-E-Mail wurde erneut gesendet.' }).waitFor();
    await other.getByText('Falls zu unbekannt@example.com ein noch nicht bestätigtes Konto besteht', { exact: false }).waitFor();
  });

  it('shows the German terms of use, headed "(German only)" in English, and switches the account screens to English', async () => {
    const page = await newPage(app);
    await page.goto(app.url('/termsOfUse'));
    await page.getByRole('heading', { level: 1, name: 'Nutzungsbedingungen' }).waitFor();
    await page.getByRole('heading', { level: 2, name: /Registrierung und Benutzerkonto/ }).waitFor();
    await expectAccessible(page);
    await screenshot(page, 'terms-of-use');
    await page.getByRole('button', { name: 'English' }).click();
    await page.getByRole('heading', { level: 1, name: 'Terms of use (German only)' }).waitFor();
    await page.getByRole('heading', { level: 2, name: /Registrierung und Benutzerkonto/ }).waitFor();
    expect(await page.locator('[lang="de"]').count()).toBeGreaterThan(0);
    await expectAccessible(page);

    await page.goto(app.url('/authentication/registration'));
    await page.getByRole('heading', { level: 1, name: 'Registration' }).waitFor();
    await page.getByLabel('Repeat password').waitFor();
    await expectAccessible(page);
    await page.goto(app.url('/'));
    await page.getByRole('heading', { level: 2, name: 'Sign in' }).waitFor();
    await page.getByRole('link', { name: 'Continue without an account' }).waitFor();
    await page.getByRole('button', { name: 'Deutsch' }).click();
    await page.getByRole('heading', { level: 2, name: 'Anmelden' }).waitFor();
  });
});
