/**
 * @rainplan/engine/boxgrid — the box configurator's grid: configuration model, every grid
 * operation of planning spec §2/§4 as a pure function with its change list, undo/redo, the
 * option and property-set rules (§4, §5), volumes, materials and checks, and the link to a
 * measure. Pure. Explicit export list. See engine/CONTEXT.md and docs/decisions/0085–0089.
 */
export type { ItemKind, ItemGeometry, ItemGeometryLookup } from './itemGeometry.ts';
export { FIELD_TYPES, CUBE_SIDES, MAX_PLANTS_PER_SIDE } from './propertySets.ts';
export type { FieldType, LocalizedText, PropertyOption, Property, PropertyGroup, PropertySet, Plant, SelectedOption, CubeSide } from './propertySets.ts';
export { GRID_MESSAGE_CODES, GRID_MESSAGE_KEYS, GRID_NOTICE_CODES, gridMessage, gridNotice } from './messages.ts';
export type { GridMessage, GridMessageCode, GridMessageSeverity, GridNotice, GridNoticeCode, GridProblem, GridProblemCode } from './messages.ts';
export {
  ROTATIONS,
  ROTATION_DEGREES,
  TEMP_ID_PREFIX,
  CELL_MM,
  MAX_CELLS_PER_EDGE,
  MAX_GRID_ITEMS,
  MAX_OPTIONS_PER_ITEM,
  NO_CHANGES,
  isConnectionOption,
  cellsOf,
  gridEdgeM,
  gridHeightM,
  createGrid,
  gridLengthM,
  gridWidthM,
  itemAt,
  selectionFromDrag,
  itemsInArea,
  gridItems,
  place,
  erase,
  eraseArea,
  fillLayer,
  fillHorizontal,
  fillVertical,
  eraseHorizontal,
  eraseVertical,
  nextRotation,
  rotate,
  setItemOptions,
} from './grid.ts';
export {
  setCurrentLayer,
  currentLayerAfter,
  canInsertLayer,
  canDeleteLayer,
  insertLayer,
  deleteLayer,
  moveLayer,
  resize,
  addProjectionAxis,
  moveProjectionAxis,
  deleteProjectionAxis,
  updateSettings,
  diffGrids,
} from './gridShape.ts';
export type { Rotation, GridItem, CellArea, GridSettings, Cells, BoxGrid, GridChanges, GridResult, CreateGridInput, PlaceInput } from './grid.ts';
export type { AxisDirection } from './gridShape.ts';
export { DEFAULT_HISTORY_LIMIT, createHistory, record, canUndo, canRedo, undo, redo } from './history.ts';
export type { History } from './history.ts';
export { shaftHeight, shaftGeometryHeight, configurationLevels } from './levels.ts';
export type { ConfigurationLevels } from './levels.ts';
export { PIT_DEFAULTS, configurationVolumes } from './volumes.ts';
export type { PitOptions, ConfigurationVolumes } from './volumes.ts';
export { bodySurface, grownFootprintAreaM2, MATERIAL_OVERLAP_M } from './body.ts';
export type { BodySurface, CellBodyInput } from './body.ts';
export { MIN_COVER_M, LEVEL_LIMIT_M, HEIGHT_OVERRIDE_MAX_M, coverChecks, coverDepth, defaultLevels, heightOverrideOf, installedHeightM, isHeightOverride, isLevel } from './cover.ts';
export type { CoverInput } from './cover.ts';
export { MAX_ITEMS, checkItemList, gridFromConfiguration, toWireItems, toConfiguration, gridCells } from './wire.ts';
export type { WireItem, LoadResult } from './wire.ts';
export {
  MAX_ID_LENGTH,
  SHAFT_PREFIX,
  SHAFT_PROPERTY,
  allProperties,
  findProperty,
  isBoolDisabled,
  isPropertyAvailable,
  selectOption,
  deselectOption,
  defaultOptions,
  chooseShaftType,
  sidePrefix,
  plantKey,
  choosePlant,
  removePlant,
  setSideHeight,
  validatePropertySets,
  checkItemPropertySets,
} from './options.ts';
export type { OptionResult, Choice } from './options.ts';
export {
  measureTakesConfiguration,
  eligibleMeasures,
  linkedTankDimensioning,
  applyConfigurationLinks,
  gridForMeasure,
  measureBlock,
  standardItemGeometry,
} from './measureLink.ts';
export type { MeasureBlock } from './measureLink.ts';
export { configurationSvg, configurationDrawings, configurationDepiction, drawingScale, rasterZoom } from './drawing.ts';
export type { DrawingView, DrawingOptions } from './drawing.ts';
