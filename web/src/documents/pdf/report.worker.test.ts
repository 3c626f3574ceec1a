/**
 * The documents worker starts loading pdfmake and the fonts when it starts (before the first
 * request), so that loading overlaps the report's engine work; a failed load is not a failed start.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseProject } from '@rainplan/engine';

const preparePdf = vi.fn(() => Promise.resolve());
const renderPdf = vi.fn(() => Promise.resolve(new Uint8Array([37, 80, 68, 70, 45])));
vi.mock('./renderPdf.ts', () => ({ preparePdf, renderPdf }));
vi.mock('comlink', () => ({ expose: vi.fn(), transfer: <T>(value: T) => value }));

afterEach(() => {
  vi.resetModules();
  preparePdf.mockClear();
});

describe('report.worker', () => {
  it('loads pdfmake when the worker starts, before any request', async () => {
    const { reportWorkerApi } = await import('./report.worker.ts');
    expect(preparePdf).toHaveBeenCalledTimes(1);
    expect(typeof reportWorkerApi.reportPdf).toBe('function');
  });

  it('starts when that load fails (the first request loads it again)', async () => {
    preparePdf.mockImplementationOnce(() => Promise.reject(new Error('offline')));
    const { reportWorkerApi } = await import('./report.worker.ts');
    expect(preparePdf).toHaveBeenCalledTimes(1);
    await reportWorkerApi.prepare({ warmUp: false });
    expect(preparePdf).toHaveBeenCalledTimes(2);
  });

  it("makes the report ahead without waiting for pdfmake first (the engine's part runs while it loads)", async () => {
    const parsed = parseProject(readFileSync(path.resolve(process.cwd(), '../fixtures/projects/minimal.project.json'), 'utf8'));
    if (!parsed.ok) throw new Error('minimal');
    preparePdf.mockImplementation(() => new Promise<void>(() => undefined));
    const { reportWorkerApi } = await import('./report.worker.ts');
    await reportWorkerApi.prepare({ report: { project: parsed.project, language: 'de', bill: null, branding: null, appVersion: 'test', now: Date.parse('2026-11-25T08:00:00Z') } });
    expect(renderPdf).toHaveBeenCalledTimes(1);
    preparePdf.mockImplementation(() => Promise.resolve());
  });
});
