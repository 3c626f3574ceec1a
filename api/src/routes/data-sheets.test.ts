/** GET /dataSheets/{file name}: every catalogue facility's data sheet exists — the operator's file when supplied, else generated from the catalogue. */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../testing/test-app.ts';

const repo = fileURLToPath(new URL('../../../', import.meta.url));
const catalogue = JSON.parse(readFileSync(path.join(repo, 'fixtures/catalogue/facilities.json'), 'utf8')) as { facilities: { businessId: string; url?: string }[] };
const own = mkdtempSync(path.join(tmpdir(), 'rainplan-datasheets-'));
const OWN_PDF = Buffer.from('%PDF-1.4\n% the operator\'s own sheet\n%%EOF\n');
let plain: TestApp;
let operator: TestApp;

beforeAll(async () => {
  writeFileSync(path.join(own, 'filterschacht.pdf'), OWN_PDF);
  [plain, operator] = await Promise.all([startTestApp(), startTestApp({ dataSheetsDir: own })]);
}, 90_000);
afterAll(async () => {
  rmSync(own, { recursive: true, force: true });
  await Promise.all([plain?.close(), operator?.close()]);
});

describe('facility data sheets', () => {
  it('answers a PDF for the data sheet of every facility in the catalogue, generated and marked so', async () => {
    const files = [...new Set(catalogue.facilities.map((f) => f.url).filter((u): u is string => typeof u === 'string'))];
    expect(files.length).toBeGreaterThan(0);
    expect(catalogue.facilities.every((f) => typeof f.url === 'string')).toBe(true);
    for (const file of files) {
      const response = await plain.client().get(`/dataSheets/${file}`);
      expect(response.statusCode, `${file}: ${response.body.slice(0, 200)}`).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['x-data-sheet']).toBe('generated');
      expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }
    const en = await plain.client().get(`/dataSheets/${files[0]}`, { languageCode: 'en' });
    expect(en.statusCode).toBe(200);
  }, 60_000); // renders a PDF per sheet: slow on a loaded machine

  it("serves the operator's own file when DATA_SHEETS_DIR has it, the generated one for the others", async () => {
    const ownSheet = await operator.client().get('/dataSheets/filterschacht.pdf');
    expect(ownSheet.statusCode).toBe(200);
    expect(ownSheet.headers['x-data-sheet']).toBeUndefined();
    expect(ownSheet.rawPayload.equals(OWN_PDF)).toBe(true);
    const other = await operator.client().get('/dataSheets/sedimentationsschacht.pdf');
    expect(other.headers['x-data-sheet']).toBe('generated');
  });

  it('answers 404 for names no facility links to, and never reads outside the folder', async () => {
    for (const name of ['unknown.pdf', '..%2F..%2Fetc%2Fpasswd', '.hidden.pdf', 'a.txt', 'filterschacht.pdf%00.txt', `${'x'.repeat(300)}.pdf`, 'a/b.pdf']) {
      const response = await operator.client().get(`/dataSheets/${name}`);
      expect([400, 404], name).toContain(response.statusCode);
      expect(response.json(), name).toMatchObject({ type: 'ERROR', code: expect.any(Number) as unknown });
    }
    expect((await plain.client().get('/dataSheets/x.pdf', { languageCode: 'fr' })).statusCode).toBe(400);
  });
});
