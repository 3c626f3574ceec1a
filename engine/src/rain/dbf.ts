/**
 * A small reader of dBase III tables (`.dbf`, the attribute tables of shapefiles), enough for
 * DWD's KOSTRA files: header, field descriptors and fixed-width ASCII records. Bytes are decoded
 * as Latin-1 by hand (no TextDecoder: the engine uses ES built-ins only).
 * Format: dBase III file structure (32-byte header: version, date, record count UInt32 LE at 4,
 * header length UInt16 LE at 8, record length UInt16 LE at 10; 32-byte field descriptors with
 * name (11 bytes), type (1), length (at 16) and decimals (at 17); 0x0D terminator; each record
 * starts with a deletion flag, `*` = deleted).
 */
import { rainDataError, type RainDataError } from './errors.ts';

/** One column of a dBase table. */
export interface DbfField {
  /** Name as written (ASCII, upper case in DWD's files). */
  readonly name: string;
  /** dBase type letter: `N` numeric, `F` float, `C` character, `L` logical, `D` date, … */
  readonly type: string;
  readonly length: number;
  readonly decimals: number;
  /** Offset of the field inside a record (after the deletion flag). */
  readonly offset: number;
}

/** A dBase table over its bytes (plain data; read values with {@link dbfNumber} / {@link dbfText}). */
export interface DbfTable {
  readonly fields: readonly DbfField[];
  readonly recordCount: number;
  readonly headerLength: number;
  readonly recordLength: number;
  readonly bytes: Uint8Array;
}

/** What {@link readDbf} returns. */
export type DbfResult = { readonly ok: true; readonly table: DbfTable } | { readonly ok: false; readonly errors: readonly RainDataError[] };

function invalid(detail: string): DbfResult {
  return { ok: false, errors: [rainDataError('INVALID_DATA', `not a readable dBase table: ${detail}`)] };
}

function latin1(bytes: Uint8Array, start: number, end: number): string {
  let s = '';
  for (let i = start; i < end; i++) s += String.fromCharCode(bytes[i] ?? 0);
  return s;
}

/**
 * Reads the structure of a dBase III table. Records stay in the bytes and are decoded on demand.
 *
 * @returns the table, or one `INVALID_DATA` error when the bytes are not a consistent dBase table
 *   (too short, no field terminator, field lengths that do not add up, records cut off)
 */
export function readDbf(bytes: Uint8Array): DbfResult {
  if (!(bytes instanceof Uint8Array)) return invalid('the input is not bytes');
  if (bytes.length < 33) return invalid(`only ${bytes.length} bytes`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const recordCount = view.getUint32(4, true);
  const headerLength = view.getUint16(8, true);
  const recordLength = view.getUint16(10, true);
  if (headerLength < 33 || headerLength > bytes.length) return invalid(`header length ${headerLength} does not fit the file`);
  const fields: DbfField[] = [];
  let pos = 32;
  let offset = 1;
  while (pos < headerLength && bytes[pos] !== 0x0d) {
    if (pos + 32 > headerLength) return invalid('field descriptors run past the header');
    let nameEnd = pos;
    while (nameEnd < pos + 11 && bytes[nameEnd] !== 0) nameEnd++;
    const name = latin1(bytes, pos, nameEnd).trim();
    const type = String.fromCharCode(bytes[pos + 11] ?? 0);
    const length = bytes[pos + 16] ?? 0;
    const decimals = bytes[pos + 17] ?? 0;
    if (name === '' || length === 0) return invalid(`field ${fields.length + 1} has no name or no length`);
    fields.push({ name, type, length, decimals, offset });
    offset += length;
    pos += 32;
  }
  if (bytes[pos] !== 0x0d) return invalid('no field terminator (0x0D) in the header');
  if (fields.length === 0) return invalid('no fields');
  if (offset !== recordLength) return invalid(`record length ${recordLength} differs from the sum of the fields (${offset})`);
  if (headerLength + recordCount * recordLength > bytes.length) {
    return invalid(`${recordCount} records of ${recordLength} bytes do not fit in ${bytes.length} bytes`);
  }
  return { ok: true, table: { fields, recordCount, headerLength, recordLength, bytes } };
}

/** Index of a field by name (case-insensitive), or -1. */
export function dbfFieldIndex(table: DbfTable, name: string): number {
  const upper = name.toUpperCase();
  return table.fields.findIndex((f) => f.name.toUpperCase() === upper);
}

/** Whether a record (0-based) is marked deleted. */
export function dbfIsDeleted(table: DbfTable, record: number): boolean {
  return table.bytes[table.headerLength + record * table.recordLength] === 0x2a;
}

/** The raw text of a field of a record (0-based), trimmed. */
export function dbfText(table: DbfTable, record: number, fieldIndex: number): string {
  const f = table.fields[fieldIndex];
  if (f === undefined || record < 0 || record >= table.recordCount) return '';
  const start = table.headerLength + record * table.recordLength + f.offset;
  return latin1(table.bytes, start, start + f.length).trim();
}

/**
 * The numeric value of a field of a record (0-based): parsed straight from the ASCII bytes
 * (blanks, sign, digits, one `.`; other forms go through `Number`, with a decimal comma allowed).
 *
 * @returns the number; `undefined` for a blank field; `NaN` for text that is not a number
 *   (e.g. dBase's `*****` overflow marker)
 */
export function dbfNumber(table: DbfTable, record: number, fieldIndex: number): number | undefined {
  const f = table.fields[fieldIndex];
  if (f === undefined || record < 0 || record >= table.recordCount) return undefined;
  const bytes = table.bytes;
  let i = table.headerLength + record * table.recordLength + f.offset;
  let end = i + f.length;
  while (i < end && (bytes[i] === 0x20 || bytes[i] === 0)) i++;
  while (end > i && (bytes[end - 1] === 0x20 || bytes[end - 1] === 0)) end--;
  if (i === end) return undefined;
  // Fast path: [-+]digits[.digits]
  let k = i;
  let negative = false;
  if (bytes[k] === 0x2d || bytes[k] === 0x2b) {
    negative = bytes[k] === 0x2d;
    k++;
  }
  let intPart = 0;
  let digits = 0;
  while (k < end && (bytes[k] ?? 0) >= 0x30 && (bytes[k] ?? 0) <= 0x39) {
    intPart = intPart * 10 + ((bytes[k] ?? 0) - 0x30);
    digits++;
    k++;
  }
  let frac = 0;
  let scale = 1;
  if (k < end && bytes[k] === 0x2e) {
    k++;
    while (k < end && (bytes[k] ?? 0) >= 0x30 && (bytes[k] ?? 0) <= 0x39) {
      frac = frac * 10 + ((bytes[k] ?? 0) - 0x30);
      scale *= 10;
      digits++;
      k++;
    }
  }
  if (k === end && digits > 0 && digits <= 15) {
    // Exact integers divided by an exact power of ten: the correctly rounded double, as Number('11.8').
    const v = (intPart * scale + frac) / scale;
    return negative ? -v : v;
  }
  const text = latin1(bytes, i, end).replace(',', '.');
  return /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/.test(text) ? Number(text) : Number.NaN;
}
