/**
 * The rain input of `rainplan calc`: the rain yield of one duration (a textbook example), a list
 * of durations (a full row), or a whole rain table in the project file's `rainData` form with the
 * annuality to use.
 */
import { ANNUALITIES_A, RAIN_DURATIONS_MIN, type Annuality } from '@rainplan/engine/tables';
import { rainPoints, type RainPoint } from '@rainplan/engine/sizing';
import { rainSeriesFromRainData, rainSeriesUncertainty, rainYieldFromHeight, type RainUncertaintyUnavailableReason } from '@rainplan/engine/rain';
import type { RainUncertaintySource } from '@rainplan/engine/tables';
import type { RainData } from '@rainplan/engine';
import { childPath, describeReceived, type CustomSpec, type InputError } from './schema.ts';

/** The rain input as echoed in the output. */
export type RainEcho =
  | readonly RainPointEcho[]
  | {
      readonly annualityA: number;
      readonly source: RainData['source'];
      /** Where the points' `uncertaintyPct` comes from, or why they have none. */
      readonly uncertainty: { readonly source: RainUncertaintySource } | { readonly reason: RainUncertaintyUnavailableReason };
      readonly points: readonly RainPointEcho[];
    };

export interface RainPointEcho {
  readonly durationMin: number;
  readonly rLsHa: number;
  /** Given instead of r: the rain height, mm (r = hN · 10000 / (60 · D)). */
  readonly hNMm?: number;
  /** The uncertainty of r in ± percent (a rain table with KOSTRA-DWD-2020 UC values or of KOSTRA-DWD-2010R). */
  readonly uncertaintyPct?: number;
}

export const RAIN_EXPECTED =
  '{ "durationMin", "rLsHa" } (or "hNMm" instead of "rLsHa"), an array of them, or { "annualityA", "rainData" }';

export const RAIN_HELP = [
  'rain: the design rain, in one of three forms:',
  '  { "durationMin": 240, "rLsHa": 23.3 }          one duration (a textbook example); r in l/(s·ha)',
  '  { "durationMin": 240, "hNMm": 33.6 }           the same with the rain height hN in mm',
  '  [ { "durationMin": 5, "rLsHa": 250 }, … ]      several durations: the governing one is searched',
  '  { "annualityA": 5, "rainData": { … } }         a whole table in the project file form (rainData of',
  '                                                 a project, or `rainplan rain lookup --format rain-data`);',
  '                                                 the row of annuality T = annualityA is used',
];

function point(value: unknown, path: string, errors: InputError[]): RainPointEcho | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    errors.push({ path, expected: '{ "durationMin", "rLsHa" } or { "durationMin", "hNMm" }', received: describeReceived(value) });
    return undefined;
  }
  const o = value as Record<string, unknown>;
  const before = errors.length;
  for (const key of Object.keys(o)) {
    if (!['durationMin', 'rLsHa', 'hNMm'].includes(key)) errors.push({ path: childPath(path, key), expected: 'no such field (known fields: durationMin, rLsHa, hNMm)' });
  }
  const D = o['durationMin'];
  if (typeof D !== 'number' || !Number.isFinite(D) || !(D > 0)) {
    errors.push({ path: childPath(path, 'durationMin'), expected: 'a number > 0 (min)', received: describeReceived(D) });
  }
  const r = o['rLsHa'];
  const h = o['hNMm'];
  if (r !== undefined && h !== undefined) {
    errors.push({ path, expected: 'either "rLsHa" or "hNMm", not both' });
  } else if (r === undefined && h === undefined) {
    errors.push({ path: childPath(path, 'rLsHa'), expected: 'a number ≥ 0 (l/(s·ha)) (required, or give "hNMm")', received: 'nothing' });
  } else if (r !== undefined && (typeof r !== 'number' || !Number.isFinite(r) || r < 0)) {
    errors.push({ path: childPath(path, 'rLsHa'), expected: 'a number ≥ 0 (l/(s·ha))', received: describeReceived(r) });
  } else if (h !== undefined && (typeof h !== 'number' || !Number.isFinite(h) || h < 0)) {
    errors.push({ path: childPath(path, 'hNMm'), expected: 'a number ≥ 0 (mm)', received: describeReceived(h) });
  }
  if (errors.length > before) return undefined;
  const durationMin = D as number;
  if (h !== undefined) return { durationMin, rLsHa: rainYieldFromHeight(h as number, durationMin) ?? 0, hNMm: h as number };
  return { durationMin, rLsHa: r as number };
}

function rainDataRow(value: Record<string, unknown>, path: string, errors: InputError[]): RainEcho | undefined {
  const before = errors.length;
  for (const key of Object.keys(value)) {
    if (key !== 'annualityA' && key !== 'rainData') errors.push({ path: childPath(path, key), expected: 'no such field (known fields: annualityA, rainData)' });
  }
  const T = value['annualityA'];
  if (typeof T !== 'number' || !(ANNUALITIES_A as readonly number[]).includes(T)) {
    errors.push({ path: childPath(path, 'annualityA'), expected: `one of ${ANNUALITIES_A.join(', ')} (years)`, received: describeReceived(T) });
  }
  const data = value['rainData'];
  const dataPath = childPath(path, 'rainData');
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    errors.push({ path: dataPath, expected: 'an object { "source", "raindataSeries" } (a project\'s rainData)', received: describeReceived(data) });
  } else {
    const series = (data as Record<string, unknown>)['raindataSeries'];
    if (!Array.isArray(series)) {
      errors.push({ path: childPath(dataPath, 'raindataSeries'), expected: 'an array of { "annuality", "valuesForDurations" }', received: describeReceived(series) });
    } else {
      series.forEach((entry: unknown, i) => {
        const p = `${childPath(dataPath, 'raindataSeries')}[${i}]`;
        const e = entry as Record<string, unknown> | null;
        if (typeof e !== 'object' || e === null || typeof e['annuality'] !== 'number' || !Array.isArray(e['valuesForDurations'])) {
          errors.push({ path: p, expected: '{ "annuality": <years>, "valuesForDurations": [{ "duration", "value" }] }', received: describeReceived(entry) });
          return;
        }
        (e['valuesForDurations'] as unknown[]).forEach((v, j) => {
          const vv = v as Record<string, unknown> | null;
          if (typeof vv !== 'object' || vv === null || typeof vv['duration'] !== 'number' || typeof vv['value'] !== 'number') {
            errors.push({ path: `${p}.valuesForDurations[${j}]`, expected: '{ "duration": <min>, "value": <l/(s·ha)> }', received: describeReceived(v) });
          }
        });
      });
    }
  }
  if (errors.length > before) return undefined;
  const rd = data as RainData;
  const series = rainSeriesFromRainData(rd);
  const points = rainPoints({ yieldsLsHa: series.yieldsLsHa }, T as Annuality);
  if (points.length === 0) {
    errors.push({ path: dataPath, expected: `at least one positive rain yield for annuality ${String(T)} a` });
    return undefined;
  }
  const u = rainSeriesUncertainty(series);
  const t = (ANNUALITIES_A as readonly number[]).indexOf(T as number);
  const d = (D: number) => (RAIN_DURATIONS_MIN as readonly number[]).indexOf(D);
  return {
    annualityA: T as number,
    source: series.stamp.cell === undefined ? { edition: series.stamp.edition } : { edition: series.stamp.edition, cell: series.stamp.cell },
    uncertainty: u.ok ? { source: u.source } : { reason: u.reason },
    points: u.ok ? points.map((p) => ({ ...p, uncertaintyPct: u.pct[t]![d(p.durationMin)]! })) : points,
  };
}

/** The `rain` field of the sizing kinds. */
export const rainSpec: CustomSpec = {
  type: 'custom',
  expected: RAIN_EXPECTED,
  parse(value, path, errors): RainEcho | undefined {
    if (Array.isArray(value)) {
      if (value.length === 0) {
        errors.push({ path, expected: 'at least one duration', received: 'an empty array' });
        return undefined;
      }
      const before = errors.length;
      const points = value.map((v, i) => point(v, `${path}[${i}]`, errors));
      if (errors.length > before) return undefined;
      const seen = new Set<number>();
      points.forEach((p, i) => {
        if (seen.has(p!.durationMin)) errors.push({ path: `${path}[${i}].durationMin`, expected: 'each duration at most once', received: String(p!.durationMin) });
        seen.add(p!.durationMin);
      });
      return errors.length > before ? undefined : (points as RainPointEcho[]);
    }
    if (typeof value === 'object' && value !== null && ('rainData' in value || 'annualityA' in value)) {
      return rainDataRow(value as Record<string, unknown>, path, errors);
    }
    if (typeof value === 'object' && value !== null) {
      const p = point(value, path, errors);
      return p === undefined ? undefined : [p];
    }
    errors.push({ path, expected: RAIN_EXPECTED, received: describeReceived(value) });
    return undefined;
  },
};

/** The engine's rain input from the echoed form. */
export function rainInput(echo: RainEcho): RainPoint[] {
  const list = Array.isArray(echo) ? (echo as readonly RainPointEcho[]) : (echo as { points: readonly RainPointEcho[] }).points;
  return list.map((p) => ({ durationMin: p.durationMin, rLsHa: p.rLsHa }));
}
