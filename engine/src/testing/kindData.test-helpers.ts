/**
 * The measure data of every kind the laws draw (issue 29: one generator instead of copies): realistic
 * inputs of one measure kind of the registry with random soil, margins, throttle and dimensions, a
 * KOSTRA-shaped rain table and every (kind, edition) pair. Used by the kind laws
 * (./kindLaws.test-helpers.ts) and, through `@rainplan/engine/testing`, by the CLI's law that a
 * `calc` kind equals `evaluate` (engine-cli/src/testing/calcLaw.ts). Pure: no Node APIs.
 */
import fc from 'fast-check';
import { MEASURE_KINDS } from '../kinds/registry.ts';
import { MEASURE_KIND_IDS, type MeasureKindId } from '../kinds/types.ts';
import type { MeasureData } from '../model/measure.ts';
import type { RainTable } from '../sizing/rain.ts';
import { INFILTRATION_DIRECTIONS, RULE_EDITIONS, type RuleEdition } from '../tables/measures.ts';
import { ANNUALITIES_A, RAIN_DURATIONS_MIN } from '../tables/rain.ts';

const dbl = (min: number, max: number) => fc.double({ min, max, noNaN: true, noDefaultInfinity: true });

/** A KOSTRA-shaped rain table r(D, T) = c·(1 + 0.35·ln T)/(D + b)^e, l/(s·ha), 9 annualities × 22 durations. */
export const rainTableArb: fc.Arbitrary<RainTable & { yieldsLsHa: number[][] }> = fc
  .record({ c: dbl(800, 6000), b: dbl(3, 20), e: dbl(0.6, 0.95) })
  .map(({ c, b, e }) => ({ yieldsLsHa: ANNUALITIES_A.map((T) => RAIN_DURATIONS_MIN.map((D) => (c * (1 + 0.35 * Math.log(T))) / (D + b) ** e)) }));

/** Realistic measure data of one kind with random soil, margins, throttle and dimensions (boxes on the 0.8 m grid). */
export function kindDataArb(kind: MeasureKindId, edition: RuleEdition): fc.Arbitrary<MeasureData> {
  return fc
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
      direction: fc.constantFrom(...INFILTRATION_DIRECTIONS),
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
      flooding: fc.boolean(),
    })
    .map((g): MeasureData => {
      const s = MEASURE_KINDS[kind].selection;
      const base: MeasureData = {
        ...s,
        recurrenceInterval: g.T,
        safetyMargin: g.margin,
        floodingVerification: g.flooding,
        ...(MEASURE_KINDS[kind].throttle ? { throttleDischarge: g.throttle } : {}),
      };
      const soil: MeasureData = MEASURE_KINDS[kind].infiltrates
        ? {
            infiltrationDirection: g.direction,
            permeabilityCoefficientX: g.x,
            permeabilityCoefficientY: g.y,
            ...(edition === 'DWA-A 138-1:2024' ? { permeabilityFactorSite: g.fSite, permeabilityFactorMethod: g.fMethod } : {}),
          }
        : {};
      const trough = MEASURE_KINDS[kind].trough === null ? {} : { dimensioningTrough: g.trough };
      const own = MEASURE_KINDS[kind].troughOwnInputs ? { recurrenceIntervalTrough: g.TTrough, permeabilityCoefficientXTrough: g.xTrough, permeabilityCoefficientYTrough: g.yTrough } : {};
      const part = MEASURE_KINDS[kind].tank?.id;
      const tank =
        part === 'Box'
          ? { dimensioningInfiltrationTank: { length: (g.cellsX * 8) / 10, width: (g.cellsZ * 8) / 10, levels: g.levels } }
          : part === 'Pipe'
            ? { dimensioningInfiltrationTank: { length: g.length, width: g.pipeWidth, height: g.pipeHeight, numberOfPipes: g.pipes, pipeType: g.pipeType } }
            : part === 'RetentionPipe'
              ? { dimensioningInfiltrationTank: { length: g.length, pipeType: g.channelPipe } }
              : {};
      return { ...base, ...soil, ...own, ...trough, ...tank } as MeasureData;
    });
}

/** Every (kind, edition) pair of the registry. */
export const KIND_EDITIONS: readonly (readonly [MeasureKindId, RuleEdition])[] = MEASURE_KIND_IDS.flatMap((k) => RULE_EDITIONS.map((e) => [k, e] as const));
