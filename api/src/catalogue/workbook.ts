/**
 * The whole catalogue as an Excel workbook (decision 0099, docs/catalogue-import.md): one sheet per
 * table of the engine's catalogue files — `products` (products.json) and the box catalogue
 * (boxes.json: item types with their cube sides, adapters and shaft types, plants, property sets
 * with groups, properties and options, quantity rules). Row 1 of every sheet is its header (column
 * names below, any case); a child table names its parent by key columns (`itemType`,
 * `propertySet`, `group`, …). Rows keep their order. Empty cells are absent values; lists are
 * comma-separated.
 *
 * `readCatalogueSheets` turns the workbook's rows into the two catalogue files and a source map
 * from JSON paths to sheet, row and column, so that every problem the engine's `parseCatalogue`
 * finds is reported at its cell. `catalogueWorkbook` writes the inverse (the download template),
 * so that a written workbook reads back to the same files.
 */
import ExcelJS from 'exceljs';
import { CatalogueRulesSchema, type BoxCatalogueFile, type CatalogueError } from '@rainplan/engine/catalogue';
import type { ProductInput } from './store.ts';

/** How a cell is read: text, number, whole number, yes/no, comma-separated list, or any of text/number/yes-no. */
export type CellKind = 'string' | 'number' | 'integer' | 'boolean' | 'list' | 'scalar';

export interface ColumnSpec {
  /** Header of the column (matched ignoring case and non-alphanumerics). */
  readonly header: string;
  /** Dotted path of the value inside the row's object (`label.de`). */
  readonly path: string;
  readonly kind: CellKind;
  readonly required?: boolean;
}

export interface SheetSpec {
  readonly name: string;
  /** Columns naming the parent row (not stored in the object). */
  readonly parents: readonly string[];
  readonly columns: readonly ColumnSpec[];
}

const col = (header: string, kind: CellKind = 'string', required = false, path = header): ColumnSpec => ({ header, path, kind, required });
const label = [col('labelDe', 'string', false, 'label.de'), col('labelEn', 'string', false, 'label.en')];

/** The sheets of the box catalogue, in the order they are read and written. */
export const BOX_SHEETS: readonly SheetSpec[] = [
  {
    name: 'itemTypes',
    parents: [],
    columns: [
      col('businessId', 'string', true),
      col('type', 'string', true),
      col('typeCustom', 'string', true),
      col('variant'),
      ...label,
      col('lengthMm', 'number', true),
      col('widthMm', 'number', true),
      col('heightMm', 'number'),
      col('volumeNetL', 'number', true),
      col('shaftDepthM', 'number'),
      col('execution'),
      col('boxPackage'),
      col('product', 'string', true),
      col('propertySetId'),
      col('infoDisplayId', 'string', false, 'info.displayId'),
      col('infoTranslationKey', 'string', false, 'info.translationKey'),
      col('infoFallbackKeys', 'list', false, 'info.fallbackKeys'),
    ],
  },
  {
    name: 'cubeSides',
    parents: ['itemType'],
    columns: [
      col('id', 'string', true),
      col('side', 'string', true),
      col('propertySetId'),
      col('product'),
      col('productsAmount', 'integer'),
      col('maxPipeDiameter', 'number'),
      col('connections', 'integer', false, 'connectionConfiguration.connections'),
      col('heightConfigurationProperties', 'list', false, 'connectionConfiguration.heightConfigurationProperties'),
    ],
  },
  {
    name: 'cubeSideAdapters',
    parents: ['itemType', 'cubeSide'],
    columns: [col('diameterMm', 'string', true), col('product', 'string', true)],
  },
  {
    name: 'shaftTypes',
    parents: ['itemType'],
    columns: [col('id', 'string', true), col('name', 'string', true), ...label, col('propertySetId'), col('product'), col('isDefault', 'boolean')],
  },
  {
    name: 'plants',
    parents: [],
    columns: [
      col('propertyId', 'string', true),
      col('name', 'string', true),
      ...label,
      col('groupName', 'string', true),
      col('configurationPropertySetId'),
      col('diameterMm', 'number', true),
      col('product', 'string', true),
    ],
  },
  { name: 'propertySets', parents: [], columns: [col('id', 'string', true), col('name')] },
  { name: 'propertyGroups', parents: ['propertySet'], columns: [col('id', 'string', true), col('name', 'string', true), ...label] },
  {
    name: 'properties',
    parents: ['propertySet', 'group'],
    columns: [
      col('id', 'string', true),
      col('name', 'string', true),
      ...label,
      col('fieldType', 'string', true),
      col('optional', 'boolean'),
      col('dependent', 'boolean'),
      col('dependentOn', 'list'),
      col('dependentProperties', 'list'),
      col('min', 'number'),
      col('max', 'number'),
      col('step', 'number'),
      col('defaultValue', 'scalar'),
    ],
  },
  {
    name: 'propertyOptions',
    parents: ['propertySet', 'group', 'property'],
    columns: [
      col('id', 'string', true),
      col('name', 'string', true),
      ...label,
      col('required', 'boolean'),
      col('isDefault', 'boolean'),
      col('dependentProperties', 'list'),
      col('productId'),
    ],
  },
  { name: 'rules', parents: [], columns: [col('rule', 'string', true), col('value', 'scalar', true)] },
];

/** The products sheet as written in the template (the reader also accepts the aliases of import.ts). */
export const PRODUCT_COLUMNS = ['materialNumber', 'orderNumber', 'nameDe', 'nameEn', 'longTextDe', 'longTextEn', 'unit', 'listPrice', 'currency'] as const;

export const PRODUCTS_SHEET = 'products';
/** Sheets a catalogue workbook must have; the others may be left out when they would be empty. */
export const REQUIRED_SHEETS = [PRODUCTS_SHEET, 'itemTypes', 'propertySets', 'rules'] as const;

/** One problem of an imported file, at its sheet, row (1-based) and column letter. */
export interface ImportProblem {
  readonly sheet: string | null;
  readonly row: number;
  readonly column: string;
  readonly messageKey: string;
  readonly message: string;
}

/** At most this many problems are reported per file. */
export const MAX_PROBLEMS = 50;

export const normalizeHeader = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

/** Spreadsheet column letter of a 0-based index. */
export function columnLetter(index: number): string {
  let n = index + 1;
  let letters = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    letters = String.fromCharCode(65 + r) + letters;
    n = Math.floor((n - 1) / 26);
  }
  return letters;
}

/** A worksheet as raw cell values (row 0 = the header). */
export interface RawSheet {
  readonly name: string;
  readonly rows: unknown[][];
}

/** A cell's value: formula cells give their result, rich text its text; empty cells are null. */
export function cellValue(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') {
    const v = value as { result?: unknown; richText?: Array<{ text: string }>; text?: unknown; error?: unknown; formula?: unknown };
    if (v.richText !== undefined) return v.richText.map((t) => t.text).join('');
    if ('formula' in v || 'sharedFormula' in v) return cellValue(v.result);
    if (v.error !== undefined) return `#${String(v.error)}`;
    if (v.text !== undefined) return String(v.text);
    return null;
  }
  if (typeof value === 'string' && value.trim() === '') return null;
  return value;
}

export const cellText = (value: unknown): string => {
  const v = cellValue(value);
  return v === null ? '' : String(v);
};

/** Every worksheet of a workbook as raw values. */
export function rawSheets(workbook: ExcelJS.Workbook): RawSheet[] {
  return workbook.worksheets.map((sheet) => {
    const rows: unknown[][] = [];
    sheet.eachRow({ includeEmpty: true }, (row, rowNumber) => {
      const values: unknown[] = [];
      row.eachCell({ includeEmpty: true }, (cell, colNumber) => {
        values[colNumber - 1] = cellValue(cell.value);
      });
      rows[rowNumber - 1] = Array.from(values, (v) => v ?? null);
    });
    return { name: sheet.name, rows: Array.from(rows, (r) => r ?? []) };
  });
}

/** Where a value of the catalogue files came from. */
interface Source {
  readonly sheet: string;
  readonly row: number;
  /** Column letter per path inside the object (and '' for the row's first column). */
  readonly columns: ReadonlyMap<string, string>;
}

export interface SheetReadResult {
  readonly boxes: BoxCatalogueFile;
  /** JSON path (`$.itemTypes[3].cubeSides[1]`) → source row. */
  readonly sources: ReadonlyMap<string, Source>;
  readonly problems: readonly ImportProblem[];
}

const YES = new Set(['true', 'yes', 'ja', 'wahr', 'x', '1']);
const NO = new Set(['false', 'no', 'nein', 'falsch', '0']);

class Problems {
  readonly list: ImportProblem[] = [];
  add(sheet: string | null, row: number, column: string, messageKey: string, message: string): void {
    if (this.list.length < MAX_PROBLEMS) this.list.push({ sheet, row, column, messageKey, message });
  }
  get full(): boolean {
    return this.list.length >= MAX_PROBLEMS;
  }
}

function setPath(target: Record<string, unknown>, path: string, value: unknown): void {
  const parts = path.split('.');
  let node = target;
  for (const part of parts.slice(0, -1)) {
    node[part] ??= {};
    node = node[part] as Record<string, unknown>;
  }
  node[parts[parts.length - 1] as string] = value;
}

function getPath(source: unknown, path: string): unknown {
  let node = source;
  for (const part of path.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

/** Reads one cell by its column's kind; a problem answers undefined. */
function convert(raw: unknown, kind: CellKind, fail: (key: string, what: string) => void): unknown {
  if (raw === null) return undefined;
  switch (kind) {
    case 'string':
      return typeof raw === 'number' ? String(raw) : String(raw).trim();
    case 'list': {
      const items = String(raw)
        .split(',')
        .map((s) => s.trim())
        .filter((s) => s !== '');
      return items.length === 0 ? undefined : items;
    }
    case 'boolean': {
      if (typeof raw === 'boolean') return raw;
      const text = String(raw).trim().toLowerCase();
      if (YES.has(text)) return true;
      if (NO.has(text)) return false;
      fail('catalogueImport.notABoolean', `"${String(raw)}" is not true or false`);
      return undefined;
    }
    case 'number':
    case 'integer': {
      const n = typeof raw === 'number' ? raw : /^\s*-?\d+([.,]\d+)?\s*$/.test(String(raw)) ? Number(String(raw).trim().replace(',', '.')) : Number.NaN;
      if (!Number.isFinite(n)) {
        fail('catalogueImport.notANumber', `"${String(raw)}" is not a number`);
        return undefined;
      }
      if (kind === 'integer' && !Number.isInteger(n)) {
        fail('catalogueImport.notAnInteger', `"${String(raw)}" is not a whole number`);
        return undefined;
      }
      return n;
    }
    case 'scalar':
      return typeof raw === 'string' ? raw.trim() : raw;
  }
}

const CHILDREN: Record<string, Record<string, unknown[]>> = {
  itemTypes: { cubeSides: [] },
  propertySets: { groups: [] },
  propertyGroups: { properties: [] },
  properties: { options: [] },
};

/** Rule keys (`connector.product`, `pipes.DN_ID_200`, …) and whether their value is a number. */
function ruleKind(key: string): 'string' | 'number' | 'integer' | undefined {
  const [group, leaf, ...rest] = key.split('.');
  if (group === undefined || leaf === undefined || rest.length > 0) return undefined;
  const groupSchema = (CatalogueRulesSchema.properties as Record<string, { properties?: Record<string, { type?: string }>; type?: string }>)[group];
  if (groupSchema === undefined) return undefined;
  if (groupSchema.properties === undefined) return 'string'; // pipes: a product per pipe type (the engine checks the type ids)
  const type = groupSchema.properties[leaf]?.type;
  return type === 'number' ? 'number' : type === 'integer' ? 'integer' : type === 'string' ? 'string' : undefined;
}

/**
 * Builds the box catalogue file from the box sheets of a workbook (sheets found by name, ignoring
 * case). Cell problems, unknown columns and rows whose parent does not exist are reported with
 * sheet, row and column; everything else is left to the engine's `parseCatalogue`.
 */
export function readBoxSheets(sheets: readonly RawSheet[], currency: string): SheetReadResult {
  const problems = new Problems();
  const sources = new Map<string, Source>();
  const boxes = { currency, itemTypes: [], plants: [], propertySets: [], rules: {} } as unknown as BoxCatalogueFile & Record<string, unknown>;
  const byName = new Map(sheets.map((s) => [normalizeHeader(s.name), s] as const));
  /** Parent rows by sheet name and key path (keys joined with NUL). */
  const index = new Map<string, Map<string, { object: Record<string, unknown>; path: string }>>();
  const register = (sheet: string, key: string, object: Record<string, unknown>, path: string) => {
    let map = index.get(sheet);
    if (map === undefined) index.set(sheet, (map = new Map()));
    map.set(key, { object, path });
  };
  const PARENT_SHEET: Record<string, string> = { itemType: 'itemTypes', cubeSide: 'cubeSides', propertySet: 'propertySets', group: 'propertyGroups', property: 'properties' };
  const KEY_OF: Record<string, string> = { itemTypes: 'businessId', plants: 'propertyId' };

  for (const spec of BOX_SHEETS) {
    const sheet = byName.get(normalizeHeader(spec.name));
    if (sheet === undefined) {
      if ((REQUIRED_SHEETS as readonly string[]).includes(spec.name)) problems.add(spec.name, 1, 'A', 'catalogueImport.missingSheet', `the workbook has no sheet "${spec.name}"`);
      continue;
    }
    const header = (sheet.rows[0] ?? []).map((v) => cellText(v));
    const columnIndex = new Map<string, number>();
    header.forEach((text, i) => {
      const key = normalizeHeader(text);
      if (key === '') return;
      const known = [...spec.parents, ...spec.columns.map((c) => c.header)].find((h) => normalizeHeader(h) === key);
      if (known === undefined) problems.add(sheet.name, 1, columnLetter(i), 'catalogueImport.unknownColumn', `unknown column "${text}" (columns: ${[...spec.parents, ...spec.columns.map((c) => c.header)].join(', ')})`);
      else if (columnIndex.has(known)) problems.add(sheet.name, 1, columnLetter(i), 'catalogueImport.duplicateColumn', `column "${text}" appears twice`);
      else columnIndex.set(known, i);
    });
    const missing = [...spec.parents, ...spec.columns.filter((c) => c.required === true).map((c) => c.header)].filter((h) => !columnIndex.has(h));
    if (missing.length > 0) {
      problems.add(sheet.name, 1, columnLetter(header.length), 'catalogueImport.missingColumn', `no column ${missing.join(', ')}`);
      continue;
    }
    const letter = (h: string) => columnLetter(columnIndex.get(h) ?? 0);
    for (let r = 1; r < sheet.rows.length && !problems.full; r++) {
      const row = sheet.rows[r] ?? [];
      if (row.every((v) => v === null || v === undefined)) continue;
      const rowNumber = r + 1;
      const fail = (h: string) => (key: string, what: string) => problems.add(sheet.name, rowNumber, letter(h), key, `${sheet.name} row ${rowNumber}, column ${letter(h)} (${h}): ${what}`);
      const raw = (h: string) => {
        const i = columnIndex.get(h);
        return i === undefined ? null : (row[i] ?? null);
      };
      // Parent keys.
      const parentKeys: string[] = [];
      let parentOk = true;
      for (const p of spec.parents) {
        const key = convert(raw(p), 'string', fail(p)) as string | undefined;
        if (key === undefined || key === '') {
          fail(p)('catalogueImport.required', 'empty');
          parentOk = false;
        }
        parentKeys.push(key ?? '');
      }
      const object: Record<string, unknown> = {};
      const columns = new Map<string, string>([['', letter(spec.columns[0]?.header ?? '')]]);
      // A row with bad cells still takes its place (the import fails anyway), so that its children
      // are not reported as orphans.
      for (const column of spec.columns) {
        columns.set(column.path, letter(column.header));
        const value = convert(raw(column.header), column.kind, fail(column.header));
        if (value === undefined) {
          if (raw(column.header) === null && column.required === true) fail(column.header)('catalogueImport.required', 'empty');
          continue;
        }
        setPath(object, column.path, value);
      }
      if (!parentOk) continue;
      const source = (path: string) => sources.set(path, { sheet: sheet.name, row: rowNumber, columns });
      if (spec.name === 'rules') {
        const key = object['rule'];
        if (typeof key !== 'string') continue;
        const kind = ruleKind(key);
        if (kind === undefined) {
          fail('rule')('catalogueImport.unknownRule', `unknown rule "${key}"`);
          continue;
        }
        const value = convert(raw('value'), kind, fail('value'));
        if (value === undefined) continue;
        if (getPath(boxes.rules, key) !== undefined) {
          fail('rule')('catalogueImport.duplicate', `rule ${key} appears twice`);
          continue;
        }
        setPath(boxes.rules as Record<string, unknown>, key, value);
        sources.set(`$.rules.${key}`, { sheet: sheet.name, row: rowNumber, columns: new Map([['', letter('value')]]) });
        const [group] = key.split('.');
        if (!sources.has(`$.rules.${group}`)) sources.set(`$.rules.${group}`, { sheet: sheet.name, row: rowNumber, columns: new Map([['', letter('rule')]]) });
        continue;
      }
      Object.assign(object, structuredClone(CHILDREN[spec.name] ?? {}));
      let parent: { object: Record<string, unknown>; path: string } | undefined;
      if (spec.parents.length > 0) {
        const parentSheet = PARENT_SHEET[spec.parents[spec.parents.length - 1] as string] as string;
        parent = index.get(parentSheet)?.get(parentKeys.join('\u0000'));
        if (parent === undefined) {
          const last = spec.parents[spec.parents.length - 1] as string;
          fail(last)('catalogueImport.unknownParent', `no row ${parentKeys.join(' / ')} in sheet ${parentSheet}`);
          continue;
        }
      }
      const ownKey = [...parentKeys, String(object[KEY_OF[spec.name] ?? 'id'] ?? '')].join('\u0000');
      switch (spec.name) {
        case 'itemTypes':
        case 'plants':
        case 'propertySets': {
          const list = boxes[spec.name] as unknown as Record<string, unknown>[];
          const path = `$.${spec.name}[${list.length}]`;
          list.push(object);
          source(path);
          register(spec.name, ownKey, object, path);
          break;
        }
        case 'cubeSides':
        case 'propertyGroups':
        case 'properties':
        case 'propertyOptions': {
          const field = { cubeSides: 'cubeSides', propertyGroups: 'groups', properties: 'properties', propertyOptions: 'options' }[spec.name];
          const list = parent!.object[field] as Record<string, unknown>[];
          const path = `${parent!.path}.${field}[${list.length}]`;
          list.push(object);
          source(path);
          register(spec.name, ownKey, object, path);
          break;
        }
        case 'shaftTypes': {
          const configuration = (parent!.object['shaftConfiguration'] ??= { shaftTypes: [] }) as { shaftTypes: Record<string, unknown>[] };
          const path = `${parent!.path}.shaftConfiguration.shaftTypes[${configuration.shaftTypes.length}]`;
          configuration.shaftTypes.push(object);
          source(path);
          if (!sources.has(`${parent!.path}.shaftConfiguration`)) source(`${parent!.path}.shaftConfiguration`);
          break;
        }
        case 'cubeSideAdapters': {
          const adapters = (parent!.object['adapters'] ??= {}) as Record<string, unknown>;
          const dn = object['diameterMm'] as string;
          if (adapters[dn] !== undefined) {
            fail('diameterMm')('catalogueImport.duplicate', `adapter DN ${dn} appears twice for ${parentKeys.join(' / ')}`);
            continue;
          }
          adapters[dn] = object['product'];
          sources.set(`${parent!.path}.adapters.${dn}`, { sheet: sheet.name, row: rowNumber, columns: new Map([['', letter('product')]]) });
          if (!sources.has(`${parent!.path}.adapters`)) sources.set(`${parent!.path}.adapters`, { sheet: sheet.name, row: rowNumber, columns: new Map([['', letter('diameterMm')]]) });
          break;
        }
      }
    }
  }
  return { boxes, sources, problems: problems.list };
}

/** The sheet, row and column of an engine problem's JSON path (`$.itemTypes[3].label.de`). */
export function locate(path: string, sources: ReadonlyMap<string, Source>): { sheet: string; row: number; column: string } | undefined {
  let prefix = path;
  let rest = '';
  for (;;) {
    const source = sources.get(prefix);
    if (source !== undefined) {
      const field = rest.replace(/^\./, '').replace(/\[\d+\]$/, '');
      const exact = source.columns.get(field);
      const under = [...source.columns.entries()].find(([p]) => p !== '' && (p.startsWith(`${field}.`) || field.startsWith(`${p}.`)))?.[1];
      return { sheet: source.sheet, row: source.row, column: exact ?? under ?? source.columns.get('') ?? 'A' };
    }
    const cut = Math.max(prefix.lastIndexOf('.'), prefix.lastIndexOf('['));
    if (cut <= 1) return undefined;
    rest = prefix.slice(cut) + rest;
    prefix = prefix.slice(0, cut);
  }
}

/** An engine problem of the assembled catalogue as an import problem at its cell, with the engine's message key (`catalogueImport.*`). */
export function engineProblem(error: CatalogueError, boxSources: ReadonlyMap<string, Source>, productSources: ReadonlyMap<string, Source>): ImportProblem {
  const at = locate(error.path, error.file === 'products' ? productSources : boxSources);
  const where = at === undefined ? '' : `${at.sheet} row ${at.row}, column ${at.column}: `;
  return { sheet: at?.sheet ?? null, row: at?.row ?? 1, column: at?.column ?? 'A', messageKey: error.messageKey, message: `${where}${error.message} (${error.path})` };
}

/** Source map of the products sheet: `$.products[i]` → its row, columns by field. */
export function productSources(sheet: string, rows: readonly number[], columns: ReadonlyMap<string, string>): Map<string, Source> {
  return new Map(rows.map((row, i) => [`$.products[${i}]`, { sheet, row, columns }] as const));
}

type Cell = string | number | boolean | null;

/** The rows of one sheet written from the catalogue files (the inverse of `readBoxSheets`). */
function sheetRows(spec: SheetSpec, boxes: BoxCatalogueFile): Cell[][] {
  const out = (parents: readonly string[], object: unknown): Cell[] => [
    ...parents,
    ...spec.columns.map((c) => {
      const value = getPath(object, c.path);
      if (value === undefined || value === null) return null;
      if (Array.isArray(value)) return value.join(', ');
      return value as Cell;
    }),
  ];
  switch (spec.name) {
    case 'itemTypes':
      return boxes.itemTypes.map((t) => out([], t));
    case 'cubeSides':
      return boxes.itemTypes.flatMap((t) => t.cubeSides.map((s) => out([t.businessId], s)));
    case 'cubeSideAdapters':
      return boxes.itemTypes.flatMap((t) => t.cubeSides.flatMap((s) => Object.entries(s.adapters ?? {}).map(([dn, product]) => out([t.businessId, s.id], { diameterMm: dn, product }))));
    case 'shaftTypes':
      return boxes.itemTypes.flatMap((t) => (t.shaftConfiguration?.shaftTypes ?? []).map((s) => out([t.businessId], s)));
    case 'plants':
      return boxes.plants.map((p) => out([], p));
    case 'propertySets':
      return boxes.propertySets.map((s) => out([], s));
    case 'propertyGroups':
      return boxes.propertySets.flatMap((s) => s.groups.map((g) => out([s.id], g)));
    case 'properties':
      return boxes.propertySets.flatMap((s) => s.groups.flatMap((g) => g.properties.map((p) => out([s.id, g.id], p))));
    case 'propertyOptions':
      return boxes.propertySets.flatMap((s) => s.groups.flatMap((g) => g.properties.flatMap((p) => p.options.map((o) => out([s.id, g.id, p.id], o)))));
    case 'rules': {
      const rows: Cell[][] = [];
      for (const [group, value] of Object.entries(boxes.rules)) for (const [leaf, v] of Object.entries(value as Record<string, Cell>)) rows.push([`${group}.${leaf}`, v]);
      return rows;
    }
    default:
      return [];
  }
}

/** A fixed date, so that the same catalogue always writes the same workbook. */
const WORKBOOK_DATE = new Date('2026-01-01T00:00:00Z');

/**
 * The catalogue as a workbook in the import format (the template and the export of the current
 * catalogue): `products` first, then every box sheet; header rows bold and frozen.
 */
export async function catalogueWorkbook(products: readonly ProductInput[], boxes: BoxCatalogueFile): Promise<Uint8Array> {
  const book = new ExcelJS.Workbook();
  book.creator = 'rainplan';
  book.created = WORKBOOK_DATE;
  book.modified = WORKBOOK_DATE;
  const add = (name: string, header: readonly string[], rows: readonly Cell[][], money?: number) => {
    const sheet = book.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.addRow([...header]).font = { bold: true };
    for (const row of rows) sheet.addRow(row.map((v) => v ?? undefined));
    header.forEach((h, i) => {
      const column = sheet.getColumn(i + 1);
      const widest = Math.max(h.length, ...rows.map((r) => String(r[i] ?? '').length));
      column.width = Math.min(60, Math.max(10, widest + 2));
      if (money === i) column.numFmt = '0.00';
    });
  };
  add(
    PRODUCTS_SHEET,
    PRODUCT_COLUMNS,
    products.map((p) => PRODUCT_COLUMNS.map((c) => (c === 'listPrice' ? Number(p.listPrice) : (p[c] ?? null)))),
    PRODUCT_COLUMNS.indexOf('listPrice'),
  );
  for (const spec of BOX_SHEETS) add(spec.name, [...spec.parents, ...spec.columns.map((c) => c.header)], sheetRows(spec, boxes));
  return new Uint8Array(await book.xlsx.writeBuffer());
}
