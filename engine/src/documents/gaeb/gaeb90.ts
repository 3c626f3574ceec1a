/**
 * GAEB 90 writer: D81 (without prices) and D82 (with prices), fixed-width records of exactly 80
 * characters in code page 850, lines ending CR LF (docs/documents.md "GAEB 90"; decision 0117
 * records the layout, in particular the D82 price record).
 *
 * Every record: type in columns 1–2, data in 3–74, running line number in 75–80 (000001 …).
 * Numbers are right-aligned with leading zeros and implied decimals (no separator); a negative
 * amount carries its "-" in the field's first column.
 */
import { Dec } from '../../bom/money.ts';
import type { Translate } from '../labels/index.ts';
import { encodeCp850, toCp850Text } from './cp850.ts';
import { checkDate, normalize, type GaebHeader } from './header.ts';
import { maskNotation } from './boq.ts';
import { GaebError, gaebIssue, type Boq, type GaebIssue } from './types.ts';

/** A field of a record: first column (1-based) and width. */
export interface Gaeb90Field {
  readonly column: number;
  readonly width: number;
}
const f = (column: number, width: number): Gaeb90Field => ({ column, width });

/** The record layout this writer uses (decision 0117), one entry per record type and field. */
export const GAEB90_LAYOUT = {
  lineLength: 80,
  recordType: f(1, 2),
  lineNumber: f(75, 6),
  /** 00 header: data phase, ordinal number mask (e.g. "11PPPP"), format version "90". */
  header: { phase: f(11, 2), mask: f(63, 9), version: f(72, 2) },
  /** 01 name and date of the bill: "Leistungsverzeichnis" / "Kostenanschlag", date DD.MM.YYYY. */
  boqInfo: { label: f(3, 40), date: f(43, 10) },
  /** 02 project: name, then the site's address (as many records as they need). */
  project: { text: f(3, 60) },
  /** 03 client: name; street; postcode and city (each as many records as it needs; omitted when unknown). */
  client: { text: f(3, 60) },
  /** 08 currency: ISO 4217 code. */
  currency: { code: f(3, 4) },
  /** 11 group start: group part of the ordinal number. */
  groupStart: { ordinal: f(3, 9) },
  /** 12 group title (as many records as the title needs). */
  groupTitle: { text: f(3, 72) },
  /** 21 item: ordinal number (parts without separator), quantity (3 implied decimals), unit. */
  item: { ordinal: f(3, 9), quantity: f(24, 11), unit: f(35, 4) },
  /** 22 price (D82 only): ordinal number, unit price and total (2 implied decimals each). */
  price: { ordinal: f(3, 9), unitPrice: f(13, 10), total: f(25, 12) },
  /** 25 short text (as many records as it needs). */
  shortText: { text: f(3, 72) },
  /** 26 long text (one or more records per paragraph). */
  longText: { text: f(3, 72) },
  /** 31 group end: group part of the ordinal number; in D82 the group's total. */
  groupEnd: { ordinal: f(3, 9), total: f(25, 12) },
  /** 99 end: item count, group count, in D82 the grand total. */
  end: { items: f(3, 6), groups: f(9, 4), total: f(25, 12) },
} as const;

/** The record types of a GAEB 90 file this writer makes. */
export const GAEB90_RECORD_TYPES = ['00', '01', '02', '03', '08', '11', '12', '21', '22', '25', '26', '31', '99'] as const;

const POWERS_OF_TEN = [new Dec(1), new Dec(10), new Dec(100), new Dec(1000)];

/** A decimal string as a fixed field with implied decimals: "189.00", 2, 10 → "0000018900". */
export function impliedDecimal(value: string, decimals: number, width: number, what: string): string {
  const scaled = new Dec(value).times(POWERS_OF_TEN[decimals] ?? new Dec(10).pow(decimals));
  if (!scaled.isInteger()) throw new GaebError('GAEB_FIELD_OVERFLOW', `${what} ${value} has more than ${decimals} decimals`, { field: what, value });
  const digits = scaled.abs().toFixed(0);
  const negative = scaled.isNegative() && !scaled.isZero();
  const text = negative ? '-' + digits.padStart(width - 1, '0') : digits.padStart(width, '0');
  if (text.length > width) {
    throw new GaebError('GAEB_FIELD_OVERFLOW', `${what} ${value} does not fit the ${width} columns of GAEB 90`, { field: what, value, width });
  }
  return text;
}

/** Greedy word wrap to `width` characters; words longer than a line are split. */
export function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ').filter((w) => w !== '')) {
    let w = word;
    if (line !== '' && line.length + 1 + w.length <= width) {
      line += ' ' + w;
      continue;
    }
    if (line !== '') lines.push(line);
    while (w.length > width) {
      lines.push(w.slice(0, width));
      w = w.slice(width);
    }
    line = w;
  }
  if (line !== '') lines.push(line);
  return lines;
}

class Records {
  readonly lines: string[] = [];
  put(type: string, fields: readonly (readonly [Gaeb90Field, string])[]): void {
    // Fields in column order; texts are left-aligned, numbers arrive already padded to their width.
    const sorted = fields.length > 1 ? [...fields].sort((a, b) => a[0].column - b[0].column) : fields;
    let line = type;
    for (const [field, text] of sorted) {
      if (text.length > field.width || line.length > field.column - 1) throw new Error(`internal: field at column ${field.column} overflows`);
      line = line.padEnd(field.column - 1) + text.padEnd(field.width);
    }
    const n = this.lines.length + 1;
    if (n > 999_999) throw new GaebError('GAEB_FIELD_OVERFLOW', 'more than 999,999 lines do not fit the line number of GAEB 90', { field: 'lineNumber' });
    this.lines.push(line.padEnd(GAEB90_LAYOUT.lineNumber.column - 1) + String(n).padStart(GAEB90_LAYOUT.lineNumber.width, '0'));
  }
}

export interface Gaeb90File {
  /** The records, each exactly 80 characters, every character in code page 850. */
  readonly lines: readonly string[];
  /** The file's bytes: the lines in code page 850, each ended by CR LF. */
  readonly bytes: Uint8Array;
  readonly issues: readonly GaebIssue[];
}

/** The D81 / D82 file of a bill of quantities. */
export function writeGaeb90(boq: Boq, header: GaebHeader, t: Translate): Gaeb90File {
  const { year, month, day } = checkDate(header.date);
  if (boq.mask.groupDigits + boq.mask.itemDigits > 9) {
    throw new GaebError('GAEB_ORDINAL_OVERFLOW', `an ordinal number of ${boq.mask.groupDigits + boq.mask.itemDigits} digits does not fit GAEB 90 (9)`, { maxDigits: 9 });
  }
  const L = GAEB90_LAYOUT;
  const priced = boq.phase === 82;
  const issues: GaebIssue[] = [];
  const r = new Records();
  /** Text made writable in CP850 (replacements reported once per item or header). */
  const cp = (text: string, ordinal: string | null): string => {
    const c = toCp850Text(normalize(text));
    if (c.replaced > 0) issues.push(gaebIssue('CHARACTERS_REPLACED', ordinal, { count: c.replaced }));
    return c.text;
  };
  const fitted = (text: string, width: number, field: string): string => {
    if (text.length <= width) return text;
    issues.push(gaebIssue('TEXT_SHORTENED', null, { field, max: width }));
    return text.slice(0, width).trimEnd();
  };
  const ordinalOf = (groupPart: string, itemPart = ''): string => groupPart + itemPart;

  r.put('00', [
    [L.header.phase, String(boq.phase)],
    [L.header.mask, maskNotation(boq.mask)],
    [L.header.version, '90'],
  ]);
  const projectName = cp(header.projectName, null);
  r.put('01', [
    [L.boqInfo.label, fitted(cp(t(`boqTitle${boq.phase}`), null), L.boqInfo.label.width, 'boqTitle')],
    [L.boqInfo.date, `${day}.${month}.${year}`],
  ]);
  for (const line of wrap(projectName, L.project.text.width)) r.put('02', [[L.project.text, line]]);
  for (const line of wrap(cp(header.projectAddress ?? '', null), L.project.text.width)) r.put('02', [[L.project.text, line]]);
  const c = header.client;
  if (c != null) {
    for (const text of [c.name ?? '', `${c.street ?? ''} ${c.streetNo ?? ''}`, `${c.zipCode ?? ''} ${c.city ?? ''}`]) {
      for (const line of wrap(cp(text, null), L.client.text.width)) r.put('03', [[L.client.text, line]]);
    }
  }
  r.put('08', [[L.currency.code, fitted(cp(boq.currency, null), L.currency.code.width, 'currency')]]);

  for (const group of boq.groups) {
    r.put('11', [[L.groupStart.ordinal, ordinalOf(group.ordinal)]]);
    const title = wrap(cp(group.title, group.ordinal), L.groupTitle.text.width);
    for (const line of title.length === 0 ? [''] : title) r.put('12', [[L.groupTitle.text, line]]);
    for (const item of group.items) {
      const oz = ordinalOf(group.ordinal, item.itemPart);
      r.put('21', [
        [L.item.ordinal, oz],
        [L.item.quantity, impliedDecimal(item.quantity, 3, L.item.quantity.width, `quantity of item ${item.ordinal}`)],
        [L.item.unit, fitted(cp(item.unit, item.ordinal), L.item.unit.width, 'unit')],
      ]);
      if (priced) {
        r.put('22', [
          [L.price.ordinal, oz],
          [L.price.unitPrice, impliedDecimal(item.unitPrice!, 2, L.price.unitPrice.width, `unit price of item ${item.ordinal}`)],
          [L.price.total, impliedDecimal(item.totalPrice!, 2, L.price.total.width, `total of item ${item.ordinal}`)],
        ]);
      }
      const short = wrap(cp(item.shortText, item.ordinal), L.shortText.text.width);
      for (const line of short.length === 0 ? [''] : short) r.put('25', [[L.shortText.text, line]]);
      for (const p of item.longText) for (const line of wrap(cp(p, item.ordinal), L.longText.text.width)) r.put('26', [[L.longText.text, line]]);
    }
    r.put('31', [[L.groupEnd.ordinal, ordinalOf(group.ordinal)], ...(priced ? [[L.groupEnd.total, impliedDecimal(group.totalPrice!, 2, L.groupEnd.total.width, `total of group ${group.ordinal}`)] as const] : [])]);
  }
  r.put('99', [
    [L.end.items, impliedDecimal(String(boq.itemCount), 0, L.end.items.width, 'item count')],
    [L.end.groups, impliedDecimal(String(boq.groups.length), 0, L.end.groups.width, 'group count')],
    ...(priced ? [[L.end.total, impliedDecimal(boq.totalPrice!, 2, L.end.total.width, 'grand total')] as const] : []),
  ]);
  const bytes = encodeCp850(r.lines.map((l) => l + '\r\n').join(''));
  return { lines: r.lines, bytes, issues };
}
