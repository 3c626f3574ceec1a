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
import { billFromApi } from './massListFiles.ts';
import { cachedReportPdf, reportRequestKey, type ReportPdfRequest } from './pdf/reportPdf.ts';
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

describe('the report made ahead (cachedReportPdf, decision 0228)', () => {
  const request = (patch: Partial<ReportPdfRequest> = {}): ReportPdfRequest => ({
    project: fixture('minimal'),
    language: 'de',
    bill: null,
    planner: 'A. Planer',
    branding: null,
    appVersion: 'test',
    now: Date.parse('2026-11-25T08:00:00Z'),
    ...patch,
  });

  it('keys a request by everything but the time of day', () => {
    expect(reportRequestKey(request())).toBe(reportRequestKey(request({ now: Date.parse('2026-11-25T23:59:59Z') })));
    expect(reportRequestKey(request())).not.toBe(reportRequestKey(request({ now: Date.parse('2026-11-26T00:00:00Z') })));
    expect(reportRequestKey(request())).not.toBe(reportRequestKey(request({ language: 'en' })));
    expect(reportRequestKey(request())).not.toBe(reportRequestKey(request({ planner: 'B. Planer' })));
    const changed = request();
    const m = changed.project.waterflow.measures[0]!;
    expect(reportRequestKey(request())).not.toBe(reportRequestKey({ ...changed, project: { ...changed.project, waterflow: { ...changed.project.waterflow, measures: [{ ...m, name: `${m.name} 2` }] } } }));
  });

  it('answers the same report from the one made ahead, a copy each time, and makes a new one when the request changed', async () => {
    const first = await cachedReportPdf(request());
    const again = await cachedReportPdf(request({ now: Date.parse('2026-11-25T17:30:00Z') }));
    expect(again).toEqual(first);
    // a copy: transferring one answer leaves the kept bytes whole
    expect(again.buffer).not.toBe(first.buffer);
    const other = await cachedReportPdf(request({ planner: 'B. Planer' }));
    expect(await text(new Blob([other as Uint8Array<ArrayBuffer>]))).toContain('B. Planer');
    expect(await text(new Blob([again as Uint8Array<ArrayBuffer>]))).toContain('A. Planer');
    // while a report is being made, the same request waits for it instead of making it twice
    const [a, b] = await Promise.all([cachedReportPdf(request({ language: 'en' })), cachedReportPdf(request({ language: 'en', now: Date.parse('2026-11-25T09:00:00Z') }))]);
    expect(a).toEqual(b);
    expect(await text(new Blob([a as Uint8Array<ArrayBuffer>]))).toContain('Dimensioning report');
  }, 120_000);
});

describe('the report: a flooding volume calculated for information (calculate flooding, verification off)', () => {
  /** large-site-flooding with its parking-lot trench (A_C 710.4 m², below the 800 m² threshold) asking for the flooding volume. */
  const informationProject = (): Project => {
    const p = fixture('large-site-flooding');
    const measures = p.waterflow.measures.map((m) => (m.id === 'm-rigole-pkw' ? { ...m, data: { ...m.data, calculateFlooding: true, floodingVerification: false } } : m));
    return { ...p, waterflow: { ...p.waterflow, measures } };
  };

  it('prints the volume marked as information, with its equation, in German and English; the verdict stays with the verified measures', async () => {
    const project = informationProject();
    const m = evaluate(project).measures.find((x) => x.id === 'm-rigole-pkw')!;
    expect(m.floodingVerification).toBe(false);
    const volume = m.data.floodingVolume!;
    expect(volume).toBeGreaterThan(0);
    for (const language of ['de', 'en'] as const) {
      const all = await text(await createReportPdf(project, language, { createWorker: () => undefined, now: new Date('2026-11-25T00:00:00Z') }));
      const shown = formatNumber(volume, language);
      const info = language === 'de' ? 'zur Information' : 'for information';
      // the flooding table's row: the name, "for information" instead of a verdict, then T, D and the volume
      expect(all).toMatch(new RegExp(`Boxen-Rigole Stellplätze ${info} \\d+ \\d+ ${shown.replace('.', '\\.')}`));
      expect(all).toContain(language === 'de' ? '„zur Information“: Das Überflutungsvolumen wurde auf Wunsch berechnet' : '"for information": the flooding volume was calculated on request');
      // the calculation path: the part headed as information, its balance ending in the same volume
      expect(all).toContain(language === 'de' ? 'Überflutungsvolumen zur Information (T =' : 'Flooding volume for information (T =');
      expect(all).toMatch(new RegExp(`V_Ü = [^=]+= ${shown.replace('.', '\\.')} m³`));
      expect(all).not.toContain(language === 'de' ? 'Boxen-Rigole Stellplätze nicht verlangt' : 'Boxen-Rigole Stellplätze not requested');
    }
  });

  it('without the calculation the measure still says "not requested"', async () => {
    const all = await text(await createReportPdf(fixture('large-site-flooding'), 'de', { createWorker: () => undefined, now: new Date('2026-11-25T00:00:00Z') }));
    expect(all).toContain('Boxen-Rigole Stellplätze nicht verlangt');
    expect(all).not.toContain('zur Information');
  });
});

/** A stand-in for the module worker that answers Comlink's calls (or fails to load) and records them. */
class FakeWorker {
  static made: FakeWorker[] = [];
  static fail = false;
  /** What the worker answers per method (undefined for the rest). */
  static answers: Record<string, unknown> = {};
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
  postMessage(message: { id: string; type: string; path?: string[] }): void {
    // Comlink's RELEASE message (sent when the bridge ends the worker) carries no path.
    const path = message.path;
    if (path === undefined) return;
    this.calls.push(`${message.type} ${path.join('.')}`);
    setTimeout(() => {
      if (FakeWorker.fail) for (const l of this.listeners.get('error') ?? []) l({});
      else for (const l of this.listeners.get('message') ?? []) l({ data: { id: message.id, type: 'RAW', value: FakeWorker.answers[path.join('.')] } });
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
    FakeWorker.answers = {};
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

  it('mass-list PDFs run in the same prepared worker (no second worker, no second pdfmake load)', async () => {
    vi.stubGlobal('Worker', FakeWorker);
    const prepareReportPdf = await fresh();
    const { createMassListPdf } = await import('./report.ts');
    const made = { fileName: 'Massenliste_P.pdf', content: new Uint8Array([37, 80, 68, 70]), type: 'application/pdf' };
    FakeWorker.answers = { massListPdf: made };
    await prepareReportPdf();
    const file = await createMassListPdf({ bill: smallBill, projectName: 'P', scope: { kind: 'project' }, groupBy: 'measure', format: 'pdf', language: 'de' });
    expect(file).toEqual(made);
    expect(FakeWorker.made).toHaveLength(1);
    expect(FakeWorker.made[0]!.calls).toEqual(['APPLY prepare', 'APPLY massListPdf']);
  });

  it('without a worker the mass-list PDF is made on the main thread', async () => {
    vi.stubGlobal('Worker', undefined);
    await fresh();
    const { createMassListPdf } = await import('./report.ts');
    const file = await createMassListPdf({ bill: smallBill, projectName: 'P', scope: { kind: 'project' }, groupBy: 'measure', format: 'pdf', language: 'de', date: new Date('2026-11-28T00:00:00Z') });
    expect(file.type).toBe('application/pdf');
    expect(file.fileName).toMatch(/\.pdf$/);
    const all = await text(new Blob([file.content as Uint8Array<ArrayBuffer>]));
    expect(all).toContain('Rigole-Box');
    expect(all).toContain('Kunststoffverbinder');
    expect(all).toContain('4.536,00');
  });
});

const smallBill = billFromApi({
  massListGroups: [
    {
      order: 1,
      groupName: 'Rigole Hof',
      systemType: 'measure',
      ownerId: 'm1',
      lines: [
        { orderNumber: 'RB-800', materialNumber: '100100', text: 'Rigole-Box', longText: null, unit: 'Stk', quantity: '24', unitPrice: '189.00', totalPrice: '4536.00' },
        { orderNumber: 'RB-VB', materialNumber: '100110', text: 'Verbinder', longText: 'Kunststoffverbinder, 4 Stück je Box', unit: 'Stk', quantity: '12.5', unitPrice: '1.85', totalPrice: '23.13' },
      ],
      totalPrice: '4559.13',
    },
  ],
  totalPrice: '4559.13',
  currency: 'EUR',
  language: 'de',
  groupBy: 'measure',
  issues: [],
});
