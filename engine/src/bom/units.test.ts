/**
 * English texts of bills and documents (issue 28, decision 0215): English bills say "pcs", every
 * unit and product text of the catalogue has its English form, the boxes carry a name that fits
 * both infiltration and retention, and every document label exists in both languages.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseProject } from '../project/parseProject.ts';
import { demoCatalogue } from '../../test-support/demoCatalogue.ts';
import { projectMassList } from './massList.ts';
import { BILL_UNITS_EN, billUnit } from './units.ts';

const CATALOGUE = new URL('../../../fixtures/catalogue/', import.meta.url);
const LABELS = new URL('../documents/labels/', import.meta.url);
const json = (url: URL): unknown => JSON.parse(readFileSync(url, 'utf8'));

/** Every German text of a JSON document with its English partner: `xDe`/`xEn` fields and `{ de, en }` objects. */
function textPairs(value: unknown, path: string, out: { path: string; de: unknown; en: unknown }[] = []) {
  if (Array.isArray(value)) value.forEach((v, i) => textPairs(v, `${path}[${i}]`, out));
  else if (value !== null && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    if ('de' in o || 'en' in o) out.push({ path, de: o['de'], en: o['en'] });
    for (const [key, v] of Object.entries(o)) {
      if (key.endsWith('De')) out.push({ path: `${path}.${key}`, de: v, en: o[`${key.slice(0, -2)}En`] });
      textPairs(v, `${path}.${key}`, out);
    }
  }
  return out;
}

describe('English texts', () => {
  it('units: an English bill says pcs and set; German bills and SI symbols stay', () => {
    expect(billUnit('Stk', 'en')).toBe('pcs');
    expect(billUnit('Stk', 'de')).toBe('Stk');
    expect(billUnit('Set', 'en')).toBe('set');
    for (const si of ['m', 'm²', 'm³', 'h', 'kg']) expect(billUnit(si, 'en')).toBe(si);
    expect(billUnit('Pale', 'en')).toBe('Pale'); // a unit the table does not know stays as typed
  });

  it('every product of the catalogue has its English name, long text and unit', () => {
    const products = (json(new URL('products.json', CATALOGUE)) as { products: Record<string, string>[] }).products;
    for (const p of products) {
      expect(p['nameEn']?.trim(), p['materialNumber']).toBeTruthy();
      if (p['longTextDe'] !== undefined) expect(p['longTextEn']?.trim(), p['materialNumber']).toBeTruthy();
      expect(Object.keys(BILL_UNITS_EN), `${p['materialNumber']} unit ${p['unit']}`).toContain(p['unit']);
    }
  });

  it('every German text of the catalogue files has an English one', () => {
    for (const file of ['products.json', 'boxes.json']) {
      const pairs = textPairs(json(new URL(file, CATALOGUE)), file);
      expect(pairs.length, file).toBeGreaterThan(0);
      for (const { path, de, en } of pairs) {
        if (typeof de !== 'string' || de.trim() === '') continue;
        expect(typeof en === 'string' && en.trim() !== '', `${path}: "${de}" has no English text`).toBe(true);
      }
    }
  });

  it('boxes are not called infiltration boxes in English: they serve retention as well', () => {
    const texts = JSON.stringify([json(new URL('products.json', CATALOGUE)), json(new URL('boxes.json', CATALOGUE))]);
    expect(texts).not.toMatch(/infiltration box/i);
    const box = demoCatalogue().products.find((p) => p.materialNumber === '100100');
    expect(box?.nameEn).toBe('Storage box 800 × 800 × 660');
  });

  it('every document label exists in German and English, none empty', () => {
    const files = readdirSync(LABELS).filter((f) => f.endsWith('.de.json'));
    expect(files.length).toBeGreaterThan(3);
    for (const de of files) {
      const german = json(new URL(de, LABELS)) as Record<string, string>;
      const english = json(new URL(de.replace('.de.json', '.en.json'), LABELS)) as Record<string, string>;
      expect(Object.keys(english).sort(), de).toEqual(Object.keys(german).sort());
      for (const [key, text] of Object.entries(english)) expect(text.trim(), `${de} ${key}`).not.toBe('');
    }
  });

  it('an English bill of a fixture project carries English units only', () => {
    const parsed = parseProject(readFileSync(new URL('../../../fixtures/projects/box-configurations.project.json', import.meta.url), 'utf8'));
    if (!parsed.ok) throw new Error('fixture does not parse');
    const bill = projectMassList(parsed.project, demoCatalogue(), { groupBy: 'measure', prices: true, language: 'en' });
    const units = bill.massListGroups.flatMap((g) => g.lines.map((l) => l.unit));
    expect(units).toContain('pcs');
    expect(units).not.toContain('Stk');
    const german = projectMassList(parsed.project, demoCatalogue(), { groupBy: 'measure', prices: true, language: 'de' });
    expect(german.massListGroups.flatMap((g) => g.lines.map((l) => l.unit))).toContain('Stk');
  });
});
