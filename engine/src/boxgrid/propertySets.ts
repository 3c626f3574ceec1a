/**
 * The property-set model of the box configurator (options of boxes, shafts, cube sides and
 * plants). Plain, JSON-serialisable data: the catalogue holds property sets, a box item holds
 * the selected options.
 *
 * Source: planning spec §3 "Property set" (groups of properties; property: id, name, fieldType,
 * options, dependent, dependentOn, dependentProperties, optional; option: id, name, required,
 * dependentProperties; plant: propertyId, name, groupName, configurationPropertySet; selected
 * option: propertyId, optionId, value), §4 "Box grid" last bullets and §5; design
 * docs/configurator.md "Catalogue". The rules over this model live in `options.ts`.
 */

/** Field types of a property (spec §3). */
export const FIELD_TYPES = [
  'radioButton',
  'comboBox',
  'bool',
  'amount',
  'value',
  'navigation',
  'treeView',
] as const satisfies readonly string[];
export type FieldType = (typeof FIELD_TYPES)[number];

/** A text in both UI languages (the catalogue's names; the UI picks one). */
export interface LocalizedText {
  readonly de: string;
  readonly en: string;
}

/** One choice of a property. */
export interface PropertyOption {
  /** Option id, unique within its property (= a selected option's `optionId`). */
  readonly id: string;
  /** Display name (or translation key) of the option. */
  readonly name: string;
  /** Names in German and English, when the catalogue has them. */
  readonly label?: LocalizedText | undefined;
  /** A required option cannot be unset by the user (spec §3 option `required`). */
  readonly required?: boolean | undefined;
  /** Ids of properties that become available while this option is selected. */
  readonly dependentProperties?: readonly string[] | undefined;
  /** Selected when the property set is reset to its defaults (shaft or plant choice). */
  readonly isDefault?: boolean | undefined;
  /** Catalogue product (order number) that this option adds to the bill, if any. */
  readonly productId?: string | undefined;
}

/** One property of a property set. */
export interface Property {
  /** Property id (`propertyId`), unique within its property set. Required (spec §5). */
  readonly id: string;
  readonly name: string;
  readonly label?: LocalizedText | undefined;
  readonly fieldType: FieldType;
  /** Choices (radio button, combo box, bool, navigation, tree view). */
  readonly options: readonly PropertyOption[];
  /** True when the property is only available while an option it depends on is selected. */
  readonly dependent?: boolean | undefined;
  /** Option ids (of other properties) this property depends on; any one of them enables it. */
  readonly dependentOn?: readonly string[] | undefined;
  /** Ids of properties that depend on this property's selection. */
  readonly dependentProperties?: readonly string[] | undefined;
  /** Optional properties of one group act as a single choice (spec §4). */
  readonly optional?: boolean | undefined;
  /** Numeric bounds of amount / value fields (spec §5: minimum default 0, no maximum, step). */
  readonly min?: number | undefined;
  readonly max?: number | undefined;
  readonly step?: number | undefined;
  /** Default of an amount / value field. */
  readonly defaultValue?: string | number | boolean | undefined;
}

/** A named group of properties (a section of the options dialog). */
export interface PropertyGroup {
  readonly id: string;
  readonly name: string;
  readonly label?: LocalizedText | undefined;
  readonly properties: readonly Property[];
}

/** A property set: the options of one item type, shaft type, cube side or plant. */
export interface PropertySet {
  readonly id: string;
  readonly name?: string | undefined;
  readonly groups: readonly PropertyGroup[];
}

/** A plant (e.g. a pipe connection DN 160) that can be connected to a cube side (spec §3). */
export interface Plant {
  /** The plant's id, stored as the `value` of the side's plant property. */
  readonly propertyId: string;
  readonly name: string;
  readonly label?: LocalizedText | undefined;
  /** Group in the plant selection dialog (e.g. "pipe connections"). */
  readonly groupName: string;
  /** The plant's own options. */
  readonly configurationPropertySet: PropertySet;
}

/** A selected option: one entry of a box item's flat `options` list (spec §3). */
export interface SelectedOption {
  readonly propertyId: string;
  readonly optionId?: string | undefined;
  readonly value?: string | number | boolean | undefined;
}

/** The four cube sides of an item type (catalogue orientation, before rotation). */
export const CUBE_SIDES = ['front', 'left', 'back', 'right'] as const satisfies readonly string[];
export type CubeSide = (typeof CUBE_SIDES)[number];

/** Up to this many plants per cube side (spec §3 "Box item" connectedPlants). */
export const MAX_PLANTS_PER_SIDE = 2;
