/**
 * What the configurator checks when it loads a configuration's items, before the engine builds
 * the grid (`gridFromConfiguration`): planning spec §5 "A missing shaft or plant property set is
 * logged and the item skipped" (the engine's `checkItemPropertySets`).
 *
 * A shaft needs every property set its item type names: its own (inspection shafts: ventilation
 * options) and each shaft type's (throttle shafts: float, perforated plate, grid). A type that
 * names none needs none. A plant chosen on a cube side (`side.<s>.plant1|2`) needs a plant of the
 * catalogue whose configuration property set was found (the plants list holds only those); while
 * the plants could not be loaded at all, no item is skipped for its plant (a failed call is not a
 * missing set, and the next save would drop the item).
 */
import type { BoxConfiguration } from '@rainplan/engine';
import { checkItemPropertySets, gridFromConfiguration, type GridMessage, type ItemGeometryLookup, type LoadResult, type PropertySet, type SelectedOption, type WireItem } from '@rainplan/engine/boxgrid';
import type { ItemType } from '@rainplan/engine/catalogue';

/** The catalogue the check looks items up in. */
export interface LoadCatalogue {
  readonly lookup: ItemGeometryLookup;
  readonly itemType: (boxTypeId: string) => ItemType | undefined;
  readonly propertySet: (id: string) => PropertySet | undefined;
  /** The plants whose property set was found; undefined when the plants could not be loaded (then no plant is checked). */
  readonly plantIds: ReadonlySet<string> | undefined;
}

const NO_SET: PropertySet = { id: '', groups: [] };

/** The set a shaft of this type stands for: undefined when one it names is missing. */
export function shaftPropertySet(type: ItemType | undefined, propertySet: (id: string) => PropertySet | undefined): PropertySet | undefined {
  if (type === undefined) return NO_SET; // an unknown type is the grid's UNKNOWN_ITEM_TYPE, not a missing set
  const named = [type.propertySetId, ...(type.shaftConfiguration?.shaftTypes ?? []).map((s) => s.propertySetId)].filter((id): id is string => typeof id === 'string');
  let first: PropertySet | undefined = NO_SET;
  for (const id of named) {
    const set = propertySet(id);
    if (set === undefined) return undefined;
    if (first === NO_SET) first = set;
  }
  return first;
}

/**
 * The grid of a stored configuration without the items whose shaft or plant property set is
 * missing; every skipped item is reported with its index in the stored list (the grid's own
 * skips too).
 */
export function loadConfigurationGrid(config: BoxConfiguration, catalogue: LoadCatalogue): LoadResult {
  const items = config.items ?? [];
  const typed = items.map((item, index) => ({
    index,
    item,
    boxTypeId: item.boxTypeId,
    kind: catalogue.lookup(item.boxTypeId)?.kind ?? ('BOX' as const),
    options: (item.options ?? []).map(selectedOption),
  }));
  const checked = checkItemPropertySets(
    typed,
    (boxTypeId) => shaftPropertySet(catalogue.itemType(boxTypeId), catalogue.propertySet),
    (plantId) => (catalogue.plantIds === undefined || catalogue.plantIds.has(plantId) ? NO_SET : undefined),
  );
  // the check numbers its skips within `typed` (= the stored list); the grid numbers within the kept items
  const kept = checked.items;
  const loaded = gridFromConfiguration({ ...config, items: kept.map((k) => k.item) }, catalogue.lookup);
  const renumbered = loaded.skipped.map((m) => {
    const at = m.params['index'];
    return typeof at === 'number' && kept[at] !== undefined ? { ...m, params: { ...m.params, index: kept[at].index } } : m;
  });
  const skipped: GridMessage[] = [...checked.skipped, ...renumbered].sort((a, b) => Number(a.params['index'] ?? 0) - Number(b.params['index'] ?? 0));
  return { grid: loaded.grid, skipped, outsideStoredGrid: loaded.outsideStoredGrid };
}

function selectedOption(o: NonNullable<WireItem['options']>[number]): SelectedOption {
  return { propertyId: o.propertyId, ...(o.optionId == null ? {} : { optionId: o.optionId }), ...(o.value == null ? {} : { value: o.value }) };
}
