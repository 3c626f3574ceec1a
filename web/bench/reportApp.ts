/**
 * Page of the report bench (scripts/bench-report.ts): makes the dimensioning report of the
 * 50-measure bench project with `createReportPdf` (the documents worker, as the documents page
 * does) `runs` times in a new worker each and `runs` times in the kept worker, after one warm-up each, and leaves the timings on `window.benchReport`.
 */
import { wrap } from 'comlink';
import { createReportPdf, prepareReportPdf } from '../src/documents/report.ts';
import type { ReportWorkerApi } from '../src/documents/pdf/report.worker.ts';
import { generateBenchProject } from './generateProject.ts';

interface BenchReport {
  readonly measures: number;
  /** Each run in a new worker (a first download: pdfmake and the fonts load). */
  readonly runsMs: number[];
  /** The first report in a worker prepared by `prepareReportPdf` (the page opened, then a click). */
  readonly preparedFirstMs: number;
  /** Runs in the kept worker (a second download within a minute). */
  readonly warmRunsMs: number[];
  /** Paired, alternating: the first report in a new worker prepared by loading only, and by loading and the warm-up PDF. */
  readonly preparedLoadOnlyMs: number[];
  readonly preparedWarmUpMs: number[];
  readonly bytes: number;
  readonly header: string;
  readonly worker: boolean;
  readonly error?: string;
}

const w = window as unknown as { benchReport?: BenchReport; runBench: (runs: number) => Promise<BenchReport> };

w.runBench = async (runs: number) => {
  const project = generateBenchProject(50);
  let workerStarted = false;
  const createWorker = () => {
    workerStarted = true;
    return new Worker(new URL('../src/documents/pdf/report.worker.ts', import.meta.url), { type: 'module' });
  };
  const options = { createWorker, now: new Date('2026-11-25T00:00:00Z'), planner: 'Bench' };
  const first = await createReportPdf(project, 'de', options);
  const runsMs: number[] = [];
  let last = first;
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    last = await createReportPdf(project, 'de', options);
    runsMs.push(performance.now() - t0);
  }
  const warmRunsMs: number[] = [];
  // the documents page prepares the worker when it opens; then the planner clicks
  await prepareReportPdf();
  const t1 = performance.now();
  await createReportPdf(project, 'de', { now: options.now, planner: options.planner });
  const preparedFirstMs = performance.now() - t1;
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    last = await createReportPdf(project, 'de', { now: options.now, planner: options.planner });
    warmRunsMs.push(performance.now() - t0);
  }
  // the preparation with and without the warm-up PDF, in turn (A B, B A, …), a new worker each
  const preparedLoadOnlyMs: number[] = [];
  const preparedWarmUpMs: number[] = [];
  const request = { project, language: 'de' as const, bill: null, planner: options.planner, branding: null, appVersion: 'bench', now: options.now.getTime() };
  for (let i = 0; i < runs; i++) {
    for (const warmUp of i % 2 === 0 ? [false, true] : [true, false]) {
      const worker = createWorker();
      try {
        const api = wrap<ReportWorkerApi>(worker);
        await api.prepare({ warmUp });
        const t0 = performance.now();
        await api.reportPdf(request);
        (warmUp ? preparedWarmUpMs : preparedLoadOnlyMs).push(performance.now() - t0);
      } finally {
        worker.terminate();
      }
    }
  }
  const header = new TextDecoder().decode(new Uint8Array(await last.slice(0, 5).arrayBuffer()));
  const result: BenchReport = { measures: project.waterflow.measures.length, runsMs, preparedFirstMs, warmRunsMs, preparedLoadOnlyMs, preparedWarmUpMs, bytes: last.size, header, worker: workerStarted };
  w.benchReport = result;
  return result;
};
