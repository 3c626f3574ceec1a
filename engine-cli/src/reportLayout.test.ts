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
