/**
 * `rainplan masslist --format xlsx|pdf`: the files read back — the Excel cells equal the engine's
 * mass-list data (number cells with number formats), group subtotals and the grand total equal the
 * decimal bill; the PDF's text carries the lines and totals in the language's number format, and with
 * `--branding` the operator's company.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { Decimal } from 'decimal.js';
import { afterAll, describe, expect, it } from 'vitest';
import { formatDecimalString } from '@rainplan/engine/documents';
import type { BillOfMaterials } from '@rainplan/engine/bom';
import { run } from './testing/run.ts';

const repo = fileURLToPath(new URL('../../', import.meta.url));
const fixture = path.join(repo, 'fixtures/projects/box-configurations.project.json');
const tmp = mkdtempSync(path.join(tmpdir(), 'rainplan-masslist-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

async function bill(args: string[]): Promise<BillOfMaterials> {
  const r = await run(['masslist', fixture, ...args, '--format', 'json']);
  expect(r.code).toBe(0);
  return JSON.parse(r.stdout) as BillOfMaterials;
}

async function xlsx(args: string[]): Promise<ExcelJS.Worksheet> {
  const out = path.join(tmp, `${args.join('_').replace(/[^\w-]/g, '')}.xlsx`);
  const r = await run(['masslist', fixture, ...args, '--format', 'xlsx', '-o', out, '--date', '2026-11-25']);
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(readFileSync(out) as unknown as ArrayBuffer);
  expect(workbook.worksheets).toHaveLength(1);
  return workbook.worksheets[0]!;
}

interface SheetLine {
  readonly position: string;
  readonly materialNumber: string;
  readonly quantity: unknown;
  readonly unitPrice: unknown;
  readonly totalPrice: unknown;
  readonly quantityFormat: string;
  readonly moneyFormat: string | undefined;
}

/** The sheet read back: header row, product lines (by the header's columns), subtotal and total rows. */
function readSheet(sheet: ExcelJS.Worksheet, header: { position: string; total?: string }) {
  let headerRow = 0;
  sheet.eachRow((row, n) => {
    if (headerRow === 0 && row.getCell(1).value === header.position) headerRow = n;
  });
  expect(headerRow).toBeGreaterThan(0);
  const titles = (sheet.getRow(headerRow).values as unknown[]).slice(1);
  const col = (i: number) => i + 1;
  const q = col(titles.indexOf(titles.find((t) => /Menge|Quantity/.test(String(t)))));
  const up = titles.findIndex((t) => /Einzelpreis|Unit price/.test(String(t)));
  const tp = titles.findIndex((t) => /Gesamtpreis|Total \(/.test(String(t)));
  const lines: SheetLine[] = [];
  const sums: { label: string; value: unknown; format: string }[] = [];
  const headings: string[] = [];
  for (let n = headerRow + 1; n <= sheet.rowCount; n++) {
    const row = sheet.getRow(n);
    const first = row.getCell(1).value;
    if (typeof first === 'string' && /^\d+(\.\d+)?$/.test(first)) {
      lines.push({
        position: first,
        materialNumber: String(row.getCell(2).value),
        quantity: row.getCell(q).value,
        unitPrice: up < 0 ? undefined : row.getCell(col(up)).value,
        totalPrice: tp < 0 ? undefined : row.getCell(col(tp)).value,
        quantityFormat: row.getCell(q).numFmt,
        moneyFormat: tp < 0 ? undefined : row.getCell(col(tp)).numFmt,
      });
    } else if (typeof first === 'string' && first !== '') headings.push(first);
    else if (tp >= 0 && typeof row.getCell(col(tp)).value === 'number') {
      sums.push({ label: String(row.getCell(col(titles.findIndex((t) => /Bezeichnung|Description/.test(String(t))))).value), value: row.getCell(col(tp)).value, format: row.getCell(col(tp)).numFmt });
    }
  }
  return { headerRow, titles, lines, sums, headings, frozen: sheet.views[0] };
}

/** Decimal equality of a cell's number and a bill's decimal string. */
const same = (cell: unknown, decimal: string | null) => typeof cell === 'number' && decimal !== null && new Decimal(cell).eq(decimal);

describe('rainplan masslist --format xlsx', () => {
  for (const groupBy of ['none', 'measure', 'configuration']) {
    it(`grouped by ${groupBy}, with prices: every line, subtotal and the total as number cells equal to the bill`, async () => {
      const b = await bill(['-g', groupBy, '-p']);
      const sheet = await xlsx(['-g', groupBy, '-p']);
      const s = readSheet(sheet, { position: 'Pos.' });
      expect(s.titles).toEqual(['Pos.', 'Artikel-Nr.', 'Bestell-Nr.', 'Bezeichnung', 'Beschreibung', 'Menge', 'Einheit', 'Einzelpreis (EUR)', 'Gesamtpreis (EUR)']);
      expect(s.frozen).toMatchObject({ state: 'frozen', ySplit: s.headerRow });
      const lines = b.massListGroups.flatMap((g) => g.lines);
      expect(s.lines).toHaveLength(lines.length);
      s.lines.forEach((l, i) => {
        const line = lines[i]!;
        expect(l.materialNumber).toBe(line.materialNumber);
        expect(same(l.quantity, line.quantity)).toBe(true);
        expect(same(l.unitPrice, line.unitPrice)).toBe(true);
        expect(same(l.totalPrice, line.totalPrice)).toBe(true);
        expect(l.moneyFormat).toBe('#,##0.00');
        expect(l.quantityFormat).toMatch(/^#,##0(\.0+)?$/);
      });
      const grouped = groupBy !== 'none';
      const expectedSums = [...(grouped ? b.massListGroups.map((g) => g.totalPrice) : []), b.totalPrice];
      expect(s.sums.map((x) => x.value)).toHaveLength(expectedSums.length);
      s.sums.forEach((x, i) => {
        expect(same(x.value, expectedSums[i]!)).toBe(true);
        expect(x.format).toBe('#,##0.00');
      });
      expect(s.sums.at(-1)!.label).toBe('Gesamtsumme (ohne MwSt.)');
      if (grouped) for (const g of b.massListGroups) expect(s.headings.some((h) => h.endsWith(g.groupName))).toBe(true);
      expect(new Decimal(s.sums.at(-1)!.value as number).toFixed(2)).toBe(b.totalPrice);
    });
  }

  it('without prices, in English: no money columns, no totals', async () => {
    const b = await bill(['-g', 'measure', '--lang', 'en']);
    const s = readSheet(await xlsx(['-g', 'measure', '--lang', 'en']), { position: 'Pos.' });
    expect(s.titles).toEqual(['Pos.', 'Article no.', 'Order no.', 'Description', 'Details', 'Quantity', 'Unit']);
    expect(s.lines.map((l) => l.materialNumber)).toEqual(b.massListGroups.flatMap((g) => g.lines.map((l) => l.materialNumber)));
    expect(s.sums).toEqual([]);
    expect(s.headings).toContain('Measure: Rigole Garten (Boxen)');
  });

  it('one measure and one configuration', async () => {
    const m = await bill(['--measure', 'm-rohr', '-p']);
    const sm = readSheet(await xlsx(['--measure', 'm-rohr', '-p']), { position: 'Pos.' });
    expect(sm.lines.map((l) => l.materialNumber)).toEqual(m.massListGroups[0]!.lines.map((l) => l.materialNumber));
    expect(same(sm.sums.at(-1)!.value, m.totalPrice)).toBe(true);
    const c = await bill(['--configuration', 'c-hof', '-p']);
    expect(c.totalPrice).toBe('5693.50');
    const sc = await xlsx(['--configuration', 'c-hof', '-p']);
    expect(same(readSheet(sc, { position: 'Pos.' }).sums.at(-1)!.value, '5693.50')).toBe(true);
    expect(sc.getCell('C3').value).toBe('Konfiguration Rückhaltung Hof');
  });

  it('the same input and date give the same bytes', async () => {
    const a = path.join(tmp, 'a.xlsx');
    const b = path.join(tmp, 'b.xlsx');
    await run(['masslist', fixture, '-p', '-f', 'xlsx', '-o', a, '--date', '2026-01-02']);
    await run(['masslist', fixture, '-p', '-f', 'xlsx', '-o', b, '--date', '2026-01-02']);
    expect(readFileSync(a).equals(readFileSync(b))).toBe(true);
  });
});

async function pdfText(file: string): Promise<string> {
  const task = getDocument({ data: new Uint8Array(readFileSync(file)), useSystemFonts: false });
  const doc = await task.promise;
  const parts: string[] = [];
  for (let p = 1; p <= doc.numPages; p++) {
    const content = await (await doc.getPage(p)).getTextContent();
    parts.push(content.items.map((i) => ('str' in i ? i.str : '')).join(' '));
  }
  await task.destroy();
  return parts.join('\n');
}

describe('rainplan masslist --format pdf', () => {
  it('the PDF text has every article, the group totals and the total in German number format', async () => {
    const b = await bill(['-g', 'configuration', '-p']);
    const out = path.join(tmp, 'list.pdf');
    const r = await run(['masslist', fixture, '-g', 'configuration', '-p', '-f', 'pdf', '-o', out, '--date', '2026-11-25']);
    expect(r.code).toBe(0);
    expect(readFileSync(out).subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(out);
    expect(text).toContain('Massenliste mit Preisen');
    expect(text).toContain('25.11.2026');
    for (const l of b.massListGroups.flatMap((g) => g.lines)) expect(text).toContain(l.materialNumber);
    for (const g of b.massListGroups) expect(text).toContain(formatDecimalString(g.totalPrice!, 'de'));
    expect(text).toContain(formatDecimalString(b.totalPrice!, 'de'));
    expect(text).toContain('Gesamtsumme (ohne MwSt.)');
    expect(text).not.toContain('Demo-Hersteller GmbH');
  });

  it('with --branding: the company of the branding heads the PDF, as on the report; a bad folder is exit 2', async () => {
    const out = path.join(tmp, 'branded.pdf');
    const r = await run(['masslist', fixture, '-p', '-f', 'pdf', '-o', out, '--date', '2026-11-25', '--branding', path.join(repo, 'fixtures/branding/demo')]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const text = await pdfText(out);
    expect(text).toContain('Demo-Hersteller GmbH (Beispiel)');
    expect(text).toContain('Massenliste mit Preisen');
    const missing = await run(['masslist', fixture, '-f', 'pdf', '-o', out, '--branding', path.join(tmp, 'no-such-branding')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('masslist: cannot read');
    const xlsxBranded = await run(['masslist', fixture, '-f', 'xlsx', '-o', path.join(tmp, 'b.xlsx'), '--branding', path.join(repo, 'fixtures/branding/demo')]);
    expect(xlsxBranded.code).toBe(2);
    expect(xlsxBranded.stderr).toContain('--branding is for --format pdf');
  });
});

describe('rainplan masslist: document usage errors', () => {
  it('exit 2 with a message', async () => {
    const cases: [string[], string][] = [
      [['--format', 'docx'], 'invalid --format'],
      [['--measure', 'nope', '-f', 'xlsx', '-o', path.join(tmp, 'x.xlsx')], 'no measure "nope"'],
      [['--configuration', 'nope', '-f', 'pdf', '-o', path.join(tmp, 'x.pdf')], 'no configuration "nope"'],
      [['--measure', 'm-rohr', '--configuration', 'c-hof'], 'exclude each other'],
      [['--measure', 'm-rohr', '-g', 'measure'], '--group-by applies to the whole project'],
      [['--date', '2026-02-30', '-f', 'xlsx'], 'invalid --date'],
      [['-o', path.join(tmp, 'x.txt')], '--output is for --format xlsx or pdf'],
      [['-f', 'xlsx', '-o', path.join(tmp, 'missing-dir', 'x.xlsx')], 'cannot write'],
    ];
    for (const [args, message] of cases) {
      const r = await run(['masslist', fixture, ...args]);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr).toContain(message);
    }
  });
});
