/**
 * The KOSTRA-DWD-2020 reference cell 49125 (Sylt) from /work/shared/data/kostra-dwd-2020-reference:
 * the complete 22 × 9 table of heights and uncertainties as a rain series, its grid position, and
 * sizing with it. Skipped with a message when the folder is absent; fails with CI=true.
 */
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { ANNUALITIES_A, RAIN_DURATIONS_MIN, type Annuality, type RainDurationMin } from '../tables/rain.ts';
import { describeWithSharedData, sharedDataUrl } from '../../test-support/sharedData.ts';
import { sizeMeasure } from '../sizing/sizeMeasure.ts';
import { kostra2020CellAt, kostra2020CellCenter } from './kostra2020Grid.ts';
import { availableDurations, createRainSeries, rainUncertainty, rainYield } from './series.ts';
import { rainYieldFromHeight } from './units.ts';
import { rainSeriesFromRainData, rainSeriesToRainData } from './wire.ts';

const FOLDER = 'kostra-dwd-2020-reference';

/** A reference CSV as a map D → values per annuality (in ANNUALITIES_A order). */
function readTable(file: string): Map<number, number[]> {
  const text = readFileSync(new URL(file, sharedDataUrl(FOLDER)), 'utf8');
  const rows = text.split(/\r?\n/).filter((l) => /^\d/.test(l));
  return new Map(rows.map((l) => l.split(';').map(Number)).map(([D, ...v]) => [D!, v]));
}

describeWithSharedData('KOSTRA-DWD-2020 reference cell 49125', FOLDER, 'cell_49125_HN_mm.csv', () => {
  const heights = readTable('cell_49125_HN_mm.csv');
  const uncertainty = readTable('cell_49125_UC_pct.csv');
  const at = (m: Map<number, number[]>, D: RainDurationMin, T: Annuality) => m.get(D)?.[ANNUALITIES_A.indexOf(T)];
  const series = createRainSeries({ edition: 'KOSTRA-DWD-2020', cell: '49125' }, (D, T) => rainYieldFromHeight(at(heights, D, T) ?? Number.NaN, D), {
    kostraCell: { row: 49, column: 125 },
    uncertaintyPct: (D, T) => at(uncertainty, D, T),
  });

  it('holds the complete table: 22 durations × 9 annualities of heights and uncertainties', () => {
    expect([...heights.keys()]).toEqual([...RAIN_DURATIONS_MIN]);
    expect([...uncertainty.keys()]).toEqual([...RAIN_DURATIONS_MIN]);
    for (const row of [...heights.values(), ...uncertainty.values()]) expect(row).toHaveLength(9);
    for (const T of ANNUALITIES_A) expect(availableDurations(series, T)).toHaveLength(22);
  });

  it('gives r = hN · 10000 / (60 · D) and keeps the uncertainty per value', () => {
    expect(rainYield(series, 5, 1)).toBeCloseTo(200, 12); // 6.0 mm in 5 min
    expect(rainYield(series, 15, 1)).toBeCloseTo((8.9 * 10000) / 900, 12);
    expect(rainYield(series, 10080, 100)).toBeCloseTo((at(heights, 10080, 100)! * 10000) / (60 * 10080), 12);
    expect(rainUncertainty(series, 5, 1)).toBe(16);
    expect(rainUncertainty(series, 10, 100)).toBe(25);
    // heights grow with T and with D (a sane table)
    for (const D of RAIN_DURATIONS_MIN) for (let t = 1; t < 9; t++) expect(at(heights, D, ANNUALITIES_A[t]!)!).toBeGreaterThanOrEqual(at(heights, D, ANNUALITIES_A[t - 1]!)!);
  });

  it('lies where the grid puts it: the cell centre maps back to row 49, column 125', () => {
    const c = kostra2020CellCenter(49, 125);
    expect(c.latDeg).toBeCloseTo(55.069, 2);
    expect(c.lonDeg).toBeCloseTo(8.537, 2);
    expect(kostra2020CellAt(c.latDeg, c.lonDeg)).toMatchObject({ row: 49, column: 125 });
  });

  it('is the rain data of the retention sizing fixtures (all 22 × 9 values)', () => {
    const wire = rainSeriesToRainData(series);
    for (const edition of ['2024', '2005']) {
      const fixture = JSON.parse(readFileSync(new URL(`../../../fixtures/projects/sizing-retention-${edition}.project.json`, import.meta.url), 'utf8')) as { rainData: Parameters<typeof rainSeriesFromRainData>[0] };
      const fromFixture = rainSeriesFromRainData(fixture.rainData);
      expect(fixture.rainData.source).toEqual(wire.source);
      fromFixture.yieldsLsHa.forEach((row, t) => row.forEach((r, d) => expect(r).toBeCloseTo(series.yieldsLsHa[t]![d]!, 10)));
    }
  });

  it('sizes a box tank over all 22 durations (hand check: the governing D maximises V(D))', () => {
    const data = {
      installationTarget: 'Infiltration',
      installationVariant: 'infiltrationTank',
      infiltrationTankType: 'Box',
      soilData: 'S4',
      recurrenceInterval: 5,
      safetyMargin: 20,
      dimensioningInfiltrationTank: { length: 8, width: 1.6, levels: 1 },
    } as const;
    const sized = sizeMeasure({ data, acM2: 600, rain: series, ruleEdition: 'DWA-A 138-1:2024' });
    const q = 8.68e-5;
    const As = (1.6 + 0.66) * 8 + 1.6 * 0.66;
    const V = (D: RainDurationMin) => (600 * 1e-7 * rainYield(series, D, 5)! - As * q) * D * 60 * 1.2;
    const best = Math.max(...RAIN_DURATIONS_MIN.map(V));
    expect(sized.data.requiredVolume).toBeCloseTo(best, 10);
    expect(V(sized.data.duration as RainDurationMin)).toBeCloseTo(best, 10);
    expect(sized.data.reportData?.infiltrationTankDrainingTimeChart).toHaveLength(22);
  });
});
