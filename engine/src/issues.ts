import type { MessageKeys, Problem, ProblemSeverity } from './problems.ts';

/**
 * Problems in a project's data, reported as values. `messageKey` is translated by the apps;
 * `params` fill its placeholders. Codes are stable and documented in docs/issues.md.
 */
/**
 * Codes of measure sizing (docs/calculation-reference.md sections 3 and 4; reported by `sizeMeasure` and
 * `evaluate`). Part of `ISSUE_CODES`; re-exported by `@rainplan/engine/sizing`.
 */
export const SIZING_ISSUE_CODES = [
  /** No usable rain value (all r = 0 / missing) for an annuality the sizing needs, or no rain data at all. */
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
  /** The measure's available volume is below its required volume (the measure is not complete). */
  'VOLUME_INSUFFICIENT',
  /** The seepage zone between an infiltration installation's base and MHGW is thinner than the edition's minimum (SEEPAGE_ZONE_MIN_THICKNESS). */
  'SEEPAGE_ZONE_TOO_THIN',
  /** A box tank's typed length, width or levels were rounded down to the grid (0.8 m cells, 0.5 levels; decision 0168). */
  'BOX_DIMENSION_ROUNDED',
] as const;
export type SizingIssueCode = (typeof SIZING_ISSUE_CODES)[number];

/** Message keys of the sizing codes. */
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
  VOLUME_INSUFFICIENT: 'sizing.volumeInsufficient',
  SEEPAGE_ZONE_TOO_THIN: 'sizing.seepageZoneTooThin',
  BOX_DIMENSION_ROUNDED: 'sizing.boxDimensionRounded',
} as const satisfies MessageKeys<SizingIssueCode>;

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
  'NOT_A_NUMBER',
  'UNKNOWN_FACILITY',
  'FACILITY_REGULATION_MISMATCH',
  'ASSESSMENT_NOT_PASSING',
  ...SIZING_ISSUE_CODES,
] as const;
export type IssueCode = (typeof ISSUE_CODES)[number];

/** An issue is an error or a warning, never a notice (`info`). */
export type IssueSeverity = Exclude<ProblemSeverity, 'info'>;

/** A problem in a project's data (a `Problem`, ./problems.ts), located by node and field. */
export interface Issue extends Problem<IssueCode> {
  readonly severity: IssueSeverity;
  /** The node the issue belongs to; null for project-level issues. */
  readonly nodeId: string | null;
  /** The field path inside the node (e.g. "data.cm"), or null. */
  readonly field: string | null;
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
  NOT_A_NUMBER: 'validation.number',
  UNKNOWN_FACILITY: 'validation.unknownFacility',
  FACILITY_REGULATION_MISMATCH: 'validation.facilityRegulationMismatch',
  ASSESSMENT_NOT_PASSING: 'notPassing',
  ...SIZING_ISSUE_MESSAGE_KEYS,
} as const satisfies MessageKeys<IssueCode>;

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
