/**
 * createReportPdf on its main-thread path (no worker in the unit tests; the worker path runs in
 * Chromium in `npm run bench`): the same engine definition rendered by pdfmake's browser build,
 * read back with pdf.js.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { evaluate, parseProject, type Project } from '@rainplan/engine';
import { formatNumber } from '@rainplan/engine/documents';
import { createReportPdf, reportLanguage } from './report.ts';

const fixture = (name: string): Project => {
  const r = parseProject(readFileSync(path.resolve(process.cwd(), '../fixtures/projects', `${name}.project.json`), 'utf8'));
  if (!r.ok) throw new Error(name);
  return r.project;
};

async function text(blob: Blob): Promise<string> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const task = getDocument({ data: new Uint8Array(await blob.arrayBuffer()), disableFontFace: true, useSystemFonts: false, verbosity: 0 });
  const doc = await task.promise;
  let out = '';
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    for (const item of content.items) if ('str' in item) out += `${item.str} `;
  }
  await task.destroy();
  return out.replace(/\s+/g, ' ');
}

describe('createReportPdf', () => {
  it('maps the UI language to the report language', () => {
    expect(reportLanguage('de')).toBe('de');
    expect(reportLanguage('en-GB')).toBe('en');
    expect(reportLanguage('fr')).toBe('de');
  });

  it('makes a PDF with the figures of evaluate() in the UI language', async () => {
    const project = fixture('sizing-retention-2024');
    const blob = await createReportPdf(project, 'en', { createWorker: () => undefined, now: new Date('2026-11-25T00:00:00Z'), planner: 'A. Planner' });
    expect(blob.type).toBe('application/pdf');
    const all = await text(blob);
    expect(all).toContain('Dimensioning report');
    expect(all).toContain('A. Planner');
    for (const m of evaluate(project).measures) {
      expect(all).toContain(m.name);
      expect(all).toContain(formatNumber(m.requiredVolume, 'en'));
      expect(all).toContain(formatNumber(m.value, 'en'));
    }
  });

  it('falls back to the main thread when the worker cannot start', async () => {
    const blob = await createReportPdf(fixture('sizing-no-rain-data'), 'de', {
      createWorker: () => {
        throw new Error('no workers here');
      },
    });
    expect(await text(blob)).toContain('keine Regendaten geladen');
  });
});
