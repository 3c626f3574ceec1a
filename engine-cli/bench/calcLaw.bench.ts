/**
 * `npm run bench` (engine-cli): the law that a `calc` kind equals `evaluate` of the equivalent
 * one-measure project (issue 24 part 2, decision 0165) at 100,000 runs over every measure kind and
 * both rule editions (1,000 in `npm test`). `CALC_LAW_RUNS` overrides the count. Prints one JSON
 * line; a failing run throws (exit 1). Runs with `--conditions=@rainplan/source` (the bench script):
 * its measure data come from `@rainplan/engine/testing`, which only the sources declare.
 */
import { calcEqualsEvaluateLaw } from '../src/testing/calcLaw.ts';

const runs = Number(process.env['CALC_LAW_RUNS'] ?? 100_000);
const t0 = performance.now();
calcEqualsEvaluateLaw(runs);
console.log(JSON.stringify({ law: 'calc equals evaluate of the one-measure project', runs, seconds: Math.round(performance.now() - t0) / 1000 }));
