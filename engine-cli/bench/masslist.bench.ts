/**
 * `npm run bench` (engine-cli): the mass-list documents of a 50-measure project — the
 * box-configurations fixture's two measures (one with a linked box configuration, one pipe trench
 * with a product list) and its custom configuration repeated 25 times — as the documents page and
 * `rainplan masslist` make them: the engine's bill, the document model, the Excel file (exceljs)
 * and the PDF (pdfmake, bundled fonts). Target (issue 18: documents of a 50-measure project,
 * the report's 2 s): Excel median ≤ 2 s. Prints one JSON line per case, with the CPU time beside
 * the wall time (decision 0155).
 */
import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { parseProject, type Project } from '@rainplan/engine';
import { projectMassList } from '@rainplan/engine/bom';
import { parseCatalogue } from '@rainplan/engine/catalogue';
import { documentTranslator, massListModel, massListPdf, massListXlsx } from '@rainplan/engine/documents';
import { renderPdf } from '../src/pdf.ts';

const fixtures = new URL('../../fixtures/', import.meta.url);
const parsed = parseProject(readFileSync(new URL('projects/box-configurations.project.json', fixtures), 'utf8'));
if (!parsed.ok) throw new Error('fixture unreadable');
const catalogueResult = parseCatalogue(readFileSync(new URL('catalogue/products.json', fixtures), 'utf8'), readFileSync(new URL('catalogue/boxes.json', fixtures), 'utf8'));
if (!catalogueResult.ok) throw new Error('catalogue unreadable');
const catalogue = catalogueResult.catalogue;

/** The fixture's measures, configurations and product lists 25 times over: 50 measures, 50 configurations. */
function fiftyMeasures(base: Project): Project {
  const copies = Array.from({ length: 25 }, (_, i) => i + 1);
  const id = (old: string, i: number) => `${old}-${i}`;
  return {
    ...base,
    waterflow: {
      ...base.waterflow,
      sealedSurfaces: copies.flatMap((i) => base.waterflow.sealedSurfaces.map((s) => ({ ...s, id: id(s.id, i), name: `${s.name} ${i}`, parentId: s.parentId === null ? null : id(s.parentId, i) }))),
      purifications: copies.flatMap((i) =>
        base.waterflow.purifications.map((p) => ({ ...p, id: id(p.id, i), name: `${p.name} ${i}`, parentId: p.parentId === null ? null : id(p.parentId, i), sealedSurfaces: p.sealedSurfaces.map((s) => id(s, i)) })),
      ),
      measures: copies.flatMap((i) => base.waterflow.measures.map((m) => ({ ...m, id: id(m.id, i), name: `${m.name} ${i}`, sealedSurfaces: m.sealedSurfaces.map((s) => id(s, i)) }))),
    },
    boxConfigurations: copies.flatMap((i) => (base.boxConfigurations ?? []).map((c) => ({ ...c, id: id(c.id, i), name: `${c.name} ${i}`, measureId: c.measureId == null ? null : id(c.measureId, i) }))),
    measureProducts: copies.flatMap((i) => (base.measureProducts ?? []).map((p) => ({ ...p, measureId: id(p.measureId, i) }))),
  };
}

const project = fiftyMeasures(parsed.project);
const round = (x: number) => Math.round(x * 100) / 100;

async function measure(name: string, fn: () => Promise<unknown>, runs: number) {
  await fn(); // warm-up: module and font loading
  const times: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    await fn();
    const c = process.cpuUsage(c0);
    times.push(performance.now() - t0);
    cpu.push((c.user + c.system) / 1000);
  }
  times.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  const q = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!;
  // CPU time (this process, all its threads) beside the wall time: on a loaded machine the wall time is mostly waiting.
  const result = { case: name, runs, medianMs: round(q(0.5)), p95Ms: round(q(0.95)), maxMs: round(times.at(-1)!), cpuMedianMs: round(cpu[cpu.length >> 1]!) };
  console.log(JSON.stringify(result));
  return result;
}

const t = documentTranslator('masslist', 'de');
const date = new Date(Date.UTC(2026, 10, 25));
const document = (groupBy: 'none' | 'measure') => {
  const bill = projectMassList(project, catalogue, { groupBy, prices: true, language: 'de' });
  return { bill, model: massListModel({ bill, projectName: project.project.name, scope: { kind: 'project' }, date, t }) };
};
const { bill, model } = document('measure');
const lines = bill.massListGroups.reduce((n, g) => n + g.lines.length, 0);
console.log(JSON.stringify({ project: 'box-configurations × 25', measures: project.waterflow.measures.length, configurations: project.boxConfigurations!.length, groups: bill.massListGroups.length, lines, totalPrice: bill.totalPrice }));

await measure('bill + model (grouped by measure, prices)', async () => document('measure'), 50);
const excel = await measure(`Excel, grouped by measure with prices (${lines} lines)`, async () => massListXlsx(ExcelJS, document('measure').model), 20);
await measure('Excel, one list with prices', async () => massListXlsx(ExcelJS, document('none').model), 20);
await measure(`PDF, grouped by measure with prices (${lines} lines)`, async () => renderPdf(massListPdf(model)), 10);
await measure('PDF, one list with prices', async () => renderPdf(massListPdf(document('none').model)), 10);

const TARGET_MS = 2000;
if (excel.medianMs > TARGET_MS) {
  console.log(`Excel median ${excel.medianMs} ms is above the ${TARGET_MS} ms target`);
  process.exitCode = 1;
}
