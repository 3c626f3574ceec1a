/**
 * Trough with tank below (Mulden-Rigole; docs/calculation-reference.md section 3): the trough is sized first
 * with its own annuality and soil, then the tank takes what the trough does not store.
 */
import type { InfiltrationDirection, RuleEdition } from '../tables/measures.ts';
import { fin } from './core.ts';
import type { IssueTarget } from './issues.ts';
import type { RainInput } from './rain.ts';
import { tankRequiredLength, tankSizing, type TankLengthResult, type TankSizingResult } from './tank.ts';
import { troughSizing, type TroughDimensions, type TroughSizingResult } from './trough.ts';

/** Inputs of {@link troughTankSizing}. */
export interface TroughTankParams {
  /** Connected area A_C, m². */
  readonly acM2: number;
  readonly edition: RuleEdition;
  /** The trough: dimensions, its own infiltration rate (trough soil) and safety factor. */
  readonly trough: TroughDimensions & { readonly qMs: number; readonly safetyFactor: number; readonly reductionFactor?: number | undefined };
  /** The tank: section, storage coefficient, direction, infiltration rate (tank soil), throttle; length optional. */
  readonly tank: {
    readonly lengthM?: number | undefined;
    readonly widthM: number;
    readonly heightM: number;
    readonly storageCoefficient: number;
    readonly direction: InfiltrationDirection;
    readonly qMs: number;
    readonly throttleLs?: number | undefined;
    readonly safetyFactor: number;
    readonly reductionFactor?: number | undefined;
  };
}

/** Result of {@link troughTankSizing}, per part. */
export interface TroughTankResult {
  /** The trough part (its own rain row). */
  readonly trough: TroughSizingResult;
  /** The tank part at the given length (undefined without a length). */
  readonly tank: TankSizingResult | undefined;
  /** The tank length at which the tank stores exactly what it must (auto-dimensioning). */
  readonly requiredTankLength: TankLengthResult;
  /** V_M: the trough's available volume subtracted from the tank balance, m³. */
  readonly troughVolumeM3: number | undefined;
}

/**
 * Trough with tank below (docs/calculation-reference.md section 3 "Trough with tank below"):
 *
 * 1. the trough is sized with its own rain row (default annuality 1 year) and infiltration rate
 *    ({@link troughSizing});
 * 2. the tank needs per D `V_R(D) = [(A_C + A_VA)·1e-7·r − A_S,R·q − Q_Dr·1e-3]·D·60·f_Z − V_M`
 *    with A_VA the trough's top area and V_M the trough's available volume ({@link tankSizing});
 *    solved for length `L = [(A_C + A_VA)·1e-7·r − V_M/(D·60·f_Z) − β·q − Q_Dr·1e-3] /
 *    [B·H·s/(D·60·f_Z) + α·q]` ({@link tankRequiredLength}; 2024: β = B·H, α = B + H;
 *    2005: β = 0, α = B + H/2).
 *
 * V_M is the trough as built (its available volume), as in the published 2005 trough-trench
 * example (ebook-tipp.eu, "Bemessung eines Mulden-Rigolen-Elementes": the chosen V_M = 3.30 m³).
 */
export function troughTankSizing(params: TroughTankParams, troughRain: RainInput, tankRain: RainInput, at: IssueTarget = {}): TroughTankResult {
  const trough = troughSizing({ acM2: params.acM2, ...params.trough }, troughRain, at);
  const vM = fin(trough.availableVolumeM3);
  const ava = trough.geometry?.topAreaM2;
  const tankParams = {
    acM2: params.acM2,
    avaM2: ava ?? 0,
    widthM: params.tank.widthM,
    heightM: params.tank.heightM,
    storageCoefficient: params.tank.storageCoefficient,
    direction: params.tank.direction,
    edition: params.edition,
    qMs: params.tank.qMs,
    throttleLs: params.tank.throttleLs,
    safetyFactor: params.tank.safetyFactor,
    reductionFactor: params.tank.reductionFactor,
    storedUpstreamM3: vM ?? 0,
  };
  const blocked = vM === undefined || ava === undefined;
  const requiredTankLength: TankLengthResult = blocked
    ? { lengthM: undefined, durationMin: undefined, rLsHa: undefined, issues: [] }
    : tankRequiredLength(tankParams, tankRain, at);
  const tank = params.tank.lengthM === undefined || blocked ? undefined : tankSizing({ ...tankParams, lengthM: params.tank.lengthM }, tankRain, at);
  return { trough, tank, requiredTankLength, troughVolumeM3: vM };
}
