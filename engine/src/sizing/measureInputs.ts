/**
 * The inputs of a measure's sizing resolved once (defaults, tables, validation) and the storage
 * balance of one part over D: what `sizeMeasure` and `requiredTankLength` share (internal to
 * sizing/; the input and balance types are public through `sizeMeasure.ts`).
 */
import type { MeasureData } from '../model/measure.ts';
import { DEFAULTS } from '../tables/defaults.ts';
import { DEFAULT_RULE_EDITION, type InfiltrationDirection, type RuleEdition } from '../tables/measures.ts';
import type { Annuality } from '../tables/rain.ts';
import { SOIL_CATEGORIES, permeabilityMs } from '../tables/soil.ts';
import { dimension } from '../kinds/parts/dimensions.ts';
import { tankPart } from '../kinds/registry.ts';
import type { TankPartModule, TankSectionSpec } from '../kinds/types.ts';
import { measureKind, type MeasureKind } from '../waterflow/measureRules.ts';
import { balanceOnRow, infiltrationRateMs, safetyFactorFromPercent, type BalanceOnRow, type StorageBalanceParams } from './balance.ts';
import { boxTankOnGridForSizing } from './boxBlock.ts';
import { fin, nonNeg, pos } from './core.ts';
import { sizingIssue, type SizingIssue } from './issues.ts';
import { rainRowFromTable, type RainRow, type RainTable } from './rain.ts';
import { tankInfiltrationAreaTerms, type InfiltrationAreaTerms } from './tank.ts';
import { troughGeometry, type TroughGeometry } from './trough.ts';

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
export const K_DIM = 'data.dimensioningInfiltrationTank.';

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

export interface Prepared {
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
export function prepare(input: SizeMeasureInput, recordBalances: boolean): Prepared {
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
  const balances = recordBalances ? {} : undefined;
  if (!kind.stepsEnabled) {
    return { balances, edition, kind, data: d, nodeId, issues, ac, fZ: undefined, rain: undefined, annuality: undefined, throttleLs: undefined, trough: undefined, tank: undefined, floodingOn, peak };
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
    const problem = (code: SizingIssue['code'], field: string, params?: Record<string, string | number>) => issues.push(sizingIssue(code, at(K_DIM + field), params));
    // (The height of a box tank with levels is not read: the section follows the levels.)
    const dims = boxTankOnGridForSizing(kind.tank, d.dimensioningInfiltrationTank ?? {}, problem);
    const part = tankPart(kind.tank);
    const lengthM = dimension(dims.length, 'length', nonNeg, problem);
    const section = part.readSection(dims, problem);
    const { widthM, heightM } = section;
    let kf: number | undefined;
    let q: number | undefined = 0;
    if (kind.infiltration) ({ kf, q } = soilRate(d.permeabilityCoefficientX, d.permeabilityCoefficientY, d.soilData, 'data.permeabilityCoefficientX', 'data.soilData'));
    const direction: InfiltrationDirection = kind.infiltration ? (d.infiltrationDirection ?? DEFAULTS.infiltrationDirection) : 'everySide';
    const terms = !part.rectangularSection || widthM === undefined || heightM === undefined ? undefined : tankInfiltrationAreaTerms({ widthM, heightM }, direction, edition);
    tank = { part, section, lengthM, kf, q, terms, direction };
  }

  return { balances, edition, kind, data: d, nodeId, issues, ac, fZ, rain, annuality, throttleLs, trough, tank, floodingOn, peak };
}

/** One part's design result (internal): the governing point of its balance, with its chart. */
export type PartResult = BalanceOnRow;

/**
 * The storage balance of one part over D (internal): the terms and the search are those of the
 * standard calculation `storageBalance` (balance.ts), so `sizeMeasure` and the standard calculations
 * (`troughSizing`, `tankSizing`, `a117RetentionVolume`, the CLI's `calc` kinds) share one assembly.
 * NOT_COMPUTABLE on overflow. The balance is recorded with every term only when `recordBalances`.
 */
export function runBalance(row: RainRow, params: StorageBalanceParams, withChart: boolean, p: Prepared, field: string): PartResult | undefined {
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

/**
 * Rows per annuality, computed once per sizing (internal). A sizing asks for at most three
 * annualities (trough, tank, flooding): they are kept in three slots, any further in a list.
 */
export function rowCache(p: Prepared) {
  let a1: Annuality | undefined;
  let r1: RainRow | undefined;
  let a2: Annuality | undefined;
  let r2: RainRow | undefined;
  let a3: Annuality | undefined;
  let r3: RainRow | undefined;
  let more: { annuality: Annuality; row: RainRow }[] | undefined;
  let reported: Annuality[] | undefined;
  return (annuality: Annuality | undefined): RainRow | undefined => {
    if (p.rain === undefined || annuality === undefined) return undefined;
    let row: RainRow | undefined;
    if (r1 !== undefined && a1 === annuality) row = r1;
    else if (r2 !== undefined && a2 === annuality) row = r2;
    else if (r3 !== undefined && a3 === annuality) row = r3;
    else row = more?.find((e) => e.annuality === annuality)?.row;
    if (row === undefined) {
      row = rainRowFromTable(p.rain, annuality);
      if (r1 === undefined) {
        a1 = annuality;
        r1 = row;
      } else if (r2 === undefined) {
        a2 = annuality;
        r2 = row;
      } else if (r3 === undefined) {
        a3 = annuality;
        r3 = row;
      } else (more ??= []).push({ annuality, row });
    }
    if (row.durationsMin.length === 0) {
      reported ??= [];
      if (!reported.includes(annuality)) {
        reported.push(annuality);
        p.issues.push(sizingIssue('RAIN_DATA_MISSING', { nodeId: p.nodeId, field: 'rainData' }, { annuality }));
      }
      return undefined;
    }
    return row;
  };
}
