/** The report's bill of materials summary: a table per measure group, with prices when the bill has them. */
import { formatDecimalString, headingName } from '../../labels/index.ts';
import { COLORS, dataTable, fields, heading, paragraph, type PdfContent, type PdfNode } from '../../kit/pdf.ts';
import type { Ctx } from '../context.ts';

export function billSection(c: Ctx): PdfContent[] {
  const bill = c.options.bill ?? null;
  const out: PdfContent[] = [heading(c.t('section.bill'), 1, { pageBreak: true })];
  if (bill === null || bill.massListGroups.every((g) => g.lines.length === 0)) return [...out, paragraph(c.t('bill.none'), { italics: true })];
  const prices = bill.totalPrice !== null;
  const money = (v: string | null) => (v === null ? '–' : formatDecimalString(v, c.lang, 2));
  for (const g of bill.massListGroups) {
    if (g.lines.length === 0) continue;
    out.push(heading(headingName(g.groupName), 3));
    const header = [c.t('bill.pos'), c.t('bill.article'), c.t('bill.text'), c.t('bill.quantity'), c.t('bill.unit'), ...(prices ? [c.t('bill.unitPrice', { currency: bill.currency }), c.t('bill.totalPrice', { currency: bill.currency })] : [])];
    const rows: (string | PdfNode)[][] = g.lines.map((l, i) => [
      String(i + 1),
      l.materialNumber,
      l.text,
      formatDecimalString(l.quantity, c.lang, l.quantity.includes('.') ? Math.min(3, l.quantity.split('.')[1]!.length) : 0),
      l.unit,
      ...(prices ? [money(l.unitPrice), money(l.totalPrice)] : []),
    ]);
    if (prices) rows.push(['', '', { text: c.t('bill.groupTotal', { group: g.groupName }), bold: true }, '', '', '', { text: money(g.totalPrice), bold: true }]);
    out.push({
      ...dataTable(header, rows, [true, false, false, true, false, true, true], prices ? [22, 60, '*', 45, 30, 55, 60] : [22, 70, '*', 50, 40]),
      fontSize: 7.5,
    });
  }
  if (prices) out.push(fields([[c.t('bill.total'), { text: `${money(bill.totalPrice)} ${bill.currency}`, bold: true }]]));
  if (bill.issues.length > 0) out.push(paragraph(c.t('bill.issues', { count: bill.issues.length }), { italics: true, color: COLORS.warning }));
  return out;
}
