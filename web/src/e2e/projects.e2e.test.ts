/**
 * Projects and project data in the browser against the real api (issue 6, part b): create a
 * project at an address found by the local geocoder, edit its data (a failed save keeps the
 * input and says so), upload custom rain data, view and reset it, clone and delete; support
 * request and close with an internal user. An axe check on every screen; screenshots with
 * RAINPLAN_SCREENSHOTS=1.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createConfirmedUser, describeE2e, expectAccessible, screenshot, signIn, startE2eApp, type E2eApp, type TestUser } from './harness.ts';
import { PLACES } from './servers.ts';

const FIXTURE = path.join(import.meta.dirname, 'fixtures', 'custom-rain.csv');
const MARIENPLATZ = PLACES[0]!;

async function openPage(app: E2eApp, user: TestUser) {
  const page = await app.newPage();
  await page.addInitScript(() => window.localStorage.setItem('rainplan.changelogVersion', '1.0.5'));
  await signIn(page, app, user);
  return page;
}

async function choose(page: Page, label: RegExp, option: string) {
  await page.getByRole('button', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
}

async function notice(page: Page, text: string) {
  await page.getByText(text).first().waitFor();
}

describeE2e('projects and project data against the real api', () => {
  let app: E2eApp;
  let planner: TestUser;
  let projectId = '';

  beforeAll(async () => {
    app = await startE2eApp();
    planner = await createConfirmedUser(app, 'planerin@example.com', 'Paula Planerin');
  });

  afterAll(async () => {
    await app?.close();
  });

  it('creates a project at an address found by the geocoder, with map tiles from the configured server', async () => {
    const page = await openPage(app, planner);
    await page.goto(app.url('/projects/projects'));
    await page.getByRole('heading', { level: 1, name: 'Meine Projekte' }).waitFor();
    await page.getByText('Noch keine Projekte').waitFor();
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Neues Projekt' }).click();
    await page.waitForURL((url) => url.pathname === '/project/new');
    await page.getByRole('heading', { level: 1, name: 'Neues Projekt' }).waitFor();
    await page.getByTestId('project-map').locator('canvas').first().waitFor();

    // saving without the required fields shows what is missing
    await page.getByRole('button', { name: 'Projekt bemessen' }).click();
    expect(await page.getByText('Bitte ausfüllen.').count()).toBeGreaterThan(0);

    await page.getByRole('textbox', { name: 'Projektname' }).fill('Neubau Marienplatz');
    await page.getByRole('searchbox', { name: 'Adresse suchen' }).fill('Marienplatz München');
    await page.getByRole('button', { name: MARIENPLATZ.display_name }).click();
    expect(await page.getByRole('textbox', { name: 'Projektadresse' }).inputValue()).toBe(MARIENPLATZ.display_name);
    expect(app.geocoder.requests.some((url) => url.pathname === '/search' && url.searchParams.get('q') === 'Marienplatz München')).toBe(true);
    // debounced: no request per keystroke
    expect(app.geocoder.requests.filter((url) => url.pathname === '/search').length).toBeLessThan(5);
    // no import in this fresh database, yet the shipped KOSTRA-DWD-2010R covers Munich (decision 0076):
    // the dialog shows the dataset, the cell and DWD's attribution
    await page.getByRole('button', { name: 'Regendaten ansehen' }).click();
    const shipped = page.getByRole('dialog', { name: 'Regendaten' });
    await shipped.waitFor();
    expect(await shipped.textContent()).toContain('KOSTRA-DWD-2010R');
    expect(await shipped.textContent()).toContain('Datenbasis: Deutscher Wetterdienst, eigene Bearbeitung');
    expect(await shipped.textContent()).toContain('KOSTRA-DWD-2020');
    await shipped.locator('.rp-dialog__actions').getByRole('button', { name: 'Schließen' }).click();
    await shipped.waitFor({ state: 'detached' });
    await choose(page, /Luftverschmutzung/, 'L2 – mittel');
    await choose(page, /Regelwerk/, 'DWA-A 138:2005');
    await page.getByRole('textbox', { name: 'Kommentar' }).fill('Hof und Dach');
    // the client block sits behind "advanced input"
    expect(await page.getByRole('textbox', { name: 'Name', exact: true }).count()).toBe(0);
    await page.getByRole('button', { name: 'Erweiterte Eingabe' }).click();
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Stadtwerke München');
    await choose(page, /Anrede/, 'Firma');
    await expectAccessible(page);
    await screenshot(page, 'new-project');

    await page.getByRole('button', { name: 'Projekt bemessen' }).click();
    await page.waitForURL((url) => /^\/project\/[^/]+\/dimensioning/.test(url.pathname));
    projectId = new URL(page.url()).pathname.split('/')[2]!;

    const saved = await (await page.request.get(app.url(`/api/Project/${projectId}`))).json();
    expect(saved).toMatchObject({
      name: 'Neubau Marienplatz',
      comment: 'Hof und Dach',
      airPollution: 'L2',
      ruleEdition: 'DWA-A 138:2005',
      location: { address: MARIENPLATZ.display_name, latitude: Number(MARIENPLATZ.lat), longitude: Number(MARIENPLATZ.lon) },
      clientData: { formOfAddress: 'COMPANY', name: 'Stadtwerke München' },
    });
    // tiles came from the local tile server: the api's Content-Security-Policy allows it
    expect(app.tiles.requests.length).toBeGreaterThan(0);
    expect(page.errors.filter((e) => /Content Security Policy/i.test(e))).toEqual([]);
  });

  it('edits project data; a failed save keeps the input and says so; coordinates work when reverse geocoding fails', async () => {
    const page = await openPage(app, planner);
    await page.goto(app.url(`/project/${projectId}/projectData`));
    await page.getByRole('heading', { level: 1, name: 'Projektdaten' }).waitFor();
    const name = page.getByRole('textbox', { name: 'Projektname' });
    await name.waitFor();
    expect(await name.inputValue()).toBe('Neubau Marienplatz');
    await expectAccessible(page);
    await screenshot(page, 'project-data');

    await name.fill('Neubau Marienplatz II');
    await page.route('**/api/Project/*', (route) =>
      route.request().method() === 'PATCH'
        ? route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ type: 'ERROR', code: 1, message: 'An error has occurred' }) })
        : route.continue(),
    );
    await page.getByRole('button', { name: 'Projekt aktualisieren' }).click();
    await page.getByRole('alert').filter({ hasText: 'Das Projekt konnte nicht gespeichert werden' }).first().waitFor();
    expect(await name.inputValue()).toBe('Neubau Marienplatz II');
    await page.unroute('**/api/Project/*');

    // reverse geocoding fails: the address stays editable and the screen says so
    await page.route('**/reverse?**', (route) => route.abort());
    const latitude = page.getByRole('textbox', { name: 'Breitengrad (WGS84)' });
    await latitude.fill('48,14');
    await latitude.press('Tab');
    await page.getByText('Zu dieser Position wurde keine Adresse gefunden').waitFor();
    await page.unroute('**/reverse?**');
    await page.getByRole('textbox', { name: 'Projektadresse' }).fill('Rindermarkt 5, 80331 München');

    await page.getByRole('button', { name: 'Projekt aktualisieren' }).click();
    await notice(page, 'Projekt aktualisiert');
    const saved = await (await page.request.get(app.url(`/api/Project/${projectId}`))).json();
    expect(saved).toMatchObject({ name: 'Neubau Marienplatz II', location: { address: 'Rindermarkt 5, 80331 München', latitude: 48.14 } });

    // reset project address restores the saved one
    await page.getByRole('textbox', { name: 'Projektadresse' }).fill('irgendwo');
    await page.getByRole('button', { name: 'Projektadresse zurücksetzen' }).click();
    expect(await page.getByRole('textbox', { name: 'Projektadresse' }).inputValue()).toBe('Rindermarkt 5, 80331 München');
  });

  it('uploads custom rain data (wrong version first), views it and resets it', async () => {
    const page = await openPage(app, planner);
    await page.goto(app.url(`/project/${projectId}/projectData`));
    await page.getByRole('textbox', { name: 'Projektname' }).waitFor();
    const reset = page.getByRole('button', { name: 'Eigene Regendaten zurücksetzen' });
    expect(await reset.isDisabled()).toBe(true);

    await page.getByRole('button', { name: 'Eigene Regendaten hochladen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Eigene Regendaten hochladen' });
    await dialog.waitFor();
    await dialog.locator('input[type=file]').setInputFiles({ name: 'alt.csv', mimeType: 'text/csv', buffer: Buffer.from('v0.9\nD [min];T=1a\n5;100\n') });
    await dialog.getByRole('button', { name: 'Hochladen' }).click();
    await dialog.getByText('Die Vorlagenversion passt nicht (erwartet v1.0) (Zeile 1, Spalte 1)').waitFor();
    await dialog.getByRole('button', { name: 'Erneut versuchen' }).click();

    await dialog.locator('input[type=file]').setInputFiles({ name: 'regen.csv', mimeType: 'text/csv', buffer: await readFile(FIXTURE) });
    await dialog.getByText('regen.csv').waitFor();
    await dialog.getByRole('button', { name: 'Hochladen' }).click();
    await dialog.getByRole('table').waitFor();
    await expectAccessible(page);
    await screenshot(page, 'rain-data-upload');
    await dialog.getByRole('button', { name: 'Weiter' }).click();
    await dialog.getByRole('button', { name: 'Schließen' }).last().click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Dieses Projekt verwendet eigene Regendaten.').waitFor();
    expect(await reset.isDisabled()).toBe(false);

    await page.getByRole('button', { name: 'Regendaten ansehen' }).click();
    const view = page.getByRole('dialog', { name: 'Regendaten' });
    await view.waitFor();
    expect(await view.textContent()).toContain('Eigene Regendaten');
    expect(await view.getByRole('row', { name: /^5 / }).textContent()).toContain('250,0');
    await expectAccessible(page);
    await screenshot(page, 'rain-data');
    await view.locator('.rp-dialog__actions').getByRole('button', { name: 'Schließen' }).click();

    await reset.click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Bestätigen' }).click();
    await notice(page, 'Eigene Regendaten entfernt');
    await page.waitForFunction(() => !document.body.textContent?.includes('Dieses Projekt verwendet eigene Regendaten.'));
    expect(await reset.isDisabled()).toBe(true);
    expect((await (await page.request.get(app.url(`/api/Project/${projectId}`))).json()).usesCustomRaindata).toBe(false);
  });

  it('lists, searches, clones (new version) and deletes projects; requests support', async () => {
    const page = await openPage(app, planner);
    await page.goto(app.url('/projects/projects'));
    const expand = page.getByRole('button', { name: 'Neubau Marienplatz II', exact: true });
    await expand.click();
    await page.getByText('Rindermarkt 5, 80331 München').waitFor();
    expect(await page.getByRole('link', { name: 'Projektdaten' }).getAttribute('href')).toBe(`/project/${projectId}/projectData`);

    await page.getByRole('button', { name: 'Neue Version' }).click();
    const copy = page.getByRole('button', { name: 'Neubau Marienplatz II (Kopie)', exact: true });
    await copy.waitFor();
    await notice(page, 'Projekt kopiert');

    // search on the name: Enter triggers, clear resets
    const search = page.getByRole('searchbox', { name: 'Projekte nach Namen suchen' });
    await search.fill('Kopie');
    await search.press('Enter');
    await page.waitForFunction(() => document.querySelectorAll('tbody tr').length === 1);
    await page.getByRole('button', { name: 'Zurücksetzen' }).click();
    await expand.waitFor();
    await expectAccessible(page);
    await screenshot(page, 'project-list');

    // only the copy open: collapse the original
    if ((await expand.getAttribute('aria-expanded')) === 'true') await expand.click();
    await copy.click();
    expect(await page.getByRole('button', { name: 'Projekt löschen' }).count()).toBe(1);
    await page.getByRole('button', { name: 'Projekt löschen' }).click();
    await page.getByRole('alertdialog', { name: 'Löschen bestätigen' }).getByRole('button', { name: 'Löschen' }).click();
    await notice(page, 'Projekt gelöscht');
    await copy.waitFor({ state: 'detached' });

    await expand.click();
    await page.getByRole('button', { name: 'Support anfragen' }).click();
    await page.getByRole('alertdialog', { name: 'Support anfragen' }).getByRole('button', { name: 'Bestätigen' }).click();
    await notice(page, 'Support angefragt');
    await page.getByRole('button', { name: 'Support beenden' }).waitFor();
    expect((await (await page.request.get(app.url(`/api/Project/${projectId}`))).json()).state).toBe('OPEN');
  });

  it('an internal user sees the support request and closes it', async () => {
    const staff = await createConfirmedUser(app, 'support@example.com', 'Sven Support');
    await app.grantAdmin(staff.email);
    const page = await openPage(app, staff);
    const session = await (await page.request.get(app.url('/api/User'))).json();
    const roles = await page.request.put(app.url(`/api/Admin/${session.user.id}/roles`), { data: ['Administrator', 'internal'], headers: { 'X-XSRF-TOKEN': session.token } });
    expect(roles.ok()).toBe(true);

    await page.goto(app.url('/projects/supportProjects'));
    await page.getByRole('heading', { level: 1, name: 'Support-Projekte' }).waitFor();
    await page.getByRole('button', { name: 'Neubau Marienplatz II', exact: true }).click();
    await page.getByText('Rindermarkt 5, 80331 München').waitFor();
    await expectAccessible(page);
    await screenshot(page, 'support-projects');
    await page.getByRole('button', { name: 'Support beenden' }).click();
    await page.getByRole('alertdialog', { name: 'Support beenden' }).getByRole('button', { name: 'Bestätigen' }).click();
    await page.getByText('Keine offenen Support-Anfragen.').waitFor();
    expect((await (await page.request.get(app.url(`/api/Project/${projectId}`))).json()).state).toBe('CLOSED');

    // English
    await page.getByRole('button', { name: 'English' }).click();
    await page.getByRole('heading', { level: 1, name: 'Support projects' }).waitFor();
  });
});
