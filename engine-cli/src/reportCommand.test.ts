/**
 * `rainplan report`: the PDF's extracted text (pdf.js) holds the figures of evaluate() for the same
 * project — A_C, required and available volumes, pass / fail, totals — in German and English; a
 * project without rain data gives a message page (exit 1); usage errors exit 2.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { parseProject, type Project } from '@rainplan/engine';
import { formatDecimalString, formatNumber, measurePassing, reportInputs } from '@rainplan/engine/documents';
import { loadCatalogue } from './catalogue.ts';
import { pdfPageTexts } from './testing/pdfText.ts';
import { run } from './testing/run.ts';

const repo = fileURLToPath(new URL('../../', import.meta.url));
const tmp = mkdtempSync(path.join(tmpdir(), 'rainplan-report-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const fixture = (name: string) => path.join(repo, 'fixtures/projects', `${name}.project.json`);
const project = (name: string): Project => {
  const r = parseProject(readFileSync(fixture(name), 'utf8'));
  if (!r.ok) throw new Error(name);
  return r.project;
};

/** pdf.js splits table cells and wrapped labels; compare on single-spaced text. */
const flat = (s: string) => s.replace(/\s+/g, ' ');

async function report(name: string, lang: 'de' | 'en', extra: string[] = []) {
  const out = path.join(tmp, `${name}-${lang}.pdf`);
  const r = await run(['report', fixture(name), '-o', out, '--lang', lang, '--date', '2026-11-25', '--planner', 'Ing. Muster', ...extra], { cwd: repo });
  const bytes = new Uint8Array(readFileSync(out));
  const pages = await pdfPageTexts(bytes);
  return { r, bytes, pages, text: flat(pages.join('\n')) };
}

describe('rainplan report', () => {
  for (const lang of ['de', 'en'] as const) {
    it(`holds the key figures of evaluate() (${lang})`, async () => {
      const { r, bytes, pages, text } = await report('box-configurations', lang);
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
      expect(pages.length).toBeGreaterThan(5);
      const p = project('box-configurations');
      const inputs = reportInputs(p, { language: lang, catalogue: await loadCatalogue(undefined, repo, 'test') });
      const e = inputs.evaluation;
      for (const s of e.sealedSurfaces) expect(text).toContain(formatNumber(s.AC, lang));
      expect(text).toContain(formatNumber(e.summary.totalACM2, lang));
      expect(text).toContain(formatNumber(e.summary.totalAreaM2, lang));
      for (const m of e.measures) {
        expect(text).toContain(m.name);
        expect(text).toContain(formatNumber(m.requiredVolume, lang));
        expect(text).toContain(formatNumber(m.value, lang));
      }
      const required = e.measures.reduce((a, m) => a + (m.requiredVolume ?? 0), 0);
      const available = e.measures.reduce((a, m) => a + (m.value ?? 0), 0);
      expect(text).toContain(formatNumber(required, lang));
      expect(text).toContain(formatNumber(available, lang));
      const verdicts = e.measures.map(measurePassing);
      const words = lang === 'de' ? { pass: 'erfüllt', fail: 'nicht erfüllt' } : { pass: 'pass', fail: 'fail' };
      if (verdicts.includes(true)) expect(text).toMatch(new RegExp(`(^| )${words.pass}( |$)`));
      if (verdicts.includes(false)) expect(text).toContain(words.fail);
      expect(text).toContain(formatDecimalString(inputs.bill!.totalPrice!, lang));
      // cover, contents, page numbers, language
      expect(text).toContain(lang === 'de' ? 'Bemessungsbericht' : 'Dimensioning report');
      expect(text).toContain(lang === 'de' ? 'Inhaltsverzeichnis' : 'Contents');
      expect(text).toContain('Ing. Muster');
      expect(text).toContain(lang === 'de' ? '25.11.2026' : '2026-11-25');
      expect(flat(pages[pages.length - 1]!)).toContain(lang === 'de' ? `Seite ${pages.length} von ${pages.length}` : `Page ${pages.length} of ${pages.length}`);
      expect(text).toContain(e.engineVersion);
    });
  }

  it('is the same file for the same input and date', async () => {
    const a = await report('sizing-retention-2024', 'de');
    const b = await report('sizing-retention-2024', 'de');
    expect(Buffer.from(a.bytes).equals(Buffer.from(b.bytes))).toBe(true);
  });

  it('without rain data writes a message page and exits 1', async () => {
    const { r, pages, text } = await report('sizing-no-rain-data', 'de');
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('no rain data');
    expect(pages.length).toBe(2);
    expect(text).toContain('keine Regendaten geladen');
    expect(text).toContain('Weiter:');
    const en = await report('sizing-no-rain-data', 'en');
    expect(en.text).toContain('No rain data is loaded');
  });

  it("carries each measure's groundwater clearance with its figures, and 'not checked' where MHGW is missing (PDF text)", async () => {
    const { r, text } = await report('groundwater-clearance', 'de');
    expect(r.code).toBe(0);
    // m-mulde: base 519.70 = ground 520.00 − depth 0.30; MHGW 518.50; seepage zone 1.20 ≥ 1.00 m
    for (const figure of ['Sohlhöhe 519,70 m', 'Geländehöhe 520,00 m', 'MHGW 518,50 m', 'Sickerraum 1,20 m', 'mindestens 1,00 m', 'DWA-A 138-1:2024 section 5.3']) expect(text).toContain(figure);
    // m-rigole-seiten-dicht fails: 0.94 m over MHGW 517.60
    expect(text).toContain('MHGW 517,60 m');
    expect(text).toContain('Sickerraum 0,94 m');
    // m-rigole-drossel has no MHGW: not checked, naming what is missing
    expect(text).toContain('Nicht geprüft: MHGW');
    expect(text).toContain('Grundwasserabstand 3 eingehalten, 3 nicht eingehalten, 3 nicht geprüft');
  });

  it('writes to stdout without -o', async () => {
    const r = await run(['report', fixture('minimal'), '--date', '2026-11-25'], { cwd: repo });
    expect(r.stdout.startsWith('%PDF-')).toBe(true);
  });

  it('refuses bad options with exit 2 and a usage hint', async () => {
    for (const [argv, message] of [
      [['report'], 'missing project file'],
      [['report', fixture('minimal'), '--lang', 'fr'], 'invalid --lang'],
      [['report', fixture('minimal'), '--date', '2026-02-30'], 'invalid --date'],
      [['report', fixture('minimal'), '--planner', ' '], '--planner must be'],
      [['report', fixture('minimal'), '--nope'], "Unknown option '--nope'"],
      [['report', fixture('minimal'), '-o', path.join(tmp, 'no/such/dir/x.pdf')], 'cannot write'],
      [['report', path.join(tmp, 'missing.json')], 'cannot read'],
    ] as const) {
      const r = await run([...argv], { cwd: repo });
      expect(r.code, argv.join(' ')).toBe(2);
      expect(r.stderr).toContain(message);
    }
  });

  it('has a help text', async () => {
    const r = await run(['report', '--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Usage: rainplan report');
  });
});
