import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Decimal } from 'decimal.js';
import { configurationBill, measureMassList, projectMassList, type BillOfMaterials, type GroupBy } from '../../bom/index.ts';
import type { Project } from '../../model/project.ts';
import { parseProject } from '../../project/parseProject.ts';
import { demoCatalogue } from '../../../test-support/demoCatalogue.ts';
import { documentTranslator, type DocumentLanguage } from '../labels/index.ts';
import masslistDe from '../labels/masslist.de.json' with { type: 'json' };
import masslistEn from '../labels/masslist.en.json' with { type: 'json' };
import { massListFileName, massListModel, massListNumber, sheetName, type MassListModel, type MassListScope } from './model.ts';
import { massListPdf } from './pdf.ts';
import { productListTotals } from './productList.ts';
import { excelNumberFormat } from './workbook.ts';

const catalogue = demoCatalogue();
const parsed = parseProject(readFileSync(new URL('../../../../fixtures/projects/box-configurations.project.json', import.meta.url), 'utf8'));
if (!parsed.ok) throw new Error('fixture unreadable');
const project: Project = parsed.project;
const date = new Date(Date.UTC(2026, 10, 25));

function model(bill: BillOfMaterials, scope: MassListScope = { kind: 'project' }, language: DocumentLanguage = bill.language): MassListModel {
  return massListModel({ bill, projectName: project.project.name, scope, date, t: documentTranslator('masslist', language), language });
}

/** Every product line of a model, as the bill's strings, in order. */
const modelLines = (m: MassListModel) => m.sections.flatMap((s) => s.rows.map((r) => r.line));
const billLines = (b: BillOfMaterials) => b.massListGroups.flatMap((g) => g.lines);

describe('massListModel: the bill, unchanged, in every grouping', () => {
  for (const groupBy of ['none', 'measure', 'configuration'] as const satisfies readonly GroupBy[]) {
    for (const prices of [false, true]) {
      it(`${groupBy}, ${prices ? 'with' : 'without'} prices`, () => {
        const bill = projectMassList(project, catalogue, { groupBy, prices, language: 'de' });
        const m = model(bill);
        expect(modelLines(m)).toEqual(billLines(bill));
        expect(m.sections.map((s) => s.group)).toEqual(bill.massListGroups);
        expect(m.prices).toBe(prices);
        expect(m.columns.map((c) => c.key)).toEqual(
          prices
            ? ['position', 'materialNumber', 'orderNumber', 'text', 'longText', 'quantity', 'unit', 'unitPrice', 'totalPrice']
            : ['position', 'materialNumber', 'orderNumber', 'text', 'longText', 'quantity', 'unit'],
        );
        // Each row's number cells are the line's decimal strings.
        const q = m.columns.findIndex((c) => c.key === 'quantity');
        for (const s of m.sections) {
          for (const r of s.rows) {
            const cell = r.cells[q];
            expect(cell?.type).toBe('number');
            if (cell?.type === 'number') expect(new Decimal(cell.value).eq(r.line.quantity)).toBe(true);
          }
        }
        const grouped = groupBy !== 'none';
        expect(m.sections.every((s) => (s.heading !== null) === grouped)).toBe(true);
        if (prices) {
          expect(m.total?.amount.value).toBe(bill.totalPrice);
          if (grouped) for (const s of m.sections) expect(s.subtotal?.amount.value).toBe(s.group.totalPrice);
          // The group totals add up to the grand total (exact decimals).
          expect(bill.massListGroups.reduce((a, g) => a.plus(g.totalPrice ?? '0'), new Decimal(0)).toFixed(2)).toBe(bill.totalPrice);
        } else {
          expect(m.total).toBeNull();
          expect(m.sections.every((s) => s.subtotal === null)).toBe(true);
        }
      });
    }
  }

  it('positions: 1, 2, … in a plain list; group.line in a grouped one', () => {
    const plain = model(projectMassList(project, catalogue, { prices: true }));
    expect(plain.sections[0]!.rows.map((r) => r.cells[0])).toEqual(plain.sections[0]!.rows.map((_, i) => ({ type: 'text', text: String(i + 1) })));
    const grouped = model(projectMassList(project, catalogue, { groupBy: 'measure', prices: true }));
    expect(grouped.sections[1]!.rows[0]!.cells[0]).toEqual({ type: 'text', text: '2.1' });
  });

  it('German: decimal comma, dot grouping, German labels; English: decimal point', () => {
    const de = model(projectMassList(project, catalogue, { prices: true, language: 'de' }));
    const en = model(projectMassList(project, catalogue, { prices: true, language: 'en' }), { kind: 'project' }, 'en');
    const total = de.total!.amount.value;
    expect(Number(total)).toBeGreaterThan(1000);
    const [int, frac] = total.split('.');
    const grouped = (sep: string) => int!.replace(/\B(?=(\d{3})+(?!\d))/g, sep);
    expect(de.total!.amount.text).toBe(`${grouped('.')},${frac}`);
    expect(en.total!.amount.text).toBe(`${grouped(',')}.${frac}`);
    expect(de.title).toBe('Massenliste mit Preisen');
    expect(en.title).toBe('Mass list with prices');
    expect(de.columns.find((c) => c.key === 'totalPrice')!.header).toBe('Gesamtpreis (EUR)');
    expect(de.info).toContainEqual({ label: 'Datum', value: '25.11.2026' });
    expect(en.info).toContainEqual({ label: 'Date', value: '2026-11-25' });
    expect(de.info).toContainEqual({ label: 'Preise', value: 'Listenpreise in EUR, ohne Mehrwertsteuer' });
  });

  it('one measure and one configuration: their own scope, no group rows', () => {
    const measure = project.waterflow.measures[0]!;
    const mBill = measureMassList(project, measure.id, catalogue, { prices: true })!;
    const m = model(mBill, { kind: 'measure', name: measure.name });
    expect(m.info).toContainEqual({ label: 'Umfang', value: `Maßnahme ${measure.name}` });
    expect(m.info.some((i) => i.label === 'Gruppierung')).toBe(false);
    expect(m.sections[0]!.heading).toBeNull();
    expect(m.total!.amount.value).toBe(mBill.totalPrice);
    const config = project.boxConfigurations![1]!;
    const cBill = configurationBill(config, catalogue, { prices: false, language: 'en' });
    const c = model(cBill, { kind: 'configuration', name: config.name });
    expect(c.info).toContainEqual({ label: 'Scope', value: `Configuration ${config.name}` });
    expect(modelLines(c)).toEqual(billLines(cBill));
    expect(c.total).toBeNull();
  });

  it('an empty list says so; a list with issues names them', () => {
    const empty: Project = { ...project, waterflow: { ...project.waterflow, measures: [] }, boxConfigurations: [], measureProducts: [] };
    const e = model(projectMassList(empty, catalogue, { prices: true }));
    expect(e.emptyText).toBe('Die Liste enthält keine Produkte.');
    expect(e.total!.amount.value).toBe('0.00');
    expect(e.notes.heading).toBeNull();
    const broken: Project = {
      ...project,
      boxConfigurations: [{ ...project.boxConfigurations![1]!, items: [...(project.boxConfigurations![1]!.items ?? []), { boxTypeId: 'NO_SUCH_TYPE', x: 0, y: 5, z: 0, rotation: 'North' }] }],
    };
    const bill = projectMassList(broken, catalogue, { groupBy: 'configuration', prices: true, language: 'en' });
    expect(bill.issues.length).toBeGreaterThan(0);
    const b = model(bill, { kind: 'project' }, 'en');
    expect(b.notes.heading).toMatch(/^Notes/);
    expect(b.notes.lines.join('\n')).toContain('NO_SUCH_TYPE');
    expect(b.notes.lines.join('\n')).toContain(project.boxConfigurations![1]!.name);
  });
});

describe('number cells and names', () => {
  it('quantities keep their decimals (trailing zeros dropped), money has two', () => {
    expect(massListNumber('24', 'quantity', 'de')).toEqual({ value: '24', decimals: 0, text: '24' });
    expect(massListNumber('12.500', 'quantity', 'de')).toEqual({ value: '12.5', decimals: 1, text: '12,5' });
    expect(massListNumber('1234567.25', 'money', 'de')).toEqual({ value: '1234567.25', decimals: 2, text: '1.234.567,25' });
    expect(massListNumber('1234567.25', 'money', 'en').text).toBe('1,234,567.25');
    expect(() => massListNumber('1,5', 'money', 'de')).toThrow(TypeError);
    expect(excelNumberFormat({ decimals: 0 })).toBe('#,##0');
    expect(excelNumberFormat({ decimals: 2 })).toBe('#,##0.00');
  });
  it('sheet names are valid in Excel', () => {
    expect(sheetName('a/b:c*d?e[f]g\\h')).toBe('a b c d e f g h');
    expect(sheetName('x'.repeat(40))).toHaveLength(31);
    expect(sheetName("''")).toBe('Sheet1');
  });
  it('file names', () => {
    const t = documentTranslator('masslist', 'de');
    expect(massListFileName({ projectName: 'Wohnanlage / Süd', scope: { kind: 'project' }, prices: true, groupBy: 'measure', t })).toBe('Massenliste_Wohnanlage-Süd_nach-Maßnahmen_mit-Preisen');
    expect(massListFileName({ projectName: 'P', scope: { kind: 'configuration', name: 'Hof: Nord' }, prices: false, t })).toBe('Massenliste_P_Hof-Nord');
  });
});

describe('massListPdf', () => {
  it('is plain data: one table with a repeated header, every line, subtotals and the total', () => {
    const bill = projectMassList(project, catalogue, { groupBy: 'measure', prices: true });
    const m = model(bill);
    const def = massListPdf(m);
    expect(structuredClone(def)).toEqual(def);
    expect(def.info.creationDate).toEqual(date);
    expect(def.pageOrientation).toBe('landscape');
    const table = (def.content[2] as { table: { headerRows: number; dontBreakRows: boolean; body: unknown[][]; widths: unknown[] } }).table;
    expect(table.headerRows).toBe(1);
    expect(table.dontBreakRows).toBe(true);
    // the long text is a second, smaller inline of the text cell (one leaf per cell, no stacks)
    const withLongText = billLines(bill).find((l) => l.longText !== null && l.longText !== '');
    expect(withLongText).toBeDefined();
    expect(JSON.stringify(def)).toContain(JSON.stringify({ text: [withLongText!.text, '\n', { text: withLongText!.longText, style: 'longText' }] }));
    expect(JSON.stringify(def)).not.toContain('"stack"');
    const columns = 8; // the long text stands under the text
    expect(table.widths).toHaveLength(columns);
    expect(table.body.every((r) => r.length === columns)).toBe(true);
    const groups = bill.massListGroups.length;
    expect(table.body).toHaveLength(1 + groups + billLines(bill).length + groups + 1);
    const text = JSON.stringify(def);
    for (const g of m.sections) expect(text).toContain(JSON.stringify(g.subtotal!.amount.text));
    expect(text).toContain(JSON.stringify(m.total!.amount.text));
    for (const l of billLines(bill)) expect(text).toContain(JSON.stringify(l.materialNumber));
  });
  it('without prices: portrait, no money columns', () => {
    const def = massListPdf(model(projectMassList(project, catalogue, { prices: false })));
    expect(def.pageOrientation).toBe('portrait');
    expect(JSON.stringify(def)).not.toContain('Gesamtpreis');
  });
});

describe('labels', () => {
  it('de and en have the same keys, and every issue code has a text', () => {
    expect(Object.keys(masslistEn).sort()).toEqual(Object.keys(masslistDe).sort());
    for (const code of ['UNKNOWN_ITEM_TYPE', 'ITEM_OUTSIDE_GRID', 'SHAFT_COLUMN_OCCUPIED', 'CELL_OCCUPIED_TWICE', 'UNKNOWN_OPTION', 'CONNECTION_NOT_POSSIBLE', 'UNKNOWN_PRODUCT', 'MEASURE_DIMENSIONS_MISSING']) {
      expect(Object.keys(masslistDe)).toContain(`issue.${code}`);
    }
  });
});

describe('productListTotals', () => {
  it('line totals rounded half-up to cents, exact sum, as the bill does', () => {
    expect(productListTotals([{ quantity: '3', unitPrice: '1.85' }, { quantity: 0.5, unitPrice: '12.345' }])).toEqual({ lineTotals: ['5.55', '6.17'], total: '11.72', invalid: [] });
    // 0.1 + 0.2 in binary floating point is not 0.3; in decimal it is.
    expect(productListTotals([{ quantity: 1, unitPrice: 0.1 }, { quantity: 1, unitPrice: 0.2 }]).total).toBe('0.30');
    expect(productListTotals([]).total).toBe('0.00');
  });
  it('lines without price count nothing; invalid quantities or prices are named and left out', () => {
    expect(productListTotals([{ quantity: '2', unitPrice: null }, { quantity: 'x', unitPrice: '1' }, { quantity: -1, unitPrice: '1' }, { quantity: 1, unitPrice: Number.NaN }, { quantity: '1,5', unitPrice: '2' }])).toEqual({
      lineTotals: [null, null, null, null, '3.00'],
      total: '3.00',
      invalid: [1, 2, 3],
    });
  });
  it('equals the bill of a configuration with the same lines', () => {
    const config = project.boxConfigurations![1]!;
    const bill = configurationBill(config, catalogue, { prices: true });
    const lines = bill.massListGroups[0]!.lines;
    expect(productListTotals(lines.map((l) => ({ quantity: l.quantity, unitPrice: l.unitPrice })))).toEqual({ lineTotals: lines.map((l) => l.totalPrice), total: bill.totalPrice, invalid: [] });
  });
});
