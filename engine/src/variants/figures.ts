/**
 * How the comparison of a measure's variants shows its figures (decision 0218): the decimals of
 * each figure — the same on the screen, in the printed comparison and in the CLI's table — and
 * the difference to the chosen variant as the difference of the two *shown* (rounded) figures,
 * so that "6,00 (+2,00)" beside "4,00" always adds up, whatever the third decimal was.
 */
import type { VariantFigures } from './compare.ts';

/** The numeric figures of a comparison row (the bill total is an exact decimal string). */
export type VariantNumberFigure = Exclude<keyof VariantFigures, 'billTotal'>;

/** Decimals each figure is shown with: volumes, lengths, areas and depths 2; draining time 1. */
export const VARIANT_FIGURE_DECIMALS: Readonly<Record<VariantNumberFigure, number>> = {
  requiredVolumeM3: 2,
  availableVolumeM3: 2,
  requiredLengthM: 2,
  footprintM2: 2,
  depthM: 2,
  drainingTimeH: 1,
  floodingExtraVolumeM3: 2,
};

/**
 * A figure rounded as it is shown: to `decimals` places, halves away from zero (as
 * `Number.prototype.toFixed` and `Intl.NumberFormat` round the value the number holds).
 * undefined for a missing or non-finite value.
 */
export function shownFigure(value: number | undefined, decimals: number): number | undefined {
  if (value === undefined || !Number.isFinite(value)) return undefined;
  return Number(value.toFixed(decimals));
}

/**
 * The difference `row − chosen` of two figures as shown: each rounded to `decimals` first, the
 * result rounded again (no float residue such as 2.0000000000000004). undefined when either is.
 *
 * @example
 * shownDifference(6.004, 3.996, 2); // 2.00 = 6.00 − 4.00 (the unrounded difference is 2.008 → 2.01)
 */
export function shownDifference(row: number | undefined, chosen: number | undefined, decimals: number): number | undefined {
  const a = shownFigure(row, decimals);
  const b = shownFigure(chosen, decimals);
  if (a === undefined || b === undefined) return undefined;
  return Number((a - b).toFixed(decimals));
}
