/**
 * Types of the service catalogue (Leistungsverzeichnis) writers: GAEB DA XML 3.3 X81 / X82 and
 * GAEB 90 D81 / D82 (planning spec §7 Documents "serviceCatalogue", docs/documents.md "Service
 * catalogue / tender texts (GAEB)").
 */
import type { Language } from '../../bom/types.ts';
import type { MessageKeys, Problem } from '../../problems.ts';

/** GAEB data phase: 81 bill of quantities without prices (Leistungsbeschreibung), 82 with prices (Kostenanschlag). */
export type GaebPhase = 81 | 82;
export const GAEB_PHASES = [81, 82] as const satisfies readonly GaebPhase[];

/** File family: GAEB DA XML 3.3 (X81/X82) or GAEB 90 fixed-width text (D81/D82). */
export type GaebFormat = 'xml' | 'gaeb90';
export const GAEB_FORMATS = ['xml', 'gaeb90'] as const satisfies readonly GaebFormat[];

/**
 * The `gaebFileType` values of `GET /Documents/{projectId}/serviceCatalogue`: the spec's
 * Gaebd81 / Gaebd82 (GAEB 90) plus one per XML phase.
 */
export const GAEB_FILE_TYPES = ['Gaebd81', 'Gaebd82', 'GaebX81', 'GaebX82'] as const;
export type GaebFileType = (typeof GAEB_FILE_TYPES)[number];

/** Phase and format of a `gaebFileType`. */
export function gaebFileTypeOf(fileType: GaebFileType): { readonly phase: GaebPhase; readonly format: GaebFormat } {
  return { phase: fileType.endsWith('82') ? 82 : 81, format: fileType.startsWith('GaebX') ? 'xml' : 'gaeb90' };
}

/**
 * The ordinal number (OZ) mask: a group part and an item part, both numeric, right-aligned with
 * leading zeros ("01.0010"). Items are numbered in steps of `itemStep` (10 leaves room to insert
 * items by hand). The writer widens a part when the bill needs more digits (decision 0115).
 */
export interface OrdinalMask {
  readonly groupDigits: number;
  readonly itemDigits: number;
  readonly itemStep: number;
}

/** Group 2 digits, item 4 digits in steps of 10 (GAEB 90's customary 11PPPP). */
export const DEFAULT_ORDINAL_MASK: OrdinalMask = { groupDigits: 2, itemDigits: 4, itemStep: 10 };

/** One item (Position) of the bill of quantities. */
export interface BoqItem {
  /** Ordinal number with a dot between the parts ("01.0010"). */
  readonly ordinal: string;
  /** The item part of the ordinal number ("0010"). */
  readonly itemPart: string;
  /** Short text (Kurztext): the product's name. */
  readonly shortText: string;
  /** Long text (Langtext) paragraphs: the product's long text, then its article number. */
  readonly longText: readonly string[];
  readonly materialNumber: string;
  /** Quantity with exactly 3 decimals ("12.000"). */
  readonly quantity: string;
  /** Unit, at most 4 characters (GAEB's QU). */
  readonly unit: string;
  /** Unit price with 2 decimals; null in phase 81. */
  readonly unitPrice: string | null;
  /** Total of the item (the bill's line total) with 2 decimals; null in phase 81. */
  readonly totalPrice: string | null;
}

/** One group (LV-Bereich / Titel): a measure or a configuration. */
export interface BoqGroup {
  /** The group part of the ordinal number ("01"). */
  readonly ordinal: string;
  readonly title: string;
  readonly systemType: 'project' | 'measure' | 'configuration';
  readonly ownerId: string | null;
  readonly items: readonly BoqItem[];
  /** Exact sum of the item totals (2 decimals); null in phase 81. */
  readonly totalPrice: string | null;
}

/** The bill of quantities both writers print. */
export interface Boq {
  readonly phase: GaebPhase;
  readonly language: Language;
  readonly mask: OrdinalMask;
  readonly groups: readonly BoqGroup[];
  readonly itemCount: number;
  /** Grand total (2 decimals); null in phase 81. */
  readonly totalPrice: string | null;
  readonly currency: string;
  readonly issues: readonly GaebIssue[];
}

/** Codes of what a writer had to change in the data to fit the format (never thrown). */
export const GAEB_ISSUE_CODES = [
  /** A unit longer than 4 characters was abbreviated or cut. */
  'UNIT_SHORTENED',
  /** Characters outside GAEB 90's code page 850 became "?". */
  'CHARACTERS_REPLACED',
  /** A text longer than its field was cut. */
  'TEXT_SHORTENED',
] as const;
export type GaebIssueCode = (typeof GAEB_ISSUE_CODES)[number];

/** Something a writer had to change to fit the format (message key `gaeb.<code in camelCase>`). */
export interface GaebIssue extends Problem<GaebIssueCode> {
  readonly severity: 'warning';
  /** The item's ordinal number, or null for the header. */
  readonly ordinal: string | null;
  readonly params: Readonly<Record<string, string | number>>;
}

export const GAEB_ISSUE_MESSAGE_KEYS = {
  UNIT_SHORTENED: 'gaeb.unitShortened',
  CHARACTERS_REPLACED: 'gaeb.charactersReplaced',
  TEXT_SHORTENED: 'gaeb.textShortened',
} as const satisfies MessageKeys<GaebIssueCode>;

export function gaebIssue(code: GaebIssueCode, ordinal: string | null, params: Record<string, string | number> = {}): GaebIssue {
  return { code, messageKey: GAEB_ISSUE_MESSAGE_KEYS[code], severity: 'warning', ordinal, params };
}

/** Codes of {@link GaebError}. */
export const GAEB_ERROR_CODES = [
  /** More groups or items than the largest ordinal number mask of the format can number. */
  'GAEB_ORDINAL_OVERFLOW',
  /** A quantity or amount does not fit its field (GAEB 90 columns or the XSD's digits). */
  'GAEB_FIELD_OVERFLOW',
  /** A bad argument: phase, format, date, mask, or a bill without prices for phase 82. */
  'GAEB_INVALID_ARGUMENT',
] as const;
export type GaebErrorCode = (typeof GAEB_ERROR_CODES)[number];

/** Misuse or data a GAEB file cannot hold; `messageKey` is `gaebError.<code>`. */
export class GaebError extends Error {
  override readonly name = 'GaebError';
  readonly code: GaebErrorCode;
  readonly messageKey: string;
  readonly params: Readonly<Record<string, string | number>>;

  constructor(code: GaebErrorCode, message: string, params: Record<string, string | number> = {}) {
    super(message);
    this.code = code;
    this.messageKey = `gaebError.${code}`;
    this.params = params;
  }
}
