/**
 * `node bench/sizing.bench.ts` (engine): measure sizing throughput. Every sizing searches all 22
 * durations of a full KOSTRA-shaped rain table (9 annualities × 22 durations) for each part of the
 * measure, builds the report charts and, for half of the measures, the flooding check.
 * Target: ≥ 200,000 measure sizings per second (mixed kinds) on the 2-core reference machine.
 * Prints one JSON line per case; exits 1 when the mixed case is below the target.
 */
import { ANNUALITIES_A, RAIN_DURATIONS_MIN } from '../src/tables/index.ts';
import type { MeasureData } from '../src/index.ts';
import { requiredTankLength, sizeMeasure, type SizeMeasureInput } from '../src/sizing/sizeMeasure.ts';

const TARGET_PER_S = 200_000;

/** A smooth rain table r(D, T) in l/(s·ha) with a KOSTRA-like shape. */
const yieldsLsHa = ANNUALITIES_A.map((T) => RAIN_DURATIONS_MIN.map((D) => (2500 * (1 + 0.35 * Math.log(T))) / (D + 9) ** 0.8));
const matrix = { yieldsLsHa };
const lookup = { rLsHa: (D: number, T: number) => yieldsLsHa[ANNUALITIES_A.indexOf(T as never)]![RAIN_DURATIONS_MIN.indexOf(D as never)]! };

const common = { recurrenceInterval: 5, safetyMargin: 20, throttleDischarge: 0.2, permeabilityCoefficientX: 5.67, permeabilityCoefficientY: 5 } as const;
const trough = { length: 20, width: 3, depth: 0.3, slope: 2 };
const box = { length: 8, width: 1.6, levels: 1.5 };
const KINDS: Record<string, MeasureData> = {
  trough: { installationTarget: 'Infiltration', installationVariant: 'trough', ...common, dimensioningTrough: trough },
  box: { installationTarget: 'Infiltration', installationVariant: 'infiltrationTank', infiltrationTankType: 'Box', ...common, dimensioningInfiltrationTank: box },
  pipe: {
    installationTarget: 'Infiltration',
    installationVariant: 'infiltrationTank',
    infiltrationTankType: 'Pipe',
    ...common,
    dimensioningInfiltrationTank: { length: 10, width: 1.2, height: 0.6, numberOfPipes: 2, pipeType: 'DN_ID_200' },
  },
  troughTank: {
    installationTarget: 'Infiltration',
    installationVariant: 'troughInfiltrationTank',
    infiltrationTankType: 'Box',
    ...common,
    permeabilityCoefficientXTrough: 1.13,
    permeabilityCoefficientYTrough: 5,
    recurrenceIntervalTrough: 1,
    dimensioningTrough: trough,
    dimensioningInfiltrationTank: box,
  },
  retentionBasin: { installationTarget: 'Retention', installationType: 'retentionBasin', ...common, dimensioningInfiltrationTank: { length: 8, width: 4, levels: 2 } },
  retentionPipe: { installationTarget: 'Retention', installationType: 'backwaterChannel', ...common, dimensioningInfiltrationTank: { length: 30, pipeType: 'DN_ID_500' } },
};

/** Inputs: every kind, A_C below and above 800 m² (flooding off / on), both rule editions. */
function inputs(data: readonly MeasureData[], rain: SizeMeasureInput['rain']): SizeMeasureInput[] {
  return data.flatMap((d) =>
    [600, 1500].flatMap((acM2) =>
      (['DWA-A 138-1:2024', 'DWA-A 138:2005'] as const).map((ruleEdition) => ({ data: d, acM2, peakAreaM2: acM2 * 1.1, catchmentAreaM2: acM2 * 1.2, rain, ruleEdition })),
    ),
  );
}

let sink = 0;

/** Sizings per second: the median of `rounds` timed rounds of `perRound` calls. */
function throughput(name: string, cases: readonly SizeMeasureInput[], fn: (input: SizeMeasureInput) => number, { rounds = 15, perRound = 50_000 } = {}) {
  for (let i = 0; i < 20_000; i++) sink += fn(cases[i % cases.length]!);
  const rates: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const t0 = performance.now();
    for (let i = 0; i < perRound; i++) sink += fn(cases[i % cases.length]!);
    const ms = performance.now() - t0;
    rates.push(perRound / (ms / 1000));
  }
  rates.sort((a, b) => a - b);
  const q = (p: number) => rates[Math.min(rates.length - 1, Math.floor(p * rates.length))]!;
  const result = { case: name, cases: cases.length, rounds, perRound, medianPerS: Math.round(q(0.5)), minPerS: Math.round(rates[0]!), medianUsPerSizing: round(1e6 / q(0.5)) };
  console.log(JSON.stringify(result));
  return result;
}

const round = (x: number) => Math.round(x * 1000) / 1000;
const size = (input: SizeMeasureInput) => sizeMeasure(input).data.requiredVolume ?? 0;

const mixed = inputs(Object.values(KINDS), matrix);
console.log(JSON.stringify({ durations: RAIN_DURATIONS_MIN.length, annualities: ANNUALITIES_A.length, kinds: Object.keys(KINDS).length, cases: mixed.length }));
const main = throughput('sizeMeasure (mixed kinds, 9×22 rain matrix)', mixed, size);
throughput('sizeMeasure (mixed kinds, rain lookup function)', inputs(Object.values(KINDS), lookup), size);
for (const [kind, data] of Object.entries(KINDS)) throughput(`sizeMeasure (${kind})`, inputs([data], matrix), size, { rounds: 7 });
throughput(
  'requiredTankLength (tank kinds)',
  inputs([KINDS['box']!, KINDS['pipe']!, KINDS['troughTank']!, KINDS['retentionBasin']!, KINDS['retentionPipe']!], matrix),
  (input) => requiredTankLength(input).lengthM ?? 0,
  { rounds: 7 },
);

if (!Number.isFinite(sink)) console.log('unexpected non-finite result');
if (main.medianPerS < TARGET_PER_S) {
  console.log(`sizeMeasure median ${main.medianPerS} sizings/s is below the ${TARGET_PER_S} sizings/s target`);
  process.exitCode = 1;
}
