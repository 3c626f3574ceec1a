import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as engine from '../index.ts';
import { customRainTemplateCsv } from '../rain/customRain.ts';
import { RUNOFF_TYPES } from '../tables/runoff.ts';
import { parseSurfaceCsv, parseSurfaceRows, type SurfaceTemplateCell } from './parse.ts';
import { MAX_SURFACE_TEMPLATE_ERRORS, SURFACE_TEMPLATE_ERROR_REASONS } from './problems.ts';
import {
  DRAIN_LOOKUP,
  HEADER_LOOKUP,
  RUNOFF_LOOKUP,
  SURFACE_TEMPLATE_DRAIN_LABELS,
  SURFACE_TEMPLATE_FIELDS,
  SURFACE_TEMPLATE_HEADERS,
  SURFACE_TEMPLATE_RUNOFF_LABELS,
  normalizeHeader,
  normalizeWord,
} from './vocabulary.ts';
import { surfaceTemplateCsv, surfaceTemplateRows } from './write.ts';

const FIXTURES = new URL('../../../fixtures/surfaces/', import.meta.url);
const DE = ['v1.1', ...SURFACE_TEMPLATE_FIELDS.map((f) => SURFACE_TEMPLATE_HEADERS.de[f])];
const EN = ['v1.1', ...SURFACE_TEMPLATE_FIELDS.map((f) => SURFACE_TEMPLATE_HEADERS.en[f])];

type Rows = readonly (readonly SurfaceTemplateCell[])[];
const errorsOf = (rows: Rows) => {
  const r = parseSurfaceRows(rows);
  return r.ok ? [] : r.errors.map((e) => ({ code: e.code, reason: e.reason, row: e.row, column: e.column }));
};
const surfacesOf = (rows: Rows, options = {}) => {
  const r = parseSurfaceRows(rows, options);
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.surfaces;
};
const warningsOf = (rows: Rows) => {
  const r = parseSurfaceRows(rows);
  return r.ok ? r.warnings.map((w) => ({ code: w.code, row: w.row, column: w.column })) : [];
};

describe('surface template v1.1: fixtures', () => {
  it('reads the filled example (German headers, labels and an id, decimal comma, a blank row, a missing name, a dropped area group)', () => {
    const r = parseSurfaceCsv(readFileSync(new URL('surface-template-v1.1.csv', FIXTURES), 'utf8'), { defaultName: (i) => `Fläche ${i + 1}` });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.surfaces).toEqual([
      { row: 2, name: 'Dach Haus A', value: 420.5, drain: 'Groundwater', data: { runoff: 'flatRoof', cm: 0.9, cs: 1, groundPollutionM153: 'F2' } },
      { row: 3, name: 'Dach Garage', value: 36, drain: 'Groundwater', data: { runoff: 'extensiveGreenRoofBelow5Deg', cm: 0.2, cs: 0.4, groundPollutionM153: 'F1' } },
      { row: 4, name: 'Hof', value: 310, drain: 'Groundwater', data: { runoff: 'concreteBlockPaving', cm: 0.7, cs: 0.9, groundPollutionM153: 'F3' } },
      { row: 5, name: 'Zufahrt', value: 185.25, drain: 'Watercourse', data: { runoff: 'blacktop', cm: 0.85, cs: 1, areaGroupA102: 'V1' } },
      { row: 6, name: 'Parkplatz', value: 640, drain: 'Watercourse', data: { runoff: 'concreteBlockPaving', cm: 0.7, cs: 0.9, areaGroupA102: 'VW2' } },
      { row: 7, name: 'Fläche 6', value: 12, drain: 'Groundwater', data: { runoff: 'grassPaversLowTraffic', cm: 0.1, cs: 0.2, groundPollutionM153: 'F3' } },
      { row: 9, name: 'Terrasse', value: 48, drain: 'Groundwater', data: { runoff: 'pavingJointCompaction', cm: 0.8, cs: 1, groundPollutionM153: 'F2' } },
    ]);
    expect(r.warnings.map((w) => [w.code, w.row, w.column, w.field, w.messageKey])).toEqual([
      ['DEFAULT_NAME', 7, 2, 'name', 'surfaceTemplate.defaultName'],
      ['A102_DROPPED', 9, 9, 'areaGroupA102', 'surfaceTemplate.a102Dropped'],
    ]);
  });

  it('the empty template fixtures are what surfaceTemplateCsv() writes, and they hold no surface', () => {
    for (const language of ['de', 'en'] as const) {
      const text = readFileSync(new URL(`surface-template-v1.1-empty-${language}.csv`, FIXTURES), 'utf8');
      expect(text).toBe(surfaceTemplateCsv(language));
      expect(parseSurfaceCsv(text)).toEqual({ ok: true, surfaces: [], warnings: [] });
    }
    expect(surfaceTemplateCsv()).toBe(surfaceTemplateCsv('de'));
    expect(surfaceTemplateCsv('de').split('\r\n')[0]).toBe('v1.1;Name;Fläche [m²];Abflussart;Cm;Cs;Ableitung;Flächenverschmutzung M153;Flächengruppe A102');
    expect(surfaceTemplateCsv('en', { delimiter: ',' }).split('\r\n')[0]).toBe('v1.1,Name,Area [m²],Runoff type,Cm,Cs,Drain,Ground pollution M153,Area group A102');
  });
});

describe('surface template v1.1: headers and values', () => {
  it('reads English headers and labels', () => {
    expect(
      surfacesOf([
        EN,
        [null, 'Roof', 250, 'Pitched roof', null, null, 'Groundwater', 'F4', null],
        [null, 'Street', '1,000.5', 'Concrete', '', '', 'Watercourse', '', 'SD2'],
      ]),
    ).toEqual([
      { row: 2, name: 'Roof', value: 250, drain: 'Groundwater', data: { runoff: 'pitchedRoof', cm: 0.9, cs: 1, groundPollutionM153: 'F4' } },
      { row: 3, name: 'Street', value: 1000.5, drain: 'Watercourse', data: { runoff: 'concrete', cm: 0.9, cs: 1, areaGroupA102: 'SD2' } },
    ]);
  });

  it('finds columns by header text in any order and any subset; the version may head any column', () => {
    expect(surfacesOf([['Abflussart', 'Bezeichnung', 'v1.1', 'Größe (m2)'], ['Lawn', 'Garten', 'egal', '80 m²']])).toEqual([
      { row: 2, name: 'Garten', value: 80, data: { runoff: 'lawn', cm: 0.1, cs: 0.1 } },
    ]);
    expect(surfacesOf([['V1.1', 'NAME'], ['', 'only a name']])).toEqual([{ row: 2, name: 'only a name', data: {} }]);
    const variants: [string, string][] = [
      ['Fläche in m²', 'value'],
      ['A_E [m²]', 'value'],
      ['Area (m2)', 'value'],
      ['C_m', 'cm'],
      ['Ψs', 'cs'],
      ['Mittlerer Abflussbeiwert', 'cm'],
      ['DWA-M 153', 'groundPollutionM153'],
      ['Flaechenverschmutzung M 153', 'groundPollutionM153'],
      ['Flächengruppe A 102-2', 'areaGroupA102'],
      ['DWA-A 102-2', 'areaGroupA102'],
      ['Ableitung in', 'drain'],
      ['drain target', 'drain'],
      ['runoff_type', 'runoff'],
    ];
    for (const [text, field] of variants) expect([text, HEADER_LOOKUP.get(normalizeHeader(text))]).toEqual([text, field]);
  });

  it('every written header, runoff label and drain label reads back; labels are unique', () => {
    for (const language of ['de', 'en'] as const) {
      for (const f of SURFACE_TEMPLATE_FIELDS) expect(HEADER_LOOKUP.get(normalizeHeader(SURFACE_TEMPLATE_HEADERS[language][f]))).toBe(f);
      for (const t of RUNOFF_TYPES) {
        expect(RUNOFF_LOOKUP.get(normalizeWord(SURFACE_TEMPLATE_RUNOFF_LABELS[t.id][language]))).toBe(t.id);
        expect(RUNOFF_LOOKUP.get(normalizeWord(t.id))).toBe(t.id);
        expect(RUNOFF_LOOKUP.get(normalizeWord(t.messageKey))).toBe(t.id);
      }
      for (const d of ['Groundwater', 'Watercourse'] as const) expect(DRAIN_LOOKUP.get(normalizeWord(SURFACE_TEMPLATE_DRAIN_LABELS[d][language]))).toBe(d);
    }
    // 29 types × (id, key, de, en), minus labels equal to their id ('concrete', 'lawn', 'dirt', …)
    expect(new Set(RUNOFF_LOOKUP.values()).size).toBe(RUNOFF_TYPES.length);
  });

  it('matches runoff labels forgivingly (case, spaces, punctuation, umlauts) and takes extra aliases from the options', () => {
    const runoffOf = (text: string, options = {}) => surfacesOf([['v1.1', 'Abflussart'], ['', text]], options)[0]?.data.runoff;
    expect(runoffOf('  SCHRAEGDACH ')).toBe('pitchedRoof');
    expect(runoffOf('Extensives Gruendach ueber 5 °')).toBe('extensiveGreenRoofAbove5Deg');
    expect(runoffOf('flat_roof_gravel')).toBe('flatRoofGravel');
    expect(runoffOf('runoff.lawn')).toBe('lawn');
    expect(runoffOf('Ziegeldach', { runoffAliases: { pitchedRoofBricks: ['Ziegeldach'] } })).toBe('pitchedRoofBricks');
    // An alias never overrides a template word.
    expect(runoffOf('Flachdach', { runoffAliases: { lawn: ['Flachdach'] } })).toBe('flatRoof');
    expect(errorsOf([['v1.1', 'Abflussart'], ['', 'Ziegeldach']])).toEqual([{ code: 'INVALID_DATA', reason: 'unknownRunoff', row: 2, column: 2 }]);
  });

  it('reads drains by id or German/English label', () => {
    const drainOf = (text: string) => surfacesOf([['v1.1', 'Drain'], ['', text]])[0]?.drain;
    expect(['Groundwater', 'grundwasser', 'Versickerung', 'GEWÄSSER', 'Oberflächengewässer', 'surface water', 'Watercourse'].map(drainOf)).toEqual([
      'Groundwater',
      'Groundwater',
      'Groundwater',
      'Watercourse',
      'Watercourse',
      'Watercourse',
      'Watercourse',
    ]);
  });

  it('reads Excel-like cells: numbers, null/undefined, booleans, formula results', () => {
    const [s] = surfacesOf([
      ['v1.1', 'Name', 'Area', 'Cm', 'Cs', 'Drain', 'M153'],
      // =12.5*8, =0.1+0.2, =0.9*1.1111111111 (1 + rounding noise), a number as F class
      [undefined, 4711, 12.5 * 8, 0.1 + 0.2, 1.0000000000000002, 'Groundwater', 3],
    ]);
    expect(s).toEqual({ row: 2, name: '4711', value: 100, drain: 'Groundwater', data: { cm: 0.30000000000000004, cs: 1, groundPollutionM153: 'F3' } });
    expect(surfacesOf([['v1.1', 'Name', 'Area'], [null, true, 0]])).toEqual([{ row: 2, name: 'TRUE', value: 0, data: {} }]);
    expect(surfacesOf([['v1.1', 'Name', 'Area'], [null, 'x', -0]])[0]?.value).toBe(0);
    expect(errorsOf([['v1.1', 'Area'], [null, false]])).toEqual([{ code: 'INVALID_DATA', reason: 'notANumber', row: 2, column: 2 }]);
    expect(errorsOf([['v1.1', 'Area'], [null, Number.POSITIVE_INFINITY]])).toEqual([{ code: 'INVALID_DATA', reason: 'notANumber', row: 2, column: 2 }]);
    // NaN (an Excel error value turned into a number) counts as empty.
    expect(surfacesOf([['v1.1', 'Name', 'Area'], [null, 'x', Number.NaN]])).toEqual([{ row: 2, name: 'x', data: {} }]);
  });

  it('reads numbers with decimal comma or dot and unambiguous thousands grouping', () => {
    const areaOf = (text: string) => surfacesOf([['v1.1', 'Fläche'], ['', text]])[0]?.value;
    expect(['12,5', '12.5', '1.250,5', '1,250.5', '1 250', '1\u00a0250,75', '250 m²', '250m2', '30 qm', '1e3', '+7'].map(areaOf)).toEqual([
      12.5, 12.5, 1250.5, 1250.5, 1250, 1250.75, 250, 250, 30, 1000, 7,
    ]);
    // Without decimals, a dot or comma is a decimal separator (documented: write 1250, not 1.250).
    expect(areaOf('1.250')).toBe(1.25);
  });

  it('reads CSV with comma or tab separators, quotes and a byte-order mark', () => {
    const csv = '\ufeffv1.1,Name,Area [m²],Runoff type\r\n,"Roof, north",1250.5,"Extensive green roof under 5°, thickness under 10 cm"\r\n';
    expect(parseSurfaceCsv(csv)).toEqual({
      ok: true,
      surfaces: [{ row: 2, name: 'Roof, north', value: 1250.5, data: { runoff: 'extensiveGreenRoofBelow5DegThin', cm: 0.3, cs: 0.5 } }],
      warnings: [],
    });
    expect(parseSurfaceCsv('v1.1\tName\tFläche\n\tHof\t12,5\n')).toMatchObject({ ok: true, surfaces: [{ name: 'Hof', value: 12.5 }] });
  });
});

describe('surface template v1.1: row rules', () => {
  it('drops rows with no values (also rows that only fill the free or unknown columns)', () => {
    const rows: Rows = [['v1.1', 'Name', 'Fläche', 'Bemerkung'], [], ['', '', '', ''], [7, null, undefined, 'nur Kommentar'], [8, 'Dach', '', ''], [9, ' ', '  ']];
    expect(surfacesOf(rows)).toEqual([{ row: 5, name: 'Dach', data: {} }]);
    expect(warningsOf(rows)).toEqual([{ code: 'UNKNOWN_COLUMN', row: 1, column: 4 }]);
    expect(surfacesOf([DE])).toEqual([]);
    expect(parseSurfaceRows([DE, null as unknown as SurfaceTemplateCell[], 'x' as unknown as SurfaceTemplateCell[]])).toEqual({ ok: true, surfaces: [], warnings: [] });
  });

  it('gives a missing name the default name of the options (index among the returned surfaces), else its number', () => {
    const rows: Rows = [['v1.1', 'Name', 'Fläche'], ['', 'A', 1], ['', '', 2], ['', null, 3]];
    expect(surfacesOf(rows).map((s) => s.name)).toEqual(['A', '2', '3']);
    expect(surfacesOf(rows, { defaultName: (i: number) => `Neue Fläche ${i + 10}` }).map((s) => s.name)).toEqual(['A', 'Neue Fläche 11', 'Neue Fläche 12']);
    expect(warningsOf(rows)).toEqual([
      { code: 'DEFAULT_NAME', row: 3, column: 2 },
      { code: 'DEFAULT_NAME', row: 4, column: 2 },
    ]);
    // Without a name column every surface gets the default name (no column to point at).
    expect(parseSurfaceRows([['v1.1', 'Fläche'], ['', 1]])).toMatchObject({ ok: true, surfaces: [{ name: '1' }], warnings: [{ code: 'DEFAULT_NAME', row: 2 }] });
  });

  it('keeps the M153 category only with the groundwater drain and a valid F class, the A102 group only with the watercourse drain', () => {
    const rows: Rows = [
      ['v1.1', 'Name', 'Ableitung', 'M153', 'A102'],
      ['', 'gw ok', 'Grundwasser', 'F7', 'D'],
      ['', 'gw bad', 'Grundwasser', 'F8', ''],
      ['', 'wc ok', 'Gewässer', 'F1', 'bg 3'],
      ['', 'wc bad', 'Gewässer', '', 'XX'],
      ['', 'none', '', 'f2', 'V1'],
    ];
    expect(surfacesOf(rows).map((s) => [s.name, s.drain, s.data])).toEqual([
      ['gw ok', 'Groundwater', { groundPollutionM153: 'F7' }],
      ['gw bad', 'Groundwater', {}],
      ['wc ok', 'Watercourse', { areaGroupA102: 'BG3' }],
      ['wc bad', 'Watercourse', {}],
      ['none', undefined, {}],
    ]);
    expect(warningsOf(rows)).toEqual([
      { code: 'A102_DROPPED', row: 2, column: 5 },
      { code: 'M153_DROPPED', row: 3, column: 4 },
      { code: 'M153_DROPPED', row: 4, column: 4 },
      { code: 'A102_DROPPED', row: 5, column: 5 },
      { code: 'M153_DROPPED', row: 6, column: 4 },
      { code: 'A102_DROPPED', row: 6, column: 5 },
    ]);
  });

  it('sets cm and cs from the runoff type unless they are given', () => {
    const rows: Rows = [
      ['v1.1', 'Name', 'Runoff type', 'Cm', 'Cs'],
      ['', 'table', 'Flat roof with gravel', '', ''],
      ['', 'cm given', 'Flat roof with gravel', '0,5', ''],
      ['', 'cs given', 'flatRoofGravel', '', 0.6],
      ['', 'both', 'flatRoofGravel', 0, 1],
      ['', 'no type', '', '0,75', '0,95'],
    ];
    expect(surfacesOf(rows).map((s) => [s.name, s.data])).toEqual([
      ['table', { runoff: 'flatRoofGravel', cm: 0.8, cs: 0.8 }],
      ['cm given', { runoff: 'flatRoofGravel', cm: 0.5, cs: 0.8 }],
      ['cs given', { runoff: 'flatRoofGravel', cm: 0.8, cs: 0.6 }],
      ['both', { runoff: 'flatRoofGravel', cm: 0, cs: 1 }],
      ['no type', { cm: 0.75, cs: 0.95 }],
    ]);
  });
});

describe('surface template v1.1: errors', () => {
  it('INVALID_VERSION when row 1 holds no v1.1', () => {
    expect(errorsOf([])).toEqual([{ code: 'INVALID_VERSION', reason: 'versionMissing', row: 1, column: 1 }]);
    expect(errorsOf([['Name', 'Fläche'], ['Dach', 1]])).toEqual([{ code: 'INVALID_VERSION', reason: 'versionMissing', row: 1, column: 1 }]);
    expect(errorsOf([[], DE])).toEqual([{ code: 'INVALID_VERSION', reason: 'versionMissing', row: 1, column: 1 }]);
    for (const version of ['v1.0', 'V2', 'v1.1.1', '1.1', 1.1, 'v 1.2']) {
      expect(errorsOf([['Name', version, 'Fläche']])).toEqual([{ code: 'INVALID_VERSION', reason: 'versionMismatch', row: 1, column: 2 }]);
    }
    // The version sits in row 1, not in a row above the header (the rain template's layout).
    expect(errorsOf([['v1.1'], DE.slice(1)])).toEqual([{ code: 'INVALID_DATA', reason: 'noColumns', row: 1, column: undefined }]);
    const rain = parseSurfaceCsv(customRainTemplateCsv());
    expect(rain).toMatchObject({ ok: false, errors: [{ code: 'INVALID_VERSION', reason: 'versionMismatch', messageKey: 'surfaceTemplate.versionMismatch', params: { value: 'v1.0', expected: 'v1.1' } }] });
    expect(parseSurfaceCsv('')).toMatchObject({ ok: false, errors: [{ code: 'INVALID_VERSION', messageKey: 'surfaceTemplate.versionMissing' }] });
    expect(parseSurfaceRows([[' V1.1 ', 'Name'], ['', 'x']]).ok).toBe(true);
  });

  it('INVALID_DATA for the header: no known column, a column twice', () => {
    expect(errorsOf([['v1.1']])).toEqual([{ code: 'INVALID_DATA', reason: 'noColumns', row: 1, column: undefined }]);
    expect(errorsOf([['v1.1', 'Foo', 'Bar']])).toEqual([{ code: 'INVALID_DATA', reason: 'noColumns', row: 1, column: undefined }]);
    expect(errorsOf([['v1.1', 'Name', 'Fläche', 'Area [m²]', 'Bezeichnung']])).toEqual([
      { code: 'INVALID_DATA', reason: 'duplicateColumn', row: 1, column: 4 },
      { code: 'INVALID_DATA', reason: 'duplicateColumn', row: 1, column: 5 },
    ]);
  });

  it('INVALID_DATA for cells, with 1-based row and column and every problem of the file', () => {
    const r = parseSurfaceRows([
      EN,
      ['', 'a', 'abc', 'Roof', '', '', 'Groundwater', '', ''],
      ['', 'b', '-5', 'Concrete', '1,5', '-0.1', 'Sea', '', ''],
      ['', 'c', '10', 'Concrete', 'x', '', '', '', ''],
      ['', 'd', { formula: 'A1*2' } as unknown as SurfaceTemplateCell, '', '', '', '', '', ''],
      ['', 'e', 1, 'Flat roof', 0.9, 1, 'Watercourse', '', 'V1'],
    ]);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors.map((e) => [e.code, e.reason, e.row, e.column, e.field, e.messageKey])).toEqual([
      ['INVALID_DATA', 'notANumber', 2, 3, 'value', 'surfaceTemplate.notANumber'],
      ['INVALID_DATA', 'unknownRunoff', 2, 4, 'runoff', 'surfaceTemplate.unknownRunoff'],
      ['INVALID_DATA', 'negativeArea', 3, 3, 'value', 'validation.min'],
      ['INVALID_DATA', 'cValueInvalid', 3, 5, 'cm', 'cValueInvalid'],
      ['INVALID_DATA', 'cValueInvalid', 3, 6, 'cs', 'cValueInvalid'],
      ['INVALID_DATA', 'unknownDrain', 3, 7, 'drain', 'surfaceTemplate.unknownDrain'],
      ['INVALID_DATA', 'notANumber', 4, 5, 'cm', 'surfaceTemplate.notANumber'],
      ['INVALID_DATA', 'unreadableCell', 5, 3, 'value', 'surfaceTemplate.invalidData'],
    ]);
    expect(r.errors[0]).toMatchObject({ params: { value: 'abc' }, detail: expect.stringContaining('abc') });
    for (const e of r.errors) expect(SURFACE_TEMPLATE_ERROR_REASONS[e.reason].code).toBe(e.code);
  });

  it('collects at most MAX_SURFACE_TEMPLATE_ERRORS errors', () => {
    const rows: Rows = [['v1.1', 'Cm'], ...Array.from({ length: 200 }, () => ['', 'x'])];
    const r = parseSurfaceRows(rows);
    expect(!r.ok && r.errors.length).toBe(MAX_SURFACE_TEMPLATE_ERRORS);
  });

  it('never throws on junk', () => {
    expect(parseSurfaceRows('x' as unknown as Rows)).toMatchObject({ ok: false, errors: [{ code: 'INVALID_DATA', reason: 'noRows' }] });
    expect(parseSurfaceRows(null as unknown as Rows).ok).toBe(false);
    expect(parseSurfaceCsv(5 as unknown as string)).toMatchObject({ ok: false, errors: [{ code: 'INVALID_DATA' }] });
    expect(parseSurfaceCsv('v1.1;"unterminated\n;5\n').ok).toBe(false);
    expect(parseSurfaceCsv('\u0000\u0001\u0002').ok).toBe(false);
    expect(parseSurfaceRows([['v1.1', Object.create(null) as SurfaceTemplateCell, 'Name'], ['', Symbol('s') as unknown as SurfaceTemplateCell, 'x']]).ok).toBe(true);
    expect(parseSurfaceRows([['v1.1', 'Name'], ['', 'x']], { runoffAliases: 'junk' as never }).ok).toBe(true);
  });
});

describe('surface template v1.1: public API', () => {
  it('is exported from @rainplan/engine by name', () => {
    expect(engine.parseSurfaceRows).toBe(parseSurfaceRows);
    expect(engine.parseSurfaceCsv).toBe(parseSurfaceCsv);
    expect(engine.surfaceTemplateCsv).toBe(surfaceTemplateCsv);
    expect(engine.surfaceTemplateRows).toBe(surfaceTemplateRows);
    expect(typeof engine.addSurfaces).toBe('function');
    expect(engine.SURFACE_TEMPLATE_VERSION).toBe('v1.1');
    expect(engine.SURFACE_TEMPLATE_ERROR_CODES).toEqual(['INVALID_DATA', 'INVALID_VERSION']);
  });
});

describe('surface template v1.1: writer', () => {
  it('writes surfaces with labels of the language, numbers unrounded, the free column numbered', () => {
    const surfaces = [
      { name: 'Dach; Nord', value: 1250.125, drain: 'Groundwater' as const, data: { runoff: 'pitchedRoof' as const, cm: 0.9, cs: 1, groundPollutionM153: 'F2' as const } },
      { name: 'Weg "alt"', data: {} },
    ];
    expect(surfaceTemplateRows('de', surfaces)).toEqual([
      DE,
      [1, 'Dach; Nord', 1250.125, 'Schrägdach', 0.9, 1, 'Grundwasser', 'F2', ''],
      [2, 'Weg "alt"', '', '', '', '', '', '', ''],
    ]);
    expect(surfaceTemplateCsv('de', { surfaces }).split('\r\n').slice(1)).toEqual([
      '1;"Dach; Nord";1250,125;Schrägdach;0,9;1;Grundwasser;F2;',
      '2;"Weg ""alt""";;;;;;;',
      '',
    ]);
    expect(surfaceTemplateCsv('en', { surfaces, delimiter: ',' }).split('\r\n')[1]).toBe('1,Dach; Nord,1250.125,Pitched roof,0.9,1,Groundwater,F2,');
  });
});
