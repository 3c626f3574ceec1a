/**
 * Problems in rain data files (DWD files, custom uploads), returned as values and never thrown.
 * Misuse of the rain functions (an argument that is not a `Uint8Array`, a duration that is not on
 * the rain axis) throws `EngineError` instead (see ../errors.ts).
 *
 * Codes follow the planning spec's upload errors (spec section 5 "Upload"; section 8 "error
 * catalogue"): `INVALID_VERSION` (template version mismatch) and `INVALID_DATA` (unreadable data).
 */

import type { MessageKeys, Problem } from '../problems.ts';

/** Stable codes of rain data problems. */
export const RAIN_DATA_ERROR_CODES = ['INVALID_DATA', 'INVALID_VERSION'] as const;
export type RainDataErrorCode = (typeof RAIN_DATA_ERROR_CODES)[number];

/** Message key of each code (translated by the apps, never here). */
export const RAIN_DATA_ERROR_MESSAGE_KEYS = {
  INVALID_DATA: 'rainData.invalidData',
  INVALID_VERSION: 'rainData.invalidVersion',
} as const satisfies MessageKeys<RainDataErrorCode>;

/**
 * One problem in a rain data file. `row` and `column` are 1-based and count like a spreadsheet
 * (row 1 is the first line of the file, column 1 the first cell); for DWD `.dbf` files `row` is
 * the 1-based record number and `field` names the attribute; for `.shp` files `row` is the
 * 1-based shape record. `detail` is an English explanation for logs and developers (the apps
 * show the translated `messageKey`).
 */
export interface RainDataError extends Problem<RainDataErrorCode> {
  readonly severity: 'error';
  readonly row?: number;
  readonly column?: number;
  readonly field?: string;
  readonly detail: string;
}

/** At most this many errors are collected per file (the first ones tell the story). */
export const MAX_RAIN_DATA_ERRORS = 50;

/** Builds a RainDataError (internal helper). */
export function rainDataError(
  code: RainDataErrorCode,
  detail: string,
  where: { readonly row?: number | undefined; readonly column?: number | undefined; readonly field?: string | undefined } = {},
): RainDataError {
  return {
    code,
    severity: 'error',
    messageKey: RAIN_DATA_ERROR_MESSAGE_KEYS[code],
    ...(where.row === undefined ? {} : { row: where.row }),
    ...(where.column === undefined ? {} : { column: where.column }),
    ...(where.field === undefined ? {} : { field: where.field }),
    detail,
  };
}
