/** The comparison of a measure's variants as a document (decision 0142). Labels: `labels/variants.{de,en}.json`. */
export {
  VARIANT_COMPARISON_COLUMNS,
  variantComparisonFileName,
  variantComparisonModel,
  type VariantComparisonCell,
  type VariantComparisonColumn,
  type VariantComparisonColumnKey,
  type VariantComparisonDocumentInput,
  type VariantComparisonModel,
  type VariantComparisonModelRow,
} from './model.ts';
export { variantComparisonPdf, variantComparisonPdfOfModel } from './pdf.ts';
