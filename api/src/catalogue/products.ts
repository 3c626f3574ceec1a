/** Product lines of a measure: priced with decimal.js, named from the catalogue in the requested language. */
import { Decimal } from 'decimal.js';
import type { ProductLineData } from '../db/entities/catalogue.ts';
import { CatalogueProduct } from '../db/entities/catalogue.ts';
import type { EntityManager } from '../db/orm.ts';

export type Language = 'de' | 'en';

export const languageOf = (code: string | undefined): Language => (code?.toLowerCase().startsWith('en') === true ? 'en' : 'de');

export function productText(product: CatalogueProduct, language: Language): { text: string; longText: string | null } {
  return language === 'en'
    ? { text: product.nameEn ?? product.nameDe, longText: product.longTextEn ?? product.longTextDe ?? null }
    : { text: product.nameDe, longText: product.longTextDe ?? null };
}

export function toCatalogueProductDto(product: CatalogueProduct, language: Language) {
  return {
    materialNumber: product.materialNumber,
    orderNumber: product.orderNumber ?? null,
    ...productText(product, language),
    unit: product.unit,
    unitPrice: new Decimal(product.listPrice).toFixed(2),
    currency: product.currency,
  };
}

export async function catalogueByNumber(em: EntityManager, numbers: readonly string[]): Promise<Map<string, CatalogueProduct>> {
  if (numbers.length === 0) return new Map();
  const rows = await em.find(CatalogueProduct, { materialNumber: { $in: [...new Set(numbers)] } }, { disableIdentityMap: true });
  return new Map(rows.map((p) => [p.materialNumber, p]));
}

/**
 * A stored line as the client sees it: a line whose text is the catalogue's name (in either
 * language) shows the name in the requested language; totalPrice = unitPrice × quantity.
 */
export function toProductLineDto(line: ProductLineData, catalogue: Map<string, CatalogueProduct>, language: Language) {
  const product = catalogue.get(line.materialNumber);
  let { text, longText } = line;
  if (product !== undefined) {
    const names = [product.nameDe, product.nameEn];
    if (names.includes(text)) text = productText(product, language).text;
    if (longText !== null && [product.longTextDe, product.longTextEn].includes(longText)) longText = productText(product, language).longText;
  }
  const unitPrice = new Decimal(line.unitPrice);
  const quantity = new Decimal(line.quantity);
  return {
    orderNumber: line.orderNumber,
    materialNumber: line.materialNumber,
    text,
    longText,
    unit: line.unit,
    quantity: quantity.toNumber(),
    unitPrice: unitPrice.toFixed(2),
    totalPrice: unitPrice.times(quantity).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2),
  };
}
