/**
 * Sealed-surface spreadsheet template v1.1: writing (the template download of the upload dialog,
 * and exports of a project's surfaces that {@link parseSurfaceCsv} reads back).
 */
import type { CsvDelimiter } from '../rain/csv.ts';
import type { NewSurface } from './parse.ts';
import {
  SURFACE_TEMPLATE_DRAIN_LABELS,
  SURFACE_TEMPLATE_FIELDS,
  SURFACE_TEMPLATE_HEADERS,
  SURFACE_TEMPLATE_RUNOFF_LABELS,
  SURFACE_TEMPLATE_VERSION,
  type SurfaceTemplateLanguage,
} from './vocabulary.ts';

/**
 * The template as rows of cells: row 1 the version marker and the headers of `language`, then one
 * row per surface (numbers as numbers, runoff types and drains as labels of `language`, the free
 * first column numbered 1, 2, …). What an Excel writer fills into a sheet.
 */
export function surfaceTemplateRows(language: SurfaceTemplateLanguage, surfaces: readonly NewSurface[] = []): (string | number)[][] {
  const lang: SurfaceTemplateLanguage = language === 'en' ? 'en' : 'de';
  const header = [SURFACE_TEMPLATE_VERSION, ...SURFACE_TEMPLATE_FIELDS.map((f) => SURFACE_TEMPLATE_HEADERS[lang][f])];
  const rows = surfaces.map((s, i) => {
    const d = s.data ?? {};
    return [
      i + 1,
      s.name,
      s.value ?? '',
      d.runoff == null ? '' : SURFACE_TEMPLATE_RUNOFF_LABELS[d.runoff][lang],
      d.cm ?? '',
      d.cs ?? '',
      s.drain == null ? '' : SURFACE_TEMPLATE_DRAIN_LABELS[s.drain][lang],
      d.groundPollutionM153 ?? '',
      d.areaGroupA102 ?? '',
    ];
  });
  return [header, ...rows];
}

/** Options of {@link surfaceTemplateCsv}. */
export interface SurfaceTemplateCsvOptions {
  /** Separator (default `;`). */
  readonly delimiter?: CsvDelimiter;
  /** Write numbers with a decimal comma (default: true with `;` or tab, false with `,`). */
  readonly decimalComma?: boolean;
  /** Surfaces to fill in (default: none, the empty template). */
  readonly surfaces?: readonly NewSurface[];
}

/**
 * Writes the template v1.1 as CSV text (CRLF line ends, UTF-8 without byte-order mark): German
 * (`de`, the default language) or English headers and labels; empty, or filled with surfaces
 * (numbers unrounded, so that {@link parseSurfaceCsv} reads them back exactly).
 */
export function surfaceTemplateCsv(language: SurfaceTemplateLanguage = 'de', options: SurfaceTemplateCsvOptions = {}): string {
  const delimiter = options.delimiter ?? ';';
  const decimalComma = options.decimalComma ?? delimiter !== ',';
  const quote = (text: string) =>
    text.includes(delimiter) || text.includes('"') || text.includes('\n') || text.includes('\r') || text !== text.trim() ? `"${text.replaceAll('"', '""')}"` : text;
  const cell = (v: string | number) => quote(typeof v === 'number' ? (decimalComma ? String(v).replace('.', ',') : String(v)) : v);
  return (
    surfaceTemplateRows(language, options.surfaces)
      .map((cells) => cells.map(cell).join(delimiter))
      .join('\r\n') + '\r\n'
  );
}
