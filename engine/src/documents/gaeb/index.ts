/**
 * Service catalogue (Leistungsverzeichnis, tender texts) as GAEB files: GAEB DA XML 3.3 X81 / X82
 * and GAEB 90 D81 / D82 (planning spec §7 Documents "serviceCatalogue", `gaebFileType`; design
 * docs/documents.md "Service catalogue / tender texts (GAEB)"; decisions 0115–0117).
 *
 * Pure: the caller passes the date (the engine reads no clock) and gets text and bytes back; the
 * apps only write files or answer requests.
 *
 * @example
 * const file = serviceCatalogue(project, catalogue, { phase: 82, format: 'gaeb90', language: 'de', date: '2026-11-25' });
 * file.fileName; // 'Musterhaus.D82'
 * file.bytes;    // Uint8Array, code page 850, 80 characters + CR LF per line
 */
import type { Catalogue } from '../../catalogue/catalogue.ts';
import { projectMassList } from '../../bom/massList.ts';
import type { BillIssue, BillOfMaterials, Language } from '../../bom/types.ts';
import type { Project } from '../../model/project.ts';
import { documentTranslator, type Translate } from '../labels/index.ts';
import { boqFromBill, MAX_ORDINAL_DIGITS } from './boq.ts';
import { encodeUtf8 } from './cp850.ts';
import { writeGaeb90 } from './gaeb90.ts';
import { headerOf, type GaebHeader } from './header.ts';
import { writeGaebXml } from './xml.ts';
import { GaebError, type Boq, type GaebFormat, type GaebIssue, type GaebPhase, type OrdinalMask } from './types.ts';

export { boqFromBill, fitMask, gaebUnit, maskNotation, MAX_ORDINAL_DIGITS, type BoqOptions } from './boq.ts';
export { CP850_HIGH, decodeCp850, encodeCp850, encodeUtf8, isCp850, toCp850Text } from './cp850.ts';
export { GAEB90_LAYOUT, GAEB90_RECORD_TYPES, impliedDecimal, wrap, writeGaeb90, type Gaeb90Field, type Gaeb90File } from './gaeb90.ts';
export { checkDate, headerOf, type GaebClient, type GaebHeader } from './header.ts';
export { escapeXml, gaebXmlNamespace, writeGaebXml } from './xml.ts';
export {
  DEFAULT_ORDINAL_MASK,
  GAEB_ERROR_CODES,
  GAEB_FILE_TYPES,
  GAEB_FORMATS,
  GAEB_ISSUE_CODES,
  GAEB_ISSUE_MESSAGE_KEYS,
  GAEB_PHASES,
  GaebError,
  gaebFileTypeOf,
  type Boq,
  type BoqGroup,
  type BoqItem,
  type GaebErrorCode,
  type GaebFileType,
  type GaebFormat,
  type GaebIssue,
  type GaebIssueCode,
  type GaebPhase,
  type OrdinalMask,
} from './types.ts';

export interface GaebFileOptions {
  readonly phase: GaebPhase;
  readonly format: GaebFormat;
  /** Date of the file, ISO `YYYY-MM-DD`. */
  readonly date: string;
  /** Declared ordinal number mask (default group 2 + item 4 digits, items in steps of 10). */
  readonly mask?: OrdinalMask | undefined;
  /** Labels (default: the shipped `gaeb` labels in the bill's language). */
  readonly translate?: Translate | undefined;
}

/** A GAEB file, ready to be written or sent. */
export interface GaebFile {
  /** `<project>.X81`, `.X82`, `.D81` or `.D82` (ASCII letters, digits, "-", "_" only). */
  readonly fileName: string;
  readonly mimeType: string;
  /** X81/X82: the UTF-8 bytes of the XML; D81/D82: code page 850 bytes. */
  readonly bytes: Uint8Array;
  /** The file as text (XML, or the GAEB 90 lines joined with CR LF). */
  readonly text: string;
  readonly boq: Boq;
  /** What had to be shortened or replaced to fit the format. */
  readonly issues: readonly GaebIssue[];
}

const EXTENSION = { xml: 'X', gaeb90: 'D' } as const;
/** Content types: XML, and GAEB 90 as text in IBM code page 850. */
export const GAEB_MIME_TYPES = { xml: 'application/xml', gaeb90: 'text/plain; charset=IBM850' } as const;

const UMLAUTS: Readonly<Record<string, string>> = { ä: 'ae', ö: 'oe', ü: 'ue', Ä: 'Ae', Ö: 'Oe', Ü: 'Ue', ß: 'ss' };

/** A portable file name for a project: umlauts spelled out, other characters "_", at most 60 characters. */
export function gaebFileName(projectName: string, phase: GaebPhase, format: GaebFormat): string {
  const base = projectName
    .replace(/[äöüÄÖÜß]/g, (c) => UMLAUTS[c]!)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9_-]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 60);
  return `${base === '' ? 'service-catalogue' : base}.${EXTENSION[format]}${phase}`;
}

/** Writes a bill of materials as a GAEB file (the bill's language decides the texts). */
export function gaebFileOfBill(bill: BillOfMaterials, header: GaebHeader, options: GaebFileOptions): GaebFile {
  if (options.format !== 'xml' && options.format !== 'gaeb90') {
    throw new GaebError('GAEB_INVALID_ARGUMENT', `unknown GAEB format ${String(options.format)} (xml or gaeb90)`, { format: String(options.format) });
  }
  const t = options.translate ?? documentTranslator('gaeb', bill.language);
  const boq = boqFromBill(bill, { phase: options.phase, translate: t, mask: options.mask, maxOrdinalDigits: MAX_ORDINAL_DIGITS[options.format] });
  const dated = { ...header, date: options.date };
  const fileName = gaebFileName(header.projectName, options.phase, options.format);
  if (options.format === 'xml') {
    const { xml, issues } = writeGaebXml(boq, dated, t);
    return { fileName, mimeType: GAEB_MIME_TYPES.xml, bytes: encodeUtf8(xml), text: xml, boq, issues: [...boq.issues, ...issues] };
  }
  const file = writeGaeb90(boq, dated, t);
  return { fileName, mimeType: GAEB_MIME_TYPES.gaeb90, bytes: file.bytes, text: file.lines.map((l) => l + '\r\n').join(''), boq, issues: [...boq.issues, ...file.issues] };
}

export interface ServiceCatalogueOptions extends GaebFileOptions {
  /** Texts of the items (default German). */
  readonly language?: Language | undefined;
  /** Groups (BoQ sections): one per measure (with its configuration) or one per configuration. Default `measure`. */
  readonly groupBy?: 'measure' | 'configuration' | undefined;
}

/**
 * The service catalogue of a project: the project's mass list (with prices, grouped by measure)
 * as a GAEB file. Bill issues (products the catalogue lacks …) come back beside the file.
 */
export function serviceCatalogue(project: Project, catalogue: Catalogue, options: ServiceCatalogueOptions): GaebFile & { readonly billIssues: readonly BillIssue[] } {
  const language = options.language ?? 'de';
  if (language !== 'de' && language !== 'en') throw new GaebError('GAEB_INVALID_ARGUMENT', `unknown language ${String(language)} (de or en)`);
  const bill = projectMassList(project, catalogue, { groupBy: options.groupBy ?? 'measure', prices: true, language });
  const file = gaebFileOfBill(bill, headerOf(project, options.date), options);
  return { ...file, billIssues: bill.issues };
}
