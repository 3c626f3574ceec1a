/**
 * Sizing of a measure from its data (docs/calculation-reference.md sections 3 and 4; planning spec sections 2
 * "Measure editor", 3 "Measure data", 4 "Measure rules"): every computed measure field plus the
 * issues, and the one-click auto-dimensioning of a tank's length.
 *
 * Which part applies follows `measureKind()`: a trough, an infiltration tank (boxes or pipes in
 * gravel), both (trough with tank below), or a retention (basin of boxes or retention pipe).
 *
 * Field conventions of the result (`data`):
 * - the plain fields (`duration`, `precipitation`, `standardVolume`, `drainingTime`,
 *   `requiredVolume`, `floodingVolume`, `extraVolume`, …Flooding) describe the measure as a whole;
 * - the `…Trough` fields describe the trough part (trough and trough with tank below);
 * - the `…InfiltrationTank` fields describe the tank part whenever the measure has one
 *   (`measureKind().tank !== null`: box or pipe tank, and the basin or pipe of a retention);
 * - every computed key is present: a number, or null when it does not apply or cannot be computed
 *   (so that merging the result into a measure clears stale values). Never NaN or ±∞.
 *
 * For a trough with tank below the whole measure is: required volume = trough + tank, standard
 * volume = trough + tank, duration and rain of the tank (the system's governing D), draining time
 * the longer of both; flooding of the whole system (tank balance without subtracting the trough),
 * extra volume against trough + tank; the tank's share (`…FloodingInfiltrationTank`) subtracts the
 * trough's volume V_M.
 *
 * `standardVolume*` is the governing duration's balance without the safety factor (V(D*) at
 * f_Z = 1, resp. f_flood = 1), floored at 0.
 */
import type { MeasureComputedField } from '../model/computedFields.ts';
import type { MeasureData, ReportData } from '../model/measure.ts';
import { CONVERSIONS, DEFAULTS } from '../tables/defaults.ts';
import type { RuleEdition } from '../tables/measures.ts';
import type { Annuality } from '../tables/rain.ts';
import type { StorageBalanceParams } from './balance.ts';
import { checkA117SimpleMethod, checkDrainingTime, checkPermeability, checkTroughAreaRatio } from './checks.ts';
import { fin } from './core.ts';
import { floodingSafetyFactor } from './flooding.ts';
import { sizingIssue, type SizingIssue } from './issues.ts';
import { prepare, rowCache, runBalance, type MeasureBalances, type Prepared, type PartResult, type SizeMeasureInput } from './measureInputs.ts';
import type { RainRow } from './rain.ts';
import { tankBalanceParams } from './tank.ts';
import { troughBalanceParams, type TroughGeometry } from './trough.ts';

export type { BalancePart, MeasureBalances, PartBalance, SizeMeasureInput } from './measureInputs.ts';
import { requiredTankLengthOf, type RequiredTankLengthResult } from './requiredTankLength.ts';
export { requiredTankLength, type RequiredTankLengthResult } from './requiredTankLength.ts';

/**
 * The computed fields of measure data that sizing fills (planning spec section 3 "Measure data",
 * computed): the one list of computed fields (model/computedFields.ts) without the groundwater
 * check's, which groundwaterClearance.ts fills.
 */
export type MeasureComputedKey = Exclude<MeasureComputedField, 'seepageZoneBaseLevel' | 'seepageZoneThickness' | 'groundwaterClearance'>;

/** Every computed measure field: a value, or null when it does not apply or cannot be computed. */
export type MeasureComputedData = { [K in MeasureComputedKey]: NonNullable<MeasureData[K]> | null };

/** A fresh object with every computed key set to null (fixed shape). */
function emptyComputed(): MeasureComputedData {
  return {
    AC: null,
    duration: null,
    precipitation: null,
    standardVolume: null,
    drainingTime: null,
    durationTrough: null,
    precipitationTrough: null,
    standardVolumeTrough: null,
    drainingTimeTrough: null,
    durationFlooding: null,
    precipitationFlooding: null,
    standardVolumeFlooding: null,
    drainingTimeFlooding: null,
    durationInfiltrationTank: null,
    precipitationInfiltrationTank: null,
    standardVolumeInfiltrationTank: null,
    drainingTimeInfiltrationTank: null,
    durationFloodingInfiltrationTank: null,
    precipitationFloodingInfiltrationTank: null,
    standardVolumeFloodingInfiltrationTank: null,
    drainingTimeFloodingInfiltrationTank: null,
    requiredVolume: null,
    requiredVolumeTrough: null,
    requiredVolumeInfiltrationTank: null,
    plannedVolumeTrough: null,
    plannedVolumeInfiltrationTank: null,
    floodingVolume: null,
    floodingVolumeInfiltrationTank: null,
    extraVolume: null,
    extraVolumeInfiltrationTank: null,
    permeability: null,
    permeabilityTrough: null,
    troughArea: null,
    troughGroundArea: null,
    reportData: null,
  };
}

/** The computed keys of measure data, in schema order. */
export const MEASURE_COMPUTED_KEYS = Object.keys(emptyComputed()) as readonly MeasureComputedKey[];

/** Result of {@link sizeMeasure}. Plain data. */
export interface SizeMeasureResult {
  readonly ruleEdition: RuleEdition;
  /** Every computed measure field (merge into `measure.data`). */
  readonly data: MeasureComputedData;
  /** Available (planned) volume of the whole measure: the node's `value`, m³. */
  readonly availableVolumeM3: number | undefined;
  /** Required volume of the whole measure (= data.requiredVolume), m³. */
  readonly requiredVolumeM3: number | undefined;
  /** Every part's available volume covers its required volume; undefined when a part is not computable. */
  readonly sufficient: boolean | undefined;
  /** Flooding verification in effect (ticked, calculateFlooding, or A_C ≥ 800 m²). */
  readonly floodingVerification: boolean;
  readonly issues: SizingIssue[];
  /**
   * The storage balances at their governing durations, with every term (the report's calculation
   * path): recorded only when asked for (`SizeMeasureOptions.balances`), empty otherwise.
   * `evaluate` asks for them only for `calculationPath`.
   */
  readonly balances: MeasureBalances;
}

/** Options of {@link sizeMeasure}. */
export interface SizeMeasureOptions {
  /**
   * Record every storage balance with its terms in `SizeMeasureResult.balances` (default false:
   * the recording costs about a tenth of the sizing's time and only the calculation path reads it).
   */
  readonly balances?: boolean;
}

const n = (x: number | undefined): number | null => (x !== undefined && Number.isFinite(x) ? x : null);
const plus = (a: number | undefined, b: number | undefined) => (a === undefined || b === undefined ? undefined : fin(a + b));

/**
 * Sizes a measure (docs/calculation-reference.md sections 3 and 4): required, available and flooding volumes,
 * governing durations and rain, draining times, report charts and the checks, for the parts that
 * `measureKind()` says apply, under the given rule edition. Missing or unusable inputs give null
 * fields and issues (REQUIRED / VALUE_NOT_POSITIVE / RAIN_DATA_MISSING …), never NaN or ±∞.
 *
 * REQUIRED issues use the same field paths as evaluate's validateMeasure (`data.dimensioningTrough.length`, …);
 * deduplicate by (nodeId, field, code) when merging both lists.
 *
 * @example
 * const sized = sizeMeasure({ data: measure.data, acM2: 1200, rain: { rLsHa: (D, T) => table[T][D] } });
 * sized.data.requiredVolume; // m³
 * sizeMeasure(input, { balances: true }).balances.tank?.durationMin; // the tank's governing D, min
 */
export function sizeMeasure(input: SizeMeasureInput, options: SizeMeasureOptions = {}): SizeMeasureResult {
  return sizeMeasureWith(input, true, options.balances === true);
}

/** The balances of a sizing that did not record them (shared, frozen). */
const NO_BALANCES: MeasureBalances = Object.freeze({});

/**
 * {@link sizeMeasure}, optionally without the flooding verification (internal: the rain
 * uncertainty band re-sizes only the storage; not exported from the package), recording the
 * balances only when `recordBalances` (`balances` stays empty otherwise: evaluate asks for them
 * only for the calculation path).
 */
export function sizeMeasureWith(input: SizeMeasureInput, withFlooding: boolean, recordBalances: boolean): SizeMeasureResult {
  return sizePrepared(prepare(input, recordBalances), input, withFlooding);
}

/**
 * {@link sizeMeasure} and, when `withLength`, {@link requiredTankLength} of one input from one
 * resolution of its inputs (internal: `evaluate` asks for both for every measure sized by its
 * tank's length). The same results as the two calls.
 */
export function sizeMeasureAndLength(
  input: SizeMeasureInput,
  recordBalances: boolean,
  withLength: boolean,
): { readonly sized: SizeMeasureResult; readonly length: RequiredTankLengthResult | undefined } {
  const p = prepare(input, recordBalances);
  // The length starts from what the resolution reported, in a list of its own.
  const forLength: Prepared | undefined = withLength ? { ...p, issues: [...p.issues], balances: undefined } : undefined;
  const sized = sizePrepared(p, input, true);
  return { sized, length: forLength === undefined ? undefined : requiredTankLengthOf(forLength) };
}

function sizePrepared(p: Prepared, input: SizeMeasureInput, withFlooding: boolean): SizeMeasureResult {
  const { kind, edition, issues, ac, fZ, trough, tank } = p;
  const out = emptyComputed();
  out.AC = n(input.acM2 ?? undefined);
  const finish = (available: number | undefined, required: number | undefined, sufficient: boolean | undefined): SizeMeasureResult => ({
    ruleEdition: edition,
    data: out,
    availableVolumeM3: available,
    requiredVolumeM3: required,
    sufficient,
    floodingVerification: p.floodingOn,
    issues,
    balances: p.balances ?? NO_BALANCES,
  });
  if (!kind.stepsEnabled) return finish(undefined, undefined, undefined);
  const rowFor = rowCache(p);
  const at = (field: string) => ({ nodeId: p.nodeId, field });
  const throttleM3s = p.throttleLs === undefined ? undefined : p.throttleLs * CONVERSIONS.litresToCubicMetres;
  const report: { -readonly [K in keyof ReportData]: ReportData[K] } = {};

  // Trough part.
  let troughPart: PartResult | undefined;
  const geometry = trough?.geometry;
  const plannedTrough = geometry?.volumeM3;
  if (trough !== undefined) {
    out.permeabilityTrough = n(trough.kf);
    if (kind.tank === null) out.permeability = n(trough.kf);
    if (geometry !== undefined) {
      out.troughArea = n(geometry.topAreaM2);
      out.troughGroundArea = n(geometry.bottomAreaM2);
      out.plannedVolumeTrough = n(plannedTrough);
    }
    const row = rowFor(trough.annuality);
    if (geometry !== undefined && trough.q !== undefined && ac !== undefined && fZ !== undefined && row !== undefined) {
      troughPart = runBalance(row, troughBalanceParams({ acM2: ac, geometry, qMs: trough.q, safetyFactor: fZ }), true, p, 'data.requiredVolumeTrough');
    }
    if (troughPart !== undefined) {
      out.requiredVolumeTrough = n(troughPart.requiredM3);
      out.durationTrough = troughPart.durationMin;
      out.precipitationTrough = troughPart.rLsHa;
      out.standardVolumeTrough = n(troughPart.standardM3);
      out.drainingTimeTrough = n(troughPart.drainingTimeH);
      if (troughPart.chart !== null) report.troughDrainingTimeChart = troughPart.chart;
      if (troughPart.drainingTimeH === undefined && troughPart.requiredM3 > 0) issues.push(sizingIssue('NO_OUTFLOW', at('data.drainingTimeTrough')));
      issues.push(...checkDrainingTime(troughPart.drainingTimeH, edition, 'trough', at('data.drainingTimeTrough')));
    }
    if (geometry !== undefined) issues.push(...checkTroughAreaRatio(ac, geometry.meanAreaM2, at('data.dimensioningTrough')));
    issues.push(...checkPermeability(trough.kf, at(kind.tank === null ? 'data.permeabilityCoefficientX' : 'data.permeabilityCoefficientXTrough')));
  }

  // Tank part (infiltration tank, tank below a trough, retention basin or pipe).
  let tankPart: PartResult | undefined;
  let plannedTank: number | undefined;
  let tankArea: number | undefined;
  const combined = trough !== undefined && tank !== undefined;
  const ava = combined ? geometry?.topAreaM2 : 0;
  const upstream = combined ? plannedTrough : 0;
  if (tank !== undefined) {
    if (kind.infiltration) out.permeability = n(tank.kf);
    const L = tank.lengthM;
    if (L !== undefined) plannedTank = tank.part.availableVolumeM3(tank.section, L);
    out.plannedVolumeInfiltrationTank = n(plannedTank);
    if (kind.infiltration && L !== undefined && tank.terms !== undefined) tankArea = fin(tank.terms.perLengthM * L + tank.terms.fixedM2);
    const q = tank.q;
    const outflowOk = p.throttleLs !== undefined && (kind.retention || (tankArea !== undefined && q !== undefined && throttleM3s !== undefined && fin(tankArea * q + throttleM3s) !== undefined));
    const row = rowFor(p.annuality);
    if (ac !== undefined && fZ !== undefined && row !== undefined && outflowOk && ava !== undefined && upstream !== undefined) {
      const params = kind.retention
        ? { acM2: ac, avaM2: ava, throttleLs: p.throttleLs, safetyFactor: fZ, storedUpstreamM3: upstream }
        : tankBalanceParams({ acM2: ac, avaM2: ava, qMs: q!, throttleLs: p.throttleLs, safetyFactor: fZ, storedUpstreamM3: upstream }, tankArea!);
      tankPart = runBalance(row, params, true, p, 'data.requiredVolumeInfiltrationTank');
    }
    if (tankPart !== undefined) {
      out.requiredVolumeInfiltrationTank = n(tankPart.requiredM3);
      out.durationInfiltrationTank = tankPart.durationMin;
      out.precipitationInfiltrationTank = tankPart.rLsHa;
      out.standardVolumeInfiltrationTank = n(tankPart.standardM3);
      out.drainingTimeInfiltrationTank = n(tankPart.drainingTimeH);
      if (tankPart.chart !== null) {
        if (kind.retention) report.retentionDrainingTimeChart = tankPart.chart;
        else report.infiltrationTankDrainingTimeChart = tankPart.chart;
      }
      if (tankPart.drainingTimeH === undefined && tankPart.requiredM3 > 0) issues.push(sizingIssue('NO_OUTFLOW', at(kind.retention ? 'data.throttleDischarge' : 'data.drainingTimeInfiltrationTank')));
      if (kind.infiltration) issues.push(...checkDrainingTime(tankPart.drainingTimeH, edition, 'tank', at('data.drainingTimeInfiltrationTank')));
    }
    if (kind.infiltration) issues.push(...checkPermeability(tank.kf, at('data.permeabilityCoefficientX')));
    if (kind.retention) {
      issues.push(...checkA117SimpleMethod({ catchmentAreaM2: input.catchmentAreaM2 ?? undefined }, at('sealedSurfaces')));
      issues.push(...checkA117SimpleMethod({ annuality: p.annuality }, at('data.recurrenceInterval')));
    }
  }

  // The measure as a whole.
  let required: number | undefined;
  let available: number | undefined;
  let sufficient: boolean | undefined;
  const covers = (avail: number | undefined, req: number | undefined) => (avail === undefined || req === undefined ? undefined : avail >= req * (1 - 1e-9));
  if (combined) {
    required = troughPart === undefined || tankPart === undefined ? undefined : plus(troughPart.requiredM3, tankPart.requiredM3);
    available = plus(plannedTrough, plannedTank);
    const a = covers(plannedTrough, troughPart?.requiredM3);
    const b = covers(plannedTank, tankPart?.requiredM3);
    sufficient = a === undefined || b === undefined ? undefined : a && b;
    if (troughPart !== undefined && tankPart !== undefined) {
      out.duration = tankPart.durationMin;
      out.precipitation = tankPart.rLsHa;
      out.standardVolume = n(plus(troughPart.standardM3, tankPart.standardM3));
      out.drainingTime = troughPart.drainingTimeH === undefined || tankPart.drainingTimeH === undefined ? null : Math.max(troughPart.drainingTimeH, tankPart.drainingTimeH);
    }
  } else {
    const part = troughPart ?? tankPart;
    required = part?.requiredM3;
    available = trough !== undefined ? plannedTrough : plannedTank;
    sufficient = covers(available, required);
    if (part !== undefined) {
      out.duration = part.durationMin;
      out.precipitation = part.rLsHa;
      out.standardVolume = n(part.standardM3);
      out.drainingTime = n(part.drainingTimeH);
    }
  }
  out.requiredVolume = n(required);

  // Flooding verification (docs/calculation-reference.md section 4): whole measure, and the tank's share.
  if (p.floodingOn && withFlooding) flooding(p, out, rowFor, { geometry, troughQ: trough?.q, tankArea, tankQ: tank?.q, throttleM3s, plannedTrough, plannedTank, available });

  out.reportData = Object.keys(report).length > 0 ? report : null;
  return finish(fin(available), fin(required), sufficient);
}

interface FloodingInputs {
  readonly geometry: TroughGeometry | undefined;
  readonly troughQ: number | undefined;
  readonly tankArea: number | undefined;
  readonly tankQ: number | undefined;
  readonly throttleM3s: number | undefined;
  readonly plannedTrough: number | undefined;
  readonly plannedTank: number | undefined;
  readonly available: number | undefined;
}

function flooding(p: Prepared, out: MeasureComputedData, rowFor: (a: Annuality | undefined) => RainRow | undefined, f: FloodingInputs): void {
  const d = p.data;
  const kind = p.kind;
  const annuality = d.recurrenceIntervalFloodingVerification ?? (d.degreeOfSealing === true ? DEFAULTS.recurrenceIntervalFloodingOptionA : DEFAULTS.recurrenceIntervalFloodingA);
  const factor = floodingSafetyFactor(d.safetyMarginFlooding ?? DEFAULTS.safetyMarginFlooding);
  const peak = p.peak;
  const row = rowFor(annuality);
  if (peak === undefined || factor === undefined || row === undefined) return;
  const hasTank = p.tank !== undefined;
  // Rain-receiving area and outflow of the whole measure, with Σ A_E·C_s and the flooding factor.
  let params: StorageBalanceParams | undefined;
  if (hasTank) {
    const ava = p.trough !== undefined ? f.geometry?.topAreaM2 : 0;
    const throttleLs = p.throttleLs;
    if (ava !== undefined && throttleLs !== undefined && f.throttleM3s !== undefined) {
      if (kind.retention) params = { acM2: peak, avaM2: ava, throttleLs, safetyFactor: factor };
      else if (f.tankArea !== undefined && f.tankQ !== undefined && fin(f.tankArea * f.tankQ + f.throttleM3s) !== undefined) {
        params = tankBalanceParams({ acM2: peak, avaM2: ava, qMs: f.tankQ, throttleLs, safetyFactor: factor }, f.tankArea);
      }
    }
  } else if (f.geometry !== undefined && f.troughQ !== undefined && fin(f.geometry.meanAreaM2 * f.troughQ) !== undefined) {
    params = troughBalanceParams({ acM2: peak, geometry: f.geometry, qMs: f.troughQ, safetyFactor: factor });
  }
  if (params === undefined) return;
  const whole = runBalance(row, params, false, p, 'data.floodingVolume');
  if (whole === undefined) return;
  out.floodingVolume = n(whole.requiredM3);
  out.durationFlooding = whole.durationMin;
  out.precipitationFlooding = whole.rLsHa;
  out.standardVolumeFlooding = n(whole.standardM3);
  out.drainingTimeFlooding = n(whole.drainingTimeH);
  out.extraVolume = f.available === undefined ? null : n(Math.max(0, whole.requiredM3 - f.available));
  if (!hasTank) return;
  const upstream = p.trough !== undefined ? f.plannedTrough : 0;
  const share = upstream === undefined ? undefined : upstream === 0 ? whole : runBalance(row, { ...params, storedUpstreamM3: upstream }, false, p, 'data.floodingVolumeInfiltrationTank');
  if (share === undefined) return;
  out.floodingVolumeInfiltrationTank = n(share.requiredM3);
  out.durationFloodingInfiltrationTank = share.durationMin;
  out.precipitationFloodingInfiltrationTank = share.rLsHa;
  out.standardVolumeFloodingInfiltrationTank = n(share.standardM3);
  out.drainingTimeFloodingInfiltrationTank = n(share.drainingTimeH);
  out.extraVolumeInfiltrationTank = f.plannedTank === undefined ? null : n(Math.max(0, share.requiredM3 - f.plannedTank));
}
