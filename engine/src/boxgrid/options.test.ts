/** The option and property-set rules of spec §4 (last bullets) and §5, one test per rule. */
import { describe, expect, it } from 'vitest';
import {
  checkItemPropertySets,
  choosePlant,
  chooseShaftType,
  defaultOptions,
  deselectOption,
  isBoolDisabled,
  isPropertyAvailable,
  removePlant,
  selectOption,
  setSideHeight,
  validatePropertySets,
} from './options.ts';
import type { Plant, Property, PropertySet, SelectedOption } from './propertySets.ts';

const throttle: PropertySet = {
  id: 'ps-throttle',
  groups: [
    {
      id: 'g1',
      name: 'Throttle',
      properties: [
        {
          id: 'throttleType',
          name: 'throttle type',
          fieldType: 'radioButton',
          options: [
            { id: 'float', name: 'float', isDefault: true, dependentProperties: ['floatSize'] },
            { id: 'perforated', name: 'perforated' },
            { id: 'grid', name: 'grid' },
          ],
        },
        { id: 'floatSize', name: 'float size', fieldType: 'comboBox', dependent: true, dependentOn: ['float'], options: [{ id: 's', name: 'S', isDefault: true }, { id: 'l', name: 'L' }] },
        { id: 'discharge', name: 'discharge l/s', fieldType: 'amount', options: [], defaultValue: 1, max: 50 },
      ],
    },
    {
      id: 'g2',
      name: 'Cover',
      properties: [
        { id: 'coverA', name: 'cover A', fieldType: 'bool', optional: true, options: [{ id: 'yes', name: 'yes' }] },
        { id: 'coverB', name: 'cover B', fieldType: 'bool', optional: true, options: [{ id: 'yes', name: 'yes' }] },
        { id: 'ladder', name: 'ladder', fieldType: 'bool', options: [{ id: 'yes', name: 'yes', required: true }] },
      ],
    },
  ],
};

const plant: Plant = {
  propertyId: 'DN160',
  name: 'DN 160',
  groupName: 'pipe connections',
  configurationPropertySet: {
    id: 'ps-dn160',
    groups: [{ id: 'g', name: 'g', properties: [{ id: 'seal', name: 'seal', fieldType: 'radioButton', options: [{ id: 'std', name: 'standard', isDefault: true }, { id: 'oil', name: 'oil resistant' }] }] }],
  },
};

function ok(r: ReturnType<typeof selectOption>): SelectedOption[] {
  if (!r.ok) throw new Error(r.message.code);
  return r.options;
}

describe('spec §4: choosing a radio option unsets the others in the property', () => {
  it('keeps one option per property', () => {
    let o = ok(selectOption(throttle, [], 'throttleType', { optionId: 'perforated' }));
    o = ok(selectOption(throttle, o, 'throttleType', { optionId: 'grid' }));
    expect(o).toEqual([{ propertyId: 'throttleType', optionId: 'grid' }]);
  });
});

describe('spec §4: a group of optional properties acts as a single choice', () => {
  it('choosing cover B clears cover A, not the non-optional ladder', () => {
    let o = ok(selectOption(throttle, [{ propertyId: 'ladder', optionId: 'yes' }], 'coverA', { value: true }));
    o = ok(selectOption(throttle, o, 'coverB', { value: true }));
    expect(o).toEqual([{ propertyId: 'ladder', optionId: 'yes' }, { propertyId: 'coverB', value: true }]);
  });
});

describe('spec §4: changing an option removes options depending on the previous or new option', () => {
  it('leaving float removes the float size that depends on it', () => {
    let o = ok(selectOption(throttle, [], 'throttleType', { optionId: 'float' }));
    o = ok(selectOption(throttle, o, 'floatSize', { optionId: 'l' }));
    expect(isPropertyAvailable(throttle, o, throttle.groups[0]!.properties[1]!)).toBe(true);
    o = ok(selectOption(throttle, o, 'throttleType', { optionId: 'grid' }));
    expect(o).toEqual([{ propertyId: 'throttleType', optionId: 'grid' }]);
    expect(isPropertyAvailable(throttle, o, throttle.groups[0]!.properties[1]!)).toBe(false);
  });
  it('re-choosing the same option keeps its dependents', () => {
    let o = ok(selectOption(throttle, [], 'throttleType', { optionId: 'float' }));
    o = ok(selectOption(throttle, o, 'floatSize', { optionId: 'l' }));
    o = ok(selectOption(throttle, o, 'throttleType', { optionId: 'float' }));
    expect(o).toContainEqual({ propertyId: 'floatSize', optionId: 'l' });
  });
  it('an unknown property or option is refused with OPTION_UNKNOWN', () => {
    expect(selectOption(throttle, [], 'nope', { optionId: 'x' })).toMatchObject({ ok: false, message: { code: 'OPTION_UNKNOWN' } });
    expect(selectOption(throttle, [], 'throttleType', { optionId: 'x' }).ok).toBe(false);
  });
});

describe('spec §4: shaft choice resets shaft options to defaults of that shaft type', () => {
  it('replaces every shaft option by the new type defaults and keeps the others', () => {
    const before: SelectedOption[] = [
      { propertyId: 'general', optionId: 'a' },
      { propertyId: 'shaft', optionId: 'old' },
      { propertyId: 'shaft.throttleType', optionId: 'grid' },
    ];
    const sorted = (l: SelectedOption[]) => [...l].sort((a, b) => a.propertyId.localeCompare(b.propertyId));
    expect(sorted(chooseShaftType(before, 'SHAFT_C3_DROSSEL_100', throttle))).toEqual(sorted([
      { propertyId: 'general', optionId: 'a' },
      { propertyId: 'shaft', optionId: 'SHAFT_C3_DROSSEL_100' },
      { propertyId: 'shaft.throttleType', optionId: 'float' },
      { propertyId: 'shaft.discharge', value: 1 },
      { propertyId: 'shaft.ladder', optionId: 'yes' },
      { propertyId: 'shaft.floatSize', optionId: 's' },
    ]));
  });
});

describe('spec §4: plant choice resets that plant\'s options; up to 2 plants per side', () => {
  it('sets the plant and its default options in one slot, leaves the other slot', () => {
    let r = choosePlant([], 'front', 1, plant);
    if (!r.ok) throw new Error();
    let o = [...r.options.filter((x) => x.propertyId !== 'side.front.plant1.seal'), { propertyId: 'side.front.plant1.seal', optionId: 'oil' }];
    r = choosePlant(o, 'front', 2, plant);
    if (!r.ok) throw new Error();
    o = r.options;
    r = choosePlant(o, 'front', 1, plant);
    if (!r.ok) throw new Error();
    expect(r.options).toContainEqual({ propertyId: 'side.front.plant1.seal', optionId: 'std' });
    expect(r.options.filter((x) => x.propertyId.startsWith('side.front.plant'))).toHaveLength(4);
    expect(choosePlant(o, 'front', 3, plant)).toMatchObject({ ok: false });
    expect(removePlant(r.options, 'front', 1).some((x) => x.propertyId.startsWith('side.front.plant1'))).toBe(false);
  });
  it('a side height is never below 0', () => {
    const r = setSideHeight([], 'left', -20);
    expect(r.ok && r.options).toEqual([{ propertyId: 'side.left.height', value: 0 }]);
    expect(setSideHeight([], 'left', Number.NaN).ok).toBe(false);
  });
});

describe('spec §5: amount property never below 0', () => {
  it('clamps to 0 and to the maximum, refuses non-numbers', () => {
    expect(ok(selectOption(throttle, [], 'discharge', { value: -5 }))).toEqual([{ propertyId: 'discharge', value: 0 }]);
    expect(ok(selectOption(throttle, [], 'discharge', { value: 80 }))).toEqual([{ propertyId: 'discharge', value: 50 }]);
    expect(selectOption(throttle, [], 'discharge', { value: '3' }).ok).toBe(false);
  });
});

describe('spec §5: boolean property is disabled when non-optional with a single required option', () => {
  it('disables the ladder, not the optional covers; required options cannot be unset', () => {
    const [coverA, , ladder] = throttle.groups[1]!.properties as [Property, Property, Property];
    expect(isBoolDisabled(ladder)).toBe(true);
    expect(isBoolDisabled(coverA)).toBe(false);
    const o: SelectedOption[] = [{ propertyId: 'ladder', optionId: 'yes' }];
    expect(ok(selectOption(throttle, o, 'ladder', { value: false }))).toEqual(o);
    expect(deselectOption(throttle, o, 'ladder').ok).toBe(false);
    const d = deselectOption(throttle, [{ propertyId: 'throttleType', optionId: 'float' }, { propertyId: 'floatSize', optionId: 's' }], 'throttleType');
    expect(d.ok && d.options).toEqual([]);
  });
});

describe('spec §5: property-set data is rejected entirely if any property lacks an id', () => {
  it('rejects with the path of the first bad property, accepts the valid sets', () => {
    expect(validatePropertySets([throttle])).toMatchObject({ ok: true });
    const bad = structuredClone(throttle) as unknown as { groups: { properties: { id?: string }[] }[] };
    delete bad.groups[1]!.properties[2]!.id;
    expect(validatePropertySets([throttle, bad])).toMatchObject({ ok: false, message: { code: 'PROPERTY_SET_INVALID', params: { path: '[1].groups[1].properties[2].id' } } });
    expect(validatePropertySets('x').ok).toBe(false);
    expect(validatePropertySets([{ id: 'a', groups: [{ properties: [{ id: 'p', fieldType: 'slider', options: [] }] }] }]).ok).toBe(false);
  });
});

describe('spec §5: a missing shaft or plant property set is logged and the item skipped', () => {
  it('skips those items with PROPERTY_SET_MISSING and keeps the rest', () => {
    const items = [
      { boxTypeId: 'BOX_FULL', kind: 'BOX' as const, options: [] },
      { boxTypeId: 'SHAFT_C3_X_100', kind: 'SHAFT' as const, options: [] },
      { boxTypeId: 'BOX_FULL', kind: 'BOX' as const, options: [{ propertyId: 'side.back.plant1', value: 'DN999' }] },
    ];
    const r = checkItemPropertySets(items, () => undefined, (id) => (id === 'DN160' ? plant.configurationPropertySet : undefined));
    expect(r.items).toEqual([items[0]]);
    expect(r.skipped.map((m) => [m.code, m.params['index']])).toEqual([['PROPERTY_SET_MISSING', 1], ['PROPERTY_SET_MISSING', 2]]);
  });
});

describe('defaultOptions', () => {
  it('includes dependent properties enabled by a default option', () => {
    expect(defaultOptions(throttle)).toContainEqual({ propertyId: 'floatSize', optionId: 's' });
  });
});
