/**
 * `npm run bench` (engine), box grid (issue 15 item 6): a 20,160-box configuration (60 × 48 cells ×
 * 7 layers of full boxes). Cases: one place (replacing a box), one erase, a fill of a 2,880-cell
 * layer, the volumes, the wire conversion, and the bill of materials of the demo catalogue when
 * the bill module is present; then every fast-check law of the grid with 10,000 runs.
 * Targets: a single edit ≤ 50 µs, a layer fill ≤ 2 ms, volumes + bill ≤ 5 ms (medians).
 * Prints one JSON line per case; sets a non-zero exit code when a target is missed.
 */
import { configurationVolumes, createGrid, deleteLayer, diffGrids, erase, fillLayer, gridFromConfiguration, place, toConfiguration, type BoxGrid } from '../src/boxgrid/index.ts';
import { FULL, HALF, lookup } from '../src/testing/boxGeometry.test-helpers.ts';
import { boxgridLaws } from '../src/testing/boxgridLaws.test-helpers.ts';
import { measure, round } from './measure.ts';

const SX = 60;
const SZ = 48;
const LAYERS = 7;
let full: BoxGrid = createGrid({ id: 'bench', name: 'bench', lengthM: SX * 0.8, widthM: SZ * 0.8, layers: LAYERS });
for (let y = 0; y < LAYERS; y++) full = fillLayer(full, lookup, y, FULL).grid;
if (full.boxCount !== 20_160) throw new Error(`expected 20,160 boxes, got ${full.boxCount}`);
console.log(JSON.stringify({ configuration: `${SX} × ${SZ} × ${LAYERS}`, boxes: full.boxCount }));

const cell = (i: number) => ({ x: i % SX, z: Math.floor(i / SX) % SZ, y: i % LAYERS });
const failures: string[] = [];
const target = (r: { case: string; medianMs: number }, ms: number) => {
  if (r.medianMs > ms) failures.push(`${r.case}: median ${r.medianMs} ms > ${ms} ms`);
};

target(measure('place one box (replacing one) in a 20,160-box grid', (i) => place(full, lookup, { ...cell(i), boxTypeId: HALF })), 0.05);
target(measure('erase one box in a 20,160-box grid', (i) => { const c = cell(i); return erase(full, c.x, c.y, c.z); }), 0.05);
const sixLayers = deleteLayer(full, 6).grid;
const withEmpty = { ...sixLayers, layers: [...sixLayers.layers, createGrid({ id: 'e', name: 'e', lengthM: SX * 0.8, widthM: SZ * 0.8 }).layers[0]!] };
target(measure('fill a 2,880-cell layer (17,280 boxes below)', () => fillLayer(withEmpty, lookup, 6, FULL), { warmup: 50, runs: 500 }), 2);
const volumes = measure('volumes of 20,160 boxes', () => configurationVolumes(full, lookup), { warmup: 50, runs: 500 });
measure('toConfiguration (wire form) of 20,160 boxes', () => toConfiguration(full, lookup), { warmup: 10, runs: 100 });
const wireForm = toConfiguration(full, lookup);
measure('gridFromConfiguration (load) of 20,160 items', () => gridFromConfiguration(wireForm, lookup), { warmup: 10, runs: 100 });
const edited = place(full, lookup, { x: 5, y: 3, z: 7, boxTypeId: HALF }).grid;
target(measure('diffGrids after one edit (what an undo redraws)', () => diffGrids(edited, full)), 0.05);

// The bill of materials is built by the catalogue's bom module (issue 15 items 4–5).
try {
  const bom = (await import('../src/bom/index.ts')) as { configurationBill?: (c: unknown, cat: unknown) => unknown };
  const { demoCatalogue } = await import('../test-support/demoCatalogue.ts');
  if (typeof bom.configurationBill !== 'function') throw new Error('no configurationBill');
  const catalogue = demoCatalogue();
  const wire = toConfiguration(full, lookup);
  const bill = measure('bill of materials of 20,160 boxes (demo catalogue, wire form)', () => bom.configurationBill!(wire, catalogue), { warmup: 5, runs: 50 });
  const both = { case: 'volumes + bill (sum of medians)', medianMs: round(volumes.medianMs + bill.medianMs) };
  console.log(JSON.stringify(both));
  target(both, 5);
} catch (e) {
  console.log(JSON.stringify({ case: 'bill of materials', skipped: `bom module not available: ${(e as Error).message}` }));
  target(volumes, 5);
}

const lawRuns = Number(process.env['BOXGRID_LAW_RUNS'] ?? 10_000);
const { bomLaws } = await import('../src/testing/bomLaws.test-helpers.ts');
for (const [name, law] of Object.entries({ ...boxgridLaws(lawRuns), ...bomLaws(lawRuns) })) {
  const t0 = performance.now();
  law();
  console.log(JSON.stringify({ law: name, runs: lawRuns, seconds: round((performance.now() - t0) / 1000) }));
}
// The body laws (decision 0170) count brute force on 30 mm voxels: a tenth of the runs.
const { bodyLaws } = await import('../src/testing/bodyLaws.test-helpers.ts');
const bodyRuns = Math.max(1, Math.round(lawRuns / 10));
for (const [name, law] of Object.entries(bodyLaws(bodyRuns))) {
  const t0 = performance.now();
  law();
  console.log(JSON.stringify({ law: name, runs: bodyRuns, seconds: round((performance.now() - t0) / 1000) }));
}

if (failures.length > 0) {
  for (const f of failures) console.log(`box grid target missed: ${f}`);
  process.exitCode = 1;
}
