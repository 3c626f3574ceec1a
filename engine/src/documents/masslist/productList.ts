/**
 * Totals of an editable product list (the product-list dialog of spec §2 "Other dialogs"): each
 * line's total is unit price × quantity rounded half-up to cents and the sum is exact — the same
 * rule and the same decimal.js context as the bills of `@rainplan/engine/bom`, so the dialog shows
 * what the mass list will say.
 */
import { Dec, lineTotal, money } from '../../bom/money.ts';

/** A line as the dialog edits it: quantity and unit price as decimal strings or numbers. */
export interface EditableProductLine {
  readonly quantity: string | number;
  /** null or empty: no price (the line counts 0 and its total is null). */
  readonly unitPrice: string | number | null;
}

export interface ProductListTotals {
  /** Per line: the total with 2 decimals, or null when the line has no valid price or quantity. */
  readonly lineTotals: readonly (string | null)[];
  /** Exact sum of the line totals, 2 decimals. */
  readonly total: string;
  /** Indexes of lines whose quantity or price is not a finite number ≥ 0 (left out of the total). */
  readonly invalid: readonly number[];
}

function decimal(value: string | number | null): InstanceType<typeof Dec> | undefined {
  if (value === null || value === '') return undefined;
  if (typeof value === 'number' && !Number.isFinite(value)) return undefined;
  const text = typeof value === 'number' ? String(value) : value.trim().replace(',', '.');
  if (!/^\d+(\.\d+)?(e[+-]?\d+)?$/i.test(text)) return undefined;
  const d = new Dec(text);
  return d.isNegative() ? undefined : d;
}

/**
 * Line totals and the list's total in decimal.
 *
 * @example
 * productListTotals([{ quantity: '3', unitPrice: '1.85' }, { quantity: 0.5, unitPrice: '12.345' }]);
 * // { lineTotals: ['5.55', '6.17'], total: '11.72', invalid: [] }
 */
export function productListTotals(lines: readonly EditableProductLine[]): ProductListTotals {
  let total = new Dec(0);
  const invalid: number[] = [];
  const lineTotals = lines.map((line, i) => {
    const quantity = decimal(line.quantity);
    const price = decimal(line.unitPrice);
    if (quantity === undefined || (price === undefined && line.unitPrice !== null && line.unitPrice !== '')) {
      invalid.push(i);
      return null;
    }
    if (price === undefined) return null;
    const sum = lineTotal(price, quantity);
    total = total.plus(sum);
    return money(sum);
  });
  return { lineTotals, total: money(total), invalid };
}
