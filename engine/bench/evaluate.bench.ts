/**
 * `npm run bench` (engine): evaluate() of a generated 250-node project with 50 sized measures
 * (every measure kind, full rain table, flooding checks where A_C ≥ 800 m²).
 * Targets: evaluate median ≤ 1 ms (issues 2 and 3), parseProject of the same project's file median ≤ 2 ms
 * (issue 24), on the 2-core reference machine. Prints one JSON line per case.
 */
import { checkWaterflowLinks, evaluate, parseProject, serializeProject } from '../src/index.ts';
import { generateProject } from './generateProject.ts';
import { measure } from './measure.ts';

const project = generateProject();
const { rainData: _rain, ...noRain } = project;
const nodes = project.waterflow.sealedSurfaces.length + project.waterflow.purifications.length + project.waterflow.measures.length;
if (checkWaterflowLinks(project.waterflow).length > 0) throw new Error('generated project has broken links');
const check = evaluate(project);
const sized = check.measures.filter((m) => m.requiredVolume !== undefined).length;
const flooding = check.measures.filter((m) => m.data.floodingVolume != null).length;
console.log(JSON.stringify({ project: 'generated', nodes, measures: check.measures.length, sizedMeasures: sized, floodingChecks: flooding }));
if (sized !== check.measures.length) throw new Error(`only ${sized} of ${check.measures.length} measures are sized`);
const evaluation = measure(`evaluate (${nodes} nodes, ${sized} sized measures)`, () => evaluate(project));
// The same project stamped KOSTRA-DWD-2010R: DWD's tolerance gives every measure a rain uncertainty
// band, so each is sized three times (design, lower, upper end; issue 19.1, decision 0130).
const banded = { ...project, rainData: { ...project.rainData!, source: { edition: 'KOSTRA-DWD-2010R' as const, cell: '93049' } } };
const bands = evaluate(banded).measures.filter((m) => m.uncertaintyBand !== null).length;
if (bands !== sized) throw new Error(`only ${bands} of ${sized} sized measures have a band`);
const withBand = measure(`evaluate with the rain uncertainty band (${nodes} nodes, ${bands} measures sized at r, r·(1 − u), r·(1 + u))`, () => evaluate(banded));
measure(`evaluate without rain data (${nodes} nodes, sizing skipped)`, () => evaluate(noRain), { warmup: 100, runs: 1000 });
const text = serializeProject(project);
if (!parseProject(text).ok) throw new Error('the generated project does not parse');
measure(`JSON.parse alone (${text.length} chars, the floor of parseProject)`, () => JSON.parse(text), { warmup: 20, runs: 200 });
const parse = measure(`parseProject (${nodes} nodes, ${text.length} chars)`, () => parseProject(text), { warmup: 20, runs: 200 });

const TARGET_MS = 1;
// parseProject: issue 24 (decision 0178), median ≤ 2 ms for the 250-node file.
const PARSE_TARGET_MS = 2;
for (const [r, target] of [[evaluation, TARGET_MS], [withBand, TARGET_MS], [parse, PARSE_TARGET_MS]] as const) {
  if (r.medianMs > target) {
    console.log(`${r.case}: median ${r.medianMs} ms is above the ${target} ms target`);
    process.exitCode = 1;
  }
}
