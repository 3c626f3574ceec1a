/**
 * `npm run bench` (engine): evaluate() of a generated 250-node project.
 * Target (issue 2): median ≤ 1 ms on the 2-core reference machine. Prints one JSON line per case.
 */
import { checkWaterflowLinks, evaluate, parseProject, serializeProject } from '../src/index.ts';
import { generateProject } from './generateProject.ts';

function measure(name: string, fn: () => unknown, { warmup = 200, runs = 2000 } = {}) {
  for (let i = 0; i < warmup; i++) fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    fn();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const q = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!;
  const result = { case: name, runs, medianMs: round(q(0.5)), p95Ms: round(q(0.95)), p99Ms: round(q(0.99)) };
  console.log(JSON.stringify(result));
  return result;
}

const round = (x: number) => Math.round(x * 1e4) / 1e4;

const project = generateProject();
const nodes = project.waterflow.sealedSurfaces.length + project.waterflow.purifications.length + project.waterflow.measures.length;
if (checkWaterflowLinks(project.waterflow).length > 0) throw new Error('generated project has broken links');
console.log(JSON.stringify({ project: 'generated', nodes }));
const evaluation = measure(`evaluate (${nodes} nodes)`, () => evaluate(project));
const text = serializeProject(project);
measure(`parseProject (${nodes} nodes, ${text.length} chars)`, () => parseProject(text), { warmup: 20, runs: 200 });

const TARGET_MS = 1;
if (evaluation.medianMs > TARGET_MS) {
  console.log(`evaluate median ${evaluation.medianMs} ms is above the ${TARGET_MS} ms target`);
  process.exitCode = 1;
}
