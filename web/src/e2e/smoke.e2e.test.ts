import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeE2e, expectAccessible, screenshot, startE2eApp, type E2eApp } from './harness.ts';

describeE2e('smoke: landing page, language, guard, accessibility', () => {
  let app: E2eApp;

  beforeAll(async () => {
    app = await startE2eApp();
  });

  afterAll(async () => {
    await app?.close();
  });

  it('renders the landing page in German, switches to English, and is accessible', async () => {
    const page = await app.newPage();
    // the changelog dialog shows once per browser; mark it as seen so that the page is in view
    await page.addInitScript(() => window.localStorage.setItem('rainplan.changelogVersion', '1.0.5'));
    await page.goto(app.url('/'));
    await page.getByRole('heading', { level: 1, name: 'Regenwasser planen' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');

    await expectAccessible(page);
    await screenshot(page, 'landing');

    await page.getByRole('button', { name: 'English' }).click();
    await page.getByRole('heading', { level: 1, name: 'Plan rainwater management' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    expect(await page.evaluate(() => window.localStorage.getItem('rainplan.language'))).toBe('en');

    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Plan rainwater management' }).waitFor();
    // the session probe (GET /api/User) of a signed-out visitor answers 401; nothing else may fail
    expect(page.errors.filter((e) => !e.includes('status of 401'))).toEqual([]);
  });

  it('shows the changelog dialog on the first visit', async () => {
    const page = await app.newPage();
    await page.goto(app.url('/'));
    const dialog = page.getByRole('dialog', { name: 'Neuigkeiten' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('Version 1.0.5 vom 19.08.2025');
    await dialog.locator('.rp-dialog__actions').getByRole('button', { name: 'Schließen' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => window.localStorage.getItem('rainplan.changelogVersion'))).toBe('1.0.5');
  });

  it('sends a signed-out visitor of /projects/projects to /?requestedLocation=…', async () => {
    const page = await app.newPage();
    await page.addInitScript(() => window.localStorage.setItem('rainplan.changelogVersion', '1.0.5'));
    await page.goto(app.url('/projects/projects'));
    await page.waitForURL((url) => url.pathname === '/' && url.searchParams.get('requestedLocation') === '/projects/projects');
    await page.getByRole('heading', { level: 1, name: 'Regenwasser planen' }).waitFor();
  });

  it('answers unknown paths with the error page', async () => {
    const page = await app.newPage();
    await page.addInitScript(() => window.localStorage.setItem('rainplan.changelogVersion', '1.0.5'));
    await page.goto(app.url('/no/such/page'));
    await page.getByRole('heading', { level: 1, name: 'Seite nicht gefunden' }).waitFor();
  });
});
