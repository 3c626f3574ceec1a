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
  /** Runs in the kept worker (a second download within a minute, of a changed report). */
  readonly warmRunsMs: number[];
  /** Paired, alternating: the first report in a new worker prepared by loading only, and by loading and the warm-up PDF. */
  readonly preparedLoadOnlyMs: number[];
  readonly preparedWarmUpMs: number[];
  /** Paired with the two above: the click after the page had the worker make the project's report (`prepare({ report })`, decision 0228), and how long that background work took. */
  readonly preparedReportMs: number[];
  readonly preparedReportBackgroundMs: number[];
  /** A click half a second after the page opened, while the worker still makes the report ahead (from the click). */
  readonly clickDuringPrepareMs: number[];
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
    // another planner's name each time: a new report (the same one would be the kept bytes, decision 0228)
    last = await createReportPdf(project, 'de', { now: options.now, planner: `${options.planner} ${i + 1}` });
    warmRunsMs.push(performance.now() - t0);
  }
  // the preparation with and without the warm-up PDF, in turn (A B, B A, …), a new worker each
  const preparedLoadOnlyMs: number[] = [];
  const preparedWarmUpMs: number[] = [];
  const preparedReportMs: number[] = [];
  const preparedReportBackgroundMs: number[] = [];
  const clickDuringPrepareMs: number[] = [];
  const request = { project, language: 'de' as const, bill: null, planner: options.planner, branding: null, appVersion: 'bench', now: options.now.getTime() };
  const orders = [
    ['load', 'warmUp', 'report', 'during'],
    ['during', 'report', 'warmUp', 'load'],
  ] as const;
  for (let i = 0; i < runs; i++) {
    for (const mode of orders[i % 2]!) {
      const worker = createWorker();
      try {
        const api = wrap<ReportWorkerApi>(worker);
        if (mode === 'during') {
          // the page opens (the worker starts making the report ahead); the click comes 500 ms later
          const ahead = api.prepare({ report: request });
          await new Promise((resolve) => setTimeout(resolve, 500));
          const t0 = performance.now();
          await api.reportPdf({ ...request, now: request.now + 500 });
          clickDuringPrepareMs.push(performance.now() - t0);
          await ahead;
          continue;
        }
        const b0 = performance.now();
        await (mode === 'report' ? api.prepare({ report: request }) : api.prepare({ warmUp: mode === 'warmUp' }));
        if (mode === 'report') preparedReportBackgroundMs.push(performance.now() - b0);
        const t0 = performance.now();
        // a click some time later on the same day
        await api.reportPdf({ ...request, now: request.now + 60_000 });
        (mode === 'report' ? preparedReportMs : mode === 'warmUp' ? preparedWarmUpMs : preparedLoadOnlyMs).push(performance.now() - t0);
      } finally {
        worker.terminate();
      }
    }
  }
  const header = new TextDecoder().decode(new Uint8Array(await last.slice(0, 5).arrayBuffer()));
  const result: BenchReport = { measures: project.waterflow.measures.length, runsMs, preparedFirstMs, warmRunsMs, preparedLoadOnlyMs, preparedWarmUpMs, preparedReportMs, preparedReportBackgroundMs, clickDuringPrepareMs, bytes: last.size, header, worker: workerStarted };
  w.benchReport = result;
  return result;
};
