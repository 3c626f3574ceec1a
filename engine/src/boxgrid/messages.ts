/**
 * Codes and message keys of every box configurator message: refusals of grid operations,
 * load/validation problems (spec §5) and the checks of a configuration (docs/configurator.md).
 * A message is a `Problem` (../problems.ts): a `GridProblem` (error or warning) or a `GridNotice`
 * (info: nothing to undo or redo, an empty configuration). The apps translate the keys
 * (`configurator.*`); the engine never formats text.
 */
import type { MessageKeys, Problem, ProblemParams, ProblemSeverity } from '../problems.ts';

export const GRID_MESSAGE_CODES = [
  /** A draw/erase/fill outside the grid bounds (spec §4 "Selection"). */
  'OUTSIDE_GRID',
  /** A draw/erase/fill outside the active selection area (spec §4 "Selection"). */
  'OUTSIDE_SELECTION',
  /** Deleting the last layer (spec §4: delete only when more than one). */
  'LAST_LAYER',
  /** Adding a layer beyond the maximum (spec §9: maximum 7 layers). */
  'MAX_LAYERS',
  /** An operation that would put more items into the grid than one configuration holds (50,000; decision 0191). */
  'TOO_MANY_ITEMS',
  /** A layer index that does not exist. */
  'NO_SUCH_LAYER',
  /** No item at the given cell. */
  'NO_ITEM',
  /** The item type is not in the catalogue. */
  'UNKNOWN_ITEM_TYPE',
  /** A grid size below one cell or above the limits. */
  'INVALID_SIZE',
  /** A setting or argument that is not a finite number in its range, or an unknown rotation. */
  'INVALID_VALUE',
  /** A projection axis outside the grid. */
  'AXIS_OUTSIDE_GRID',
  /** No projection axis at that index. */
  'NO_SUCH_AXIS',
  /** Undo with an empty history / redo with nothing undone. */
  'NOTHING_TO_UNDO',
  'NOTHING_TO_REDO',
  /** §5: an item list with an item lacking string boxId/boxTypeId, numeric x/y/z or string rotation. */
  'ITEM_LIST_INVALID',
  /** §5: on load, an item missing id, type, position or rotation (skipped). */
  'ITEM_INCOMPLETE',
  /** On load, an item outside the grid or with non-integer coordinates (skipped). */
  'ITEM_OUTSIDE_GRID',
  /** On load, a second item in an occupied cell (skipped). */
  'ITEM_CELL_OCCUPIED',
  /** §5: property-set data where a property lacks an id (rejected entirely). */
  'PROPERTY_SET_INVALID',
  /** §5: a shaft's or plant's property set is missing (item skipped). */
  'PROPERTY_SET_MISSING',
  /** An option that is not in the property set (dropped). */
  'OPTION_UNKNOWN',
  /** Checks: cover above the configuration below the minimum (docs/configurator.md). */
  'GROUND_LEVEL_TOO_LOW',
  /** Checks: the plant bottom above ground level minus the configuration height. */
  'PLANT_BOTTOM_TOO_HIGH',
  /** Checks: the configuration holds no item. */
  'CONFIGURATION_EMPTY',
  /** A configuration linked to a measure that does not exist or cannot take a configuration. */
  'MEASURE_NOT_ELIGIBLE',
] as const;
export type GridMessageCode = (typeof GRID_MESSAGE_CODES)[number];

/** The codes of the grid's notices, always of severity `info`: nothing is wrong and nothing was changed. */
export const GRID_NOTICE_CODES = ['NOTHING_TO_UNDO', 'NOTHING_TO_REDO', 'CONFIGURATION_EMPTY'] as const satisfies readonly GridMessageCode[];
export type GridNoticeCode = (typeof GRID_NOTICE_CODES)[number];
/** The codes of the grid's problems: refusals, load problems and checks, of severity `error` or `warning`. */
export type GridProblemCode = Exclude<GridMessageCode, GridNoticeCode>;

/** Message keys (translated by the apps) of every grid message code. */
export const GRID_MESSAGE_KEYS = {
  OUTSIDE_GRID: 'configurator.outsideGrid',
  OUTSIDE_SELECTION: 'configurator.outsideSelection',
  LAST_LAYER: 'configurator.lastLayer',
  MAX_LAYERS: 'configurator.maxLayers',
  TOO_MANY_ITEMS: 'configurator.tooManyItems',
  NO_SUCH_LAYER: 'configurator.noSuchLayer',
  NO_ITEM: 'configurator.noItem',
  UNKNOWN_ITEM_TYPE: 'configurator.unknownItemType',
  INVALID_SIZE: 'configurator.invalidSize',
  INVALID_VALUE: 'configurator.invalidValue',
  AXIS_OUTSIDE_GRID: 'configurator.axisOutsideGrid',
  NO_SUCH_AXIS: 'configurator.noSuchAxis',
  NOTHING_TO_UNDO: 'configurator.nothingToUndo',
  NOTHING_TO_REDO: 'configurator.nothingToRedo',
  ITEM_LIST_INVALID: 'configurator.itemListInvalid',
  ITEM_INCOMPLETE: 'configurator.itemIncomplete',
  ITEM_OUTSIDE_GRID: 'configurator.itemOutsideGrid',
  ITEM_CELL_OCCUPIED: 'configurator.itemCellOccupied',
  PROPERTY_SET_INVALID: 'configurator.propertySetInvalid',
  PROPERTY_SET_MISSING: 'configurator.propertySetMissing',
  OPTION_UNKNOWN: 'configurator.optionUnknown',
  GROUND_LEVEL_TOO_LOW: 'configurator.groundLevelTooLow',
  PLANT_BOTTOM_TOO_HIGH: 'configurator.plantBottomTooHigh',
  CONFIGURATION_EMPTY: 'configurator.configurationEmpty',
  MEASURE_NOT_ELIGIBLE: 'configurator.measureNotEligible',
} as const satisfies MessageKeys<GridMessageCode>;

export type GridMessageSeverity = ProblemSeverity;

/** A refusal, load problem or check of the grid (a `Problem`); `params` (always present) fill the translation's placeholders. */
export interface GridProblem extends Problem<GridProblemCode> {
  readonly severity: Exclude<ProblemSeverity, 'info'>;
  readonly params: ProblemParams;
}

/** A notice of the grid (a `Problem` of severity `info`): nothing to undo or redo, an empty configuration. */
export interface GridNotice extends Problem<GridNoticeCode> {
  readonly severity: 'info';
  readonly params: ProblemParams;
}

/** A configurator message: plain data; its `severity` tells a notice (`info`) from a problem. */
export type GridMessage = GridProblem | GridNotice;

/** A problem of the grid with its code's message key (severity `error` unless given). */
export function gridMessage(code: GridProblemCode, params: Record<string, string | number> = {}, severity: GridProblem['severity'] = 'error'): GridProblem {
  return { code, messageKey: GRID_MESSAGE_KEYS[code], severity, params };
}

/** A notice of the grid with its code's message key. */
export function gridNotice(code: GridNoticeCode): GridNotice {
  return { code, messageKey: GRID_MESSAGE_KEYS[code], severity: 'info', params: {} };
}
