/**
 * Design defaults and limits.
 * Source: planning spec section 9 "Defaults", "Recurrence", "Volumes", "Timing" and section 5
 * "Validation rules"; box grid constants also from docs/calculation-reference.md section 7.
 * Units are in the names: M metres, Mm millimetres, M2 square metres, Ls litres per second,
 * Percent percent, A years (annuality), Ms milliseconds.
 */
import type { Annuality } from './rain.ts';
import type { FloodingSafetyMarginId, InfiltrationDirection } from './measures.ts';

export const DEFAULTS = {
  /** Flooding verification switches on at A_C ≥ this, m². */
  acThresholdM2: 800,
  /** Safety margin f_Z of sizing, percent (20 → factor 1.2). */
  safetyMarginPercent: 20,
  /** Storage coefficient of storage boxes, percent. */
  storageCoefficientPercent: 95,
  /** Storage coefficient of the gravel/material around pipes, percent. */
  storageCoefficientMaterialPercent: 30,
  /** Throttle discharge for infiltration measures, l/s. */
  throttleDischargeLs: 0,
  /** Throttle discharge for retention measures, l/s. */
  throttleDischargeRetentionLs: 1,
  /** Recurrence interval (annuality) of infiltration measures, years. */
  recurrenceIntervalA: 5 as Annuality,
  /** Recurrence interval of the trough of a combined trough-tank, years. */
  recurrenceIntervalTroughA: 1 as Annuality,
  /** Recurrence interval of the flooding check, years. */
  recurrenceIntervalFloodingA: 30 as Annuality,
  /** Recurrence interval of the flooding check with the flooding option chosen, years. */
  recurrenceIntervalFloodingOptionA: 100 as Annuality,
  /** Flooding safety margin option. */
  safetyMarginFlooding: 'Fz15' as FloodingSafetyMarginId,
  infiltrationDirection: 'everySide' as InfiltrationDirection,
  /** Box tank defaults, m (one box 0.8 × 0.8 × 0.66; a half box is 0.36 high). */
  boxWidthM: 0.8,
  boxLengthM: 0.8,
  boxHeightM: 0.66,
  boxHalfHeightM: 0.36,
  /** Layers (levels) of a new box tank. */
  levels: 1,
  /** Maximum box layers. */
  maxLevels: 7,
  /** Pipe tank defaults (width × length × height, m) and pipes. */
  pipeTankWidthM: 1,
  pipeTankLengthM: 1,
  pipeTankHeightM: 0.6,
  numberOfPipes: 1,
  /**
   * Default pipe diameter, mm. No listed pipe type has it, so no pipe type is preselected
   * (docs/decisions/0004-no-default-pipe-type.md).
   */
  pipeDiameterMm: 400,
  /** Retention pipe default length, m. */
  pipeLengthM: 1,
  /** Trough defaults: depth, width, length in m and slope 1:m. */
  troughDepthM: 0.3,
  troughWidthM: 1,
  troughLengthM: 1,
  troughSlope: 2.5,
  /** Configurator defaults. */
  plantBottomLevelM: 0,
  groundLevelM: 0,
  newConfiguratorGridWidthM: 10,
  newConfiguratorGridLengthM: 10,
  newProjectWidthM: 10,
  newProjectLengthM: 20,
  /** Default shaft depth as a share of the box height. */
  shaftDepthShareOfBoxHeight: 0.5,
} as const;

/**
 * Depth of a shaft whose item type gives none, m: half a box height (planning spec section 9
 * "Default shaft depth 0.5 of box height"; 0.33 m, which the shaft depth rule counts as half a
 * level, 360 mm). A catalogue is refused with such a shaft; the fallback keeps a bill or drawing
 * of unchecked data from treating the shaft as 0 m deep.
 */
export const DEFAULT_SHAFT_DEPTH_M: number = DEFAULTS.shaftDepthShareOfBoxHeight * DEFAULTS.boxHeightM;

/** Box grid constants (configurator). */
export const BOX_GRID = {
  cellMm: 800,
  boxHeightMm: 660,
  halfBoxHeightMm: 360,
  maxLayers: 7,
  /** brutto volume = netto / this. */
  nettoToBruttoDivisor: 0.95,
  cameraZoomMin: 0.0025,
  cameraZoomMax: 0.5,
} as const;

/** Input limits used by validation (section 5). */
export const INPUT_LIMITS = {
  boxDimensionMinM: 0.8,
  boxDimensionStepM: 0.8,
  levelsMin: 0.5,
  levelsStep: 0.5,
  numberOfPipesMin: 1,
  runoffCoefficientMin: 0,
  runoffCoefficientMax: 1,
  /** Plausible range of k_f, m/s (checked by sizing). */
  permeabilityMinMs: 1e-6,
  permeabilityMaxMs: 1e-3,
  /**
   * Levels of a measure's groundwater clearance (ground level, MHGW, typed base level), m above
   * datum (m NHN or a site datum): generous bounds around Germany's extremes (−3.5 m … 2,962 m NHN),
   * so that a typing slip (1e9) is refused (decision 0174).
   */
  levelMinM: -500,
  levelMaxM: 5000,
  /** Soil cover above a measure's tank part (or between a trough's bottom and its tank), m. */
  coverDepthMinM: 0,
  coverDepthMaxM: 20,
} as const;

/**
 * Size limits of every input whose size drives work (issue 25, decision 0190): one table, used by
 * the engine's model and grid, the api's body schemas and the web's forms. Why each number:
 *
 * - the grid: at most 200 cells per edge (200 × 0.8 m = 160 m, planning spec §9 cell size) and 7
 *   layers (spec §9 "maximum 7 layers"); a box tank longer or wider than the grid cannot be laid
 *   out, so its length and width stop there too;
 * - items of one configuration: 50,000 — a large site has about 20,000 boxes (the api's items
 *   bench sizes 20,160), and 50,000 items with options stay below the items call's 16 MiB body;
 *   a measure whose full block of boxes would exceed it cannot open a configuration;
 * - options per item: 64 (the catalogue's property sets give an item well under 20);
 * - other measure dimensions: lengths and widths at most 1,000 m (a trough along a 1 km road),
 *   depths and heights at most 100 m, at most 1,000 pipes and a side slope of at most 1:100 —
 *   far beyond any plan, so that every number the sizing receives is bounded;
 * - texts and lists of the node schemas: names 200 characters, ids 64 (the id column's length),
 *   other texts 200, lists 10,000 entries (decision 0065); configuration names 255;
 * - projection axes: 1,000 per direction (one every 0.16 m of a 160 m grid);
 * - drawings: at most 4,096 px on an edge and 4,194,304 px (2,048²) per image, SVG and PNG
 *   alike (A4 at 300 dpi is 2,480 × 3,508 px), so that a drawing's raster stays below 17 MB.
 */
export const SIZE_LIMITS = {
  gridMaxCellsPerEdge: 200,
  gridMaxEdgeM: 160,
  gridMaxLayers: 7,
  configurationItemsMax: 50_000,
  optionsPerItemMax: 64,
  boxTankEdgeMaxM: 160,
  measureLengthMaxM: 1000,
  measureHeightMaxM: 100,
  numberOfPipesMax: 1000,
  troughSlopeMax: 100,
  nameMaxLength: 200,
  idMaxLength: 64,
  textMaxLength: 200,
  listMaxItems: 10_000,
  configurationNameMaxLength: 255,
  projectionAxesMax: 1000,
  drawingMaxEdgePx: 4096,
  drawingMaxPixels: 4_194_304,
} as const;

/** Timing constants of the apps, ms. */
export const TIMING_MS = {
  dimensionInputDebounce: 300,
  levelInputDebounce: 500,
  boxAutosave: 2000,
  addressSearchDebounce: 300,
  topNotification: 10000,
  errorNotice: 5000,
  loadingMarkerDelay: 100,
} as const;

/** Platform constants the engine and apps share. Source: platform spec section 9. */
export const PLATFORM = {
  appVersion: '1.0.5',
  passwordMinLength: 12,
  languages: ['de', 'en'],
  defaultLanguage: 'de',
  tablePageSizes: [10, 20, 50, 2147483647],
  mapDefaultZoom: 16,
  inactiveAccountMonths: 12,
  defaultCurrency: 'EUR',
  reportNameMaxLength: 25,
} as const;

/** Unit conversions of the spec (section 9 "Formulas"). */
export const CONVERSIONS = {
  /** r in l/(s·ha) times this gives m/s (m³/(s·m²)). */
  rainYieldToMs: 1e-7,
  secondsPerMinute: 60,
  /** Q in l/s times this gives m³/s. */
  litresToCubicMetres: 1e-3,
  secondsPerHour: 3600,
  squareMetresPerHectare: 10000,
} as const;
