import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { decodeText, plainCell, readCsvRows, readSpreadsheet, readXlsxRows, spreadsheetKind, UnsupportedFileError } from './readSpreadsheet.ts';

describe('spreadsheetKind', () => {
  it('knows CSV and .xlsx by name or type, nothing else', () => {
    expect(spreadsheetKind({ name: 'a.CSV', type: '' })).toBe('csv');
    expect(spreadsheetKind({ name: 'a.xlsx', type: '' })).toBe('xlsx');
    expect(spreadsheetKind({ name: 'a', type: 'text/csv' })).toBe('csv');
    expect(spreadsheetKind({ name: 'a.xls', type: 'application/vnd.ms-excel' })).toBeUndefined();
  });
});

describe('CSV', () => {
  it('decodes UTF-8 (BOM dropped) and falls back to Windows-1252', () => {
    expect(decodeText(new Uint8Array([0xef, 0xbb, 0xbf, 0x46, 0x6c, 0xc3, 0xa4]))).toBe('Flä');
    expect(decodeText(new Uint8Array([0x46, 0x6c, 0xe4]))).toBe('Flä');
  });

  it('guesses the delimiter and keeps quoted separators', async () => {
    expect(await readCsvRows('v1.1;Name;Fläche [m²]\r\n;"Dach; Nord";12,5\r\n')).toEqual([
      ['v1.1', 'Name', 'Fläche [m²]'],
      ['', 'Dach; Nord', '12,5'],
      [''],
    ]);
    expect((await readCsvRows('v1.1,Name\n,Dach\n'))[1]).toEqual(['', 'Dach']);
  });

  it('refuses other files', async () => {
    await expect(readSpreadsheet(new File(['x'], 'a.xls'))).rejects.toBeInstanceOf(UnsupportedFileError);
  });
});

describe('Excel', () => {
  it('plain cells: formula results, rich text, hyperlinks, dates, errors', () => {
    expect(plainCell({ formula: 'A1*2', result: 24 })).toBe(24);
    expect(plainCell({ sharedFormula: 'A1', result: 'x' })).toBe('x');
    expect(plainCell({ formula: 'A1', result: { error: '#DIV/0!' } })).toBeNull();
    expect(plainCell({ richText: [{ text: 'Da' }, { text: 'ch' }] })).toBe('Dach');
    expect(plainCell({ text: 'Link', hyperlink: 'http://x' })).toBe('Link');
    expect(plainCell(new Date(Date.UTC(2026, 10, 23)))).toBe('2026-11-23');
    expect(plainCell(Number.NaN)).toBeNull();
  });

  it('reads the first worksheet of an .xlsx with formula results', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Flächen');
    sheet.addRow(['v1.1', 'Name', 'Fläche [m²]']);
    sheet.addRow([null, 'Dach', 120]);
    sheet.addRow([null, 'Hof', { formula: 'C2/2', result: 60 }]);
    workbook.addWorksheet('other').addRow(['ignored']);
    const buffer = await workbook.xlsx.writeBuffer();
    const rows = await readXlsxRows(buffer as ArrayBuffer);
    expect(rows).toEqual([
      ['v1.1', 'Name', 'Fläche [m²]'],
      [null, 'Dach', 120],
      [null, 'Hof', 60],
    ]);
  });
});
