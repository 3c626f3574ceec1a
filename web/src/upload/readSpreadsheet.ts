/**
 * Reads an uploaded spreadsheet into rows of plain cells for the engine's template parsers
 * (`parseSurfaceRows`, `parseCustomRainRows`): CSV with papaparse, Excel (.xlsx) with exceljs,
 * both imported lazily (they stay out of the login bundle). Formula cells give their result; rich
 * text its text; hyperlinks their text; dates an ISO date; error cells and anything else nothing.
 * The first worksheet is read.
 *
 * CSV text: UTF-8 (a byte-order mark is dropped), else Windows-1252 (German Excel's "CSV");
 * papaparse guesses the delimiter (`;`, `,`, tab). Old binary Excel (.xls) is not readable by
 * exceljs: it is refused as unsupported (save as .xlsx or .csv).
 */
export type SheetCell = string | number | boolean | null;
export type SheetRows = SheetCell[][];

export class UnsupportedFileError extends Error {
  constructor(fileName: string) {
    super(`unsupported file type: ${fileName} (expected .csv or .xlsx)`);
    this.name = 'UnsupportedFileError';
  }
}

export type SpreadsheetKind = 'csv' | 'xlsx';

/** The kind of a file by its name (then its type); undefined when neither CSV nor .xlsx. */
export function spreadsheetKind(file: Pick<File, 'name' | 'type'>): SpreadsheetKind | undefined {
  const name = file.name.toLowerCase();
  if (name.endsWith('.csv') || name.endsWith('.txt')) return 'csv';
  if (name.endsWith('.xlsx') || name.endsWith('.xlsm')) return 'xlsx';
  if (file.type === 'text/csv') return 'csv';
  if (file.type === 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet') return 'xlsx';
  return undefined;
}

/** Decodes CSV bytes: UTF-8 when valid (BOM dropped), else Windows-1252. */
export function decodeText(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

export async function readCsvRows(text: string): Promise<SheetRows> {
  const { default: Papa } = await import('papaparse');
  const result = Papa.parse<string[]>(text, { skipEmptyLines: false, delimitersToGuess: [';', ',', '\t', '|'] });
  // papaparse reports delimiter guesses and ragged rows as errors; the engine judges the content
  return result.data.map((row) => row.map((cell) => cell));
}

/** One exceljs cell value as a plain cell. */
export function plainCell(value: unknown): SheetCell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    const v = value as Record<string, unknown>;
    if ('formula' in v || 'sharedFormula' in v) return plainCell(v['result']);
    if (Array.isArray(v['richText'])) return (v['richText'] as { text?: unknown }[]).map((part) => String(part.text ?? '')).join('');
    if ('text' in v && 'hyperlink' in v) return plainCell(v['text']);
    if ('error' in v) return null;
  }
  return null;
}

export async function readXlsxRows(buffer: ArrayBuffer): Promise<SheetRows> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(buffer);
  const sheet = workbook.worksheets[0];
  if (sheet === undefined) return [];
  const rows: SheetRows = [];
  for (let r = 1; r <= sheet.rowCount; r++) {
    const row = sheet.getRow(r);
    const cells: SheetCell[] = [];
    for (let c = 1; c <= row.cellCount; c++) cells.push(plainCell(row.getCell(c).value));
    rows.push(cells);
  }
  return rows;
}

/** Reads a CSV or .xlsx file; rejects with {@link UnsupportedFileError} for other files. */
export async function readSpreadsheet(file: File): Promise<SheetRows> {
  const kind = spreadsheetKind(file);
  if (kind === undefined) throw new UnsupportedFileError(file.name);
  const buffer = await file.arrayBuffer();
  return kind === 'csv' ? readCsvRows(decodeText(new Uint8Array(buffer))) : readXlsxRows(buffer);
}
