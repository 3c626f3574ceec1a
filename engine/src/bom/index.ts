/**
 * `@rainplan/engine/bom`: bills of materials and mass lists in decimal.js (money as decimal
 * strings; line totals rounded half-up to cents; sums exact).
 */
export { configurationBill, measureMassList, projectMassList, type MassListOptions } from './massList.ts';
export { blockConfiguration } from './measure.ts';
export { BILL_UNITS_EN, billUnit } from './units.ts';
export {
  cubeSideFacing,
  type ConfigurationQuantities,
} from './configuration.ts';
export {
  BILL_ISSUE_CODES,
  BILL_ISSUE_MESSAGE_KEYS,
  GROUP_BY,
  LANGUAGES,
  type BillIssue,
  type BillIssueCode,
  type BillOfMaterials,
  type GroupBy,
  type Language,
  type MassListGroup,
  type ProductLine,
  type SystemType,
} from './types.ts';
