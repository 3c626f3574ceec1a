/**
 * `npm run bench` (engine): every engine benchmark, one after the other: measure sizing throughput
 * (sizing.bench.ts), evaluate() of a 250-node project with 50 sized measures (evaluate.bench.ts) and the
 * box grid on a 20,160-box configuration with its fast-check laws at 10,000 runs (boxgrid.bench.ts),
 * the measure kinds' fast-check laws at 100,000 runs (kinds.bench.ts), the GAEB service catalogue X82 + D82 of the 50-measure project (gaeb.bench.ts) and the
 * KOSTRA-DWD-2010R index over DWD's files (kostra2010r.bench.ts).
 * Each sets a non-zero exit code when it misses its target; both always run.
 */
await import('./sizing.bench.ts');
await import('./evaluate.bench.ts');
await import('./boxgrid.bench.ts');
await import('./kinds.bench.ts');
await import('./gaeb.bench.ts');
await import('./kostra2010r.bench.ts');
