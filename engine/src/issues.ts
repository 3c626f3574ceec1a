/**
 * Problems in a project's data, reported as values. `messageKey` is translated by the apps;
 * `params` fill its placeholders. Codes are stable and documented in docs/issues.md.
 */
export const ISSUE_CODES = [
  'REQUIRED',
  'NAME_REQUIRED',
  'C_VALUE_INVALID',
  'SEALED_SURFACES_EMPTY',
  'SEALED_SURFACES_INCOMPATIBLE',
  'POLLUTION_CATEGORY_MISMATCH',
  'BELOW_MINIMUM',
  'ABOVE_MAXIMUM',
  'STEP_MISMATCH',
  'NOT_AN_INTEGER',
  'UNKNOWN_FACILITY',
  'FACILITY_REGULATION_MISMATCH',
  'ASSESSMENT_NOT_PASSING',
] as const;
export type IssueCode = (typeof ISSUE_CODES)[number];

export type IssueSeverity = 'error' | 'warning';

export interface Issue {
  /** The node the issue belongs to; null for project-level issues. */
  readonly nodeId: string | null;
  /** The field path inside the node (e.g. "data.cm"), or null. */
  readonly field: string | null;
  readonly code: IssueCode;
  readonly messageKey: string;
  readonly severity: IssueSeverity;
  readonly params?: Readonly<Record<string, string | number>>;
}

/** Message key of each issue code (the spec's keys where it names one). */
export const ISSUE_MESSAGE_KEYS = {
  REQUIRED: 'validation.required',
  NAME_REQUIRED: 'validation.nameRequired',
  C_VALUE_INVALID: 'cValueInvalid',
  SEALED_SURFACES_EMPTY: 'sealedSurfacesEmpty',
  SEALED_SURFACES_INCOMPATIBLE: 'sealedSurfacesIncompartibel',
  POLLUTION_CATEGORY_MISMATCH: 'validation.pollutionCategoryMismatch',
  BELOW_MINIMUM: 'validation.min',
  ABOVE_MAXIMUM: 'validation.max',
  STEP_MISMATCH: 'validation.step',
  NOT_AN_INTEGER: 'validation.integer',
  UNKNOWN_FACILITY: 'validation.unknownFacility',
  FACILITY_REGULATION_MISMATCH: 'validation.facilityRegulationMismatch',
  ASSESSMENT_NOT_PASSING: 'notPassing',
} as const satisfies Record<IssueCode, string>;

export function issue(
  code: IssueCode,
  nodeId: string | null,
  field: string | null,
  params?: Record<string, string | number>,
  severity: IssueSeverity = 'error',
): Issue {
  return params === undefined
    ? { nodeId, field, code, messageKey: ISSUE_MESSAGE_KEYS[code], severity }
    : { nodeId, field, code, messageKey: ISSUE_MESSAGE_KEYS[code], severity, params };
}
