/**
 * The pipe parts: pipes in a gravel body (pipe tank, infiltration) and a retention pipe (backwater
 * channel, sealed). Pipe types from the planning spec's table (tables/pipes.ts).
 */
import { roundUpToSalesUnit } from '../../bom/configuration.ts';
import { Dec } from '../../bom/money.ts';
import { addNeed } from '../../bom/needs.ts';
import { billIssue } from '../../bom/types.ts';
import type { DimensioningInfiltrationTank } from '../../model/measure.ts';
import { fin } from '../../sizing/core.ts';
import { pipeTankStorageCoefficient, retentionPipeVolumeM3 } from '../../sizing/tank.ts';
import { DEFAULTS, INPUT_LIMITS } from '../../tables/defaults.ts';
import { PIPE_TYPES, type PipeType } from '../../tables/pipes.ts';
import type { BillContext, DimensionProblemSink, TankPartModule, TankSectionSpec } from '../types.ts';
import { dimension, nonNeg, pos } from './dimensions.ts';

const MM = 1e-3;
const isSet = (v: unknown) => v !== undefined && v !== null;
/** Rounds a volume up to 0.1 m³ (after dropping float noise below 1e-6 m³). */
export const upToTenth = (m3: number): Dec => new Dec(m3.toFixed(6)).times(10).ceil().dividedBy(10);

/** Default pipe tank: 1 × 1 × 0.6 m, one pipe, material storage coefficient 30 %. */
export function defaultPipeTank(): DimensioningInfiltrationTank {
  return {
    width: DEFAULTS.pipeTankWidthM,
    length: DEFAULTS.pipeTankLengthM,
    height: DEFAULTS.pipeTankHeightM,
    numberOfPipes: DEFAULTS.numberOfPipes,
    storageCoefficientMaterial: DEFAULTS.storageCoefficientMaterialPercent,
  };
}

/** Default retention pipe (backwater channel): 1 m long; the pipe type is chosen by the planner. */
export function defaultRetentionPipe(): DimensioningInfiltrationTank {
  return { length: DEFAULTS.pipeLengthM };
}

/** The pipe type of the dimensions; REQUIRED `pipeType` when none of the table. */
function pipeTypeOf(dims: DimensioningInfiltrationTank, problem: DimensionProblemSink): PipeType | undefined {
  const pipe = dims.pipeType == null ? undefined : PIPE_TYPES.find((p) => p.id === dims.pipeType);
  if (pipe === undefined) problem('REQUIRED', 'pipeType', { field: 'pipeType' });
  return pipe;
}

/** Pipes a × L of the pipe type (m); the pipe and its product, or undefined after MEASURE_DIMENSIONS_MISSING. */
function pipeNeeds({ measure, index, path, needs, issues }: BillContext): { pipe: PipeType; a: number; L: number } | undefined {
  const d = measure.data?.dimensioningInfiltrationTank ?? {};
  const a = d.numberOfPipes ?? DEFAULTS.numberOfPipes;
  const pipe = PIPE_TYPES.find((p) => p.id === d.pipeType);
  const product = pipe === undefined ? undefined : (index.catalogue.rules.pipes as Readonly<Record<string, string | undefined>>)[pipe.id];
  if (!pos(d.length) || !pos(a) || !Number.isInteger(a) || pipe === undefined || product === undefined) {
    issues.push(billIssue('MEASURE_DIMENSIONS_MISSING', measure.id, `${path}.data.dimensioningInfiltrationTank`, {}));
    return undefined;
  }
  addNeed(needs, product, new Dec(a).times(new Dec(d.length)));
  return { pipe, a, L: d.length };
}

const pipeReportRows = (t: DimensioningInfiltrationTank) => [
  { labelKey: 'input.numberOfPipes', value: t.numberOfPipes, decimals: 0 },
  { labelKey: 'input.pipeType', value: t.pipeType ?? undefined },
];

export const PIPE_PART = {
  id: 'Pipe',
  labelKey: 'tankType.Pipe',
  rectangularSection: true,
  takesConfiguration: false,
  defaultDimensions: defaultPipeTank,
  normalize: (dims) => dims,
  validate(tank, rules) {
    for (const f of ['length', 'width', 'height', 'pipeType'] as const) rules.required(f, tank[f]);
    const n = tank.numberOfPipes;
    rules.required('numberOfPipes', n);
    if (isSet(n) && n! < INPUT_LIMITS.numberOfPipesMin) rules.issue('BELOW_MINIMUM', 'numberOfPipes', { field: 'numberOfPipes', min: 1 });
    else if (isSet(n) && !Number.isInteger(n)) rules.issue('NOT_AN_INTEGER', 'numberOfPipes', { field: 'numberOfPipes' });
  },
  readSection(dims, problem): TankSectionSpec {
    const pipe = pipeTypeOf(dims, problem);
    const widthM = dimension(dims.width, 'width', pos, problem);
    const heightM = dimension(dims.height, 'height', pos, problem);
    let s: number | undefined;
    const a = dims.numberOfPipes ?? DEFAULTS.numberOfPipes;
    const sF = dims.storageCoefficientMaterial ?? DEFAULTS.storageCoefficientMaterialPercent;
    if (!nonNeg(a)) problem('VALUE_NOT_POSITIVE', 'numberOfPipes', { field: 'numberOfPipes' });
    if (!(nonNeg(sF) && sF <= 100)) problem('VALUE_NOT_POSITIVE', 'storageCoefficientMaterial', { field: 'storageCoefficientMaterial' });
    else if (widthM !== undefined && heightM !== undefined && pipe !== undefined && nonNeg(a)) {
      s = pipeTankStorageCoefficient({
        widthM,
        heightM,
        numberOfPipes: a,
        innerDiameterMm: pipe.innerDiameterMm,
        outerDiameterMm: pipe.outerDiameterMm,
        materialStorageCoefficient: sF / 100,
      });
      if (s === undefined) problem('PIPES_DO_NOT_FIT', 'numberOfPipes', { numberOfPipes: a, pipeType: pipe.id });
    }
    return { widthM, heightM, s, innerDiameterMm: undefined };
  },
  availableVolumeM3: (t, L) => (t.widthM === undefined || t.heightM === undefined || t.s === undefined ? undefined : fin(L * t.widthM * t.heightM * t.s)),
  storagePerMetreM3: (t) => (t.widthM === undefined || t.heightM === undefined || t.s === undefined ? undefined : t.widthM * t.heightM * t.s),
  storagePerMetreField: 'storageCoefficient',
  roundLengthM: (lengthM) => lengthM,
  reportRows: (t) => [...pipeReportRows(t), { labelKey: 'input.storageCoefficientMaterial', value: t.storageCoefficientMaterial, decimals: 0 }],
  billNeeds(ctx) {
    // Pipes a × L, gravel L·B·H − a·π/4·d_a²·L (m³, up to 0.1 m³), geotextile around the gravel body 2(LB + LH + BH).
    const pipes = pipeNeeds(ctx);
    if (pipes === undefined) return;
    const { measure, index, path, needs, issues } = ctx;
    const d = measure.data?.dimensioningInfiltrationTank ?? {};
    const rules = index.catalogue.rules;
    if (!pos(d.width) || !pos(d.height)) {
      issues.push(billIssue('MEASURE_DIMENSIONS_MISSING', measure.id, `${path}.data.dimensioningInfiltrationTank`, {}));
      return;
    }
    const { L, a, pipe } = pipes;
    const B = d.width;
    const H = d.height;
    const da = pipe.outerDiameterMm / 1000;
    const gravel = L * B * H - a * (Math.PI / 4) * da * da * L;
    if (gravel > 0) addNeed(needs, rules.gravel.product, upToTenth(gravel));
    const area = new Dec(L).times(B).plus(new Dec(L).times(H)).plus(new Dec(B).times(H)).times(2);
    addNeed(needs, rules.geotextile.product, roundUpToSalesUnit(area, rules.geotextile.salesUnitM2));
  },
} as const satisfies TankPartModule<'Pipe'>;

export const RETENTION_PIPE_PART = {
  id: 'RetentionPipe',
  labelKey: 'installationType.backwaterChannel',
  rectangularSection: false,
  takesConfiguration: false,
  defaultDimensions: defaultRetentionPipe,
  normalize: (dims) => dims,
  validate(tank, rules) {
    for (const f of ['length', 'pipeType'] as const) rules.required(f, tank[f]);
  },
  readSection(dims, problem): TankSectionSpec {
    const pipe = pipeTypeOf(dims, problem);
    return { widthM: undefined, heightM: undefined, s: undefined, innerDiameterMm: pipe?.innerDiameterMm };
  },
  // V = L·π·d_i²/4: the standard calculation retentionPipeVolumeM3 (sizing/tank.ts), also the CLI's.
  availableVolumeM3: (t, L) => (t.innerDiameterMm === undefined ? undefined : retentionPipeVolumeM3(L, t.innerDiameterMm)),
  storagePerMetreM3: (t) => (t.innerDiameterMm === undefined ? undefined : (Math.PI * (t.innerDiameterMm * MM) ** 2) / 4),
  storagePerMetreField: 'pipeType',
  roundLengthM: (lengthM) => lengthM,
  // One pipe: its type only (the number of pipes is a pipe tank's input).
  reportRows: (t) => pipeReportRows(t).filter((r) => r.labelKey !== 'input.numberOfPipes'),
  billNeeds(ctx) {
    pipeNeeds(ctx);
  },
} as const satisfies TankPartModule<'RetentionPipe'>;
