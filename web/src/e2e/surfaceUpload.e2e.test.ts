/**
 * Sealed-surface spreadsheet upload in the browser (template v1.1): a CSV and an .xlsx file (with
 * a formula cell) go through the upload dialog's states into the waterflow and are saved on the
 * server; a rain data template (v1.0) is refused with INVALID_VERSION and offers a retry; the
 * template is downloadable from the file-templates path.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createConfirmedUser, describeE2e, expectAccessible, signIn, startE2eApp, type E2eApp } from './harness.ts';
import { apiSession, heading, type ApiSession } from './dimensioningHelpers.ts';

const CSV = [
  'v1.1;Name;Fläche [m²];Abflussart;Cm;Cs;Ableitung;Flächenverschmutzung M153;Flächengruppe A102',
  ';Dach Nord;120;Flachdach;;;Grundwasser;F2;',
  ';Hof;80,5;Asphalt;;;Gewässer;;V2',
  ';;;;;;;;',
].join('\r\n');

async function xlsx(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Flächen');
  sheet.addRow(['v1.1', 'Name', 'Area [m²]', 'Runoff type', 'Drain', 'Ground pollution M153']);
  sheet.addRow([null, 'Garage', 36, 'Flat roof', 'Groundwater', 'F3']);
  sheet.addRow([null, 'Carport', { formula: 'C2/2', result: 18 }, 'Pitched roof', 'Groundwater', 'F3']);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describeE2e('sealed-surface spreadsheet upload', () => {
  let app: E2eApp;
  let session: ApiSession;
  let projectId: string;

  beforeAll(async () => {
    app = await startE2eApp();
  });

  afterAll(async () => {
    await app?.close();
  });

  it('CSV and XLSX files add their surfaces; a v1.0 file shows INVALID_VERSION with retry', async () => {
    const user = await createConfirmedUser(app, 'tabelle@example.com');
    session = await apiSession(app, user);
    projectId = await session.request<string>('POST', '/api/Project', {
      project: { name: 'Tabellenprojekt', airPollutionType: 'L1' },
      location: { latitude: 48.137, longitude: 11.575, address: 'Marienplatz 1, München' },
    });
    const page = await app.newPage();
    await page.addInitScript(() => window.localStorage.setItem('rainplan.changelogVersion', '1.0.5'));
    await signIn(page, app, user);
    await page.goto(app.url(`/project/${projectId}/dimensioning/sealedsurfaces`));
    await heading(page, 'Versiegelte Fläche: Fläche 1');
    const flow = page.getByRole('complementary', { name: 'Wasserfluss' });

    // the template link points at the static file
    const href = await flow.getByRole('link', { name: 'Vorlage herunterladen (v1.1)' }).getAttribute('href');
    expect(href).toBe('/file-templates/surface-template-v1.1-de.csv');
    const template = await page.request.get(app.url(href!));
    expect((await template.text()).replace(/^\uFEFF/, '')).toMatch(/^v1\.1;Name;Fläche \[m²\]/);

    const upload = async (name: string, mimeType: string, buffer: Buffer) => {
      await flow.getByRole('button', { name: 'Flächen aus Tabelle hochladen' }).click();
      const dialog = page.getByRole('dialog', { name: 'Versiegelte Flächen hochladen' });
      await dialog.waitFor();
      const chooser = page.waitForEvent('filechooser');
      await dialog.getByRole('button', { name: 'Datei auswählen' }).click();
      await (await chooser).setFiles({ name, mimeType, buffer });
      await dialog.getByText(name).waitFor();
      await dialog.getByRole('button', { name: 'Hochladen' }).click();
      return dialog;
    };

    // an INVALID_VERSION file (the rain data template)
    let dialog = await upload('regen.csv', 'text/csv', Buffer.from('v1.0;Regendaten\r\nD [min];T=1a\r\n5;100\r\n'));
    const alert = dialog.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('INVALID_VERSION');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Erneut versuchen' }).click();
    await dialog.getByRole('button', { name: 'Datei auswählen' }).waitFor();
    await dialog.getByRole('button', { name: 'Abbrechen' }).click();
    await dialog.waitFor({ state: 'detached' });

    // CSV: two surfaces (the empty row is dropped), editable before continuing
    dialog = await upload('flaechen.csv', 'text/csv', Buffer.from(CSV));
    const table = dialog.getByRole('table', { name: 'Gelesene Flächen' });
    await table.waitFor();
    expect(await table.getByRole('row').count()).toBe(3);
    await table.getByText('Dach Nord').waitFor();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Weiter' }).click();
    await dialog.getByRole('button', { name: 'Schließen' }).click();
    await flow.getByRole('button', { name: 'Dach Nord' }).waitFor();
    await flow.getByRole('button', { name: 'Hof' }).waitFor();

    // XLSX with English headers and a formula cell
    dialog = await upload('flaechen.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', await xlsx());
    await dialog.getByRole('table', { name: 'Gelesene Flächen' }).getByText('Carport').waitFor();
    await dialog.getByRole('button', { name: 'Weiter' }).click();
    await dialog.getByRole('button', { name: 'Schließen' }).click();
    await flow.getByRole('button', { name: 'Carport' }).waitFor();

    // saved on the server with the engine's rules
    const waterflow = await session.request<{ sealedSurfaces: { name: string; value?: number; drain?: string; data: Record<string, unknown> }[] }>('GET', `/api/Project/${projectId}/waterflow`);
    const byName = new Map(waterflow.sealedSurfaces.map((s) => [s.name, s]));
    expect([...byName.keys()].sort()).toEqual(['Carport', 'Dach Nord', 'Fläche 1', 'Garage', 'Hof']);
    expect(byName.get('Dach Nord')).toMatchObject({ value: 120, drain: 'Groundwater', data: { runoff: 'flatRoof', cm: 0.9, cs: 1, groundPollutionM153: 'F2' } });
    expect(byName.get('Hof')).toMatchObject({ value: 80.5, drain: 'Watercourse', data: { runoff: 'blacktop', areaGroupA102: 'V2' } });
    expect(byName.get('Carport')).toMatchObject({ value: 18, data: { runoff: 'pitchedRoof', groundPollutionM153: 'F3' } });
  });
});
