/**
 * Laws of the variants (decision 0140): choosing a variant and choosing it back restores the
 * inputs; adding then removing a variant restores the project; the chosen row of the comparison
 * is evaluate() of the unmodified project; every bill total is the bom's.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { demoCatalogue } from '../../test-support/demoCatalogue.ts';
import { measureMassList } from '../bom/massList.ts';
import { evaluate } from '../evaluate/evaluate.ts';
import type { AdditionalProduct, Project } from '../model/project.ts';
import { sizeableMeasureDataArb } from '../testing/arbitraries.test-helpers.ts';
import { deepFreeze } from '../testing/projects.test-helpers.ts';
import { addVariant, chooseVariant, compareVariants, removeVariant, updateVariant } from './index.ts';

const fixture = JSON.parse(readFileSync(new URL('../../../fixtures/projects/sizing-infiltration-2024.project.json', import.meta.url), 'utf8')) as Project;
const catalogue = demoCatalogue();

const productsArb: fc.Arbitrary<AdditionalProduct[] | undefined> = fc.option(
  fc.array(fc.record({ materialNumber: fc.constantFrom('100100', '300100', '600110'), quantity: fc.integer({ min: 0, max: 99 }).map(String) }), { maxLength: 3 }),
  { nil: undefined },
);

/** A project with measure `m` (random kind and dimensions, 1–3 roofs) holding 0–3 variants of random kinds and products. */
const projectArb: fc.Arbitrary<Project> = fc
  .record({
    chosen: sizeableMeasureDataArb,
    chosenName: fc.option(fc.constantFrom('Rigole', 'V1', 'Mulde'), { nil: undefined }),
    chosenProducts: productsArb,
    areas: fc.array(fc.double({ min: 10, max: 3000, noNaN: true }), { minLength: 1, maxLength: 3 }),
    variants: fc.array(fc.record({ data: sizeableMeasureDataArb, value: fc.option(fc.double({ min: 0, max: 500, noNaN: true }), { nil: undefined }), products: productsArb }), { maxLength: 3 }),
  })
  .map(({ chosen, chosenName, chosenProducts, areas, variants }): Project => {
    const drain = chosen.installationTarget === 'Retention' ? ('Watercourse' as const) : ('Groundwater' as const);
    let p: Project = {
      schemaVersion: 4,
      project: { name: 'p' },
      rainData: fixture.rainData!,
      waterflow: {
        sealedSurfaces: areas.map((value, i) => ({ id: `s${i}`, name: `s${i}`, value, drain, parentId: 'm', data: { cm: 0.9, cs: 1, ...(drain === 'Groundwater' ? { groundPollutionM153: 'F2' as const } : { areaGroupA102: 'D' as const }) } })),
        purifications: [],
        measures: [{ id: 'm', name: 'Maßnahme', parentId: null, sealedSurfaces: areas.map((_, i) => `s${i}`), data: chosen, ...(chosenName === undefined ? {} : { variantName: chosenName }) }],
      },
      ...(chosenProducts === undefined ? {} : { measureProducts: [{ measureId: 'm', products: chosenProducts }] }),
    };
    for (const v of variants) {
      p = addVariant(p, 'm');
      const id = p.waterflow.measures[0]!.variants!.at(-1)!.id;
      p = updateVariant(p, 'm', id, { data: v.data, value: v.value ?? null, ...(v.products === undefined ? {} : { additionalProducts: v.products }) });
    }
    return deepFreeze(p);
  });

const withVariantArb = projectArb.filter((p) => (p.waterflow.measures[0]!.variants ?? []).length > 0).chain((p) => fc.tuple(fc.constant(p), fc.constantFrom(...p.waterflow.measures[0]!.variants!.map((v) => v.id))));

/** measureProducts order carries no meaning. */
const sortedLists = (p: Project) => [...(p.measureProducts ?? [])].sort((a, b) => a.measureId.localeCompare(b.measureId));

describe('variant laws', () => {
  it('choose(v) then choose(v) again restores the inputs (and everything else but an unset chosen name)', () => {
    fc.assert(
      fc.property(withVariantArb, ([p, id]) => {
        const back = chooseVariant(chooseVariant(p, 'm', id), 'm', id);
        const m = p.waterflow.measures[0]!;
        const b = back.waterflow.measures[0]!;
        expect(b.data).toEqual(m.data);
        expect(b.value).toEqual(m.value);
        expect(b.variants).toEqual(m.variants);
        expect(b.variantName).toBe(m.variantName ?? 'V1');
        expect(sortedLists(back)).toEqual(sortedLists(p));
        if (m.variantName !== undefined) expect({ ...back, measureProducts: sortedLists(back) }).toEqual({ ...p, measureProducts: sortedLists(p) });
      }),
      { numRuns: 60 },
    );
  });

  it('add then remove is the identity', () => {
    fc.assert(
      fc.property(projectArb, fc.option(fc.nat(3), { nil: undefined }), (p, from) => {
        const variants = p.waterflow.measures[0]!.variants ?? [];
        if (variants.length >= 10) return;
        const fromId = from === undefined || variants.length === 0 ? undefined : variants[from % variants.length]!.id;
        const added = addVariant(p, 'm', fromId === undefined ? {} : { from: fromId });
        const newId = added.waterflow.measures[0]!.variants!.at(-1)!.id;
        expect(removeVariant(added, 'm', newId)).toEqual(p);
      }),
      { numRuns: 60 },
    );
  });

  it('the chosen row of compareVariants is evaluate() of the unmodified project; each variant row is evaluate() with it chosen', () => {
    fc.assert(
      fc.property(projectArb, (p) => {
        const cmp = compareVariants(p, 'm');
        const rows = [{ row: cmp.rows[0]!, project: p }, ...(p.waterflow.measures[0]!.variants ?? []).map((v, i) => ({ row: cmp.rows[i + 1]!, project: chooseVariant(p, 'm', v.id) }))];
        expect(cmp.rows).toHaveLength(rows.length);
        for (const { row, project } of rows) {
          const r = evaluate(project).measures[0]!;
          expect(row.requiredVolumeM3).toBe(r.requiredVolume);
          expect(row.availableVolumeM3).toBe(r.value);
          expect(row.requiredLengthM).toBe(r.autoDimensioning?.lengthM);
          expect(row.passes).toBe(r.partsSufficient ?? (r.value === undefined || r.requiredVolume === undefined ? undefined : r.value >= r.requiredVolume));
          expect(row.coversUpperBand).toBe(r.uncertaintyBand?.coversUpper);
          expect(row.floodingVerification).toBe(r.floodingVerification);
        }
        expect(JSON.stringify(cmp)).not.toMatch(/NaN|Infinity/);
      }),
      { numRuns: 40 },
    );
  });

  it('bill totals equal the bom\'s measure totals', () => {
    fc.assert(
      fc.property(projectArb, (p) => {
        const cmp = compareVariants(p, 'm', { catalogue, language: 'en' });
        expect(cmp.rows[0]!.billTotal).toBe(measureMassList(p, 'm', catalogue)!.totalPrice);
        (p.waterflow.measures[0]!.variants ?? []).forEach((v, i) => {
          expect(cmp.rows[i + 1]!.billTotal).toBe(measureMassList(chooseVariant(p, 'm', v.id), 'm', catalogue)!.totalPrice);
        });
      }),
      { numRuns: 40 },
    );
  });
});
