/**
 * `node bench/kinds.bench.ts` (engine): the measure kinds' fast-check laws (issue 24 part 2,
 * decision 0165) at 100,000 runs per law over every kind and both rule editions (1,000 in
 * `npm test`). `KIND_LAW_RUNS` overrides the count. Prints one JSON line per law; a failing law
 * throws (exit 1).
 */
import { kindLaws } from '../src/testing/kindLaws.test-helpers.ts';

const round = (x: number) => Math.round(x * 1000) / 1000;
const lawRuns = Number(process.env['KIND_LAW_RUNS'] ?? 100_000);
for (const [name, law] of Object.entries(kindLaws(lawRuns))) {
  const t0 = performance.now();
  law();
  console.log(JSON.stringify({ law: name, runs: lawRuns, seconds: round((performance.now() - t0) / 1000) }));
}
