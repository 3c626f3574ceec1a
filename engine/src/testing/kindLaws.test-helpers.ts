/**
 * fast-check laws of the measure kinds (issue 24 part 2, decision 0165), for every kind of the
 * registry and both rule editions, shared by `kinds/kinds.properties.test.ts` (1,000 runs per law in
 * `npm test`) and `bench/kinds.bench.ts` (100,000 runs per law in the bench job):
 * - a measure sized by the engine (the trough's design area for its depth, the one-click tank
 *   length) passes the engine's check at exactly those dimensions, and 1 % less fails it where the
 *   check is binding;
 * - a box tank's available volume equals that of a linked configuration of the same block;
 * - the required volume never decreases when the connected area or the rain grows.
 * The law that a `calc` kind equals `evaluate` of the equivalent one-measure project lives with the
 * CLI (engine-cli/src/calc/calcEvaluate.properties.test.ts); the measure data of every kind it and
 * these laws draw come from one generator, `kindDataArb` (./kindData.test-helpers.ts).
 */
import fc from 'fast-check';
import { gridForMeasure } from '../boxgrid/measureLink.ts';
import { toConfiguration } from '../boxgrid/wire.ts';
import { evaluate } from '../evaluate/evaluate.ts';
import { MEASURE_KINDS } from '../kinds/registry.ts';
import { MEASURE_KIND_IDS, type MeasureKindId } from '../kinds/types.ts';
import type { MeasureData } from '../model/measure.ts';
import type { Project } from '../model/project.ts';
import { infiltrationRateMs, safetyFactorFromPercent } from '../sizing/balance.ts';
import { rainPoints, type RainTable } from '../sizing/rain.ts';
import { requiredTankLength, sizeMeasure, type SizeMeasureInput, type SizeMeasureResult } from '../sizing/sizeMeasure.ts';
import { troughAreaForDepth } from '../sizing/trough.ts';
import type { RuleEdition } from '../tables/measures.ts';
import { permeabilityMs } from '../tables/soil.ts';
import { fixtureProject } from '../../test-support/fixtureProjects.ts';
import { FULL, lookup } from './boxGeometry.test-helpers.ts';
import { KIND_EDITIONS, kindDataArb, rainTableArb } from './kindData.test-helpers.ts';

export { KIND_EDITIONS, kindDataArb, rainTableArb } from './kindData.test-helpers.ts';

const dbl = (min: number, max: number) => fc.double({ min, max, noNaN: true, noDefaultInfinity: true });

/** One sizing case: a measure of `kind`, its connected area, the rain and the rule edition. */
export interface KindCase {
  readonly kind: MeasureKindId;
  readonly edition: RuleEdition;
  readonly input: SizeMeasureInput & { readonly data: MeasureData; readonly acM2: number; readonly rain: RainTable & { yieldsLsHa: number[][] } };
}

/** A sizing case of one kind and edition. */
export function kindCaseArb(kind: MeasureKindId, edition: RuleEdition): fc.Arbitrary<KindCase> {
  return fc
    .record({ data: kindDataArb(kind, edition), acM2: dbl(100, 5000), rain: rainTableArb })
    .map(({ data, acM2, rain }) => ({ kind, edition, input: { data, acM2, rain, ruleEdition: edition } }));
}

const covers = (available: number | null | undefined, required: number | null | undefined) =>
  typeof available === 'number' && typeof required === 'number' && available >= required * (1 - 1e-9);

/** Whether the part the design sizes holds its required volume (the tank part of a trough with tank). */
function designedPartCovers(kind: MeasureKindId, r: SizeMeasureResult): boolean {
  if (MEASURE_KINDS[kind].tank === null) return r.sufficient === true;
  return covers(r.data.plannedVolumeInfiltrationTank, r.data.requiredVolumeInfiltrationTank);
}

const withTankLength = (data: MeasureData, lengthM: number): MeasureData => ({ ...data, dimensioningInfiltrationTank: { ...data.dimensioningInfiltrationTank, length: lengthM } });

/**
 * Sized by the engine, the measure passes the engine's check at exactly those dimensions; 1 % less
 * fails where the check is binding. Box tanks are built at the one-click length rounded up to the
 * 0.8 m grid; 1 % less than the exact length fails (on the grid that is a box less).
 */
export function sizingPassesCheck(c: KindCase): void {
  const module = MEASURE_KINDS[c.kind];
  if (module.design === 'troughArea') {
    const d = c.input.data;
    const edition = c.edition;
    const q = infiltrationRateMs(permeabilityMs(d.permeabilityCoefficientX!, d.permeabilityCoefficientY!), edition, { fSite: d.permeabilityFactorSite, fMethod: d.permeabilityFactorMethod })!;
    const depthM = d.dimensioningTrough!.depth!;
    const widthM = d.dimensioningTrough!.width!;
    const design = troughAreaForDepth({ acM2: c.input.acM2, depthM, qMs: q, safetyFactor: safetyFactorFromPercent(d.safetyMargin!)!, edition }, rainPoints(c.input.rain, d.recurrenceInterval!));
    fc.pre(design.areaM2 !== undefined && design.areaM2 > 0);
    // A trough of vertical walls: its infiltration area (mean of top and bottom) is its top L·B = A_S.
    const trough = (lengthM: number) => sizeMeasure({ ...c.input, data: { ...d, dimensioningTrough: { length: lengthM, width: widthM, depth: depthM, slope: 0 } } });
    const at = trough(design.areaM2! / widthM);
    if (!designedPartCovers(c.kind, at)) throw new Error(`${c.kind} ${edition}: the designed trough A_S ${design.areaM2} m² fails the check (${at.availableVolumeM3} < ${at.requiredVolumeM3} m³)`);
    const less = trough((0.99 * design.areaM2!) / widthM);
    if (designedPartCovers(c.kind, less)) throw new Error(`${c.kind} ${edition}: 1 % less than the designed trough still passes`);
    return;
  }
  const length = requiredTankLength(c.input);
  fc.pre(length.lengthM !== undefined && length.lengthM > 0 && length.roundedLengthM !== undefined);
  const built = module.tank?.id === 'Box' ? length.roundedLengthM! : length.lengthM!;
  const at = sizeMeasure({ ...c.input, data: withTankLength(c.input.data, built) });
  if (!designedPartCovers(c.kind, at)) {
    throw new Error(`${c.kind} ${c.edition}: the one-click length ${built} m fails the check (${at.data.plannedVolumeInfiltrationTank} < ${at.data.requiredVolumeInfiltrationTank} m³)`);
  }
  const less = sizeMeasure({ ...c.input, data: withTankLength(c.input.data, 0.99 * length.lengthM!) });
  if (designedPartCovers(c.kind, less)) throw new Error(`${c.kind} ${c.edition}: 1 % less than the one-click length ${length.lengthM} m still passes`);
}

/** The required volume never decreases when A_C or the rain grows. */
export function requiredVolumeMonotone(c: KindCase, dAcM2: number, k: number): void {
  const base = sizeMeasure(c.input).requiredVolumeM3;
  fc.pre(base !== undefined);
  const moreArea = sizeMeasure({ ...c.input, acM2: c.input.acM2 + dAcM2 }).requiredVolumeM3;
  const moreRain = sizeMeasure({ ...c.input, rain: { yieldsLsHa: c.input.rain.yieldsLsHa.map((row) => row.map((r) => r * k)) } }).requiredVolumeM3;
  if (!(moreArea! >= base!)) throw new Error(`${c.kind} ${c.edition}: A_C + ${dAcM2} m² needs ${moreArea} < ${base} m³`);
  if (!(moreRain! >= base!)) throw new Error(`${c.kind} ${c.edition}: rain × ${k} needs ${moreRain} < ${base} m³`);
}

let boxBase: Project | undefined;
/** A project with one surface and one box tank (the fixture box-configurations, without its configurations). */
function boxProject(): Project {
  boxBase ??= fixtureProject('box-configurations');
  return { ...boxBase, boxConfigurations: [], measureProducts: [] };
}

/** The kinds whose tank is a block of boxes (a configuration can be linked). */
export const BOX_KINDS: readonly MeasureKindId[] = MEASURE_KIND_IDS.filter((k) => MEASURE_KINDS[k].tank?.takesConfiguration === true);

/** A box tank's available volume equals that of a linked configuration of the same full block. */
export function boxVolumeEqualsLinked(kind: MeasureKindId, cellsX: number, cellsZ: number, levels: number, data: MeasureData): void {
  const p = boxProject();
  const measure = p.waterflow.measures[0]!;
  const own = { ...measure, data: { ...data, dimensioningInfiltrationTank: { length: (cellsX * 8) / 10, width: (cellsZ * 8) / 10, levels } } };
  // One measure and no rain: the available volume needs neither, and evaluate stays cheap.
  const { rainData: _rain, ...rest } = p;
  const project: Project = { ...rest, waterflow: { ...p.waterflow, measures: [own] } };
  const unlinked = evaluate(project).measures.find((m) => m.id === own.id)!;
  const grid = gridForMeasure({ id: 'cfg', name: 'Block' }, own, lookup, FULL);
  const linked = evaluate({ ...project, boxConfigurations: [{ ...toConfiguration(grid, lookup), measureId: own.id }] }, { itemGeometry: lookup }).measures.find((m) => m.id === own.id)!;
  const a = unlinked.data.plannedVolumeInfiltrationTank;
  const b = linked.data.plannedVolumeInfiltrationTank;
  if (typeof a !== 'number' || a !== b) throw new Error(`${kind} ${cellsX} × ${cellsZ} × ${levels}: ${a} m³ without configuration, ${b} m³ linked`);
}

/** The laws, each run `numRuns` times in all (spread over every kind and both editions). */
export function kindLaws(numRuns: number): Record<string, () => void> {
  const perPair = Math.ceil(numRuns / KIND_EDITIONS.length);
  const sizingKinds = KIND_EDITIONS;
  return {
    'a measure sized by the engine passes its check at exactly those dimensions; 1 % less fails': () => {
      for (const [kind, edition] of sizingKinds) fc.assert(fc.property(kindCaseArb(kind, edition), (c) => sizingPassesCheck(c)), { numRuns: perPair });
    },
    'the required volume never decreases when the connected area or the rain grows': () => {
      for (const [kind, edition] of sizingKinds) {
        fc.assert(fc.property(kindCaseArb(kind, edition), dbl(0, 5000), dbl(1, 3), (c, dAc, k) => requiredVolumeMonotone(c, dAc, k)), { numRuns: perPair });
      }
    },
    'a box tank holds what a linked configuration of the same block holds': () => {
      const per = Math.ceil(numRuns / BOX_KINDS.length);
      for (const kind of BOX_KINDS) {
        fc.assert(
          fc.property(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 6 }), fc.integer({ min: 1, max: 4 }), kindDataArb(kind, 'DWA-A 138-1:2024'), (x, z, levels, data) =>
            boxVolumeEqualsLinked(kind, x, z, levels, data),
          ),
          { numRuns: per },
        );
      }
    },
  };
}
