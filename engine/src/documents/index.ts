/**
 * `@rainplan/engine/documents`: the documents as data — pure builders from the evaluated project,
 * the bill and a translate function (engine/CONTEXT.md, `documents/`). Rendering (pdfmake) and file I/O sit in the apps. Each document has its own folder:
 * `report/` (dimensioning report), `masslist/`, `gaeb/`, `variants/` (variant comparison);
 * labels in `labels/`.
 */
export {
  DOCUMENT_LABELS,
  DOCUMENT_LANGUAGES,
  documentTranslator,
  formatDate,
  formatDecimalString,
  formatNumber,
  formatPowerOfTen,
  formatScientific,
  HEADING_NAME_MAX,
  headingName,
  interpolate,
  superscript,
  isDocumentLanguage,
  translator,
  type DocumentLanguage,
  type LabelParams,
  type LabelTable,
  type LabelledDocument,
  type NumberFormatOptions,
  type Translate,
} from './labels/index.ts';
export {
  BRANDING_ERROR_CODES,
  BRANDING_ERROR_MESSAGE_KEYS,
  BRANDING_FILE,
  BRANDING_REGIONS,
  brandingErrorText,
  parseBranding,
  type Branding,
  type BrandingContact,
  type BrandingError,
  type BrandingErrorCode,
  type BrandingLink,
  type BrandingLinks,
  type BrandingRegion,
  type BrandingResult,
  type BrandingText,
} from './branding.ts';
export { DATA_SHEET_FILE_NAME, dataSheetDocument, dataSheetFiles, type DataSheetOptions } from './datasheet.ts';
export * from './masslist/index.ts';
export * from './gaeb/index.ts';
export * from './variants/index.ts';
export {
  reportDocument,
  reportInputs,
  reportProblems,
  measurePassing,
  volumeChartSvg,
  rainUncertaintyBandLine,
  type ChartOptions,
  type ChartSeries,
  type EvaluatedProject,
  type PdfContent,
  type PdfNode,
  type ReportConfiguration,
  type ReportDocumentDefinition,
  type ReportInputOptions,
  type ReportInputs,
  type ReportOptions,
  type ReportProblem,
  type UncertaintyHookContext,
} from './report/index.ts';
