/**
 * Sizing of a measure from its data (design/domain.md sections 3 and 4; planning spec sections 2
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
import type { MeasureData, ReportData } from '../model/measure.ts';
import { CONVERSIONS, DEFAULTS } from '../tables/defaults.ts';
import { DEFAULT_RULE_EDITION, type InfiltrationDirection, type RuleEdition } from '../tables/measures.ts';
import type { Annuality } from '../tables/rain.ts';
import { SOIL_CATEGORIES, permeabilityMs } from '../tables/soil.ts';
import { dimension } from '../kinds/parts/dimensions.ts';
import { tankPart } from '../kinds/registry.ts';
import type { TankPartModule, TankSectionSpec } from '../kinds/types.ts';
import { measureKind, type MeasureKind } from '../waterflow/measureRules.ts';
import { balanceOnRow, infiltrationRateMs, safetyFactorFromPercent, type BalanceOnRow, type StorageBalanceParams } from './balance.ts';
import { boxTankOnGrid } from './boxBlock.ts';
import { checkA117SimpleMethod, checkDrainingTime, checkPermeability, checkTroughAreaRatio } from './checks.ts';
import { fin, nonNeg, pos } from './core.ts';
import { floodingSafetyFactor } from './flooding.ts';
import { sizingIssue, type SizingIssue } from './issues.ts';
import { rainRowFromTable, type RainRow, type RainTable } from './rain.ts';
import { tankBalanceParams, tankInfiltrationAreaTerms, tankLengthOnRow, type TankBalanceParams, type InfiltrationAreaTerms } from './tank.ts';
import { troughBalanceParams, troughGeometry, type TroughGeometry } from './trough.ts';

type Base = 'duration' | 'precipitation' | 'standardVolume' | 'drainingTime';
type Variant = '' | 'Trough' | 'Flooding' | 'InfiltrationTank' | 'FloodingInfiltrationTank';

/** The computed fields of measure data (planning spec section 3 "Measure data", computed). */
export type MeasureComputedKey =
  | 'AC'
  | `${Base}${Variant}`
  | 'requiredVolume'
  | 'requiredVolumeTrough'
  | 'requiredVolumeInfiltrationTank'
  | 'plannedVolumeTrough'
  | 'plannedVolumeInfiltrationTank'
  | 'floodingVolume'
  | 'floodingVolumeInfiltrationTank'
  | 'extraVolume'
  | 'extraVolumeInfiltrationTank'
  | 'permeability'
  | 'permeabilityTrough'
  | 'troughArea'
  | 'troughGroundArea'
  | 'reportData';

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

/** Inputs of {@link sizeMeasure}. */
export interface SizeMeasureInput {
  /** The measure's data (its computed fields are ignored and recomputed). */
  readonly data: MeasureData;
  /** Connected area A_C = Σ A_E·C_m of the measure's surfaces, m². */
  readonly acM2: number | null | undefined;
  /** Σ A_E·C_s (peak runoff coefficients) for the flooding check, m²; defaults to A_C. */
  readonly peakAreaM2?: number | null | undefined;
  /** Σ A_E (sealed area) for the DWA-A 117 simple-method limit, m². */
  readonly catchmentAreaM2?: number | null | undefined;
  /** The project's rain table r(D, T) in l/(s·ha) (0 = missing). */
  readonly rain: RainTable | null | undefined;
  /** Rule edition (default DWA-A 138-1:2024). */
  readonly ruleEdition?: RuleEdition | null | undefined;
  /** Node id stamped on the issues. */
  readonly nodeId?: string | null | undefined;
  /**
   * Record each storage balance with every term in `balances` (what the report prints as the
   * calculation path). Default false: `balances` is then empty.
   */
  readonly calculationPath?: boolean | undefined;
}

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
   * path); empty unless the input asked for the `calculationPath`.
   */
  readonly balances: MeasureBalances;
}

/**
 * The storage balance of one part at its governing duration with every term as the sizing used
 * it (defaults filled in): what a reviewer substitutes into
 * `V = [(A_C + A_VA)·1e-7·r − A_S·q − Q_Dr·1e-3]·D·60·f_Z·f_A − V_up` (the report's calculation path).
 */
export interface PartBalance {
  readonly acM2: number;
  readonly avaM2: number;
  readonly asM2: number;
  readonly qMs: number;
  readonly throttleLs: number;
  readonly safetyFactor: number;
  readonly reductionFactor: number;
  readonly storedUpstreamM3: number;
  readonly durationMin: number;
  readonly rLsHa: number;
  /** `max(0, V(D))` at the governing D, m³. */
  readonly requiredM3: number;
  readonly drainingTimeH: number | undefined;
}

/** Which balance: the trough part, the tank part (also a retention's basin or channel), the flooding volume of the whole measure and its tank's share. */
export type BalancePart = 'trough' | 'tank' | 'flooding' | 'floodingTank';

/** The balances a sizing ran, by part (absent: not computed). */
export type MeasureBalances = Partial<Record<BalancePart, PartBalance>>;

/** The part each balance field records (internal). */
const BALANCE_FIELDS: Readonly<Record<string, BalancePart>> = {
  'data.requiredVolumeTrough': 'trough',
  'data.requiredVolumeInfiltrationTank': 'tank',
  'data.floodingVolume': 'flooding',
  'data.floodingVolumeInfiltrationTank': 'floodingTank',
};

const T_DIM = 'data.dimensioningTrough.';
const K_DIM = 'data.dimensioningInfiltrationTank.';

interface TroughSpec {
  readonly geometry: TroughGeometry | undefined;
  readonly kf: number | undefined;
  readonly q: number | undefined;
  readonly annuality: Annuality | undefined;
}

interface TankSpec {
  /** The tank part of the measure's kind (kinds/registry.ts). */
  readonly part: TankPartModule;
  readonly section: TankSectionSpec;
  readonly lengthM: number | undefined;
  readonly kf: number | undefined;
  readonly q: number | undefined;
  readonly terms: InfiltrationAreaTerms | undefined;
  readonly direction: InfiltrationDirection;
}

interface Prepared {
  /** The balances run so far, when they are recorded (the calculation path). */
  readonly balances: { -readonly [K in BalancePart]?: PartBalance } | undefined;
  readonly edition: RuleEdition;
  readonly kind: MeasureKind;
  readonly data: MeasureData;
  readonly nodeId: string | null;
  readonly issues: SizingIssue[];
  readonly ac: number | undefined;
  readonly fZ: number | undefined;
  readonly rain: RainTable | undefined;
  readonly annuality: Annuality | undefined;
  readonly throttleLs: number | undefined;
  readonly trough: TroughSpec | undefined;
  readonly tank: TankSpec | undefined;
  readonly floodingOn: boolean;
  /** Σ A_E·C_s for flooding (A_C when not given). */
  readonly peak: number | undefined;
}

/** Resolves the measure's inputs (defaults, tables, validation) without searching over D. */
function prepare(input: SizeMeasureInput, recordBalances: boolean): Prepared {
  const edition = input.ruleEdition ?? DEFAULT_RULE_EDITION;
  const d = input.data;
  const kind = measureKind(d);
  const nodeId = input.nodeId ?? null;
  const issues: SizingIssue[] = [];
  const at = (field: string) => ({ nodeId, field });
  const acRaw = input.acM2;
  const ac = nonNeg(acRaw) ? acRaw : undefined;
  const floodingOn = d.floodingVerification === true || d.calculateFlooding === true || (ac !== undefined && ac >= DEFAULTS.acThresholdM2);
  const peakRaw = input.peakAreaM2;
  const peak = peakRaw == null ? ac : nonNeg(peakRaw) ? peakRaw : undefined;
  if (kind.stepsEnabled && floodingOn && peakRaw != null && peak === undefined) issues.push(sizingIssue('NOT_COMPUTABLE', at('peakArea'), { field: 'peakArea' }));
  const base = { edition, kind, data: d, nodeId, issues, ac, floodingOn, peak, balances: recordBalances ? {} : undefined };
  if (!kind.stepsEnabled) {
    return { ...base, fZ: undefined, rain: undefined, annuality: undefined, throttleLs: undefined, trough: undefined, tank: undefined };
  }
  if (ac === undefined) issues.push(sizingIssue('NOT_COMPUTABLE', at('AC'), { field: 'AC' }));

  let fZ: number | undefined;
  if (d.safetyMargin == null) issues.push(sizingIssue('REQUIRED', at('data.safetyMargin'), { field: 'safetyMargin' }));
  else {
    fZ = safetyFactorFromPercent(d.safetyMargin);
    if (fZ === undefined) issues.push(sizingIssue('VALUE_NOT_POSITIVE', at('data.safetyMargin'), { field: 'safetyMargin' }));
  }
  const annuality = d.recurrenceInterval ?? undefined;
  if (annuality === undefined) issues.push(sizingIssue('REQUIRED', at('data.recurrenceInterval'), { field: 'recurrenceInterval' }));
  const rain = input.rain ?? undefined;
  if (rain === undefined) issues.push(sizingIssue('RAIN_DATA_MISSING', at('rainData')));

  let throttleLs: number | undefined = 0;
  if (kind.throttle) {
    const q = d.throttleDischarge ?? (kind.retention ? DEFAULTS.throttleDischargeRetentionLs : DEFAULTS.throttleDischargeLs);
    if (nonNeg(q)) throttleLs = q;
    else {
      throttleLs = undefined;
      issues.push(sizingIssue('VALUE_NOT_POSITIVE', at('data.throttleDischarge'), { field: 'throttleDischarge' }));
    }
  }

  const factors = { fSite: d.permeabilityFactorSite, fMethod: d.permeabilityFactorMethod };
  const soilRate = (x: number | null | undefined, y: number | null | undefined, soil: string | null | undefined, field: string, soilField: string) => {
    let kf: number | undefined;
    if (x != null && y != null) kf = fin(permeabilityMs(x, y));
    else if (soil != null) {
      const c = SOIL_CATEGORIES.find((s) => s.id === soil);
      if (c !== undefined) kf = permeabilityMs(c.permeabilityX, c.permeabilityY);
    }
    if (kf === undefined) {
      if (x != null && y != null) issues.push(sizingIssue('NOT_COMPUTABLE', at(field), { field: field.slice(5) }));
      else issues.push(sizingIssue('REQUIRED', at(soilField), { field: soilField.slice(5) }));
      return { kf: undefined, q: undefined };
    }
    const q = infiltrationRateMs(kf, edition, factors);
    if (q === undefined) issues.push(sizingIssue('VALUE_NOT_POSITIVE', at(field), { field: field.slice(5) }));
    return { kf, q };
  };

  let trough: TroughSpec | undefined;
  if (kind.trough) {
    const combined = kind.tank !== null;
    const dims = d.dimensioningTrough ?? {};
    const num = (name: 'length' | 'width' | 'depth' | 'slope', ok: (v: number) => boolean): number | undefined => {
      const v = dims[name];
      if (v == null) issues.push(sizingIssue('REQUIRED', at(T_DIM + name), { field: name }));
      else if (!ok(v)) issues.push(sizingIssue('VALUE_NOT_POSITIVE', at(T_DIM + name), { field: name }));
      else return v;
      return undefined;
    };
    const L = num('length', pos);
    const B = num('width', pos);
    const z = num('depth', pos);
    const m = num('slope', nonNeg);
    const geometry = L !== undefined && B !== undefined && z !== undefined && m !== undefined ? troughGeometry({ lengthM: L, widthM: B, depthM: z, slope: m }) : undefined;
    if (L !== undefined && B !== undefined && z !== undefined && m !== undefined) {
      if (geometry === undefined) issues.push(sizingIssue('NOT_COMPUTABLE', at('data.dimensioningTrough'), { field: 'dimensioningTrough' }));
      else if (geometry.depthLimited) issues.push(sizingIssue('TROUGH_DEPTH_LIMITED', at(T_DIM + 'depth'), { depthM: z, effectiveDepthM: geometry.effectiveDepthM }));
    }
    const rate = combined
      ? soilRate(d.permeabilityCoefficientXTrough, d.permeabilityCoefficientYTrough, d.soilDataTrough, 'data.permeabilityCoefficientXTrough', 'data.soilDataTrough')
      : soilRate(d.permeabilityCoefficientX, d.permeabilityCoefficientY, d.soilData, 'data.permeabilityCoefficientX', 'data.soilData');
    const troughAnnuality = combined ? (d.recurrenceIntervalTrough ?? DEFAULTS.recurrenceIntervalTroughA) : annuality;
    trough = { geometry, kf: rate.kf, q: rate.q, annuality: troughAnnuality };
  }

  let tank: TankSpec | undefined;
  if (kind.tank !== null) {
    // A box tank is evaluated as its block of boxes on the grid, rounded down (decision 0168).
    const dims = boxTankOnGrid(kind.tank, d.dimensioningInfiltrationTank ?? {}, (code, field, params) => issues.push(sizingIssue(code, at(K_DIM + field), params)));
    const part = tankPart(kind.tank);
    const problem = (code: SizingIssue['code'], field: string, params?: Record<string, string | number>) => issues.push(sizingIssue(code, at(K_DIM + field), params));
    const lengthM = dimension(dims, 'length', nonNeg, problem);
    const section = part.readSection(dims, problem);
    const { widthM, heightM } = section;
    let kf: number | undefined;
    let q: number | undefined = 0;
    if (kind.infiltration) ({ kf, q } = soilRate(d.permeabilityCoefficientX, d.permeabilityCoefficientY, d.soilData, 'data.permeabilityCoefficientX', 'data.soilData'));
    const direction: InfiltrationDirection = kind.infiltration ? (d.infiltrationDirection ?? DEFAULTS.infiltrationDirection) : 'everySide';
    const terms = !part.rectangularSection || widthM === undefined || heightM === undefined ? undefined : tankInfiltrationAreaTerms({ widthM, heightM }, direction, edition);
    tank = { part, section, lengthM, kf, q, terms, direction };
  }

  return { ...base, fZ, rain, annuality, throttleLs, trough, tank };
}

/** One part's design result (internal): the governing point of its balance, with its chart. */
type PartResult = BalanceOnRow;

/**
 * The storage balance of one part over D (internal): the terms and the search are those of the
 * standard calculation `storageBalance` (balance.ts), so `sizeMeasure` and the standard calculations
 * (`troughSizing`, `tankSizing`, `a117RetentionVolume`, the CLI's `calc` kinds) share one assembly.
 * NOT_COMPUTABLE on overflow. The balance is recorded with every term only when `recordBalances`.
 */
function runBalance(row: RainRow, params: StorageBalanceParams, withChart: boolean, p: Prepared, field: string): PartResult | undefined {
  if (row.durationsMin.length === 0) return undefined;
  const on = balanceOnRow(params, row, withChart ? [] : null);
  if (on === undefined) {
    p.issues.push(sizingIssue('NOT_COMPUTABLE', { nodeId: p.nodeId, field }, { field: field.slice(5) }));
    return undefined;
  }
  if (p.balances !== undefined) {
    const part = BALANCE_FIELDS[field];
    if (part !== undefined) p.balances[part] = recordedBalance(params, on);
  }
  return on;
}

/** A balance as recorded for the calculation path: its parameters with the defaults filled in, and its governing point. */
function recordedBalance(params: StorageBalanceParams, on: BalanceOnRow): PartBalance {
  return {
    acM2: params.acM2,
    avaM2: params.avaM2 ?? 0,
    asM2: params.asM2 ?? 0,
    qMs: params.qMs ?? 0,
    throttleLs: params.throttleLs ?? 0,
    safetyFactor: params.safetyFactor,
    reductionFactor: params.reductionFactor ?? 1,
    storedUpstreamM3: params.storedUpstreamM3 ?? 0,
    durationMin: on.durationMin,
    rLsHa: on.rLsHa,
    requiredM3: on.requiredM3,
    drainingTimeH: on.drainingTimeH,
  };
}

/** Rows per annuality, computed once per sizing (internal). */
function rowCache(p: Prepared) {
  const rows = new Map<Annuality, RainRow>();
  let reported: Set<Annuality> | undefined;
  return (annuality: Annuality | undefined): RainRow | undefined => {
    if (p.rain === undefined || annuality === undefined) return undefined;
    let row = rows.get(annuality);
    if (row === undefined) {
      row = rainRowFromTable(p.rain, annuality);
      rows.set(annuality, row);
    }
    if (row.durationsMin.length === 0) {
      reported ??= new Set<Annuality>();
      if (!reported.has(annuality)) {
        reported.add(annuality);
        p.issues.push(sizingIssue('RAIN_DATA_MISSING', { nodeId: p.nodeId, field: 'rainData' }, { annuality }));
      }
      return undefined;
    }
    return row;
  };
}

const n = (x: number | undefined): number | null => (x !== undefined && Number.isFinite(x) ? x : null);
const plus = (a: number | undefined, b: number | undefined) => (a === undefined || b === undefined ? undefined : fin(a + b));

/**
 * Sizes a measure (design/domain.md sections 3 and 4): required, available and flooding volumes,
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
 */
export function sizeMeasure(input: SizeMeasureInput): SizeMeasureResult {
  return sizeMeasureWith(input, true, input.calculationPath === true);
}

/** The balances of a sizing that did not record them (shared, frozen). */
const NO_BALANCES: MeasureBalances = Object.freeze({});

/**
 * {@link sizeMeasure}, optionally without the flooding verification (internal: the rain
 * uncertainty band re-sizes only the storage; not exported from the package), recording the
 * balances when `recordBalances` (default: the input's `calculationPath`).
 */
export function sizeMeasureWith(input: SizeMeasureInput, withFlooding: boolean, recordBalances = input.calculationPath === true): SizeMeasureResult {
  const p = prepare(input, recordBalances);
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

  // Flooding verification (domain.md section 4): whole measure, and the tank's share.
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

/** Result of {@link requiredTankLength}. */
export interface RequiredTankLengthResult {
  /** The length at which the tank's available volume equals its required volume, m. */
  readonly lengthM: number | undefined;
  /** Box tanks and basins: rounded up to the 0.8 m box grid (at least one box); otherwise = lengthM. */
  readonly roundedLengthM: number | undefined;
  /** Governing duration and rain of the length, min and l/(s·ha). */
  readonly durationMin: number | undefined;
  readonly rLsHa: number | undefined;
  readonly issues: SizingIssue[];
}

/**
 * One-click auto-dimensioning: the tank length for the measure's chosen width and height (box
 * layers) at which the available volume equals the required volume (design/domain.md section 3
 * "Box tank", "Pipe tank", "Trough with tank below"; retention: `V_required / (B·H·s)` resp.
 * `V_required / (π·d_i²/4)`). A trough above a tank counts with its available volume and top area.
 *
 * @example
 * const { roundedLengthM } = requiredTankLength({ data: measure.data, acM2: 1200, rain });
 */
export function requiredTankLength(input: SizeMeasureInput): RequiredTankLengthResult {
  const p = prepare(input, false);
  const { kind, issues, tank, trough, ac, fZ } = p;
  const none = (): RequiredTankLengthResult => ({ lengthM: undefined, roundedLengthM: undefined, durationMin: undefined, rLsHa: undefined, issues });
  if (!kind.stepsEnabled || tank === undefined) return none();
  // The tank's own length is what we solve for: drop issues about it.
  for (let i = issues.length - 1; i >= 0; i--) if (issues[i]!.field === K_DIM + 'length') issues.splice(i, 1);
  const rowFor = rowCache(p);
  const row = rowFor(p.annuality);
  if (row === undefined || ac === undefined || fZ === undefined || p.throttleLs === undefined) return none();
  let lengthM: number | undefined;
  let durationMin: number | undefined;
  let rLsHa: number | undefined;
  if (kind.retention) {
    const part = runBalance(row, { acM2: ac, throttleLs: p.throttleLs, safetyFactor: fZ }, false, p, 'data.requiredVolume');
    const perMetre = tank.part.storagePerMetreM3(tank.section);
    if (part === undefined || perMetre === undefined) return none();
    if (!pos(perMetre)) {
      issues.push(sizingIssue('VALUE_NOT_POSITIVE', { nodeId: p.nodeId, field: K_DIM + tank.part.storagePerMetreField }));
      return none();
    }
    lengthM = fin(part.requiredM3 / perMetre);
    durationMin = part.durationMin;
    rLsHa = part.rLsHa;
  } else {
    const { widthM: B, heightM: H, s } = tank.section;
    const { q, terms } = tank;
    const geometry = trough?.geometry;
    if (B === undefined || H === undefined || s === undefined || q === undefined || terms === undefined) return none();
    if (trough !== undefined && geometry === undefined) return none();
    const k = B * H * s;
    if (!pos(k)) {
      issues.push(sizingIssue('VALUE_NOT_POSITIVE', { nodeId: p.nodeId, field: K_DIM + 'storageCoefficient' }));
      return none();
    }
    // The length of the standard calculation `tankRequiredLength` (tank.ts), on the measure's rain row.
    const params: TankBalanceParams = {
      acM2: ac,
      avaM2: geometry?.topAreaM2 ?? 0,
      widthM: B,
      heightM: H,
      storageCoefficient: s,
      direction: tank.direction,
      edition: p.edition,
      qMs: q,
      throttleLs: p.throttleLs,
      safetyFactor: fZ,
      storedUpstreamM3: geometry?.volumeM3 ?? 0,
    };
    const on = tankLengthOnRow(params, terms, row);
    if (on === undefined) {
      issues.push(sizingIssue('NOT_COMPUTABLE', { nodeId: p.nodeId, field: K_DIM + 'length' }, { field: 'length' }));
      return none();
    }
    ({ lengthM, durationMin, rLsHa } = on);
  }
  if (lengthM === undefined) {
    issues.push(sizingIssue('NOT_COMPUTABLE', { nodeId: p.nodeId, field: K_DIM + 'length' }, { field: 'length' }));
    return none();
  }
  return { lengthM, roundedLengthM: tank.part.roundLengthM(lengthM), durationMin, rLsHa, issues };
}
