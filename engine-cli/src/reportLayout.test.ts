/**
 * `rainplan report` page layout (planning spec §9 "Report layout"): A4 portrait for text, each
 * configuration drawing on an A4 landscape page headed by the configuration's name; read back
 * from the PDF with pdf.js (page boxes and text).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { parseProject } from '@rainplan/engine';
import { formatNumber, reportInputs } from '@rainplan/engine/documents';
import { run } from './testing/run.ts';

const repo = fileURLToPath(new URL('../../', import.meta.url));
const tmp = mkdtempSync(path.join(tmpdir(), 'rainplan-report-layout-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** Each page's size in pt (width × height) and its text. */
async function pages(bytes: Uint8Array): Promise<{ width: number; height: number; text: string }[]> {
  const task = getDocument({ data: new Uint8Array(bytes), disableFontFace: true, useSystemFonts: false, verbosity: 0 });
  const doc = await task.promise;
  try {
    const out: { width: number; height: number; text: string }[] = [];
    for (let i = 1; i <= doc.numPages; i++) {
      const page = await doc.getPage(i);
      const [x0, y0, x1, y1] = page.view as [number, number, number, number];
      const content = await page.getTextContent();
      const text = content.items.map((item) => ('str' in item ? item.str : '')).join(' ').replace(/\s+/g, ' ');
      out.push({ width: Math.round(x1 - x0), height: Math.round(y1 - y0), text });
    }
    return out;
  } finally {
    await task.destroy();
  }
}

async function report(name: string, lang: 'de' | 'en'): Promise<{ width: number; height: number; text: string }[]> {
  const out = path.join(tmp, `${name}-${lang}.pdf`);
  const r = await run(['report', path.join(repo, 'fixtures/projects', `${name}.project.json`), '-o', out, '--lang', lang, '--date', '2026-11-25'], { cwd: repo });
  expect(r.code).toBe(0);
  return pages(new Uint8Array(readFileSync(out)));
}

describe('report layout', () => {
  it('prints text on A4 portrait pages and every drawing on its own A4 landscape page', async () => {
    const all = await report('box-configurations', 'en');
    const views = ['Top view', 'Front view', 'Side view'];
    const drawingPages = all.filter((p) => views.some((v) => p.text.includes(`– ${v}`)));
    // two configurations, three views each
    expect(drawingPages).toHaveLength(6);
    for (const p of all) {
      const isDrawing = drawingPages.includes(p);
      expect({ width: p.width, height: p.height }, p.text.slice(0, 60)).toEqual(isDrawing ? { width: 842, height: 595 } : { width: 595, height: 842 });
    }
    // the page after the last drawing (the bill of materials) is portrait again
    const last = all.indexOf(drawingPages[drawingPages.length - 1]!);
    expect(all[last + 1]!.text).toContain('Bill of materials');
    expect(all[last + 1]!.width).toBe(595);
  });
});

/** German document number → JS number ("1.234,56" → 1234.56). */
const deNumber = (text: string) => Number(text.replace(/\./g, '').replace(',', '.'));

/** Evaluates a substituted right-hand side as printed ("[(360,00 + 60,00) · 10⁻⁷ · 143,9 − …] · 30 · 60 · 1,20"). */
function evaluatePrinted(expression: string): number {
  const superscripts: Record<string, string> = { '⁰': '0', '¹': '1', '²': '2', '³': '3', '⁴': '4', '⁵': '5', '⁶': '6', '⁷': '7', '⁸': '8', '⁹': '9', '⁻': '-' };
  const js = expression
    .replace(/10([⁻⁰¹²³⁴⁵⁶⁷⁸⁹]+)/g, (_m, exp: string) => `1e${Array.from(exp, (ch) => superscripts[ch]).join('')}`)
    .replace(/\d{1,3}(\.\d{3})*,\d+|\d+/g, (n) => String(deNumber(n)))
    .replace(/·/g, '*')
    .replace(/−/g, '-')
    .replace(/[[\]]/g, (b) => (b === '[' ? '(' : ')'));
  if (!/^[\d\s.e()*+/-]+$/.test(js)) throw new Error(`not an arithmetic expression: ${js}`);
  return Function(`"use strict"; return (${js});`)() as number;
}

describe('report calculation path', () => {
  for (const name of ['sizing-infiltration-2024', 'large-site-flooding', 'sizing-retention-2005']) {
    it(`every equation re-checks by hand and equals the result block to the printed digit (${name})`, async () => {
      const all = await report(name, 'de');
      const text = all.map((p) => p.text).join(' ').replace(/\s+/g, ' ');
      const project = parseProject(readFileSync(path.join(repo, 'fixtures/projects', `${name}.project.json`), 'utf8'));
      if (!project.ok) throw new Error(name);
      const { evaluation } = reportInputs(project.project, { language: 'de' });
      // each measure's part results, as the result block and the parts table print them
      let checked = 0;
      for (const m of evaluation.measures) {
        const d = m.data;
        const parts = [
          { required: d.requiredVolumeTrough, duration: d.durationTrough, r: d.precipitationTrough, draining: d.drainingTimeTrough },
          { required: d.requiredVolumeInfiltrationTank, duration: d.durationInfiltrationTank, r: d.precipitationInfiltrationTank, draining: d.drainingTimeInfiltrationTank },
        ].filter((p) => typeof p.required === 'number');
        for (const p of parts) {
          expect(text, m.name).toContain(`D = ${formatNumber(p.duration, 'de', { decimals: 0 })} min, r(D, T = `);
          expect(text, m.name).toContain(`= ${formatNumber(p.r, 'de', { decimals: 1 })} l/(s·ha)`);
          expect(text, m.name).toMatch(new RegExp(`· ${formatNumber(p.duration, 'de', { decimals: 0 })} · 60 · [\\d,]+( − [\\d.,]+)? = ${formatNumber(p.required, 'de').replace(/\./g, '\\.')} m³`));
          if (typeof p.draining === 'number' && p.required! > 0) expect(text, m.name).toMatch(new RegExp(`/ 3600 = ${formatNumber(p.draining, 'de', { decimals: 1 })} h`));
          checked++;
        }
        if (typeof d.floodingVolume === 'number' && d.extraVolume != null) {
          expect(text, m.name).toContain(`= ${formatNumber(d.floodingVolume, 'de')} m³ ΔV = max(0; V_Ü − V_vorh) = max(0; ${formatNumber(d.floodingVolume, 'de')} − ${formatNumber(m.value, 'de')}) = ${formatNumber(d.extraVolume, 'de')} m³`);
        }
      }
      expect(checked).toBeGreaterThan(0);
      // every substituted balance, evaluated from its printed numbers, gives its printed result
      const equations = [...text.matchAll(/V(?:_[MRÜ])? = (\[[^=]*?\] · \d+ · 60 · [\d,]+(?: − [\d.,]+)?|[\d.,]+ · 10⁻⁷ · [\d.,]+ · \d+ · 60 · [\d,]+) = ([\d.,]+) m³/g)];
      expect(equations.length).toBeGreaterThanOrEqual(checked);
      for (const [, expression, result] of equations) {
        const value = Math.max(0, evaluatePrinted(expression!));
        expect(Math.abs(value - deNumber(result!)), `${expression} = ${result}`).toBeLessThanOrEqual(0.005 * deNumber(result!) + 0.011);
      }
      for (const [, expression, result] of text.matchAll(/t_E = V \/ [^=]+ = ([\d.,]+ \/ \([^)]*\) \/ 3600) = ([\d,]+) h/g)) {
        expect(Math.abs(evaluatePrinted(expression!) - deNumber(result!)), expression).toBeLessThanOrEqual(0.005 * deNumber(result!) + 0.06);
      }
    });
  }
});
