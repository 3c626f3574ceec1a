/**
 * `npm run bench` (engine): the service catalogue of the generated 50-measure project (issue 18):
 * the priced mass list grouped by measure, then X82 (GAEB DA XML 3.3) and D82 (GAEB 90, CP850
 * bytes) written from it, each alone and both together from the project. Target (decision 0115,
 * docs/performance.md): X82 + D82 from the project, median ≤ 100 ms on the 2-core reference
 * machine (a download the planner waits for). Prints one JSON line per case.
 */
import { projectMassList } from '../src/bom/index.ts';
import { gaebFileOfBill, headerOf, serviceCatalogue } from '../src/documents/gaeb/index.ts';
import { demoCatalogue } from '../test-support/demoCatalogue.ts';
import { generateProject } from './generateProject.ts';
import { measure } from './measure.ts';

// Each case takes milliseconds: fewer runs than measure's defaults.
const RUNS = { warmup: 20, runs: 200 };

const project = generateProject();
const catalogue = demoCatalogue();
const DATE = '2026-11-25';
const bill = projectMassList(project, catalogue, { groupBy: 'measure', prices: true, language: 'de' });
const x82 = serviceCatalogue(project, catalogue, { phase: 82, format: 'xml', date: DATE });
const d82 = serviceCatalogue(project, catalogue, { phase: 82, format: 'gaeb90', date: DATE });
console.log(
  JSON.stringify({
    project: 'generated',
    measures: project.waterflow.measures.length,
    sections: x82.boq.groups.length,
    items: x82.boq.itemCount,
    total: x82.boq.totalPrice,
    x82Bytes: x82.bytes.length,
    d82Lines: d82.bytes.length / 82,
  }),
);
if (x82.boq.groups.length < 50 || x82.boq.totalPrice !== bill.totalPrice) throw new Error('the generated project should give one section per measure and the bill total');

const header = headerOf(project, DATE);
measure(`mass list grouped by measure (${project.waterflow.measures.length} measures)`, () => projectMassList(project, catalogue, { groupBy: 'measure', prices: true, language: 'de' }), RUNS);
measure(`X82 from the bill (${x82.boq.itemCount} items)`, () => gaebFileOfBill(bill, header, { phase: 82, format: 'xml', date: DATE }), RUNS);
measure(`D82 from the bill (${x82.boq.itemCount} items)`, () => gaebFileOfBill(bill, header, { phase: 82, format: 'gaeb90', date: DATE }), RUNS);
const both = measure('X82 + D82 from the project (bill, both files)', () => {
  serviceCatalogue(project, catalogue, { phase: 82, format: 'xml', date: DATE });
  serviceCatalogue(project, catalogue, { phase: 82, format: 'gaeb90', date: DATE });
}, RUNS);

const TARGET_MS = 100;
if (both.medianMs > TARGET_MS) {
  console.log(`X82 + D82 median ${both.medianMs} ms is above the ${TARGET_MS} ms target`);
  process.exitCode = 1;
}
