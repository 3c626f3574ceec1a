import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { demoCatalogue } from '../../../test-support/demoCatalogue.ts';
import { parseProject } from '../../project/parseProject.ts';
import { compareVariants } from '../../variants/compare.ts';
import { DOCUMENT_LABELS } from '../labels/index.ts';
import { VARIANT_COMPARISON_COLUMNS, variantComparisonFileName, variantComparisonModel, variantComparisonPdf } from './index.ts';

const parsed = parseProject(readFileSync(new URL('../../../../fixtures/projects/measure-variants.project.json', import.meta.url), 'utf8'));
if (!parsed.ok) throw new Error('fixture unreadable');
const project = parsed.project;
const comparison = compareVariants(project, 'm-versickerung', { catalogue: demoCatalogue() });
const date = new Date('2026-11-28T10:00:00Z');

describe('variant comparison document', () => {
  it('has the same label keys in German and English, and a label for every column', () => {
    expect(Object.keys(DOCUMENT_LABELS.variants.en).sort()).toEqual(Object.keys(DOCUMENT_LABELS.variants.de).sort());
    for (const key of VARIANT_COMPARISON_COLUMNS) expect(DOCUMENT_LABELS.variants.de).toHaveProperty(`column.${key}`);
  });

  it('formats every figure in the language with the signed difference to the chosen variant', () => {
    const de = variantComparisonModel({ comparison, projectName: 'Lagerhalle', date, language: 'de' });
    const en = variantComparisonModel({ comparison, projectName: 'Lagerhalle', date, language: 'en' });
    const col = (key: string) => VARIANT_COMPARISON_COLUMNS.indexOf(key as never);
    expect(de.rows.map((r) => r.cells[col('variant')]!.text)).toEqual(['Rigole aus Boxen (gewählt)', 'Mulde', 'Rohrrigole']);
    expect(de.rows.map((r) => r.cells[col('type')]!.text)).toEqual(['Boxenrigole', 'Mulde', 'Rohr-/Kiesrigole']);
    expect(de.rows[0]!.cells[col('requiredVolume')]).toEqual({ text: '13,91', difference: null });
    expect(de.rows[1]!.cells[col('requiredVolume')]).toEqual({ text: '7,64', difference: '-6,27' });
    expect(de.rows[1]!.cells[col('footprint')]).toEqual({ text: '90,00', difference: '+79,76' });
    expect(de.rows[0]!.cells[col('billTotal')]).toEqual({ text: '6.960,65', difference: null });
    expect(de.rows[1]!.cells[col('billTotal')]).toEqual({ text: '783,00', difference: '-6.177,65' });
    expect(en.rows[1]!.cells[col('billTotal')]).toEqual({ text: '783.00', difference: '-6,177.65' });
    expect(de.rows[1]!.cells[col('requiredLength')]).toEqual({ text: '–', difference: null });
    expect(de.rows.map((r) => r.cells[col('verdict')]!.text)).toEqual(['nicht erfüllt', 'erfüllt', 'erfüllt']);
    expect(en.rows.map((r) => r.cells[col('upperBand')]!.text)).toEqual(['not covered', 'covered', 'covered']);
    expect(de.columns.find((c) => c.key === 'billTotal')?.header).toBe('Materialkosten [EUR]');
    expect(de.info).toContainEqual({ label: 'Regendaten', value: 'KOSTRA-DWD-2010R, Rasterfeld 93049' });
    expect(de.info).toContainEqual({ label: 'Datum', value: '28.11.2026' });
    expect(en.info).toContainEqual({ label: 'Date', value: '2026-11-28' });
  });

  it('a zero difference reads ±0 and without a catalogue the prices say why', () => {
    const same = compareVariants(project, 'm-versickerung');
    const model = variantComparisonModel({ comparison: same, projectName: 'P', date, language: 'en' });
    expect(model.info).toContainEqual({ label: 'Prices', value: 'none (no catalogue given)' });
    expect(model.rows.every((r) => r.cells[VARIANT_COMPARISON_COLUMNS.indexOf('billTotal')]!.text === '–')).toBe(true);
    const flooding = model.rows[2]!.cells[VARIANT_COMPARISON_COLUMNS.indexOf('floodingExtra')]!;
    expect(flooding).toEqual({ text: '–', difference: null });
  });

  it('is an A4 landscape pdfmake definition of plain data, the chosen row shaded', () => {
    const definition = variantComparisonPdf({ comparison, projectName: 'Lagerhalle', date, language: 'de' });
    expect(definition).toMatchObject({ pageSize: 'A4', pageOrientation: 'landscape', info: { title: 'Variantenvergleich – Versickerung Dach', subject: 'Lagerhalle', creationDate: date } });
    const json = JSON.stringify(definition);
    expect(json).not.toMatch(/NaN|Infinity|undefined/);
    const table = (definition.content[2] as { table: { headerRows: number; widths: unknown[]; body: unknown[][] } }).table;
    expect(table.headerRows).toBe(1);
    expect(table.widths).toHaveLength(VARIANT_COMPARISON_COLUMNS.length);
    expect(table.body).toHaveLength(1 + comparison.rows.length);
    expect(table.body[1]![0]).toMatchObject({ text: 'Rigole aus Boxen (gewählt)', fillColor: '#EEF3F8' });
    expect(table.body[2]![2]).toEqual({ stack: [{ text: '7,64' }, { text: 'Δ -6,27', style: 'difference' }], alignment: 'right' });
    expect(json).toContain('Variantenvergleich · Lagerhalle · Versickerung Dach · 28.11.2026');
  });

  it('names its file by measure and day', () => {
    expect(variantComparisonFileName('Versickerung Dach / Nord', date, 'de')).toBe('Variantenvergleich_Versickerung_Dach_Nord_2026-11-28.pdf');
    expect(variantComparisonFileName('***', date, 'en', 'json')).toBe('Variant-comparison_measure_2026-11-28.json');
  });
});
