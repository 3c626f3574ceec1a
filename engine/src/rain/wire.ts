/**
 * Conversions between the engine's RainSeries and the wire format RainData (model/rain.ts: the
 * spec's `raindataSeries` of `{ annuality, valuesForDurations: [{ duration, value }] }` with
 * `kostraCell { row, column }`; platform spec section 3 "Rain data").
 */
import type { RainData } from '../model/rain.ts';
import { ANNUALITIES_A, RAIN_DATASET_EDITIONS, RAIN_DURATIONS_MIN, type RainDatasetEdition } from '../tables/rain.ts';
import { annualityIndex, durationIndex, sanitizeRainValue, type RainSeries } from './series.ts';

/**
 * The wire form of a rain series: all 9 annualities, each with all 22 durations (0 for missing
 * values, as the spec stores custom uploads). Where the series carries an uncertainty for a value
 * (KOSTRA-DWD-2020 UC, ± percent), the value has it as `uncertainty`.
 */
export function rainSeriesToRainData(series: RainSeries): RainData {
  const source: RainData['source'] =
    series.stamp.cell === undefined ? { edition: series.stamp.edition } : { edition: series.stamp.edition, cell: series.stamp.cell };
  return {
    source,
    ...(series.kostraCell === undefined ? {} : { kostraCell: { row: series.kostraCell.row, column: series.kostraCell.column } }),
    raindataSeries: ANNUALITIES_A.map((annuality, t) => ({
      annuality,
      valuesForDurations: RAIN_DURATIONS_MIN.map((duration, d) => {
        const value = sanitizeRainValue(series.yieldsLsHa[t]?.[d]);
        const uncertainty = sanitizeRainValue(series.uncertaintyPct?.[t]?.[d]);
        return uncertainty > 0 && value > 0 ? { duration, value, uncertainty: Math.min(uncertainty, 100) } : { duration, value };
      }),
    })),
  };
}

/**
 * A rain series from its wire form. Durations or annualities that are not on the rain axes are
 * ignored, absent values and values that are not positive finite numbers become 0 (missing); a
 * later entry for the same (D, T) wins. An unknown edition is read as `custom`. The values'
 * `uncertainty` (± percent) becomes `uncertaintyPct` when at least one value has one.
 */
export function rainSeriesFromRainData(data: RainData): RainSeries {
  const yields = ANNUALITIES_A.map(() => RAIN_DURATIONS_MIN.map(() => 0));
  const uncertainties = ANNUALITIES_A.map(() => RAIN_DURATIONS_MIN.map(() => 0));
  let anyUncertainty = false;
  for (const entry of data.raindataSeries ?? []) {
    const t = annualityIndex(entry.annuality);
    const row = yields[t];
    if (row === undefined) continue;
    for (const v of entry.valuesForDurations ?? []) {
      const d = durationIndex(v.duration);
      if (d < 0) continue;
      row[d] = sanitizeRainValue(v.value);
      const uc = sanitizeRainValue(v.uncertainty);
      uncertainties[t]![d] = uc;
      if (uc > 0) anyUncertainty = true;
    }
  }
  const edition: RainDatasetEdition = (RAIN_DATASET_EDITIONS as readonly string[]).includes(data.source?.edition)
    ? data.source.edition
    : 'custom';
  const cell = data.source?.cell;
  const k = data.kostraCell;
  return {
    stamp: typeof cell === 'string' ? { edition, cell } : { edition },
    ...(k === undefined || k === null ? {} : { kostraCell: { row: k.row, column: k.column } }),
    yieldsLsHa: yields,
    ...(anyUncertainty ? { uncertaintyPct: uncertainties } : {}),
  };
}
