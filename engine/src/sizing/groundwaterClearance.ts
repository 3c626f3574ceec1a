/**
 * Groundwater clearance of an infiltration installation (decisions 0173–0175): the thickness of
 * the unsaturated seepage zone between the installation's base and the mean highest groundwater
 * level (MHGW), checked against the least thickness of the rule edition
 * (`SEEPAGE_ZONE_MIN_THICKNESS`: 1 m, DWA-A 138-1:2024 / DWA-A 138:2005, clauses there).
 *
 * Levels are metres above one datum: the datum of the project's ground level (m NHN, or a site
 * datum used for every level of the project alike). The base level is the one the planner typed,
 * or it is derived from the ground level and the installation's depth below it:
 *
 * - trough: ground level − trough depth z;
 * - infiltration tank (boxes or pipes in gravel): ground level − cover − tank height H;
 * - trough with tank below: ground level − z − cover − H (the cover is the soil between the
 *   trough's bottom and the tank's top).
 *
 * A check without MHGW, or without what its base level needs, is `incomplete` ("not checked")
 * with the missing fields named; it never passes silently. Retention measures do not infiltrate
 * and are not checked (null). Pure.
 */
import { issue, type Issue } from '../issues.ts';
import type { MeasureData } from '../model/measure.ts';
import { INPUT_LIMITS } from '../tables/defaults.ts';
import { DEFAULT_RULE_EDITION, type RuleEdition } from '../tables/measures.ts';
import { SEEPAGE_ZONE_MIN_THICKNESS } from '../tables/sizing.ts';
import { TANK_PART_INSTALLED_HEIGHT } from '../kinds/parts/installedHeight.ts';
import { measureKind } from '../waterflow/measureRules.ts';
import { sizingIssue, type IssueTarget, type SizingIssue } from './issues.ts';

/** pass: thickness ≥ minimum; fail: below it; incomplete: not checked (an input is missing). */
export type GroundwaterClearanceStatus = 'pass' | 'fail' | 'incomplete';

/** Where the base level comes from: typed by the planner, or derived from ground level and depth. */
export type BaseLevelSource = 'typed' | 'derived';

/** Inputs of {@link seepageZoneCheck}: levels in m above datum, depth in m. */
export interface SeepageZoneParams {
  /** Mean highest groundwater level MHGW, m above datum. */
  readonly groundwaterLevelM?: number | null | undefined;
  /** The installation's base level typed by the planner, m above datum (wins over the derived one). */
  readonly baseLevelM?: number | null | undefined;
  /** Ground level at the installation, m above datum (for the derived base level). */
  readonly groundLevelM?: number | null | undefined;
  /** Depth of the installation's base below ground level, m (for the derived base level). */
  readonly depthBelowGroundM?: number | null | undefined;
  readonly ruleEdition?: RuleEdition | null | undefined;
}

/** The check's result. Plain data; numbers finite or undefined. */
export interface GroundwaterClearanceResult {
  readonly status: GroundwaterClearanceStatus;
  readonly ruleEdition: RuleEdition;
  /** The clause of the rule edition that asks for the least thickness. */
  readonly clause: string;
  /** Least thickness of the seepage zone, m. */
  readonly minThicknessM: number;
  /** MHGW, m above datum. */
  readonly groundwaterLevelM: number | undefined;
  /** The base level used, m above datum. */
  readonly baseLevelM: number | undefined;
  readonly baseLevelSource: BaseLevelSource | undefined;
  /** Ground level and depth below it of a derived base level (undefined when typed). */
  readonly groundLevelM: number | undefined;
  readonly depthBelowGroundM: number | undefined;
  /** Thickness of the seepage zone = base level − MHGW, m (to the micrometre; negative when the base is below MHGW). */
  readonly thicknessM: number | undefined;
  /** The inputs an incomplete check lacks (measure data paths, e.g. `meanHighestGroundwaterLevel`). */
  readonly missing: readonly string[];
}

const finite = (x: number | null | undefined): x is number => typeof x === 'number' && Number.isFinite(x);
/** Levels are compared to the micrometre, so that 100.30 − 0.30 − 98.00 counts as 2.00 m. */
const micro = (x: number): number => Math.round(x * 1e6) / 1e6;

/**
 * The seepage zone check on its own: thickness = base level − MHGW against the edition's least
 * thickness. The base level is `baseLevelM`, or `groundLevelM − depthBelowGroundM`. `missing`
 * names the params that are absent (`groundwaterLevelM`, `groundLevelM`, `depthBelowGroundM`).
 *
 * @example
 * seepageZoneCheck({ groundwaterLevelM: 97.2, groundLevelM: 100, depthBelowGroundM: 1.16 });
 * // { status: 'pass', thicknessM: 1.64, minThicknessM: 1, baseLevelM: 98.84, … }
 */
export function seepageZoneCheck(p: SeepageZoneParams): GroundwaterClearanceResult {
  return seepageZone(p.groundwaterLevelM, p.baseLevelM, p.groundLevelM, p.depthBelowGroundM, p.ruleEdition, undefined);
}

/**
 * {@link seepageZoneCheck} of its params one by one. With `depthPaths` (a measure's check)
 * `missing` holds measure data paths: MHGW and ground level by their fields, a missing depth as
 * the dimensions it lacks (`depthPaths`); without it, the params' names.
 */
function seepageZone(
  groundwater: number | null | undefined,
  base: number | null | undefined,
  ground: number | null | undefined,
  depth: number | null | undefined,
  edition: RuleEdition | null | undefined,
  depthPaths: readonly string[] | undefined,
): GroundwaterClearanceResult {
  const ruleEdition = edition ?? DEFAULT_RULE_EDITION;
  const { minThicknessM, clause } = SEEPAGE_ZONE_MIN_THICKNESS[ruleEdition];
  const missing: string[] = [];
  const groundwaterLevelM = finite(groundwater) ? groundwater : undefined;
  if (groundwaterLevelM === undefined) missing.push(depthPaths === undefined ? 'groundwaterLevelM' : 'meanHighestGroundwaterLevel');
  let baseLevelM: number | undefined;
  let baseLevelSource: BaseLevelSource | undefined;
  let groundLevelM: number | undefined;
  let depthBelowGroundM: number | undefined;
  if (finite(base)) {
    baseLevelM = base;
    baseLevelSource = 'typed';
  } else {
    groundLevelM = finite(ground) ? ground : undefined;
    depthBelowGroundM = finite(depth) ? depth : undefined;
    if (groundLevelM === undefined) missing.push(depthPaths === undefined ? 'groundLevelM' : 'groundLevel');
    if (depthBelowGroundM === undefined) {
      if (depthPaths === undefined) missing.push('depthBelowGroundM');
      else for (const f of depthPaths) missing.push(f);
    }
    if (groundLevelM !== undefined && depthBelowGroundM !== undefined) {
      baseLevelM = micro(groundLevelM - depthBelowGroundM);
      baseLevelSource = 'derived';
    }
  }
  const thicknessM = baseLevelM !== undefined && groundwaterLevelM !== undefined ? micro(baseLevelM - groundwaterLevelM) : undefined;
  const status: GroundwaterClearanceStatus = thicknessM === undefined ? 'incomplete' : thicknessM >= minThicknessM ? 'pass' : 'fail';
  return { status, ruleEdition, clause, minThicknessM, groundwaterLevelM, baseLevelM, baseLevelSource, groundLevelM, depthBelowGroundM, thicknessM, missing };
}

/**
 * Whether a measure infiltrates (trough, infiltration tank, trough with tank below; not a
 * retention): the one place this module decides it.
 */
export function measureInfiltrates(data: MeasureData): boolean {
  return measureKind(data).infiltration;
}

/**
 * Depth of an infiltration measure's base below ground level from its dimensions, m, or the
 * measure data paths that are missing for it: trough z; tank cover + H; trough with tank
 * z + cover + H. A box tank's H follows its layers (0.66 m, half a layer 0.36 m) when given.
 */
export function measureBaseDepth(data: MeasureData): { readonly depthM: number | undefined; readonly missing: readonly string[] } {
  const kind = measureKind(data);
  const missing: string[] = [];
  let depthM = 0;
  if (kind.trough) {
    const z = data.dimensioningTrough?.depth;
    if (finite(z) && z >= 0) depthM += z;
    else missing.push('dimensioningTrough.depth');
  }
  // The tank part's installed height (kinds/parts/installedHeight.ts); null: a part that does not infiltrate.
  const installedHeight = kind.tank === null ? null : TANK_PART_INSTALLED_HEIGHT[kind.tank];
  if (installedHeight !== null) {
    const { heightM, field } = installedHeight(data.dimensioningInfiltrationTank ?? {});
    if (finite(heightM) && heightM >= 0) depthM += heightM;
    else missing.push(`dimensioningInfiltrationTank.${field}`);
    if (finite(data.coverDepth) && data.coverDepth >= 0) depthM += data.coverDepth;
    else missing.push('coverDepth');
  } else if (!kind.trough) {
    // An infiltration measure whose variant or tank type is not chosen yet has no depth.
    missing.push(data.installationVariant == null ? 'installationVariant' : 'infiltrationTankType');
  }
  return missing.length > 0 ? { depthM: undefined, missing } : { depthM: micro(depthM), missing };
}

const NO_PATHS: readonly string[] = [];

/**
 * The groundwater clearance of a project measure: null for a measure that does not infiltrate.
 * MHGW is `data.meanHighestGroundwaterLevel`; the base level is `data.baseLevel` when typed, else
 * `data.groundLevel` minus {@link measureBaseDepth}. `missing` holds measure data paths; an
 * input out of its bounds (see {@link validateGroundwaterClearanceInputs}) counts as missing.
 */
export function measureGroundwaterClearance(raw: MeasureData, ruleEdition?: RuleEdition | null): GroundwaterClearanceResult | null {
  if (!measureInfiltrates(raw)) return null;
  const data = usableInputs(raw);
  const depth = finite(data.baseLevel) ? undefined : measureBaseDepth(data);
  return seepageZone(data.meanHighestGroundwaterLevel, data.baseLevel, data.groundLevel, depth?.depthM, ruleEdition, depth?.missing ?? NO_PATHS);
}

/**
 * The measure data fields the check writes (computed, null when they do not apply): the base
 * level used, the seepage zone's thickness and the check's status.
 */
export interface GroundwaterClearanceFields {
  readonly seepageZoneBaseLevel: number | null;
  readonly seepageZoneThickness: number | null;
  readonly groundwaterClearance: GroundwaterClearanceStatus | null;
}

export function groundwaterClearanceFields(result: GroundwaterClearanceResult | null): GroundwaterClearanceFields {
  return {
    seepageZoneBaseLevel: result?.baseLevelM ?? null,
    seepageZoneThickness: result?.thicknessM ?? null,
    groundwaterClearance: result?.status ?? null,
  };
}

/**
 * The check as issues: a warning `SEEPAGE_ZONE_TOO_THIN` when it fails (the edition allows less
 * only as an exception the authority accepts, so the measure stays completable). An incomplete
 * check is not an issue: its status says "not checked" wherever the check is shown.
 */
export function groundwaterClearanceIssues(result: GroundwaterClearanceResult | null, at: IssueTarget = {}): SizingIssue[] {
  if (result?.status !== 'fail' || result.thicknessM === undefined) return [];
  return [
    sizingIssue('SEEPAGE_ZONE_TOO_THIN', at, {
      thicknessM: result.thicknessM,
      minThicknessM: result.minThicknessM,
      ...(result.baseLevelM === undefined ? {} : { baseLevelM: result.baseLevelM }),
      ...(result.groundwaterLevelM === undefined ? {} : { groundwaterLevelM: result.groundwaterLevelM }),
      clause: result.clause,
    }),
  ];
}

/** The groundwater clearance inputs of measure data and their bounds (INPUT_LIMITS; decision 0174). */
export const GROUNDWATER_CLEARANCE_INPUTS = [
  { field: 'groundLevel', min: INPUT_LIMITS.levelMinM, max: INPUT_LIMITS.levelMaxM },
  { field: 'meanHighestGroundwaterLevel', min: INPUT_LIMITS.levelMinM, max: INPUT_LIMITS.levelMaxM },
  { field: 'baseLevel', min: INPUT_LIMITS.levelMinM, max: INPUT_LIMITS.levelMaxM },
  { field: 'coverDepth', min: INPUT_LIMITS.coverDepthMinM, max: INPUT_LIMITS.coverDepthMaxM },
] as const;

/**
 * The groundwater clearance inputs of a measure, when set, are finite numbers within their bounds
 * (a parsed project file holds nothing else: the schema refuses them; this guards data built in
 * memory). Errors `NOT_A_NUMBER`, `BELOW_MINIMUM`, `ABOVE_MAXIMUM` on `data.<field>` with
 * `field` and the bound; the check then treats such a field as missing.
 */
export function validateGroundwaterClearanceInputs(data: MeasureData, nodeId: string | null = null): Issue[] {
  if (allUsable(data)) return [];
  const out: Issue[] = [];
  for (const { field, min, max } of GROUNDWATER_CLEARANCE_INPUTS) {
    const v: unknown = data[field];
    if (v === undefined || v === null) continue;
    if (typeof v !== 'number' || !Number.isFinite(v)) out.push(issue('NOT_A_NUMBER', nodeId, `data.${field}`, { field }));
    else if (v < min) out.push(issue('BELOW_MINIMUM', nodeId, `data.${field}`, { field, min }));
    else if (v > max) out.push(issue('ABOVE_MAXIMUM', nodeId, `data.${field}`, { field, max }));
  }
  return out;
}

/** A copy of the data without the groundwater inputs that are not finite or out of bounds. */
function usableInputs(data: MeasureData): MeasureData {
  if (allUsable(data)) return data;
  let copy: Record<string, unknown> | undefined;
  for (const { field, min, max } of GROUNDWATER_CLEARANCE_INPUTS) {
    const v: unknown = data[field];
    if (v === undefined || v === null || (typeof v === 'number' && Number.isFinite(v) && v >= min && v <= max)) continue;
    copy ??= { ...data };
    delete copy[field];
  }
  return (copy ?? data) as MeasureData;
}

const [GROUND_LEVEL, MHGW, BASE_LEVEL, COVER_DEPTH] = GROUNDWATER_CLEARANCE_INPUTS;
const usable = (v: unknown, bounds: { readonly min: number; readonly max: number }) =>
  v === undefined || v === null || (typeof v === 'number' && Number.isFinite(v) && v >= bounds.min && v <= bounds.max);

/** Whether every groundwater input is unset or within its bounds: the common case, by named reads (evaluate asks for every measure). */
function allUsable(data: MeasureData): boolean {
  return usable(data.groundLevel, GROUND_LEVEL) && usable(data.meanHighestGroundwaterLevel, MHGW) && usable(data.baseLevel, BASE_LEVEL) && usable(data.coverDepth, COVER_DEPTH);
}
