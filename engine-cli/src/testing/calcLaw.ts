/**
 * One sizing path (issue 24 part 2, decision 0165): a `calc` kind's result equals `evaluate` of the
 * equivalent one-measure project, for every measure kind of the engine's registry and both rule
 * editions, to the last bit (the calc kinds and `sizeMeasure` share the standard calculations and
 * their one assembly of the balance). Shared by `calc/calcEvaluate.properties.test.ts` (1,000 runs
 * in `npm test`) and `bench/calcLaw.bench.ts` (100,000 runs in the bench job).
 */
import { evaluate, MEASURE_KIND_IDS, MEASURE_KINDS, type MeasureData, type MeasureKindId, type MeasureResult, type Project } from '@rainplan/engine';
import { RULE_EDITIONS, permeabilityMs, type RuleEdition } from '@rainplan/engine/tables';
import fc from 'fast-check';
import { calcKind } from '../calc/kinds.ts';
import { runCalc } from '../calc/run.ts';
import { sampleProject, sampleRainData } from './run.ts';

const dbl = (min: number, max: number) => fc.double({ min, max, noNaN: true, noDefaultInfinity: true });

interface Case {
  readonly kind: MeasureKindId;
  readonly edition: RuleEdition;
  readonly g: {
    T: number;
    TTrough: number;
    margin: number;
    throttle: number;
    x: number;
    y: number;
    xTrough: number;
    yTrough: number;
    fSite: number;
    fMethod: number;
    direction: 'everySide' | 'sealedSides' | 'sealedSole';
    trough: { length: number; width: number; depth: number; slope: number };
    cellsX: number;
    cellsZ: number;
    levels: number;
    pipeWidth: number;
    pipeHeight: number;
    pipes: number;
    pipeType: string;
    channelPipe: string;
    length: number;
    roofM2: number;
    yardM2: number;
    rainScale: number;
  };
}

const caseArb = (kind: MeasureKindId, edition: RuleEdition): fc.Arbitrary<Case> =>
  fc
    .record({
      T: fc.constantFrom(2, 5, 10, 20, 30),
      TTrough: fc.constantFrom(1, 2, 5),
      margin: dbl(0, 50),
      throttle: dbl(0, 2),
      x: dbl(1, 9.99),
      y: fc.constantFrom(5, 6),
      xTrough: dbl(1, 9.99),
      yTrough: fc.constantFrom(5, 6),
      fSite: dbl(0.5, 1),
      fMethod: dbl(0.5, 1),
      direction: fc.constantFrom('everySide' as const, 'sealedSides' as const, 'sealedSole' as const),
      trough: fc.record({ length: dbl(2, 40), width: dbl(1, 5), depth: dbl(0.1, 0.5), slope: dbl(0, 3) }),
      cellsX: fc.integer({ min: 1, max: 30 }),
      cellsZ: fc.integer({ min: 1, max: 8 }),
      levels: fc.integer({ min: 2, max: 8 }).map((n) => n / 2),
      pipeWidth: dbl(0.8, 3),
      pipeHeight: dbl(0.5, 1.5),
      pipes: fc.integer({ min: 0, max: 2 }),
      pipeType: fc.constantFrom('DN_ID_200', 'DN_ID_350'),
      channelPipe: fc.constantFrom('DN_ID_500', 'DN_OD_630', 'DN_ID_1200'),
      length: dbl(1, 60),
      roofM2: dbl(20, 3000),
      yardM2: dbl(20, 3000),
      rainScale: dbl(0.5, 2),
    })
    .map((g) => ({ kind, edition, g }));

/** The rain table of the case: the sample table scaled. */
function rainData(c: Case): Record<string, unknown> {
  const r = sampleRainData() as { raindataSeries: { annuality: number; valuesForDurations: { duration: number; value: number }[] }[] };
  return { ...r, raindataSeries: r.raindataSeries.map((s) => ({ ...s, valuesForDurations: s.valuesForDurations.map((v) => ({ ...v, value: v.value * c.g.rainScale })) })) };
}

/** The measure data of the case (boxes on the 0.8 m grid as a planner types them, e.g. 4.8; whole and half levels). */
function measureData(c: Case): MeasureData {
  const { kind, edition, g } = c;
  const k = MEASURE_KINDS[kind];
  const part = k.tank?.id;
  return {
    ...k.selection,
    recurrenceInterval: g.T,
    safetyMargin: g.margin,
    ...(k.throttle ? { throttleDischarge: g.throttle } : {}),
    ...(k.infiltrates
      ? {
          infiltrationDirection: g.direction,
          permeabilityCoefficientX: g.x,
          permeabilityCoefficientY: g.y,
          ...(edition === 'DWA-A 138-1:2024' ? { permeabilityFactorSite: g.fSite, permeabilityFactorMethod: g.fMethod } : {}),
        }
      : {}),
    ...(k.troughOwnInputs ? { recurrenceIntervalTrough: g.TTrough, permeabilityCoefficientXTrough: g.xTrough, permeabilityCoefficientYTrough: g.yTrough } : {}),
    ...(k.trough === null ? {} : { dimensioningTrough: g.trough }),
    ...(part === 'Box' ? { dimensioningInfiltrationTank: { length: (g.cellsX * 8) / 10, width: (g.cellsZ * 8) / 10, levels: g.levels } } : {}),
    ...(part === 'Pipe' ? { dimensioningInfiltrationTank: { length: g.length, width: g.pipeWidth, height: g.pipeHeight, numberOfPipes: g.pipes, pipeType: g.pipeType } } : {}),
    ...(part === 'RetentionPipe' ? { dimensioningInfiltrationTank: { length: g.length, pipeType: g.channelPipe } } : {}),
  } as MeasureData;
}

/** `evaluate` of the sample project with the case's measure as its one measure. */
function evaluated(c: Case): MeasureResult {
  const p = sampleProject() as unknown as Project;
  const surfaces = p.waterflow.sealedSurfaces.map((s, i) => ({ ...s, value: i === 0 ? c.g.roofM2 : c.g.yardM2 }));
  const measure = { ...p.waterflow.measures[0]!, data: measureData(c) };
  const project: Project = { ...p, project: { ...p.project, ruleEdition: c.edition }, rainData: rainData(c) as NonNullable<Project['rainData']>, waterflow: { ...p.waterflow, sealedSurfaces: surfaces, measures: [measure] } };
  return evaluate(project).measures[0]!;
}

/** The equivalent `calc` input of the case's kind. */
function calcInput(c: Case, m: MeasureResult): { kind: string; input: Record<string, unknown> } {
  const { kind, edition, g } = c;
  const k = MEASURE_KINDS[kind];
  const rain = { annualityA: g.T, rainData: rainData(c) };
  const common = { acM2: m.AC, safetyMarginPct: g.margin };
  const soil = { edition, kfMs: permeabilityMs(g.x, g.y), ...(edition === 'DWA-A 138-1:2024' ? { fSite: g.fSite, fMethod: g.fMethod } : {}) };
  const part = k.tank?.id;
  const section =
    part === 'Box'
      ? { widthM: (g.cellsZ * 8) / 10, layers: g.levels, storageCoefficient: 0.95, lengthM: (g.cellsX * 8) / 10 }
      : { widthM: g.pipeWidth, heightM: g.pipeHeight, pipes: { numberOfPipes: g.pipes, pipeType: g.pipeType, materialStorageCoefficient: 0.3 }, lengthM: g.length };
  if (k.check === 'retention') {
    const available = part === 'RetentionPipe' ? { retentionPipe: { lengthM: g.length, pipeType: g.channelPipe } } : { availableVolumeM3: m.value };
    return { kind: 'retention', input: { ...common, throttleLs: g.throttle, ...available, rain } };
  }
  if (k.tank === null) return { kind: 'trough', input: { ...common, ...soil, depthM: g.trough.depth, lengthM: g.trough.length, widthM: g.trough.width, slope: g.trough.slope, rain } };
  const tank = { ...common, ...soil, ...section, direction: g.direction, throttleLs: g.throttle, rain };
  if (k.trough === null) return { kind: 'tank', input: tank };
  const trough = { lengthM: g.trough.length, widthM: g.trough.width, depthM: g.trough.depth, slope: g.trough.slope, kfMs: permeabilityMs(g.xTrough, g.yTrough), rain: { annualityA: g.TTrough, rainData: rainData(c) } };
  return { kind: 'trough-tank', input: { ...tank, trough } };
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

const KIND_EDITIONS = MEASURE_KIND_IDS.flatMap((k) => RULE_EDITIONS.map((e) => [k, e] as const));

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
