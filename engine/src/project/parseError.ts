/**
 * The problems that make a project file unreadable (`parseProject`), each located by its JSON
 * path. A `Problem` (../problems.ts) of severity `error`.
 */
import type { MessageKeys, Problem } from '../problems.ts';

/** Stable codes of parse errors. */
export const PARSE_ERROR_CODES = [
  /** The text is not JSON. */
  'INVALID_JSON',
  /** The schema version is missing, not an integer, or newer than this engine reads. */
  'UNSUPPORTED_VERSION',
  /** A value does not fit the project file's schema (docs/project-file.md). */
  'SCHEMA',
  /** An id refers to nothing, or to a node of the wrong kind, or is used twice. */
  'REFERENCE',
] as const;
export type ParseErrorCode = (typeof PARSE_ERROR_CODES)[number];

/** Message key of each parse error code. */
export const PARSE_ERROR_MESSAGE_KEYS = {
  INVALID_JSON: 'projectFile.invalidJson',
  UNSUPPORTED_VERSION: 'projectFile.unsupportedVersion',
  SCHEMA: 'projectFile.schema',
  REFERENCE: 'projectFile.reference',
} as const satisfies MessageKeys<ParseErrorCode>;

/** A problem that makes a project file unreadable, located by its JSON path (e.g. `$.waterflow.measures[0].data.safetyMargin`). */
export interface ParseError extends Problem<ParseErrorCode> {
  readonly severity: 'error';
  readonly path: string;
  /** What the file should hold there (English, for the message and logs). */
  readonly expected: string;
  /** What it holds (JSON text or a description), when there is something. */
  readonly received?: string;
}

/** Builds a ParseError: `expected` and `received` as the file's reader words them. */
export function parseError(code: ParseErrorCode, path: string, expected: string, received?: string): ParseError {
  const base = { code, severity: 'error' as const, messageKey: PARSE_ERROR_MESSAGE_KEYS[code], path, expected };
  return received === undefined ? base : { ...base, received };
}
