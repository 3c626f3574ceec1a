/**
 * Document labels: the words of the generated documents (report, mass lists, GAEB texts) live in
 * JSON files beside this loader, one file per document and language (`<doc>.<lang>.json`), so the
 * engine's code stays free of translations (engine/CONTEXT.md,
 * `documents/`; docs/decisions/0120-document-labels-and-numbers.md). The document builders
 * receive a {@link Translate} function; `documentTranslator('report', 'de')` makes one from these
 * files, and an app may pass its own.
 *
 * Numbers are formatted once, here, with the document's language ({@link formatNumber}): decimal
 * comma and dot grouping in German, decimal point and comma grouping in English. The formatter is
 * our own (not Intl) so the browser worker and the CLI produce the same characters byte for byte.
 */
import { Dec } from '../../bom/money.ts';
import reportDe from './report.de.json' with { type: 'json' };
import reportEn from './report.en.json' with { type: 'json' };
import gaebDe from './gaeb.de.json' with { type: 'json' };
import gaebEn from './gaeb.en.json' with { type: 'json' };
import masslistDe from './masslist.de.json' with { type: 'json' };
import masslistEn from './masslist.en.json' with { type: 'json' };
import variantsDe from './variants.de.json' with { type: 'json' };
import variantsEn from './variants.en.json' with { type: 'json' };

/** Languages of the generated documents (the UI's languages). */
export type DocumentLanguage = 'de' | 'en';
export const DOCUMENT_LANGUAGES = ['de', 'en'] as const satisfies readonly DocumentLanguage[];

/** Parameters interpolated into a label's `{{name}}` placeholders. */
export type LabelParams = Readonly<Record<string, string | number>>;

/** Translates a label key; unknown keys come back as the key itself (tests keep the files complete). */
export type Translate = (key: string, params?: LabelParams) => string;

/** A flat table of label keys to texts. */
export type LabelTable = Readonly<Record<string, string>>;

/** The label files known to the loader, by document. Other documents add their import and entry. */
export const DOCUMENT_LABELS = {
  report: { de: reportDe as LabelTable, en: reportEn as LabelTable },
  gaeb: { de: gaebDe as LabelTable, en: gaebEn as LabelTable },
  masslist: { de: masslistDe as LabelTable, en: masslistEn as LabelTable },
  variants: { de: variantsDe as LabelTable, en: variantsEn as LabelTable },
} as const satisfies Record<string, Record<DocumentLanguage, LabelTable>>;

export type LabelledDocument = keyof typeof DOCUMENT_LABELS;

/** Whether a value is one of the document languages. */
export function isDocumentLanguage(value: unknown): value is DocumentLanguage {
  return value === 'de' || value === 'en';
}

/** Replaces `{{name}}` placeholders with the given parameters (unknown placeholders stay). */
export function interpolate(text: string, params?: LabelParams): string {
  if (params === undefined) return text;
  return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => {
    const value = params[name];
    return value === undefined ? whole : String(value);
  });
}

/** A translate function over one label table (falling back to the key). */
export function translator(table: LabelTable): Translate {
  return (key, params) => {
    const text = Object.hasOwn(table, key) ? table[key] : undefined;
    return interpolate(text ?? key, params);
  };
}

/** The translate function of one document's shipped labels in one language. */
export function documentTranslator(document: LabelledDocument, language: DocumentLanguage): Translate {
  return translator(DOCUMENT_LABELS[document][language]);
}

/** Options of {@link formatNumber}. */
export interface NumberFormatOptions {
  /** Digits after the separator (fixed), default 2. */
  readonly decimals?: number;
  /** Group thousands, default true. */
  readonly grouping?: boolean;
}

/**
 * Formats a number for a document: fixed decimals, rounded half away from zero, with the
 * language's separators (`1.234,57` in German, `1,234.57` in English). Non-finite values give
 * an en dash, as do `undefined` and `null`.
 */
export function formatNumber(value: number | undefined | null, language: DocumentLanguage, options: NumberFormatOptions = {}): string {
  if (value === undefined || value === null || !Number.isFinite(value)) return '–';
  const decimals = options.decimals ?? 2;
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 12) throw new RangeError(`decimals ${decimals} outside 0..12`);
  const grouping = options.grouping ?? true;
  const factor = 10 ** decimals;
  // Round half away from zero on the decimal representation (toFixed alone rounds binary values).
  const scaled = Math.round(Math.abs(value) * factor + Number.EPSILON * Math.abs(value) * factor);
  const negative = value < 0 && scaled !== 0;
  const digits = String(scaled).padStart(decimals + 1, '0');
  const intPart = digits.slice(0, digits.length - decimals);
  const fracPart = digits.slice(digits.length - decimals);
  const [groupSep, decimalSep] = language === 'de' ? ['.', ','] : [',', '.'];
  const grouped = grouping ? intPart.replace(/\B(?=(\d{3})+(?!\d))/g, groupSep) : intPart;
  return `${negative ? '-' : ''}${grouped}${decimals > 0 ? decimalSep + fracPart : ''}`;
}

/** Formats a decimal string (e.g. a bill's money `"1234.5"`) with the language's separators, keeping its digits. */
export function formatDecimalString(value: string, language: DocumentLanguage, decimals = 2): string {
  let fixedText: string;
  try {
    fixedText = new Dec(value.trim()).toFixed(decimals, Dec.ROUND_HALF_UP);
  } catch {
    return value;
  }
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(fixedText);
  if (match === null) return value;
  const [, sign = '', int = '0', fixed = ''] = match;
  const [groupSep, decimalSep] = language === 'de' ? ['.', ','] : [',', '.'];
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, groupSep);
  return `${sign}${grouped}${decimals > 0 ? decimalSep + fixed : ''}`;
}

/** Formats a date (UTC calendar day) for a document: `25.11.2026` in German, `2026-11-25` in English. */
export function formatDate(date: Date, language: DocumentLanguage): string {
  const y = String(date.getUTCFullYear()).padStart(4, '0');
  const m = String(date.getUTCMonth() + 1).padStart(2, '0');
  const d = String(date.getUTCDate()).padStart(2, '0');
  return language === 'de' ? `${d}.${m}.${y}` : `${y}-${m}-${d}`;
}

const SUPERSCRIPT: Readonly<Record<string, string>> = { '0': '⁰', '1': '¹', '2': '²', '3': '³', '4': '⁴', '5': '⁵', '6': '⁶', '7': '⁷', '8': '⁸', '9': '⁹', '-': '⁻' };

/** A number's text in Unicode superscript characters (`-5` → `⁻⁵`), for exponents in a document's running text. */
export function superscript(text: string): string {
  return Array.from(text, (ch) => SUPERSCRIPT[ch] ?? ch).join('');
}

/**
 * A value in the form `x · 10⁻ʸ` with the exponent typeset in superscript (k_f = 5,67 · 10⁻⁵ m/s):
 * the mantissa with `decimals` digits in the language, the exponent `-y` (an integer exponent
 * without decimals, else with two).
 */
export function formatPowerOfTen(mantissa: number | undefined | null, negativeExponent: number | undefined | null, language: DocumentLanguage, decimals = 2): string {
  if (mantissa === undefined || mantissa === null || negativeExponent === undefined || negativeExponent === null) return '–';
  if (!Number.isFinite(mantissa) || !Number.isFinite(negativeExponent)) return '–';
  const exponent = formatNumber(-negativeExponent, language, { decimals: Number.isInteger(negativeExponent) ? 0 : 2, grouping: false });
  return `${formatNumber(mantissa, language, { decimals })} · 10${superscript(exponent)}`;
}

/**
 * A small value (an infiltration rate, m/s) in scientific notation `m · 10ⁿ` with a typeset
 * exponent: 3 significant digits by default (`2,84 · 10⁻⁵`); 0 prints as `0`.
 */
export function formatScientific(value: number | undefined | null, language: DocumentLanguage, significant = 3): string {
  if (value === undefined || value === null || !Number.isFinite(value)) return '–';
  if (value === 0) return '0';
  let exponent = Math.floor(Math.log10(Math.abs(value)));
  let mantissa = value / 10 ** exponent;
  // rounding may carry to 10,0: renormalise
  if (Math.abs(Number(mantissa.toFixed(significant - 1))) >= 10) {
    exponent += 1;
    mantissa = value / 10 ** exponent;
  }
  if (exponent === 0) return formatNumber(mantissa, language, { decimals: significant - 1 });
  return `${formatNumber(mantissa, language, { decimals: significant - 1 })} · 10${superscript(String(exponent))}`;
}

/** Longest name a document prints where a name heads a column, a page or a drawing (planning spec §9: 25 characters). */
export const HEADING_NAME_MAX = 25;

/**
 * A name cut to {@link HEADING_NAME_MAX} characters plus an ellipsis where it heads a column, a
 * page or a drawing (planning spec §9 "Report layout"); shorter names stay as they are. Counts
 * characters (code points), never cuts a character in two, and trims a space before the ellipsis.
 */
export function headingName(name: string, max = HEADING_NAME_MAX): string {
  const chars = Array.from(name.trim());
  if (chars.length <= max) return chars.join('');
  return `${chars.slice(0, max).join('').trimEnd()}…`;
}
