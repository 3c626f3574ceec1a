/**
 * @rainplan/engine — the calculation engine of rainplan. Pure TypeScript: no DOM, no Node APIs,
 * no timers, no network. Explicit export list (no `export *`). See CONTEXT.md.
 */
export { ENGINE_VERSION } from './version.ts';
export { EngineError, isEngineError, ENGINE_ERROR_CODES } from './errors.ts';
export type { EngineErrorCode } from './errors.ts';
export { ISSUE_CODES, ISSUE_MESSAGE_KEYS } from './issues.ts';
export type { Issue, IssueCode, IssueSeverity } from './issues.ts';
export { assertNever } from './problems.ts';
export type { MessageKeys, Problem, ProblemParams, ProblemSeverity } from './problems.ts';

// Wire format (TypeBox schemas and their types)
export {
  SCHEMA_VERSION,
  MAX_CONFIGURATION_ITEMS,
  ProjectFileSchema,
  WaterflowSchema,
  ProjectDataSchema,
  BoxConfigurationSchema,
  AdditionalProductSchema,
  MeasureProductsSchema,
  type AdditionalProduct,
  type MeasureProducts,
} from './model/project.ts';
export type { Project, ProjectData, Waterflow, BoxConfiguration } from './model/project.ts';
export { SealedSurfaceSchema, SealedSurfaceDataSchema, DrainSchema } from './model/surface.ts';
export type { SealedSurface, SealedSurfaceData } from './model/surface.ts';
export { PurificationSchema, PurificationDataSchema, TreatmentFacilitySchema } from './model/purification.ts';
export type { Purification, PurificationData, PurificationA102Data, A102CategoryBlock, SurfaceM153Data, TreatmentFacility } from './model/purification.ts';
export { MeasureSchema, MeasureDataSchema, MeasureVariantSchema, MAX_VARIANTS, GROUNDWATER_CLEARANCE_STATUSES } from './model/measure.ts';
export type { Measure, MeasureVariant, MeasureData, DimensioningTrough, DimensioningInfiltrationTank, ReportData, ChartPoint } from './model/measure.ts';
export { MEASURE_COMPUTED_FIELDS, type MeasureComputedField } from './model/computedFields.ts';
export { RainDataSchema } from './model/rain.ts';
export type { RainData, RainSeriesEntry, KostraCell, RainDatasetStamp } from './model/rain.ts';

// Project files
export { parseProject, jsonPath, parseError, PARSE_ERROR_CODES, PARSE_ERROR_MESSAGE_KEYS } from './project/parseProject.ts';
export type { ParseResult, ParseError, ParseErrorCode } from './project/parseProject.ts';
export { serializeProject } from './project/serializeProject.ts';
export { checkWaterflowLinks } from './project/checkWaterflowLinks.ts';
export { MIGRATIONS } from './project/migrations.ts';

// Waterflow operations (pure: each returns { waterflow, changed })
export type { OperationResult, NodeKind, WaterflowNode } from './waterflow/draft.ts';
export { createSurface, createPurification, createMeasure, duplicateSurface, deleteNode, renameNode, defaultMeasureData } from './waterflow/nodes.ts';
export type { NewNode } from './waterflow/nodes.ts';
export { assignSurfaces, detachSurface, eligibleSurfaces, setPurificationMeasure } from './waterflow/assign.ts';
export { setSurfaceDrain, setSurfaceRunoff, updateSurface } from './waterflow/surfaceEdits.ts';
export type { SurfacePatch } from './waterflow/surfaceEdits.ts';
export { setWaterCategory, choosePurificationFacility, updatePurification, neededFacilityAmount, NO_FACILITY_OPTION } from './waterflow/purificationEdits.ts';
export type { PurificationPatch } from './waterflow/purificationEdits.ts';
export {
  measureKind,
  normalizeMeasureData,
  setInstallationTarget,
  setInstallationVariant,
  setInfiltrationTankType,
  setInstallationType,
  setSoil,
  setFloodingOption,
  setFloodingVerification,
  floodingVerificationLocked,
  updateMeasure,
  boxTankHeightM,
  defaultBoxTank,
  defaultPipeTank,
  defaultRetentionPipe,
  defaultTrough,
} from './waterflow/measureRules.ts';
export type { MeasureKind, MeasurePatch } from './waterflow/measureRules.ts';
// Measure kinds: one module per kind behind one interface, registered in one table (decision 0164)
export { MEASURE_KIND_IDS, TANK_PART_IDS } from './kinds/types.ts';
export { MEASURE_KINDS, TANK_PARTS, measureKindOf, measureKindCandidates, measureKindById, tankPart, requiredKindInputs } from './kinds/registry.ts';
export type {
  MeasureKindId,
  TankPartId,
  MeasureKindModule,
  TankPartModule,
  TroughPartModule,
  KindSelection,
  KindDesign,
  KindCheck,
  TankSectionSpec,
  ReportInputRow,
  FieldRules,
  BillContext,
  DimensionProblemSink,
} from './kinds/types.ts';
export { connectedArea, surfaceConnectedArea } from './waterflow/connectedArea.ts';
export { deriveDrain } from './waterflow/deriveDrain.ts';

// Variants of a measure and their comparison (decisions 0140–0141)
export {
  addVariant,
  updateVariant,
  removeVariant,
  renameChosenVariant,
  chooseVariant,
  variantInputs,
  compareVariants,
  variantMeasureType,
  MAX_VARIANT_NAME_LENGTH,
  CHOSEN_VARIANT_DEFAULT_NAME,
  shownDifference,
  shownFigure,
  VARIANT_FIGURE_DECIMALS,
} from './variants/index.ts';
export type {
  AddVariantOptions,
  VariantPatch,
  CompareVariantsOptions,
  VariantComparison,
  VariantComparisonRow,
  VariantDifferences,
  VariantFigures,
  VariantNumberFigure,
  VariantMeasureType,
} from './variants/index.ts';

// Sealed-surface spreadsheet template v1.1 (upload dialog; docs/decisions/0038-surface-template-v1.1.md)
export { parseSurfaceRows, parseSurfaceCsv } from './surfaceTemplate/parse.ts';
export type { SurfaceTemplateCell, NewSurface, ImportedSurface, SurfaceTemplateParseOptions, SurfaceTemplateResult } from './surfaceTemplate/parse.ts';
export { surfaceTemplateCsv, surfaceTemplateRows } from './surfaceTemplate/write.ts';
export type { SurfaceTemplateCsvOptions } from './surfaceTemplate/write.ts';
export { addSurfaces } from './surfaceTemplate/addSurfaces.ts';
export {
  SURFACE_TEMPLATE_VERSION,
  SURFACE_TEMPLATE_LANGUAGES,
  SURFACE_TEMPLATE_FIELDS,
  SURFACE_TEMPLATE_HEADERS,
  SURFACE_TEMPLATE_RUNOFF_LABELS,
  SURFACE_TEMPLATE_DRAIN_LABELS,
} from './surfaceTemplate/vocabulary.ts';
export type { SurfaceTemplateLanguage, SurfaceTemplateField } from './surfaceTemplate/vocabulary.ts';
export {
  SURFACE_TEMPLATE_ERROR_CODES,
  SURFACE_TEMPLATE_ERROR_REASONS,
  SURFACE_TEMPLATE_WARNING_MESSAGE_KEYS,
  MAX_SURFACE_TEMPLATE_ERRORS,
} from './surfaceTemplate/problems.ts';
export type {
  SurfaceTemplateError,
  SurfaceTemplateErrorCode,
  SurfaceTemplateErrorReason,
  SurfaceTemplateWarning,
  SurfaceTemplateWarningCode,
} from './surfaceTemplate/problems.ts';

// Standard calculations: assessments
export { m153Assessment, m153CombinedFactor, m153Passes, m153TreatmentNeeded } from './assessment/m153.ts';
export type { M153Input, M153SurfaceInput, M153Assessment, M153TreatmentChoice } from './assessment/m153.ts';
export { a102Assessment, a102Passes } from './assessment/a102.ts';
export type { A102SurfaceInput, A102Assessment } from './assessment/a102.ts';

// Project evaluation
export { evaluate } from './evaluate/evaluate.ts';
export type { EvaluateOptions } from './evaluate/evaluate.ts';
export { evaluateIncremental, type PreviousEvaluation } from './evaluate/incremental.ts';
export { applyEvaluation, deriveProject } from './evaluate/applyEvaluation.ts';
export type {
  Evaluation,
  EvaluationSummary,
  SurfaceResult,
  PurificationResult,
  MeasureResult,
  MeasureStepState,
  M153Result,
  A102Result,
  UncertaintyBandReason,
} from './evaluate/types.ts';
export type { MeasureUncertaintyBand, UncertaintyBandEnd } from './sizing/uncertaintyBand.ts';
export type { BalancePart, MeasureBalances, PartBalance } from './sizing/sizeMeasure.ts';
export { boxBlockDimensions, boxBlockVolumeM3 } from './sizing/boxBlock.ts';
export type { BoxBlock, BoxCounts } from './sizing/boxBlock.ts';
export { measureGroundwaterClearance, seepageZoneCheck } from './sizing/groundwaterClearance.ts';
export type { GroundwaterClearanceResult, GroundwaterClearanceStatus, BaseLevelSource } from './sizing/groundwaterClearance.ts';
export type { RainUncertaintyUnavailableReason } from './rain/uncertainty.ts';
