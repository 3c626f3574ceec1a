/**
 * Administration against the real api: users list (page / perPage in the URL, administrator
 * icon), user detail (personal data, roles, projects, password disabled for another user),
 * organizations list and detail (rename, invite, transfer, back, remove), delete a user.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createConfirmedUser, describeE2e, expectAccessible, screenshot, signIn, startE2eApp, type E2eApp, type TestUser } from './harness.ts';

describeE2e('administration: users, user detail, roles, organizations', () => {
  let app: E2eApp;
  let ada: TestUser;
  let paul: TestUser;

  beforeAll(async () => {
    app = await startE2eApp();
    ada = await createConfirmedUser(app, 'ada@example.com', 'Ada Admin');
    paul = await createConfirmedUser(app, 'paul@example.com', 'Paul Planer');
    await app.grantAdmin(ada.email);
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

  it('lists users, edits one (personal data, roles) and keeps page / perPage in the URL', async () => {
    const page = await pageOf(ada);
    await page.goto(app.url('/admin/users'));
    await page.getByRole('heading', { level: 1, name: 'Benutzer' }).waitFor();
    const table = page.getByRole('table', { name: 'Benutzer' });
    await table.getByRole('cell', { name: 'paul@example.com' }).waitFor();
    await table.getByRole('row', { name: /Ada Admin/ }).getByRole('img', { name: 'Administrator' }).waitFor();
    expect(await table.getByRole('row', { name: /Paul Planer/ }).getByRole('img', { name: 'Administrator' }).count()).toBe(0);
    await page.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'Organisationen' }).waitFor();
    await expectAccessible(page);
    await screenshot(page, 'admin-users');

    await page.getByRole('combobox', { name: /Einträge pro Seite/ }).selectOption('20');
    await page.waitForURL((url) => url.searchParams.get('perPage') === '20' && url.searchParams.get('page') === '1');
    await table.getByRole('cell', { name: 'paul@example.com' }).waitFor();

    await table.getByRole('link', { name: 'Paul Planer bearbeiten' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/admin/users/'));
    await page.getByRole('heading', { level: 1, name: 'Benutzer Paul Planer' }).waitFor();
    expect(await page.getByLabel('Bisheriges Passwort').isDisabled()).toBe(true);
    await page.getByText('Das Passwort eines anderen Benutzers kann nicht geändert werden.').waitFor();
    await page.getByRole('table', { name: 'Projekte' }).getByText('Keine Einträge vorhanden.').waitFor();
    await page.locator('label').filter({ hasText: 'Auch Projekte der Organisation anzeigen' }).click();
    await expectAccessible(page);
    await screenshot(page, 'admin-user-detail');

    await page.getByRole('textbox', { name: 'Ort', exact: true }).fill('Regensburg');
    await page.getByRole('button', { name: 'Speichern', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Gespeichert.' }).waitFor();

    await page.locator('label').filter({ hasText: 'Intern' }).click();
    expect(await page.getByRole('checkbox', { name: 'Intern' }).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Rollen speichern' }).click();
    await page.getByRole('status').filter({ hasText: 'Die Rollen wurden aktualisiert.' }).waitFor();

    await page.getByRole('button', { name: 'Zurück' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/users' && url.searchParams.get('perPage') === '20');
    const paulRow = page.getByRole('table', { name: 'Benutzer' }).getByRole('row', { name: /Paul Planer/ });
    await paulRow.getByText('Intern').waitFor();
  });

  it('lists organizations and edits one: rename, invite, transfer candidates, back, remove', async () => {
    const owner = await pageOf(paul);
    await owner.goto(app.url('/user/account'));
    await owner.getByRole('button', { name: 'Organisation gründen' }).click();
    await owner.getByRole('dialog', { name: 'Organisation gründen' }).getByLabel('Name der Organisation').fill('Wasserwerk Paul');
    await owner.getByRole('dialog', { name: 'Organisation gründen' }).getByRole('button', { name: 'Speichern' }).click();
    await owner.waitForURL((url) => url.pathname === '/user/organization');

    const page = await pageOf(ada);
    await page.goto(app.url('/admin/users'));
    await page.getByRole('link', { name: 'Organisationen' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/organizations');
    await page.getByRole('heading', { level: 1, name: 'Organisationen' }).waitFor();
    const row = page.getByRole('table', { name: 'Organisationen' }).getByRole('row', { name: /Wasserwerk Paul/ });
    await row.getByRole('cell', { name: 'Paul Planer' }).waitFor();
    await row.getByRole('cell', { name: '1', exact: true }).waitFor();
    await expectAccessible(page);
    await screenshot(page, 'admin-organizations');

    await row.getByRole('link', { name: 'Wasserwerk Paul bearbeiten' }).click();
    await page.getByRole('heading', { level: 1, name: 'Organisation Wasserwerk Paul' }).waitFor();
    await page.getByRole('textbox', { name: 'Name der Organisation' }).fill('Wasserwerk Nord');
    await page.getByRole('button', { name: 'Umbenennen' }).click();
    await page.getByRole('status').filter({ hasText: 'Die Organisation wurde umbenannt.' }).waitFor();
    await page.getByRole('heading', { level: 1, name: 'Organisation Wasserwerk Nord' }).waitFor();
    await page.getByLabel('E-Mail-Adressen').fill('ada@example.com');
    await page.getByRole('button', { name: 'Einladen' }).click();
    await page.getByRole('status').filter({ hasText: '1 Einladung wurde verschickt.' }).waitFor();
    // an administrator invites too (decision 0070): Ada joins by accepting
    const detail = page.url();
    await page.goto(app.url('/projects/projects'));
    await page.getByRole('link', { name: 'Einladung ansehen' }).click();
    await page.getByRole('button', { name: 'Einladung annehmen' }).click();
    await page.waitForURL((url) => url.pathname === '/user/account');
    await page.goto(detail);
    await page.getByRole('table', { name: 'Mitglieder der Organisation' }).getByRole('cell', { name: 'ada@example.com' }).waitFor();
    await page.getByRole('button', { name: /Neuer Administrator/ }).click();
    await page.getByRole('option', { name: 'Ada Admin (ada@example.com)' }).waitFor();
    await page.keyboard.press('Escape');
    await expectAccessible(page);
    await screenshot(page, 'admin-organization-detail');

    await page.getByRole('button', { name: 'Zurück' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/organizations');
    const renamed = page.getByRole('table', { name: 'Organisationen' }).getByRole('row', { name: /Wasserwerk Nord/ });
    await renamed.getByRole('cell', { name: '2', exact: true }).waitFor();
    await renamed.getByRole('button', { name: 'Wasserwerk Nord entfernen' }).click();
    await page.getByRole('alertdialog', { name: 'Löschen bestätigen' }).getByRole('button', { name: 'Löschen' }).click();
    await page.getByRole('status').filter({ hasText: 'Die Organisation wurde gelöscht.' }).waitFor();
    await page.getByRole('table', { name: 'Organisationen' }).getByText('Keine Einträge vorhanden.').waitFor();

    // a detail opened directly: back leads to the list
    await page.goto(app.url('/admin/users'));
    await page.getByRole('heading', { level: 1, name: 'Benutzer' }).waitFor();
  });

  it("transfers and deletes a user's projects from the user detail; imports rain data on its own screen", async () => {
    const paulPage = await pageOf(paul);
    const { token } = (await (await paulPage.request.get(app.url('/api/User'))).json()) as { token: string };
    for (const name of ['Hof Paul', 'Dach Paul']) {
      const created = await paulPage.request.post(app.url('/api/Project'), {
        headers: { 'X-XSRF-TOKEN': token },
        data: { project: { name, airPollutionType: 'L1' }, location: { latitude: 48.137, longitude: 11.575, address: 'Marienplatz 1, München' } },
      });
      expect(created.ok()).toBe(true);
    }
    const page = await pageOf(ada);
    await page.goto(app.url('/admin/users'));
    await page.getByRole('table', { name: 'Benutzer' }).getByRole('link', { name: 'Paul Planer bearbeiten' }).click();
    const projects = page.getByRole('table', { name: 'Projekte' });
    await projects.getByRole('cell', { name: 'Hof Paul', exact: true }).waitFor();

    await projects.getByRole('button', { name: 'Hof Paul übertragen' }).click();
    const transfer = page.getByRole('dialog', { name: 'Projekt übertragen' });
    await transfer.getByRole('button', { name: /Neuer Eigentümer/ }).click();
    await page.getByRole('option', { name: 'Ada Admin (ada@example.com)' }).click();
    await expectAccessible(page);
    await screenshot(page, 'admin-transfer-project', { viewportOnly: true });
    await transfer.getByRole('button', { name: 'Übertragen' }).click();
    await page.getByRole('status').filter({ hasText: 'Das Projekt wurde übertragen.' }).waitFor();
    await projects.getByRole('cell', { name: 'Hof Paul', exact: true }).waitFor({ state: 'detached' });
    const mine = (await (await page.request.get(app.url('/api/Project/userProjects'))).json()) as { entries: { name: string }[] };
    expect(mine.entries.map((p) => p.name)).toContain('Hof Paul');

    await projects.getByRole('button', { name: 'Dach Paul löschen' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Löschen' }).click();
    await page.getByRole('status').filter({ hasText: 'Das Projekt wurde gelöscht.' }).waitFor();
    await projects.getByText('Keine Einträge vorhanden.').waitFor();

    // rain data import: a file that is no KOSTRA table is refused, and the screen says so
    await page.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'Regendaten' }).click();
    await page.getByRole('heading', { level: 1, name: 'Regendaten importieren' }).waitFor();
    await page.locator('input[type="file"]').setInputFiles({ name: 'KOSTRA-DWD-2020_D00005.dbf', mimeType: 'application/octet-stream', buffer: Buffer.from('no dbase table') });
    await page.getByText('1 Datei ausgewählt').waitFor();
    // the transfer's and the deletion's notices go away by themselves (10 s): the screenshot shows the import screen alone
    await expect.poll(() => page.getByRole('region', { name: 'Meldungen' }).getByRole('status').count(), { timeout: 20_000 }).toBe(0);
    await expectAccessible(page);
    await screenshot(page, 'admin-rain-import');
    await page.getByRole('button', { name: 'Importieren' }).click();
    await page.getByRole('alert').filter({ hasText: 'Der Import ist fehlgeschlagen' }).waitFor();
  });

  it('deletes a user from the list, giving the user\'s project to another user first, and shows the admin screens in English', async () => {
    // Paul creates a project through the api (signed in, with the anti-forgery token)
    const paulPage = await pageOf(paul);
    const { token } = (await (await paulPage.request.get(app.url('/api/User'))).json()) as { token: string };
    const created = await paulPage.request.post(app.url('/api/Project'), {
      headers: { 'X-XSRF-TOKEN': token },
      data: { project: { name: 'Regenprojekt Paul', airPollutionType: 'L1' }, location: { latitude: 48.137, longitude: 11.575, address: 'Marienplatz 1, München' } },
    });
    expect(created.ok()).toBe(true);

    const page = await pageOf(ada);
    await page.goto(app.url('/admin/users?page=1&perPage=10'));
    const table = page.getByRole('table', { name: 'Benutzer' });
    await table.getByRole('button', { name: 'Paul Planer löschen' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Konto endgültig löschen' });
    await dialog.getByRole('button', { name: /Neuer Eigentümer von „Regenprojekt Paul“/ }).click();
    await page.getByRole('option', { name: 'Ada Admin (ada@example.com)' }).click();
    await dialog.getByRole('button', { name: /Ada Admin/ }).waitFor();
    await expectAccessible(page);
    await screenshot(page, 'admin-delete-user-dialog', { viewportOnly: true });
    await dialog.getByRole('button', { name: 'Konto endgültig löschen' }).click();
    await page.getByRole('status').filter({ hasText: 'Der Benutzer wurde gelöscht.' }).waitFor();
    await table.getByRole('cell', { name: 'paul@example.com' }).waitFor({ state: 'detached' });
    // the project now belongs to Ada
    const mine = (await (await page.request.get(app.url('/api/Project/userProjects'))).json()) as { entries: { name: string; owner: { name: string } }[] };
    expect(mine.entries.map((p) => `${p.name}: ${p.owner.name}`)).toContain('Regenprojekt Paul: Ada Admin');

    await page.getByRole('button', { name: 'English' }).click();
    await page.getByRole('heading', { level: 1, name: 'Users' }).waitFor();
    await page.getByRole('link', { name: 'Organizations' }).click();
    await page.getByRole('heading', { level: 1, name: 'Organizations' }).waitFor();
    await expectAccessible(page);
  });
});
