/** Variants of a measure and their comparison (decisions 0140–0141). */
export {
  addVariant,
  updateVariant,
  removeVariant,
  renameChosenVariant,
  chooseVariant,
  variantInputs,
  MAX_VARIANT_NAME_LENGTH,
  CHOSEN_VARIANT_DEFAULT_NAME,
  type AddVariantOptions,
  type VariantPatch,
} from './variants.ts';
export {
  compareVariants,
  variantMeasureType,
  type CompareVariantsOptions,
  type VariantComparison,
  type VariantComparisonRow,
  type VariantDifferences,
  type VariantFigures,
  type VariantMeasureType,
} from './compare.ts';
export { shownDifference, shownFigure, VARIANT_FIGURE_DECIMALS, type VariantNumberFigure } from './figures.ts';
