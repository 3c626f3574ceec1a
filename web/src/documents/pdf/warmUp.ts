/**
 * The documents worker's warm-up: a small PDF made once when the worker is prepared (the documents
 * page opened), so the first report after a click does not pay for pdfmake's, pdfkit's and the
 * fonts' first use (the font files parsed, the text shaping and layout code compiled). The pages
 * hold what a report holds — headings with a table of contents, label / value tables, data tables
 * with numbers, calculation lines, italic and bold text, a chart's vector lines, the footer — in
 * the report's fonts and sizes. Nothing of it is shown or kept.
 */
/** Pages of measures: enough for the layout code to be compiled for a long document (measured: scripts/bench-report.ts). */
const PAGES = 12;

const row = (i: number): string[] => [`Position ${i + 1}`, `${(i * 12.345).toFixed(2).replace('.', ',')}`, `${(i * 0.9 + 1).toFixed(3).replace('.', ',')}`, `${i * 15}`, `${(i * 3.5).toFixed(1).replace('.', ',')}`, i % 2 === 0 ? 'erfüllt' : 'nicht erfüllt'];

/** The warm-up document (a pdfmake definition; plain data apart from the footer function). */
export function warmUpDefinition(): object {
  const content: unknown[] = [{ text: 'Bemessung · Übersicht', fontSize: 26, bold: true }, { toc: { title: { text: 'Inhalt', fontSize: 16, bold: true } }, pageBreak: 'before' }];
  for (let p = 0; p < PAGES; p++) {
    content.push(
      { text: `Maßnahme ${p + 1} – Rigole (Boxen)`, fontSize: 13, bold: true, tocItem: true, pageBreak: 'before' },
      {
        table: { widths: ['45%', '*'], body: Array.from({ length: 16 }, (_, i) => [{ text: `Eingabe ${i + 1} [m³/(s·ha)]`, color: '#444444' }, { text: `${(i * 1.234 + p).toFixed(2).replace('.', ',')} · 10⁻⁵` }]) },
        layout: 'lightHorizontalLines',
      },
      {
        table: { headerRows: 1, widths: ['*', 50, 50, 40, 40, 60], body: [row(0).map((h) => ({ text: h, bold: true, fontSize: 8 })), ...Array.from({ length: 10 }, (_, i) => row(i + 1).map((c, j) => ({ text: c, fontSize: 8, alignment: j > 0 && j < 5 ? 'right' : 'left' })))] },
        layout: 'lightHorizontalLines',
      },
      ...Array.from({ length: 6 }, (_, i) => ({ text: `V = [(A_C + A_VA)·10⁻⁷·r − A_S·q]·D·60·f_Z = [(${100 + i} + 0)·10⁻⁷·${150 + i}] · 15 · 60 · 1,15 = ${(i * 1.7 + 2).toFixed(2)} m³`, fontSize: 8, margin: [8, 0, 0, 1] })),
      { text: 'Nicht geprüft: MHGW fehlt.', italics: true },
      { text: [{ text: 'Ergebnis: ' }, { text: 'erfüllt', bold: true, color: '#1e7b34' }] },
      { canvas: Array.from({ length: 12 }, (_, i) => ({ type: 'line', x1: 40 + i * 30, y1: 200 - i * 10, x2: 70 + i * 30, y2: 190 - i * 10, lineWidth: 1 })) },
    );
  }
  return {
    pageSize: 'A4',
    pageMargins: [40, 50, 40, 50],
    info: { creationDate: new Date(0), modDate: new Date(0) },
    content,
    defaultStyle: { font: 'Roboto', fontSize: 9, lineHeight: 1.15 },
    footer: (page: number, pages: number) => ({ columns: [{ text: 'Bemessung' }, { text: `Seite ${page} von ${pages}`, alignment: 'right' }], margin: [40, 16, 40, 0], fontSize: 7.5 }),
  };
}
