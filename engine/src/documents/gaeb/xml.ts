/**
 * GAEB DA XML 3.3 writer: X81 (bill of quantities without prices, "Leistungsbeschreibung") and
 * X82 (with prices, "Kostenanschlag"), valid against the official schemas
 * (`../shared/data/gaeb-da-xml-3.3/`, checked in tests with xmllint-wasm).
 *
 * Shape (docs/documents.md "Service catalogue / tender texts (GAEB)"): root `GAEB` in the phase
 * namespace; `GAEBInfo`; `PrjInfo`; `Award` with `DP` 81/82, the client as `OWN` when its address
 * is complete, and `BoQ` → `BoQInfo` (name, label, date, one `BoQBkdn` per ordinal number part)
 * → `BoQBody` → one `BoQCtgy` per group → `Itemlist` → `Item` with `Qty`, `QU`, in X82 `UP` and
 * `IT`, and `Description` → `CompleteText` (`DetailTxt` long text, `OutlineText` short text).
 * X82 adds `Totals` to each group and to the bill.
 */
import { ENGINE_VERSION } from '../../version.ts';
import type { Translate } from '../labels/index.ts';
import { checkDate, cut, normalize, type GaebHeader } from './header.ts';
import { GaebError, gaebIssue, type Boq, type GaebIssue } from './types.ts';

/** Namespace of a phase's schema. */
export const gaebXmlNamespace = (phase: 81 | 82): string => `http://www.gaeb.de/GAEB_DA_XML/DA${phase}/3.3`;

/** Characters XML 1.0 forbids (control characters, lone surrogates, U+FFFE/U+FFFF). */
const FORBIDDEN = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** Escapes a text for XML content and attributes; forbidden characters become "?". */
export function escapeXml(text: string): string {
  return text.replace(FORBIDDEN, '?').replace(/[&<>"']/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : c === '"' ? '&quot;' : '&apos;'));
}

/**
 * A decimal string checked against an XSD decimal type (totalDigits, written with `decimals`
 * digits after the point): throws GAEB_FIELD_OVERFLOW when it has more digits than allowed.
 */
function xsdDecimal(value: string, totalDigits: number, field: string, ordinal: string | null): string {
  const digits = value.replace(/^-/, '').replace('.', '').replace(/^0+(?=\d)/, '').length;
  if (digits > totalDigits) {
    throw new GaebError('GAEB_FIELD_OVERFLOW', `${field} ${value}${ordinal === null ? '' : ` of item ${ordinal}`} has more than ${totalDigits} digits (GAEB DA XML)`, {
      field,
      value,
      ordinal: ordinal ?? '',
      totalDigits,
    });
  }
  return value;
}

class Out {
  readonly parts: string[] = [];
  depth = 0;
  open(tag: string, attrs = ''): void {
    this.parts.push(`${'  '.repeat(this.depth)}<${tag}${attrs}>\n`);
    this.depth++;
  }
  close(tag: string): void {
    this.depth--;
    this.parts.push(`${'  '.repeat(this.depth)}</${tag}>\n`);
  }
  leaf(tag: string, text: string): void {
    this.parts.push(`${'  '.repeat(this.depth)}<${tag}>${escapeXml(text)}</${tag}>\n`);
  }
  raw(xml: string): void {
    this.parts.push(`${'  '.repeat(this.depth)}${xml}\n`);
  }
}

const para = (text: string): string => `<p><span>${escapeXml(text)}</span></p>`;

/** The X81 / X82 file of a bill of quantities as XML text (UTF-8). */
export function writeGaebXml(boq: Boq, header: GaebHeader, t: Translate): { readonly xml: string; readonly issues: readonly GaebIssue[] } {
  checkDate(header.date);
  const priced = boq.phase === 82;
  const issues: GaebIssue[] = [];
  /** Cuts a text to its field; `report` when the file keeps no longer copy of it elsewhere. */
  const fit = (text: string, max: number, field: string, report = true): string => {
    const r = cut(normalize(text), max);
    if (r.cut && report) issues.push(gaebIssue('TEXT_SHORTENED', null, { field, max }));
    return r.text;
  };
  const o = new Out();
  o.parts.push('<?xml version="1.0" encoding="UTF-8"?>\n');
  o.open('GAEB', ` xmlns="${gaebXmlNamespace(boq.phase)}"`);
  o.open('GAEBInfo');
  o.leaf('Version', '3.3');
  o.leaf('VersDate', '2021-05');
  o.leaf('Date', header.date);
  o.leaf('ProgSystem', 'rainplan');
  o.leaf('ProgName', `rainplan engine ${ENGINE_VERSION}`);
  o.close('GAEBInfo');

  const projectName = normalize(header.projectName);
  o.open('PrjInfo');
  if (projectName !== '') o.leaf('NamePrj', fit(projectName, 60, 'NamePrj', false));
  const address = normalize(header.projectAddress);
  o.leaf('LblPrj', fit(address === '' ? projectName : `${projectName}, ${address}`, 100, 'LblPrj'));
  o.leaf('Cur', fit(boq.currency, 4, 'Cur'));
  if (priced) o.leaf('UPFracDig', '2');
  o.close('PrjInfo');

  o.open('Award');
  o.leaf('DP', String(boq.phase));
  o.open('AwardInfo');
  o.leaf('Cur', fit(boq.currency, 4, 'Cur'));
  o.close('AwardInfo');
  const c = header.client;
  const street = normalize(`${c?.street ?? ''} ${c?.streetNo ?? ''}`);
  if (c != null && normalize(c.name) !== '' && street !== '' && normalize(c.zipCode) !== '' && normalize(c.city) !== '') {
    o.open('OWN');
    o.open('Address');
    o.leaf('Name1', fit(c.name!, 40, 'Name1'));
    o.leaf('Street', fit(street, 40, 'Street'));
    o.leaf('PCode', fit(c.zipCode!, 20, 'PCode'));
    o.leaf('City', fit(c.city!, 40, 'City'));
    o.close('Address');
    o.close('OWN');
  }
  o.open('BoQ', ' ID="BoQ_1"');
  o.open('BoQInfo');
  o.leaf('Name', fit(projectName === '' ? t('boqName') : projectName, 20, 'Name', false));
  o.leaf('LblBoQ', fit(t(`boqLabel${boq.phase}`, { project: projectName }), 60, 'LblBoQ', false));
  o.leaf('Date', header.date);
  o.leaf('OutlCompl', 'AllTxt');
  for (const [type, label, length] of [
    ['BoQLevel', t('levelGroup'), boq.mask.groupDigits],
    ['Item', t('levelItem'), boq.mask.itemDigits],
  ] as const) {
    o.open('BoQBkdn');
    o.leaf('Type', type);
    o.leaf('LblBoQBkdn', fit(label, 40, 'LblBoQBkdn'));
    o.leaf('Length', String(length));
    o.leaf('Num', 'Yes');
    o.leaf('Alignment', 'right');
    o.close('BoQBkdn');
  }
  if (priced) {
    o.open('Totals');
    o.leaf('Total', xsdDecimal(boq.totalPrice!, 13, 'Total', null));
    o.close('Totals');
  }
  o.close('BoQInfo');

  o.open('BoQBody');
  for (const group of boq.groups) {
    o.open('BoQCtgy', ` ID="G_${group.ordinal}" RNoPart="${group.ordinal}"`);
    o.open('LblTx');
    o.raw(para(normalize(group.title)));
    o.close('LblTx');
    o.open('BoQBody');
    o.open('Itemlist');
    for (const item of group.items) {
      o.open('Item', ` ID="I_${group.ordinal}_${item.itemPart}" RNoPart="${item.itemPart}"`);
      o.leaf('Qty', xsdDecimal(item.quantity, 11, 'Qty', item.ordinal));
      o.leaf('QU', item.unit);
      if (priced) {
        o.leaf('UP', xsdDecimal(item.unitPrice!, 13, 'UP', item.ordinal));
        o.leaf('IT', xsdDecimal(item.totalPrice!, 13, 'IT', item.ordinal));
      }
      o.open('Description');
      o.open('CompleteText');
      o.open('DetailTxt');
      o.open('Text');
      for (const p of item.longText) o.raw(para(p));
      o.close('Text');
      o.close('DetailTxt');
      o.open('OutlineText');
      o.open('OutlTxt');
      o.open('TextOutlTxt');
      o.raw(para(item.shortText));
      o.close('TextOutlTxt');
      o.close('OutlTxt');
      o.close('OutlineText');
      o.close('CompleteText');
      o.close('Description');
      o.close('Item');
    }
    o.close('Itemlist');
    o.close('BoQBody');
    if (priced) {
      o.open('Totals');
      o.leaf('Total', xsdDecimal(group.totalPrice!, 13, 'Total', group.ordinal));
      o.close('Totals');
    }
    o.close('BoQCtgy');
  }
  o.close('BoQBody');
  o.close('BoQ');
  o.close('Award');
  o.close('GAEB');
  return { xml: o.parts.join(''), issues };
}
