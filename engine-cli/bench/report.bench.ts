/**
 * `npm run bench` (engine-cli): `rainplan report` of the 50-measure bench project
 * (fixtures/bench/fifty-measures.project.json, written from engine/bench/generateProject.ts):
 * in-process runs of the command after one warm-up (evaluate, report inputs, document definition,
 * pdfmake render, file write) and cold runs of the installed command in a new Node process each
 * (start-up, loading pdfmake and the fonts included). Target (issue 18): ≤ 2 s. Prints JSON.
 *
 * Environment: REPORT_RUNS (default 5).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Readable, Writable } from 'node:stream';
import { main } from '../src/main.ts';

const RUNS = Number(process.env['REPORT_RUNS'] ?? 5);
const TARGET_MS = 2000;
const repo = fileURLToPath(new URL('../../', import.meta.url));
const project = path.join(repo, 'fixtures/bench/fifty-measures.project.json');
const tmp = mkdtempSync(path.join(tmpdir(), 'rainplan-report-bench-'));

const sink = () =>
  new Writable({
    write(_chunk, _encoding, callback) {
      callback();
    },
  });

function stats(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const q = (p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]!;
  return { median: Math.round(q(0.5)), p95: Math.round(q(0.95)), max: Math.round(sorted[sorted.length - 1]!) };
}

try {
  const out = path.join(tmp, 'report.pdf');
  const argv = ['report', project, '-o', out, '--date', '2026-11-25'];
  const io = () => ({ stdout: sink(), stderr: sink(), stdin: Readable.from([]), cwd: repo });
  if ((await main(argv, io())) !== 0) throw new Error('rainplan report failed on the bench project');
  const warm: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    await main(argv, io());
    warm.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
  }
  const bytes = readFileSync(out).length;
  const cold: number[] = [];
  // a new Node process per run (start-up and loading pdfmake and the fonts included)
  const entry = `const { main } = await import(${JSON.stringify(new URL('../src/main.ts', import.meta.url).href)});
process.exitCode = await main(process.argv.slice(1), { stdout: process.stdout, stderr: process.stderr, stdin: process.stdin, cwd: process.cwd() });`;
  for (let i = 0; i < Math.min(RUNS, 3); i++) {
    const t0 = performance.now();
    execFileSync(process.execPath, [...process.execArgv, '--input-type=module', '-e', entry, ...argv], { stdio: 'ignore', cwd: repo });
    cold.push(performance.now() - t0);
  }
  const result = {
    bench: 'rainplan report of a 50-measure project (PDF written)',
    measures: 50,
    bytes,
    inProcessMs: stats(warm),
    inProcessCpuMs: stats(cpu),
    newProcessMs: stats(cold),
    targetMs: TARGET_MS,
  };
  console.log(JSON.stringify(result, null, 2));
  if (result.inProcessMs.median > TARGET_MS) {
    console.log(`median ${result.inProcessMs.median} ms is above the ${TARGET_MS} ms target`);
    process.exitCode = 1;
  }
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
