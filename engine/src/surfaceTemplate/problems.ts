/**
 * Problems of a sealed-surface spreadsheet upload, returned as values and never thrown.
 *
 * Errors carry the spec's upload codes (planning spec sections 5 and 8, platform spec section 5):
 * `INVALID_VERSION` (template version is not v1.1) and `INVALID_DATA` (unreadable data); the
 * `reason` says what exactly, and `messageKey` is the key the apps translate (the spec's
 * `cValueInvalid` for a runoff coefficient outside [0, 1]). Warnings report what the spec's row
 * rules changed silently (a category dropped, a default name given, a column ignored): the
 * upload still succeeds.
 */
import type { Problem } from '../problems.ts';
import type { SurfaceTemplateField } from './vocabulary.ts';

/** Upload error codes of the spec. */
export const SURFACE_TEMPLATE_ERROR_CODES = ['INVALID_DATA', 'INVALID_VERSION'] as const;
export type SurfaceTemplateErrorCode = (typeof SURFACE_TEMPLATE_ERROR_CODES)[number];

/** What exactly is wrong, with its message key. */
export const SURFACE_TEMPLATE_ERROR_REASONS = {
  /** Row 1 holds no version marker. */
  versionMissing: { code: 'INVALID_VERSION', messageKey: 'surfaceTemplate.versionMissing' },
  /** Row 1 holds another version (`v1.0`, `v2`, `1.1`). */
  versionMismatch: { code: 'INVALID_VERSION', messageKey: 'surfaceTemplate.versionMismatch' },
  /** The input is not a list of rows. */
  noRows: { code: 'INVALID_DATA', messageKey: 'surfaceTemplate.invalidData' },
  /** Row 1 names no column of the template. */
  noColumns: { code: 'INVALID_DATA', messageKey: 'surfaceTemplate.noColumns' },
  /** Two columns of row 1 name the same field. */
  duplicateColumn: { code: 'INVALID_DATA', messageKey: 'surfaceTemplate.duplicateColumn' },
  /** A cell that is neither text nor a number (an object handed in by a spreadsheet reader). */
  unreadableCell: { code: 'INVALID_DATA', messageKey: 'surfaceTemplate.invalidData' },
  /** Area, cm or cs is not a number. */
  notANumber: { code: 'INVALID_DATA', messageKey: 'surfaceTemplate.notANumber' },
  /** The area is negative. */
  negativeArea: { code: 'INVALID_DATA', messageKey: 'validation.min' },
  /** cm or cs outside [0, 1] (planning spec section 5). */
  cValueInvalid: { code: 'INVALID_DATA', messageKey: 'cValueInvalid' },
  /** The runoff type is neither an id nor a label of the runoff table. */
  unknownRunoff: { code: 'INVALID_DATA', messageKey: 'surfaceTemplate.unknownRunoff' },
  /** The drain is neither groundwater nor watercourse. */
  unknownDrain: { code: 'INVALID_DATA', messageKey: 'surfaceTemplate.unknownDrain' },
} as const satisfies Record<string, { code: SurfaceTemplateErrorCode; messageKey: string }>;
export type SurfaceTemplateErrorReason = keyof typeof SURFACE_TEMPLATE_ERROR_REASONS;

/** Codes of the warnings, with their message keys. */
export const SURFACE_TEMPLATE_WARNING_MESSAGE_KEYS = {
  /** A header of row 1 that names no field: the column is ignored. */
  UNKNOWN_COLUMN: 'surfaceTemplate.unknownColumn',
  /** A row without name got the default new-surface name. */
  DEFAULT_NAME: 'surfaceTemplate.defaultName',
  /** A DWA-M 153 category was dropped: the drain is not groundwater, or the value is no F class. */
  M153_DROPPED: 'surfaceTemplate.m153Dropped',
  /** A DWA-A 102-2 area group was dropped: the drain is not watercourse, or the value is no area group. */
  A102_DROPPED: 'surfaceTemplate.a102Dropped',
} as const;
export type SurfaceTemplateWarningCode = keyof typeof SURFACE_TEMPLATE_WARNING_MESSAGE_KEYS;

/**
 * Where a problem sits: `row` and `column` are 1-based and count like a spreadsheet (row 1 is
 * the header, column 1 the first cell, i.e. A); `field` names the template column's field.
 * `detail` is an English explanation for logs and developers; `params` fill the message's
 * placeholders (`value`: the cell text; `expected`: the template version).
 */
interface Located {
  readonly row?: number;
  readonly column?: number;
  readonly field?: SurfaceTemplateField;
  readonly detail: string;
}

/** A problem that stops the upload (a `Problem`, ../problems.ts). */
export interface SurfaceTemplateError extends Problem<SurfaceTemplateErrorCode>, Located {
  readonly severity: 'error';
  readonly reason: SurfaceTemplateErrorReason;
}

/** Something the row rules changed; the upload still succeeds. */
export interface SurfaceTemplateWarning extends Problem<SurfaceTemplateWarningCode>, Located {
  readonly severity: 'warning';
}

/** At most this many errors are collected per file (the first ones tell the story). */
export const MAX_SURFACE_TEMPLATE_ERRORS = 50;

export interface Where {
  readonly row?: number | undefined;
  readonly column?: number | undefined;
  readonly field?: SurfaceTemplateField | undefined;
  readonly params?: Readonly<Record<string, string | number>> | undefined;
}

function where(w: Where) {
  return {
    ...(w.row === undefined ? {} : { row: w.row }),
    ...(w.column === undefined ? {} : { column: w.column }),
    ...(w.field === undefined ? {} : { field: w.field }),
  };
}

/** Builds an error (internal helper). */
export function templateError(reason: SurfaceTemplateErrorReason, detail: string, w: Where = {}): SurfaceTemplateError {
  const { code, messageKey } = SURFACE_TEMPLATE_ERROR_REASONS[reason];
  return { code, severity: 'error', reason, messageKey, ...where(w), detail, ...(w.params === undefined ? {} : { params: w.params }) };
}

/** Builds a warning (internal helper). */
export function templateWarning(code: SurfaceTemplateWarningCode, detail: string, w: Where = {}): SurfaceTemplateWarning {
  return { code, severity: 'warning', messageKey: SURFACE_TEMPLATE_WARNING_MESSAGE_KEYS[code], ...where(w), detail, ...(w.params === undefined ? {} : { params: w.params }) };
}
