/**
 * Read-only share links in the browser (issue 19, part 3): the owner creates a link in the share
 * dialog and copies its URL; a fresh browser without an account opens it and sees the project's
 * data, surfaces and every measure's results (the engine evaluates the shared file), downloads
 * the mass list, the report and the GAEB service catalogue (decision 0160); the owner sees the view counted and revokes the link, which then shows a clear
 * page; an expired link and an unknown one do too.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { evaluate, type Project } from '@rainplan/engine';
import { createConfirmedUser, describeE2e, expectAccessible, REPO_DIR, screenshot, signIn, startE2eApp, type E2eApp } from './harness.ts';
import { apiSession } from './dimensioningHelpers.ts';

describeE2e('share links: a read-only view without an account', () => {
  let app: E2eApp;

  beforeAll(async () => {
    app = await startE2eApp();
  });

  afterAll(async () => {
    await app?.close();
  });

  // state shared by the steps below (one flow, split so that each step has its own time budget)
  let owner: Awaited<ReturnType<E2eApp['newPage']>>;
  let visitor: Awaited<ReturnType<E2eApp['newPage']>>;
  let user: Awaited<ReturnType<typeof createConfirmedUser>>;
  let projectId: string;
  let shareUrl: string;
  let original: Project;

  it('the owner creates a link in the share dialog; a fresh browser without an account sees the results', async () => {
    const fixture = JSON.parse(await readFile(path.join(REPO_DIR, 'fixtures/projects/sizing-retention-2024.project.json'), 'utf8')) as Project;
    original = {
      ...fixture,
      project: { ...fixture.project, name: 'Kita am Regenweg', location: { latitude: 48.137, longitude: 11.575, address: 'Marienplatz 1, München' } },
      rainData: { source: { edition: 'custom' }, raindataSeries: fixture.rainData!.raindataSeries },
    };
    user = await createConfirmedUser(app, 'teilen@example.com');
    owner = await app.newPage();
    await owner.addInitScript(() => window.localStorage.setItem('rainplan.changelogVersion', '1.0.5'));
    await signIn(owner, app, user);
    await owner.goto(app.url('/projects/projects'));
    const chooser = owner.waitForEvent('filechooser');
    await owner.getByRole('button', { name: 'Projektdatei öffnen' }).click();
    await (await chooser).setFiles({ name: 'kita.rainplan.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(original)) });
    await owner.waitForURL((url) => /^\/project\/[^/]+\/dimensioning$/.test(url.pathname));
    projectId = new URL(owner.url()).pathname.split('/')[2]!;

    // the owner creates a link in the share dialog; its URL is shown once
    await owner.getByRole('button', { name: 'Teilen' }).click();
    const dialog = owner.getByRole('dialog', { name: 'Projekt teilen (nur lesen)' });
    await dialog.waitFor();
    await dialog.getByRole('textbox', { name: 'Bezeichnung (optional)' }).fill('Untere Wasserbehörde');
    await dialog.getByRole('button', { name: 'Link erstellen' }).click();
    const urlField = dialog.getByTestId('share-url');
    await urlField.waitFor();
    shareUrl = await urlField.inputValue();
    expect(shareUrl).toMatch(new RegExp(`^${app.baseUrl.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/share/[A-Za-z0-9_-]{43}$`));
    await expectAccessible(owner);
    // the dialog fits the window and only its body scrolls: the title and "Close" stay in view, and
    // the links table, scrolled to, lies inside the dialog (its header row painted past the
    // dialog's bottom edge while the whole dialog scrolled)
    const layout = await dialog.evaluate((element) => {
      const modal = element.closest('.rp-modal')!;
      const body = element.querySelector('.rp-dialog__body')!;
      const box = (e: Element) => {
        const r = e.getBoundingClientRect();
        return { top: r.top, bottom: r.bottom, left: r.left, right: r.right };
      };
      const close = [...element.querySelectorAll('.rp-dialog__actions button')].find((b) => b.textContent === 'Schließen')!;
      const before = { modal: box(modal), body: box(body), title: box(element.querySelector('.rp-dialog__title')!), close: box(close), bodyScrolls: body.scrollHeight > body.clientHeight, modalScrolls: modal.scrollHeight > modal.clientHeight };
      element.querySelector('[data-testid="share-links"]')!.scrollIntoView({ block: 'end' });
      const headers = [...element.querySelectorAll('[data-testid="share-links"] thead th')].map((th) => {
        const r = th.getBoundingClientRect();
        const hit = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
        return { ...box(th), hit: hit !== null && th.contains(hit) };
      });
      return { ...before, viewport: { width: window.innerWidth, height: window.innerHeight }, bodyAfter: box(body), closeAfter: box(close), headers };
    });
    expect(layout.modal.top).toBeGreaterThanOrEqual(0);
    expect(layout.modal.bottom).toBeLessThanOrEqual(layout.viewport.height);
    expect(layout.bodyScrolls).toBe(true);
    expect(layout.modalScrolls).toBe(false);
    expect(layout.title.top).toBeGreaterThanOrEqual(layout.modal.top);
    expect(layout.body.top).toBeGreaterThanOrEqual(layout.title.bottom);
    expect(layout.close.top).toBeGreaterThanOrEqual(layout.body.bottom);
    expect(layout.close.bottom).toBeLessThanOrEqual(layout.modal.bottom);
    expect(layout.closeAfter).toEqual(layout.close);
    expect(layout.headers).toHaveLength(7);
    for (const th of layout.headers) {
      expect(th.top).toBeGreaterThanOrEqual(layout.bodyAfter.top);
      expect(th.bottom).toBeLessThanOrEqual(layout.bodyAfter.bottom);
      expect(th.right).toBeLessThanOrEqual(layout.modal.right);
      expect(th.hit).toBe(true);
    }
    await dialog.evaluate((element) => element.querySelector('.rp-dialog__body')!.scrollTo({ top: 0 }));
    await screenshot(owner, 'share-dialog', { viewportOnly: true });
    await dialog.getByRole('button', { name: 'Schließen' }).click();

    // a fresh browser without an account opens it
    visitor = await app.newPage({ acceptDownloads: true });
    await visitor.addInitScript(() => window.localStorage.setItem('rainplan.changelogVersion', '1.0.5'));
    await visitor.goto(shareUrl);
    await visitor.getByTestId('shared-name').filter({ hasText: 'Kita am Regenweg' }).waitFor();
    expect(new URL(visitor.url()).pathname).toMatch(/^\/share\//);
    expect(await visitor.getByTestId('share-banner').textContent()).toContain('nur lesend');
    const measures = visitor.getByTestId('shared-measures');
    for (const measure of original.waterflow.measures) await measures.getByRole('rowheader', { name: measure.name }).waitFor();
    // the results are the engine's: the required volume of each measure as `rainplan evaluate` gives it
    const expected = evaluate(original);
    const format = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 2 });
    await visitor.waitForFunction(() => document.querySelectorAll('[data-testid="shared-verdict"]').length > 0);
    const required = await measures.getByTestId('shared-required').allTextContents();
    expected.measures.forEach((m, i) => expect(required[i]).toContain(format.format(m.requiredVolume!)));
    expect(await visitor.getByTestId('shared-surfaces').getByRole('rowheader').count()).toBe(original.waterflow.sealedSurfaces.length);
    // nothing to edit, no session, nothing of the planner's
    expect(await visitor.locator('main input, main textarea, main select').count()).toBe(0);
    expect((await visitor.context().cookies()).filter((c) => c.name !== 'rainplan.language')).toEqual([]);
    expect(await visitor.getByText('teilen@example.com').count()).toBe(0);
    await expectAccessible(visitor);
    await screenshot(visitor, 'share-view');
  }, 240_000);

  it('the visitor downloads the mass list, the report and the service catalogue', async () => {
    // the mass list downloads as an Excel file
    const downloading = visitor.waitForEvent('download', { timeout: 60_000 });
    // a failure shows its message: fail at once with the page's errors instead of waiting
    const failed = visitor
      .getByText('Das Dokument konnte nicht erstellt werden.')
      .waitFor({ timeout: 60_000 })
      .then(
        () => Promise.reject(new Error(`the mass list download failed: ${visitor.errors.join('\n')}`)),
        () => new Promise<never>(() => undefined),
      );
    await visitor.getByRole('button', { name: 'Massenliste (Excel)' }).click();
    const download = await Promise.race([downloading, failed]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    const bytes = await readFile((await download.path())!);
    expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
    // the report (PDF), built by the documents page's report code from the shared file
    const reporting = visitor.waitForEvent('download', { timeout: 90_000 });
    await visitor.getByRole('button', { name: 'Bemessungsbericht (PDF)' }).click();
    const report = await reporting;
    expect(report.suggestedFilename()).toMatch(/^Bemessungsbericht_Kita-am-Regenweg\.pdf$/);
    expect((await readFile((await report.path())!)).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // the service catalogue with prices (GAEB DA XML X82), written by the server as for the planner
    const gaebing = visitor.waitForEvent('download', { timeout: 60_000 });
    await visitor.getByRole('button', { name: 'Leistungsverzeichnis mit Preisen (GAEB X82)' }).click();
    const gaeb = await gaebing;
    expect(gaeb.suggestedFilename()).toBe('Leistungsverzeichnis-mit-Preisen_Kita-am-Regenweg.X82');
    const xml = (await readFile((await gaeb.path())!)).toString('utf8');
    expect(xml).toMatch(/^<\?xml /);
    expect(xml).toContain('<DP>82</DP>');
    expect(xml).toContain('Kita am Regenweg');
    // the only failed request is the session check of a visitor without an account (401)
    expect(visitor.errors.filter((e) => !e.includes('status of 401'))).toEqual([]);
  }, 240_000);

  it('the owner sees the view counted and revokes the link; revoked, expired and unknown links show a clear page', async () => {
    const dialog = owner.getByRole('dialog', { name: 'Projekt teilen (nur lesen)' });
    // the owner sees the view counted, and revokes the link after confirming
    await owner.getByRole('button', { name: 'Teilen' }).click();
    const links = owner.getByTestId('share-links');
    await links.getByRole('rowheader', { name: 'Untere Wasserbehörde' }).waitFor();
    const row = links.getByRole('row').filter({ hasText: 'Untere Wasserbehörde' });
    // the count is the api's; a loaded machine may list the link before the visit is counted
    await expect.poll(async () => Number(await row.getByRole('cell').nth(4).textContent())).toBeGreaterThanOrEqual(1);
    expect(await dialog.getByTestId('share-url').count()).toBe(0);
    await row.getByRole('button', { name: 'Link „Untere Wasserbehörde“ widerrufen' }).click();
    const confirm = owner.getByRole('alertdialog', { name: 'Link widerrufen?' });
    await confirm.getByRole('button', { name: 'Widerrufen' }).click();
    await row.getByText('widerrufen', { exact: true }).waitFor();

    // the revoked link shows a clear page
    await visitor.reload();
    await visitor.getByRole('heading', { level: 1, name: 'Dieser Link gilt nicht mehr' }).waitFor();
    await expectAccessible(visitor);

    // an expired link (created through the api, valid for a few seconds) and an unknown one
    const session = await apiSession(app, user);
    const shortLived = await session.request<{ path: string; expiresAt: string }>('POST', `/api/Project/${projectId}/shareLinks`, { expiresAt: new Date(Date.now() + 3000).toISOString() });
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, Date.parse(shortLived.expiresAt) - Date.now() + 500)));
    const later = await app.newPage();
    await later.goto(app.url(shortLived.path));
    await later.getByRole('heading', { level: 1, name: 'Dieser Link gilt nicht mehr' }).waitFor();
    await later.goto(app.url(`/share/${'x'.repeat(43)}`));
    await later.getByRole('heading', { level: 1, name: 'Diesen Link gibt es nicht' }).waitFor();
    await later.goto(app.url('/share/kurz'));
    await later.getByRole('heading', { level: 1, name: 'Diesen Link gibt es nicht' }).waitFor();
  }, 240_000);
});
