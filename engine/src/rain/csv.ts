/**
 * Minimal CSV reading for rain data (custom uploads, DWD's parameter table): RFC 4180 quoting,
 * `;`, `,` or tab as separator, CRLF/LF line ends, a leading byte-order mark; numbers with a
 * decimal comma or dot.
 */

/** A CSV field separator. */
export type CsvDelimiter = ';' | ',' | '\t';

/**
 * Guesses the separator from the first lines (outside quotes): the most frequent of `;`, tab
 * and `,`; `;` when none occurs (German spreadsheets write `;`).
 */
export function detectCsvDelimiter(text: string): CsvDelimiter {
  const counts = { ';': 0, '\t': 0, ',': 0 };
  let inQuotes = false;
  let lines = 0;
  for (let i = 0; i < text.length && lines < 5; i++) {
    const ch = text[i];
    if (ch === '"') inQuotes = !inQuotes;
    else if (!inQuotes && ch === '\n') lines++;
    else if (!inQuotes && (ch === ';' || ch === '\t' || ch === ',')) counts[ch]++;
  }
  if (counts[';'] === 0 && counts['\t'] === 0 && counts[','] === 0) return ';';
  if (counts[';'] >= counts['\t'] && counts[';'] >= counts[',']) return ';';
  return counts['\t'] >= counts[','] ? '\t' : ',';
}

/**
 * Splits CSV text into rows of cells (strings, unquoted, not trimmed). An unterminated quote
 * runs to the end of the text. A final empty line is dropped.
 *
 * @param delimiter the separator; detected with {@link detectCsvDelimiter} when omitted
 */
export function parseCsvRows(text: string, delimiter: CsvDelimiter = detectCsvDelimiter(text)): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let inQuotes = false;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const n = text.length;
  for (; i < n; i++) {
    const ch = text[i];
    if (inQuotes) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i++;
        } else {
          inQuotes = false;
        }
      } else {
        cell += ch;
      }
    } else if (ch === '"') {
      inQuotes = true;
    } else if (ch === delimiter) {
      row.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else {
      cell += ch;
    }
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

const DECIMAL = /^[+-]?(?:\d+(?:[.,]\d*)?|[.,]\d+)(?:[eE][+-]?\d+)?$/;

/**
 * Reads a decimal number written with a decimal comma or a decimal dot (`12,5`, `12.5`, `-99,9`,
 * `1e3`). No thousands separators.
 *
 * @returns the number, or `undefined` for blank or malformed text
 */
export function parseDecimal(text: string): number | undefined {
  const t = text.trim();
  if (!DECIMAL.test(t)) return undefined;
  const v = Number(t.replace(',', '.'));
  return Number.isFinite(v) ? v : undefined;
}
