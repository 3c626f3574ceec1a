import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { a102Assessment, a102Passes, type A102SurfaceInput } from '../index.ts';
import { A102_CATEGORIES, AREA_GROUPS, AREA_GROUP_IDS, type AreaGroupId } from '../tables/index.ts';
import { areaArb } from '../testing/arbitraries.test-helpers.ts';

const categoryRank = (group: AreaGroupId) => A102_CATEGORIES.findIndex((c) => c.id === AREA_GROUPS.find((g) => g.id === group)!.category);

const surfacesArb = (options: { complete?: boolean; positive?: boolean } = {}): fc.Arbitrary<A102SurfaceInput[]> =>
  fc
    .array(
      fc.record({
        areaM2: options.positive === true ? fc.oneof(fc.integer({ min: 1, max: 100_000 }), fc.double({ min: 1e-3, max: 1e7, noNaN: true })) : areaArb,
        areaGroup: options.complete === true ? fc.constantFrom(...AREA_GROUP_IDS) : fc.option(fc.constantFrom(...AREA_GROUP_IDS), { nil: undefined, freq: 5 }),
      }),
      { minLength: 1, maxLength: 6 },
    )
    .map((surfaces) => surfaces.map((s, i) => ({ surfaceId: `s${i}`, ...s })));

describe('a102Assessment', () => {
  it('required efficiency lies in [0, 1) (with and without external bypass, any areas and groups)', () => {
    fc.assert(
      fc.property(surfacesArb(), fc.boolean(), (surfaces, bypass) => {
        const { requiredEfficiency } = a102Assessment(surfaces, bypass);
        expect(requiredEfficiency).toBeGreaterThanOrEqual(0);
        expect(requiredEfficiency).toBeLessThan(1);
      }),
      { numRuns: 200 },
    );
  });

  it('required efficiency grows (non-strictly) when a surface moves to a higher category (I → II → III)', () => {
    fc.assert(
      fc.property(surfacesArb(), fc.boolean(), fc.nat(), fc.constantFrom(...AREA_GROUP_IDS), (surfaces, bypass, at, group) => {
        const i = at % surfaces.length;
        const current = surfaces[i]!.areaGroup;
        fc.pre(current !== undefined && categoryRank(group) > categoryRank(current));
        const raised = surfaces.map((s, j) => (j === i ? { ...s, areaGroup: group } : s));
        const before = a102Assessment(surfaces, bypass);
        const after = a102Assessment(raised, bypass);
        expect(after.requiredEfficiency).toBeGreaterThanOrEqual(before.requiredEfficiency);
        expect(after.data.areaSpecificAblation).toBeGreaterThanOrEqual(before.data.areaSpecificAblation);
        expect(after.data.totalAblation).toBeGreaterThanOrEqual(before.data.totalAblation);
      }),
      { numRuns: 200 },
    );
  });

  it('area-specific ablation lies in [280, 760] when every surface has a group and a positive area', () => {
    fc.assert(
      fc.property(surfacesArb({ complete: true, positive: true }), fc.boolean(), (surfaces, bypass) => {
        const { data } = a102Assessment(surfaces, bypass);
        expect(data.areaSpecificAblation).toBeGreaterThanOrEqual(280);
        expect(data.areaSpecificAblation).toBeLessThanOrEqual(760);
      }),
      {
        numRuns: 200,
        // Found earlier: 760.0000000000001 and 279.99999999999994 / 280.00000000000006 from rounding.
        examples: [
          [[{ surfaceId: 's0', areaM2: 28688, areaGroup: 'SL' }], false],
          [[{ surfaceId: 's0', areaM2: 289, areaGroup: 'D' }], false],
          [[{ surfaceId: 's0', areaM2: 469.42351287025474, areaGroup: 'D' }, { surfaceId: 's1', areaM2: 598.859979560694, areaGroup: 'D' }], true],
        ],
      },
    );
  });

  it('surfaces all of one category give exactly that category’s specific ablation (threshold not exceeded for category I)', () => {
    fc.assert(
      fc.property(surfacesArb({ complete: true, positive: true }), fc.constantFrom(...A102_CATEGORIES), fc.boolean(), (surfaces, category, bypass) => {
        const groups = AREA_GROUPS.filter((g) => g.category === category.id).map((g) => g.id);
        const same = surfaces.map((s, i) => ({ ...s, areaGroup: groups[i % groups.length]! }));
        const a = a102Assessment(same, bypass);
        expect(a.data.areaSpecificAblation).toBe(category.ablationKgHaA);
        if (category.id === 'I') {
          expect(a.thresholdExceeded).toBe(false);
          expect(a.requiredEfficiency).toBe(0);
          expect(a102Passes(a, undefined)).toBe(true);
        }
      }),
      {
        numRuns: 200,
        examples: [
          [[{ surfaceId: 's0', areaM2: 74996, areaGroup: 'D' }, { surfaceId: 's1', areaM2: 0.001, areaGroup: 'D' }], A102_CATEGORIES[0], false],
          [[{ surfaceId: 's0', areaM2: 469.42351287025474, areaGroup: 'D' }, { surfaceId: 's1', areaM2: 598.859979560694, areaGroup: 'D' }], A102_CATEGORIES[0], false],
          [[{ surfaceId: 's0', areaM2: 15, areaGroup: 'SL' }], A102_CATEGORIES[2], true],
        ],
      },
    );
  });

  it('the three category area proportions sum to 1 (±1e-12) and the blocks add up when total area > 0', () => {
    fc.assert(
      fc.property(surfacesArb({ complete: true }), fc.boolean(), (surfaces, bypass) => {
        const totalArea = surfaces.reduce((sum, s) => sum + s.areaM2, 0);
        fc.pre(totalArea > 0);
        const { data } = a102Assessment(surfaces, bypass);
        const blocks = [data.categoryI!, data.categoryII!, data.categoryIII!];
        expect(Math.abs(blocks.reduce((sum, b) => sum + b.areaProportion, 0) - 1)).toBeLessThanOrEqual(1e-12);
        expect(Math.abs(blocks.reduce((sum, b) => sum + b.area, 0) - totalArea)).toBeLessThanOrEqual(1e-9 * totalArea);
        expect(Math.abs(blocks.reduce((sum, b) => sum + b.totalAblation, 0) - data.totalAblation)).toBeLessThanOrEqual(1e-9 * Math.max(1, data.totalAblation));
      }),
      { numRuns: 200 },
    );
  });

  it('bypass: 10 % bypasses, 90 % enters; restraint = total − permitted (up to rounding); thresholdExceeded ⇔ specific > 280', () => {
    fc.assert(
      fc.property(surfacesArb(), fc.boolean(), (surfaces, bypass) => {
        const a = a102Assessment(surfaces, bypass);
        const { data } = a;
        expect(data.ablationOfBypass + data.intakeWithBypass).toBeCloseTo(data.totalAblation, 6);
        expect(data.ablationOfBypass).toBe(bypass ? 0.1 * data.totalAblation : 0);
        expect(Math.abs(a.requiredRestraint - (data.totalAblation - data.permittedAblation))).toBeLessThanOrEqual(1e-9 * Math.max(1, data.totalAblation));
        expect(a.thresholdExceeded).toBe(data.areaSpecificAblation > 280);
        if (!a.thresholdExceeded) expect(a.requiredEfficiency).toBe(0);
      }),
      { numRuns: 200 },
    );
  });
});
