/** Product lines of a measure: priced with decimal.js, named from the catalogue in the requested language. */
import { billUnit } from '@rainplan/engine/bom';
import { Decimal } from 'decimal.js';
import type { ProductLineData } from '../db/entities/catalogue.ts';
import { CatalogueProduct } from '../db/entities/catalogue.ts';
import type { EntityManager } from '../db/orm.ts';
import { validation } from '../errors.ts';

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
    // the catalogue's German unit in the answer's language, as the engine's bills show it (decision 0215)
    unit: billUnit(product.unit, language),
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
 * A stored line as the client sees it: a line whose text (unit) is the catalogue's name (unit) in
 * either language shows it in the requested language; totalPrice = unitPrice × quantity.
 */
export function toProductLineDto(line: ProductLineData, catalogue: Map<string, CatalogueProduct>, language: Language) {
  const product = catalogue.get(line.materialNumber);
  let { text, longText, unit } = line;
  if (product !== undefined) {
    // the catalogue's unit (stored in German) in the requested language, as the engine's bills show it (decision 0215)
    if (unit === product.unit || unit === billUnit(product.unit, 'en')) unit = billUnit(product.unit, language);
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
    unit,
    quantity: quantity.toNumber(),
    unitPrice: unitPrice.toFixed(2),
    totalPrice: unitPrice.times(quantity).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2),
  };
}

/** A product line as a client sends it (schemas/products.ts `ProductLine`). */
export interface ProductLineInput {
  readonly materialNumber: string;
  readonly orderNumber?: string | null | undefined;
  readonly text?: string | null | undefined;
  readonly longText?: string | null | undefined;
  readonly unit?: string | null | undefined;
  readonly quantity: number | string;
  readonly unitPrice?: number | string | null | undefined;
}

/**
 * The lines to store for a product list: unit price, text and unit default to the catalogue's;
 * prices are rounded to cents half-up with decimal.js. A line for an article outside the catalogue
 * needs its own price, text and unit (400 naming the path `${path}/<index>/<field>`).
 */
export function productLinesFrom(body: readonly ProductLineInput[], catalogue: Map<string, CatalogueProduct>, language: Language, path = 'body'): ProductLineData[] {
  const blank = (v: string | null | undefined) => (v === null || v === undefined || v.trim() === '' ? undefined : v.trim());
  return body.map((line, i) => {
    const product = catalogue.get(line.materialNumber);
    const unitPrice = line.unitPrice ?? (product === undefined ? undefined : product.listPrice);
    if (unitPrice === undefined || unitPrice === null) throw validation(`${path}/${i}/unitPrice: required for ${line.materialNumber}, which is not in the catalogue`);
    const text = blank(line.text) ?? (product === undefined ? undefined : language === 'en' ? (product.nameEn ?? product.nameDe) : product.nameDe);
    if (text === undefined) throw validation(`${path}/${i}/text: required for ${line.materialNumber}, which is not in the catalogue`);
    const unit = blank(line.unit) ?? product?.unit;
    if (unit === undefined) throw validation(`${path}/${i}/unit: required for ${line.materialNumber}, which is not in the catalogue`);
    const price = new Decimal(String(unitPrice).replace(',', '.'));
    const quantity = new Decimal(String(line.quantity).replace(',', '.'));
    // The project file's bounds (engine AdditionalProductSchema): what the server stores must download as a file that opens again.
    if (quantity.decimalPlaces() > 3 || quantity.greaterThan('999999999.999')) throw validation(`${path}/${i}/quantity: at most 9 digits before and 3 after the decimal point`);
    return {
      materialNumber: line.materialNumber.trim(),
      orderNumber: blank(line.orderNumber) ?? product?.orderNumber ?? null,
      text,
      longText: blank(line.longText) ?? null,
      unit,
      quantity: quantity.toString(),
      unitPrice: price.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2),
    };
  });
}
