/**
 * The dGEV parameter formula of KOSTRA-DWD-2020 (docs/calculation-reference.md section 1) against published
 * tables.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ANNUALITIES_A, RAIN_DURATIONS_MIN } from '../tables/rain.ts';
import { parseIndexRc } from './indexRc.ts';
import {
  kostra2020HeightMm,
  kostra2020HeightTable,
  kostra2020IntensityMmH,
  kostra2020ReducedVariate,
  kostra2020SeriesFromParameters,
  type Kostra2020Parameters,
} from './kostra2020Dgev.ts';
import { rainYield } from './series.ts';
import { rainYieldFromHeight } from './units.ts';

/** The reference table of cell 49125 (/work/shared/data/kostra-dwd-2020-reference, DWD values via dimfalk/kostra2020 test data). */
function referenceTable(): number[][] | undefined {
  const url = new URL('../../../../shared/data/kostra-dwd-2020-reference/cell_49125_HN_mm.csv', import.meta.url);
  let text: string;
  try {
    text = readFileSync(url, 'utf8');
  } catch {
    return undefined;
  }
  return text
    .split(/\r?\n/)
    .filter((l) => /^\d/.test(l))
    .map((l) => l.split(';').slice(1).map(Number));
}

// The reference table as committed in the design folder, inlined so the formula test never skips.
// Rows: durations 5 … 10080 min; columns: T = 1, 2, 3, 5, 10, 20, 30, 50, 100 a. Unit: mm.
const CELL_49125_HN_MM = [
  [6.0, 7.4, 8.2, 9.3, 10.8, 12.4, 13.5, 14.9, 16.9],
  [7.8, 9.5, 10.6, 12.0, 14.0, 16.1, 17.4, 19.2, 21.8],
  [8.9, 10.9, 12.1, 13.7, 16.0, 18.4, 19.9, 22.0, 24.9],
  [9.7, 11.9, 13.2, 15.0, 17.5, 20.1, 21.8, 24.1, 27.3],
  [11.0, 13.4, 15.0, 16.9, 19.8, 22.8, 24.7, 27.2, 30.8],
  [12.4, 15.1, 16.8, 19.1, 22.3, 25.6, 27.8, 30.7, 34.7],
  [13.5, 16.4, 18.3, 20.7, 24.2, 27.8, 30.2, 33.3, 37.7],
  [15.1, 18.4, 20.5, 23.2, 27.2, 31.2, 33.9, 37.3, 42.3],
  [16.4, 20.0, 22.2, 25.2, 29.4, 33.8, 36.7, 40.5, 45.9],
  [18.3, 22.4, 24.9, 28.2, 32.9, 37.9, 41.1, 45.3, 51.3],
  [19.8, 24.2, 26.9, 30.5, 35.7, 41.0, 44.5, 49.0, 55.6],
  [22.2, 27.1, 30.1, 34.1, 39.9, 45.8, 49.7, 54.8, 62.1],
  [24.8, 30.3, 33.7, 38.1, 44.6, 51.2, 55.6, 61.2, 69.4],
  [26.8, 32.7, 36.4, 41.2, 48.2, 55.4, 60.1, 66.3, 75.1],
  [29.9, 36.6, 40.7, 46.1, 53.9, 61.9, 67.1, 74.0, 83.9],
  [32.4, 39.5, 44.0, 49.8, 58.3, 66.9, 72.6, 80.1, 90.7],
  [39.1, 47.8, 53.1, 60.2, 70.4, 80.9, 87.7, 96.7, 109.6],
  [43.7, 53.4, 59.4, 67.2, 78.6, 90.3, 98.0, 108.0, 122.4],
  [47.2, 57.7, 64.2, 72.7, 85.0, 97.7, 105.9, 116.8, 132.4],
  [50.2, 61.3, 68.2, 77.3, 90.3, 103.8, 112.6, 124.1, 140.7],
  [52.7, 64.4, 71.7, 81.2, 94.9, 109.1, 118.3, 130.4, 147.8],
  [55.0, 67.2, 74.8, 84.7, 99.0, 113.7, 123.4, 136.0, 154.2],
];

/**
 * Parameters of cell 49125, FITTED here, not published: DWD's Parameter_KOSTRA-DWD-2020.csv is
 * not available offline, and the only public copy found (dimfalk/kostra2020,
 * tests/testthat/testdata/params_ref.rds) is a binary R object. Fitted by least squares of the
 * formula to the 198 published heights above (scipy least_squares, 6 significant digits).
 * With these values the formula reproduces the table within 0.06 mm; 191 of 198 values round to
 * the published 0.1 mm, the other 7 are 0.1 mm off (published values were rounded from DWD's own
 * parameters, which a fit to rounded data cannot recover exactly).
 */
const CELL_49125_FITTED: Kostra2020Parameters = { xi: 13.6379, alpha: 4.21271, kappa: -0.0995375, theta: 0.0178879, eta: 0.727787 };

/**
 * Cell 117111 as PUBLISHED in the README of dimfalk/kostra2020 (commit 13a5216e, "get_params(\"117111\")",
 * printed to 3 significant digits) and its table "get_stats(\"117111\")" (first 10 durations, T = 1 … 30 a).
 */
const CELL_117111_PUBLISHED: Kostra2020Parameters = { xi: 15.1, alpha: 5.45, kappa: -0.1, theta: 0.0185, eta: 0.752 };
const CELL_117111_HN_MM = [
  [7.0, 8.8, 10.0, 11.4, 13.6, 15.8, 17.2],
  [8.9, 11.3, 12.7, 14.6, 17.3, 20.1, 21.9],
  [10.1, 12.8, 14.4, 16.5, 19.6, 22.8, 24.9],
  [11.0, 13.9, 15.7, 18.0, 21.4, 24.8, 27.1],
  [12.4, 15.6, 17.6, 20.2, 23.9, 27.8, 30.4],
  [13.8, 17.4, 19.6, 22.5, 26.7, 31.0, 33.9],
  [14.9, 18.8, 21.1, 24.3, 28.8, 33.5, 36.6],
  [16.5, 20.8, 23.5, 27.0, 32.0, 37.2, 40.6],
  [17.8, 22.4, 25.3, 29.0, 34.5, 40.1, 43.7],
  [19.7, 24.9, 28.0, 32.2, 38.2, 44.4, 48.4],
];

describe('KOSTRA-DWD-2020 dGEV formula', () => {
  it('reduced variate: 1/T up to 10 a, −ln(1 − 1/T) above', () => {
    expect(kostra2020ReducedVariate(1)).toBe(1);
    expect(kostra2020ReducedVariate(10)).toBeCloseTo(0.1, 15);
    expect(kostra2020ReducedVariate(20)).toBeCloseTo(-Math.log(0.95), 15);
    expect(kostra2020ReducedVariate(100)).toBeCloseTo(0.01005034, 8);
    expect(kostra2020ReducedVariate(0)).toBeUndefined();
    expect(kostra2020ReducedVariate(Number.NaN)).toBeUndefined();
  });

  it('the inlined reference equals the shared reference file', () => {
    const shared = referenceTable();
    if (shared === undefined) {
      if (process.env['CI'] === 'true') throw new Error('/work/shared/data/kostra-dwd-2020-reference is missing; with CI=true the reference comparison must run');
      console.warn('kostra2020Dgev.test: /work/shared/data/kostra-dwd-2020-reference is absent; compared with the inlined copy only (with CI=true this fails)');
      return;
    }
    expect(shared).toEqual(CELL_49125_HN_MM);
  });

  it('reproduces the whole 22 × 9 table of cell 49125 (fitted parameters) within 0.06 mm', () => {
    const table = kostra2020HeightTable(CELL_49125_FITTED, { roundHeights: false });
    const rounded = kostra2020HeightTable(CELL_49125_FITTED);
    let maxDiff = 0;
    let offByRounding = 0;
    ANNUALITIES_A.forEach((_, t) =>
      RAIN_DURATIONS_MIN.forEach((_, d) => {
        const ref = CELL_49125_HN_MM[d]?.[t] ?? Number.NaN;
        maxDiff = Math.max(maxDiff, Math.abs((table[t]?.[d] ?? 0) - ref));
        const r = rounded[t]?.[d] ?? 0;
        expect(Math.abs(r - ref)).toBeLessThanOrEqual(0.1 + 1e-9);
        if (Math.abs(r - ref) > 1e-9) offByRounding++;
      }),
    );
    expect(maxDiff).toBeLessThan(0.06);
    expect(offByRounding).toBeLessThanOrEqual(7);
  });

  it('reproduces the published table of cell 117111 from its published (3-digit) parameters within 0.07 mm', () => {
    const T = [1, 2, 3, 5, 10, 20, 30];
    const D = RAIN_DURATIONS_MIN.slice(0, 10);
    D.forEach((dur, d) =>
      T.forEach((a, t) => {
        const h = kostra2020HeightMm(CELL_117111_PUBLISHED, dur, a) ?? Number.NaN;
        expect(Math.abs(h - (CELL_117111_HN_MM[d]?.[t] ?? 0))).toBeLessThan(0.07);
      }),
    );
  });

  it('hN = i · D/60 and the Gumbel limit at κ = 0', () => {
    const p = CELL_117111_PUBLISHED;
    expect((kostra2020IntensityMmH(p, 90, 5) ?? 0) * 1.5).toBeCloseTo(kostra2020HeightMm(p, 90, 5) ?? 0, 12);
    const gumbel = { ...p, kappa: 0 };
    const nearly = { ...p, kappa: 1e-9 };
    expect(kostra2020HeightMm(gumbel, 60, 100)).toBeCloseTo(kostra2020HeightMm(nearly, 60, 100) ?? 0, 6);
  });

  it('invalid input gives undefined, never NaN', () => {
    expect(kostra2020HeightMm(CELL_117111_PUBLISHED, 0, 5)).toBeUndefined();
    expect(kostra2020HeightMm(CELL_117111_PUBLISHED, 5, -1)).toBeUndefined();
    expect(kostra2020HeightMm({ ...CELL_117111_PUBLISHED, xi: Number.NaN }, 5, 5)).toBeUndefined();
    expect(kostra2020HeightMm({ ...CELL_117111_PUBLISHED, theta: -1 }, 5, 5)).toBeUndefined();
    const table = kostra2020HeightTable({ ...CELL_117111_PUBLISHED, eta: Number.NaN });
    expect(table.flat().every((v) => v === 0)).toBe(true);
  });

  it('builds the series: r from the 0.1 mm heights, stamped with the cell', () => {
    const cell = parseIndexRc('049125');
    const s = kostra2020SeriesFromParameters(CELL_49125_FITTED, cell);
    expect(s.stamp).toEqual({ edition: 'KOSTRA-DWD-2020', cell: '49125' });
    expect(s.kostraCell).toEqual({ row: 49, column: 125 });
    expect(rainYield(s, 5, 1)).toBeCloseTo(rainYieldFromHeight(6.0, 5) ?? 0, 10);
    expect(rainYield(s, 10080, 100)).toBeCloseTo(rainYieldFromHeight(154.2, 10080) ?? 0, 10);
    expect(s.uncertaintyPct).toBeUndefined();
    expect(kostra2020SeriesFromParameters(CELL_49125_FITTED).stamp).toEqual({ edition: 'KOSTRA-DWD-2020' });
  });
});
