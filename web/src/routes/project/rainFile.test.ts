import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { customRainTemplateCsv } from '@rainplan/engine/rain';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { csvRows, excelCell, excelRows, rainDataFromRows, readRainFile } from './rainFile.ts';
import { RAIN_TEMPLATE_FILE } from './RainData.tsx';

const TEMPLATE = path.resolve(import.meta.dirname, '../../../public/file-templates', RAIN_TEMPLATE_FILE);

describe('custom rain data files (template v1.0)', () => {
  it('ships the engine template at the file-templates path (UPDATE_TEMPLATES=1 rewrites it)', () => {
    const expected = customRainTemplateCsv();
    if (process.env['UPDATE_TEMPLATES'] === '1' || !existsSync(TEMPLATE)) writeFileSync(TEMPLATE, expected);
    expect(readFileSync(TEMPLATE, 'utf8')).toBe(expected);
  });

  it('reads a CSV (semicolons, decimal comma) into the wire form with 0 for missing values', async () => {
    const text = 'v1.0;note\r\nD [min];T=1a;T=100a\r\n5;200,5;\r\n60;45;120\r\n';
    const result = rainDataFromRows(await csvRows(text));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const t1 = result.data.raindataSeries.find((e) => e.annuality === 1)!;
    expect(t1.valuesForDurations.find((v) => v.duration === 5)?.value).toBe(200.5);
    expect(t1.valuesForDurations.find((v) => v.duration === 10)?.value).toBe(0);
    expect(result.data.raindataSeries.find((e) => e.annuality === 100)?.valuesForDurations.find((v) => v.duration === 60)?.value).toBe(120);
    expect(result.data.raindataSeries).toHaveLength(9);
  });

  it('reports INVALID_VERSION and INVALID_DATA with row and column', async () => {
    const version = rainDataFromRows(await csvRows('v0.9\nD [min];T=1a\n5;100\n'));
    expect(version).toMatchObject({ ok: false, errors: [{ code: 'INVALID_VERSION', row: 1, column: 1 }] });
    const data = rainDataFromRows(await csvRows('v1.0\nD [min];T=1a\n5;abc\n'));
    expect(data).toMatchObject({ ok: false, errors: [{ code: 'INVALID_DATA', row: 3, column: 2 }] });
  });

  it('reads Excel cells: formulas give their result, rich text its text', () => {
    expect(excelCell({ formula: 'A1*2', result: 42 })).toBe(42);
    expect(excelCell({ richText: [{ text: 'T=' }, { text: '1a' }] })).toBe('T=1a');
    expect(excelCell(null)).toBe('');
  });

  it('reads an Excel workbook with the header in the second row', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Regen');
    sheet.addRow(['v1.0', 'note']);
    sheet.addRow(['D [min]', 'T=1a', 'T=2a']);
    sheet.addRow([5, 100, 150]);
    sheet.addRow([10, { formula: 'B3/2', result: 50 }, 75]);
    const buffer = await workbook.xlsx.writeBuffer();
    const rows = await excelRows(buffer as ArrayBuffer);
    expect(rows[3]).toEqual([10, 50, 75]);
    const result = rainDataFromRows(rows);
    expect(result.ok && result.data.raindataSeries[0]?.valuesForDurations[1]).toEqual({ duration: 10, value: 50 });
  });

  it('picks the reader by file name', async () => {
    const file = new File(['v1.0\nD [min];T=5a\n15;99\n'], 'regen.csv', { type: 'text/csv' });
    const result = await readRainFile(file);
    expect(result.ok && result.data.raindataSeries.find((e) => e.annuality === 5)?.valuesForDurations.find((v) => v.duration === 15)?.value).toBe(99);
  });
});
