/**
 * Variants of a measure in the browser (issue 19 part 2, decision 0148), against the real api and
 * the engine in the worker: the Munich scenario (box-configurations project file, custom rain
 * data, demo catalogue with prices; the pipe trench given a surface) is opened; on the pipe trench with its product list the planner
 * adds a variant, chooses it and turns it into a box tank sized by auto-dimension (the pipe trench
 * stays as a variant), compares both (figures, signed differences, the bill totals from the api's
 * catalogue prices in German format, equal to the api's comparison), chooses the pipe trench back
 * (its product list returns), reloads and finds everything, downloads the printable comparison and
 * reads its text. axe on the screen and the choose dialog; screenshot docs/screens/variants.png.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Measure, Project, VariantComparison } from '@rainplan/engine';
import { createConfirmedUser, describeE2e, expectAccessible, REPO_DIR, screenshot, signIn, startE2eApp, type E2eApp } from './harness.ts';
import { apiSession, choose, heading, type, type ApiSession } from './dimensioningHelpers.ts';

async function pdfText(bytes: Buffer): Promise<string> {
  const task = getDocument({ data: new Uint8Array(bytes), useSystemFonts: false });
  const doc = await task.promise;
  const parts: string[] = [];
  for (let p = 1; p <= doc.numPages; p++) parts.push((await (await doc.getPage(p)).getTextContent()).items.map((i) => ('str' in i ? i.str : '')).join(' '));
  await task.destroy();
  return parts.join('\n');
}

const euro = (amount: string, sign = false) => {
  const text = new Intl.NumberFormat('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 2, ...(sign ? { signDisplay: 'exceptZero' as const } : {}) }).format(Number(amount));
  return sign && Number(amount) === 0 ? `±${text}` : text;
};

describeE2e('variants of a measure: add, choose, edit, compare with cost, choose back, print', () => {
  let app: E2eApp;
  let session: ApiSession;
  let projectId: string;
  let page: Page & { readonly errors: string[] };
  const projectName = 'Wohnhöfe Marienplatz (Varianten)';

  beforeAll(async () => {
    app = await startE2eApp();
    const user = await createConfirmedUser(app, 'varianten@example.com', 'Vera Variante');
    session = await apiSession(app, user);
    page = await app.newPage({ acceptDownloads: true });
    await page.addInitScript(() => window.localStorage.setItem('rainplan.changelogVersion', '1.0.5'));
    await signIn(page, app, user);
    const fixture = JSON.parse(await readFile(path.join(REPO_DIR, 'fixtures/projects/box-configurations.project.json'), 'utf8')) as Project;
    // the pipe trench gets a surface of its own (the fixture leaves it without one, so unsized)
    const hof = { id: 's-hof', name: 'Hof', value: 200, parentId: 'm-rohr', drain: 'Groundwater', data: { runoff: 'pitchedRoof', cm: 0.9, cs: 1, groundPollutionM153: 'F2' } };
    const waterflow = {
      ...fixture.waterflow,
      sealedSurfaces: [...fixture.waterflow.sealedSurfaces, hof],
      measures: fixture.waterflow.measures.map((m) => (m.id === 'm-rohr' ? { ...m, drain: 'Groundwater', sealedSurfaces: ['s-hof'] } : m)),
    } as Project['waterflow'];
    const munich: Project = { ...fixture, waterflow, project: { ...fixture.project, name: projectName, location: { latitude: 48.137, longitude: 11.575, address: 'Marienplatz 1, 80331 München' } } };
    await page.goto(app.url('/projects/projects'));
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Projektdatei öffnen' }).click();
    await (await chooser).setFiles({ name: 'muenchen.rainplan.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(munich)) });
    await page.waitForURL((url) => /^\/project\/[^/]+\/dimensioning$/.test(url.pathname));
    projectId = new URL(page.url()).pathname.split('/')[2]!;
  });

  afterAll(async () => {
    await app?.close();
  });

  const section = () => page.getByTestId('variants');
  const value = async (testId: string) => ((await page.getByTestId(testId).locator('.rp-variants__value').textContent()) ?? '').trim();
  const diff = async (testId: string) => ((await page.getByTestId(`${testId}-diff`).textContent()) ?? '').trim();
  const measureNode = async () => (await session.request<{ measures: Measure[] }>('GET', `/api/Project/${projectId}/waterflow`)).measures.find((m) => m.name === 'Rohrrigole Hof')!;
  const products = async (measureId: string) => session.request<{ materialNumber: string; quantity: number }[]>('GET', `/api/Project/${projectId}/measure/${measureId}/additionalProducts`);
  const confirmChoose = async (name: string) => {
    await section().getByRole('button', { name: `Wählen: ${name}`, exact: true }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.waitFor();
    return dialog;
  };
  const pricesLoaded = async () => {
    await expect.poll(async () => (await page.getByTestId('variants-prices').textContent()) ?? '', { timeout: 30_000 }).not.toContain('berechnet');
  };

  it('adds a variant, makes it a box tank, compares with cost, chooses back, keeps it over a reload and prints the comparison', async () => {
    await page.getByRole('complementary').getByRole('button', { name: 'Rohrrigole Hof', exact: true }).click();
    await heading(page, 'Maßnahme: Rohrrigole Hof');
    const measureId = new URL(page.url()).pathname.split('/').at(-1)!;
    await section().getByTestId('variants-none').waitFor();

    // add: a copy of the chosen pipe trench, with its product list; the chosen one is named too
    await section().getByRole('button', { name: 'Variante hinzufügen' }).click();
    await page.getByTestId('variant-head-v1').waitFor();
    expect(await page.getByTestId('variant-head-v1').textContent()).toContain('Variante 2');
    expect(await page.getByRole('textbox', { name: 'Name der gewählten Variante' }).inputValue()).toBe('Variante 1');
    await expect.poll(async () => (await measureNode()).variants?.length, { timeout: 10_000 }).toBe(1);
    expect((await measureNode()).variants![0]!.additionalProducts?.map((p) => [p.materialNumber, p.quantity])).toEqual([['500100', '1']]);
    expect(await value('variant-v1-kind')).toBe('Rohr-/Kiesrigole');
    expect(await diff('variant-v1-available')).toBe('±0');

    // choose the copy (confirmation), then make it a box tank sized by auto-dimension
    let dialog = await confirmChoose('Variante 2');
    expect(await dialog.textContent()).toContain('„Variante 2“ wird zur Maßnahme');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Variante wählen' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByRole('textbox', { name: 'Name der gewählten Variante' }).inputValue()).toBe('Variante 2');
    // the former measure's head follows the chosen name's answer; a clean-clone CI run read it first
    await expect.poll(() => page.getByTestId('variant-head-v1').textContent()).toContain('Variante 1');
    await choose(page, 'Speicherart', 'Boxenrigole');
    await type(page, 'Breite (m)', '1,6');
    await type(page, 'Lagen', '1');
    const auto = page.getByRole('button', { name: 'Automatisch bemessen' });
    await expect.poll(() => auto.isEnabled(), { timeout: 10_000 }).toBe(true);
    await auto.click();
    await expect.poll(async () => (await page.getByTestId('measure-verdict').textContent()) ?? '', { timeout: 10_000 }).toContain('deckt');
    await expect.poll(() => value('variant-chosen-kind')).toBe('Boxenrigole');
    expect(await value('variant-v1-kind')).toBe('Rohr-/Kiesrigole');
    // the comparison's verdict comes with the variants' own evaluation, after the measure's verdict
    await expect.poll(() => value('variant-chosen-verdict')).toBe('erfüllt');

    // compare: the figures of the engine in the worker, the bill totals of the api's catalogue prices
    const prices = page.getByTestId('variants-prices');
    if ((await prices.getByRole('button', { name: 'Preise aktualisieren' }).count()) > 0) await prices.getByRole('button', { name: 'Preise aktualisieren' }).click();
    await pricesLoaded();
    const api = await session.request<VariantComparison>('GET', `/api/Project/${projectId}/measure/${measureId}/variants`);
    const [chosenRow, pipeRow] = api.rows;
    expect(chosenRow!.chosen).toBe(true);
    expect(chosenRow!.type).toBe('boxTank');
    expect(pipeRow!.type).toBe('pipeTank');
    expect(chosenRow!.billTotal).toBeDefined();
    expect(pipeRow!.billTotal).toBeDefined();
    expect(Number(pipeRow!.differences.billTotal)).not.toBe(0);
    expect(await value('variant-chosen-bill')).toBe(euro(chosenRow!.billTotal!));
    expect(await value('variant-v1-bill')).toBe(euro(pipeRow!.billTotal!));
    expect(await diff('variant-v1-bill')).toBe(euro(pipeRow!.differences.billTotal!, true));
    const required = (await value('variant-v1-required')).replace(/\./g, '').replace(',', '.');
    expect(Number(required)).toBeCloseTo(pipeRow!.requiredVolumeM3!, 2);
    await expectAccessible(page);
    await section().scrollIntoViewIfNeeded();
    await screenshot(page, 'variants');

    // choose the pipe trench back: its product list returns to the measure, in the api's one atomic
    // call (no write of the product list, no PUT of the node after it)
    const writes: string[] = [];
    const record = (request: { method(): string; url(): string }) => {
      if (request.method() !== 'GET') writes.push(`${request.method()} ${new URL(request.url()).pathname}`);
    };
    page.on('request', record);
    dialog = await confirmChoose('Variante 1');
    await dialog.getByRole('button', { name: 'Variante wählen' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => value('variant-chosen-kind')).toBe('Rohr-/Kiesrigole');
    await expect.poll(async () => (await measureNode()).variantName, { timeout: 10_000 }).toBe('Variante 1');
    await pricesLoaded();
    page.off('request', record);
    const chooseCall = writes.indexOf(`POST /api/Project/${projectId}/measure/${measureId}/variants/v1/choose`);
    expect(chooseCall).toBeGreaterThanOrEqual(0);
    expect(writes.filter((w) => w.endsWith('/additionalProducts'))).toEqual([]);
    expect(writes.slice(chooseCall + 1).filter((w) => w === `PUT /api/Project/${projectId}/measure/${measureId}`)).toEqual([]);
    expect((await products(measureId)).map((p) => [p.materialNumber, p.quantity])).toEqual([['500100', 1]]);
    const stored = await measureNode();
    expect(stored.data.infiltrationTankType).toBe('Pipe');
    expect(stored.variants?.map((v) => [v.name, v.data.infiltrationTankType])).toEqual([['Variante 2', 'Box']]);

    // reload: everything is there
    await page.reload();
    await heading(page, 'Maßnahme: Rohrrigole Hof');
    await expect.poll(() => value('variant-v1-kind'), { timeout: 20_000 }).toBe('Boxenrigole');
    expect(await page.getByTestId('variant-head-v1').textContent()).toContain('Variante 2');
    expect(await page.getByRole('textbox', { name: 'Name der gewählten Variante' }).inputValue()).toBe('Variante 1');
    await pricesLoaded();
    const after = await session.request<VariantComparison>('GET', `/api/Project/${projectId}/measure/${measureId}/variants`);
    expect(await value('variant-v1-bill')).toBe(euro(after.rows[1]!.billTotal!));

    // print: the PDF made from the engine's definition names the measure, both variants and the totals
    const downloading = page.waitForEvent('download', { timeout: 60_000 });
    await section().getByRole('button', { name: 'Vergleich drucken (PDF)' }).click();
    const file = await downloading;
    expect(file.suggestedFilename()).toMatch(/^Variantenvergleich_.*\.pdf$/);
    const text = await pdfText(await readFile((await file.path())!));
    for (const expected of ['Rohrrigole Hof', 'Variante 1', 'Variante 2', euro(after.rows[0]!.billTotal!), euro(after.rows[1]!.billTotal!)]) expect(text).toContain(expected);

    expect(await page.locator('.rp-notice--error').count()).toBe(0);
    expect(page.errors.filter((e) => !e.includes('favicon') && !e.startsWith('Failed to load resource'))).toEqual([]);
  });
});
