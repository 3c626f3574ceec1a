/**
 * The catalogue workbook's reader and writer without the server (decision 0099): cell kinds,
 * parents, the source map from the engine's JSON paths to cells, and the round trip.
 */
import { describe, expect, it } from 'vitest';
import { readCatalogueFile } from './import.ts';
import { demoCatalogueFiles } from './template.ts';
import { BOX_SHEETS, catalogueWorkbook, locate, readBoxSheets, type RawSheet } from './workbook.ts';

const header = (name: string) => {
  const spec = BOX_SHEETS.find((s) => s.name === name);
  if (spec === undefined) throw new Error(name);
  return [...spec.parents, ...spec.columns.map((c) => c.header)];
};
/** A sheet from rows given by column name. */
const sheet = (name: string, rows: Array<Record<string, unknown>>): RawSheet => {
  const columns = header(name);
  return { name, rows: [columns, ...rows.map((r) => columns.map((c) => r[c] ?? null))] };
};

const minimal = (): RawSheet[] => [
  sheet('itemTypes', [
    { businessId: 'B', type: 'BOX', typeCustom: 'BOX', labelDe: 'Box', labelEn: 'Box', lengthMm: 800, widthMm: '800', heightMm: '660', volumeNetL: '401,5', product: 100100, infoFallbackKeys: 'a, b,,c' },
  ]),
  sheet('cubeSides', [{ itemType: 'B', id: 'front', side: 'front', connections: 2, heightConfigurationProperties: 'height' }]),
  sheet('cubeSideAdapters', [{ itemType: 'B', cubeSide: 'front', diameterMm: 110, product: 'A110' }]),
  sheet('propertySets', [{ id: 'S' }]),
  sheet('propertyGroups', [{ propertySet: 'S', id: 'g', name: 'G' }]),
  sheet('properties', [{ propertySet: 'S', group: 'g', id: 'p', name: 'P', fieldType: 'bool', optional: 'ja', defaultValue: 2.5 }]),
  sheet('rules', [
    { rule: 'connector.perStackedPair', value: '4' },
    { rule: 'pipes.DN_ID_200', value: 400220 },
  ]),
];

describe('readBoxSheets', () => {
  it('reads cells by their kind and nests child rows under their parents', () => {
    const { boxes, problems } = readBoxSheets(minimal(), 'EUR');
    expect(problems).toEqual([]);
    expect(boxes.itemTypes[0]).toEqual({
      businessId: 'B',
      type: 'BOX',
      typeCustom: 'BOX',
      label: { de: 'Box', en: 'Box' },
      lengthMm: 800,
      widthMm: 800,
      heightMm: 660,
      volumeNetL: 401.5,
      product: '100100',
      info: { fallbackKeys: ['a', 'b', 'c'] },
      cubeSides: [{ id: 'front', side: 'front', connectionConfiguration: { connections: 2, heightConfigurationProperties: ['height'] }, adapters: { '110': 'A110' } }],
    });
    expect(boxes.propertySets).toEqual([{ id: 'S', groups: [{ id: 'g', name: 'G', properties: [{ id: 'p', name: 'P', fieldType: 'bool', optional: true, defaultValue: 2.5, options: [] }] }] }]);
    expect(boxes.rules).toEqual({ connector: { perStackedPair: 4 }, pipes: { DN_ID_200: '400220' } });
  });

  it('reports bad cells, orphans, unknown columns and rules and missing sheets at their cells', () => {
    const sheets = minimal().filter((s) => s.name !== 'propertySets');
    const items = sheets[0] as RawSheet;
    (items.rows[1] as unknown[])[header('itemTypes').indexOf('lengthMm')] = 'lang';
    (items.rows[0] as unknown[]).push('colour');
    sheets.push(sheet('shaftTypes', [{ itemType: 'NONE', id: 's', name: 'S', isDefault: 'vielleicht' }]));
    const rules = sheets.find((s) => s.name === 'rules') as RawSheet;
    rules.rows.push(['connector.colour', 'blue']);
    const { problems } = readBoxSheets(sheets, 'EUR');
    expect(problems.map((p) => [p.sheet, p.row, p.column, p.messageKey])).toEqual(
      expect.arrayContaining([
        ['itemTypes', 1, 'S', 'catalogueImport.unknownColumn'],
        ['itemTypes', 2, 'G', 'catalogueImport.notANumber'],
        ['shaftTypes', 2, 'H', 'catalogueImport.notABoolean'],
        ['shaftTypes', 2, 'A', 'catalogueImport.unknownParent'],
        ['propertySets', 1, 'A', 'catalogueImport.missingSheet'],
        ['propertyGroups', 2, 'A', 'catalogueImport.unknownParent'],
        ['rules', 4, 'A', 'catalogueImport.unknownRule'],
      ]),
    );
  });

  it('maps the engine’s JSON paths to sheet, row and column', () => {
    const { sources } = readBoxSheets(minimal(), 'EUR');
    expect(locate('$.itemTypes[0].label.en', sources)).toEqual({ sheet: 'itemTypes', row: 2, column: 'F' });
    expect(locate('$.itemTypes[0].label', sources)).toEqual({ sheet: 'itemTypes', row: 2, column: 'E' });
    expect(locate('$.itemTypes[0].cubeSides[0].connectionConfiguration.connections', sources)).toEqual({ sheet: 'cubeSides', row: 2, column: 'H' });
    expect(locate('$.itemTypes[0].cubeSides[0].adapters.110', sources)).toEqual({ sheet: 'cubeSideAdapters', row: 2, column: 'D' });
    expect(locate('$.propertySets[0].groups[0].properties[0].fieldType', sources)).toEqual({ sheet: 'properties', row: 2, column: 'G' });
    expect(locate('$.rules.pipes.DN_ID_200', sources)).toEqual({ sheet: 'rules', row: 3, column: 'B' });
    expect(locate('$.plants[3]', sources)).toBeUndefined();
  });
});

describe('catalogueWorkbook', () => {
  it('writes the demo catalogue so that it reads back unchanged', async () => {
    const demo = await demoCatalogueFiles();
    expect(await readCatalogueFile('t.xlsx', await catalogueWorkbook(demo.products, demo.boxes))).toEqual({ kind: 'catalogue', products: demo.products, boxes: demo.boxes });
  }, 60_000);
});
