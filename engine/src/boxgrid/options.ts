/**
 * The option rules of the box configurator over the property-set model (`propertySets.ts`):
 * spec §4 "Box grid" last bullets and §5. Pure functions over an item's flat option list
 * (`SelectedOption[]`, the wire form of spec §3).
 *
 * Option ids in the flat list (decision 0086): an item's general options use the property id
 * as is; shaft options are prefixed `shaft.` (the chosen shaft type is `shaft` with the type id
 * as optionId); cube-side options `side.<front|left|back|right>.` — the side's height is
 * `side.<s>.height` (value in mm), its plants `side.<s>.plant1` / `plant2` (value = the plant's
 * propertyId) and their options `side.<s>.plant<n>.<propertyId>`. Rotation clears every
 * `side.` option (spec §4).
 *
 * Rules:
 * - radio button / combo box: one option per property; choosing one unsets the others;
 * - optional properties of one group act as one choice: choosing in one clears the others;
 * - changing an option removes the options of properties that depend on the previous or the
 *   new option (`dependentOn`, `dependentProperties`), transitively;
 * - required options cannot be unset; a bool property that is not optional and has a single
 *   required option is disabled (`isBoolDisabled`);
 * - amount: a number, never below 0 (nor below `min`, above `max`);
 * - shaft choice resets the shaft options to that type's defaults; plant choice resets that
 *   plant's options; up to 2 plants per side.
 */
import { gridMessage, type GridMessage } from './messages.ts';
import {
  CUBE_SIDES,
  FIELD_TYPES,
  MAX_PLANTS_PER_SIDE,
  type CubeSide,
  type Plant,
  type Property,
  type PropertyOption,
  type PropertySet,
  type SelectedOption,
} from './propertySets.ts';

/** Longest id or text accepted in property-set data. */
export const MAX_ID_LENGTH = 200;

export type OptionResult = { readonly ok: true; readonly options: SelectedOption[] } | { readonly ok: false; readonly message: GridMessage; readonly options: readonly SelectedOption[] };

/** Every property of a set. */
export function allProperties(set: PropertySet): Property[] {
  return set.groups.flatMap((g) => g.properties);
}

export function findProperty(set: PropertySet, propertyId: string): Property | undefined {
  for (const g of set.groups) for (const p of g.properties) if (p.id === propertyId) return p;
  return undefined;
}

function groupOf(set: PropertySet, propertyId: string) {
  return set.groups.find((g) => g.properties.some((p) => p.id === propertyId));
}

/** Spec §5: a bool property is disabled when it is not optional and has a single required option. */
export function isBoolDisabled(property: Property): boolean {
  return property.fieldType === 'bool' && property.optional !== true && property.options.length === 1 && property.options[0]?.required === true;
}

/** Is a property available: not dependent, or one of the options it depends on is selected. */
export function isPropertyAvailable(set: PropertySet, options: readonly SelectedOption[], property: Property, prefix = ''): boolean {
  const enabling = new Set<string>();
  for (const p of allProperties(set)) for (const o of p.options) if (o.dependentProperties?.includes(property.id) === true) enabling.add(o.id);
  for (const id of property.dependentOn ?? []) enabling.add(id);
  if (property.dependent !== true && enabling.size === 0) return true;
  return options.some((o) => o.propertyId.startsWith(prefix) && o.optionId !== undefined && enabling.has(o.optionId));
}

/** Property ids that depend on an option (directly): via the option's or the property's lists. */
function dependentsOfOption(set: PropertySet, owner: Property, optionId: string): Set<string> {
  const out = new Set<string>();
  const option = owner.options.find((o) => o.id === optionId);
  for (const id of option?.dependentProperties ?? []) out.add(id);
  for (const p of allProperties(set)) if (p.dependentOn?.includes(optionId) === true) out.add(p.id);
  return out;
}

/** Remove the options of the given properties and, transitively, of properties depending on those. */
function removeDependents(set: PropertySet, options: SelectedOption[], start: Set<string>, prefix: string): SelectedOption[] {
  const queue = [...start];
  const removed = new Set<string>();
  let current = options;
  while (queue.length > 0) {
    const id = queue.pop() as string;
    if (removed.has(id)) continue;
    removed.add(id);
    const property = findProperty(set, id);
    const gone = current.filter((o) => o.propertyId === prefix + id);
    current = current.filter((o) => o.propertyId !== prefix + id);
    if (property === undefined) continue;
    for (const o of gone) if (o.optionId !== undefined) for (const d of dependentsOfOption(set, property, o.optionId)) queue.push(d);
    for (const d of property.dependentProperties ?? []) queue.push(d);
  }
  return current;
}

export type Choice = { readonly optionId: string } | { readonly value: string | number | boolean };

/**
 * Select an option (or set a value) of a property, applying the rules above. `prefix` scopes the
 * property ids in the flat list (`''`, `'shaft.'`, `'side.front.plant1.'`, …).
 */
export function selectOption(set: PropertySet, options: readonly SelectedOption[], propertyId: string, choice: Choice, prefix = ''): OptionResult {
  const property = findProperty(set, propertyId);
  if (property === undefined) return { ok: false, message: gridMessage('OPTION_UNKNOWN', { propertyId }), options };
  const key = prefix + propertyId;
  let entry: SelectedOption;
  if ('optionId' in choice) {
    if (!property.options.some((o) => o.id === choice.optionId)) return { ok: false, message: gridMessage('OPTION_UNKNOWN', { propertyId, optionId: choice.optionId }), options };
    entry = { propertyId: key, optionId: choice.optionId };
  } else {
    let value = choice.value;
    if (property.fieldType === 'amount') {
      if (typeof value !== 'number' || !Number.isFinite(value)) return { ok: false, message: gridMessage('OPTION_UNKNOWN', { propertyId, value: String(value) }), options };
      value = Math.max(0, property.min ?? 0, value);
      if (property.max !== undefined) value = Math.min(property.max, value);
    } else if (property.fieldType === 'bool') {
      if (typeof value !== 'boolean') return { ok: false, message: gridMessage('OPTION_UNKNOWN', { propertyId, value: String(value) }), options };
      if (isBoolDisabled(property)) return { ok: true, options: [...options] };
    } else if (typeof value === 'string' && value.length > MAX_ID_LENGTH) {
      return { ok: false, message: gridMessage('OPTION_UNKNOWN', { propertyId }), options };
    }
    entry = { propertyId: key, value };
  }
  const previous = options.filter((o) => o.propertyId === key);
  // Options that depend on the previous or the new option are removed (spec §4).
  const affected = new Set<string>();
  for (const o of previous) if (o.optionId !== undefined && o.optionId !== (entry.optionId ?? null)) for (const d of dependentsOfOption(set, property, o.optionId)) affected.add(d);
  if (entry.optionId !== undefined && !previous.some((o) => o.optionId === entry.optionId)) for (const d of dependentsOfOption(set, property, entry.optionId)) affected.add(d);
  affected.delete(propertyId);
  // A group of optional properties acts as a single choice (spec §4).
  if (property.optional === true) {
    for (const p of groupOf(set, propertyId)?.properties ?? []) if (p.id !== propertyId && p.optional === true) affected.add(p.id);
  }
  let next = options.filter((o) => o.propertyId !== key);
  next = removeDependents(set, next, affected, prefix);
  next.push(entry);
  return { ok: true, options: next };
}

/** Unset a property's selection; refused when its selected option is required. */
export function deselectOption(set: PropertySet, options: readonly SelectedOption[], propertyId: string, prefix = ''): OptionResult {
  const property = findProperty(set, propertyId);
  if (property === undefined) return { ok: false, message: gridMessage('OPTION_UNKNOWN', { propertyId }), options };
  const key = prefix + propertyId;
  const current = options.filter((o) => o.propertyId === key);
  const required = current.some((o) => property.options.find((p) => p.id === o.optionId)?.required === true);
  if (required) return { ok: false, message: gridMessage('OPTION_UNKNOWN', { propertyId, required: 'true' }), options };
  const start = new Set<string>([propertyId]);
  return { ok: true, options: removeDependents(set, [...options], start, prefix) };
}

/** The default selection of a property set: default (or required) options and default values of available properties. */
export function defaultOptions(set: PropertySet, prefix = ''): SelectedOption[] {
  const out: SelectedOption[] = [];
  let changed = true;
  // Dependent properties become available once their enabling default is chosen: iterate to a fixed point.
  const done = new Set<string>();
  while (changed) {
    changed = false;
    for (const p of allProperties(set)) {
      if (done.has(p.id) || !isPropertyAvailable(set, out, p, prefix)) continue;
      done.add(p.id);
      const chosen: PropertyOption | undefined = p.options.find((o) => o.isDefault === true) ?? (p.optional === true ? undefined : p.options.find((o) => o.required === true));
      if (chosen !== undefined) {
        out.push({ propertyId: prefix + p.id, optionId: chosen.id });
        changed = true;
      } else if (p.defaultValue !== undefined) {
        out.push({ propertyId: prefix + p.id, value: p.defaultValue });
      }
    }
  }
  return out;
}

export const SHAFT_PREFIX = 'shaft.';
export const SHAFT_PROPERTY = 'shaft';

/** Spec §4: choosing a shaft type resets the shaft options to that type's defaults. */
export function chooseShaftType(options: readonly SelectedOption[], shaftTypeId: string, shaftTypeSet: PropertySet): SelectedOption[] {
  const kept = options.filter((o) => o.propertyId !== SHAFT_PROPERTY && !o.propertyId.startsWith(SHAFT_PREFIX));
  return [...kept, { propertyId: SHAFT_PROPERTY, optionId: shaftTypeId }, ...defaultOptions(shaftTypeSet, SHAFT_PREFIX)];
}

export function sidePrefix(side: CubeSide): string {
  return `side.${side}.`;
}

export function plantKey(side: CubeSide, slot: number): string {
  return `${sidePrefix(side)}plant${slot}`;
}

/**
 * Spec §4: choosing a plant for a side's slot (1 or 2: up to 2 plants per side) resets that
 * plant's options to its defaults; the other slot is untouched.
 */
export function choosePlant(options: readonly SelectedOption[], side: CubeSide, slot: number, plant: Plant): OptionResult {
  if (!CUBE_SIDES.includes(side) || !Number.isInteger(slot) || slot < 1 || slot > MAX_PLANTS_PER_SIDE) {
    return { ok: false, message: gridMessage('OPTION_UNKNOWN', { side: String(side), slot }), options };
  }
  const key = plantKey(side, slot);
  const kept = options.filter((o) => o.propertyId !== key && !o.propertyId.startsWith(`${key}.`));
  return { ok: true, options: [...kept, { propertyId: key, value: plant.propertyId }, ...defaultOptions(plant.configurationPropertySet, `${key}.`)] };
}

/** Remove a plant (and its options) from a side's slot. */
export function removePlant(options: readonly SelectedOption[], side: CubeSide, slot: number): SelectedOption[] {
  const key = plantKey(side, slot);
  return options.filter((o) => o.propertyId !== key && !o.propertyId.startsWith(`${key}.`));
}

/** Set a side's connection height in mm (never below 0). */
export function setSideHeight(options: readonly SelectedOption[], side: CubeSide, heightMm: number): OptionResult {
  if (!Number.isFinite(heightMm)) return { ok: false, message: gridMessage('OPTION_UNKNOWN', { side, value: String(heightMm) }), options };
  const key = `${sidePrefix(side)}height`;
  return { ok: true, options: [...options.filter((o) => o.propertyId !== key), { propertyId: key, value: Math.max(0, heightMm) }] };
}

/**
 * Spec §5: property-set data is rejected entirely if any property lacks an id. Also checks the
 * shape (groups, properties, field types, options with ids) and bounds, so that the rules above
 * never meet malformed data.
 */
export function validatePropertySets(raw: unknown): { ok: true; sets: PropertySet[] } | { ok: false; message: GridMessage } {
  const bad = (path: string) => ({ ok: false as const, message: gridMessage('PROPERTY_SET_INVALID', { path }) });
  const isId = (v: unknown) => typeof v === 'string' && v !== '' && v.length <= MAX_ID_LENGTH;
  if (!Array.isArray(raw)) return bad('');
  for (let s = 0; s < raw.length; s++) {
    const set: unknown = raw[s];
    if (typeof set !== 'object' || set === null || !isId((set as { id?: unknown }).id)) return bad(`[${s}].id`);
    const groups = (set as { groups?: unknown }).groups;
    if (!Array.isArray(groups)) return bad(`[${s}].groups`);
    for (let g = 0; g < groups.length; g++) {
      const group: unknown = groups[g];
      const properties = (group as { properties?: unknown } | null)?.properties;
      if (typeof group !== 'object' || group === null || !Array.isArray(properties)) return bad(`[${s}].groups[${g}]`);
      for (let p = 0; p < properties.length; p++) {
        const prop = properties[p] as { id?: unknown; fieldType?: unknown; options?: unknown } | null;
        const at = `[${s}].groups[${g}].properties[${p}]`;
        if (typeof prop !== 'object' || prop === null || !isId(prop.id)) return bad(`${at}.id`);
        if (!(FIELD_TYPES as readonly unknown[]).includes(prop.fieldType)) return bad(`${at}.fieldType`);
        if (!Array.isArray(prop.options)) return bad(`${at}.options`);
        for (let o = 0; o < prop.options.length; o++) {
          const opt = prop.options[o] as { id?: unknown } | null;
          if (typeof opt !== 'object' || opt === null || !isId(opt.id)) return bad(`${at}.options[${o}].id`);
        }
      }
    }
  }
  return { ok: true, sets: raw as PropertySet[] };
}

/**
 * Spec §5: a shaft or plant whose property set is missing is logged and its item skipped.
 * `shaftSet(boxTypeId)` returns the set of a shaft's type (undefined = missing; only asked for
 * shafts), `plantSet(plantId)` the set of a plant chosen on a side.
 */
export function checkItemPropertySets<T extends { readonly boxTypeId: string; readonly kind: 'BOX' | 'SHAFT'; readonly options: readonly SelectedOption[] }>(
  items: readonly T[],
  shaftSet: (boxTypeId: string) => PropertySet | undefined,
  plantSet: (plantId: string) => PropertySet | undefined,
): { items: T[]; skipped: GridMessage[] } {
  const kept: T[] = [];
  const skipped: GridMessage[] = [];
  items.forEach((item, index) => {
    if (item.kind === 'SHAFT' && shaftSet(item.boxTypeId) === undefined) {
      skipped.push(gridMessage('PROPERTY_SET_MISSING', { index, boxTypeId: item.boxTypeId }, 'warning'));
      return;
    }
    const plant = item.options.find((o) => /^side\.[a-z]+\.plant\d$/.test(o.propertyId) && plantSet(String(o.value)) === undefined);
    if (plant !== undefined) {
      skipped.push(gridMessage('PROPERTY_SET_MISSING', { index, plant: String(plant.value) }, 'warning'));
      return;
    }
    kept.push(item);
  });
  return { items: kept, skipped };
}
