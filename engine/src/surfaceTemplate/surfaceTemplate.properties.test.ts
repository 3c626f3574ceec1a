import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SealedSurfaceData } from '../model/surface.ts';
import { AREA_GROUP_IDS } from '../tables/a102.ts';
import { GROUND_POLLUTION_IDS } from '../tables/m153.ts';
import { RUNOFF_TYPES, RUNOFF_TYPE_IDS } from '../tables/runoff.ts';
import { parseSurfaceCsv, parseSurfaceRows, type NewSurface, type SurfaceTemplateCell } from './parse.ts';
import { SURFACE_TEMPLATE_FIELDS, SURFACE_TEMPLATE_HEADERS } from './vocabulary.ts';
import { surfaceTemplateCsv, surfaceTemplateRows } from './write.ts';

const noNegativeZero = (v: number) => (Object.is(v, -0) ? 0 : v);

/** Cells as spreadsheet readers hand them in, plus junk (objects, symbols, NaN, ±Infinity). */
const cell: fc.Arbitrary<SurfaceTemplateCell> = fc.oneof(
  fc.constantFrom<SurfaceTemplateCell>(null, undefined, '', 'v1.1', 'Name', 'Fläche [m²]', 'Cm', 'Ableitung', 'M153', 'A102', 'Flachdach', 'Grundwasser', 'Gewässer', 'F3', 'VW1', '1,5'),
  fc.string(),
  fc.double(),
  fc.boolean(),
  fc.anything() as fc.Arbitrary<SurfaceTemplateCell>,
);
const header = fc.shuffledSubarray(['v1.1', ...SURFACE_TEMPLATE_FIELDS.map((f) => SURFACE_TEMPLATE_HEADERS.de[f]), 'Bemerkung']);
const rows = fc.tuple(fc.oneof(header, fc.array(cell, { maxLength: 10 })), fc.array(fc.array(cell, { maxLength: 12 }), { maxLength: 12 })).map(([h, r]) => [h, ...r]);

const name = fc.string({ minLength: 1, maxLength: 20 }).map((s) => s.trim()).filter((s) => s !== '');
const coefficient = fc.double({ min: 0, max: 1, noNaN: true }).map(noNegativeZero);
const surface: fc.Arbitrary<NewSurface> = fc
  .record({
    name,
    value: fc.option(fc.double({ min: 0, max: 1e9, noNaN: true }).map(noNegativeZero), { nil: undefined }),
    drain: fc.constantFrom(undefined, 'Groundwater' as const, 'Watercourse' as const),
    runoff: fc.option(fc.constantFrom(...RUNOFF_TYPE_IDS), { nil: undefined }),
    cm: fc.option(coefficient, { nil: undefined }),
    cs: fc.option(coefficient, { nil: undefined }),
    m153: fc.constantFrom(...GROUND_POLLUTION_IDS),
    a102: fc.constantFrom(...AREA_GROUP_IDS),
  })
  .map(({ name, value, drain, runoff, cm, cs, m153, a102 }) => {
    const data: { -readonly [K in keyof SealedSurfaceData]: SealedSurfaceData[K] } = {};
    if (runoff !== undefined) data.runoff = runoff;
    if (cm !== undefined) data.cm = cm;
    if (cs !== undefined) data.cs = cs;
    if (drain === 'Groundwater') data.groundPollutionM153 = m153;
    if (drain === 'Watercourse') data.areaGroupA102 = a102;
    return { name, ...(value === undefined ? {} : { value }), ...(drain === undefined ? {} : { drain }), data };
  });

/** What parsing gives back: cm and cs filled from the runoff table where the file leaves them empty. */
function expected(s: NewSurface, row: number) {
  const data = { ...s.data };
  const type = RUNOFF_TYPES.find((t) => t.id === data.runoff);
  if (type !== undefined) {
    data.cm ??= type.cm;
    data.cs ??= type.cs;
  }
  return { row, ...s, data };
}

describe('surface template properties', () => {
  it('parseSurfaceRows never throws and returns plain data with located problems', () => {
    fc.assert(
      fc.property(rows, (r) => {
        const result = parseSurfaceRows(r);
        if (result.ok) {
          for (const s of result.surfaces) {
            expect(typeof s.name).toBe('string');
            expect(s.name).not.toBe('');
            if (s.value !== undefined) expect(s.value).toBeGreaterThanOrEqual(0);
            for (const c of [s.data.cm, s.data.cs]) if (c != null) expect(c >= 0 && c <= 1).toBe(true);
            if (s.data.groundPollutionM153 != null) expect(s.drain).toBe('Groundwater');
            if (s.data.areaGroupA102 != null) expect(s.drain).toBe('Watercourse');
          }
          expect(JSON.parse(JSON.stringify(result))).toEqual(result);
        } else {
          expect(result.errors.length).toBeGreaterThan(0);
          for (const e of result.errors) expect(e.row === undefined || e.row >= 1).toBe(true);
        }
      }),
      { numRuns: 500 },
    );
    fc.assert(fc.property(fc.anything(), (x) => void parseSurfaceRows(x as never)));
    fc.assert(fc.property(fc.string(), (text) => void parseSurfaceCsv(text)));
  });

  it('template → parse is the identity (CSV in either language and with any separator, and the rows an Excel writer gets)', () => {
    fc.assert(
      fc.property(
        fc.array(surface, { maxLength: 8 }),
        fc.constantFrom('de' as const, 'en' as const),
        fc.constantFrom({}, { delimiter: ',' as const }, { delimiter: '\t' as const }, { delimiter: ',' as const, decimalComma: true }, { delimiter: ';' as const, decimalComma: false }),
        (surfaces, language, options) => {
          const want = surfaces.map((s, i) => expected(s, i + 2));
          expect(parseSurfaceCsv(surfaceTemplateCsv(language, { ...options, surfaces }))).toEqual({ ok: true, surfaces: want, warnings: [] });
          expect(parseSurfaceRows(surfaceTemplateRows(language, surfaces))).toEqual({ ok: true, surfaces: want, warnings: [] });
        },
      ),
    );
  });
});
