/**
 * The timing loop of the engine benchmarks: `warmup` untimed calls, then `runs` timed calls of
 * `fn(i)`; prints and returns the median, p95 and p99 in ms (rounded to 0.1 µs) as one JSON line.
 */
export interface MeasureResult {
  readonly case: string;
  readonly runs: number;
  readonly medianMs: number;
  readonly p95Ms: number;
  readonly p99Ms: number;
}

export interface MeasureOptions {
  readonly warmup?: number;
  readonly runs?: number;
}

/** Rounds to 0.1 µs (4 decimals of a millisecond). */
export const round = (x: number): number => Math.round(x * 1e4) / 1e4;

export function measure(name: string, fn: (i: number) => unknown, { warmup = 200, runs = 2000 }: MeasureOptions = {}): MeasureResult {
  for (let i = 0; i < warmup; i++) fn(i);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    fn(i);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const q = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!;
  const result = { case: name, runs, medianMs: round(q(0.5)), p95Ms: round(q(0.95)), p99Ms: round(q(0.99)) };
  console.log(JSON.stringify(result));
  return result;
}
