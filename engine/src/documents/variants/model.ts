/**
 * The comparison of a measure's variants as a document (issue 19 part 2, decision 0142): one model
 * of formatted cells in the document's language, built from `compareVariants`, from which the
 * PDF (`variantComparisonPdf`) and the CLI's text table are made, so both carry the same words and
 * figures. Labels: `labels/variants.{de,en}.json`; numbers as decision 0120 formats them.
 */
import type { VariantComparison, VariantComparisonRow, VariantFigures } from '../../variants/compare.ts';
import { VARIANT_FIGURE_DECIMALS } from '../../variants/figures.ts';
import { documentTranslator, formatDate, formatDecimalString, formatNumber, type DocumentLanguage, type Translate } from '../labels/index.ts';

/** Input of {@link variantComparisonModel}. */
export interface VariantComparisonDocumentInput {
  readonly comparison: VariantComparison;
  readonly projectName: string;
  /** The date printed on the document (its UTC calendar day; also the PDF's creation date). */
  readonly date: Date;
  readonly language: DocumentLanguage;
  /** Labels; default the engine's `variants` labels of `language`. */
  readonly t?: Translate | undefined;
}

/** Keys of the comparison's columns, in their order. */
export const VARIANT_COMPARISON_COLUMNS = [
  'variant',
  'type',
  'requiredVolume',
  'availableVolume',
  'requiredLength',
  'footprint',
  'depth',
  'drainingTime',
  'floodingExtra',
  'verdict',
  'upperBand',
  'billTotal',
] as const;
export type VariantComparisonColumnKey = (typeof VARIANT_COMPARISON_COLUMNS)[number];

export interface VariantComparisonColumn {
  readonly key: VariantComparisonColumnKey;
  readonly header: string;
  /** Figures are right-aligned. */
  readonly numeric: boolean;
}

/** One cell: the text and, for figures of a variant that is not chosen, the signed difference to the chosen one. */
export interface VariantComparisonCell {
  readonly text: string;
  readonly difference: string | null;
}

export interface VariantComparisonModelRow {
  readonly chosen: boolean;
  readonly variantId: string | null;
  readonly cells: readonly VariantComparisonCell[];
}

/** The document model of a variant comparison. */
export interface VariantComparisonModel {
  readonly title: string;
  readonly language: DocumentLanguage;
  readonly projectName: string;
  readonly measureName: string;
  readonly date: Date;
  readonly dateText: string;
  readonly info: readonly { readonly label: string; readonly value: string }[];
  readonly columns: readonly VariantComparisonColumn[];
  readonly rows: readonly VariantComparisonModelRow[];
  readonly notes: { readonly heading: string; readonly lines: readonly string[] };
  readonly footer: string;
}

/** Decimals of each figure column: the comparison's own (the differences are those of these shown figures, decision 0218). */
const DECIMALS = VARIANT_FIGURE_DECIMALS;

const FIGURE_OF: Partial<Record<VariantComparisonColumnKey, keyof VariantFigures>> = {
  requiredVolume: 'requiredVolumeM3',
  availableVolume: 'availableVolumeM3',
  requiredLength: 'requiredLengthM',
  footprint: 'footprintM2',
  depth: 'depthM',
  drainingTime: 'drainingTimeH',
  floodingExtra: 'floodingExtraVolumeM3',
  billTotal: 'billTotal',
};

/** A signed difference: `+1,23`, `-1,23`, `±0,00` (zero after rounding). */
function signed(text: string): string {
  if (/^-?0+([.,]0+)?$/.test(text)) return `±${text.replace('-', '')}`;
  return text.startsWith('-') ? text : `+${text}`;
}

function figureText(row: VariantFigures, key: keyof VariantFigures, language: DocumentLanguage): string {
  if (key === 'billTotal') return row.billTotal === undefined ? '–' : formatDecimalString(row.billTotal, language);
  return formatNumber(row[key], language, { decimals: DECIMALS[key] });
}

function cellOf(row: VariantComparisonRow, key: VariantComparisonColumnKey, t: Translate, language: DocumentLanguage): VariantComparisonCell {
  const figure = FIGURE_OF[key];
  if (figure !== undefined) {
    const text = figureText(row, figure, language);
    const diff = row.differences[figure];
    return { text, difference: row.chosen || diff === undefined || text === '–' ? null : signed(figureText(row.differences, figure, language)) };
  }
  switch (key) {
    case 'variant':
      return { text: row.chosen ? `${row.name} (${t('chosen')})` : row.name, difference: null };
    case 'type':
      return { text: t(row.type === null ? 'type.none' : `type.${row.type}`), difference: null };
    case 'verdict':
      return { text: t(row.passes === undefined ? 'verdict.open' : row.passes ? 'verdict.pass' : 'verdict.fail'), difference: null };
    case 'upperBand':
      return { text: t(row.coversUpperBand === undefined ? 'band.none' : row.coversUpperBand ? 'band.covered' : 'band.notCovered'), difference: null };
    default:
      return { text: '', difference: null };
  }
}

/**
 * The document model of a variant comparison: header facts, one row per variant (the chosen one
 * first, marked), every figure in the document's language with the signed difference to the
 * chosen variant, and the notes.
 *
 * @example
 * const model = variantComparisonModel({ comparison: compareVariants(project, 'm1', { catalogue }), projectName: 'Halle 3', date: new Date(), language: 'de' });
 * model.rows[1].cells[2]; // { text: '7,64', difference: '-6,27' }
 */
export function variantComparisonModel(input: VariantComparisonDocumentInput): VariantComparisonModel {
  const { comparison: c, language } = input;
  const t = input.t ?? documentTranslator('variants', language);
  const currency = c.currency ?? '';
  const dateText = formatDate(input.date, language);
  const rain = c.rainDataset;
  const rainText =
    rain === null ? t('info.rainNone') : rain.edition === 'custom' ? t('info.rainCustom') : rain.cell == null ? rain.edition : t('info.rainCell', { edition: rain.edition, cell: rain.cell });
  const columns = VARIANT_COMPARISON_COLUMNS.map((key) => ({ key, header: t(`column.${key}`, { currency }), numeric: FIGURE_OF[key] !== undefined }));
  const notes = [t('notes.difference'), t('notes.dimensions'), t('notes.verdict')];
  if (c.billUnavailableReason === null) notes.push(t('notes.bill'));
  for (const r of c.rows) if (r.billIssues.length > 0) notes.push(t('notes.billIssues', { name: r.name, count: r.billIssues.length }));
  return {
    title: t('title'),
    language,
    projectName: input.projectName,
    measureName: c.measureName,
    date: input.date,
    dateText,
    info: [
      { label: t('info.project'), value: input.projectName },
      { label: t('info.measure'), value: c.measureName },
      { label: t('info.date'), value: dateText },
      { label: t('info.ruleEdition'), value: c.ruleEdition },
      { label: t('info.rain'), value: rainText },
      { label: t('info.prices'), value: c.billUnavailableReason === null ? t('info.pricesNet', { currency }) : t('info.pricesNone') },
    ],
    columns,
    rows: c.rows.map((r) => ({ chosen: r.chosen, variantId: r.variantId, cells: VARIANT_COMPARISON_COLUMNS.map((key) => cellOf(r, key, t, language)) })),
    notes: { heading: t('notes.heading'), lines: notes },
    footer: t('footer', { project: input.projectName, measure: c.measureName, date: dateText }),
  };
}

/** File name of the comparison: `Variantenvergleich_<measure>_<YYYY-MM-DD>.<ext>` (German) or `Variant-comparison_…` (English), unsafe characters replaced. */
export function variantComparisonFileName(measureName: string, date: Date, language: DocumentLanguage, extension: 'pdf' | 'json' | 'txt' = 'pdf'): string {
  const safe = measureName.replace(/[^\p{L}\p{N}._-]+/gu, '_').replace(/^_+|_+$/g, '').slice(0, 80) || 'measure';
  const day = date.toISOString().slice(0, 10);
  return `${language === 'de' ? 'Variantenvergleich' : 'Variant-comparison'}_${safe}_${day}.${extension}`;
}
