/**
 * Sealed-surface spreadsheet template v1.1: reading (planning spec section 4 "Sealed-surface
 * spreadsheet import", section 5 "Upload"; platform spec sections 4–5). Layout (decision 0038,
 * ./README.md):
 *
 * ```
 * row 1   v1.1 ; Name ; Fläche [m²] ; Abflussart ; Cm ; Cs ; Ableitung ; Flächenverschmutzung M153 ; Flächengruppe A102
 * row 2+  <free> ; Dach Nord ; 250 ; Flachdach ; ; ; Grundwasser ; F3 ;
 * ```
 *
 * Row 1 is the header; the version marker `v1.1` is one of its cells (the template writes it in
 * A1) and heads a free column (numbering, remarks) that is ignored. Columns are found by their
 * header text (German or English, any order, any subset); unknown headers are ignored with a
 * warning.
 */
import type { SealedSurfaceData } from '../model/surface.ts';
import { parseCsvRows, parseDecimal } from '../rain/csv.ts';
import { INPUT_LIMITS } from '../tables/defaults.ts';
import type { Drain } from '../tables/measures.ts';
import { RUNOFF_TYPES, type RunoffTypeId } from '../tables/runoff.ts';
import {
  MAX_SURFACE_TEMPLATE_ERRORS,
  templateError,
  templateWarning,
  type SurfaceTemplateError,
  type SurfaceTemplateWarning,
} from './problems.ts';
import {
  DRAIN_LOOKUP,
  HEADER_LOOKUP,
  RUNOFF_LOOKUP,
  SURFACE_TEMPLATE_VERSION,
  areaGroupFrom,
  groundPollutionFrom,
  normalizeHeader,
  normalizeWord,
  type SurfaceTemplateField,
} from './vocabulary.ts';

/** A spreadsheet cell as handed in by CSV or Excel readers (formula cells replaced by their results). */
export type SurfaceTemplateCell = string | number | boolean | null | undefined;

/** A sealed surface to be added to a waterflow: what {@link addSurfaces} takes. */
export interface NewSurface {
  readonly name: string;
  /** Sealed area A_E, m². */
  readonly value?: number | null;
  readonly drain?: Drain | null;
  readonly data?: SealedSurfaceData;
}

/** A surface read from the template: a {@link NewSurface} and the 1-based spreadsheet row it came from. */
export interface ImportedSurface extends NewSurface {
  readonly row: number;
  readonly data: SealedSurfaceData;
}

/** Options of {@link parseSurfaceRows}. */
export interface SurfaceTemplateParseOptions {
  /**
   * Name of a surface whose name cell is empty: the app's translated default new-surface name
   * (the engine does not translate). `index` is the 0-based position among the returned
   * surfaces. Default: `String(index + 1)`.
   */
  readonly defaultName?: (index: number) => string;
  /** More texts to accept as runoff types (e.g. the app's current translations), per type. */
  readonly runoffAliases?: Readonly<Partial<Record<RunoffTypeId, readonly string[]>>>;
}

/** What {@link parseSurfaceRows} and {@link parseSurfaceCsv} return. */
export type SurfaceTemplateResult =
  | { readonly ok: true; readonly surfaces: readonly ImportedSurface[]; readonly warnings: readonly SurfaceTemplateWarning[] }
  | { readonly ok: false; readonly errors: readonly SurfaceTemplateError[] };

/** A value of a runoff coefficient this close outside [0, 1] (floating-point noise of a formula) counts as the bound. */
const C_TOLERANCE = 1e-9;

type Cell = { readonly kind: 'blank' } | { readonly kind: 'text'; readonly text: string } | { readonly kind: 'number'; readonly value: number; readonly text: string } | { readonly kind: 'unreadable' };

function readCell(cell: unknown): Cell {
  if (cell === null || cell === undefined) return { kind: 'blank' };
  if (typeof cell === 'number') return Number.isNaN(cell) ? { kind: 'blank' } : { kind: 'number', value: cell, text: String(cell) };
  if (typeof cell === 'string') {
    const text = cell.trim();
    return text === '' ? { kind: 'blank' } : { kind: 'text', text };
  }
  if (typeof cell === 'boolean') return { kind: 'text', text: cell ? 'TRUE' : 'FALSE' };
  return { kind: 'unreadable' };
}

const cellText = (c: Cell): string => (c.kind === 'text' || c.kind === 'number' ? c.text : '');

/** A version-like header cell: `v1.1`, `V 1.0`, `v2`, `1.1`. */
const VERSION_LIKE = /^(?:v\s*\d+(?:\.\d+)*|\d+(?:\.\d+){1,2})$/i;

/**
 * Reads a number: a number cell as is, text with a decimal comma or dot (`12,5`, `12.5`),
 * unambiguous thousands grouping (`1.250,5`, `1,250.5`, `1 250`) and, for areas, a trailing
 * `m²`/`m2`/`qm`. `1.250` is 1.25 (no grouping without decimals).
 */
function readNumber(c: Cell, unit: boolean): number | undefined {
  if (c.kind === 'number') return Number.isFinite(c.value) ? c.value : undefined;
  if (c.kind !== 'text') return undefined;
  let t = c.text;
  if (unit) t = t.replace(/\s*(?:m²|m2|qm)$/i, '');
  t = t.replace(/[\u00a0\u202f]/g, ' ').trim();
  if (/^[+-]?\d{1,3}(?:\.\d{3})+,\d*$/.test(t)) t = t.replaceAll('.', '');
  else if (/^[+-]?\d{1,3}(?:,\d{3})+\.\d*$/.test(t)) t = t.replaceAll(',', '');
  else if (/^[+-]?\d{1,3}(?: \d{3})+(?:[.,]\d*)?$/.test(t)) t = t.replaceAll(' ', '');
  return parseDecimal(t);
}

/**
 * Reads sealed surfaces (template v1.1) from spreadsheet rows, as a CSV or Excel reader gives
 * them: strings, numbers (formula cells replaced by their results), booleans, empty cells as
 * '', null or undefined.
 *
 * Rules (planning spec section 4): row 1 is the header and must hold the version `v1.1` (else
 * INVALID_VERSION); rows without values are dropped; a missing name becomes
 * `options.defaultName(index)`; the runoff type (id or German/English label) sets cm and cs from
 * the runoff table unless cm or cs are given; cm and cs lie in [0, 1] (`cValueInvalid`); the
 * area is a number ≥ 0; the drain is groundwater or watercourse; the DWA-M 153 category is kept
 * only with the groundwater drain and a valid F class, the DWA-A 102-2 area group only with the
 * watercourse drain and a valid group (else dropped with a warning). Missing cells stay unset:
 * the surface is then incomplete, which the editor shows.
 *
 * @returns the surfaces and warnings, or errors (INVALID_VERSION / INVALID_DATA) with 1-based
 *   `row` and `column`; never throws on any input
 * @example
 * parseSurfaceRows([['v1.1', 'Name', 'Fläche [m²]', 'Abflussart'], [null, 'Dach', '250', 'Flachdach']]);
 * // → { ok: true, surfaces: [{ row: 2, name: 'Dach', value: 250, data: { runoff: 'flatRoof', cm: 0.9, cs: 1 } }], warnings: [] }
 */
export function parseSurfaceRows(rows: readonly (readonly SurfaceTemplateCell[])[], options: SurfaceTemplateParseOptions = {}): SurfaceTemplateResult {
  if (!Array.isArray(rows)) return { ok: false, errors: [templateError('noRows', 'the input is not a list of rows')] };
  const header: readonly unknown[] = Array.isArray(rows[0]) ? rows[0] : [];

  // The version marker: the first version-like cell of row 1.
  let versionColumn = -1;
  for (let c = 0; c < header.length; c++) {
    const text = cellText(readCell(header[c]));
    if (!VERSION_LIKE.test(text)) continue;
    if (text.replace(/\s+/g, '').toLowerCase() !== SURFACE_TEMPLATE_VERSION) {
      return {
        ok: false,
        errors: [
          templateError('versionMismatch', `template version "${text}", expected ${SURFACE_TEMPLATE_VERSION}`, {
            row: 1,
            column: c + 1,
            params: { value: text, expected: SURFACE_TEMPLATE_VERSION },
          }),
        ],
      };
    }
    versionColumn = c;
    break;
  }
  if (versionColumn < 0) {
    return {
      ok: false,
      errors: [
        templateError('versionMissing', `row 1 must hold the template version ${SURFACE_TEMPLATE_VERSION} (cell A1 of the template)`, {
          row: 1,
          column: 1,
          params: { expected: SURFACE_TEMPLATE_VERSION },
        }),
      ],
    };
  }

  // Columns by header text.
  const errors: SurfaceTemplateError[] = [];
  const warnings: SurfaceTemplateWarning[] = [];
  const columns: { readonly column: number; readonly field: SurfaceTemplateField }[] = [];
  const seen = new Map<SurfaceTemplateField, number>();
  for (let c = 0; c < header.length; c++) {
    if (c === versionColumn) continue;
    const cell = readCell(header[c]);
    if (cell.kind === 'blank') continue;
    const text = cellText(cell);
    const field = text === '' ? undefined : HEADER_LOOKUP.get(normalizeHeader(text));
    if (field === undefined) {
      warnings.push(templateWarning('UNKNOWN_COLUMN', `column "${text}" is not a column of the template; it is ignored`, { row: 1, column: c + 1, params: { value: text } }));
      continue;
    }
    const earlier = seen.get(field);
    if (earlier !== undefined) {
      errors.push(
        templateError('duplicateColumn', `column "${text}" names ${field} again (also column ${earlier})`, { row: 1, column: c + 1, field, params: { value: text } }),
      );
      continue;
    }
    seen.set(field, c + 1);
    columns.push({ column: c, field });
  }
  if (columns.length === 0 && errors.length === 0) {
    errors.push(templateError('noColumns', 'row 1 names no column of the template (name, area, runoff type, cm, cs, drain, M153, A102)', { row: 1 }));
  }
  if (errors.length > 0) return { ok: false, errors };

  const runoffLookup = withAliases(options.runoffAliases);
  const defaultName = options.defaultName ?? ((index: number) => String(index + 1));
  const surfaces: ImportedSurface[] = [];
  for (let r = 1; r < rows.length && errors.length < MAX_SURFACE_TEMPLATE_ERRORS; r++) {
    const raw: unknown = rows[r];
    if (!Array.isArray(raw)) continue;
    const row = r + 1;
    const cells = new Map<SurfaceTemplateField, { cell: Cell; column: number }>();
    for (const { column, field } of columns) {
      const cell = readCell(raw[column]);
      if (cell.kind !== 'blank') cells.set(field, { cell, column: column + 1 });
    }
    if (cells.size === 0) continue; // a row with no values is dropped

    const before = errors.length;
    const fail = (field: SurfaceTemplateField, reason: Parameters<typeof templateError>[0], detail: string) => {
      const at = cells.get(field);
      errors.push(templateError(reason, detail, { row, column: at?.column, field, params: { value: at === undefined ? '' : cellText(at.cell) } }));
    };
    for (const [field, { cell }] of cells) {
      if (cell.kind === 'unreadable') fail(field, 'unreadableCell', 'the cell is neither text nor a number');
    }
    if (errors.length > before) continue;
    const get = (field: SurfaceTemplateField) => cells.get(field);

    // Area
    let value: number | undefined;
    const area = get('value');
    if (area !== undefined) {
      value = readNumber(area.cell, true);
      if (value === undefined) fail('value', 'notANumber', `area "${cellText(area.cell)}" is not a number (m²)`);
      else if (value < 0) fail('value', 'negativeArea', `area ${value} m² is negative`);
      else value += 0; // -0 → 0
    }

    // Runoff type and coefficients
    let runoff: RunoffTypeId | undefined;
    const runoffCell = get('runoff');
    if (runoffCell !== undefined) {
      runoff = runoffLookup.get(normalizeWord(cellText(runoffCell.cell)));
      if (runoff === undefined) fail('runoff', 'unknownRunoff', `"${cellText(runoffCell.cell)}" is no runoff type (an id or a German/English label)`);
    }
    const coefficient = (field: 'cm' | 'cs'): number | undefined => {
      const at = get(field);
      if (at === undefined) return undefined;
      const v = readNumber(at.cell, false);
      if (v === undefined) {
        fail(field, 'notANumber', `${field} "${cellText(at.cell)}" is not a number`);
        return undefined;
      }
      const min = INPUT_LIMITS.runoffCoefficientMin;
      const max = INPUT_LIMITS.runoffCoefficientMax;
      if (v < min - C_TOLERANCE || v > max + C_TOLERANCE) {
        fail(field, 'cValueInvalid', `${field} ${v} lies outside [${min}, ${max}]`);
        return undefined;
      }
      return Math.min(max, Math.max(min, v));
    };
    const type = runoff === undefined ? undefined : RUNOFF_TYPES.find((t) => t.id === runoff);
    const cm = coefficient('cm') ?? type?.cm;
    const cs = coefficient('cs') ?? type?.cs;

    // Drain and categories
    let drain: Drain | undefined;
    const drainCell = get('drain');
    if (drainCell !== undefined) {
      drain = DRAIN_LOOKUP.get(normalizeWord(cellText(drainCell.cell)));
      if (drain === undefined) fail('drain', 'unknownDrain', `"${cellText(drainCell.cell)}" is no drain (groundwater or watercourse)`);
    }
    if (errors.length > before) continue;

    const data: { -readonly [K in keyof SealedSurfaceData]: SealedSurfaceData[K] } = {};
    if (runoff !== undefined) data.runoff = runoff;
    if (cm !== undefined) data.cm = cm;
    if (cs !== undefined) data.cs = cs;
    const m153 = get('groundPollutionM153');
    if (m153 !== undefined) {
      const text = cellText(m153.cell);
      const id = groundPollutionFrom(text);
      if (id !== undefined && drain === 'Groundwater') data.groundPollutionM153 = id;
      else {
        const why = id === undefined ? `"${text}" is no DWA-M 153 category (F1 … F7)` : 'the drain is not groundwater';
        warnings.push(templateWarning('M153_DROPPED', `M153 category dropped: ${why}`, { row, column: m153.column, field: 'groundPollutionM153', params: { value: text } }));
      }
    }
    const a102 = get('areaGroupA102');
    if (a102 !== undefined) {
      const text = cellText(a102.cell);
      const id = areaGroupFrom(text);
      if (id !== undefined && drain === 'Watercourse') data.areaGroupA102 = id;
      else {
        const why = id === undefined ? `"${text}" is no DWA-A 102-2 area group` : 'the drain is not watercourse';
        warnings.push(templateWarning('A102_DROPPED', `A102 area group dropped: ${why}`, { row, column: a102.column, field: 'areaGroupA102', params: { value: text } }));
      }
    }

    const nameCell = get('name');
    let name = nameCell === undefined ? '' : cellText(nameCell.cell);
    if (name === '') {
      name = defaultName(surfaces.length);
      warnings.push(templateWarning('DEFAULT_NAME', `no name: "${name}" given`, { row, column: nameColumn(columns), field: 'name', params: { value: name } }));
    }
    surfaces.push({ row, name, ...(value === undefined ? {} : { value }), ...(drain === undefined ? {} : { drain }), data });
  }
  if (errors.length > 0) return { ok: false, errors };
  return { ok: true, surfaces, warnings };
}

function nameColumn(columns: readonly { readonly column: number; readonly field: SurfaceTemplateField }[]): number | undefined {
  const c = columns.find((x) => x.field === 'name');
  return c === undefined ? undefined : c.column + 1;
}

function withAliases(aliases: SurfaceTemplateParseOptions['runoffAliases']): ReadonlyMap<string, RunoffTypeId> {
  if (aliases === undefined || aliases === null || typeof aliases !== 'object') return RUNOFF_LOOKUP;
  const map = new Map(RUNOFF_LOOKUP);
  for (const type of RUNOFF_TYPES) {
    const words: unknown = aliases[type.id];
    if (!Array.isArray(words)) continue;
    for (const word of words) {
      if (typeof word !== 'string') continue;
      const n = normalizeWord(word);
      if (n !== '' && !map.has(n)) map.set(n, type.id);
    }
  }
  return map;
}

/**
 * Reads sealed surfaces (template v1.1) from CSV text: separator `;`, `,` or tab (detected),
 * decimal comma or dot, quoted cells, UTF-8 with or without byte-order mark. See
 * {@link parseSurfaceRows} for the rules.
 */
export function parseSurfaceCsv(text: string, options: SurfaceTemplateParseOptions = {}): SurfaceTemplateResult {
  if (typeof text !== 'string') return { ok: false, errors: [templateError('noRows', 'the file is not text')] };
  return parseSurfaceRows(parseCsvRows(text), options);
}
