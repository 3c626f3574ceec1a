/**
 * What a bill needs before it becomes lines: product quantities keyed by product, in the order
 * they were first needed, plus the user's additional product lines. `toLines` turns them into
 * priced, translated product lines.
 */
import type { CatalogueIndex } from '../catalogue/catalogue.ts';
import type { AdditionalProduct } from '../model/project.ts';
import { Dec, lineTotal, money, quantityText } from './money.ts';
import { billIssue, type BillIssue, type Language, type ProductLine } from './types.ts';
import { billUnit } from './units.ts';

interface Need {
  readonly materialNumber: string;
  quantity: Dec;
  /** The user's own text, unit or price of an additional product. */
  readonly override?: AdditionalProduct | undefined;
}

/** Product quantities of one bill part (insertion-ordered). */
export type Needs = Map<string, Need>;

export const newNeeds = (): Needs => new Map();

/** Adds `quantity` of a catalogue product (by materialNumber). Zero quantities add nothing. */
export function addNeed(needs: Needs, materialNumber: string, quantity: Dec | number): void {
  const q = quantity instanceof Dec ? quantity : new Dec(quantity);
  if (q.isZero()) return;
  const need = needs.get(materialNumber);
  if (need === undefined) needs.set(materialNumber, { materialNumber, quantity: q });
  else need.quantity = need.quantity.plus(q);
}

/**
 * Adds a user's additional product line. Lines of one product with the same text, unit and
 * price merge; a line with its own price or text stays a line of its own.
 */
export function addAdditional(needs: Needs, product: AdditionalProduct): void {
  const q = new Dec(product.quantity);
  if (q.isZero()) return;
  const custom = product.unitPrice != null || product.text != null || product.unit != null || product.longText != null || product.orderNumber != null;
  const key = custom
    ? `+${product.materialNumber}\u0000${product.unitPrice ?? ''}\u0000${product.text ?? ''}\u0000${product.unit ?? ''}\u0000${product.longText ?? ''}\u0000${product.orderNumber ?? ''}`
    : product.materialNumber;
  const need = needs.get(key);
  if (need === undefined) needs.set(key, { materialNumber: product.materialNumber, quantity: q, override: custom ? product : undefined });
  else need.quantity = need.quantity.plus(q);
}

/** Adds every need of `from` to `into`. */
export function mergeNeeds(into: Needs, from: Needs): void {
  for (const [key, need] of from) {
    const have = into.get(key);
    if (have === undefined) into.set(key, { ...need });
    else have.quantity = have.quantity.plus(need.quantity);
  }
}

export interface Lines {
  readonly lines: ProductLine[];
  /** Exact sum of the line totals. */
  readonly total: Dec;
}

/**
 * Product lines of the needs: texts and units in `language` (English falls back to German; units
 * from `billUnit`), unit price the
 * catalogue's list price (or the additional line's own), total = price × quantity rounded
 * half-up to cents. A product the catalogue lacks is left out with an UNKNOWN_PRODUCT issue,
 * unless the line carries its own text and price.
 */
export function toLines(needs: Needs, index: CatalogueIndex, language: Language, issues: BillIssue[], ownerId: string | null): Lines {
  const lines: ProductLine[] = [];
  let total = new Dec(0);
  for (const need of needs.values()) {
    const product = index.product(need.materialNumber);
    const o = need.override;
    if (product === undefined && (o?.unitPrice == null || o.text == null)) {
      issues.push(billIssue('UNKNOWN_PRODUCT', ownerId, null, { materialNumber: need.materialNumber }));
      continue;
    }
    const quantity = need.quantity.toDecimalPlaces(3, Dec.ROUND_UP);
    const unitPrice = new Dec(o?.unitPrice ?? product!.listPrice);
    const totalPrice = lineTotal(unitPrice, quantity);
    total = total.plus(totalPrice);
    const text = o?.text ?? (language === 'en' ? (product!.nameEn ?? product!.nameDe) : product!.nameDe);
    const longText = o?.longText ?? (product === undefined ? null : language === 'en' ? (product.longTextEn ?? product.longTextDe ?? null) : (product.longTextDe ?? null));
    lines.push({
      orderNumber: o?.orderNumber ?? product?.orderNumber ?? null,
      materialNumber: product?.materialNumber ?? need.materialNumber,
      text,
      longText,
      unit: billUnit(o?.unit ?? product?.unit ?? 'Stk', language),
      quantity: quantityText(quantity),
      unitPrice: money(unitPrice),
      totalPrice: money(totalPrice),
    });
  }
  return { lines, total };
}
