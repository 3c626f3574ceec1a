/**
 * The Excel file of a mass list, written with exceljs — which the caller passes in, so the engine
 * imports no library and the browser and `rainplan masslist --format xlsx` share this one code
 * path. The interfaces below are the small part of exceljs used here, structurally typed:
 * `writeMassListWorkbook(ExcelJS, model)` type-checks with the real module.
 *
 * Layout: title, project data, a header row (frozen, repeated on printed pages), per group a
 * heading row, the lines and the subtotal, then the grand total and the notes. Quantities and
 * money are number cells with number formats (`#,##0.00`; quantities with as many decimals as the
 * bill has), never text; subtotals and the grand total are the bill's values, not formulas, so
 * that every reader sees the same figures as the bill.
 */
import type { MassListColumn, MassListModel, MassListNumber } from './model.ts';

/** A cell as far as the writer uses it (write-only properties are `unknown` so exceljs' wider types fit). */
export interface ExcelCellLike {
  value: unknown;
  numFmt: unknown;
  font: unknown;
  alignment: unknown;
  border: unknown;
  fill: unknown;
}
export interface ExcelRowLike {
  getCell(index: number): ExcelCellLike;
  height: unknown;
}
export interface ExcelWorksheetLike {
  columns: unknown;
  views: unknown;
  pageSetup: unknown;
  addRow(values: unknown[]): ExcelRowLike;
  mergeCells(top: number, left: number, bottom: number, right: number): void;
}
export interface ExcelWorkbookLike {
  creator: unknown;
  created: unknown;
  modified: unknown;
  title: unknown;
  addWorksheet(name: string): ExcelWorksheetLike;
  readonly xlsx: { writeBuffer(): Promise<ArrayBuffer | Uint8Array> };
}
/** The exceljs module (`import ExcelJS from 'exceljs'`), or anything with the same `Workbook`. */
export interface ExcelJsLike {
  readonly Workbook: new () => ExcelWorkbookLike;
}

/** Excel number format of a number cell: money `#,##0.00`, quantities with their own decimals. */
export function excelNumberFormat(n: Pick<MassListNumber, 'decimals'>): string {
  return n.decimals === 0 ? '#,##0' : `#,##0.${'0'.repeat(n.decimals)}`;
}

const THIN = { style: 'thin', color: { argb: 'FF9E9E9E' } } as const;
const HEADER_FILL = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE3EAF2' } } as const;
const GROUP_FILL = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFF2F5F8' } } as const;

function numberCell(cell: ExcelCellLike, n: MassListNumber, bold = false): void {
  // The bill's decimal string as a number: exact for every realistic figure (Excel itself keeps
  // 15 significant digits; money has 2 decimals, quantities at most 3).
  cell.value = Number(n.value);
  cell.numFmt = excelNumberFormat(n);
  cell.alignment = { horizontal: 'right', vertical: 'top' };
  if (bold) cell.font = { bold: true };
}

/**
 * Writes a mass list into a new workbook (one worksheet) and returns it; call
 * `await workbook.xlsx.writeBuffer()` for the file, or use {@link massListXlsx}.
 */
export function writeMassListWorkbook<W extends ExcelWorkbookLike>(excel: { readonly Workbook: new () => W }, model: MassListModel): W {
  const workbook = new excel.Workbook();
  workbook.creator = 'rainplan';
  workbook.title = model.title;
  workbook.created = model.date;
  workbook.modified = model.date;
  const sheet = workbook.addWorksheet(model.sheetName);
  const columns: readonly MassListColumn[] = model.columns;
  const width = columns.length;
  sheet.columns = columns.map((c) => ({ key: c.key, width: c.width }));
  const col = (key: MassListColumn['key']) => columns.findIndex((c) => c.key === key) + 1;
  const textCol = col('text');
  const totalCol = col('totalPrice');
  let rowNumber = 0;
  const add = (values: unknown[] = []): ExcelRowLike => {
    rowNumber += 1;
    return sheet.addRow(values);
  };

  const title = add([model.title]);
  title.getCell(1).font = { bold: true, size: 14 };
  for (const { label, value } of model.info) {
    const row = add([label, null, value]);
    row.getCell(1).font = { bold: true };
    sheet.mergeCells(rowNumber, 1, rowNumber, 2);
    sheet.mergeCells(rowNumber, 3, rowNumber, width);
  }
  add();

  const header = add(columns.map((c) => c.header));
  const headerRow = rowNumber;
  for (let i = 1; i <= width; i++) {
    const cell = header.getCell(i);
    cell.font = { bold: true };
    cell.fill = HEADER_FILL;
    cell.border = { bottom: THIN };
    cell.alignment = { vertical: 'top', wrapText: true, horizontal: columns[i - 1]!.kind === 'text' ? 'left' : 'right' };
  }

  for (const section of model.sections) {
    if (section.heading !== null) {
      const row = add([section.heading]);
      sheet.mergeCells(rowNumber, 1, rowNumber, width);
      row.getCell(1).font = { bold: true };
      row.getCell(1).fill = GROUP_FILL;
    }
    for (const line of section.rows) {
      const row = add();
      line.cells.forEach((c, i) => {
        if (c === null) return;
        const cell = row.getCell(i + 1);
        if (c.type === 'number') numberCell(cell, c);
        else {
          cell.value = c.text;
          cell.alignment = { vertical: 'top', wrapText: columns[i]!.key === 'text' || columns[i]!.key === 'longText' };
        }
      });
    }
    if (section.subtotal !== null && totalCol > 0) {
      const row = add();
      row.getCell(textCol).value = section.subtotal.label;
      row.getCell(textCol).font = { bold: true };
      numberCell(row.getCell(totalCol), section.subtotal.amount, true);
      row.getCell(totalCol).border = { top: THIN };
    }
  }
  if (model.emptyText !== null) add([null, null, null, model.emptyText]);
  if (model.total !== null && totalCol > 0) {
    add();
    const row = add();
    row.getCell(textCol).value = model.total.label;
    row.getCell(textCol).font = { bold: true };
    numberCell(row.getCell(totalCol), model.total.amount, true);
    row.getCell(totalCol).border = { top: THIN, bottom: { style: 'double' } };
  }
  if (model.notes.heading !== null) {
    add();
    add([model.notes.heading]).getCell(1).font = { bold: true };
    for (const line of model.notes.lines) add([line]);
  }

  sheet.views = [{ state: 'frozen', xSplit: 0, ySplit: headerRow, topLeftCell: `A${headerRow + 1}`, activeCell: `A${headerRow + 1}` }];
  sheet.pageSetup = {
    paperSize: 9,
    orientation: 'landscape',
    fitToPage: true,
    fitToWidth: 1,
    fitToHeight: 0,
    printTitlesRow: `${headerRow}:${headerRow}`,
  };
  return workbook;
}

/** The `.xlsx` file of a mass list. */
export async function massListXlsx(excel: ExcelJsLike, model: MassListModel): Promise<Uint8Array> {
  const buffer = await writeMassListWorkbook(excel, model).xlsx.writeBuffer();
  return buffer instanceof Uint8Array ? buffer : new Uint8Array(buffer);
}
