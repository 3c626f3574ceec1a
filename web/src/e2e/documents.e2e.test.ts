/**
 * The documents page in the browser (issue 18), against the real api: the Munich scenario (the
 * box-configurations project file placed at Marienplatz, with its custom rain data, two measures,
 * a linked and a custom box configuration and a product list) is opened from its project file,
 * then every document of the page is downloaded and checked — Excel read back with exceljs equals
 * the api's mass-list data (number cells, subtotals, totals), PDF text (pdfjs-dist) carries the
 * articles and totals in German format, the report names the project and its measures, X81 / X82
 * have one item per line of the bill, D81 / D82 lines are 80 characters. The product-list dialog
 * adds a product and the total changes. axe on the page and the dialog.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Project } from '@rainplan/engine';
import type { BillOfMaterials } from '@rainplan/engine/bom';
import { formatDecimalString } from '@rainplan/engine/documents';
import { createConfirmedUser, describeE2e, expectAccessible, REPO_DIR, screenshot, signIn, startE2eApp, type E2eApp } from './harness.ts';
import { apiSession, type ApiSession } from './dimensioningHelpers.ts';

interface Downloaded {
  readonly name: string;
  readonly bytes: Buffer;
}

async function pdfText(bytes: Buffer): Promise<string> {
  const task = getDocument({ data: new Uint8Array(bytes), useSystemFonts: false });
  const doc = await task.promise;
  const parts: string[] = [];
  for (let p = 1; p <= doc.numPages; p++) parts.push((await (await doc.getPage(p)).getTextContent()).items.map((i) => ('str' in i ? i.str : '')).join(' '));
  await task.destroy();
  return parts.join('\n');
}

/** Every number cell of the first sheet, row by row. */
async function xlsxNumbers(bytes: Buffer): Promise<number[]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const numbers: number[] = [];
  workbook.worksheets[0]!.eachRow((row) =>
    row.eachCell((cell) => {
      if (typeof cell.value === 'number') numbers.push(cell.value);
    }),
  );
  return numbers;
}

/** The number cells a mass list of this bill must have, in order (quantities, prices, subtotals, total). */
function expectedNumbers(bill: BillOfMaterials, grouped: boolean): number[] {
  const prices = bill.totalPrice !== null;
  const out: number[] = [];
  for (const g of bill.massListGroups) {
    for (const l of g.lines) out.push(Number(l.quantity), ...(prices ? [Number(l.unitPrice), Number(l.totalPrice)] : []));
    if (grouped && prices) out.push(Number(g.totalPrice));
  }
  if (prices) out.push(Number(bill.totalPrice));
  return out;
}

describeE2e('documents page: every document of the Munich scenario, the product-list dialog', () => {
  let app: E2eApp;
  let session: ApiSession;
  let projectId: string;
  let page: Awaited<ReturnType<E2eApp['newPage']>>;
  const projectName = 'Wohnhöfe Marienplatz (Boxen)';

  beforeAll(async () => {
    app = await startE2eApp();
    const user = await createConfirmedUser(app, 'dokumente@example.com', 'Dora Dokument');
    session = await apiSession(app, user);
    page = await app.newPage({ acceptDownloads: true });
    await page.addInitScript(() => window.localStorage.setItem('rainplan.changelogVersion', '1.0.5'));
    await signIn(page, app, user);
    const fixture = JSON.parse(await readFile(path.join(REPO_DIR, 'fixtures/projects/box-configurations.project.json'), 'utf8')) as Project;
    const munich: Project = { ...fixture, project: { ...fixture.project, name: projectName, location: { latitude: 48.137, longitude: 11.575, address: 'Marienplatz 1, 80331 München' } } };
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

  async function download(name: string): Promise<Downloaded> {
    const downloading = page.waitForEvent('download', { timeout: 60_000 });
    await page.getByRole('button', { name, exact: true }).click();
    const file = await downloading;
    return { name: file.suggestedFilename(), bytes: await readFile((await file.path())!) };
  }

  const massListData = (query: string, owner = '') => session.request<BillOfMaterials>('GET', `/api/Documents/${projectId}${owner}/masslist/data?${query}`);

  it('downloads every document and each file holds what the api and the engine say', async () => {
    const workerWarnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning' && message.text().includes('mass list worker')) workerWarnings.push(message.text());
    });
    await page.goto(app.url(`/project/${projectId}/documents`));
    await page.getByRole('heading', { level: 2, name: 'Allgemeine Dokumente' }).waitFor({ timeout: 60_000 });
    await expectAccessible(page);
    await screenshot(page, 'documents');

    // the general mass lists, Excel and PDF
    const lists = [
      { title: 'Massenliste', groupBy: 'none', prices: false },
      { title: 'Massenliste mit Preisen', groupBy: 'none', prices: true },
      { title: 'Massenliste nach Maßnahmen', groupBy: 'measure', prices: false },
      { title: 'Massenliste nach Konfigurationen', groupBy: 'configuration', prices: false },
      { title: 'Massenliste nach Maßnahmen mit Preisen', groupBy: 'measure', prices: true },
      { title: 'Massenliste nach Konfigurationen mit Preisen', groupBy: 'configuration', prices: true },
    ];
    for (const list of lists) {
      const bill = await massListData(`groupBy=${list.groupBy}&prices=${list.prices}&languageCode=de`);
      const xlsx = await download(`${list.title} als Excel herunterladen`);
      expect(xlsx.name).toMatch(/^Massenliste_Wohnhöfe-Marienplatz-\(Boxen\).*\.xlsx$/);
      expect(await xlsxNumbers(xlsx.bytes), list.title).toEqual(expectedNumbers(bill, list.groupBy !== 'none'));
      const pdf = await download(`${list.title} als PDF herunterladen`);
      const text = await pdfText(pdf.bytes);
      expect(text).toContain(list.prices ? 'Massenliste mit Preisen' : 'Massenliste');
      for (const l of bill.massListGroups.flatMap((g) => g.lines)) expect(text).toContain(l.materialNumber);
      if (list.prices) expect(text).toContain(formatDecimalString(bill.totalPrice!, 'de'));
    }

    // per measure and per custom configuration
    const waterflow = await session.request<{ measures: { id: string; name: string }[] }>('GET', `/api/Project/${projectId}/waterflow`);
    for (const measure of waterflow.measures) {
      for (const prices of [false, true]) {
        const bill = await massListData(`prices=${prices}&languageCode=de`, `/measure/${measure.id}`);
        const title = `Massenliste${prices ? ' mit Preisen' : ''} ${measure.name}`;
        expect(await xlsxNumbers((await download(`${title} als Excel herunterladen`)).bytes)).toEqual(expectedNumbers(bill, false));
        const text = await pdfText((await download(`${title} als PDF herunterladen`)).bytes);
        expect(text).toContain(measure.name);
        if (prices) expect(text).toContain(formatDecimalString(bill.totalPrice!, 'de'));
      }
    }
    const configurations = await session.request<{ id: string; name: string; measureId: string | null }[]>('GET', `/api/BoxConfigurator/configurations/${projectId}`);
    const custom = configurations.filter((c) => c.measureId === null);
    expect(custom.map((c) => c.name)).toEqual(['Rückhaltung Hof']);
    for (const configuration of custom) {
      const bill = await massListData('prices=true&languageCode=de', `/boxConfigurator/${configuration.id}`);
      expect(bill.totalPrice).toBe('5693.50');
      expect(await xlsxNumbers((await download(`Massenliste mit Preisen ${configuration.name} als Excel herunterladen`)).bytes)).toEqual(expectedNumbers(bill, false));
      expect(await pdfText((await download(`Massenliste mit Preisen ${configuration.name} als PDF herunterladen`)).bytes)).toContain('5.693,50');
      const plain = await massListData('prices=false&languageCode=de', `/boxConfigurator/${configuration.id}`);
      expect(await xlsxNumbers((await download(`Massenliste ${configuration.name} als Excel herunterladen`)).bytes)).toEqual(expectedNumbers(plain, false));
      expect(await pdfText((await download(`Massenliste ${configuration.name} als PDF herunterladen`)).bytes)).toContain(configuration.name);
    }

    // the service catalogue: X81 / X82 one item per line of the bill by measure, D81 / D82 80 columns
    const byMeasure = await massListData('groupBy=measure&prices=true&languageCode=de');
    const lineCount = byMeasure.massListGroups.reduce((n, g) => n + g.lines.length, 0);
    for (const [title, format, phase] of [
      ['Leistungsverzeichnis', 'GAEB X81', 81],
      ['Leistungsverzeichnis mit Preisen', 'GAEB X82', 82],
    ] as const) {
      const file = await download(`${title} als ${format} herunterladen`);
      expect(file.name).toMatch(new RegExp(`\\.X${phase}$`));
      const xml = file.bytes.toString('utf8');
      expect(xml).toContain(`http://www.gaeb.de/GAEB_DA_XML/DA${phase}/3.3`);
      expect(xml.match(/<Item[\s>]/g)?.length).toBe(lineCount);
      expect(xml.match(/<Qty>/g)?.length).toBe(lineCount);
    }
    for (const [title, format, phase] of [
      ['Leistungsverzeichnis', 'GAEB 90 D81', 81],
      ['Leistungsverzeichnis mit Preisen', 'GAEB 90 D82', 82],
    ] as const) {
      const file = await download(`${title} als ${format} herunterladen`);
      expect(file.name).toMatch(new RegExp(`\\.D${phase}$`));
      const lines = file.bytes.toString('latin1').split(/\r?\n/).filter((l) => l !== '');
      expect(lines.length).toBeGreaterThan(lineCount);
      expect(lines.every((l) => l.length === 80)).toBe(true);
      expect(lines[0]!.slice(0, 2)).toBe('00');
      expect(lines.filter((l) => l.startsWith('21'))).toHaveLength(lineCount);
    }

    // the dimensioning report
    const report = await download('Bemessungsbericht mit Nachweisen als PDF herunterladen');
    expect(report.name).toBe('Bemessungsbericht_Wohnhöfe-Marienplatz-(Boxen).pdf');
    const text = await pdfText(report.bytes);
    expect(text).toContain('Bemessungsbericht');
    expect(text).toContain(projectName);
    for (const measure of waterflow.measures) expect(text).toContain(measure.name);
    expect(page.errors).toEqual([]);
    // the mass lists were made in their worker, none fell back to the main thread
    expect(workerWarnings).toEqual([]);
  }, 240_000);

  it('the product-list dialog adds a product; the total changes and the list is stored', async () => {
    const waterflow = await session.request<{ measures: { id: string; name: string }[] }>('GET', `/api/Project/${projectId}/waterflow`);
    const measure = waterflow.measures.find((m) => m.name === 'Rohrrigole Hof')!;
    await page.goto(app.url(`/project/${projectId}/documents`));
    await page.getByRole('button', { name: `Zusatzprodukte bearbeiten: ${measure.name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Zusatzprodukte der Maßnahme ${measure.name}` });
    await dialog.waitFor();
    const total = dialog.getByTestId('products-total');
    await dialog.getByRole('cell', { name: '500100' }).waitFor();
    expect(await total.textContent()).toContain('2.890,00');
    await expectAccessible(page);
    await dialog.getByRole('combobox', { name: 'Produkt hinzufügen' }).fill('Verbinder');
    await page.getByRole('option', { name: /100110/ }).click();
    await dialog.getByRole('cell', { name: '100110' }).waitFor();
    expect(await total.textContent()).toContain('2.891,85');
    const quantity = dialog.getByRole('textbox', { name: 'Menge von Verbinder für Rigole-Box' });
    await quantity.fill('2,5');
    await quantity.blur();
    await expect.poll(() => total.textContent()).toContain('2.894,63');
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await dialog.waitFor({ state: 'detached' });
    const stored = await session.request<{ materialNumber: string; quantity: number; totalPrice: string }[]>('GET', `/api/Project/${projectId}/measure/${measure.id}/additionalProducts`);
    expect(stored.map((p) => [p.materialNumber, p.quantity, p.totalPrice])).toEqual([
      ['500100', 1, '2890.00'],
      ['100110', 2.5, '4.63'],
    ]);
  }, 120_000);
});
