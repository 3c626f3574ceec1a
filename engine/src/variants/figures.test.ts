import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { shownDifference, shownFigure, VARIANT_FIGURE_DECIMALS } from './figures.ts';

describe('variant figures as shown', () => {
  it('the difference is that of the rounded figures, not the rounded difference', () => {
    // 6.004 shows as 6.00 and 3.996 as 4.00: the reader checks 6.00 − 4.00 = 2.00 (the raw difference 2.008 would show 2.01)
    expect(shownDifference(6.004, 3.996, 2)).toBe(2);
    expect(shownDifference(3.996, 6.004, 2)).toBe(-2);
    // draining time with one decimal: 5.26 h shows 5.3, 5.24 h shows 5.2 → +0.1 (raw 0.02 would show ±0)
    expect(shownDifference(5.26, 5.24, 1)).toBe(0.1);
    expect(shownDifference(0.1 + 0.2, 0.1, 2)).toBe(0.2);
    expect(shownDifference(1, 1, 2)).toBe(0);
  });

  it('is undefined when either side is missing or not finite', () => {
    expect(shownDifference(undefined, 1, 2)).toBeUndefined();
    expect(shownDifference(1, undefined, 2)).toBeUndefined();
    expect(shownDifference(Number.NaN, 1, 2)).toBeUndefined();
    expect(shownDifference(1, Number.POSITIVE_INFINITY, 2)).toBeUndefined();
    expect(shownFigure(Number.NaN, 2)).toBeUndefined();
  });

  it('always equals the difference of the figures as toFixed prints them (the screen and documents print that way)', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e6, max: 1e6, noNaN: true }), fc.double({ min: -1e6, max: 1e6, noNaN: true }), fc.constantFrom(1, 2), (a, b, d) => {
        const printed = Number(a.toFixed(d)) - Number(b.toFixed(d));
        expect(shownDifference(a, b, d)).toBeCloseTo(printed, 9);
        expect(shownDifference(a, b, d)!.toFixed(d)).toBe(printed.toFixed(d) === '-0.00' || printed.toFixed(d) === '-0.0' ? (0).toFixed(d) : printed.toFixed(d));
      }),
    );
  });

  it('gives every numeric figure its decimals: 2, the draining time 1', () => {
    expect(VARIANT_FIGURE_DECIMALS).toEqual({ requiredVolumeM3: 2, availableVolumeM3: 2, requiredLengthM: 2, footprintM2: 2, depthM: 2, drainingTimeH: 1, floodingExtraVolumeM3: 2 });
  });
});
