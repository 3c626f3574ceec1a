/**
 * `npm run bench` (web), report: the dimensioning report (PDF) of the 50-measure bench project
 * (bench/generateProject.ts) made in the documents worker with `createReportPdf`, as the documents
 * page does, in headless Chromium with the production build (bench/report.html; no network).
 * Each run starts a worker, evaluates the project, builds the document definition, renders it
 * with pdfmake and transfers the bytes back. Reported: median, p95 and max of REPORT_RUNS runs
 * (default 5) in a new worker each (a first download without preparation), the first report in a
 * worker prepared by `prepareReportPdf` (the documents page opened, then a click), and runs in the
 * kept worker (a second download within a minute). Target: ≤ 2 s.
 *
 * Environment: CHROMIUM_PATH (default /usr/bin/chromium), REPORT_RUNS (default 5).
 */
import { createServer } from 'node:http';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { build } from 'vite';

const WEB_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CHROMIUM_PATH = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
const RUNS = Number(process.env['REPORT_RUNS'] ?? 5);
const TARGET_MS = 2000;
const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json' };

function stats(values: readonly number[]): { median: number; p95: number; max: number } {
  const sorted = [...values].sort((a, b) => a - b);
  return { median: Math.round(quantile(sorted, 0.5)), p95: Math.round(quantile(sorted, 0.95)), max: Math.round(sorted[sorted.length - 1]!) };
}

function quantile(sorted: readonly number[], q: number): number {
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[i]!;
}

async function main() {
  const outDir = await mkdtemp(path.join(tmpdir(), 'rainplan-report-bench-'));
  try {
    await build({
      configFile: path.join(WEB_DIR, 'vite.config.ts'),
      root: path.join(WEB_DIR, 'bench'),
      logLevel: 'warn',
      build: { outDir, emptyOutDir: true, rollupOptions: { input: path.join(WEB_DIR, 'bench', 'report.html') } },
    });
    const server = createServer((request, response) => {
      const pathname = new URL(request.url ?? '/', 'http://x').pathname;
      const file = path.join(outDir, pathname === '/' ? 'report.html' : pathname);
      readFile(file).then(
        (body) => {
          response.writeHead(200, { 'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
          response.end(body);
        },
        () => {
          response.writeHead(404);
          response.end();
        },
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    const port = typeof address === 'object' && address !== null ? address.port : 0;
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: ['--headless', '--no-sandbox', '--disable-gpu'] });
    try {
      const page = await browser.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(String(e)));
      await page.goto(`http://127.0.0.1:${port}/report.html`);
      await page.waitForFunction(() => typeof (window as unknown as { runBench?: unknown }).runBench === 'function');
      const r = await page.evaluate((runs) => (window as unknown as { runBench: (n: number) => Promise<{ measures: number; runsMs: number[]; preparedFirstMs: number; warmRunsMs: number[]; preparedLoadOnlyMs: number[]; preparedWarmUpMs: number[]; bytes: number; header: string; worker: boolean }> }).runBench(runs), RUNS);
      const sorted = [...r.runsMs].sort((a, b) => a - b);
      const result = {
        bench: 'web report: dimensioning report PDF of a 50-measure project in the documents worker',
        measures: r.measures,
        runs: r.runsMs.length,
        newWorkerMs: { median: Math.round(quantile(sorted, 0.5)), p95: Math.round(quantile(sorted, 0.95)), max: Math.round(sorted[sorted.length - 1]!) },
        preparedWorkerFirstMs: Math.round(r.preparedFirstMs),
        keptWorkerMs: (() => {
          const w = [...r.warmRunsMs].sort((a, b) => a - b);
          return { median: Math.round(quantile(w, 0.5)), p95: Math.round(quantile(w, 0.95)), max: Math.round(w[w.length - 1]!) };
        })(),
        // paired in one session: the first report in a new worker prepared by loading pdfmake and the fonts only, and with the warm-up PDF
        preparedLoadOnlyMs: stats(r.preparedLoadOnlyMs),
        preparedWarmUpMs: stats(r.preparedWarmUpMs),
        warmUpOverLoadOnly: Math.round((quantile([...r.preparedWarmUpMs].sort((a, b) => a - b), 0.5) / quantile([...r.preparedLoadOnlyMs].sort((a, b) => a - b), 0.5)) * 100) / 100,
        targetMs: TARGET_MS,
        bytes: r.bytes,
        worker: r.worker,
        chromium: browser.version(),
        pageErrors: errors,
      };
      console.log(JSON.stringify(result, null, 2));
      if (r.header !== '%PDF-') throw new Error(`not a PDF: ${JSON.stringify(r.header)}`);
      if (!r.worker) throw new Error('the report did not run in the worker');
      if (errors.length > 0) throw new Error(`page errors: ${errors.join('; ')}`);
    } finally {
      await browser.close();
      server.close();
    }
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
}

await main();
