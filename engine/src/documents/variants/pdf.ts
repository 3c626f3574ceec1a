/**
 * The PDF of a variant comparison as a pdfmake document definition: plain data like the mass
 * list's (`massListPdf`), A4 landscape, one table whose header repeats on every page (a row per
 * variant, the chosen one first and shaded; each figure with its signed difference to the chosen
 * variant beneath it), the header facts (project, measure, date, rule edition, rain data, prices)
 * and the notes. Decision 0142.
 */
import { COLORS, infoTable, listDocument, type PdfCell as PdfNode, type PdfDocumentDefinition, type PdfNode as KitNode } from '../kit/pdf.ts';
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
  const header: PdfNode[] = model.columns.map((c) => ({ text: c.header, style: 'listHeader', alignment: c.numeric ? 'right' : 'left' }));
  const body: PdfNode[][] = [header];
  for (const row of model.rows) {
    body.push(
      row.cells.map((cell, i) => {
        const column = model.columns[i]!;
        const base = { alignment: column.numeric ? 'right' : 'left', ...(row.chosen ? { fillColor: COLORS.chosenFill, bold: i === 0 } : {}) };
        if (cell.difference === null) return { text: cell.text, ...base };
        return { stack: [{ text: cell.text }, { text: `Δ ${cell.difference}`, style: 'difference' }], ...base };
      }),
    );
  }
  const content: KitNode[] = [
    { text: model.title, style: 'listTitle' },
    infoTable(model.info),
    { table: { headerRows: 1, dontBreakRows: true, widths: model.columns.map((c) => WIDTHS[c.key]), body }, layout: 'lightHorizontalLines' },
    { text: model.notes.heading, style: 'notesHeading' },
    { ul: model.notes.lines.map((l) => ({ text: l })) },
  ];
  return listDocument({
    orientation: 'landscape',
    title: `${model.title} – ${model.measureName}`,
    subject: model.projectName,
    date: model.date,
    styles: ['listTitle', 'listHeader', 'difference', 'notesHeading'],
    footer: model.footer,
    content,
  });
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
