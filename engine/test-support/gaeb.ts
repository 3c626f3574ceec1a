/**
 * Test helpers for the GAEB files (tests only: reads files, runs WebAssembly):
 * - `validateGaebXml`: validates X81 / X82 texts against the official GAEB DA XML 3.3 schemas in
 *   ../shared/data/gaeb-da-xml-3.3 with xmllint-wasm (the phase schema plus the Lib schema);
 * - `readGaeb90`: a small, independent reader of D81 / D82 files that parses the bytes back into
 *   groups and items (and refuses a line that is not 80 characters, or a broken line number).
 */
import { readFileSync } from 'node:fs';
import { validateXML } from 'xmllint-wasm';
import { Decimal } from 'decimal.js';
import { sharedDataUrl } from './sharedData.ts';

export const GAEB_XSD_FOLDER = 'gaeb-da-xml-3.3';
const LIB = 'GAEB_DA_XML_Lib_3.3_2021-05.xsd';
const phaseSchema = (phase: 81 | 82) => `GAEB_DA_XML_${phase}_3.3_2021-05.xsd`;

const cache = new Map<string, string>();
const xsd = (file: string): string => {
  let text = cache.get(file);
  if (text === undefined) cache.set(file, (text = readFileSync(new URL(file, sharedDataUrl(GAEB_XSD_FOLDER)), 'utf8')));
  return text;
};

/** Validates one or more XML texts of one phase; resolves to xmllint's verdict and messages. */
export async function validateGaebXml(phase: 81 | 82, ...xml: string[]): Promise<{ valid: boolean; errors: string[] }> {
  const result = await validateXML({
    xml: xml.map((contents, i) => ({ fileName: `file${i}.X${phase}`, contents })),
    schema: [{ fileName: phaseSchema(phase), contents: xsd(phaseSchema(phase)) }],
    preload: [{ fileName: LIB, contents: xsd(LIB) }],
  });
  return { valid: result.valid, errors: result.errors.map((e) => e.rawMessage) };
}

/** CP850 bytes 0x80–0xFF, written out independently of the engine's table. */
const CP850 =
  'ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜø£Ø×ƒáíóúñÑªº¿®¬½¼¡«»░▒▓│┤ÁÂÀ©╣║╗╝¢¥┐└┴┬├─┼ãÃ╚╔╩╦╠═╬¤ðÐÊËÈıÍÎÏ┘┌█▄¦Ì▀ÓßÔÒõÕµþÞÚÛÙýÝ¯´\u00ad±‗¾¶§÷¸°¨·¹³²■\u00a0';

export interface Gaeb90Item {
  readonly ordinal: string;
  readonly quantity: string;
  readonly unit: string;
  readonly unitPrice: string | null;
  readonly total: string | null;
  readonly shortText: string;
  readonly longText: string;
}
export interface Gaeb90Group {
  readonly ordinal: string;
  readonly title: string;
  readonly items: Gaeb90Item[];
  total: string | null;
}
export interface Gaeb90Read {
  readonly lines: string[];
  readonly phase: string;
  readonly mask: string;
  readonly version: string;
  readonly title: string;
  readonly date: string;
  readonly project: string[];
  readonly client: string[];
  readonly currency: string;
  readonly groups: Gaeb90Group[];
  readonly end: { readonly items: number; readonly groups: number; readonly total: string | null };
}

const col = (line: string, from: number, width: number): string => line.slice(from - 1, from - 1 + width);
const implied = (field: string, decimals: number): string | null => (field.trim() === '' ? null : new Decimal(field.trim()).dividedBy(10 ** decimals).toFixed(decimals));

/** Parses a D81 / D82 file. Throws on a malformed line (length, line number, unknown record, order). */
export function readGaeb90(bytes: Uint8Array): Gaeb90Read {
  let text = '';
  for (const b of bytes) text += b < 0x80 ? String.fromCharCode(b) : CP850[b - 0x80]!;
  if (!text.endsWith('\r\n')) throw new Error('the file does not end with CR LF');
  const lines = text.slice(0, -2).split('\r\n');
  let head: { phase: string; mask: string; version: string } | undefined;
  let title = '';
  let date = '';
  const project: string[] = [];
  const client: string[] = [];
  let currency = '';
  const groups: Gaeb90Group[] = [];
  let group: Gaeb90Group | undefined;
  let item: { -readonly [K in keyof Gaeb90Item]: Gaeb90Item[K] } | undefined;
  let end: Gaeb90Read['end'] | undefined;
  const groupTitle: string[] = [];
  lines.forEach((line, i) => {
    if (line.length !== 80) throw new Error(`line ${i + 1} has ${line.length} characters`);
    if (col(line, 75, 6) !== String(i + 1).padStart(6, '0')) throw new Error(`line ${i + 1} carries line number "${col(line, 75, 6)}"`);
    if (end !== undefined) throw new Error(`line ${i + 1} after record 99`);
    const type = col(line, 1, 2);
    const data = (from: number, width: number) => col(line, from, width).trimEnd();
    switch (type) {
      case '00':
        head = { phase: data(11, 2), mask: data(63, 9), version: data(72, 2) };
        break;
      case '01':
        title = data(3, 40);
        date = data(43, 10);
        break;
      case '02':
        project.push(data(3, 60));
        break;
      case '03':
        client.push(data(3, 60));
        break;
      case '08':
        currency = data(3, 4);
        break;
      case '11':
        group = { ordinal: data(3, 9), title: '', items: [], total: null };
        groupTitle.length = 0;
        groups.push(group);
        break;
      case '12':
        if (group === undefined) throw new Error(`line ${i + 1}: 12 outside a group`);
        groupTitle.push(data(3, 72));
        (group as { title: string }).title = groupTitle.join(' ');
        break;
      case '21':
        if (group === undefined) throw new Error(`line ${i + 1}: item outside a group`);
        item = { ordinal: data(3, 9), quantity: implied(col(line, 24, 11), 3)!, unit: data(35, 4), unitPrice: null, total: null, shortText: '', longText: '' };
        group.items.push(item);
        break;
      case '22':
        if (item === undefined || data(3, 9) !== item.ordinal) throw new Error(`line ${i + 1}: price record without its item`);
        item.unitPrice = implied(col(line, 13, 10), 2);
        item.total = implied(col(line, 25, 12), 2);
        break;
      case '25':
        if (item === undefined) throw new Error(`line ${i + 1}: short text without an item`);
        item.shortText = item.shortText === '' ? data(3, 72) : `${item.shortText} ${data(3, 72)}`;
        break;
      case '26':
        if (item === undefined) throw new Error(`line ${i + 1}: long text without an item`);
        item.longText = item.longText === '' ? data(3, 72) : `${item.longText} ${data(3, 72)}`;
        break;
      case '31':
        if (group === undefined || data(3, 9) !== group.ordinal) throw new Error(`line ${i + 1}: group end without its group`);
        group.total = implied(col(line, 25, 12), 2);
        group = undefined;
        item = undefined;
        break;
      case '99':
        end = { items: Number(col(line, 3, 6)), groups: Number(col(line, 9, 4)), total: implied(col(line, 25, 12), 2) };
        break;
      default:
        throw new Error(`line ${i + 1}: unknown record type "${type}"`);
    }
  });
  if (head === undefined || end === undefined) throw new Error('record 00 or 99 missing');
  return { lines, ...head, title, date, project, client, currency, groups, end };
}
