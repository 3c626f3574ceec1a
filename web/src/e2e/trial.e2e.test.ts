/**
 * Trial mode in the browser (issue 7): "continue without account" opens a project kept in the
 * browser (IndexedDB) with the dimensioning screens; a surface and a measure survive a reload;
 * after registering and signing in, the project moves into the account in one step and appears
 * in the project list.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createConfirmedUser, describeE2e, expectAccessible, signIn, startE2eApp, type E2eApp } from './harness.ts';
import { choose, heading, type } from './dimensioningHelpers.ts';

describeE2e('trial mode: a project in the browser, moved into the account', () => {
  let app: E2eApp;

  beforeAll(async () => {
    app = await startE2eApp();
  });

  afterAll(async () => {
    await app?.close();
  });

  it('continue without account → surface and measure → reload → register, sign in → move → listed', async () => {
    const page = await app.newPage();
    await page.addInitScript(() => window.localStorage.setItem('rainplan.changelogVersion', '1.0.5'));
    await page.goto(app.url('/'));
    await page.getByRole('link', { name: 'Ohne Konto fortfahren' }).click();
    await page.waitForURL((u) => /^\/trial\/trial-[^/]+\/dimensioning\/sealedsurfaces\/[^/]+$/.test(u.pathname));
    const trialId = new URL(page.url()).pathname.split('/')[2]!;
    const banner = page.getByRole('region', { name: 'Probemodus' });
    expect(await banner.textContent()).toContain('nicht auf einem Server gespeichert');
    await heading(page, 'Versiegelte Fläche: Fläche 1');
    await expectAccessible(page);

    // a surface and a measure, computed by the engine without an account
    await type(page, 'Name', 'Dach Probe');
    await type(page, 'Fläche A_E (m²)', '200');
    await choose(page, 'Abflussart', 'Flachdach');
    await page.getByTestId('surface-ac').filter({ hasText: '180' }).waitFor();
    const flow = page.getByRole('complementary', { name: 'Wasserfluss' });
    await flow.getByRole('button', { name: 'Maßnahme hinzufügen' }).click();
    await heading(page, 'Maßnahme: Maßnahme 1');
    await type(page, 'Name', 'Rigole Probe');
    await heading(page, 'Maßnahme: Rigole Probe');
    await expectAccessible(page);

    // the project data tab saves first; then reload: everything is still there
    await page.getByRole('link', { name: 'Projektdaten' }).click();
    await page.getByRole('heading', { level: 1, name: 'Projektdaten (Probeprojekt)' }).waitFor();
    await expectAccessible(page);
    await page.goto(app.url(`/trial/${trialId}/dimensioning`));
    await flow.getByRole('button', { name: 'Dach Probe' }).waitFor();
    await flow.getByRole('button', { name: 'Rigole Probe' }).waitFor();
    await page.reload();
    await flow.getByRole('button', { name: 'Dach Probe' }).waitFor();
    expect(await flow.getByRole('button', { name: 'Rigole Probe' }).count()).toBe(1);

    // project data for the account: name, address, air pollution (stored in the browser)
    await page.goto(app.url(`/trial/${trialId}/projectData`));
    await page.getByRole('textbox', { name: 'Projektname' }).fill('Probe Einfamilienhaus');
    await page.getByRole('textbox', { name: 'Projektadresse' }).fill('Marienplatz 1, München');
    await choose(page, 'Luftverschmutzung (Belastungskategorie)', 'L1 – gering');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.getByText('Projektdaten im Browser gespeichert.').waitFor();
    // the rain data of the location come from the server without an account (shipped KOSTRA-DWD-2010R)
    await page.getByText(/^Das Projekt verwendet die Regendaten von KOSTRA-DWD-2010R, Rasterfeld \d+, am Standort\.$/).waitFor();
    await page.getByText(/Datenbasis: Deutscher Wetterdienst, eigene Bearbeitung/).first().waitFor();
    await expectAccessible(page);

    // custom rain data (template v1.0), kept in the browser too
    const rainCsv = ['v1.0;Regendaten', 'D [min];T=1a;T=5a', '5;150;250', '10;110;180', '15;90;150', '60;35;60', '1440;2;4'].join('\r\n');
    await page.getByRole('button', { name: 'Eigene Regendaten hochladen' }).click();
    const rainDialog = page.getByRole('dialog', { name: 'Eigene Regendaten hochladen' });
    const chooser = page.waitForEvent('filechooser');
    await rainDialog.getByRole('button', { name: 'Datei auswählen' }).click();
    await (await chooser).setFiles({ name: 'regen.csv', mimeType: 'text/csv', buffer: Buffer.from(rainCsv) });
    await rainDialog.getByRole('button', { name: 'Hochladen' }).click();
    await rainDialog.getByRole('button', { name: 'Weiter' }).click();
    await rainDialog.getByRole('button', { name: 'Schließen' }).click();
    await page.getByText('Das Projekt verwendet eigene Regendaten.').waitFor();
    await page.reload();
    await page.getByText('Das Projekt verwendet eigene Regendaten.').waitFor();

    // register (through the api), sign in: the banner offers the move
    const user = await createConfirmedUser(app, 'probe@example.com');
    await signIn(page, app, user);
    await page.reload();
    await banner.getByRole('button', { name: 'In mein Konto übernehmen' }).click();
    await page.waitForURL((u) => /^\/project\/[0-9a-f-]{36}\/dimensioning/.test(u.pathname));
    // the same nodes, now on the server
    await flow.getByRole('button', { name: 'Dach Probe' }).waitFor();
    await flow.getByRole('button', { name: 'Rigole Probe' }).waitFor();
    const serverId = new URL(page.url()).pathname.split('/')[2]!;
    const rain = (await (await page.request.get(app.url(`/api/Project/${serverId}/raindata`))).json()) as {
      source: { edition: string };
      raindataSeries: { annuality: number; valuesForDurations: { duration: number; value: number }[] }[];
    };
    expect(rain.source.edition).toBe('custom');
    expect(rain.raindataSeries.find((e) => e.annuality === 5)?.valuesForDurations.find((v) => v.duration === 5)?.value).toBe(250);
    await page.goto(app.url('/projects/projects'));
    await page.getByRole('cell', { name: 'Probe Einfamilienhaus' }).first().waitFor();
    // gone from the browser
    expect(await page.getByRole('region', { name: 'Probeprojekte in diesem Browser' }).count()).toBe(0);
  });
});
