/**
 * Issues of measure sizing. The sizing codes are part of `ISSUE_CODES` / `ISSUE_MESSAGE_KEYS`
 * (../issues.ts, where they are defined); `SizingIssue` is `Issue`.
 */
import {
  ISSUE_MESSAGE_KEYS,
  SIZING_ISSUE_CODES,
  SIZING_ISSUE_MESSAGE_KEYS,
  type Issue,
  type IssueCode,
  type IssueSeverity,
  type SizingIssueCode,
} from '../issues.ts';

export { SIZING_ISSUE_CODES, SIZING_ISSUE_MESSAGE_KEYS };
export type { SizingIssueCode };

/** Default severity of each sizing code: unusable inputs are errors, design checks are warnings. */
export const SIZING_ISSUE_SEVERITIES = {
  RAIN_DATA_MISSING: 'error',
  VALUE_NOT_POSITIVE: 'error',
  NOT_COMPUTABLE: 'error',
  DRAINING_TIME_EXCEEDED: 'warning',
  NO_OUTFLOW: 'error',
  PERMEABILITY_OUT_OF_RANGE: 'warning',
  AREA_RATIO_EXCEEDED: 'warning',
  SIMPLE_METHOD_LIMIT: 'warning',
  INFILTRATION_INSUFFICIENT: 'error',
  PIPES_DO_NOT_FIT: 'error',
  TROUGH_DEPTH_LIMITED: 'warning',
  DESIGN_NOT_FEASIBLE: 'error',
  VOLUME_INSUFFICIENT: 'warning',
  SEEPAGE_ZONE_TOO_THIN: 'warning',
  BOX_DIMENSION_ROUNDED: 'warning',
} as const satisfies Record<SizingIssueCode, IssueSeverity>;

/** An issue of sizing (the sizing codes are issue codes). */
export type SizingIssue = Issue;

/** Where an issue belongs: the node and the field path inside it (both optional). */
export interface IssueTarget {
  readonly nodeId?: string | null | undefined;
  readonly field?: string | null | undefined;
}

const isSizingCode = (code: string): code is SizingIssueCode => code in SIZING_ISSUE_MESSAGE_KEYS;

/** Builds a sizing issue (message key and default severity from the code). */
export function sizingIssue(
  code: IssueCode | SizingIssueCode,
  at: IssueTarget,
  params?: Record<string, string | number>,
  severity?: IssueSeverity,
): SizingIssue {
  const messageKey = isSizingCode(code) ? SIZING_ISSUE_MESSAGE_KEYS[code] : ISSUE_MESSAGE_KEYS[code];
  const sev = severity ?? (isSizingCode(code) ? SIZING_ISSUE_SEVERITIES[code] : 'error');
  const base = { nodeId: at.nodeId ?? null, field: at.field ?? null, code, messageKey, severity: sev };
  return params === undefined ? base : { ...base, params };
}
