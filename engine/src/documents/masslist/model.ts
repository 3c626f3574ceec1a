/**
 * The mass-list document model: one pure description of a mass list (title, project data,
 * columns, groups with their lines and subtotals, grand total, notes) built from the engine's
 * decimal bill (`@rainplan/engine/bom`). The Excel writer ({@link writeMassListWorkbook}) and the
 * pdfmake definition ({@link massListPdf}) both render this model, so the two files of one list
 * carry the same words and figures (spec §2 "Documents page", §3 "Product line";
 * docs/documents.md "Mass lists").
 *
 * Figures are never recomputed: quantities, unit prices, line totals, group totals and the grand
 * total are the bill's decimal strings, carried as number cells (`value`) together with their text
 * in the document's language (`text`, decimal comma in German).
 */
import type { BillIssue, BillOfMaterials, GroupBy, MassListGroup, ProductLine } from '../../bom/types.ts';
import { formatDate, formatDecimalString, type DocumentLanguage, type Translate } from '../labels/index.ts';

/** What a mass list covers: the whole project (grouped as its bill says), one measure or one configuration. */
export type MassListScope =
  | { readonly kind: 'project' }
  | { readonly kind: 'measure'; readonly name: string }
  | { readonly kind: 'configuration'; readonly name: string };

/** Input of {@link massListModel}. */
export interface MassListDocumentInput {
  /** The engine's bill (`projectMassList`, `measureMassList`, `configurationBill`, or the API's mass-list data). */
  readonly bill: BillOfMaterials;
  readonly projectName: string;
  readonly scope: MassListScope;
  /** The date printed on the list (its UTC calendar day). */
  readonly date: Date;
  /** Labels of the `masslist` document (`documentTranslator('masslist', language)` or the app's own). */
  readonly t: Translate;
  /** Language of the number and date formats (default: the bill's language). */
  readonly language?: DocumentLanguage | undefined;
}

/** The columns of a mass list, in order. Prices only in a list with prices. */
export const MASS_LIST_COLUMNS = ['position', 'materialNumber', 'orderNumber', 'text', 'longText', 'quantity', 'unit', 'unitPrice', 'totalPrice'] as const;
export type MassListColumnKey = (typeof MASS_LIST_COLUMNS)[number];

export interface MassListColumn {
  readonly key: MassListColumnKey;
  readonly header: string;
  /** How the column's cells are written: text, a quantity (decimals as the value has them) or money (2 decimals). */
  readonly kind: 'text' | 'quantity' | 'money';
  /** Width in characters (Excel); the PDF derives its own. */
  readonly width: number;
}

/** A number cell: the bill's decimal string, how many decimals to show, and its text in the document's language. */
export interface MassListNumber {
  readonly value: string;
  readonly decimals: number;
  readonly text: string;
}

/** A cell of a line: text, a number, or empty. */
export type MassListCell = { readonly type: 'text'; readonly text: string } | ({ readonly type: 'number' } & MassListNumber) | null;

/** One product line: one cell per column of {@link MassListModel.columns}. */
export interface MassListRow {
  readonly cells: readonly MassListCell[];
  /** The bill's line it shows. */
  readonly line: ProductLine;
}

export interface MassListSection {
  /** The group's heading; null when the list is not grouped. */
  readonly heading: string | null;
  readonly group: MassListGroup;
  readonly rows: readonly MassListRow[];
  /** The group's total (the bill's), with prices in a grouped list; else null. */
  readonly subtotal: { readonly label: string; readonly amount: MassListNumber } | null;
}

/** The mass-list document model. */
export interface MassListModel {
  readonly language: DocumentLanguage;
  /** The date printed on the list (also the files' creation date, so equal input gives equal files). */
  readonly date: Date;
  /** The date in the document's language. */
  readonly dateText: string;
  readonly projectName: string;
  readonly title: string;
  /** Worksheet name (at most 31 characters, none of `[]:*?/\`). */
  readonly sheetName: string;
  /** Project, scope, grouping, date, prices: label and value. */
  readonly info: readonly { readonly label: string; readonly value: string }[];
  readonly columns: readonly MassListColumn[];
  readonly sections: readonly MassListSection[];
  /** The bill's grand total with prices; null without prices. */
  readonly total: { readonly label: string; readonly amount: MassListNumber } | null;
  readonly prices: boolean;
  readonly currency: string;
  /** A line to show when the list has no product at all; null otherwise. */
  readonly emptyText: string | null;
  /** What the data left out (the bill's issues), translated; the heading is null without issues. */
  readonly notes: { readonly heading: string | null; readonly lines: readonly string[] };
}

const COLUMN_KIND: Record<MassListColumnKey, MassListColumn['kind']> = {
  position: 'text',
  materialNumber: 'text',
  orderNumber: 'text',
  text: 'text',
  longText: 'text',
  quantity: 'quantity',
  unit: 'text',
  unitPrice: 'money',
  totalPrice: 'money',
};

const COLUMN_WIDTH: Record<MassListColumnKey, number> = {
  position: 7,
  materialNumber: 12,
  orderNumber: 16,
  text: 42,
  longText: 60,
  quantity: 11,
  unit: 8,
  unitPrice: 14,
  totalPrice: 16,
};

/** Decimals of a decimal string ("12" → 0, "2.50" → 2). */
function decimalsOf(value: string): number {
  const dot = value.indexOf('.');
  return dot < 0 ? 0 : value.length - dot - 1;
}

/** A number cell from a bill's decimal string: quantities keep their own decimals (at most 3), money has 2. */
export function massListNumber(value: string, kind: 'quantity' | 'money', language: DocumentLanguage): MassListNumber {
  if (!/^-?\d+(\.\d+)?$/.test(value)) throw new TypeError(`not a decimal string: ${JSON.stringify(value)}`);
  // Quantities: strip trailing zeros of the fraction, so "24.000" shows as 24.
  const normalised = kind === 'quantity' && value.includes('.') ? value.replace(/0+$/, '').replace(/\.$/, '') : value;
  const decimals = kind === 'money' ? 2 : decimalsOf(normalised);
  return { value: normalised, decimals, text: formatDecimalString(normalised, language, decimals) };
}

/** A worksheet name Excel accepts: forbidden characters replaced, at most 31 characters, never empty. */
export function sheetName(name: string): string {
  const cleaned = name.replace(/[[\]:*?/\\]/g, ' ').replace(/^'+|'+$/g, '').trim().slice(0, 31).trim();
  return cleaned === '' ? 'Sheet1' : cleaned;
}

function issueText(issue: BillIssue, t: Translate, owners: ReadonlyMap<string, string>): string {
  const message = t(`issue.${issue.code}`, issue.params);
  const owner = issue.ownerId === null ? undefined : owners.get(issue.ownerId);
  return owner === undefined ? message : t('issue.at', { message, owner });
}

/**
 * The document model of a mass list.
 *
 * @example
 * const bill = projectMassList(project, catalogue, { groupBy: 'measure', prices: true, language: 'de' });
 * const model = massListModel({ bill, projectName: project.project.name, scope: { kind: 'project' }, date: new Date(), t: documentTranslator('masslist', 'de') });
 * model.total?.amount; // { value: '10234.50', decimals: 2, text: '10.234,50' }
 */
export function massListModel(input: MassListDocumentInput): MassListModel {
  const { bill, t, scope } = input;
  const language = input.language ?? bill.language;
  const prices = bill.totalPrice !== null;
  const currency = bill.currency;
  const keys = MASS_LIST_COLUMNS.filter((k) => prices || (k !== 'unitPrice' && k !== 'totalPrice'));
  const columns: MassListColumn[] = keys.map((key) => ({ key, header: t(`column.${key}`, { currency }), kind: COLUMN_KIND[key], width: COLUMN_WIDTH[key] }));
  const groupBy: GroupBy = bill.groupBy;
  // Groups get headings and subtotals in a project list grouped by measure or configuration.
  const grouped = scope.kind === 'project' && groupBy !== 'none';

  const sections: MassListSection[] = bill.massListGroups.map((group) => {
    const rows = group.lines.map((line, i): MassListRow => {
      const position = grouped ? `${group.order}.${i + 1}` : String(i + 1);
      const cell = (key: MassListColumnKey): MassListCell => {
        switch (key) {
          case 'position':
            return { type: 'text', text: position };
          case 'materialNumber':
            return { type: 'text', text: line.materialNumber };
          case 'orderNumber':
            return line.orderNumber === null || line.orderNumber === '' ? null : { type: 'text', text: line.orderNumber };
          case 'text':
            return { type: 'text', text: line.text };
          case 'longText':
            return line.longText === null || line.longText === '' ? null : { type: 'text', text: line.longText };
          case 'quantity':
            return { type: 'number', ...massListNumber(line.quantity, 'quantity', language) };
          case 'unit':
            return { type: 'text', text: line.unit };
          case 'unitPrice':
            return line.unitPrice === null ? null : { type: 'number', ...massListNumber(line.unitPrice, 'money', language) };
          case 'totalPrice':
            return line.totalPrice === null ? null : { type: 'number', ...massListNumber(line.totalPrice, 'money', language) };
        }
      };
      return { cells: keys.map(cell), line };
    });
    const heading = grouped ? t(`group.${group.systemType}`, { name: group.groupName }) : null;
    const subtotal = grouped && group.totalPrice !== null ? { label: t('subtotal', { name: group.groupName }), amount: massListNumber(group.totalPrice, 'money', language) } : null;
    return { heading, group, rows, subtotal };
  });

  const scopeText = scope.kind === 'project' ? t('scope.project') : t(`scope.${scope.kind}`, { name: scope.name });
  const info = [
    { label: t('info.project'), value: input.projectName },
    { label: t('info.scope'), value: scopeText },
    ...(scope.kind === 'project' ? [{ label: t('info.grouping'), value: t(`grouping.${groupBy}`) }] : []),
    { label: t('info.date'), value: formatDate(input.date, language) },
    ...(prices ? [{ label: t('info.prices'), value: t('prices.note', { currency }) }] : []),
  ];

  const owners = new Map<string, string>();
  for (const g of bill.massListGroups) if (g.ownerId !== null) owners.set(g.ownerId, g.groupName);
  const issueLines = bill.issues.map((i) => issueText(i, t, owners));
  const empty = bill.massListGroups.every((g) => g.lines.length === 0);

  return {
    language,
    date: input.date,
    dateText: formatDate(input.date, language),
    projectName: input.projectName,
    title: t(prices ? 'title.prices' : 'title.plain'),
    sheetName: sheetName(t('sheet.name')),
    info,
    columns,
    sections,
    total: bill.totalPrice === null ? null : { label: t('total'), amount: massListNumber(bill.totalPrice, 'money', language) },
    prices,
    currency,
    emptyText: empty ? t('empty') : null,
    notes: { heading: issueLines.length > 0 ? t('issues.heading') : null, lines: issueLines },
  };
}

/**
 * The file name of a mass list without extension, safe on every file system:
 * `Massenliste_<project>[_<measure or configuration>][_mit-Preisen]`.
 */
export function massListFileName(input: { readonly projectName: string; readonly scope: MassListScope; readonly prices: boolean; readonly groupBy?: GroupBy | undefined; readonly t: Translate }): string {
  const safe = (s: string) =>
    s
      .normalize('NFC')
      .replace(/[\\/:*?"<>|]+/g, '')
      .replace(/\p{Cc}+/gu, '')
      .replace(/\s+/g, '-')
      .replace(/^[.-]+|[.-]+$/g, '')
      .slice(0, 60);
  const parts = [input.t('file.masslist'), safe(input.projectName)];
  if (input.scope.kind !== 'project') parts.push(safe(input.scope.name));
  else if (input.groupBy !== undefined && input.groupBy !== 'none') parts.push(safe(input.t(`grouping.${input.groupBy}`)));
  if (input.prices) parts.push(input.t('file.prices'));
  return parts.filter((p) => p !== '').join('_');
}
