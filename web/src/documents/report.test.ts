/**
 * createReportPdf on its main-thread path (no worker in the unit tests; the worker path runs in
 * Chromium in `npm run bench`): the same engine definition rendered by pdfmake's browser build,
 * read back with pdf.js.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
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

/** A stand-in for the module worker that answers Comlink's calls (or fails to load) and records them. */
class FakeWorker {
  static made: FakeWorker[] = [];
  static fail = false;
  readonly calls: string[] = [];
  terminated = false;
  private readonly listeners = new Map<string, ((event: { data?: unknown }) => void)[]>();
  readonly url: URL;
  readonly options: WorkerOptions;
  constructor(url: URL, options: WorkerOptions) {
    this.url = url;
    this.options = options;
    FakeWorker.made.push(this);
  }
  addEventListener(type: string, listener: (event: { data?: unknown }) => void): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  removeEventListener(): void {}
  postMessage(message: { id: string; type: string; path: string[] }): void {
    this.calls.push(`${message.type} ${message.path.join('.')}`);
    setTimeout(() => {
      if (FakeWorker.fail) for (const l of this.listeners.get('error') ?? []) l({});
      else for (const l of this.listeners.get('message') ?? []) l({ data: { id: message.id, type: 'RAW', value: undefined } });
    }, 0);
  }
  terminate(): void {
    this.terminated = true;
  }
}

describe('prepareReportPdf', () => {
  /** A fresh module each time: the kept worker is module state. */
  async function fresh() {
    vi.resetModules();
    return (await import('./report.ts')).prepareReportPdf;
  }

  afterEach(() => {
    vi.unstubAllGlobals();
    FakeWorker.made = [];
    FakeWorker.fail = false;
  });

  it('starts the report worker once and lets it prepare (pdfmake, fonts) in the background', async () => {
    vi.stubGlobal('Worker', FakeWorker);
    const prepareReportPdf = await fresh();
    await prepareReportPdf();
    await prepareReportPdf();
    expect(FakeWorker.made).toHaveLength(1);
    expect(FakeWorker.made[0]!.url.pathname).toMatch(/report\.worker\.ts$/);
    expect(FakeWorker.made[0]!.options.type).toBe('module');
    expect(FakeWorker.made[0]!.calls).toEqual(['APPLY prepare', 'APPLY prepare']);
  });

  it('never rejects: without workers, or when the worker cannot load (the download then falls back)', async () => {
    vi.stubGlobal('Worker', undefined);
    await expect((await fresh())()).resolves.toBeUndefined();
    vi.stubGlobal('Worker', FakeWorker);
    FakeWorker.fail = true;
    await expect((await fresh())()).resolves.toBeUndefined();
    expect(FakeWorker.made).toHaveLength(1);
  });
});
