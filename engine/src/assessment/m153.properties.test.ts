import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { m153Assessment, m153CombinedFactor, m153Passes, type M153Input, type M153TreatmentChoice } from '../index.ts';
import {
  ABOVE_GROUND_FACTORS,
  ABOVE_GROUND_PROPORTION_IDS,
  AIR_POLLUTION_IDS,
  GROUND_POLLUTION_IDS,
  PRETREATMENT_OPTIONS,
  PRETREATMENT_OPTION_IDS,
  WATER_CATEGORIES,
  WATER_CATEGORY_IDS,
} from '../tables/index.ts';

const connectedAreaArb = fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 100_000 }), fc.double({ min: 0, max: 1e7, noNaN: true }));

const inputArb: fc.Arbitrary<M153Input> = fc
  .record({
    airPollution: fc.option(fc.constantFrom(...AIR_POLLUTION_IDS), { nil: undefined, freq: 6 }),
    waterCategory: fc.option(fc.constantFrom(...WATER_CATEGORY_IDS), { nil: undefined, freq: 6 }),
    surfaces: fc.array(
      fc.record({ connectedAreaM2: connectedAreaArb, groundPollution: fc.option(fc.constantFrom(...GROUND_POLLUTION_IDS), { nil: undefined, freq: 6 }) }),
      { minLength: 1, maxLength: 6 },
    ),
  })
  .map((input) => ({ ...input, surfaces: input.surfaces.map((s, i) => ({ surfaceId: `s${i}`, ...s })) }));

/** A share large enough that raising its load changes the floating-point sum B. */
const MEASURABLE_SHARE = 1e-9;
const points = (id: string) => WATER_CATEGORIES.find((w) => w.id === id)!.points;

describe('m153Assessment', () => {
  it('throughput value falls when a surface pollution class rises (strictly when its share is positive and G > 0)', () => {
    fc.assert(
      fc.property(inputArb, fc.nat(), fc.integer({ min: 1, max: 6 }), (input, at, step) => {
        const i = at % input.surfaces.length;
        const surface = input.surfaces[i]!;
        fc.pre(surface.groundPollution !== undefined);
        const from = GROUND_POLLUTION_IDS.indexOf(surface.groundPollution!);
        fc.pre(from + step < GROUND_POLLUTION_IDS.length);
        const raised = { ...input, surfaces: input.surfaces.map((s, j) => (j === i ? { ...s, groundPollution: GROUND_POLLUTION_IDS[from + step]! } : s)) };
        const before = m153Assessment(input);
        const after = m153Assessment(raised);
        expect(after.throughputValue === undefined).toBe(before.throughputValue === undefined);
        if (before.throughputValue === undefined || after.throughputValue === undefined) return;
        expect(after.throughputValue).toBeLessThanOrEqual(before.throughputValue);
        if (before.surfaces[i]!.areaShare >= MEASURABLE_SHARE && before.waterCategoryPoints! > 0) {
          expect(after.throughputValue).toBeLessThan(before.throughputValue);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('throughput value falls when the air pollution rises (strictly when G > 0)', () => {
    fc.assert(
      fc.property(inputArb, fc.integer({ min: 1, max: 3 }), (input, step) => {
        fc.pre(input.airPollution !== undefined);
        const from = AIR_POLLUTION_IDS.indexOf(input.airPollution!);
        fc.pre(from + step < AIR_POLLUTION_IDS.length);
        const before = m153Assessment(input);
        const after = m153Assessment({ ...input, airPollution: AIR_POLLUTION_IDS[from + step]! });
        expect(after.throughputValue === undefined).toBe(before.throughputValue === undefined);
        if (before.throughputValue === undefined || after.throughputValue === undefined) return;
        expect(after.throughputValue).toBeLessThanOrEqual(before.throughputValue);
        if (before.waterCategoryPoints! > 0) expect(after.throughputValue).toBeLessThan(before.throughputValue);
      }),
      { numRuns: 200 },
    );
  });

  it('throughput value rises with the water category points', () => {
    fc.assert(
      fc.property(inputArb, fc.constantFrom(...WATER_CATEGORY_IDS), (input, other) => {
        fc.pre(input.waterCategory !== undefined);
        const before = m153Assessment(input);
        const after = m153Assessment({ ...input, waterCategory: other });
        expect(after.throughputValue === undefined).toBe(before.throughputValue === undefined);
        if (before.throughputValue === undefined || after.throughputValue === undefined) return;
        const [gBefore, gAfter] = [points(input.waterCategory!), points(other)];
        if (gAfter > gBefore) expect(after.throughputValue).toBeGreaterThan(before.throughputValue);
        if (gAfter === gBefore) expect(after.throughputValue).toBe(before.throughputValue);
        if (gAfter < gBefore) expect(after.throughputValue).toBeLessThan(before.throughputValue);
      }),
      { numRuns: 200 },
    );
  });

  it('shares sum to 1, B = Σ dischargedLoad_i, value = G / B; undefined exactly when an input is missing', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const a = m153Assessment(input);
        const total = input.surfaces.reduce((sum, s) => sum + s.connectedAreaM2, 0);
        if (total > 0) expect(Math.abs(a.surfaces.reduce((sum, s) => sum + s.areaShare, 0) - 1)).toBeLessThanOrEqual(1e-12);
        const missingClass = a.surfaces.some((s, i) => s.areaShare > 0 && input.surfaces[i]!.groundPollution === undefined);
        const computable = total > 0 && input.airPollution !== undefined && !missingClass;
        expect(a.dischargedLoad !== undefined).toBe(computable);
        if (a.dischargedLoad !== undefined) {
          const sum = a.surfaces.reduce((s, x) => s + x.dischargedLoad, 0);
          expect(Math.abs(a.dischargedLoad - sum)).toBeLessThanOrEqual(1e-12 * Math.max(1, sum));
          expect(a.dischargedLoad).toBeGreaterThan(0);
        }
        expect(a.throughputValue !== undefined).toBe(computable && input.waterCategory !== undefined);
        if (a.throughputValue !== undefined) expect(a.throughputValue).toBe(a.waterCategoryPoints! / a.dischargedLoad!);
      }),
      { numRuns: 200 },
    );
  });
});

const choiceArb: fc.Arbitrary<M153TreatmentChoice> = fc.record(
  {
    facilityValue: fc.option(fc.double({ min: 0, max: 1, noNaN: true }), { nil: undefined }),
    proportion: fc.option(fc.constantFrom(...ABOVE_GROUND_PROPORTION_IDS), { nil: undefined }),
    pretreatmentOption: fc.option(fc.constantFrom(...PRETREATMENT_OPTION_IDS), { nil: undefined }),
    withD4: fc.option(fc.boolean(), { nil: undefined }),
  },
  { requiredKeys: [] },
);

/** Rank of a pretreatment option: D1 (best, lowest factor) < D2 < D3. */
const pretreatmentRank = (id: string) => Number(PRETREATMENT_OPTIONS.find((o) => o.id === id)!.factorClass.slice(1));

describe('m153CombinedFactor', () => {
  it('lies in [0, 1] for facility values in [0, 1] and equals the product of the chosen factors', () => {
    fc.assert(
      fc.property(choiceArb, (choice) => {
        const d = m153CombinedFactor(choice);
        expect(d).toBeGreaterThanOrEqual(0);
        expect(d).toBeLessThanOrEqual(1);
        const p = choice.proportion;
        const option = PRETREATMENT_OPTIONS.find((o) => o.id === choice.pretreatmentOption);
        const pre = p !== undefined && option !== undefined ? ABOVE_GROUND_FACTORS[option.factorClass][p] : 1;
        const d4 = p !== undefined && choice.withD4 === true ? ABOVE_GROUND_FACTORS.D4[p] : 1;
        expect(d).toBeCloseTo((choice.facilityValue ?? 1) * pre * d4, 15);
      }),
      { numRuns: 200 },
    );
  });

  it('is monotone: a better facility, pretreatment, area ratio or adding D4 never raises it; any choice ≤ none', () => {
    fc.assert(
      fc.property(choiceArb, choiceArb, (a, b) => {
        // b is at least as much treatment as a in every component → D(b) ≤ D(a).
        const better: M153TreatmentChoice = {
          facilityValue: a.facilityValue === undefined ? b.facilityValue : Math.min(a.facilityValue, b.facilityValue ?? a.facilityValue),
          proportion:
            a.proportion === undefined
              ? b.proportion
              : ABOVE_GROUND_PROPORTION_IDS[Math.min(ABOVE_GROUND_PROPORTION_IDS.indexOf(a.proportion), ABOVE_GROUND_PROPORTION_IDS.indexOf(b.proportion ?? a.proportion))],
          pretreatmentOption:
            a.pretreatmentOption === undefined || b.pretreatmentOption === undefined
              ? (a.pretreatmentOption ?? b.pretreatmentOption)
              : pretreatmentRank(b.pretreatmentOption) <= pretreatmentRank(a.pretreatmentOption)
                ? b.pretreatmentOption
                : a.pretreatmentOption,
          withD4: a.withD4 === true || b.withD4 === true,
        };
        // A proportion that only "better" has adds factors ≤ 1 — still never raises D.
        expect(m153CombinedFactor(better)).toBeLessThanOrEqual(m153CombinedFactor(a));
        expect(m153CombinedFactor(a)).toBeLessThanOrEqual(m153CombinedFactor({}));
        expect(m153CombinedFactor({})).toBe(1);
      }),
      { numRuns: 200 },
    );
  });

  it('m153Passes is monotone: a lower combined factor or a higher value never turns a pass into a fail', () => {
    const valueArb = fc.double({ min: 0, max: 5, noNaN: true });
    fc.assert(
      fc.property(valueArb, valueArb, choiceArb, choiceArb, (v1, v2, c1, c2) => {
        const [lowV, highV] = v1 <= v2 ? [v1, v2] : [v2, v1];
        const [d1, d2] = [m153CombinedFactor(c1), m153CombinedFactor(c2)];
        const [lowD, highD] = d1 <= d2 ? [d1, d2] : [d2, d1];
        if (m153Passes(lowV, highD)) {
          expect(m153Passes(highV, highD)).toBe(true);
          expect(m153Passes(lowV, lowD)).toBe(true);
        }
        if (highV >= 1) expect(m153Passes(highV, highD)).toBe(true);
      }),
      { numRuns: 200 },
    );
  });
});
