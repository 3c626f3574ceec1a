/**
 * One sizing path (issue 24 part 2, decision 0165): a `calc` kind's result equals `evaluate` of the
 * equivalent one-measure project, for every measure kind of the engine's registry and both rule
 * editions, to the last bit (the calc kinds and `sizeMeasure` share the standard calculations and
 * their one assembly of the balance). Shared by `calc/calcEvaluate.properties.test.ts` (1,000 runs
 * in `npm test`) and `bench/calcLaw.bench.ts` (100,000 runs in the bench job). The measure data of
 * every kind come from the engine's own generator (`kindDataArb` of `@rainplan/engine/testing`), the
 * one its kind laws draw from.
 */
import { evaluate, MEASURE_KINDS, type MeasureData, type MeasureKindId, type MeasureResult, type Project } from '@rainplan/engine';
import { permeabilityMs, type RuleEdition } from '@rainplan/engine/tables';
import { KIND_EDITIONS, kindDataArb } from '@rainplan/engine/testing';
import fc from 'fast-check';
import { calcKind } from '../calc/kinds.ts';
import { runCalc } from '../calc/run.ts';
import { sampleProject, sampleRainData } from './run.ts';

const dbl = (min: number, max: number) => fc.double({ min, max, noNaN: true, noDefaultInfinity: true });

/** One case: a measure of one kind (the engine's own generator of every kind's data), the two surfaces' areas and the rain's scale. */
interface Case {
  readonly kind: MeasureKindId;
  readonly edition: RuleEdition;
  readonly data: MeasureData;
  readonly roofM2: number;
  readonly yardM2: number;
  readonly rainScale: number;
}

const caseArb = (kind: MeasureKindId, edition: RuleEdition): fc.Arbitrary<Case> =>
  fc
    .record({ data: kindDataArb(kind, edition), roofM2: dbl(20, 3000), yardM2: dbl(20, 3000), rainScale: dbl(0.5, 2) })
    .map(({ data, roofM2, yardM2, rainScale }) => ({ kind, edition, data, roofM2, yardM2, rainScale }));

/** The rain table of the case: the sample table scaled. */
function rainData(c: Case): Record<string, unknown> {
  const r = sampleRainData() as { raindataSeries: { annuality: number; valuesForDurations: { duration: number; value: number }[] }[] };
  return { ...r, raindataSeries: r.raindataSeries.map((s) => ({ ...s, valuesForDurations: s.valuesForDurations.map((v) => ({ ...v, value: v.value * c.rainScale })) })) };
}

/** `evaluate` of the sample project with the case's measure as its one measure. */
function evaluated(c: Case): MeasureResult {
  const p = sampleProject() as unknown as Project;
  const surfaces = p.waterflow.sealedSurfaces.map((s, i) => ({ ...s, value: i === 0 ? c.roofM2 : c.yardM2 }));
  const measure = { ...p.waterflow.measures[0]!, data: c.data };
  const project: Project = { ...p, project: { ...p.project, ruleEdition: c.edition }, rainData: rainData(c) as NonNullable<Project['rainData']>, waterflow: { ...p.waterflow, sealedSurfaces: surfaces, measures: [measure] } };
  return evaluate(project).measures[0]!;
}

/** The equivalent `calc` input of the case's kind, read from the measure's data. */
function calcInput(c: Case, m: MeasureResult): { kind: string; input: Record<string, unknown> } {
  const { kind, edition, data: d } = c;
  const k = MEASURE_KINDS[kind];
  const t = d.dimensioningInfiltrationTank ?? {};
  const trough = d.dimensioningTrough ?? {};
  const rain = { annualityA: d.recurrenceInterval, rainData: rainData(c) };
  const common = { acM2: m.AC, safetyMarginPct: d.safetyMargin };
  const soil = () => ({ edition, kfMs: permeabilityMs(d.permeabilityCoefficientX!, d.permeabilityCoefficientY!), ...(edition === 'DWA-A 138-1:2024' ? { fSite: d.permeabilityFactorSite, fMethod: d.permeabilityFactorMethod } : {}) });
  const part = k.tank?.id;
  const section =
    part === 'Box'
      ? { widthM: t.width, layers: t.levels, storageCoefficient: 0.95, lengthM: t.length }
      : { widthM: t.width, heightM: t.height, pipes: { numberOfPipes: t.numberOfPipes, pipeType: t.pipeType, materialStorageCoefficient: 0.3 }, lengthM: t.length };
  if (k.check === 'retention') {
    const available = part === 'RetentionPipe' ? { retentionPipe: { lengthM: t.length, pipeType: t.pipeType } } : { availableVolumeM3: m.value };
    return { kind: 'retention', input: { ...common, throttleLs: d.throttleDischarge, ...available, rain } };
  }
  if (k.tank === null) return { kind: 'trough', input: { ...common, ...soil(), depthM: trough.depth, lengthM: trough.length, widthM: trough.width, slope: trough.slope, rain } };
  const tank = { ...common, ...soil(), ...section, direction: d.infiltrationDirection, throttleLs: d.throttleDischarge, rain };
  if (k.trough === null) return { kind: 'tank', input: tank };
  const ownTrough = {
    lengthM: trough.length,
    widthM: trough.width,
    depthM: trough.depth,
    slope: trough.slope,
    kfMs: permeabilityMs(d.permeabilityCoefficientXTrough!, d.permeabilityCoefficientYTrough!),
    rain: { annualityA: d.recurrenceIntervalTrough, rainData: rainData(c) },
  };
  return { kind: 'trough-tank', input: { ...tank, trough: ownTrough } };
}

type R = Record<string, Record<string, unknown> | undefined> & Record<string, unknown>;

/** The figures of the calc result and of the evaluated measure that must be equal. */
function pairs(c: Case, r: R, m: MeasureResult): [string, unknown, unknown][] {
  const d = m.data;
  const k = MEASURE_KINDS[c.kind];
  if (k.check === 'retention') {
    return [
      ['required volume', r['requiredVolumeM3'], m.requiredVolume],
      ['available volume', r['availableVolumeM3'], m.value],
      ['governing D', r['governingDurationMin'], d.duration],
      ['draining time', r['drainingTimeH'], d.drainingTime],
    ];
  }
  if (k.tank === null) {
    return [
      ['required volume', r['check']?.['requiredVolumeM3'], m.requiredVolume],
      ['available volume', r['check']?.['availableVolumeM3'], m.value],
      ['governing D', r['check']?.['governingDurationMin'], d.durationTrough],
      ['draining time', r['check']?.['drainingTimeH'], d.drainingTimeTrough],
    ];
  }
  const out: [string, unknown, unknown][] = [
    ['tank required volume', r['check']?.['requiredVolumeM3'], d.requiredVolumeInfiltrationTank],
    ['tank available volume', r['check']?.['availableVolumeM3'], d.plannedVolumeInfiltrationTank],
    ['tank governing D', r['check']?.['governingDurationMin'], d.durationInfiltrationTank],
    ['one-click length', r['requiredLength']?.['lengthM'], m.autoDimensioning?.lengthM],
  ];
  if (k.trough !== null) out.push(['trough required volume', r['trough']?.['requiredVolumeM3'], d.requiredVolumeTrough], ['trough volume', r['trough']?.['volumeM3'], d.plannedVolumeTrough]);
  return out;
}

/** One case: the calc result and the evaluated measure agree on every figure (throws otherwise). */
export function calcEqualsEvaluate(c: Case): void {
  const m = evaluated(c);
  fc.pre(m.requiredVolume !== undefined && m.AC !== undefined);
  const { kind: name, input } = calcInput(c, m);
  const run = runCalc(calcKind(name)!, input);
  if (!run.ok) throw new Error(`${name}: ${JSON.stringify(run.errors)}`);
  const results = run.output.results as R;
  for (const [what, calc, engine] of pairs(c, results, m)) {
    const a = calc === null ? undefined : calc;
    const b = engine === null ? undefined : engine;
    if (!Object.is(a, b)) throw new Error(`${c.kind} ${c.edition} ${what}: calc ${String(a)}, evaluate ${String(b)}`);
  }
}

/** The law, `numRuns` runs in all, spread over every kind and both editions. */
export function calcEqualsEvaluateLaw(numRuns: number): void {
  for (const [kind, edition] of KIND_EDITIONS) fc.assert(fc.property(caseArb(kind, edition), calcEqualsEvaluate), { numRuns: Math.ceil(numRuns / KIND_EDITIONS.length) });
}
