/**
 * Organization flow with two users against the real api: create (dialog), invite (with the invite
 * answer), the invited user accepts from the notice in the app (decision 0070), the member sees the organization, the owner cannot leave / be removed (error 33),
 * transfer of the administration, leave, delete; finally account deletion with its dialog.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createConfirmedUser, describeE2e, expectAccessible, screenshot, signIn, startE2eApp, type E2eApp, type TestUser } from './harness.ts';

describeE2e('organization: create, invite, member view, owner rules, transfer, leave, delete', () => {
  let app: E2eApp;
  let olga: TestUser;
  let max: TestUser;

  beforeAll(async () => {
    app = await startE2eApp();
    olga = await createConfirmedUser(app, 'olga@example.com', 'Olga Owner');
    max = await createConfirmedUser(app, 'max@example.com', 'Max Member');
  });

  afterAll(async () => {
    await app?.close();
  });

  async function pageOf(user: TestUser) {
    const page = await app.newPage();
    await page.addInitScript(() => window.localStorage.setItem('rainplan.changelogVersion', '1.0.5'));
    await signIn(page, app, user);
    return page;
  }

  it('runs the organization flow of two users', async () => {
    const owner = await pageOf(olga);
    await owner.goto(app.url('/user/account'));
    await owner.getByRole('heading', { level: 1, name: 'Konto' }).waitFor();
    await owner.getByRole('button', { name: 'Organisation gründen' }).click();
    const dialog = owner.getByRole('dialog', { name: 'Organisation gründen' });
    await dialog.waitFor();
    const save = dialog.getByRole('button', { name: 'Speichern' });
    expect(await save.isDisabled()).toBe(true);
    await dialog.getByLabel('Name der Organisation').fill('Planungsbüro Regen');
    await expectAccessible(owner);
    await screenshot(owner, 'organization-create-dialog', { viewportOnly: true });
    await save.click();
    await owner.waitForURL((url) => url.pathname === '/user/organization');
    await owner.getByRole('heading', { level: 1, name: 'Organisation Planungsbüro Regen' }).waitFor();
    await owner.getByText('Die Verwaltung kann erst übertragen werden', { exact: false }).waitFor();
    // the owner now has the organization entry in the user menu
    await owner.getByRole('button', { name: 'Benutzermenü' }).click();
    await owner.getByRole('menuitem', { name: 'Organisation' }).waitFor();
    await owner.keyboard.press('Escape');

    await owner.getByLabel('E-Mail-Adressen').fill('max@example.com, niemand@example.com');
    await owner.getByRole('button', { name: 'Einladen' }).click();
    await owner.getByRole('status').filter({ hasText: '1 Einladung wurde verschickt.' }).waitFor();
    await owner.getByText('niemand@example.com: kein registrierter Nutzer.').waitFor();
    // an invitation, not a membership (decision 0070): open until Max accepts
    const pending = owner.getByRole('region', { name: 'Offene Einladungen' });
    await pending.getByText('max@example.com').waitFor();
    const members = owner.getByRole('table', { name: 'Mitglieder der Organisation' });
    expect(await members.getByRole('cell', { name: 'max@example.com' }).count()).toBe(0);

    // Max sees the notice in the app, opens the invitation and accepts it
    const member = await pageOf(max);
    await member.goto(app.url('/projects/projects'));
    await member.getByText('Sie wurden in die Organisation „Planungsbüro Regen“ eingeladen.').waitFor();
    await member.getByRole('link', { name: 'Einladung ansehen' }).click();
    await member.getByRole('heading', { level: 2, name: 'Organisation „Planungsbüro Regen“' }).waitFor();
    await member.getByText('Olga Owner (olga@example.com) lädt Sie in die Organisation „Planungsbüro Regen“ ein.').waitFor();
    await expectAccessible(member);
    await screenshot(member, 'organization-invitation');
    await member.getByRole('button', { name: 'Einladung annehmen' }).click();
    await member.waitForURL((url) => url.pathname === '/user/account');
    await member.getByRole('status').filter({ hasText: 'Sie sind jetzt Mitglied der Organisation „Planungsbüro Regen“.' }).waitFor();

    await owner.reload();
    await members.getByRole('cell', { name: 'max@example.com' }).waitFor();
    await pending.getByText('Keine offenen Einladungen.').waitFor();
    await expectAccessible(owner);
    await screenshot(owner, 'organization');

    // nobody new to add: organizationMemberCouldNotBeInvited
    await owner.getByLabel('E-Mail-Adressen').fill('niemand@example.com');
    await owner.getByRole('button', { name: 'Einladen' }).click();
    await owner.getByRole('alert').filter({ hasText: 'Die Nutzer konnten nicht eingeladen werden.' }).waitFor();

    // the member sees the organization in the account and may leave it
    await member.goto(app.url('/user/account'));
    const box = member.getByRole('region', { name: 'Organisation' });
    await box.getByText('Planungsbüro Regen').waitFor();
    await box.getByRole('cell', { name: 'olga@example.com' }).waitFor();
    await box.getByRole('button', { name: 'Organisation verlassen' }).waitFor();
    expect(await box.getByRole('button', { name: 'Organisation löschen' }).count()).toBe(0);
    await expectAccessible(member);
    await screenshot(member, 'account-organization-member');

    // the owner cannot be removed (the server refuses it with error 33): no remove action on that row,
    // while the member's row has one
    await owner.getByRole('button', { name: 'Max Member aus der Organisation entfernen' }).waitFor();
    expect(await owner.getByRole('button', { name: 'Olga Owner aus der Organisation entfernen' }).count()).toBe(0);

    // transfer the administration to the member
    await owner.getByRole('button', { name: /Neuer Administrator/ }).click();
    await owner.getByRole('option', { name: 'Max Member (max@example.com)' }).click();
    await owner.getByRole('button', { name: 'Verwaltung übertragen' }).click();
    await owner.getByRole('alertdialog', { name: 'Verwaltung übertragen' }).getByRole('button', { name: 'Verwaltung übertragen' }).click();
    await owner.waitForURL((url) => url.pathname === '/user/account');
    await owner.getByRole('status').filter({ hasText: 'Die Verwaltung wurde übertragen.' }).waitFor();

    // the former owner is a member now and leaves
    const ownerBox = owner.getByRole('region', { name: 'Organisation' });
    await ownerBox.getByRole('button', { name: 'Organisation verlassen' }).click();
    await owner.getByRole('alertdialog', { name: 'Organisation verlassen' }).getByRole('button', { name: 'Organisation verlassen' }).click();
    await owner.getByRole('status').filter({ hasText: 'Sie haben die Organisation verlassen.' }).waitFor();
    await ownerBox.getByText('Sie gehören zu keiner Organisation.', { exact: false }).waitFor();

    // the new owner manages the organization and deletes it
    await member.goto(app.url('/user/organization'));
    await member.getByRole('heading', { level: 1, name: 'Organisation Planungsbüro Regen' }).waitFor();
    await member.getByRole('button', { name: 'Zurück zur Anwendung' }).waitFor();
    await member.goto(app.url('/user/account'));
    await member.getByRole('region', { name: 'Organisation' }).getByRole('button', { name: 'Organisation löschen' }).click();
    await member.getByRole('alertdialog', { name: 'Organisation löschen' }).getByRole('button', { name: 'Organisation löschen' }).click();
    await member.getByRole('status').filter({ hasText: 'Die Organisation wurde gelöscht.' }).waitFor();
    await member.getByRole('region', { name: 'Organisation' }).getByRole('button', { name: 'Organisation gründen' }).waitFor();
  });

  it('deletes the own account with the project-transfer dialog and ends at /', async () => {
    const page = await pageOf(olga);
    await page.goto(app.url('/user/account'));
    // deleting the account sits behind "more options"
    expect(await page.getByRole('button', { name: 'Konto löschen …' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Weitere Optionen' }).click();
    await page.getByRole('button', { name: 'Konto löschen …' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Konto endgültig löschen' });
    await dialog.getByText('Es gibt keine eigenen Projekte.').waitFor();
    await expectAccessible(page);
    await screenshot(page, 'delete-account-dialog', { viewportOnly: true });
    await dialog.getByRole('button', { name: 'Konto endgültig löschen' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('status').filter({ hasText: 'Ihr Konto wurde gelöscht.' }).waitFor();
    await page.goto(app.url('/user/account'));
    await page.waitForURL((url) => url.pathname === '/' && url.searchParams.get('requestedLocation') === '/user/account');
  });
});
