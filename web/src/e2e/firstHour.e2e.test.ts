/**
 * Issue 14 (items 2–4), as a new user sees them, against the real api with the engine in a worker:
 * a mouse click on a select with many options only opens it; no message before a field is touched
 * and never the browser's own; numbers in inputs and read-only values follow the UI language;
 * choosing a purification's measure asks before it moves surfaces, and a surface left draining
 * into nothing counts as incomplete; a refused save is shown with its reason and a way to fix it;
 * the overview is the project's result summary, each entry linked to its element.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createConfirmedUser, describeE2e, expectAccessible, screenshot, signIn, startE2eApp, type E2eApp } from './harness.ts';
import { apiSession, choose, customRainData, heading, tick, type, type ApiSession } from './dimensioningHelpers.ts';

describeE2e('issue 14: forms that behave, no silent failures, finding your way', () => {
  let app: E2eApp;
  let page: Page & { readonly errors: string[] };
  let projectId: string;
  let session: ApiSession;

  beforeAll(async () => {
    // an empty data directory: the last test checks what a fresh install's first start provides
    app = await startE2eApp({ emptyDataDir: true });
    const user = await createConfirmedUser(app, 'neu@example.com', 'Nora Neu');
    session = await apiSession(app, user);
    const created = await session.request<string>('POST', '/api/Project', {
      project: { name: 'Erste Stunde', airPollutionType: 'L2' },
      location: { latitude: 48.137, longitude: 11.575, address: 'Marienplatz 1, 80331 München' },
    });
    projectId = String(created).replace(/"/g, '');
    await session.request('PUT', `/api/Project/${projectId}/customRaindata`, customRainData());
    page = await app.newPage({ locale: 'de-DE', viewport: { width: 1500, height: 900 } });
    await page.addInitScript(() => window.localStorage.setItem('rainplan.changelogVersion', '1.0.5'));
    await signIn(page, app, user);
  });

  afterAll(async () => {
    await app?.close();
  });

  const url = (rest: string) => app.url(`/project/${projectId}/dimensioning${rest}`);
  const flow = () => page.getByRole('complementary');
  const tabs = () => page.getByRole('navigation', { name: /Projektbereiche|Project areas/ });
  const selectField = (label: string) => page.locator('.rp-select').filter({ has: page.locator('.rp-field__label', { hasText: new RegExp(`^${label}$`) }) });
  const text = async (testId: string) => (await page.getByTestId(testId).textContent())?.trim() ?? '';
  const visibleErrors = async () => (await page.locator('.rp-field__error').allTextContents()).map((t) => t.trim()).filter((t) => t !== '');

  it('a mouse click on a select with many options opens it and picks nothing; messages only after touch, never the browser’s', async () => {
    await page.goto(url('/sealedsurfaces'));
    await heading(page, 'Versiegelte Fläche: Fläche 1');
    // nothing touched yet: no message at all
    expect(await visibleErrors()).toEqual([]);

    const runoff = selectField('Abflussart');
    const button = runoff.getByRole('button').first();
    const before = (await button.textContent())?.trim();
    const box = (await button.boundingBox())!;
    // press on the select, then release over an option of the list that opened: react-aria's
    // press-drag-release would pick it; a click must only open the list
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    const listbox = page.getByRole('listbox');
    await listbox.waitFor();
    expect(await page.getByRole('option').count()).toBeGreaterThanOrEqual(29);
    const option = page.getByRole('option').nth(3);
    const optionBox = (await option.boundingBox())!;
    await page.mouse.move(optionBox.x + optionBox.width / 2, optionBox.y + optionBox.height / 2, { steps: 4 });
    await page.mouse.up();
    expect(await listbox.isVisible()).toBe(true);
    expect((await button.textContent())?.trim()).toBe(before);
    // a real click on an option picks exactly that option
    const wanted = (await page.getByRole('option', { name: 'Flachdach' }).first().textContent())?.trim() ?? '';
    await page.getByRole('option', { name: 'Flachdach' }).first().click();
    await listbox.waitFor({ state: 'detached' });
    expect((await button.textContent())?.trim()).toContain(wanted);
    expect(await visibleErrors()).toEqual([]);

    // a required select opened and closed without a choice: the product's own message, in German
    const drain = selectField('Ableitung').getByRole('button').first();
    await drain.click();
    await page.getByRole('listbox').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    await expect.poll(visibleErrors).toEqual(['Bitte wählen Sie einen Eintrag aus.']);
    expect(await page.getByText(/Please select an item|Wählen Sie ein Element/).count()).toBe(0);
    await choose(page, 'Ableitung', 'Grundwasser');
    await expect.poll(visibleErrors).toEqual([]);
  });

  it('numbers in inputs and read-only values follow the UI language', async () => {
    await type(page, 'Fläche A_E (m²)', '600,5');
    await expect.poll(() => text('surface-ac')).toMatch(/^\d+,\d+$/);
    const acDe = await text('surface-ac');
    await page.getByRole('button', { name: 'English' }).click();
    await heading(page, 'Sealed surface: Fläche 1');
    expect(await page.getByRole('textbox', { name: 'Area A_E (m²)', exact: true }).inputValue()).toBe('600.5');
    expect(await text('surface-ac')).toBe(acDe.replace(',', '.'));
    // every number input: no German decimal comma left after the switch
    const values = await page.locator('input.rp-number__input').evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
    expect(values.filter((v) => /\d,\d/.test(v))).toEqual([]);
    await screenshot(page, 'dimensioning-surface-en');
    await page.getByRole('button', { name: 'Deutsch' }).click();
    await heading(page, 'Versiegelte Fläche: Fläche 1');
    expect(await page.getByRole('textbox', { name: 'Fläche A_E (m²)', exact: true }).inputValue()).toBe('600,5');
  });

  it('choosing a purification’s measure asks before it moves surfaces; a detached surface is not complete', async () => {
    await type(page, 'Name', 'Dach');
    await choose(page, 'Flächenverschmutzung (DWA-M 153)', 'F3 (12 Punkte)');
    await flow().getByRole('button', { name: 'Fläche hinzufügen' }).click();
    await heading(page, 'Versiegelte Fläche: Fläche 2');
    await type(page, 'Name', 'Hof');
    await type(page, 'Fläche A_E (m²)', '300');
    await choose(page, 'Abflussart', 'Beton');
    await choose(page, 'Ableitung', 'Grundwasser');
    await choose(page, 'Flächenverschmutzung (DWA-M 153)', 'F3 (12 Punkte)');
    await heading(page, 'Versiegelte Fläche: Hof');

    await flow().getByRole('button', { name: 'Maßnahme hinzufügen' }).click();
    await heading(page, 'Maßnahme: Maßnahme 1');
    await type(page, 'Name', 'Rigole');
    await choose(page, 'Anlagenziel', 'Versickerung');
    await choose(page, 'Variante', 'Rigole');
    await choose(page, 'Speicherart', 'Boxenrigole');
    await choose(page, 'Bodenart', 'S3 sandiger Kies');
    await tick(page, 'Hof');
    await heading(page, 'Maßnahme: Rigole');

    await flow().getByRole('button', { name: 'Reinigung hinzufügen' }).click();
    await heading(page, 'Reinigung: Reinigung 1');
    await tick(page, 'Dach');
    const progressBefore = await page.locator('.rp-flow').getByText(/von \d+ Elementen/).textContent();

    // choosing the measure would detach "Dach" (the purification had no measure) and adopt "Hof"
    await choose(page, 'Maßnahme', 'Rigole');
    const dialog = page.getByRole('alertdialog');
    await dialog.waitFor();
    const said = (await dialog.textContent()) ?? '';
    expect(said).toContain('Dach');
    expect(said).toContain('nirgendwohin');
    expect(said).toContain('Hof');
    await expectAccessible(page);
    await screenshot(page, 'dimensioning-reassign');
    await dialog.getByRole('button', { name: 'Abbrechen' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect((await selectField('Maßnahme').getByRole('button').first().textContent())?.trim()).toContain('Keine Maßnahme');

    await choose(page, 'Maßnahme', 'Rigole');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Maßnahme wechseln' }).click();
    await expect.poll(async () => (await selectField('Maßnahme').getByRole('button').first().textContent())?.trim()).toContain('Rigole');
    // "Dach" drains into nothing now: shown, and not counted as complete
    const dachRow = flow().locator('li', { has: page.getByRole('button', { name: 'Dach', exact: true }) });
    await expect.poll(async () => (await dachRow.textContent()) ?? '').toContain('nicht zugeordnet');
    await expect.poll(async () => (await dachRow.textContent()) ?? '').toContain('unvollständig');
    expect(await page.locator('.rp-flow').getByText(/von \d+ Elementen/).textContent()).not.toBe(progressBefore);
  });

  it('a refused save is shown with its reason and a way to fix it, and clears once saved', async () => {
    await flow().getByRole('button', { name: 'Rigole', exact: true }).click();
    await heading(page, 'Maßnahme: Rigole');
    await tabs().getByRole('button', { name: 'Speichern' }).click();
    await expect.poll(() => text('save-status')).toBe('Alle Änderungen gespeichert');

    const refuse = '**/api/Project/*/measure/*';
    await page.route(refuse, async (route) => {
      if (route.request().method() !== 'PUT') return route.fallback();
      return route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ type: 'ERROR', code: 2, message: 'body/name must NOT have more than 100 characters' }) });
    });
    await type(page, 'Name', 'Rigole Nord');
    await tabs().getByRole('button', { name: 'Speichern' }).click();
    const failures = page.getByTestId('save-failures');
    await failures.waitFor();
    const shown = (await failures.textContent()) ?? '';
    expect(shown).toContain('Maßnahme „Rigole Nord“');
    expect(shown).toContain('Die Eingaben sind ungültig: body/name must NOT have more than 100 characters');
    expect(await failures.getByRole('button', { name: 'Öffnen und korrigieren' }).count()).toBe(1);
    expect(await text('save-status')).toContain('Speichern fehlgeschlagen');
    await screenshot(page, 'dimensioning-save-error');

    await page.unroute(refuse);
    // "Jetzt speichern" saves at once; the automatic retry (1 s, 2 s, …) may have come first, then the
    // button is gone already — either way the alert must go once a save succeeds
    await page
      .getByRole('button', { name: 'Jetzt speichern' })
      .click({ timeout: 10_000 })
      .catch(async (error: unknown) => {
        if ((await failures.count()) > 0) throw error;
      });
    await failures.waitFor({ state: 'detached' });
    await expect.poll(() => text('save-status')).toBe('Alle Änderungen gespeichert');
  });

  it('the overview is the project’s result summary, each entry linked to its element', async () => {
    await tabs().getByRole('button', { name: 'Übersicht' }).click();
    await heading(page, 'Bemessung: Übersicht');
    const measures = page.getByTestId('overview-measures');
    await measures.waitFor();
    const row = measures.locator('tr', { has: page.getByRole('button', { name: 'Rigole Nord' }) });
    await expect.poll(async () => (await row.textContent()) ?? '').toMatch(/\d+(,\d+)? \/ /);
    expect(['pass', 'fail', 'notSized']).toContain(await row.getAttribute('data-verdict'));
    expect(await page.getByTestId('overview-purifications').textContent()).toContain('Reinigung 1');
    // the detached surface is an open point, linked to its element
    const issues = page.getByTestId('overview-issues');
    const dach = issues.locator('li', { has: page.getByRole('button', { name: 'Dach', exact: true }) });
    expect(await dach.textContent()).toContain('entwässert nirgendwohin');
    await expectAccessible(page);
    await screenshot(page, 'dimensioning-overview');
    await row.getByRole('button', { name: 'Rigole Nord' }).click();
    await heading(page, 'Maßnahme: Rigole Nord');

    // no error notice left behind, and nothing logged but the refused request of the previous step
    const errors = page.errors.filter((e) => !e.includes('favicon') && !e.startsWith('Failed to load resource') && !e.includes('nodes could not be saved'));
    expect(errors).toEqual([]);
  });
  it('first run: a fresh data directory sizes a Munich project with the shipped rain data, no import, in English', async () => {
    // the app of this file started on an empty data directory; nobody imported rain data
    const created = await session.request<string>('POST', '/api/Project', {
      project: { name: 'First run', airPollutionType: 'L2' },
      location: { latitude: 48.137, longitude: 11.575, address: 'Marienplatz 1, 80331 München' },
    });
    const id = String(created).replace(/"/g, '');
    const english = await app.newPage({ locale: 'en-GB', viewport: { width: 1500, height: 900 } });
    await english.addInitScript(() => {
      window.localStorage.setItem('rainplan.changelogVersion', '1.0.5');
      window.localStorage.setItem('rainplan.language', 'en');
    });
    await english.context().addCookies(await page.context().cookies());
    await english.goto(app.url(`/project/${id}/dimensioning/sealedsurfaces`));
    await heading(english, 'Sealed surface: Surface 1');
    await type(english, 'Area A_E (m²)', '600');
    await choose(english, 'Runoff type', 'Flat roof');
    await choose(english, 'Drain', 'Groundwater');
    await choose(english, 'Surface pollution (DWA-M 153)', 'F3 (12 points)');
    await english.getByRole('complementary').getByRole('button', { name: 'Add measure' }).click();
    await heading(english, 'Measure: Measure 1');
    await choose(english, 'Installation target', 'Infiltration');
    await choose(english, 'Variant', 'Infiltration tank');
    await choose(english, 'Tank type', 'Box tank');
    await choose(english, 'Soil', 'S3 sandy gravel');
    await tick(english, 'Surface 1');
    const shown = async (testId: string) => (await english.getByTestId(testId).textContent())?.trim() ?? '';
    await expect.poll(() => shown('result-required'), { timeout: 15_000 }).toMatch(/^\d[\d,]*(\.\d+)?$/);
    expect(await shown('result-basis')).toContain('KOSTRA-DWD-2010R');
    await english.getByRole('button', { name: 'Auto-dimension' }).click();
    await expect.poll(() => shown('measure-verdict')).toBe('The available volume covers the required volume.');
    await english.getByRole('navigation', { name: 'Project areas' }).getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => shown('save-status')).toBe('All changes saved');
    await screenshot(english, 'first-run-sized-en');
    // saved: the server's evaluation of the stored measure agrees
    const stored = await session.request<{ measures: { name: string; value: number | null }[] }>('GET', `/api/Project/${id}/waterflow`);
    expect(stored.measures[0]?.value).toBeGreaterThan(0);
    await english.context().close();
  });
  it('a project opens by clicking its name in the list; the map buttons are labelled, full screen drawn as an icon', async () => {
    await page.goto(app.url('/projects/projects'));
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.getByRole('link', { name: 'Erste Stunde', exact: true }).click();
    await page.waitForURL((u) => u.pathname === `/project/${projectId}/projectData`);
    const fullScreen = page.locator('.ol-full-screen button');
    await fullScreen.waitFor();
    expect(await fullScreen.getAttribute('title')).toBe('Vollbild umschalten');
    expect(await fullScreen.locator('svg').count()).toBe(1);
    expect(((await fullScreen.textContent()) ?? '').trim()).toBe('');
    for (const name of ['Vergrößern', 'Verkleinern']) expect(await page.locator(`.ol-zoom button[title="${name}"]`).count()).toBe(1);
  });
});
