/**
 * `npm run bench` (engine): every engine benchmark, one after the other: measure sizing throughput
 * (sizing.bench.ts) and evaluate() of a 250-node project with 50 sized measures (evaluate.bench.ts).
 * Each sets a non-zero exit code when it misses its target; both always run.
 */
await import('./sizing.bench.ts');
await import('./evaluate.bench.ts');
