/**
 * The PDF document kit: what the report, the mass list, the variant comparison and the data sheet
 * share — pdfmake's node types, the A4 page frames, the colours and styles, and the blocks (a
 * heading, label/value fields, a data table, a paragraph, the company head of a branding, the
 * header facts). Plain data only: every builder returns pdfmake content, nothing is rendered here.
 */
import type { Branding } from '../branding.ts';

/** A pdfmake content node (plain data). */
export type PdfContent = string | PdfNode | readonly PdfContent[];
export interface PdfNode {
  readonly [key: string]: unknown;
}
/** A table cell of a list document: text, or a pdfmake node. */
export type PdfCell = string | PdfNode;

/** A4 in points (portrait: width × height). */
export const A4 = { width: 595, height: 842 } as const;

/** Page margins (left, top, right, bottom), pt: the report's and data sheet's text pages, and the list documents'. */
export const PAGE_MARGINS = {
  report: [40, 50, 40, 50],
  list: [40, 40, 40, 50],
} as const satisfies Record<string, readonly [number, number, number, number]>;

/** The documents' colours. */
export const COLORS = {
  heading: '#1f3b57',
  label: '#444444',
  footer: '#666666',
  note: '#555555',
  pass: '#1e7b34',
  fail: '#b03a2e',
  warning: '#8a6d00',
  headerFill: '#E3EAF2',
  groupFill: '#F2F5F8',
  chosenFill: '#EEF3F8',
} as const;

/** The text styles of every document (a document names the ones it uses). */
export const DOCUMENT_STYLES = {
  // the report
  title: { fontSize: 26, bold: true, color: COLORS.heading },
  subtitle: { fontSize: 13, color: COLORS.label },
  h1: { fontSize: 16, bold: true, color: COLORS.heading, margin: [0, 0, 0, 8] },
  h2: { fontSize: 13, bold: true, color: COLORS.heading, margin: [0, 10, 0, 4] },
  h3: { fontSize: 11, bold: true, margin: [0, 8, 0, 3] },
  h4: { fontSize: 10, bold: true, margin: [0, 6, 0, 2] },
  toc1: { fontSize: 10, bold: true },
  toc2: { fontSize: 9 },
  tableHeader: { bold: true, fontSize: 8, color: COLORS.heading },
  table: { fontSize: 8 },
  fieldLabel: { color: COLORS.label },
  calcPart: { fontSize: 8.5, bold: true, margin: [0, 4, 0, 1] },
  calcLine: { fontSize: 8, color: '#333333', margin: [8, 0, 0, 1] },
  calcResult: { fontSize: 8, bold: true, margin: [8, 0, 0, 2] },
  // the list documents (mass list, variant comparison)
  listTitle: { fontSize: 16, bold: true, margin: [0, 0, 0, 8] },
  listHeader: { bold: true, fillColor: COLORS.headerFill },
  groupHeading: { bold: true, fillColor: COLORS.groupFill, margin: [0, 3, 0, 1] },
  longText: { fontSize: 7, color: COLORS.note },
  difference: { fontSize: 7, color: COLORS.note },
  sum: { bold: true },
  total: { bold: true, fontSize: 9 },
  notesHeading: { bold: true, margin: [0, 12, 0, 4] },
  listFooter: { fontSize: 7, color: COLORS.note },
} as const satisfies Record<string, PdfNode>;

export type DocumentStyle = keyof typeof DOCUMENT_STYLES;

/** The styles a document uses, picked from {@link DOCUMENT_STYLES}. */
export function documentStyles<K extends DocumentStyle>(names: readonly K[]): Readonly<Record<K, PdfNode>> {
  const styles: Partial<Record<K, PdfNode>> = {};
  for (const n of names) styles[n] = DOCUMENT_STYLES[n];
  return styles as Record<K, PdfNode>;
}

/** The default text style: the report's and data sheet's 9 pt, the list documents' 8 pt. */
export const DEFAULT_STYLE = {
  report: { font: 'Roboto', fontSize: 9, lineHeight: 1.15 },
  list: { fontSize: 8, lineHeight: 1.15 },
} as const;

/** A pdfmake document definition of a list document (the subset used here; plain data, JSON-serialisable). */
export interface PdfDocumentDefinition {
  readonly pageSize: 'A4';
  readonly pageOrientation: 'portrait' | 'landscape';
  readonly pageMargins: readonly [number, number, number, number];
  /** `creationDate` is the document's date, so the same document gives the same bytes. */
  readonly info: { readonly title: string; readonly subject: string; readonly creator: string; readonly producer: string; readonly creationDate: Date };
  readonly defaultStyle: { readonly fontSize: number; readonly lineHeight: number };
  readonly styles: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
  readonly footer: PdfNode;
  readonly content: readonly PdfNode[];
}

/**
 * The page frame of a list document (mass list, variant comparison): A4 in the given orientation,
 * the list margins and default style, the styles it names, a one-line footer, the content.
 */
export function listDocument(frame: {
  readonly orientation: 'portrait' | 'landscape';
  readonly title: string;
  readonly subject: string;
  readonly date: Date;
  readonly styles: readonly DocumentStyle[];
  readonly footer: string;
  readonly content: readonly PdfNode[];
}): PdfDocumentDefinition {
  return {
    pageSize: 'A4',
    pageOrientation: frame.orientation,
    pageMargins: PAGE_MARGINS.list,
    info: { title: frame.title, subject: frame.subject, creator: 'rainplan', producer: 'rainplan', creationDate: frame.date },
    defaultStyle: DEFAULT_STYLE.list,
    styles: documentStyles([...frame.styles, 'listFooter']),
    footer: { text: frame.footer, style: 'listFooter', margin: [PAGE_MARGINS.list[0], 20, PAGE_MARGINS.list[2], 0] },
    content: frame.content,
  };
}

/** The SVG's own size in points, scaled down (never up) to fit the box. */
export function svgSize(svg: string, maxWidth: number, maxHeight: number): { width: number; height: number } {
  const attr = (name: string): number | undefined => {
    const m = new RegExp(`<svg[^>]*\\s${name}="([0-9.]+)"`).exec(svg);
    const v = m === null ? undefined : Number(m[1]);
    return v !== undefined && Number.isFinite(v) && v > 0 ? v : undefined;
  };
  const w = attr('width') ?? maxWidth;
  const h = attr('height') ?? maxHeight;
  const scale = Math.min(1, maxWidth / w, maxHeight / h);
  return { width: Math.round(w * scale * 100) / 100, height: Math.round(h * scale * 100) / 100 };
}

/** The head of a document with a branding (docs/branding.md): the logo in its box on the left, the company on the right. */
export function brandHead(branding: Branding, box: { readonly width: number; readonly height: number }, company: PdfNode, margin?: readonly number[]): PdfNode {
  return {
    columns: [{ svg: branding.logoSvg, ...svgSize(branding.logoSvg, box.width, box.height) }, { text: branding.company, alignment: 'right', ...company }],
    ...(margin === undefined ? {} : { margin }),
  };
}

/** The header facts of a list document: bold labels, their values, no borders. */
export function infoTable(rows: readonly { readonly label: string; readonly value: string }[]): PdfNode {
  return {
    table: { widths: ['auto', '*'], body: rows.map(({ label, value }) => [{ text: label, bold: true }, { text: value }]) },
    layout: 'noBorders',
    margin: [0, 0, 0, 10],
  };
}

/**
 * A heading; one that starts a page names the page's orientation (A4 portrait for text, landscape
 * for drawings: planning spec §9), since pdfmake keeps the last orientation for later pages.
 */
export function heading(text: string, level: 1 | 2 | 3, options: { pageBreak?: boolean; toc?: boolean; orientation?: 'portrait' | 'landscape' } = {}): PdfNode {
  return {
    text,
    style: `h${level}`,
    ...(options.toc === false || level === 3 ? {} : { tocItem: true, tocStyle: level === 1 ? 'toc1' : 'toc2', tocMargin: level === 1 ? [0, 4, 0, 0] : [12, 2, 0, 0] }),
    ...(options.pageBreak === true ? { pageBreak: 'before', pageOrientation: options.orientation ?? 'portrait' } : {}),
  };
}

/** A two-column table of label / value rows. */
export function fields(rows: readonly (readonly [string, string | PdfNode])[]): PdfNode {
  return {
    table: { widths: ['45%', '*'], body: rows.map(([k, v]) => [{ text: k, style: 'fieldLabel' }, typeof v === 'string' ? { text: v } : v]) },
    layout: 'lightHorizontalLines',
    margin: [0, 2, 0, 8],
  };
}

/** A data table with a header row; numeric columns right-aligned. */
export function dataTable(header: readonly string[], rows: readonly (readonly (string | PdfNode)[])[], numeric: readonly boolean[], widths?: readonly (string | number)[]): PdfNode {
  const cell = (v: string | PdfNode, i: number): PdfNode => ({ ...(typeof v === 'string' ? { text: v } : v), alignment: numeric[i] === true ? 'right' : 'left' });
  return {
    table: {
      headerRows: 1,
      widths: widths ?? header.map(() => '*'),
      body: [header.map((h, i) => ({ text: h, style: 'tableHeader', alignment: numeric[i] === true ? 'right' : 'left' })), ...rows.map((r) => r.map(cell))],
    },
    layout: 'lightHorizontalLines',
    style: 'table',
    margin: [0, 2, 0, 8],
  };
}

/** A paragraph of text with the documents' spacing. */
export function paragraph(text: string, extra: PdfNode = {}): PdfNode {
  return { text, margin: [0, 2, 0, 6], ...extra };
}

/** A pass / fail / open verdict in its colour. */
export function verdictNode(words: { readonly pass: string; readonly fail: string; readonly open: string }, passing: boolean | undefined): PdfNode {
  if (passing === undefined) return { text: words.open, italics: true };
  return passing ? { text: words.pass, color: COLORS.pass, bold: true } : { text: words.fail, color: COLORS.fail, bold: true };
}
