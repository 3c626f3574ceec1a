/**
 * Reading a custom rain data file (template v1.0; platform spec sections 4–5): CSV with
 * papaparse, Excel with exceljs (formula cells give their result); the rows go to the engine's
 * `parseCustomRainRows` (header in the second row; INVALID_VERSION / INVALID_DATA with row and
 * column). Both libraries load on demand, only from this route module.
 */
import { parseCustomRainRows, rainSeriesToRainData, type CustomRainCell } from '@rainplan/engine/rain';
import type { Raindata } from '../../api/index.ts';
import type { RainFileResult } from '../../stores/ProjectStore.ts';

type Rows = CustomRainCell[][];

/** An exceljs cell value as a plain cell: formulas give their result, rich text its text. */
export function excelCell(value: unknown): CustomRainCell {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'string') return value;
  if (typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') {
    const v = value as { result?: unknown; richText?: { text: string }[]; text?: unknown; error?: unknown };
    if ('result' in v) return excelCell(v.result);
    if (Array.isArray(v.richText)) return v.richText.map((part) => part.text).join('');
    if (typeof v.text === 'string') return v.text;
    if (v.error !== undefined) return String(v.error);
  }
  return String(value);
}

/** The separator of the template's table rows (row 2 on): `;` (the template's), tab or `,`. */
export function csvDelimiter(text: string): string {
  const body = text.split(/\r?\n/).slice(1, 6).join('\n');
  if (body.includes(';')) return ';';
  if (body.includes('\t')) return '\t';
  return ',';
}

export async function csvRows(text: string): Promise<Rows> {
  const Papa = (await import('papaparse')).default;
  const clean = text.replace(/^\uFEFF/, '');
  const parsed = Papa.parse<string[]>(clean, { skipEmptyLines: false, delimiter: csvDelimiter(clean) });
  return parsed.data;
}

export async function excelRows(buffer: ArrayBuffer): Promise<Rows> {
  const ExcelJS = (await import('exceljs')).default;
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(buffer);
  const sheet = workbook.worksheets[0];
  if (sheet === undefined) return [];
  const rows: Rows = [];
  for (let r = 1; r <= sheet.rowCount; r++) {
    const row = sheet.getRow(r);
    const cells: CustomRainCell[] = [];
    for (let c = 1; c <= Math.max(row.cellCount, 1); c++) cells.push(excelCell(row.getCell(c).value));
    rows.push(cells);
  }
  return rows;
}

export function isExcel(file: File): boolean {
  return /\.xlsx?$/i.test(file.name) || file.type.includes('spreadsheetml') || file.type === 'application/vnd.ms-excel';
}

/** Rows → the wire form the api takes, or the engine's errors. */
export function rainDataFromRows(rows: readonly (readonly CustomRainCell[])[]): RainFileResult {
  const result = parseCustomRainRows(rows);
  if (!result.ok) return { ok: false, errors: result.errors.map((e) => ({ code: e.code, row: e.row, column: e.column, detail: e.detail })) };
  const wire = rainSeriesToRainData(result.series);
  const data: Raindata = { raindataSeries: wire.raindataSeries, kostraCell: null, source: { edition: 'custom' } };
  return { ok: true, data };
}

export async function readRainFile(file: File): Promise<RainFileResult> {
  const rows = isExcel(file) ? await excelRows(await file.arrayBuffer()) : await csvRows(await file.text());
  return rainDataFromRows(rows);
}
