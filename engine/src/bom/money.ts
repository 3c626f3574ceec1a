/**
 * Money and quantities in decimal.js, never binary floating point: a private Decimal constructor
 * (40 significant digits, so that no sum of realistic lines is ever rounded), line totals rounded
 * to cents half-up, sums exact. Serialised as decimal strings.
 */
import { Decimal as GlobalDecimal } from 'decimal.js';

export const Dec = GlobalDecimal.clone({ precision: 40, rounding: GlobalDecimal.ROUND_HALF_UP, toExpNeg: -30, toExpPos: 30 });
export type Dec = InstanceType<typeof Dec>;

/** Price as a string with exactly 2 decimals ("12.30"). */
export const money = (d: Dec): string => d.toFixed(2);

/** unitPrice × quantity rounded half-up to cents (the line total). */
export const lineTotal = (unitPrice: Dec, quantity: Dec): Dec => unitPrice.times(quantity).toDecimalPlaces(2, Dec.ROUND_HALF_UP);

/** A quantity as a plain decimal string without trailing zeros ("12", "23.5"). */
export const quantityText = (d: Dec): string => d.toDecimalPlaces(3, Dec.ROUND_UP).toString();
