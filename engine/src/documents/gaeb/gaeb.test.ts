/**
 * GAEB service catalogue (issue 18, docs/documents.md "Service catalogue / tender texts"):
 * X81 / X82 valid against the official schemas, D81 / D82 line by line, and both equal to the
 * engine's decimal bill.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { projectMassList } from '../../bom/massList.ts';
import type { BillOfMaterials, MassListGroup, ProductLine } from '../../bom/types.ts';
import type { Project } from '../../model/project.ts';
import { parseProject } from '../../project/parseProject.ts';
import { demoCatalogue } from '../../../test-support/demoCatalogue.ts';
import { readGaeb90, validateGaebXml, GAEB_XSD_FOLDER } from '../../../test-support/gaeb.ts';
import { describeWithSharedData } from '../../../test-support/sharedData.ts';
import { documentTranslator } from '../labels/index.ts';
import {
  CP850_HIGH,
  decodeCp850,
  encodeCp850,
  gaebFileName,
  gaebFileOfBill,
  gaebFileTypeOf,
  GAEB90_LAYOUT,
  GaebError,
  impliedDecimal,
  serviceCatalogue,
  toCp850Text,
  type GaebFile,
  type GaebHeader,
} from './index.ts';

const catalogue = demoCatalogue();
const DATE = '2026-11-25';
function fixture(name: string): Project {
  const r = parseProject(readFileSync(new URL(`../../../../fixtures/projects/${name}.project.json`, import.meta.url), 'utf8'));
  if (!r.ok) throw new Error(`${name} unreadable`);
  return r.project;
}
/** One measure (minimal), several measures with box configurations and a custom one, six measures of every kind. */
const PROJECTS = ['minimal', 'box-configurations', 'measures-installation-choices'] as const;
const billOf = (project: Project, language: 'de' | 'en' = 'de') => projectMassList(project, catalogue, { groupBy: 'measure', prices: true, language });
const nonEmpty = (bill: BillOfMaterials) => bill.massListGroups.filter((g) => g.lines.length > 0);

/** The items of an X81/X82 text, read with regular expressions (the writer's own layout). */
function xmlItems(xml: string) {
  return [...xml.matchAll(/<Item ID="[^"]+" RNoPart="(\d+)">([\s\S]*?)<\/Item>/g)].map(([, part, body]) => ({
    part,
    qty: /<Qty>([^<]*)<\/Qty>/.exec(body!)?.[1],
    qu: /<QU>([^<]*)<\/QU>/.exec(body!)?.[1],
    up: /<UP>([^<]*)<\/UP>/.exec(body!)?.[1],
    it: /<IT>([^<]*)<\/IT>/.exec(body!)?.[1],
    outline: /<TextOutlTxt>\s*<p><span>([^<]*)<\/span><\/p>/.exec(body!)?.[1],
  }));
}

describe('serviceCatalogue: the bill of quantities equals the bill', () => {
  for (const name of PROJECTS) {
    it(`${name}: groups, ordinal numbers, quantities and prices`, () => {
      const project = fixture(name);
      const bill = billOf(project);
      const file = serviceCatalogue(project, catalogue, { phase: 82, format: 'xml', date: DATE });
      const groups = nonEmpty(bill);
      expect(file.boq.groups.map((g) => g.ordinal)).toEqual(groups.map((_, i) => String(i + 1).padStart(2, '0')));
      expect(file.boq.totalPrice).toBe(bill.totalPrice);
      expect(file.boq.itemCount).toBe(groups.reduce((n, g) => n + g.lines.length, 0));
      file.boq.groups.forEach((g, gi) => {
        expect(g.totalPrice).toBe(groups[gi]!.totalPrice);
        g.items.forEach((item, li) => {
          const line = groups[gi]!.lines[li]!;
          expect(item.ordinal).toBe(`${g.ordinal}.${String((li + 1) * 10).padStart(4, '0')}`);
          expect(Number(item.quantity)).toBe(Number(line.quantity));
          expect(item.quantity).toMatch(/^\d+\.\d{3}$/);
          expect(item.unitPrice).toBe(line.unitPrice);
          expect(item.totalPrice).toBe(line.totalPrice);
          expect(item.shortText).toBe(line.text);
        });
      });
      expect(file.billIssues).toEqual(bill.issues);
    });
  }

  it('groups follow measures and configurations: a custom configuration is a group of its own', () => {
    const file = serviceCatalogue(fixture('box-configurations'), catalogue, { phase: 81, format: 'xml', date: DATE });
    expect(file.boq.groups.map((g) => [g.systemType, g.title])).toEqual([
      ['measure', 'Rigole Garten (Boxen)'],
      ['measure', 'Rohrrigole Hof'],
      ['configuration', 'Rückhaltung Hof (Boxenkonfiguration)'],
    ]);
    const byConfiguration = serviceCatalogue(fixture('box-configurations'), catalogue, { phase: 81, format: 'xml', date: DATE, groupBy: 'configuration' });
    expect(byConfiguration.boq.groups[0]).toMatchObject({ systemType: 'configuration', title: 'Rigole Garten (Boxenkonfiguration)' });
  });

  it('file names and types', () => {
    const project = fixture('box-configurations');
    expect(serviceCatalogue(project, catalogue, { phase: 81, format: 'xml', date: DATE })).toMatchObject({ fileName: 'Reihenhaeuser_Berger_Ulm-Soeflingen_Boxen.X81', mimeType: 'application/xml' });
    expect(serviceCatalogue(project, catalogue, { phase: 82, format: 'gaeb90', date: DATE })).toMatchObject({ fileName: 'Reihenhaeuser_Berger_Ulm-Soeflingen_Boxen.D82', mimeType: 'text/plain; charset=IBM850' });
    expect(gaebFileName('???', 81, 'gaeb90')).toBe('service-catalogue.D81');
    expect(gaebFileName('Straße Ø 2 – Nord', 82, 'xml')).toBe('Strasse_2_Nord.X82');
    expect(gaebFileTypeOf('Gaebd81')).toEqual({ phase: 81, format: 'gaeb90' });
    expect(gaebFileTypeOf('Gaebd82')).toEqual({ phase: 82, format: 'gaeb90' });
    expect(gaebFileTypeOf('GaebX81')).toEqual({ phase: 81, format: 'xml' });
    expect(gaebFileTypeOf('GaebX82')).toEqual({ phase: 82, format: 'xml' });
  });
});

describe('X81 / X82 content', () => {
  const project = fixture('box-configurations');
  const bill = billOf(project);

  it('X82: every item carries Qty, QU, UP and IT of its bill line, in bill order; totals per group and overall', () => {
    const { text } = serviceCatalogue(project, catalogue, { phase: 82, format: 'xml', date: DATE });
    const lines = nonEmpty(bill).flatMap((g) => g.lines);
    const items = xmlItems(text);
    expect(items).toHaveLength(lines.length);
    items.forEach((item, i) => {
      expect(Number(item.qty)).toBe(Number(lines[i]!.quantity));
      expect(item.qu).toBe(lines[i]!.unit);
      expect(item.up).toBe(lines[i]!.unitPrice);
      expect(item.it).toBe(lines[i]!.totalPrice);
      expect(item.outline).toBe(lines[i]!.text);
    });
    const totals = [...text.matchAll(/<Total>([^<]*)<\/Total>/g)].map((m) => m[1]);
    expect(totals).toEqual([bill.totalPrice, ...nonEmpty(bill).map((g) => g.totalPrice)]);
    expect(text).toContain('<GAEB xmlns="http://www.gaeb.de/GAEB_DA_XML/DA82/3.3">');
    expect(text).toContain('<DP>82</DP>');
  });

  it('X81: quantities without prices or totals, in the DA81 namespace', () => {
    const { text } = serviceCatalogue(project, catalogue, { phase: 81, format: 'xml', date: DATE });
    expect(text).toContain('<GAEB xmlns="http://www.gaeb.de/GAEB_DA_XML/DA81/3.3">');
    expect(text).toContain('<DP>81</DP>');
    expect(text).not.toMatch(/<UP>|<IT>|<Totals>|<UPFracDig>/);
    expect(xmlItems(text).map((i) => Number(i.qty))).toEqual(nonEmpty(bill).flatMap((g) => g.lines.map((l) => Number(l.quantity))));
  });

  it('the mask is declared: BoQBkdn group 2 and item 4 digits', () => {
    const { text } = serviceCatalogue(project, catalogue, { phase: 81, format: 'xml', date: DATE });
    expect([...text.matchAll(/<Type>(\w+)<\/Type>[\s\S]*?<Length>(\d+)<\/Length>/g)].map((m) => [m[1], m[2]])).toEqual([
      ['BoQLevel', '2'],
      ['Item', '4'],
    ]);
    expect(text).toContain('<BoQCtgy ID="G_01" RNoPart="01">');
    expect(text).toContain('<Item ID="I_01_0010" RNoPart="0010">');
  });

  it('German by default, English by language; long text and article number in DetailTxt', () => {
    const de = serviceCatalogue(project, catalogue, { phase: 81, format: 'xml', date: DATE }).text;
    const en = serviceCatalogue(project, catalogue, { phase: 81, format: 'xml', date: DATE, language: 'en' }).text;
    expect(de).toContain('<span>Rigole-Box 800 × 800 × 660</span>');
    expect(de).toContain('<span>Artikel-Nr. 100100, Bestell-Nr. RB-800</span>');
    expect(de).toContain('<LblBoQ>Leistungsverzeichnis Reihenhäuser Berger');
    expect(en).toContain('<span>Storage box 800 × 800 × 660</span>');
    expect(en).toContain('<span>Article no. 100100, order no. RB-800</span>');
    expect(en).toContain('<LblBoQ>Bill of quantities Reihenhäuser Berger');
    expect(en).toContain('<LblBoQBkdn>Section</LblBoQBkdn>');
  });

  it('the client becomes OWN when its address is complete', () => {
    const withClient: Project = { ...project, project: { ...project.project, clientData: { name: 'Stadt Ulm', street: 'Marktplatz', streetNo: '1', zipCode: '89073', city: 'Ulm' } } };
    const { text } = serviceCatalogue(withClient, catalogue, { phase: 81, format: 'xml', date: DATE });
    expect(text).toMatch(/<OWN>\s*<Address>\s*<Name1>Stadt Ulm<\/Name1>\s*<Street>Marktplatz 1<\/Street>\s*<PCode>89073<\/PCode>\s*<City>Ulm<\/City>/);
    const partial: Project = { ...project, project: { ...project.project, clientData: { name: 'Stadt Ulm' } } };
    expect(serviceCatalogue(partial, catalogue, { phase: 81, format: 'xml', date: DATE }).text).not.toContain('<OWN>');
  });
});

/** A bill of the given groups (prices included). */
function bill(groups: { name: string; lines: Partial<ProductLine>[] }[], language: 'de' | 'en' = 'de'): BillOfMaterials {
  let total = 0;
  const gs: MassListGroup[] = groups.map((g, i) => {
    const lines = g.lines.map((l, j) => ({ orderNumber: null, materialNumber: `M${i}-${j}`, text: `Produkt ${j}`, longText: null, unit: 'Stk', quantity: '1', unitPrice: '1.00', totalPrice: '1.00', ...l }));
    const sum = lines.reduce((s, l) => s + Math.round(Number(l.totalPrice) * 100), 0);
    total += sum;
    return { order: i + 1, groupName: g.name, systemType: 'measure', ownerId: `m${i}`, lines, totalPrice: (sum / 100).toFixed(2) };
  });
  return { massListGroups: gs, totalPrice: (total / 100).toFixed(2), currency: 'EUR', language, groupBy: 'measure', issues: [] };
}
const HEADER: GaebHeader = { projectName: 'Testprojekt', date: DATE };
const errorOf = (f: () => unknown): GaebError => {
  try {
    f();
  } catch (e) {
    if (e instanceof GaebError) return e;
    throw e;
  }
  throw new Error('no error thrown');
};

describe('ordinal numbers, field limits and bad arguments', () => {
  it('a group of 1,000 items widens the item part to 5 digits (declared in the mask)', () => {
    const b = bill([{ name: 'Viele', lines: Array.from({ length: 1000 }, () => ({})) }]);
    const xml = gaebFileOfBill(b, HEADER, { phase: 81, format: 'xml', date: DATE });
    expect(xml.boq.mask).toEqual({ groupDigits: 2, itemDigits: 5, itemStep: 10 });
    expect(xml.text).toContain('RNoPart="10000"');
    const d = readGaeb90(gaebFileOfBill(b, HEADER, { phase: 81, format: 'gaeb90', date: DATE }).bytes);
    expect(d.mask).toBe('11PPPPP');
    expect(d.groups[0]!.items.at(-1)!.ordinal).toBe('0110000');
  });

  it('beyond GAEB 90’s 9 digits: GAEB_ORDINAL_OVERFLOW; an impossible declared mask: GAEB_INVALID_ARGUMENT', () => {
    const b = bill([{ name: 'Viele', lines: Array.from({ length: 10_000 }, () => ({})) }]);
    const mask = { groupDigits: 4, itemDigits: 5, itemStep: 10 };
    expect(errorOf(() => gaebFileOfBill(b, HEADER, { phase: 81, format: 'gaeb90', date: DATE, mask })).code).toBe('GAEB_ORDINAL_OVERFLOW');
    expect(gaebFileOfBill(b, HEADER, { phase: 81, format: 'xml', date: DATE, mask }).boq.mask.itemDigits).toBe(6);
    const bad = errorOf(() => gaebFileOfBill(b, HEADER, { phase: 81, format: 'gaeb90', date: DATE, mask: { groupDigits: 5, itemDigits: 5, itemStep: 1 } }));
    expect(bad).toMatchObject({ code: 'GAEB_INVALID_ARGUMENT', messageKey: 'gaebError.GAEB_INVALID_ARGUMENT' });
  });

  it('a quantity of 9 integer digits does not fit (11 digits with 3 decimals): GAEB_FIELD_OVERFLOW in both formats', () => {
    const b = bill([{ name: 'Groß', lines: [{ quantity: '123456789', unitPrice: '0.01', totalPrice: '1234567.89' }] }]);
    for (const format of ['xml', 'gaeb90'] as const) expect(errorOf(() => gaebFileOfBill(b, HEADER, { phase: 82, format, date: DATE })).code).toBe('GAEB_FIELD_OVERFLOW');
    const ok = bill([{ name: 'Groß', lines: [{ quantity: '99999999.999', unitPrice: '0.01', totalPrice: '1000000.00' }] }]);
    expect(readGaeb90(gaebFileOfBill(ok, HEADER, { phase: 82, format: 'gaeb90', date: DATE }).bytes).groups[0]!.items[0]!.quantity).toBe('99999999.999');
  });

  it('phase 82 needs prices; unknown phase, format or date are refused', () => {
    const b = bill([{ name: 'A', lines: [{}] }]);
    const noPrices = { ...b, totalPrice: null, massListGroups: b.massListGroups.map((g) => ({ ...g, totalPrice: null, lines: g.lines.map((l) => ({ ...l, unitPrice: null, totalPrice: null })) })) };
    expect(errorOf(() => gaebFileOfBill(noPrices, HEADER, { phase: 82, format: 'xml', date: DATE })).code).toBe('GAEB_INVALID_ARGUMENT');
    expect(gaebFileOfBill(noPrices, HEADER, { phase: 81, format: 'xml', date: DATE }).boq.itemCount).toBe(1);
    expect(errorOf(() => gaebFileOfBill(b, HEADER, { phase: 83 as 81, format: 'xml', date: DATE })).code).toBe('GAEB_INVALID_ARGUMENT');
    expect(errorOf(() => gaebFileOfBill(b, HEADER, { phase: 81, format: 'pdf' as 'xml', date: DATE })).code).toBe('GAEB_INVALID_ARGUMENT');
    for (const date of ['2026-02-30', '25.11.2026', '']) expect(errorOf(() => gaebFileOfBill(b, HEADER, { phase: 81, format: 'gaeb90', date })).code).toBe('GAEB_INVALID_ARGUMENT');
  });

  it('a unit longer than 4 characters is abbreviated and reported', () => {
    const b = bill([{ name: 'A', lines: [{ unit: 'Stück' }, { unit: 'Palette' }] }]);
    const f = gaebFileOfBill(b, HEADER, { phase: 81, format: 'xml', date: DATE });
    expect(f.boq.groups[0]!.items.map((i) => i.unit)).toEqual(['Stk', 'Pale']);
    expect(f.issues.map((i) => [i.code, i.ordinal])).toEqual([
      ['UNIT_SHORTENED', '01.0010'],
      ['UNIT_SHORTENED', '01.0020'],
    ]);
  });

  it('an empty bill gives a valid file without groups', () => {
    const f = gaebFileOfBill(bill([]), HEADER, { phase: 82, format: 'gaeb90', date: DATE });
    const d = readGaeb90(f.bytes);
    expect(d.groups).toEqual([]);
    expect(d.end).toEqual({ items: 0, groups: 0, total: '0.00' });
  });
});

describe('D81 / D82 (GAEB 90)', () => {
  for (const name of PROJECTS) {
    it(`${name}: 80 characters in CP850 per line, continuous line numbers, the reader gets the bill back`, () => {
      const project = fixture(name);
      const b = billOf(project);
      const file = serviceCatalogue(project, catalogue, { phase: 82, format: 'gaeb90', date: DATE });
      expect(file.bytes.length % 82).toBe(0);
      expect(decodeCp850(file.bytes)).toBe(file.text);
      const read = readGaeb90(file.bytes);
      read.lines.forEach((line, i) => {
        expect(line).toHaveLength(80);
        expect(line.slice(74)).toBe(String(i + 1).padStart(6, '0'));
      });
      expect(read).toMatchObject({ phase: '82', mask: '11PPPP', version: '90', title: 'Kostenanschlag', date: '25.11.2026', currency: 'EUR' });
      expect(read.project[0]).toBe(toCp850Text(project.project.name).text);
      const groups = nonEmpty(b);
      expect(read.end).toEqual({ items: groups.reduce((n, g) => n + g.lines.length, 0), groups: groups.length, total: b.totalPrice });
      expect(read.groups.map((g) => g.total)).toEqual(groups.map((g) => g.totalPrice));
      read.groups.forEach((g, gi) => {
        expect(g.title).toBe(file.boq.groups[gi]!.title);
        g.items.forEach((item, li) => {
          const line = groups[gi]!.lines[li]!;
          const boqItem = file.boq.groups[gi]!.items[li]!;
          expect(item).toEqual({
            ordinal: `${g.ordinal}${String((li + 1) * 10).padStart(4, '0')}`,
            quantity: new Number(line.quantity).toFixed(3),
            unit: line.unit,
            unitPrice: line.unitPrice,
            total: line.totalPrice,
            shortText: line.text,
            longText: toCp850Text(boqItem.longText.join(' ')).text,
          });
        });
      });
    });
  }

  it('D81: no price records and no totals', () => {
    const file = serviceCatalogue(fixture('box-configurations'), catalogue, { phase: 81, format: 'gaeb90', date: DATE });
    const read = readGaeb90(file.bytes);
    expect(read.phase).toBe('81');
    expect(read.title).toBe('Leistungsverzeichnis');
    expect(read.lines.some((l) => l.startsWith('22'))).toBe(false);
    expect(read.groups.every((g) => g.total === null && g.items.every((i) => i.unitPrice === null))).toBe(true);
    expect(read.end.total).toBeNull();
  });

  it('field by field: 00, 21, 22, 31 and 99 of the minimal project (6 boxes × 189.00 = 1,134.00; total 1,378.30)', () => {
    const file = serviceCatalogue(fixture('minimal'), catalogue, { phase: 82, format: 'gaeb90', date: DATE });
    const byType = (t: string) => file.text.split('\r\n').filter((l) => l.startsWith(t));
    const col = (line: string, from: number, width: number) => line.slice(from - 1, from - 1 + width);
    const [h] = byType('00');
    expect([col(h!, 1, 2), col(h!, 11, 2), col(h!, 63, 9), col(h!, 72, 2), col(h!, 75, 6)]).toEqual(['00', '82', '11PPPP   ', '90', '000001']);
    expect(col(h!, 3, 8).trim() + col(h!, 13, 50).trim() + col(h!, 74, 1).trim()).toBe('');
    const [item] = byType('21');
    expect([col(item!, 3, 9), col(item!, 24, 11), col(item!, 35, 4)]).toEqual(['010010   ', '00000006000', 'Stk ']);
    const [price] = byType('22');
    // Record 22 (decision 0117): ordinal 3–11, unit price 13–22, total 25–36, 2 implied decimals.
    expect([col(price!, 3, 9), col(price!, 12, 1), col(price!, 13, 10), col(price!, 23, 2), col(price!, 25, 12), col(price!, 37, 38).trim()]).toEqual(['010010   ', ' ', '0000018900', '  ', '000000113400', '']);
    const [groupEnd] = byType('31');
    expect([col(groupEnd!, 3, 9), col(groupEnd!, 25, 12)]).toEqual(['01       ', '000000137830']);
    const [end] = byType('99');
    expect([col(end!, 3, 6), col(end!, 9, 4), col(end!, 25, 12)]).toEqual(['000004', '0001', '000000137830']);
    expect(GAEB90_LAYOUT.price).toEqual({ ordinal: { column: 3, width: 9 }, unitPrice: { column: 13, width: 10 }, total: { column: 25, width: 12 } });
  });

  it('implied decimals: padding, negative amounts, overflow', () => {
    expect(impliedDecimal('189.00', 2, 10, 'x')).toBe('0000018900');
    expect(impliedDecimal('-5.5', 2, 10, 'x')).toBe('-000000550');
    expect(impliedDecimal('0', 3, 11, 'x')).toBe('00000000000');
    expect(errorOf(() => impliedDecimal('100000000.00', 2, 10, 'x')).code).toBe('GAEB_FIELD_OVERFLOW');
    expect(errorOf(() => impliedDecimal('1.234', 2, 10, 'x')).code).toBe('GAEB_FIELD_OVERFLOW');
  });

  it('English texts; characters outside CP850 are transliterated or replaced and reported', () => {
    const b = bill([{ name: 'Süd – Nord', lines: [{ text: 'Rohr Ø 200 € „neu“ 😀', longText: 'Länge ≥ 2 m\nzweite Zeile' }] }], 'en');
    const file = gaebFileOfBill(b, HEADER, { phase: 81, format: 'gaeb90', date: DATE });
    const read = readGaeb90(file.bytes);
    expect(read.title).toBe('Bill of quantities');
    expect(read.groups[0]!.title).toBe('Süd - Nord');
    expect(read.groups[0]!.items[0]!.shortText).toBe('Rohr Ø 200 EUR "neu" ?');
    expect(read.groups[0]!.items[0]!.longText).toBe('Länge >= 2 m zweite Zeile Article no. M0-0');
    expect(file.issues).toEqual([expect.objectContaining({ code: 'CHARACTERS_REPLACED', ordinal: '01.0010', params: { count: 1 } })]);
  });

  it('long texts wrap at 72 characters; nothing is lost', () => {
    const words = Array.from({ length: 60 }, (_, i) => `Wort${i}`).join(' ');
    const b = bill([{ name: 'x'.repeat(150), lines: [{ text: words, longText: `${'y'.repeat(100)} ${words}` }] }]);
    const read = readGaeb90(gaebFileOfBill(b, { ...HEADER, projectName: 'P'.repeat(130) }, { phase: 81, format: 'gaeb90', date: DATE }).bytes);
    expect(read.groups[0]!.title).toBe('x'.repeat(72) + ' ' + 'x'.repeat(72) + ' ' + 'x'.repeat(6));
    expect(read.groups[0]!.items[0]!.shortText).toBe(words);
    expect(read.groups[0]!.items[0]!.longText.replace(/ /g, '')).toBe(`${'y'.repeat(100)} ${words} Article no. M0-0`.replace(/ /g, '').replace('Articleno.', 'Artikel-Nr.'));
    expect(read.project.join('')).toBe('P'.repeat(130));
  });
});

describe('code page 850', () => {
  it('the table maps the German letters and the signs of the catalogue to their CP850 bytes', () => {
    expect([...encodeCp850('äöüÄÖÜß×²³µ°§Ø')]).toEqual([0x84, 0x94, 0x81, 0x8e, 0x99, 0x9a, 0xe1, 0x9e, 0xfd, 0xfc, 0xe6, 0xf8, 0xf5, 0x9d]);
    expect(CP850_HIGH).toHaveLength(128);
    expect(new Set(CP850_HIGH).size).toBe(128);
    const all = Uint8Array.from({ length: 256 }, (_, i) => i);
    expect([...encodeCp850(decodeCp850(all))]).toEqual([...all]);
    expect(() => encodeCp850('€')).toThrow(RangeError);
  });
});

describe('property: random bills', () => {
  const text = fc.string({ unit: 'binary', maxLength: 120 });
  const line = fc.record({
    text,
    longText: fc.option(text, { nil: null }),
    unit: fc.constantFrom('Stk', 'm', 'm²', 'm³', 'Set', 'h', 'Stück'),
    quantity: fc.integer({ min: 0, max: 99_999_999_999 }).map((n) => (n / 1000).toFixed(3)),
    unitPrice: fc.integer({ min: -100_000, max: 9_999_999_999 }).map((n) => (n / 100).toFixed(2)),
  });
  const bills = fc.array(fc.record({ name: text, lines: fc.array(line, { minLength: 1, maxLength: 8 }) }), { maxLength: 5 }).map((groups) =>
    bill(groups.map((g) => ({ name: g.name, lines: g.lines.map((l) => ({ ...l, totalPrice: (Math.round(Number(l.unitPrice) * Number(l.quantity) * 100) / 100).toFixed(2) })) }))),
  );

  it('D82: every line 80 characters, the reader gets every item, price and total back', () => {
    fc.assert(
      fc.property(bills, (b) => {
        let file: GaebFile;
        try {
          file = gaebFileOfBill(b, HEADER, { phase: 82, format: 'gaeb90', date: DATE });
        } catch (e) {
          // Only totals beyond the 12 columns may be refused.
          expect(e).toMatchObject({ code: 'GAEB_FIELD_OVERFLOW' });
          return;
        }
        const read = readGaeb90(file.bytes);
        const groups = b.massListGroups;
        expect(read.end).toEqual({ items: groups.reduce((n, g) => n + g.lines.length, 0), groups: groups.length, total: b.totalPrice });
        read.groups.forEach((g, gi) =>
          g.items.forEach((item, li) => {
            const l = groups[gi]!.lines[li]!;
            expect([item.quantity, item.unitPrice, item.total]).toEqual([l.quantity, l.unitPrice, l.totalPrice]);
            expect(item.shortText).toBe(toCp850Text(l.text.replace(/\s+/g, ' ').trim()).text.replace(/\s+/g, ' ').trim());
          }),
        );
      }),
      { numRuns: 150 },
    );
  });
});

describeWithSharedData('X81 / X82 against the official GAEB DA XML 3.3 schemas (xmllint-wasm)', GAEB_XSD_FOLDER, 'GAEB_DA_XML_Lib_3.3_2021-05.xsd', () => {
  for (const phase of [81, 82] as const) {
    it(`X${phase} of every test project, German and English, is valid`, async () => {
      const files = PROJECTS.flatMap((name) => (['de', 'en'] as const).map((language) => serviceCatalogue(fixture(name), catalogue, { phase, format: 'xml', date: DATE, language }).text));
      const result = await validateGaebXml(phase, ...files);
      expect(result.errors).toEqual([]);
      expect(result.valid).toBe(true);
    });
  }

  it('a deliberately broken file is refused by the same check', async () => {
    const { text } = serviceCatalogue(fixture('box-configurations'), catalogue, { phase: 82, format: 'xml', date: DATE });
    const broken = [
      text.replace('<Qty>12.000</Qty>', '<Qty>12.0001</Qty>'), // 4 decimals
      text.replace('<DP>82</DP>', '<DP>81</DP>'), // wrong phase
      text.replace(/<QU>[^<]*<\/QU>/, '<QU>Stücke</QU>'), // unit over 4 characters
      text.replace(/<LblBoQ>[\s\S]*?<\/LblBoQ>\s*/, ''), // a required element missing
    ];
    for (const xml of broken) {
      const result = await validateGaebXml(82, xml);
      expect(result.valid).toBe(false);
      expect(result.errors.length).toBeGreaterThan(0);
    }
    // And the X82 is no X81.
    expect((await validateGaebXml(81, text)).valid).toBe(false);
  });

  it('random bills with any Unicode text give valid X81 and X82 files', async () => {
    const text = fc.string({ unit: 'binary', maxLength: 200 });
    const samples = fc.sample(
      fc.array(fc.record({ name: text, lines: fc.array(fc.record({ text, longText: fc.option(text, { nil: null }), unit: text.map((u) => u.slice(0, 20)) }), { minLength: 1, maxLength: 5 }) }), { maxLength: 4 }),
      { numRuns: 25, seed: 18 },
    );
    const header = (i: number): GaebHeader => ({ projectName: `<&>"'${i}\u0001`, projectAddress: 'a'.repeat(150), client: { name: 'x'.repeat(50), street: 's', streetNo: '1', zipCode: '1', city: 'c' }, date: DATE });
    for (const phase of [81, 82] as const) {
      const files = samples.map((groups, i) => gaebFileOfBill(bill(groups.map((g) => ({ name: g.name, lines: g.lines.map((l) => ({ ...l, unit: l.unit === '' ? 'Stk' : l.unit })) }))), header(i), { phase, format: 'xml', date: DATE }).text);
      const result = await validateGaebXml(phase, ...files);
      expect(result.errors).toEqual([]);
    }
  });
});

it('labels: both languages have the same keys', () => {
  const de = documentTranslator('gaeb', 'de');
  const en = documentTranslator('gaeb', 'en');
  for (const key of ['boqName', 'boqLabel81', 'boqLabel82', 'boqTitle81', 'boqTitle82', 'levelGroup', 'levelItem', 'group.project', 'group.measure', 'group.configuration', 'articleNumber', 'articleAndOrderNumber']) {
    expect(de(key)).not.toBe(key);
    expect(en(key)).not.toBe(key);
  }
});
