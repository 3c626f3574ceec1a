/** The operator's branding: the shipped demo parses, bad files name their JSON path; the report and mass-list PDF carry it. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseProject } from '../project/parseProject.ts';
import { brandingErrorText, parseBranding, type Branding } from './branding.ts';
import { reportDocument } from './report/reportDocument.ts';
import { reportInputs } from './report/inputs.ts';
import { massListModel } from './masslist/model.ts';
import { massListPdf } from './masslist/pdf.ts';
import { documentTranslator } from './labels/index.ts';

const demoDir = new URL('../../../fixtures/branding/demo/', import.meta.url);
const demoJson = readFileSync(new URL('branding.json', demoDir), 'utf8');
const demoLogo = readFileSync(new URL('logo.svg', demoDir), 'utf8');

function demo(): Branding {
  const r = parseBranding(demoJson, demoLogo);
  if (!r.ok) throw new Error(brandingErrorText(r.errors));
  return r.branding;
}

describe('parseBranding', () => {
  it('reads the shipped demo branding: four regions, every footer link, and it says its contacts are invented', () => {
    const b = demo();
    expect(b.demo).toBe(true);
    expect(b.regions).toHaveLength(4);
    for (const r of b.regions) for (const c of r.contacts) expect(c.email).toMatch(/@example\.invalid$/);
    expect(b.notice?.de).toContain('erfunden');
    expect(b.notice?.en).toContain('invented');
    expect(Object.keys(b.links)).toEqual(expect.arrayContaining(['news', 'downloads', 'priceList', 'technicalInformation', 'cadDrawings', 'tenderTextsDe', 'tenderTextsEn', 'country', 'social', 'appStores', 'imprint', 'privacy']));
    expect(b.logoSvg).toContain('<svg');
  });

  it('names what is wrong by its JSON path', () => {
    const value = JSON.parse(demoJson) as Record<string, unknown>;
    const bad = { ...value, regions: (value['regions'] as unknown[]).slice(0, 3), links: { ...(value['links'] as object), news: 'javascript:alert(1)' }, notice: null };
    const r = parseBranding(JSON.stringify(bad), demoLogo);
    expect(r.ok).toBe(false);
    const text = r.ok ? '' : brandingErrorText(r.errors);
    expect(text).toContain('branding.json $.regions: must be a list of exactly 4 regions');
    expect(text).toContain('$.links.news: must be an http(s), mailto: or tel: URL');
    expect(text).toContain('$.notice: a demo branding must say that its contacts are invented');
    expect(parseBranding('{', demoLogo).ok).toBe(false);
    expect(parseBranding(demoJson, undefined)).toMatchObject({ ok: false, errors: [{ path: '$.logo', message: 'logo file "logo.svg" not found' }] });
    expect(parseBranding(demoJson, '<html></html>')).toMatchObject({ ok: false, errors: [{ path: '$.logo' }] });
    const contact = structuredClone(value) as { regions: { contacts: { email: string }[] }[] };
    contact.regions[2]!.contacts[0]!.email = 'no-at-sign';
    expect(parseBranding(JSON.stringify(contact), demoLogo)).toMatchObject({ ok: false, errors: [{ path: '$.regions[2].contacts[0].email' }] });
  });
});

describe('branding in the documents', () => {
  const parsed = parseProject(readFileSync(new URL('../../../fixtures/projects/sizing-retention-2024.project.json', import.meta.url), 'utf8'));
  if (!parsed.ok) throw new Error('fixture');
  const project = parsed.project;

  it('the report has the logo on its cover and the contact directory in four columns with the demo note', () => {
    const branding = demo();
    const inputs = reportInputs(project, { language: 'en' });
    const def = reportDocument({ project, evaluation: inputs.evaluation }, { language: 'en', now: new Date('2026-11-25T00:00:00Z'), appVersion: '9', branding });
    const json = JSON.stringify(def.content);
    expect(JSON.stringify(def.content[0])).toContain(JSON.stringify(branding.logoSvg));
    const heading = def.content.findIndex((n) => typeof n === 'object' && (n as { text?: string }).text === 'Your contacts');
    expect(heading).toBeGreaterThan(0);
    const columns = (def.content[heading + 2] as { columns: { stack: { text?: string }[] }[] }).columns;
    expect(columns.map((c) => c.stack[0]!.text)).toEqual(branding.regions.map((r) => r.region));
    for (const r of branding.regions) for (const c of r.contacts) for (const v of [c.name, c.role, c.phone, c.email]) expect(json).toContain(JSON.stringify(v));
    expect(json).toContain(branding.notice!.en);
    // without a branding: no logo, no contacts section
    const plain = JSON.stringify(reportDocument({ project, evaluation: inputs.evaluation }, { language: 'en', now: new Date('2026-11-25T00:00:00Z'), appVersion: '9' }).content);
    expect(plain).not.toContain('Your contacts');
    expect(plain).not.toContain('<svg xmlns');
  });

  it('the mass-list PDF carries the logo and the company', () => {
    const branding = demo();
    const inputs = reportInputs(project, { language: 'de' });
    const bill = inputs.bill ?? { massListGroups: [], totalPrice: null, currency: 'EUR', language: 'de', groupBy: 'none', issues: [] };
    const model = massListModel({ bill: bill as never, projectName: 'P', scope: { kind: 'project' }, date: new Date('2026-11-25T00:00:00Z'), t: documentTranslator('masslist', 'de') });
    const def = massListPdf(model, { branding });
    expect(JSON.stringify(def.content[0])).toContain(JSON.stringify(branding.company));
    expect(JSON.stringify(massListPdf(model).content)).not.toContain(branding.company);
  });
});

describe('generated facility data sheets', () => {
  const catalogue = JSON.parse(readFileSync(new URL('../../../fixtures/catalogue/facilities.json', import.meta.url), 'utf8')) as { facilities: import('../model/purification.ts').TreatmentFacility[] };

  it('one page per data-sheet file with every facility that names it, marked as generated', async () => {
    const { dataSheetDocument, dataSheetFiles } = await import('./datasheet.ts');
    const files = dataSheetFiles(catalogue.facilities);
    expect([...files.values()].flat()).toHaveLength(catalogue.facilities.length);
    for (const [file, facilities] of files) {
      const def = dataSheetDocument(file, facilities, { language: 'de', now: new Date('2026-11-25T00:00:00Z'), branding: demo() });
      const json = JSON.stringify(def['content']);
      expect(json).toContain('Automatisch aus den Katalogdaten erzeugt am 25.11.2026 – kein Herstellerdatenblatt');
      for (const f of facilities) {
        expect(json).toContain(JSON.stringify(f.businessId));
        expect(json).toContain(JSON.stringify(`${f.regulationType === 'A102' ? 'η' : 'D'} = ${f.value.toFixed(2).replace('.', ',')}`));
        expect(json).toContain(f.regulationType === 'A102' ? 'DWA-A 102-2' : 'DWA-M 153');
      }
    }
    expect(dataSheetFiles([{ ...catalogue.facilities[0]!, url: '../etc/passwd' }]).size).toBe(0);
  });
});
