/**
 * Custom rain data, template v1.0 (planning spec section 5 "Upload": rain data template v1.0,
 * mismatch → INVALID_VERSION, unreadable data → INVALID_DATA; platform spec section 5: "the
 * first row (second row for custom rain data) is the header"). The exact layout is documented in
 * ./README.md:
 *
 * ```
 * row 1   v1.0 ; <free text, ignored>
 * row 2   D [min] ; T=1a ; T=2a ; T=3a ; T=5a ; T=10a ; T=20a ; T=30a ; T=50a ; T=100a
 * row 3+  <duration> ; r(D, T) in l/(s·ha) per annuality column; empty or 0 = missing
 * ```
 */
import { ANNUALITIES_A, RAIN_DURATIONS_MIN, type RainDurationMin } from '../tables/rain.ts';
import { parseCsvRows, parseDecimal, type CsvDelimiter } from './csv.ts';
import { MAX_RAIN_DATA_ERRORS, rainDataError, type RainDataError } from './errors.ts';
import { sanitizeRainValue, type RainSeries } from './series.ts';

/** The template version this engine reads and writes. */
export const CUSTOM_RAIN_TEMPLATE_VERSION = 'v1.0';

/** A spreadsheet cell as handed in by CSV or Excel parsers. */
export type CustomRainCell = string | number | null | undefined;

/** What {@link parseCustomRainRows} and {@link parseCustomRainCsv} return. */
export type CustomRainResult =
  | { readonly ok: true; readonly series: RainSeries }
  | { readonly ok: false; readonly errors: readonly RainDataError[] };

function cellText(cell: CustomRainCell): string {
  if (cell === null || cell === undefined) return '';
  return typeof cell === 'number' ? String(cell) : String(cell).trim();
}

function isBlank(row: readonly CustomRainCell[] | undefined): boolean {
  return row === undefined || row.every((c) => cellText(c) === '');
}

/** Reads an annuality header like `T=1a`, `1`, `1 a`, `T 100 a`, `Tn = 5 a`; undefined if none. */
function headerAnnuality(text: string): number | undefined {
  const m = /^(?:T\s*n?\s*=?\s*)?(\d+)\s*(?:a|y|yr|years?|jahre?)?$/i.exec(text.trim());
  return m === null ? undefined : Number(m[1]);
}

/** Reads a duration like `5`, `5 min`, `D=5`, `D = 5 min`; undefined if none. */
function rowDuration(cell: CustomRainCell): number | undefined {
  if (typeof cell === 'number') return Number.isFinite(cell) ? cell : undefined;
  const m = /^(?:D\s*=?\s*)?(\d+(?:[.,]0+)?)\s*(?:min|minutes?|minuten)?$/i.exec(cellText(cell));
  return m === null ? undefined : parseDecimal(m[1] ?? '');
}

/**
 * Reads custom rain data (template v1.0) from spreadsheet rows, as a CSV or Excel parser gives
 * them (strings or numbers; empty cells as '', null or undefined).
 *
 * Rules: row 1, cell 1 must be `v1.0` (else INVALID_VERSION); row 2 names the annualities (each at
 * most once, any order, a subset allowed); every later non-blank row starts with a duration on
 * the rain axis (each at most once) followed by r in l/(s·ha) (decimal comma or dot; empty or 0 =
 * missing); at least one value must be given. Durations and annualities not in the file are 0.
 *
 * @returns the series (edition `custom`), or errors with 1-based `row` and `column`
 * @example
 * parseCustomRainRows([['v1.0'], ['D [min]', 'T=1a'], ['5', '200']]); // r(5 min, 1 a) = 200
 */
export function parseCustomRainRows(rows: readonly (readonly CustomRainCell[])[]): CustomRainResult {
  if (!Array.isArray(rows)) return { ok: false, errors: [rainDataError('INVALID_DATA', 'no rows')] };
  const version = cellText(rows[0]?.[0]);
  if (version.toLowerCase() !== CUSTOM_RAIN_TEMPLATE_VERSION) {
    return {
      ok: false,
      errors: [
        rainDataError(
          'INVALID_VERSION',
          version === '' ? `the first cell must hold the template version ${CUSTOM_RAIN_TEMPLATE_VERSION}` : `template version "${version}", expected ${CUSTOM_RAIN_TEMPLATE_VERSION}`,
          { row: 1, column: 1 },
        ),
      ],
    };
  }
  const errors: RainDataError[] = [];
  const header = rows[1];
  if (isBlank(header) || header === undefined) {
    return { ok: false, errors: [rainDataError('INVALID_DATA', 'row 2 must name the annualities (T=1a … T=100a)', { row: 2 })] };
  }
  // Column → annuality index; trailing blank header cells end the table.
  const columns: { column: number; t: number }[] = [];
  const seenT = new Set<number>();
  for (let c = 1; c < header.length; c++) {
    const text = cellText(header[c]);
    if (text === '') continue;
    const T = headerAnnuality(text);
    const t = T === undefined ? -1 : (ANNUALITIES_A as readonly number[]).indexOf(T);
    if (t < 0) {
      errors.push(rainDataError('INVALID_DATA', `"${text}" is not an annuality of ${ANNUALITIES_A.join(', ')} a`, { row: 2, column: c + 1 }));
    } else if (seenT.has(t)) {
      errors.push(rainDataError('INVALID_DATA', `annuality ${T} a is given twice`, { row: 2, column: c + 1 }));
    } else {
      seenT.add(t);
      columns.push({ column: c, t });
    }
  }
  if (columns.length === 0 && errors.length === 0) {
    errors.push(rainDataError('INVALID_DATA', 'row 2 names no annuality', { row: 2 }));
  }
  if (errors.length > 0) return { ok: false, errors };

  const yields = ANNUALITIES_A.map(() => RAIN_DURATIONS_MIN.map(() => 0));
  const seenD = new Map<number, number>();
  let values = 0;
  for (let r = 2; r < rows.length && errors.length < MAX_RAIN_DATA_ERRORS; r++) {
    const row = rows[r];
    if (isBlank(row) || row === undefined) continue;
    const D = rowDuration(row[0]);
    const d = D === undefined ? -1 : (RAIN_DURATIONS_MIN as readonly number[]).indexOf(D);
    if (d < 0) {
      errors.push(
        rainDataError('INVALID_DATA', `"${cellText(row[0])}" is not a duration of ${RAIN_DURATIONS_MIN.join(', ')} min`, { row: r + 1, column: 1 }),
      );
      continue;
    }
    const earlier = seenD.get(d);
    if (earlier !== undefined) {
      errors.push(rainDataError('INVALID_DATA', `duration ${D} min is given twice (also in row ${earlier})`, { row: r + 1, column: 1 }));
      continue;
    }
    seenD.set(d, r + 1);
    for (let c = 1; c < row.length; c++) {
      const text = cellText(row[c]);
      if (text === '') continue;
      const target = columns.find((x) => x.column === c);
      if (target === undefined) {
        errors.push(rainDataError('INVALID_DATA', `value "${text}" stands in a column without annuality`, { row: r + 1, column: c + 1 }));
        continue;
      }
      const cell = row[c];
      const v = typeof cell === 'number' ? cell : parseDecimal(text);
      if (v === undefined || !Number.isFinite(v) || v < 0) {
        errors.push(
          rainDataError('INVALID_DATA', `"${text}" is not a rain yield in l/(s·ha) (a number ≥ 0; empty or 0 = missing)`, { row: r + 1, column: c + 1 }),
        );
        continue;
      }
      const target_row = yields[target.t];
      if (target_row !== undefined) target_row[d] = sanitizeRainValue(v);
      if (v > 0) values++;
    }
  }
  if (errors.length === 0 && values === 0) errors.push(rainDataError('INVALID_DATA', 'the file holds no rain yield', { row: 3 }));
  if (errors.length > 0) return { ok: false, errors };
  return { ok: true, series: { stamp: { edition: 'custom' }, yieldsLsHa: yields } };
}

/**
 * Reads custom rain data (template v1.0) from CSV text: separator `;`, `,` or tab (detected),
 * decimal comma or dot, quoted cells allowed. See {@link parseCustomRainRows} for the rules.
 */
export function parseCustomRainCsv(text: string): CustomRainResult {
  if (typeof text !== 'string') return { ok: false, errors: [rainDataError('INVALID_DATA', 'the file is not text')] };
  return parseCustomRainRows(parseCsvRows(text));
}

/** Options of {@link customRainTemplateCsv}. */
export interface CustomRainTemplateOptions {
  /** Separator (default `;`). */
  readonly delimiter?: CsvDelimiter;
  /** Write numbers with a decimal comma (default: true with `;` or tab, false with `,`). */
  readonly decimalComma?: boolean;
}

/** The description written next to the version in row 1 (ASCII only and without separators, so every spreadsheet opens it cleanly). */
export const CUSTOM_RAIN_TEMPLATE_NOTE =
  'rainplan custom rain data - rain yield r in l/(s*ha) - rows: duration D in min - columns: annuality T in years - empty or 0 = missing';

/**
 * Writes the template v1.0 as CSV text (CRLF line ends), filled with a series' values (2 decimals,
 * missing values empty) or empty when no series is given: the file the web app offers as
 * template download and what {@link parseCustomRainCsv} reads back.
 */
export function customRainTemplateCsv(series?: RainSeries, options: CustomRainTemplateOptions = {}): string {
  const delimiter = options.delimiter ?? ';';
  const decimalComma = options.decimalComma ?? delimiter !== ',';
  const quote = (text: string) => (text.includes(delimiter) || text.includes('"') ? `"${text.replaceAll('"', '""')}"` : text);
  const num = (v: number) => {
    const text = String(Math.round(v * 100) / 100);
    return decimalComma ? text.replace('.', ',') : text;
  };
  const lines = [
    [CUSTOM_RAIN_TEMPLATE_VERSION, quote(CUSTOM_RAIN_TEMPLATE_NOTE)],
    ['D [min]', ...ANNUALITIES_A.map((T) => `T=${T}a`)],
    ...RAIN_DURATIONS_MIN.map((D: RainDurationMin, d) => [
      String(D),
      ...ANNUALITIES_A.map((_, t) => {
        const v = sanitizeRainValue(series?.yieldsLsHa[t]?.[d]);
        return v > 0 ? quote(num(v)) : '';
      }),
    ]),
  ];
  return lines.map((cells) => cells.join(delimiter)).join('\r\n') + '\r\n';
}
