/**
 * Paired CPU time of several engine trees in one Node process (docs/performance.md, "Issue 24"):
 * each tree's `src/` is loaded (Node 24 strips the types), the same case runs in chunks in rotating
 * order, and each chunk's CPU time is taken from `process.cpuUsage`, so a busy machine slows every
 * tree alike; the figure is the median over the rounds of each tree's time over the first tree's.
 *
 *   node engine/bench/pairedCpu.mjs <case> <rounds> <tree> <tree> ...
 *   case: evaluate | band | noRain (the evaluate bench's 250-node project) | sizing (the sizing
 *   bench's 24 mixed cases) | sizingLookup (the same with the rain as a lookup function) | k0 … k5
 *   (one kind of them); a tree is a directory with src/ and
 *   bench/ of the engine, e.g. a `git worktree add /tmp/before <commit>` checkout's engine/.
 */
const [, , what = 'sizing', roundsArg = '10', ...roots] = process.argv;
let sink = 0;
async function work(root) {
  const index = await import(`${root}/src/index.ts`);
  const sm = await import(`${root}/src/sizing/sizeMeasure.ts`);
  const { ANNUALITIES_A, RAIN_DURATIONS_MIN } = await import(`${root}/src/tables/index.ts`);
  const g = await import(`${root}/bench/generateProject.ts`);
  const yieldsLsHa = ANNUALITIES_A.map((T) => RAIN_DURATIONS_MIN.map((D) => (2500 * (1 + 0.35 * Math.log(T))) / (D + 9) ** 0.8));
  const common = { recurrenceInterval: 5, safetyMargin: 20, throttleDischarge: 0.2, permeabilityCoefficientX: 5.67, permeabilityCoefficientY: 5 };
  const trough = { length: 20, width: 3, depth: 0.3, slope: 2 };
  const box = { length: 8, width: 1.6, levels: 1.5 };
  const KINDS = [
    { installationTarget: 'Infiltration', installationVariant: 'trough', ...common, dimensioningTrough: trough },
    { installationTarget: 'Infiltration', installationVariant: 'infiltrationTank', infiltrationTankType: 'Box', ...common, dimensioningInfiltrationTank: box },
    { installationTarget: 'Infiltration', installationVariant: 'infiltrationTank', infiltrationTankType: 'Pipe', ...common, dimensioningInfiltrationTank: { length: 10, width: 1.2, height: 0.6, numberOfPipes: 2, pipeType: 'DN_ID_200' } },
    { installationTarget: 'Infiltration', installationVariant: 'troughInfiltrationTank', infiltrationTankType: 'Box', ...common, permeabilityCoefficientXTrough: 1.13, permeabilityCoefficientYTrough: 5, recurrenceIntervalTrough: 1, dimensioningTrough: trough, dimensioningInfiltrationTank: box },
    { installationTarget: 'Retention', installationType: 'retentionBasin', ...common, dimensioningInfiltrationTank: { length: 8, width: 4, levels: 2 } },
    { installationTarget: 'Retention', installationType: 'backwaterChannel', ...common, dimensioningInfiltrationTank: { length: 30, pipeType: 'DN_ID_500' } },
  ];
  const ks = what === 'sizing' || what === 'sizingLookup' ? KINDS : what.startsWith('k') ? [KINDS[Number(what.slice(1))]] : [];
  // sizingLookup: the same cases with the rain as a lookup function (the bench's second line).
  const lookup = { rLsHa: (D, T) => yieldsLsHa[ANNUALITIES_A.indexOf(T)][RAIN_DURATIONS_MIN.indexOf(D)] };
  const rain = what === 'sizingLookup' ? lookup : { yieldsLsHa };
  const cases = ks.flatMap((d) => [600, 1500].flatMap((acM2) => ['DWA-A 138-1:2024', 'DWA-A 138:2005'].map((ruleEdition) => ({ data: d, acM2, peakAreaM2: acM2 * 1.1, catchmentAreaM2: acM2 * 1.2, rain, ruleEdition }))));
  const n = cases.length;
  const sizeMeasure = sm.sizeMeasure;
  const evaluate = index.evaluate;
  if (n > 0) return { per: 30000, unit: 'ns', scale: 1000, fn: (i) => { sink += sizeMeasure(cases[i % n]).data.requiredVolume ?? 0; } };
  const project = g.generateProject();
  const banded = { ...project, rainData: { ...project.rainData, source: { edition: 'KOSTRA-DWD-2010R', cell: '93049' } } };
  const noRain = { ...project, rainData: undefined };
  const target = what === 'band' ? banded : what === 'noRain' ? noRain : project;
  return { per: what === 'band' ? 80 : 150, unit: 'µs', scale: 1, fn: () => { sink += evaluate(target).measures.length; } };
}
const W = [];
for (const r of roots) W.push(await work(r));
function chunk(w) {
  const c0 = process.cpuUsage();
  for (let i = 0; i < w.per; i++) w.fn(i);
  const c = process.cpuUsage(c0);
  return (c.user + c.system) / w.per;
}
for (let i = 0; i < 3; i++) for (const w of W) chunk(w);
const t = W.map(() => []);
const ROUNDS = Number(roundsArg);
for (let r = 0; r < ROUNDS; r++) {
  const order = W.map((_, i) => (i + r) % W.length);
  if (r % 2 === 1) order.reverse();
  const got = [];
  for (const i of order) got[i] = chunk(W[i]);
  got.forEach((x, i) => t[i].push(x));
}
const med = (xs) => { const s = [...xs].sort((x, y) => x - y); return s[Math.floor(s.length / 2)]; };
for (let i = 0; i < W.length; i++) {
  const ratios = t[i].map((x, r) => x / t[0][r]);
  console.log(`${roots[i].padEnd(24)} ${(med(t[i]) * W[i].scale).toFixed(1).padStart(8)} ${W[i].unit}  ratio ${med(ratios).toFixed(3)}`);
}
if (!Number.isFinite(sink)) console.log('unexpected non-finite result');
