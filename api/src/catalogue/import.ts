/**
 * Reading a catalogue file (POST /BoxConfigurator/importProducts, decisions 0054 and 0099,
 * docs/catalogue-import.md):
 *
 * - an Excel workbook (`.xlsx`, exceljs) with a sheet per catalogue table (`products`,
 *   `itemTypes`, `cubeSides`, …, `rules`; workbook.ts) is a whole catalogue: products and the box
 *   catalogue, checked together by the engine's `parseCatalogue`;
 * - any other workbook (its first sheet) or a CSV file (papaparse; `;`, `,` or tab, UTF-8) holds
 *   products only.
 *
 * Products: row 1 is the header; columns are found by name:
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
 * A file that is neither is `UNSUPPORTED_FORMAT` (code 20); bad values are `INVALID_DATA` with
 * every problem's sheet, 1-based row, column letter and message key (at most 50).
 */
import { Decimal } from 'decimal.js';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { parseCatalogue, type BoxCatalogueFile } from '@rainplan/engine/catalogue';
import type { ProductInput } from './store.ts';
import {
  cellText,
  columnLetter,
  engineProblem,
  MAX_PROBLEMS,
  normalizeHeader,
  PRODUCTS_SHEET,
  productSources,
  rawSheets,
  readBoxSheets,
  BOX_SHEETS,
  type ImportProblem,
  type RawSheet,
} from './workbook.ts';

export { columnLetter };

export class CatalogueFileError extends Error {
  override name = 'CatalogueFileError';
  readonly kind: 'UNSUPPORTED_FORMAT' | 'INVALID_DATA';
  readonly problems: readonly ImportProblem[];
  readonly row: number | undefined;
  readonly column: string | undefined;
  readonly sheet: string | null;
  constructor(kind: 'UNSUPPORTED_FORMAT' | 'INVALID_DATA', message: string, problems: readonly ImportProblem[] = []) {
    super(message);
    this.kind = kind;
    this.problems = problems;
    this.row = problems[0]?.row;
    this.column = problems[0]?.column;
    this.sheet = problems[0]?.sheet ?? null;
  }
}

const invalid = (problems: readonly ImportProblem[]) =>
  new CatalogueFileError('INVALID_DATA', problems.length === 1 ? (problems[0]?.message ?? '') : `${problems.length}${problems.length >= MAX_PROBLEMS ? '+' : ''} problems; first: ${problems[0]?.message ?? ''}`, problems);

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

const isXlsx = (bytes: Uint8Array) => bytes.length > 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;

function looksLikeText(bytes: Uint8Array): boolean {
  const sample = bytes.subarray(0, 4096);
  for (const b of sample) if (b === 0 || (b < 0x09 && b !== 0)) return false;
  return true;
}

async function readSheets(name: string, bytes: Uint8Array): Promise<{ workbook: boolean; sheets: RawSheet[] }> {
  const lower = name.toLowerCase();
  if (isXlsx(bytes)) {
    const workbook = new ExcelJS.Workbook();
    try {
      // exceljs types its input as an ArrayBuffer: a copy of the bytes in one of their own
      await workbook.xlsx.load(new Uint8Array(bytes).buffer);
    } catch (error) {
      throw new CatalogueFileError('UNSUPPORTED_FORMAT', `${name} is not a readable Excel workbook: ${(error as Error).message}`);
    }
    const sheets = rawSheets(workbook);
    if (sheets.length === 0) throw invalid([{ sheet: null, row: 1, column: 'A', messageKey: 'catalogueImport.noSheet', message: `${name} has no worksheet` }]);
    return { workbook: true, sheets };
  }
  if (lower.endsWith('.xls') || lower.endsWith('.ods') || lower.endsWith('.pdf') || !looksLikeText(bytes)) {
    throw new CatalogueFileError('UNSUPPORTED_FORMAT', `${name}: file format not supported; send an Excel workbook (.xlsx) or CSV`);
  }
  const text = new TextDecoder('utf-8').decode(bytes).replace(/^\uFEFF/, '');
  const parsed = Papa.parse<string[]>(text, { skipEmptyLines: false, delimitersToGuess: [';', ',', '\t'] });
  return { workbook: false, sheets: [{ name: PRODUCTS_SHEET, rows: parsed.data.map((row) => row.map((v) => (String(v ?? '').trim() === '' ? null : String(v)))) }] };
}

interface ProductRows {
  readonly products: ProductInput[];
  readonly rowNumbers: number[];
  readonly columns: Map<string, string>;
  readonly problems: ImportProblem[];
}

/** Reads the products of one sheet (every problem, at most 50). */
function readProductRows(rawRows: readonly unknown[][], sheet: string | null): ProductRows {
  const rows = rawRows.map((r) => r.map((v) => cellText(v)));
  const header = rows[0] ?? [];
  const columns = new Map<Field, number>();
  const problems: ImportProblem[] = [];
  const at = sheet === null ? '' : `${sheet} `;
  header.forEach((text, index) => {
    const key = normalizeHeader(text);
    for (const [field, names] of Object.entries(ALIASES) as Array<[Field, readonly string[]]>) {
      if (names.includes(key) && !columns.has(field)) columns.set(field, index);
    }
  });
  const letters = new Map<string, string>([...columns.entries()].map(([f, i]) => [f, columnLetter(i)] as const));
  letters.set('', columnLetter(columns.get('materialNumber') ?? 0));
  const missing = REQUIRED.filter((f) => !columns.has(f));
  if (missing.length > 0) {
    const message = `${at}row 1: no column for ${missing.join(', ')} (header names: ${missing.map((f) => ALIASES[f].slice(0, 3).join(' / ')).join('; ')})`;
    problems.push({ sheet, row: 1, column: columnLetter(header.length), messageKey: 'catalogueImport.missingColumn', message });
    return { products: [], rowNumbers: [], columns: letters, problems };
  }
  const products: ProductInput[] = [];
  const rowNumbers: number[] = [];
  const seen = new Map<string, number>();
  for (let r = 1; r < rows.length && problems.length < MAX_PROBLEMS; r++) {
    const row = rows[r] ?? [];
    if (row.every((v) => v.trim() === '')) continue;
    const rowNumber = r + 1;
    const get = (field: Field) => {
      const index = columns.get(field);
      return index === undefined ? '' : (row[index] ?? '').trim();
    };
    let ok = true;
    const fail = (field: Field, messageKey: string, what: string) => {
      ok = false;
      const column = columnLetter(columns.get(field) ?? 0);
      if (problems.length < MAX_PROBLEMS) problems.push({ sheet, row: rowNumber, column, messageKey, message: `${at}row ${rowNumber}, column ${column} (${field}): ${what}` });
    };
    const materialNumber = get('materialNumber');
    if (materialNumber === '') fail('materialNumber', 'catalogueImport.required', 'empty');
    else if (materialNumber.length > 64) fail('materialNumber', 'catalogueImport.tooLong', 'longer than 64 characters');
    else {
      const earlier = seen.get(materialNumber);
      if (earlier !== undefined) fail('materialNumber', 'catalogueImport.duplicate', `${materialNumber} also in row ${earlier}`);
      else seen.set(materialNumber, rowNumber);
    }
    const nameDe = get('nameDe');
    if (nameDe === '') fail('nameDe', 'catalogueImport.required', 'empty');
    const unit = get('unit');
    if (unit === '') fail('unit', 'catalogueImport.required', 'empty');
    else if (unit.length > 20) fail('unit', 'catalogueImport.tooLong', 'longer than 20 characters');
    const priceText = get('listPrice').replace(/\s|€|EUR/g, '');
    const normalizedPrice = /^-?\d{1,3}(\.\d{3})+,\d+$/.test(priceText) ? priceText.replace(/\./g, '').replace(',', '.') : priceText.replace(',', '.');
    let price: Decimal | undefined;
    try {
      price = new Decimal(normalizedPrice);
    } catch {
      fail('listPrice', 'catalogueImport.notAPrice', `"${get('listPrice')}" is not a number`);
    }
    if (price !== undefined) {
      if (!price.isFinite() || price.isNegative()) fail('listPrice', 'catalogueImport.notAPrice', `"${get('listPrice')}" is not a price ≥ 0`);
      else if (price.decimalPlaces() > 2 || price.greaterThanOrEqualTo(1e10)) fail('listPrice', 'catalogueImport.notAPrice', `"${get('listPrice')}" needs at most 10 digits and 2 decimals`);
    }
    const currency = get('currency').toUpperCase() || 'EUR';
    if (!/^[A-Z]{3}$/.test(currency)) fail('currency', 'catalogueImport.notACurrency', `"${currency}" is not a currency code`);
    if (!ok || price === undefined) continue;
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
    rowNumbers.push(rowNumber);
  }
  if (problems.length === 0 && products.length === 0) problems.push({ sheet, row: 2, column: 'A', messageKey: 'catalogueImport.noRows', message: `${at}row 2: the file has no products` });
  return { products, rowNumbers, columns: letters, problems };
}

/** What an import file holds: products only, or the whole catalogue. */
export type CatalogueFile =
  | { readonly kind: 'products'; readonly products: ProductInput[] }
  | { readonly kind: 'catalogue'; readonly products: ProductInput[]; readonly boxes: BoxCatalogueFile };

const BOX_SHEET_NAMES = new Set(BOX_SHEETS.map((s) => normalizeHeader(s.name)));

/**
 * Reads an import file (throws CatalogueFileError): a workbook with any box-catalogue sheet is a
 * whole catalogue, checked by the engine; otherwise the (first) sheet or CSV holds products.
 */
export async function readCatalogueFile(name: string, bytes: Uint8Array): Promise<CatalogueFile> {
  const { workbook, sheets } = await readSheets(name, bytes);
  const catalogue = workbook && sheets.some((s) => BOX_SHEET_NAMES.has(normalizeHeader(s.name)));
  if (!catalogue) {
    const first = sheets[0] as RawSheet;
    const read = readProductRows(first.rows, workbook ? first.name : null);
    if (read.problems.length > 0) throw invalid(read.problems);
    return { kind: 'products', products: read.products };
  }
  const productSheet = sheets.find((s) => normalizeHeader(s.name) === PRODUCTS_SHEET);
  const problems: ImportProblem[] = [];
  let read: ProductRows | undefined;
  if (productSheet === undefined) problems.push({ sheet: PRODUCTS_SHEET, row: 1, column: 'A', messageKey: 'catalogueImport.missingSheet', message: `the workbook has no sheet "${PRODUCTS_SHEET}"` });
  else {
    read = readProductRows(productSheet.rows, productSheet.name);
    problems.push(...read.problems);
  }
  const currency = read?.products[0]?.currency ?? 'EUR';
  const box = readBoxSheets(sheets, currency);
  problems.push(...box.problems);
  if (problems.length > 0 || read === undefined) throw invalid(problems.slice(0, MAX_PROBLEMS));
  const result = parseCatalogue({ currency, products: read.products.map(({ currency: c, ...p }) => (c === currency ? p : { ...p, currency: c })) }, box.boxes);
  if (!result.ok) {
    const sources = productSources(productSheet?.name ?? PRODUCTS_SHEET, read.rowNumbers, read.columns);
    throw invalid(result.errors.slice(0, MAX_PROBLEMS).map((e) => engineProblem(e, box.sources, sources)));
  }
  return { kind: 'catalogue', products: read.products, boxes: box.boxes };
}

/** Reads a products-only file (kept for callers that import products alone). */
export async function readProductFile(name: string, bytes: Uint8Array): Promise<ProductInput[]> {
  return (await readCatalogueFile(name, bytes)).products;
}
