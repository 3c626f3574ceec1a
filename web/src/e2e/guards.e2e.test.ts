import { afterAll, beforeAll, expect, it } from 'vitest';
import { createConfirmedUser, describeE2e, signIn, startE2eApp, type E2eApp } from './harness.ts';

describeE2e('guards against the real api: signed-in, administrator, internal', () => {
  let app: E2eApp;

  beforeAll(async () => {
    app = await startE2eApp();
  });

  afterAll(async () => {
    await app?.close();
  });

  it('signed-in users reach their pages and go from / to requestedLocation; non-admins get /error on admin routes', async () => {
    const user = await createConfirmedUser(app, 'planer@example.com');
    const page = await app.newPage();
    await page.addInitScript(() => window.localStorage.setItem('rainplan.changelogVersion', '1.0.5'));
    await signIn(page, app, user);

    await page.goto(app.url('/?requestedLocation=%2Fuser%2Faccount'));
    await page.waitForURL((url) => url.pathname === '/user/account');
    await page.goto(app.url('/'));
    await page.waitForURL((url) => url.pathname === '/projects/projects');
    await page.getByRole('heading', { level: 1, name: 'Meine Projekte' }).waitFor();

    await page.goto(app.url('/admin/users'));
    await page.waitForURL((url) => url.pathname === '/error');
    await page.goto(app.url('/projects/supportProjects'));
    await page.waitForURL((url) => url.pathname === '/error');

    // the user menu: account with name and e-mail, logout; no admin entry
    await page.goto(app.url('/projects/projects'));
    await page.getByRole('button', { name: 'Benutzermenü' }).click();
    const menu = page.getByRole('menu');
    expect(await menu.textContent()).toContain('planer@example.com');
    expect(await menu.getByRole('menuitem', { name: 'Administration' }).count()).toBe(0);
    await menu.getByRole('menuitem', { name: 'Abmelden' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto(app.url('/projects/projects'));
    await page.waitForURL((url) => url.pathname === '/' && url.searchParams.get('requestedLocation') === '/projects/projects');
  });

  it('administrators reach the admin routes (grantAdmin restarts the api)', async () => {
    const admin = await createConfirmedUser(app, 'admin@example.com', 'Ada Admin');
    await app.grantAdmin(admin.email);
    const page = await app.newPage();
    await page.addInitScript(() => window.localStorage.setItem('rainplan.changelogVersion', '1.0.5'));
    await signIn(page, app, admin);
    await page.goto(app.url('/admin/users'));
    await page.getByRole('heading', { level: 1, name: 'Benutzer' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/users');
    await page.getByRole('button', { name: 'Benutzermenü' }).click();
    await page.getByRole('menuitem', { name: 'Administration' }).waitFor();
    await page.getByRole('menuitem', { name: 'Zurück zur Anwendung' }).click();
    await page.waitForURL((url) => url.pathname === '/projects/projects');
  });
});
