/**
 * Reader of DWD's `Parameter_KOSTRA-DWD-2020.csv`: one line per cell of the 300 × 300 grid,
 * `INDEX_RC;LOCAL_XI;SCALE_ALPHA;SHAPE_KAPPA;KOUT_1_THETA;KOUT_2_ETA`, `;`-separated, decimal
 * comma, `-99,9` = missing. Source: docs/calculation-reference.md section 1; DWD open data
 * (opendata.dwd.de/…/KOSTRA_DWD_2020/tab/).
 */
import { parseCsvRows, parseDecimal } from './csv.ts';
import type { Kostra2020Parameters } from './kostra2020Dgev.ts';
import { MAX_RAIN_DATA_ERRORS, rainDataError, type RainDataError } from './errors.ts';
import { parseIndexRc, type KostraCellRef } from './indexRc.ts';

/** One cell of the parameter table. */
export interface Kostra2020ParameterRow extends Kostra2020Parameters {
  readonly cell: KostraCellRef;
}

/** What {@link readKostra2020ParameterCsv} returns. */
export type Kostra2020ParameterCsvResult =
  | {
      readonly ok: true;
      /** Cells with all five parameters, in file order. */
      readonly rows: readonly Kostra2020ParameterRow[];
      /** Cells without data (any parameter `-99,9`). */
      readonly missingCount: number;
    }
  | { readonly ok: false; readonly errors: readonly RainDataError[] };

const COLUMNS = {
  indexRc: 'INDEX_RC',
  xi: 'LOCAL_XI',
  alpha: 'SCALE_ALPHA',
  kappa: 'SHAPE_KAPPA',
  theta: 'KOUT_1_THETA',
  eta: 'KOUT_2_ETA',
} as const;

/** DWD's missing value. */
const MISSING = -99.9;

/**
 * Reads the KOSTRA-DWD-2020 parameter table. The header names the columns (any order, case and
 * surrounding blanks ignored); a value of `-99,9` in any parameter marks a cell without data
 * (counted, not returned). Decimal comma and dot are both read.
 *
 * @returns the rows, or `INVALID_DATA` errors with 1-based line (`row`) and column numbers
 * @example
 * const result = readKostra2020ParameterCsv(text);
 * if (result.ok) for (const p of result.rows) seriesByCell.set(p.cell.id, kostra2020SeriesFromParameters(p, p.cell));
 */
export function readKostra2020ParameterCsv(text: string): Kostra2020ParameterCsvResult {
  if (typeof text !== 'string') {
    return { ok: false, errors: [rainDataError('INVALID_DATA', 'the parameter table is not text')] };
  }
  const lines = parseCsvRows(text, ';');
  const headerLine = lines.findIndex((cells) => cells.some((c) => c.trim() !== ''));
  if (headerLine < 0) return { ok: false, errors: [rainDataError('INVALID_DATA', 'the parameter table is empty', { row: 1 })] };
  const header = (lines[headerLine] ?? []).map((c) => c.trim().toUpperCase());
  const col = {} as Record<keyof typeof COLUMNS, number>;
  const errors: RainDataError[] = [];
  for (const [key, name] of Object.entries(COLUMNS) as [keyof typeof COLUMNS, string][]) {
    const i = header.indexOf(name);
    if (i < 0) errors.push(rainDataError('INVALID_DATA', `column ${name} is missing from the header`, { row: headerLine + 1 }));
    col[key] = i;
  }
  if (errors.length > 0) return { ok: false, errors };

  const rows: Kostra2020ParameterRow[] = [];
  let missingCount = 0;
  const seen = new Set<number>();
  for (let li = headerLine + 1; li < lines.length && errors.length < MAX_RAIN_DATA_ERRORS; li++) {
    const cells = lines[li] ?? [];
    if (cells.every((c) => c.trim() === '')) continue;
    const row = li + 1;
    const idText = cells[col.indexRc] ?? '';
    const cell = parseIndexRc(idText);
    if (cell === undefined) {
      errors.push(rainDataError('INVALID_DATA', `INDEX_RC "${idText.trim()}" is not a cell id`, { row, column: col.indexRc + 1, field: COLUMNS.indexRc }));
      continue;
    }
    if (seen.has(cell.indexRc)) {
      errors.push(rainDataError('INVALID_DATA', `INDEX_RC ${cell.id} occurs twice`, { row, column: col.indexRc + 1, field: COLUMNS.indexRc }));
      continue;
    }
    seen.add(cell.indexRc);
    const values = {} as Record<Exclude<keyof typeof COLUMNS, 'indexRc'>, number>;
    let missing = false;
    let bad = false;
    for (const key of ['xi', 'alpha', 'kappa', 'theta', 'eta'] as const) {
      const t = cells[col[key]] ?? '';
      const v = parseDecimal(t);
      if (v === undefined) {
        errors.push(rainDataError('INVALID_DATA', `${COLUMNS[key]} "${t.trim()}" is not a number`, { row, column: col[key] + 1, field: COLUMNS[key] }));
        bad = true;
        break;
      }
      if (Math.abs(v - MISSING) < 1e-9) missing = true;
      values[key] = v;
    }
    if (bad) continue;
    if (missing) {
      missingCount++;
      continue;
    }
    rows.push({ cell, ...values });
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, rows, missingCount };
}
