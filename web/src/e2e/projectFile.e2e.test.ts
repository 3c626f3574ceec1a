/**
 * Project files in the browser (issue 7): opening a rainplan project file on the project list
 * creates the project on the server (custom rain data, nodes with new ids); downloading it from
 * its project data gives a file that the engine evaluates exactly like the original. An
 * unreadable file shows its problems with JSON paths. A file with box configurations and product
 * lists comes back with them, and its mass list is the api's.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { evaluate, parseProject, type Evaluation, type Project } from '@rainplan/engine';
import { projectMassList } from '@rainplan/engine/bom';
import { parseCatalogue } from '@rainplan/engine/catalogue';
import { createConfirmedUser, describeE2e, expectAccessible, REPO_DIR, signIn, startE2eApp, type E2eApp } from './harness.ts';

/** An evaluation with every node id replaced by its kind and position (ids differ between the file and the created project). */
function results(project: Project, evaluation: Evaluation): unknown {
  const labels = new Map<string, string>();
  project.waterflow.sealedSurfaces.forEach((n, i) => labels.set(n.id, `surface#${i}`));
  project.waterflow.purifications.forEach((n, i) => labels.set(n.id, `purification#${i}`));
  project.waterflow.measures.forEach((n, i) => labels.set(n.id, `measure#${i}`));
  const relabel = (value: unknown): unknown => {
    if (typeof value === 'string') return labels.get(value) ?? value;
    if (Array.isArray(value)) return value.map(relabel);
    if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, relabel(v)]));
    return value;
  };
  return relabel(evaluation);
}

describeE2e('project files: open creates the project, download gives an equal project', () => {
  let app: E2eApp;

  beforeAll(async () => {
    app = await startE2eApp();
  });

  afterAll(async () => {
    await app?.close();
  });

  it('opens a project file, downloads it again and the engine evaluates both alike', async () => {
    const fixture = JSON.parse(await readFile(path.join(REPO_DIR, 'fixtures/projects/sizing-retention-2024.project.json'), 'utf8')) as Project;
    const original: Project = {
      ...fixture,
      project: { ...fixture.project, name: 'Rückhaltung aus Datei', location: { latitude: 48.137, longitude: 11.575, address: 'Marienplatz 1, München' } },
      rainData: { source: { edition: 'custom' }, raindataSeries: fixture.rainData!.raindataSeries },
    };
    const user = await createConfirmedUser(app, 'datei@example.com');
    const page = await app.newPage({ acceptDownloads: true });
    await page.addInitScript(() => window.localStorage.setItem('rainplan.changelogVersion', '1.0.5'));
    await signIn(page, app, user);
    await page.goto(app.url('/projects/projects'));

    // an unreadable file: the dialog lists the problems with their JSON paths
    const broken = { ...original, waterflow: { ...original.waterflow, measures: [{ ...original.waterflow.measures[0], data: { safetyMargin: '20' } }] } };
    let chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Projektdatei öffnen' }).click();
    await (await chooser).setFiles({ name: 'kaputt.rainplan.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(broken)) });
    const dialog = page.getByRole('alertdialog', { name: 'Projektdatei nicht lesbar' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('$.waterflow.measures[0].data.safetyMargin');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Schließen' }).click();

    // a valid file creates the project and opens its dimensioning
    chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Projektdatei öffnen' }).click();
    await (await chooser).setFiles({ name: 'rueckhaltung.rainplan.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(original)) });
    await page.waitForURL((url) => /^\/project\/[^/]+\/dimensioning$/.test(url.pathname));
    const projectId = new URL(page.url()).pathname.split('/')[2]!;

    // download from the project data screen
    await page.goto(app.url(`/project/${projectId}/projectData`));
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Projektdatei herunterladen' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('Rückhaltung aus Datei.rainplan.json');
    const text = await readFile((await download.path())!, 'utf8');
    const parsed = parseProject(text);
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
    const downloaded = parsed.project;
    expect(downloaded.project).toMatchObject({ name: original.project.name, location: original.project.location, airPollution: 'L1', ruleEdition: 'DWA-A 138-1:2024' });
    expect(downloaded.rainData?.source.edition).toBe('custom');
    expect(downloaded.waterflow.sealedSurfaces.map((s) => s.name)).toEqual(original.waterflow.sealedSurfaces.map((s) => s.name));
    expect(downloaded.waterflow.measures.map((m) => m.name)).toEqual(original.waterflow.measures.map((m) => m.name));
    expect(downloaded.waterflow.measures.map((m) => m.id)).not.toEqual(original.waterflow.measures.map((m) => m.id));

    // the same results as `rainplan evaluate` on the original file
    expect(results(downloaded, evaluate(downloaded))).toEqual(results(original, evaluate(original)));

    // the project is in the list
    await page.goto(app.url('/projects/projects'));
    await page.getByRole('cell', { name: 'Rückhaltung aus Datei' }).first().waitFor();
  });

  it('carries box configurations and product lists: the downloaded file gives the api’s mass list (issue 16)', async () => {
    const original = JSON.parse(await readFile(path.join(REPO_DIR, 'fixtures/projects/box-configurations.project.json'), 'utf8')) as Project;
    const user = await createConfirmedUser(app, 'boxen@example.com');
    const page = await app.newPage({ acceptDownloads: true });
    await page.addInitScript(() => window.localStorage.setItem('rainplan.changelogVersion', '1.0.5'));
    await signIn(page, app, user);
    await page.goto(app.url('/projects/projects'));
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Projektdatei öffnen' }).click();
    await (await chooser).setFiles({ name: 'boxen.rainplan.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(original)) });
    await page.waitForURL((url) => /^\/project\/[^/]+\/dimensioning$/.test(url.pathname));
    const projectId = new URL(page.url()).pathname.split('/')[2]!;

    await page.goto(app.url(`/project/${projectId}/projectData`));
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Projektdatei herunterladen' }).click();
    const parsed = parseProject(await readFile((await (await downloading).path())!, 'utf8'));
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
    const downloaded = parsed.project;

    // the configurations with their settings, items (new ids from the api) and products; the measure's products
    const measureName = (project: Project, id: string | null | undefined) => project.waterflow.measures.find((m) => m.id === id)?.name ?? null;
    const configurations = downloaded.boxConfigurations ?? [];
    expect(configurations.map((c) => [c.name, measureName(downloaded, c.measureId), c.stormwaterObjective, c.groundLevel, c.plantBottomLevel, c.items?.length])).toEqual(
      (original.boxConfigurations ?? []).map((c) => [c.name, measureName(original, c.measureId), c.stormwaterObjective, c.groundLevel, c.plantBottomLevel, c.items?.length]),
    );
    const strip = (items: NonNullable<Project['boxConfigurations']>[number]['items']) => (items ?? []).map(({ boxId: _id, options, ...rest }) => ({ ...rest, options: options ?? [] }));
    configurations.forEach((c, i) => expect(strip(c.items)).toEqual(strip(original.boxConfigurations![i]!.items)));
    expect(configurations.flatMap((c) => c.items ?? []).every((item) => typeof item.boxId === 'string' && item.boxId !== '')).toBe(true);
    expect(configurations[1]!.additionalProducts?.map((l) => [l.materialNumber, l.quantity])).toEqual([['600110', '4'], ['600100', '1']]);
    expect(configurations[1]!.additionalProducts?.[1]?.unitPrice).toBe('199.90');
    expect(downloaded.measureProducts?.map((p) => [measureName(downloaded, p.measureId), p.products.map((l) => [l.materialNumber, l.quantity])])).toEqual([['Rohrrigole Hof', [['500100', '1']]]]);

    // `rainplan masslist` on the downloaded file (the engine with the demo catalogue) = the api's mass-list data
    const catalogue = parseCatalogue(
      await readFile(path.join(REPO_DIR, 'fixtures/catalogue/products.json'), 'utf8'),
      await readFile(path.join(REPO_DIR, 'fixtures/catalogue/boxes.json'), 'utf8'),
    );
    if (!catalogue.ok) throw new Error(JSON.stringify(catalogue.errors));
    for (const groupBy of ['none', 'configuration'] as const) {
      const served = await page.request.get(app.url(`/api/Documents/${projectId}/masslist/data?groupBy=${groupBy}&languageCode=de`));
      expect(served.status()).toBe(200);
      const bill = JSON.parse(JSON.stringify(projectMassList(downloaded, catalogue.catalogue, { groupBy, language: 'de' })));
      expect(bill.totalPrice).not.toBeNull();
      // the api adds the catalogue version whose prices the project keeps (decision 0100)
      const { catalogueVersion, newerPricesAvailable, ...massList } = (await served.json()) as Record<string, unknown>;
      expect(catalogueVersion).toMatchObject({ version: 1 });
      expect(newerPricesAvailable).toBe(false);
      expect(massList).toEqual(bill);
    }
  });
});
