/**
 * Internal numeric core shared by the sizing functions: the search over D of the storage balance
 * and of the required length. Not exported from the package.
 */
import type { ChartPoint } from '../model/measure.ts';
import { CONVERSIONS } from '../tables/defaults.ts';
import type { RainRow } from './rain.ts';

/** A finite number or undefined. */
export const fin = (x: number | undefined): number | undefined => (x !== undefined && Number.isFinite(x) ? x : undefined);

/** Finite and ≥ 0. */
export const nonNeg = (x: number | null | undefined): x is number => typeof x === 'number' && Number.isFinite(x) && x >= 0;

/** Finite and > 0. */
export const pos = (x: number | null | undefined): x is number => typeof x === 'number' && Number.isFinite(x) && x > 0;

const R = CONVERSIONS.rainYieldToMs;
const S = CONVERSIONS.secondsPerMinute;

/**
 * Storage balance per duration, docs/calculation-reference.md section 3:
 * `V(D) = (a·r − b)·D·60·f − up` with `a = (A_C + A_VA)·1e-7` (m³/s per l/(s·ha)),
 * `b = A_S·q + Q_Dr·1e-3` (m³/s), `f = f_Z·f_A`, `up` a volume stored upstream (m³).
 */
export function balanceAt(a: number, b: number, f: number, up: number, durationMin: number, rLsHa: number): number {
  return (a * rLsHa - b) * (durationMin * S * f) - up;
}

/** `a` of {@link balanceAt} from the rain-receiving area in m². */
export const inflowPerRain = (areaM2: number): number => areaM2 * R;

/**
 * The governing point of V(D) over a rain row: the index of its first maximum (the shortest
 * duration on ties; the value is `balanceAt` at that index). -1 when the row is empty or any value
 * is not finite (overflow): the result is then unusable. When `chart` is given, pushes
 * `{ duration, volume: max(0, V) }` for every point.
 */
export function scanBalance(row: RainRow, a: number, b: number, f: number, up: number, chart: ChartPoint[] | null): number {
  const ds = row.durationsMin;
  const rs = row.rLsHa;
  let index = -1;
  let value = -Infinity;
  let finite = true;
  for (let i = 0; i < ds.length; i++) {
    const D = ds[i]!;
    const v = balanceAt(a, b, f, up, D, rs[i]!);
    if (!Number.isFinite(v)) finite = false;
    else if (v > value) {
      value = v;
      index = i;
    }
    if (chart !== null) chart.push({ duration: D, volume: v > 0 ? v : 0 });
  }
  return finite ? index : -1;
}

/**
 * The length of a tank whose infiltration area is `α·L + β` at one duration (docs/calculation-reference.md
 * section 3, box tank / trough with tank below):
 * `L(D) = [a·r − up/(D·60·f) − β·q − Q_Dr·1e-3] / [B·H·s/(D·60·f) + α·q]`, with `k = B·H·s`
 * (storage per metre) and `b0 = β·q + Q_Dr·1e-3`.
 */
export function lengthAt(a: number, b0: number, k: number, alphaQ: number, f: number, up: number, durationMin: number, rLsHa: number): number {
  const T = durationMin * S * f;
  return (a * rLsHa - up / T - b0) / (k / T + alphaQ);
}

/**
 * The index of the maximum over D of {@link lengthAt} (the first on ties), or -1 when the row is
 * empty or any value is not finite.
 */
export function scanLength(row: RainRow, a: number, b0: number, k: number, alphaQ: number, f: number, up: number): number {
  const ds = row.durationsMin;
  const rs = row.rLsHa;
  let index = -1;
  let value = -Infinity;
  let finite = true;
  for (let i = 0; i < ds.length; i++) {
    const L = lengthAt(a, b0, k, alphaQ, f, up, ds[i]!, rs[i]!);
    if (!Number.isFinite(L)) finite = false;
    else if (L > value) {
      value = L;
      index = i;
    }
  }
  return finite ? index : -1;
}

/** Draining time in hours: volume / outflow; undefined when not finite or the outflow is not positive. */
export function hours(volumeM3: number, outflowM3s: number): number | undefined {
  if (!(outflowM3s > 0)) return undefined;
  return fin(volumeM3 / outflowM3s / CONVERSIONS.secondsPerHour);
}
