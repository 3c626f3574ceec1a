/**
 * Mass lists as documents: the document model built from the engine's decimal bill, the Excel
 * workbook (exceljs passed in) and the pdfmake definition (spec §2 "Documents page"; design
 * docs/documents.md "Mass lists"). Labels: `labels/masslist.{de,en}.json`.
 */
export {
  MASS_LIST_COLUMNS,
  massListFileName,
  massListModel,
  massListNumber,
  sheetName,
  type MassListCell,
  type MassListColumn,
  type MassListColumnKey,
  type MassListDocumentInput,
  type MassListModel,
  type MassListNumber,
  type MassListRow,
  type MassListScope,
  type MassListSection,
} from './model.ts';
export { massListPdf, type PdfDocumentDefinition, type PdfNode } from './pdf.ts';
export {
  excelNumberFormat,
  massListXlsx,
  writeMassListWorkbook,
  type ExcelCellLike,
  type ExcelJsLike,
  type ExcelRowLike,
  type ExcelWorkbookLike,
  type ExcelWorksheetLike,
} from './workbook.ts';
export { productListTotals, type EditableProductLine, type ProductListTotals } from './productList.ts';
