/**
 * The PDF of a mass list as a pdfmake document definition: plain data (no functions, no fonts, no
 * images; structured-clonable, JSON apart from the creation date), rendered by pdfmake in the browser worker and in
 * `rainplan masslist --format pdf` alike. Built from the same {@link MassListModel} as the Excel
 * file, so both carry the same words and figures.
 *
 * A4, portrait without prices and landscape with prices; one table whose header row repeats on
 * every page; a group's heading, lines and subtotal; the grand total; the notes. The long text of
 * a line stands under its short text (smaller, grey) instead of in a column of its own.
 */
import type { MassListColumn, MassListModel } from './model.ts';
import type { Branding } from '../branding.ts';
import { brandHead, COLORS, infoTable, listDocument, type PdfCell, type PdfDocumentDefinition, type PdfNode as KitNode } from '../kit/pdf.ts';

/** A pdfmake content node or table cell (the subset used here; plain data). */
export type PdfNode = PdfCell;
export type { PdfDocumentDefinition };

/**
 * Column widths in points: fixed for every column but the text (pdfmake measures every cell of an
 * `auto` column, which made a 600-line list three times slower); wide enough for 9-digit
 * quantities and 8-digit money at 8 pt, and a longer value wraps rather than overflows.
 */
const WIDTHS: Record<MassListColumn['key'], string | number> = {
  position: 30,
  materialNumber: 48,
  orderNumber: 72,
  text: '*',
  longText: '*',
  quantity: 52,
  unit: 32,
  unitPrice: 58,
  totalPrice: 66,
};

/**
 * The pdfmake document definition of a mass list.
 *
 * @example
 * const definition = massListPdf(massListModel({ bill, projectName, scope: { kind: 'project' }, date, t }));
 * pdfmake.createPdf(definition).getBuffer();
 */
export function massListPdf(model: MassListModel, options: { readonly branding?: Branding | null | undefined } = {}): PdfDocumentDefinition {
  const columns = model.columns.filter((c) => c.key !== 'longText');
  const longTextIndex = model.columns.findIndex((c) => c.key === 'longText');
  const totalIndex = columns.findIndex((c) => c.key === 'totalPrice');
  const span = columns.length;
  const right = (c: MassListColumn) => c.kind !== 'text';
  const filler = (n: number): PdfNode[] => Array.from({ length: n }, () => '');

  const body: PdfNode[][] = [columns.map((c) => ({ text: c.header, style: 'listHeader', alignment: right(c) ? 'right' : 'left' }))];
  for (const section of model.sections) {
    if (section.heading !== null) body.push([{ text: section.heading, style: 'groupHeading', colSpan: span }, ...filler(span - 1)]);
    for (const row of section.rows) {
      const longText = longTextIndex >= 0 ? row.cells[longTextIndex] : null;
      body.push(
        columns.map((c) => {
          const cell = row.cells[model.columns.indexOf(c)] ?? null;
          if (cell === null) return '';
          if (cell.type === 'number') return { text: cell.text, alignment: 'right' };
          if (c.key === 'text' && longText !== null && longText !== undefined && longText.type === 'text') {
            // One text leaf with two inlines (not a stack of two leaves): a node less per line for pdfmake to measure and place.
            return { text: [cell.text, '\n', { text: longText.text, style: 'longText' }] };
          }
          return { text: cell.text };
        }),
      );
    }
    if (section.subtotal !== null && totalIndex >= 0) {
      body.push([
        { text: section.subtotal.label, style: 'sum', colSpan: totalIndex, alignment: 'right' },
        ...filler(totalIndex - 1),
        { text: section.subtotal.amount.text, style: 'sum', alignment: 'right' },
        ...filler(span - totalIndex - 1),
      ]);
    }
  }
  if (model.emptyText !== null) body.push([{ text: model.emptyText, italics: true, colSpan: span }, ...filler(span - 1)]);
  if (model.total !== null && totalIndex >= 0) {
    body.push([
      { text: model.total.label, style: 'total', colSpan: totalIndex, alignment: 'right' },
      ...filler(totalIndex - 1),
      { text: model.total.amount.text, style: 'total', alignment: 'right' },
      ...filler(span - totalIndex - 1),
    ]);
  }

  const branding = options.branding ?? null;
  const content: KitNode[] = [
    // the operator's logo and company (docs/branding.md), as on the report's cover
    ...(branding === null ? [] : [brandHead(branding, { width: 150, height: 40 }, { color: COLORS.label, margin: [0, 12, 0, 0] }, [0, 0, 0, 8])]),
    { text: model.title, style: 'listTitle' },
    infoTable(model.info),
    {
      // A line (short and long text) never splits across pages; the header row repeats on every page.
      table: { headerRows: 1, dontBreakRows: true, widths: columns.map((c) => WIDTHS[c.key]), body },
      layout: 'lightHorizontalLines',
    },
  ];
  if (model.notes.heading !== null) {
    content.push({ text: model.notes.heading, style: 'notesHeading' }, { ul: model.notes.lines.map((l) => ({ text: l })) });
  }

  return listDocument({
    orientation: model.prices ? 'landscape' : 'portrait',
    title: model.title,
    subject: model.projectName,
    date: model.date,
    styles: ['listTitle', 'listHeader', 'groupHeading', 'longText', 'sum', 'total', 'notesHeading'],
    footer: `${model.title} · ${model.projectName} · ${model.dateText}`,
    content,
  });
}
