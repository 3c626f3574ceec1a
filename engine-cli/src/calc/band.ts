/**
 * The rain uncertainty band of `rainplan calc` (issue 19 part 1; docs/decisions/0130-rain-uncertainty-band.md):
 * every kind with a design rain runs again with the rain scaled to r · (1 − u/100) and
 * r · (1 + u/100), so the governing duration may differ at each end. u comes from the input's
 * `rainUncertaintyPct` (one percentage for every rain value), or else from a rain table
 * (`{ annualityA, rainData }`): KOSTRA-DWD-2020 UC values on the table's values, DWD's tolerance
 * ranges for KOSTRA-DWD-2010R. Single rain points without `rainUncertaintyPct` have no band.
 */
import type { RainEcho, RainPointEcho } from './rain.ts';
import type { Field } from './schema.ts';

/** The optional input field every kind with a design rain accepts. */
export const RAIN_UNCERTAINTY_FIELD: Field = {
  spec: { type: 'number', unit: '± %', min: 0, max: 100 },
  doc: 'uncertainty of every rain value, ± percent: the results are also given at r·(1 − u) and r·(1 + u) (uncertaintyBand). Without it a rain table of KOSTRA-DWD-2020 (UC values) or KOSTRA-DWD-2010R (DWD tolerance) gives its own',
};

export type CalcBand =
  | { readonly uncertaintyBand: { readonly source: string; readonly lower: Record<string, unknown>; readonly upper: Record<string, unknown> } }
  | { readonly uncertaintyBand: null; readonly uncertaintyBandReason: string };

const isPointList = (echo: RainEcho): echo is readonly RainPointEcho[] => Array.isArray(echo);

const isEcho = (v: unknown): v is RainEcho =>
  (Array.isArray(v) && v.every((p) => typeof p === 'object' && p !== null && 'durationMin' in p && 'rLsHa' in p)) ||
  (typeof v === 'object' && v !== null && 'points' in v && 'annualityA' in v);

function scalePoint(p: RainPointEcho, uniform: number | undefined, sign: 1 | -1): RainPointEcho {
  const u = uniform ?? p.uncertaintyPct ?? 0;
  const k = Math.max(0, 1 + (sign * u) / 100);
  return { ...p, rLsHa: p.rLsHa * k, ...(p.hNMm === undefined ? {} : { hNMm: p.hNMm * k }) };
}

function scaleEcho(echo: RainEcho, uniform: number | undefined, sign: 1 | -1): RainEcho {
  if (isPointList(echo)) return echo.map((p) => scalePoint(p, uniform, sign));
  return { ...echo, points: echo.points.map((p) => scalePoint(p, uniform, sign)) };
}

/** Every rain input of the validated inputs (`rain`, and `rain` of a nested part such as trough-tank's trough). */
function rains(inputs: Record<string, unknown>): RainEcho[] {
  const out: RainEcho[] = [];
  for (const [key, value] of Object.entries(inputs)) {
    if (key === 'rain' && isEcho(value)) out.push(value);
    else if (typeof value === 'object' && value !== null && !Array.isArray(value) && isEcho((value as Record<string, unknown>)['rain'])) out.push((value as Record<string, RainEcho>)['rain']!);
  }
  return out;
}

function scaleInputs(inputs: Record<string, unknown>, uniform: number | undefined, sign: 1 | -1): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(inputs)) {
    if (key === 'rain' && isEcho(value)) out[key] = scaleEcho(value, uniform, sign);
    else if (typeof value === 'object' && value !== null && !Array.isArray(value) && isEcho((value as Record<string, unknown>)['rain'])) {
      const nested = value as Record<string, unknown>;
      out[key] = { ...nested, rain: scaleEcho(nested['rain'] as RainEcho, uniform, sign) };
    } else out[key] = value;
  }
  return out;
}

/**
 * The band of a calc run: the kind's results at the lower and upper end, or null with the reason
 * (`notGiven`: single rain points without `rainUncertaintyPct`; otherwise the rain table's reason,
 * e.g. `customRainData`).
 */
export function calcBand(inputs: Record<string, unknown>, run: (inputs: Record<string, unknown>) => Record<string, unknown>): CalcBand {
  const uniform = typeof inputs['rainUncertaintyPct'] === 'number' ? inputs['rainUncertaintyPct'] : undefined;
  const all = rains(inputs);
  let source: string | undefined;
  let reason = 'notGiven';
  if (uniform !== undefined) source = 'rainUncertaintyPct';
  else {
    for (const echo of all) {
      if (isPointList(echo)) continue;
      if ('source' in echo.uncertainty) source ??= echo.uncertainty.source;
      else reason = echo.uncertainty.reason;
    }
    // Every rain input must carry its uncertainty, or the band would mix scaled and unscaled rain.
    const uncovered = all.some((echo) => isPointList(echo) || !('source' in echo.uncertainty));
    if (uncovered) source = undefined;
  }
  if (source === undefined) return { uncertaintyBand: null, uncertaintyBandReason: reason };
  return {
    uncertaintyBand: {
      source,
      lower: run(scaleInputs(inputs, uniform, -1)),
      upper: run(scaleInputs(inputs, uniform, 1)),
    },
  };
}
