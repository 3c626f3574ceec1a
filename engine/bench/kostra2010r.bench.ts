/**
 * `node bench/kostra2010r.bench.ts` (engine): the KOSTRA-DWD-2010R index over DWD's real files
 * (/work/shared/data/kostra-dwd-2010r, read with node:fs here; the engine takes bytes): time to
 * build the index from the shp, prj and 18 dbf files (target < 1 s) and time per position lookup
 * (target < 0.2 ms). Moved here from kostra2010rReal.test.ts: speed is measured by benchmarks, not by
 * timed tests. Prints one JSON line per case; says so and exits 0 when the data folder is absent;
 * exits 1 when a target is missed.
 */
import { KOSTRA_2010R_FOLDER, kostra2010RFilesPresent, readKostra2010RFiles } from '../test-support/kostra2010rFiles.ts';
import { buildKostra2010RIndex, kostra2010RLookup } from '../src/rain/kostra2010rIndex.ts';

const BUILD_TARGET_MS = 1000;
const LOOKUP_TARGET_MS = 0.2;

if (!kostra2010RFilesPresent()) {
  console.log(JSON.stringify({ bench: 'kostra2010r', skipped: `../shared/data/${KOSTRA_2010R_FOLDER} is absent` }));
} else {
  const files = readKostra2010RFiles();
  const buildRuns: number[] = [];
  let index;
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now();
    const built = buildKostra2010RIndex(files);
    buildRuns.push(performance.now() - t0);
    if (!built.ok) throw new Error(JSON.stringify(built.errors));
    index = built.index;
  }
  buildRuns.sort((a, b) => a - b);
  const buildMedianMs = buildRuns[2]!;
  const n = 50_000;
  const t0 = performance.now();
  let found = 0;
  for (let i = 0; i < n; i++) if (kostra2010RLookup(index!, 47.5 + (i % 50) * 0.1, 6 + Math.floor(i / 50) % 100 * 0.09) !== undefined) found++;
  const perLookupMs = (performance.now() - t0) / n;
  console.log(JSON.stringify({ bench: 'kostra2010r build', medianMs: Number(buildMedianMs.toFixed(1)), targetMs: BUILD_TARGET_MS }));
  console.log(JSON.stringify({ bench: 'kostra2010r lookup', perLookupMs: Number(perLookupMs.toFixed(4)), found, targetMs: LOOKUP_TARGET_MS }));
  if (buildMedianMs >= BUILD_TARGET_MS || perLookupMs >= LOOKUP_TARGET_MS) process.exitCode = 1;
}
