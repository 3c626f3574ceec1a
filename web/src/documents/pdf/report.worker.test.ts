/**
 * The documents worker starts loading pdfmake and the fonts when it starts (before the first
 * request), so that loading overlaps the report's engine work; a failed load is not a failed start.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';

const preparePdf = vi.fn(() => Promise.resolve());
vi.mock('./renderPdf.ts', () => ({ preparePdf, renderPdf: vi.fn() }));
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
});
