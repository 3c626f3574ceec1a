/** Plain-text formatting helpers of the table reports. Rounding is for display only. */

/** Shown for every value that is not set, not a finite number, or not applicable (spec rule). */
export const MISSING = '---';

/** A number rounded to `digits` decimals, or `---` when it is undefined, null or not finite. */
export function formatNumber(value: unknown, digits: number): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return MISSING;
  const text = value.toFixed(digits);
  // -0.001 rounds to "-0.00": print the zero without a sign.
  return /^-0(\.0*)?$/.test(text) ? text.slice(1) : text;
}

/** Areas (m²) and volumes (m³): 2 decimals. */
export const formatArea = (value: unknown): string => formatNumber(value, 2);
export const formatVolume = formatArea;
/** Dimensionless values (throughput values, efficiencies): 3 decimals. */
export const formatValue = (value: unknown): string => formatNumber(value, 3);
/** Counts (needed facility amounts): integers as they are. */
export const formatCount = (value: unknown): string => formatNumber(value, 0);

/** A text cell; undefined, null and blank texts print as `---`. */
export function formatText(value: string | null | undefined): string {
  return value === undefined || value === null || value.trim() === '' ? MISSING : value;
}

export function formatBoolean(value: boolean | undefined, yes = 'yes', no = 'no'): string {
  return value === undefined ? MISSING : value ? yes : no;
}

export interface Column<Row> {
  readonly header: string;
  readonly cell: (row: Row) => string;
  /** Right-align (numbers). */
  readonly right?: boolean;
}

/**
 * A plain-text table: a header line, a dashed rule and one line per row, columns separated by two
 * spaces, numbers right-aligned, no trailing spaces.
 */
export function renderTable<Row>(columns: readonly Column<Row>[], rows: readonly Row[], indent = '  '): string[] {
  const cells = rows.map((row) => columns.map((c) => oneLine(c.cell(row))));
  const widths = columns.map((c, i) => Math.max(c.header.length, ...cells.map((r) => r[i]!.length)));
  const line = (values: readonly string[]) =>
    indent +
    values
      .map((v, i) => (columns[i]!.right === true ? v.padStart(widths[i]!) : v.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [
    line(columns.map((c) => c.header)),
    line(widths.map((w) => '-'.repeat(w))),
    ...cells.map(line),
  ];
}

/** Key/value lines with aligned values. */
export function renderFields(fields: readonly (readonly [string, string])[], indent = ''): string[] {
  const width = Math.max(0, ...fields.map(([k]) => k.length));
  return fields.map(([k, v]) => `${indent}${`${k}:`.padEnd(width + 1)}  ${oneLine(v)}`.trimEnd());
}

/** Keeps a table cell on one line (names may contain newlines or tabs). */
function oneLine(text: string): string {
  return text.replace(/[\r\n\t]+/g, ' ');
}

/** Issue parameters as `key=value` pairs, or `---`. */
export function formatParams(params: Readonly<Record<string, string | number>> | undefined): string {
  if (params === undefined) return MISSING;
  const entries = Object.entries(params);
  if (entries.length === 0) return MISSING;
  return entries.map(([k, v]) => `${k}=${typeof v === 'number' ? String(v) : v}`).join(', ');
}

/** Singular or plural noun with its count: `1 error`, `2 errors`. */
export function count(n: number, noun: string, plural = `${noun}s`): string {
  return `${n} ${n === 1 ? noun : plural}`;
}
