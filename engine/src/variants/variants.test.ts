import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { demoCatalogue } from '../../test-support/demoCatalogue.ts';
import { measureMassList } from '../bom/massList.ts';
import { EngineError } from '../errors.ts';
import { evaluate } from '../evaluate/evaluate.ts';
import type { MeasureData } from '../model/measure.ts';
import type { Project } from '../model/project.ts';
import { parseProject } from '../project/parseProject.ts';
import { addVariant, chooseVariant, compareVariants, deriveProject, removeVariant, renameChosenVariant, updateMeasure, updateVariant } from '../index.ts';
import { deepFreeze } from '../testing/projects.test-helpers.ts';

const fixture = JSON.parse(readFileSync(new URL('../../../fixtures/projects/sizing-infiltration-2024.project.json', import.meta.url), 'utf8')) as Project;

const boxTank: MeasureData = {
  installationTarget: 'Infiltration',
  installationVariant: 'infiltrationTank',
  infiltrationTankType: 'Box',
  infiltrationDirection: 'everySide',
  permeabilityCoefficientX: 1,
  permeabilityCoefficientY: 5,
  recurrenceInterval: 5,
  safetyMargin: 20,
  throttleDischarge: 0,
  dimensioningInfiltrationTank: { length: 8, width: 2.4, levels: 2, height: 1.32, storageCoefficient: 95 },
};
const trough: MeasureData = {
  installationTarget: 'Infiltration',
  installationVariant: 'trough',
  permeabilityCoefficientX: 1,
  permeabilityCoefficientY: 5,
  recurrenceInterval: 5,
  safetyMargin: 20,
  dimensioningTrough: { length: 20, width: 3, depth: 0.3, slope: 2 },
};

/** One measure `m` with 500 m² of concrete roof, the fixture's rain, a box tank chosen. */
function project(): Project {
  return deepFreeze({
    schemaVersion: 4,
    project: { name: 'Variantenvergleich' },
    rainData: fixture.rainData!,
    waterflow: {
      sealedSurfaces: [{ id: 's', name: 'Dach', value: 500, drain: 'Groundwater', parentId: 'm', data: { runoff: 'flatRoof', cm: 0.9, cs: 1, groundPollutionM153: 'F2' } }],
      purifications: [],
      measures: [{ id: 'm', name: 'Versickerung', parentId: null, sealedSurfaces: ['s'], data: boxTank }],
    },
    measureProducts: [{ measureId: 'm', products: [{ materialNumber: '300100', quantity: '2' }] }],
  } as Project);
}

const measureOf = (p: Project) => p.waterflow.measures.find((m) => m.id === 'm')!;
const codeOf = (f: () => unknown): string | undefined => {
  try {
    f();
  } catch (e) {
    if (e instanceof EngineError) return `${e.code} ${e.messageKey}`;
    throw e;
  }
  return undefined;
};

describe('addVariant, updateVariant, removeVariant, renameChosenVariant', () => {
  it('adds a copy of the chosen variant with id v1 and name V2, products included, computed fields stripped', () => {
    const evaluated = { ...project(), waterflow: { ...project().waterflow, measures: [{ ...measureOf(project()), value: 20, data: { ...boxTank, requiredVolume: 12, duration: 30 } }] } };
    const next = addVariant(evaluated, 'm');
    expect(measureOf(next).variants).toEqual([{ id: 'v1', name: 'V2', value: 20, data: boxTank, additionalProducts: [{ materialNumber: '300100', quantity: '2' }] }]);
    expect(measureOf(evaluated).variants).toBeUndefined();
    const twice = addVariant(addVariant(next, 'm', { name: '  Mulde  ' }), 'm', { from: 'v1' });
    expect(measureOf(twice).variants?.map((v) => [v.id, v.name])).toEqual([['v1', 'V2'], ['v2', 'Mulde'], ['v3', 'V3']]);
  });

  it('updates a variant: name, value, data (normalized, computed stripped) and products', () => {
    const p = updateVariant(addVariant(project(), 'm'), 'm', 'v1', { name: 'Mulde', value: 9.5, data: { ...trough, requiredVolume: 3 } as MeasureData, additionalProducts: [] });
    expect(measureOf(p).variants?.[0]).toEqual({ id: 'v1', name: 'Mulde', value: 9.5, data: trough, additionalProducts: [] });
    expect(measureOf(updateVariant(p, 'm', 'v1', { value: null })).variants?.[0]?.value).toBeUndefined();
  });

  it('a variant changed to another kind drops the old kind\'s value; the same kind or a new value keeps one', () => {
    const evaluated = { ...project(), waterflow: { ...project().waterflow, measures: [{ ...measureOf(project()), value: 20 }] } };
    const box = addVariant(evaluated, 'm');
    expect(measureOf(box).variants?.[0]?.value).toBe(20);
    // box → trough without a value: the box's 20 m³ is not the trough's
    const toTrough = measureOf(updateVariant(box, 'm', 'v1', { data: trough })).variants?.[0];
    expect(toTrough?.data.installationVariant).toBe('trough');
    expect(toTrough).not.toHaveProperty('value');
    // the same kind with other dimensions keeps it (the next evaluation recomputes the chosen one)
    const wider = { ...boxTank, dimensioningInfiltrationTank: { ...boxTank.dimensioningInfiltrationTank!, width: 3.2 } };
    expect(measureOf(updateVariant(box, 'm', 'v1', { data: wider })).variants?.[0]?.value).toBe(20);
    // another kind with its own value takes that value
    expect(measureOf(updateVariant(box, 'm', 'v1', { data: trough, value: 7.5 })).variants?.[0]?.value).toBe(7.5);
    // an incomplete choice is another kind, too
    const { installationVariant: _variant, infiltrationTankType: _tankType, ...open } = boxTank;
    expect(measureOf(updateVariant(box, 'm', 'v1', { data: open })).variants?.[0]).not.toHaveProperty('value');
  });

  it('removes a variant; the last one takes the variants field with it', () => {
    const p = addVariant(addVariant(project(), 'm'), 'm');
    expect(measureOf(removeVariant(p, 'm', 'v1')).variants?.map((v) => v.id)).toEqual(['v2']);
    expect('variants' in measureOf(removeVariant(removeVariant(p, 'm', 'v1'), 'm', 'v2'))).toBe(false);
  });

  it('names and unnames the chosen variant', () => {
    expect(measureOf(renameChosenVariant(project(), 'm', ' Rigole ')).variantName).toBe('Rigole');
    expect('variantName' in measureOf(renameChosenVariant(renameChosenVariant(project(), 'm', 'R'), 'm', null))).toBe(false);
  });

  it('refuses misuse with a code and a message key', () => {
    let p = project();
    for (let i = 0; i < 10; i++) p = addVariant(p, 'm');
    expect(codeOf(() => addVariant(p, 'm'))).toBe('TOO_MANY_VARIANTS engineError.TOO_MANY_VARIANTS');
    expect(codeOf(() => addVariant(project(), 'x'))).toBe('NODE_NOT_FOUND engineError.NODE_NOT_FOUND');
    expect(codeOf(() => addVariant(project(), 'm', { from: 'v9' }))).toBe('VARIANT_NOT_FOUND engineError.VARIANT_NOT_FOUND');
    expect(codeOf(() => chooseVariant(project(), 'm', 'v1'))).toBe('VARIANT_NOT_FOUND engineError.VARIANT_NOT_FOUND');
    expect(codeOf(() => removeVariant(project(), 'm', 'v1'))).toBe('VARIANT_NOT_FOUND engineError.VARIANT_NOT_FOUND');
    const one = addVariant(project(), 'm');
    expect(codeOf(() => updateVariant(one, 'm', 'v1', { name: '   ' }))).toBe('INVALID_ARGUMENT engineError.INVALID_ARGUMENT');
    expect(codeOf(() => updateVariant(one, 'm', 'v1', { name: 'x'.repeat(201) }))).toBe('INVALID_ARGUMENT engineError.INVALID_ARGUMENT');
    expect(codeOf(() => updateVariant(one, 'm', 'v1', { value: Number.NaN }))).toBe('INVALID_ARGUMENT engineError.INVALID_ARGUMENT');
    expect(codeOf(() => updateVariant(one, 'm', 'v1', { data: { installationTarget: 'Sideways' } as unknown as MeasureData }))).toBe('INVALID_ARGUMENT engineError.INVALID_ARGUMENT');
    expect(codeOf(() => updateVariant(one, 'm', 'v1', { additionalProducts: [{ materialNumber: '', quantity: '-1' }] }))).toBe('INVALID_ARGUMENT engineError.INVALID_ARGUMENT');
    expect(codeOf(() => renameChosenVariant(one, 'm', ''))).toBe('INVALID_ARGUMENT engineError.INVALID_ARGUMENT');
    expect(codeOf(() => compareVariants(one, 'x'))).toBe('NODE_NOT_FOUND engineError.NODE_NOT_FOUND');
  });

  it('every result is a readable version-3 project file', () => {
    const p = chooseVariant(updateVariant(addVariant(project(), 'm', { name: 'Mulde' }), 'm', 'v1', { data: trough, additionalProducts: [] }), 'm', 'v1');
    const parsed = parseProject(JSON.parse(JSON.stringify(p)));
    expect(parsed.ok ? [] : parsed.errors).toEqual([]);
  });
});

describe('variants and the other operations', () => {
  it('deriveProject and the waterflow operations keep the variants and the chosen name', () => {
    const p = renameChosenVariant(addVariant(project(), 'm', { name: 'Mulde' }), 'm', 'Rigole');
    const derived = measureOf(deriveProject(p));
    expect(derived.variants).toEqual(measureOf(p).variants);
    expect(derived.variantName).toBe('Rigole');
    const edited = updateMeasure(p.waterflow, 'm', { safetyMargin: 10 }).waterflow.measures[0]!;
    expect(edited.variants).toEqual(measureOf(p).variants);
    expect(edited.variantName).toBe('Rigole');
  });
});

describe('chooseVariant', () => {
  it('swaps the chosen and the variant, with their products, keeping id, name, links and the variant id', () => {
    const p = renameChosenVariant(updateVariant(addVariant(project(), 'm', { name: 'Mulde' }), 'm', 'v1', { data: trough, value: 30 }), 'm', 'Rigole');
    const withoutProducts = updateVariant(p, 'm', 'v1', { additionalProducts: [{ materialNumber: '100100', quantity: '1' }] });
    const chosen = chooseVariant(withoutProducts, 'm', 'v1');
    const m = measureOf(chosen);
    expect(m).toMatchObject({ id: 'm', name: 'Versickerung', sealedSurfaces: ['s'], variantName: 'Mulde', value: 30, data: trough });
    expect(m.variants).toEqual([{ id: 'v1', name: 'Rigole', data: boxTank, additionalProducts: [{ materialNumber: '300100', quantity: '2' }] }]);
    expect(chosen.measureProducts).toEqual([{ measureId: 'm', products: [{ materialNumber: '100100', quantity: '1' }] }]);
    expect(evaluate(chosen).measures[0]?.data.installationVariant).toBe('trough');
    expect(chooseVariant(chosen, 'm', 'v1')).toEqual(withoutProducts);
  });
});

describe('compareVariants', () => {
  const catalogue = demoCatalogue();
  const p = updateVariant(addVariant(renameChosenVariant(project(), 'm', 'Rigole'), 'm', { name: 'Mulde' }), 'm', 'v1', { data: trough, additionalProducts: [] });

  it('gives the chosen row first, equal to evaluate() of the project, and one row per variant', () => {
    const cmp = compareVariants(p, 'm', { catalogue });
    const result = evaluate(p).measures[0]!;
    expect(cmp.rows.map((r) => [r.variantId, r.name, r.type, r.chosen])).toEqual([
      [null, 'Rigole', 'boxTank', true],
      ['v1', 'Mulde', 'trough', false],
    ]);
    const [chosen, mulde] = cmp.rows;
    expect(chosen).toMatchObject({ requiredVolumeM3: result.requiredVolume, availableVolumeM3: result.value, requiredLengthM: result.autoDimensioning?.lengthM, passes: result.partsSufficient });
    expect(chosen!.footprintM2).toBeCloseTo(8 * 2.4, 9);
    expect(chosen!.depthM).toBeCloseTo(1.32, 9);
    expect(mulde!.footprintM2).toBeCloseTo(evaluate(chooseVariant(p, 'm', 'v1')).measures[0]!.data.troughArea!, 9);
    expect(mulde!.depthM).toBe(0.3);
    expect(mulde!.requiredLengthM).toBeUndefined();
    expect(chosen!.differences.requiredVolumeM3).toBe(0);
    // the difference of the figures as shown, two decimals each (decision 0218)
    expect(mulde!.differences.requiredVolumeM3).toBe(Number((Number(mulde!.requiredVolumeM3!.toFixed(2)) - Number(chosen!.requiredVolumeM3!.toFixed(2))).toFixed(2)));
    expect(Math.abs(mulde!.differences.requiredVolumeM3! - (mulde!.requiredVolumeM3! - chosen!.requiredVolumeM3!))).toBeLessThanOrEqual(0.01 + 1e-9);
    expect(mulde!.differences.drainingTimeH).toBe(Number((Number(mulde!.drainingTimeH!.toFixed(1)) - Number(chosen!.drainingTimeH!.toFixed(1))).toFixed(1)));
    expect(cmp).toMatchObject({ measureId: 'm', measureName: 'Versickerung', currency: 'EUR', billUnavailableReason: null, rainDataset: { edition: 'KOSTRA-DWD-2010R', cell: '93049' } });
  });

  it('bill totals are the bom\'s measure totals, their differences exact decimals', () => {
    const cmp = compareVariants(p, 'm', { catalogue });
    const chosenBill = measureMassList(p, 'm', catalogue)!.totalPrice!;
    const muldeBill = measureMassList(chooseVariant(p, 'm', 'v1'), 'm', catalogue)!.totalPrice!;
    expect(cmp.rows.map((r) => r.billTotal)).toEqual([chosenBill, muldeBill]);
    expect(Number(chosenBill)).toBeGreaterThan(0);
    expect(cmp.rows[1]!.differences.billTotal).toBe((Math.round(Number(muldeBill) * 100 - Number(chosenBill) * 100) / 100).toFixed(2));
  });

  it('without a catalogue: no totals and the reason', () => {
    const cmp = compareVariants(p, 'm');
    expect(cmp.billUnavailableReason).toBe('noCatalogue');
    expect(cmp.rows.every((r) => r.billTotal === undefined && r.differences.billTotal === undefined)).toBe(true);
  });

  it('a box configuration linked to the measure is billed only while a box tank is chosen', () => {
    const configuration = { id: 'c', name: 'Boxen', measureId: 'm', items: [{ boxTypeId: 'BOX_FULL', x: 0, y: 0, z: 0, rotation: 'North' as const }], additionalProducts: [] };
    const linked: Project = { ...p, boxConfigurations: [configuration] };
    const cmp = compareVariants(linked, 'm', { catalogue });
    expect(cmp.rows[0]!.billTotal).toBe(measureMassList(linked, 'm', catalogue)!.totalPrice);
    expect(cmp.rows[0]!.availableVolumeM3).toBeCloseTo(0.64 * 0.66 * 0.95, 9); // one box, 0.40128 m³ (decision 0168)
    expect(cmp.rows[1]!.billTotal).toBe(compareVariants(p, 'm', { catalogue }).rows[1]!.billTotal);
  });
});
