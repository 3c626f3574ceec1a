/**
 * The PDF of a variant comparison as a pdfmake document definition: plain data like the mass
 * list's (`massListPdf`), A4 landscape, one table whose header repeats on every page (a row per
 * variant, the chosen one first and shaded; each figure with its signed difference to the chosen
 * variant beneath it), the header facts (project, measure, date, rule edition, rain data, prices)
 * and the notes. Decision 0142.
 */
import type { PdfDocumentDefinition, PdfNode } from '../masslist/pdf.ts';
import { variantComparisonModel, type VariantComparisonColumnKey, type VariantComparisonDocumentInput, type VariantComparisonModel } from './model.ts';

/** Column widths in points: A4 landscape leaves 762 pt between the margins, the cells' padding takes 96, the variant's name at least 160. */
const WIDTHS: Record<VariantComparisonColumnKey, string | number> = {
  variant: '*',
  type: 72,
  requiredVolume: 40,
  availableVolume: 42,
  requiredLength: 38,
  footprint: 40,
  depth: 36,
  drainingTime: 44,
  floodingExtra: 46,
  verdict: 44,
  upperBand: 48,
  billTotal: 54,
};

/** The pdfmake definition of a built model (see {@link variantComparisonPdf}). */
export function variantComparisonPdfOfModel(model: VariantComparisonModel): PdfDocumentDefinition {
  const header: PdfNode[] = model.columns.map((c) => ({ text: c.header, style: 'tableHeader', alignment: c.numeric ? 'right' : 'left' }));
  const body: PdfNode[][] = [header];
  for (const row of model.rows) {
    body.push(
      row.cells.map((cell, i) => {
        const column = model.columns[i]!;
        const base = { alignment: column.numeric ? 'right' : 'left', ...(row.chosen ? { fillColor: '#EEF3F8', bold: i === 0 } : {}) };
        if (cell.difference === null) return { text: cell.text, ...base };
        return { stack: [{ text: cell.text }, { text: `Δ ${cell.difference}`, style: 'difference' }], ...base };
      }),
    );
  }
  const content: PdfNode[] = [
    { text: model.title, style: 'title' },
    {
      table: { widths: ['auto', '*'], body: model.info.map(({ label, value }) => [{ text: label, bold: true }, { text: value }]) },
      layout: 'noBorders',
      margin: [0, 0, 0, 10],
    },
    { table: { headerRows: 1, dontBreakRows: true, widths: model.columns.map((c) => WIDTHS[c.key]), body }, layout: 'lightHorizontalLines' },
    { text: model.notes.heading, style: 'notesHeading' },
    { ul: model.notes.lines.map((l) => ({ text: l })) },
  ];
  return {
    pageSize: 'A4',
    pageOrientation: 'landscape',
    pageMargins: [40, 40, 40, 50],
    info: { title: `${model.title} – ${model.measureName}`, subject: model.projectName, creator: 'rainplan', producer: 'rainplan', creationDate: model.date },
    defaultStyle: { fontSize: 8, lineHeight: 1.15 },
    styles: {
      title: { fontSize: 16, bold: true, margin: [0, 0, 0, 8] },
      tableHeader: { bold: true, fillColor: '#E3EAF2' },
      difference: { fontSize: 7, color: '#555555' },
      notesHeading: { bold: true, margin: [0, 12, 0, 4] },
      footer: { fontSize: 7, color: '#555555' },
    },
    footer: { text: model.footer, style: 'footer', margin: [40, 20, 40, 0] },
    content,
  };
}

/**
 * The printable comparison of a measure's variants (A4 landscape pdfmake definition, plain data).
 *
 * @example
 * const definition = variantComparisonPdf({ comparison: compareVariants(project, 'm1', { catalogue }), projectName: 'Halle 3', date: new Date(), language: 'de' });
 * pdfmake.createPdf(definition).getBuffer();
 */
export function variantComparisonPdf(input: VariantComparisonDocumentInput): PdfDocumentDefinition {
  return variantComparisonPdfOfModel(variantComparisonModel(input));
}
