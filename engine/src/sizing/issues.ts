/**
 * Issues of measure sizing. They have the shape of `Issue` (../issues.ts); the new codes below
 * are to be merged into `ISSUE_CODES` / `ISSUE_MESSAGE_KEYS` by the lead (issues.ts is not owned
 * by sizing). Until then `SizingIssue` is `Issue` with a wider `code`.
 */
import { ISSUE_MESSAGE_KEYS, type Issue, type IssueCode, type IssueSeverity } from '../issues.ts';

export const SIZING_ISSUE_CODES = [
  /** No usable rain value (all r = 0 / missing) for an annuality the sizing needs. */
  'RAIN_DATA_MISSING',
  /** A value that must be positive (a dimension, the throttle of a retention) is 0, negative or not finite. */
  'VALUE_NOT_POSITIVE',
  /** A result could not be computed (inputs out of the numeric range: overflow). */
  'NOT_COMPUTABLE',
  /** Draining time above the edition's limit (DRAINING_TIME_LIMITS_H). */
  'DRAINING_TIME_EXCEEDED',
  /** Neither infiltration nor throttle: the facility never empties. */
  'NO_OUTFLOW',
  /** k_f outside INPUT_LIMITS.permeabilityMinMs … permeabilityMaxMs. */
  'PERMEABILITY_OUT_OF_RANGE',
  /** A_C / A_S of a trough above TROUGH_AREA_RATIO_MAX. */
  'AREA_RATIO_EXCEEDED',
  /** Outside the DWA-A 117 simple method (A_E > 200 ha or n < 0.1/a). */
  'SIMPLE_METHOD_LIMIT',
  /** Surface infiltration impossible: the infiltration rate does not exceed the rain (q ≤ r·1e-7). */
  'INFILTRATION_INSUFFICIENT',
  /** The pipes of a pipe tank do not fit its cross-section (or d_i > d_a). */
  'PIPES_DO_NOT_FIT',
  /** The trough's side slopes meet above its depth: the usable depth is smaller. */
  'TROUGH_DEPTH_LIMITED',
  /** A design-with-given-depth has no solution (depth too small for the rain on the facility). */
  'DESIGN_NOT_FEASIBLE',
] as const;
export type SizingIssueCode = (typeof SIZING_ISSUE_CODES)[number];

export const SIZING_ISSUE_MESSAGE_KEYS = {
  RAIN_DATA_MISSING: 'sizing.rainDataMissing',
  VALUE_NOT_POSITIVE: 'validation.positive',
  NOT_COMPUTABLE: 'sizing.notComputable',
  DRAINING_TIME_EXCEEDED: 'sizing.drainingTimeExceeded',
  NO_OUTFLOW: 'sizing.noOutflow',
  PERMEABILITY_OUT_OF_RANGE: 'sizing.permeabilityOutOfRange',
  AREA_RATIO_EXCEEDED: 'sizing.areaRatioExceeded',
  SIMPLE_METHOD_LIMIT: 'sizing.simpleMethodLimit',
  INFILTRATION_INSUFFICIENT: 'sizing.infiltrationInsufficient',
  PIPES_DO_NOT_FIT: 'sizing.pipesDoNotFit',
  TROUGH_DEPTH_LIMITED: 'sizing.troughDepthLimited',
  DESIGN_NOT_FEASIBLE: 'sizing.designNotFeasible',
} as const satisfies Record<SizingIssueCode, string>;

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
} as const satisfies Record<SizingIssueCode, IssueSeverity>;

/** An issue of sizing: `Issue` whose code may also be a sizing code. */
export interface SizingIssue extends Omit<Issue, 'code'> {
  readonly code: IssueCode | SizingIssueCode;
}

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
