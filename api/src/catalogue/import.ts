/**
 * Reading a product catalogue file (POST /BoxConfigurator/importProducts): an Excel workbook
 * (`.xlsx`, first sheet, exceljs) or CSV (papaparse; `;`, `,` or tab, UTF-8). Row 1 is the header;
 * columns are found by name (decision 0054):
 *
 * | column | names accepted (any case) | |
 * | --- | --- | --- |
 * | article number | materialNumber, articleNumber, Artikelnummer, Materialnummer | required, unique |
 * | order number | orderNumber, Bestellnummer | |
 * | German name | nameDe, name, text, Bezeichnung | required |
 * | English name | nameEn, textEn, Bezeichnung EN | |
 * | German long text | longTextDe, longText, Langtext | |
 * | English long text | longTextEn, Langtext EN | |
 * | unit | unit, Einheit, ME | required |
 * | list price | listPrice, price, unitPrice, Listenpreis, Preis | required, ≥ 0, decimal point or comma |
 * | currency | currency, Währung | default EUR |
 *
 * A file that is neither is `UNSUPPORTED_FORMAT` (code 20); a bad value is `INVALID_DATA` with its
 * 1-based row and column letter.
 */
import { Decimal } from 'decimal.js';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import type { ProductInput } from './store.ts';

export class CatalogueFileError extends Error {
  override name = 'CatalogueFileError';
  readonly kind: 'UNSUPPORTED_FORMAT' | 'INVALID_DATA';
  readonly row: number | undefined;
  readonly column: string | undefined;
  constructor(kind: 'UNSUPPORTED_FORMAT' | 'INVALID_DATA', message: string, row?: number, column?: string) {
    super(message);
    this.kind = kind;
    this.row = row;
    this.column = column;
  }
}

type Field = keyof ProductInput;

const ALIASES: Record<Field, readonly string[]> = {
  materialNumber: ['materialnumber', 'articlenumber', 'artikelnummer', 'materialnummer', 'article', 'artikel'],
  orderNumber: ['ordernumber', 'bestellnummer'],
  nameDe: ['namede', 'name', 'text', 'bezeichnung', 'bezeichnungde', 'textde'],
  nameEn: ['nameen', 'texten', 'bezeichnungen'],
  longTextDe: ['longtextde', 'longtext', 'langtext', 'langtextde'],
  longTextEn: ['longtexten', 'langtexten'],
  unit: ['unit', 'einheit', 'me', 'mengeneinheit'],
  listPrice: ['listprice', 'price', 'unitprice', 'listenpreis', 'preis'],
  currency: ['currency', 'wahrung', 'waehrung'],
};
const REQUIRED: readonly Field[] = ['materialNumber', 'nameDe', 'unit', 'listPrice'];

const normalizeHeader = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

/** Spreadsheet column letter of a 0-based index. */
export function columnLetter(index: number): string {
  let n = index + 1;
  let letters = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    letters = String.fromCharCode(65 + r) + letters;
    n = Math.floor((n - 1) / 26);
  }
  return letters;
}

const isXlsx = (bytes: Uint8Array) => bytes.length > 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;

function looksLikeText(bytes: Uint8Array): boolean {
  const sample = bytes.subarray(0, 4096);
  for (const b of sample) if (b === 0 || (b < 0x09 && b !== 0)) return false;
  return true;
}

async function readRows(name: string, bytes: Uint8Array): Promise<string[][]> {
  const lower = name.toLowerCase();
  if (isXlsx(bytes)) {
    const workbook = new ExcelJS.Workbook();
    try {
      await workbook.xlsx.load(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) as never);
    } catch (error) {
      throw new CatalogueFileError('UNSUPPORTED_FORMAT', `${name} is not a readable Excel workbook: ${(error as Error).message}`);
    }
    const sheet = workbook.worksheets[0];
    if (sheet === undefined) throw new CatalogueFileError('INVALID_DATA', `${name} has no worksheet`, 1, 'A');
    const rows: string[][] = [];
    sheet.eachRow({ includeEmpty: true }, (row, rowNumber) => {
      const values: string[] = [];
      row.eachCell({ includeEmpty: true }, (cell, col) => {
        values[col - 1] = cellText(cell.value);
      });
      rows[rowNumber - 1] = Array.from(values, (v) => v ?? '');
    });
    return Array.from(rows, (r) => r ?? []);
  }
  if (lower.endsWith('.xls') || lower.endsWith('.ods') || lower.endsWith('.pdf') || !looksLikeText(bytes)) {
    throw new CatalogueFileError('UNSUPPORTED_FORMAT', `${name}: file format not supported; send an Excel workbook (.xlsx) or CSV`);
  }
  const text = new TextDecoder('utf-8').decode(bytes).replace(/^\uFEFF/, '');
  const parsed = Papa.parse<string[]>(text, { skipEmptyLines: false, delimitersToGuess: [';', ',', '\t'] });
  return parsed.data.map((row) => row.map((v) => String(v ?? '')));
}

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') {
    const v = value as { result?: unknown; richText?: Array<{ text: string }>; text?: string };
    if (v.richText !== undefined) return v.richText.map((t) => t.text).join('');
    if (v.result !== undefined) return cellText(v.result); // formula cells give their result
    if (v.text !== undefined) return String(v.text);
    if (value instanceof Date) return value.toISOString();
  }
  return String(value);
}

/** Reads a catalogue file into products (throws CatalogueFileError). */
export async function readProductFile(name: string, bytes: Uint8Array): Promise<ProductInput[]> {
  const rows = await readRows(name, bytes);
  const header = rows[0] ?? [];
  const columns = new Map<Field, number>();
  header.forEach((text, index) => {
    const key = normalizeHeader(text);
    for (const [field, names] of Object.entries(ALIASES) as Array<[Field, readonly string[]]>) {
      if (names.includes(key) && !columns.has(field)) columns.set(field, index);
    }
  });
  for (const field of REQUIRED) {
    if (!columns.has(field)) {
      throw new CatalogueFileError('INVALID_DATA', `row 1: no column for ${field} (header names: ${ALIASES[field].slice(0, 3).join(', ')}, …)`, 1, columnLetter(header.length));
    }
  }
  const products: ProductInput[] = [];
  const seen = new Map<string, number>();
  for (let r = 1; r < rows.length; r++) {
    const row = rows[r] ?? [];
    if (row.every((v) => v.trim() === '')) continue;
    const rowNumber = r + 1;
    const get = (field: Field) => {
      const index = columns.get(field);
      return index === undefined ? '' : (row[index] ?? '').trim();
    };
    const fail = (field: Field, what: string): never => {
      throw new CatalogueFileError('INVALID_DATA', `row ${rowNumber}, column ${columnLetter(columns.get(field) ?? 0)} (${field}): ${what}`, rowNumber, columnLetter(columns.get(field) ?? 0));
    };
    const materialNumber = get('materialNumber');
    if (materialNumber === '') fail('materialNumber', 'empty');
    if (materialNumber.length > 64) fail('materialNumber', 'longer than 64 characters');
    const earlier = seen.get(materialNumber);
    if (earlier !== undefined) fail('materialNumber', `${materialNumber} also in row ${earlier}`);
    seen.set(materialNumber, rowNumber);
    const nameDe = get('nameDe');
    if (nameDe === '') fail('nameDe', 'empty');
    const unit = get('unit');
    if (unit === '') fail('unit', 'empty');
    if (unit.length > 20) fail('unit', 'longer than 20 characters');
    const priceText = get('listPrice').replace(/\s|€|EUR/g, '');
    const normalizedPrice = /^-?\d{1,3}(\.\d{3})+,\d+$/.test(priceText) ? priceText.replace(/\./g, '').replace(',', '.') : priceText.replace(',', '.');
    let price: Decimal;
    try {
      price = new Decimal(normalizedPrice);
    } catch {
      return fail('listPrice', `"${get('listPrice')}" is not a number`);
    }
    if (!price.isFinite() || price.isNegative()) fail('listPrice', `"${get('listPrice')}" is not a price ≥ 0`);
    if (price.decimalPlaces() > 2 || price.greaterThanOrEqualTo(1e10)) fail('listPrice', `"${get('listPrice')}" needs at most 10 digits and 2 decimals`);
    const currency = get('currency').toUpperCase() || 'EUR';
    if (!/^[A-Z]{3}$/.test(currency)) fail('currency', `"${currency}" is not a currency code`);
    const optional = (field: Field) => get(field) || null;
    products.push({
      materialNumber,
      orderNumber: optional('orderNumber')?.slice(0, 64) ?? null,
      nameDe,
      nameEn: optional('nameEn'),
      longTextDe: optional('longTextDe'),
      longTextEn: optional('longTextEn'),
      unit,
      listPrice: price.toFixed(2),
      currency,
    });
  }
  if (products.length === 0) throw new CatalogueFileError('INVALID_DATA', 'row 2: the file has no products', 2, 'A');
  return products;
}
