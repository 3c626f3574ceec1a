/**
 * @rainplan/engine/rain — rain data: the RainSeries model, KOSTRA-DWD-2020 (grid, dGEV parameters,
 * DWD's GIS tables and parameter table), KOSTRA-DWD-2010R (DWD's GIS files, lookup by position)
 * and custom rain data (template v1.0). Pure: inputs are strings and Uint8Arrays. See README.md.
 */
export { RAIN_DATA_ERROR_CODES, RAIN_DATA_ERROR_MESSAGE_KEYS, MAX_RAIN_DATA_ERRORS } from './errors.ts';
export type { RainDataError, RainDataErrorCode } from './errors.ts';

// Model
export { rainYieldFromHeight, rainHeightFromYield } from './units.ts';
export { createRainSeries, rainYield, rainUncertainty, availableDurations, durationIndex, annualityIndex, sanitizeRainValue } from './series.ts';
export type { RainSeries, RainSeriesStamp, CreateRainSeriesOptions } from './series.ts';
export { rainSeriesToRainData, rainSeriesFromRainData } from './wire.ts';
export { RAIN_UNCERTAINTY_UNAVAILABLE_REASONS, kostra2010RTolerancePct, rainSeriesUncertainty, scaleRainYields } from './uncertainty.ts';
export type { RainUncertaintyUnavailableReason, RainSeriesUncertainty } from './uncertainty.ts';

// KOSTRA cells and grids
export { parseIndexRc, formatIndexRc, kostraCellRef } from './indexRc.ts';
export type { KostraCellRef } from './indexRc.ts';
export { KOSTRA_2020_GRID, kostra2020CellAt, kostra2020CellFromMap, kostra2020CellCenter } from './kostra2020Grid.ts';
export { KOSTRA_2010R_GRID, kostra2010RCellFromMap } from './kostra2010rGrid.ts';

// Lookups by position: the cell, or outside the grid / a cell without data
export { KOSTRA_LOOKUP_MISS_CODES, KOSTRA_LOOKUP_MISS_MESSAGE_KEYS, kostraLookupMiss } from './lookup.ts';
export type { KostraEdition, KostraLookupMiss, KostraLookupMissCode, KostraLookupResult } from './lookup.ts';

// KOSTRA-DWD-2020
export { kostra2020ReducedVariate, kostra2020IntensityMmH, kostra2020HeightMm, kostra2020HeightTable, kostra2020SeriesFromParameters } from './kostra2020Dgev.ts';
export type { Kostra2020Parameters, Kostra2020TableOptions } from './kostra2020Dgev.ts';
export { readKostra2020ParameterCsv } from './kostra2020ParameterCsv.ts';
export type { Kostra2020ParameterRow, Kostra2020ParameterCsvResult } from './kostra2020ParameterCsv.ts';
export { buildKostra2020Dataset, kostra2020DatasetCell, kostra2020DatasetLocate, kostra2020DatasetLookup } from './kostra2020Dataset.ts';
export type { Kostra2020Dataset, Kostra2020DatasetResult, Kostra2020Cell } from './kostra2020Dataset.ts';

// DWD files (both editions)
export { readKostraDbf, kostraDurationFromFileName } from './kostraDbf.ts';
export type { KostraDurationTable, KostraDbfResult } from './kostraDbf.ts';
export { readDbf, dbfFieldIndex, dbfIsDeleted, dbfText, dbfNumber } from './dbf.ts';
export type { DbfTable, DbfField, DbfResult } from './dbf.ts';
export { readShapefilePolygons, pointInShapefilePolygon } from './shapefile.ts';
export type { ShapefilePolygons, ShapefileResult } from './shapefile.ts';

// KOSTRA-DWD-2010R
export { buildKostra2010RIndex, kostra2010RLocate, kostra2010RLookup, kostra2010RCell, kostra2010RCells } from './kostra2010rIndex.ts';
export type { Kostra2010RIndex, Kostra2010RIndexResult, Kostra2010RCell, Kostra2010RFiles, KostraDbfFile, PolygonBuckets } from './kostra2010rIndex.ts';

// Custom rain data (template v1.0)
export { CUSTOM_RAIN_TEMPLATE_VERSION, CUSTOM_RAIN_TEMPLATE_NOTE, parseCustomRainRows, parseCustomRainCsv, customRainTemplateCsv } from './customRain.ts';
export type { CustomRainCell, CustomRainResult, CustomRainTemplateOptions } from './customRain.ts';
export { parseCsvRows, detectCsvDelimiter, parseDecimal } from './csv.ts';
export type { CsvDelimiter } from './csv.ts';

// Projections (WGS84 ↔ map coordinates with proj4)
export { projectWgs84, unprojectToWgs84, projectionProblem } from './projection.ts';

// Attribution of DWD's data (CC BY 4.0)
export { KOSTRA_ATTRIBUTION, kostraAttributionLine } from './attribution.ts';
export type { RainDataAttribution } from './attribution.ts';
