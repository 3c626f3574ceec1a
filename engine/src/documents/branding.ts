/**
 * The operator's branding (docs/branding.md): the company name and logo of the report and the
 * mass-list PDFs, the sales-contact directory in four regional columns (planning spec §9 "Report
 * layout"), and the links of the web footer (news, downloads, price list, technical information,
 * CAD drawings, tender texts in German and English, country, social and app-store links, legal
 * links). One file, `branding.json`, beside its logo (an SVG file): the api reads and validates it
 * at start and answers it to the web app; the CLI reads it for the report. Pure: the file's text
 * and the logo's text come in as strings.
 */
import type { MessageKeys, Problem } from '../problems.ts';

/** One person of a region's sales contacts. */
export interface BrandingContact {
  readonly name: string;
  readonly role: string;
  readonly phone: string;
  readonly email: string;
}

/** One region's column of the contact directory. */
export interface BrandingRegion {
  readonly region: string;
  readonly contacts: readonly BrandingContact[];
}

/** A labelled link (social, app store). */
export interface BrandingLink {
  readonly label: string;
  readonly url: string;
}

/** Texts in both UI languages. */
export interface BrandingText {
  readonly de: string;
  readonly en: string;
}

/** The footer's links. */
export interface BrandingLinks {
  readonly news: string;
  readonly downloads: string;
  readonly priceList: string;
  readonly technicalInformation: string;
  readonly cadDrawings: string;
  readonly tenderTextsDe: string;
  readonly tenderTextsEn: string;
  /** The country site (label and url, e.g. "Deutschland"). */
  readonly country: BrandingLink;
  readonly social: readonly BrandingLink[];
  readonly appStores: readonly BrandingLink[];
  readonly imprint: string;
  readonly privacy: string;
  readonly terms: string;
  readonly contact: string;
  readonly website: string;
}

/** The validated branding, with the logo's SVG text. */
export interface Branding {
  readonly company: string;
  /** The provider's address block (footer, report contacts page). */
  readonly address: string;
  /** The logo as SVG text (report cover, mass-list PDFs, web footer). */
  readonly logoSvg: string;
  /** Exactly four regional columns. */
  readonly regions: readonly BrandingRegion[];
  readonly links: BrandingLinks;
  /** A demo branding: its contacts are invented, and the report says so. */
  readonly demo: boolean;
  /** A note printed under the contact directory (the demo's "invented" note), or null. */
  readonly notice: BrandingText | null;
}

/** The file's name in the branding folder. */
export const BRANDING_FILE = 'branding.json';
/** Regions of the contact directory (planning spec §9: four regional columns). */
export const BRANDING_REGIONS = 4;
const MAX_TEXT = 300;
const MAX_CONTACTS = 12;
const MAX_LINKS = 12;
const MAX_LOGO = 200_000;

/** Stable codes of branding errors. */
export const BRANDING_ERROR_CODES = [
  /** branding.json is not JSON. */
  'INVALID_JSON',
  /** A value is missing, of the wrong form or out of bounds. */
  'SCHEMA',
  /** The logo file is not named, not found, no SVG document or too large. */
  'LOGO',
] as const;
export type BrandingErrorCode = (typeof BRANDING_ERROR_CODES)[number];

/** Message key of each branding error code. */
export const BRANDING_ERROR_MESSAGE_KEYS = {
  INVALID_JSON: 'branding.invalidJson',
  SCHEMA: 'branding.schema',
  LOGO: 'branding.logo',
} as const satisfies MessageKeys<BrandingErrorCode>;

/** A branding problem (a `Problem`, ../problems.ts): the JSON path and what is wrong. */
export interface BrandingError extends Problem<BrandingErrorCode> {
  readonly severity: 'error';
  readonly path: string;
  /** What is wrong, in English (the start-up message). */
  readonly message: string;
}

function brandingError(code: BrandingErrorCode, path: string, message: string): BrandingError {
  return { code, severity: 'error', messageKey: BRANDING_ERROR_MESSAGE_KEYS[code], path, message };
}

export type BrandingResult = { readonly ok: true; readonly branding: Branding } | { readonly ok: false; readonly errors: readonly BrandingError[] };

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Reads a branding: `branding.json`'s text (with `logo`: the logo file's name, read by the caller
 * and passed as `logoSvg`). Every string is required, non-blank and bounded; URLs are http(s) or
 * mailto/tel; `regions` has exactly four columns of 1–12 contacts; the logo is an SVG document.
 * Errors name the JSON path, so a start-up message says exactly what to fix.
 */
export function parseBranding(jsonText: string, logoSvg: string | undefined): BrandingResult {
  const errors: BrandingError[] = [];
  let value: unknown;
  try {
    value = JSON.parse(jsonText) as unknown;
  } catch (e) {
    return { ok: false, errors: [brandingError('INVALID_JSON', '$', `not JSON: ${e instanceof Error ? e.message : String(e)}`)] };
  }
  if (!isObj(value)) return { ok: false, errors: [brandingError('SCHEMA', '$', 'must be an object')] };
  const text = (o: Obj, key: string, path: string): string => {
    const v = o[key];
    if (typeof v !== 'string' || v.trim() === '') errors.push(brandingError('SCHEMA', `${path}.${key}`, 'must be a non-empty string'));
    else if (v.length > MAX_TEXT) errors.push(brandingError('SCHEMA', `${path}.${key}`, `at most ${MAX_TEXT} characters`));
    else return v.trim();
    return '';
  };
  const url = (o: Obj, key: string, path: string): string => {
    const v = text(o, key, path);
    if (v !== '' && !/^(https?:\/\/[^\s]+|mailto:[^\s]+|tel:[+\d\s/()-]+)$/.test(v)) errors.push(brandingError('SCHEMA', `${path}.${key}`, 'must be an http(s), mailto: or tel: URL'));
    return v;
  };
  const linkList = (o: Obj, key: string, path: string): BrandingLink[] => {
    const v = o[key];
    if (!Array.isArray(v) || v.length > MAX_LINKS) {
      errors.push(brandingError('SCHEMA', `${path}.${key}`, `must be a list of at most ${MAX_LINKS} { label, url }`));
      return [];
    }
    return v.map((x, i) => (isObj(x) ? { label: text(x, 'label', `${path}.${key}[${i}]`), url: url(x, 'url', `${path}.${key}[${i}]`) } : (errors.push(brandingError('SCHEMA', `${path}.${key}[${i}]`, 'must be { label, url }')), { label: '', url: '' })));
  };
  const company = text(value, 'company', '$');
  const address = text(value, 'address', '$');
  const regionsValue = value['regions'];
  const regions: BrandingRegion[] = [];
  if (!Array.isArray(regionsValue) || regionsValue.length !== BRANDING_REGIONS) errors.push(brandingError('SCHEMA', '$.regions', `must be a list of exactly ${BRANDING_REGIONS} regions`));
  else {
    regionsValue.forEach((r, i) => {
      const path = `$.regions[${i}]`;
      if (!isObj(r)) return void errors.push(brandingError('SCHEMA', path, 'must be { region, contacts }'));
      const contactsValue = r['contacts'];
      if (!Array.isArray(contactsValue) || contactsValue.length === 0 || contactsValue.length > MAX_CONTACTS) {
        errors.push(brandingError('SCHEMA', `${path}.contacts`, `must be a list of 1 to ${MAX_CONTACTS} contacts`));
        return;
      }
      const contacts = contactsValue.map((c, j) => {
        const cp = `${path}.contacts[${j}]`;
        if (!isObj(c)) {
          errors.push(brandingError('SCHEMA', cp, 'must be { name, role, phone, email }'));
          return { name: '', role: '', phone: '', email: '' };
        }
        const email = text(c, 'email', cp);
        if (email !== '' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) errors.push(brandingError('SCHEMA', `${cp}.email`, 'must be an e-mail address'));
        return { name: text(c, 'name', cp), role: text(c, 'role', cp), phone: text(c, 'phone', cp), email };
      });
      regions.push({ region: text(r, 'region', path), contacts });
    });
  }
  const linksValue = value['links'];
  let links: BrandingLinks | undefined;
  if (!isObj(linksValue)) errors.push(brandingError('SCHEMA', '$.links', 'must be an object'));
  else {
    const p = '$.links';
    const countryValue = linksValue['country'];
    const country = isObj(countryValue) ? { label: text(countryValue, 'label', `${p}.country`), url: url(countryValue, 'url', `${p}.country`) } : (errors.push(brandingError('SCHEMA', `${p}.country`, 'must be { label, url }')), { label: '', url: '' });
    links = {
      news: url(linksValue, 'news', p),
      downloads: url(linksValue, 'downloads', p),
      priceList: url(linksValue, 'priceList', p),
      technicalInformation: url(linksValue, 'technicalInformation', p),
      cadDrawings: url(linksValue, 'cadDrawings', p),
      tenderTextsDe: url(linksValue, 'tenderTextsDe', p),
      tenderTextsEn: url(linksValue, 'tenderTextsEn', p),
      country,
      social: linkList(linksValue, 'social', p),
      appStores: linkList(linksValue, 'appStores', p),
      imprint: url(linksValue, 'imprint', p),
      privacy: url(linksValue, 'privacy', p),
      terms: url(linksValue, 'terms', p),
      contact: url(linksValue, 'contact', p),
      website: url(linksValue, 'website', p),
    };
  }
  const demo = value['demo'];
  if (typeof demo !== 'boolean') errors.push(brandingError('SCHEMA', '$.demo', 'must be true or false (true: the contacts are invented)'));
  let notice: BrandingText | null = null;
  const noticeValue = value['notice'];
  if (noticeValue !== undefined && noticeValue !== null) {
    if (!isObj(noticeValue)) errors.push(brandingError('SCHEMA', '$.notice', 'must be { de, en }'));
    else notice = { de: text(noticeValue, 'de', '$.notice'), en: text(noticeValue, 'en', '$.notice') };
  }
  if (demo === true && notice === null) errors.push(brandingError('SCHEMA', '$.notice', 'a demo branding must say that its contacts are invented ({ de, en })'));
  if (typeof value['logo'] !== 'string' || value['logo'].trim() === '') errors.push(brandingError('LOGO', '$.logo', 'must name the logo file (an .svg beside branding.json)'));
  else if (logoSvg === undefined) errors.push(brandingError('LOGO', '$.logo', `logo file ${JSON.stringify(value['logo'])} not found`));
  else if (!/^\s*(<\?xml[^>]*>\s*)?<svg[\s>]/.test(logoSvg) || !logoSvg.includes('</svg>')) errors.push(brandingError('LOGO', '$.logo', 'the logo must be an SVG document'));
  else if (logoSvg.length > MAX_LOGO) errors.push(brandingError('LOGO', '$.logo', `the logo must be at most ${MAX_LOGO} characters`));
  if (errors.length > 0 || links === undefined) return { ok: false, errors };
  return { ok: true, branding: { company, address, logoSvg: logoSvg!, regions, links, demo: demo as boolean, notice } };
}

/** One line per error: "branding.json $.regions: must be …". */
export function brandingErrorText(errors: readonly BrandingError[], file = BRANDING_FILE): string {
  return errors.map((e) => `${file} ${e.path}: ${e.message}`).join('\n');
}
