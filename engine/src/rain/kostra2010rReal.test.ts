/**
 * KOSTRA-DWD-2010R against DWD's real files in /work/shared/data/kostra-dwd-2010r (read with
 * node:fs here only; the engine takes bytes). When the folder is absent the suite is skipped and
 * says why; with CI=true it fails instead.
 */
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { KOSTRA_2010R_FOLDER, kostra2010RFilesPresent, readKostra2010RFiles } from '../../test-support/kostra2010rFiles.ts';
import { describeWithSharedData } from '../../test-support/sharedData.ts';
import { ANNUALITIES_A, RAIN_DURATIONS_MIN } from '../tables/rain.ts';
import { readDbf, dbfFieldIndex, dbfNumber } from './dbf.ts';
import { KOSTRA_2010R_GRID, kostra2010RCellFromMap } from './kostra2010rGrid.ts';
import { buildKostra2010RIndex, kostra2010RCell, kostra2010RCells, kostra2010RLocate, kostra2010RLookup } from './kostra2010rIndex.ts';
import { availableDurations, rainYield } from './series.ts';
import { rainHeightFromYield } from './units.ts';
import { rainSeriesFromRainData, rainSeriesToRainData } from './wire.ts';

const FOLDER = KOSTRA_2010R_FOLDER;
const present = kostra2010RFilesPresent();

/**
 * The full table of cell 93049 (Munich) in mm, read from DWD's 18 dbf files by an independent
 * reader (a few lines of Python over the dBase III layout, not the engine's reader).
 * Rows: D = 5 … 4320 min; columns: T = 1, 2, 3, 5, 10, 20, 30, 50, 100 a.
 */
const CELL_93049_HN_MM: readonly (readonly [number, readonly number[]])[] = [
  [5, [6.0, 7.7, 8.7, 10.0, 11.7, 13.4, 14.4, 15.6, 17.4]],
  [10, [9.5, 12.0, 13.4, 15.2, 17.7, 20.2, 21.6, 23.5, 25.9]],
  [15, [11.8, 14.9, 16.7, 18.9, 22.0, 25.1, 26.9, 29.1, 32.2]],
  [20, [13.4, 17.0, 19.1, 21.7, 25.3, 28.9, 31.0, 33.6, 37.2]],
  [30, [15.6, 20.0, 22.6, 25.9, 30.3, 34.8, 37.4, 40.6, 45.1]],
  [45, [17.5, 23.0, 26.2, 30.3, 35.8, 41.3, 44.5, 48.5, 54.0]],
  [60, [18.6, 25.0, 28.8, 33.5, 39.9, 46.3, 50.1, 54.8, 61.2]],
  [90, [20.9, 27.6, 31.6, 36.5, 43.3, 50.0, 54.0, 58.9, 65.7]],
  [120, [22.7, 29.7, 33.8, 38.9, 45.9, 52.9, 56.9, 62.1, 69.1]],
  [180, [25.5, 32.9, 37.1, 42.5, 49.9, 57.2, 61.5, 66.9, 74.2]],
  [240, [27.7, 35.3, 39.8, 45.4, 53.0, 60.5, 65.0, 70.6, 78.2]],
  [360, [31.2, 39.2, 43.8, 49.7, 57.7, 65.6, 70.3, 76.2, 84.2]],
  [540, [35.0, 43.4, 48.3, 54.5, 62.9, 71.2, 76.1, 82.3, 90.7]],
  [720, [38.1, 46.8, 51.8, 58.2, 66.9, 75.6, 80.6, 87.0, 95.7]],
  [1080, [42.8, 51.9, 57.2, 64.0, 73.1, 82.2, 87.5, 94.2, 103.3]],
  [1440, [46.5, 55.9, 61.5, 68.4, 77.8, 87.3, 92.8, 99.8, 109.2]],
  [2880, [60.1, 72.4, 79.6, 88.6, 100.9, 113.1, 120.3, 129.3, 141.6]],
  [4320, [69.9, 83.8, 91.9, 102.2, 116.1, 130.0, 138.1, 148.4, 162.3]],
];

describeWithSharedData('KOSTRA-DWD-2010R, DWD files', FOLDER, 'StatRR_KOSTRA-DWD-2010R_grid.shp', () => {
  const files = present ? readKostra2010RFiles({ shx: true }) : undefined;
  // Build and lookup times are measured by bench/kostra2010r.bench.ts (npm run bench), not here.
  const built = files === undefined ? undefined : buildKostra2010RIndex(files);
  const index = built?.ok === true ? built.index : undefined;

  it('builds from the shp, prj and 18 dbf files', () => {
    if (built?.ok === false) console.error(built.errors);
    expect(index).toBeDefined();
    expect(files?.dbf).toHaveLength(18);
    expect(index?.durationsMin).toEqual(RAIN_DURATIONS_MIN.filter((D) => D <= 4320));
    expect(index?.polygons.recordCount).toBe(79 * 107);
  });

  it('has 5,405 cells with data', () => {
    expect(index?.cellsWithData).toBe(5405);
    expect(kostra2010RCells(index!)).toHaveLength(5405);
  });

  it('finds Munich (Marienplatz, 48.137 N 11.575 E) in cell 93049', () => {
    const cell = kostra2010RLookup(index!, 48.137, 11.575);
    expect(cell).toMatchObject({ id: '93049', indexRc: 93049, row: 93, column: 49 });
    expect(cell?.series.stamp).toEqual({ edition: 'KOSTRA-DWD-2010R', cell: '93049' });
    expect(cell?.series.kostraCell).toEqual({ row: 93, column: 49 });
  });

  it("Munich's table equals the dbf values (NOTICE.md spot checks: D = 15 min, T1 11.8 mm, T100 32.2 mm)", () => {
    const s = kostra2010RCell(index!, '093049')!.series;
    const hN = (D: (typeof RAIN_DURATIONS_MIN)[number], T: (typeof ANNUALITIES_A)[number]) => rainHeightFromYield(rainYield(s, D, T) ?? 0, D);
    expect(hN(15, 1)).toBeCloseTo(11.8, 10);
    expect(hN(15, 100)).toBeCloseTo(32.2, 10);
    expect(rainYield(s, 15, 1)).toBeCloseTo((11.8 * 10000) / (60 * 15), 10);
    // Straight from the files: every duration and annuality of cell 93049.
    for (const file of files!.dbf) {
      const r = readDbf(file.bytes);
      if (!r.ok) throw new Error('unreadable');
      const t = r.table;
      const idField = dbfFieldIndex(t, 'INDEX_RC');
      let record = -1;
      for (let i = 0; i < t.recordCount && record < 0; i++) if (dbfNumber(t, i, idField) === 93049) record = i;
      ANNUALITIES_A.forEach((T) => {
        const v = dbfNumber(t, record, dbfFieldIndex(t, `HN_${String(T).padStart(3, '0')}A_`));
        expect(hN(file.durationMin as (typeof RAIN_DURATIONS_MIN)[number], T)).toBeCloseTo(v ?? Number.NaN, 10);
      });
    }
    // 18 durations, the four longest (5760 … 10080 min) are missing.
    expect(availableDurations(s, 10)).toHaveLength(18);
    expect(rainYield(s, 5760, 10)).toBeUndefined();
    expect(rainYield(s, 10080, 100)).toBeUndefined();
    // The wire format keeps all 22 durations with 0 for the missing ones.
    const wire = rainSeriesToRainData(s);
    expect(wire.raindataSeries[0]?.valuesForDurations.at(-1)).toEqual({ duration: 10080, value: 0 });
    expect(rainSeriesFromRainData(wire).yieldsLsHa).toEqual(s.yieldsLsHa);
  });

  it("Munich's full 18 × 9 table equals an independent reading of the dbf files (r = hN · 10000 / (60 · D))", () => {
    const s = kostra2010RLookup(index!, 48.137, 11.575)!.series;
    for (const [D, heights] of CELL_93049_HN_MM) {
      ANNUALITIES_A.forEach((T, t) => {
        expect(rainYield(s, D as (typeof RAIN_DURATIONS_MIN)[number], T)).toBeCloseTo((heights[t]! * 10000) / (60 * D), 9);
      });
    }
    expect(CELL_93049_HN_MM.map(([D]) => D)).toEqual(index!.durationsMin);
  });

  it('the rain data of the sizing fixtures is this table, as the wire format writes it', () => {
    const wire = rainSeriesToRainData(kostra2010RLookup(index!, 48.137, 11.575)!.series);
    for (const edition of ['2024', '2005']) {
      const fixture = JSON.parse(readFileSync(new URL(`../../../fixtures/projects/sizing-infiltration-${edition}.project.json`, import.meta.url), 'utf8')) as { rainData: unknown };
      expect(fixture.rainData).toEqual(wire);
    }
  });

  it('gives undefined outside Germany and for invalid positions', () => {
    expect(kostra2010RLookup(index!, 48.8566, 2.3522)).toBeUndefined(); // Paris
    expect(kostra2010RLookup(index!, 40.4168, -3.7038)).toBeUndefined(); // Madrid
    expect(kostra2010RLookup(index!, 54.9, 4.0)).toBeUndefined(); // North Sea, inside the grid's box
    expect(kostra2010RLookup(index!, Number.NaN, 11)).toBeUndefined();
    expect(kostra2010RLookup(index!, -91, 11)).toBeUndefined();
  });

  it('names the cell without data of a position inside the grid (sea, abroad), distinct from outside the grid', () => {
    // Near Maastricht (NL), 51.172 N 5.895 E: inside the grid, cell 52001 carries -99.9 only.
    expect(kostra2010RLocate(index!, 51.172, 5.895)).toMatchObject({
      ok: false,
      code: 'CELL_WITHOUT_DATA',
      messageKey: 'rainData.cellWithoutData',
      cell: { id: '52001', row: 52, column: 1 },
    });
    expect(kostra2010RLocate(index!, 54.9, 6.0)).toMatchObject({ ok: false, code: 'CELL_WITHOUT_DATA' }); // North Sea
    expect(kostra2010RLocate(index!, 54.9, 4.0)).toMatchObject({ ok: false, code: 'OUTSIDE_GRID' }); // North Sea, west of the grid
    expect(kostra2010RLocate(index!, 40.4168, -3.7038)).toMatchObject({ ok: false, code: 'OUTSIDE_GRID', messageKey: 'rainData.outsideGrid' }); // Madrid
    expect(kostra2010RLocate(index!, 48.137, 11.575)).toMatchObject({ ok: true, cell: { id: '93049' } });
  });

  it('every cell polygon is the rectangle of KOSTRA_2010R_GRID for its INDEX_RC, so the formula names the same cell', () => {
    const g = KOSTRA_2010R_GRID;
    const { bbox, recordCount } = index!.polygons;
    expect(recordCount).toBe(g.rows * g.columns);
    let noData = 0;
    for (let r = 0; r < recordCount; r++) {
      const id = index!.recordIndexRc[r]!;
      const row = Math.floor(id / 1000);
      const column = id % 1000;
      expect(bbox[4 * r]).toBeCloseTo(g.westM + column * g.cellWidthM, 3);
      expect(bbox[4 * r + 2]).toBeCloseTo(g.westM + (column + 1) * g.cellWidthM, 3);
      expect(bbox[4 * r + 3]).toBeCloseTo(g.northM - row * g.cellHeightM, 3);
      expect(bbox[4 * r + 1]).toBeCloseTo(g.northM - (row + 1) * g.cellHeightM, 3);
      const cx = (bbox[4 * r]! + bbox[4 * r + 2]!) / 2;
      const cy = (bbox[4 * r + 1]! + bbox[4 * r + 3]!) / 2;
      expect(kostra2010RCellFromMap(cx, cy)?.indexRc).toBe(id);
      if ((index!.recordDataRow[r] ?? -1) < 0) noData++;
    }
    expect(noData).toBe(g.rows * g.columns - g.cellsWithData);
  });

  it('finds other German cities', () => {
    for (const [lat, lon] of [
      [52.52, 13.405], // Berlin
      [53.5511, 9.9937], // Hamburg
      [50.9375, 6.9603], // Cologne
      [47.9959, 7.8522], // Freiburg im Breisgau
    ] as const) {
      const c = kostra2010RLookup(index!, lat, lon);
      expect(c?.series.yieldsLsHa[0]?.[0]).toBeGreaterThan(0);
    }
  });

  it('finds a cell for most positions of a grid over Germany', () => {
    const n = 5000;
    let found = 0;
    for (let i = 0; i < n; i++) if (kostra2010RLookup(index!, 47.5 + (i % 50) * 0.1, 6 + Math.floor(i / 50) * 0.09) !== undefined) found++;
    expect(found).toBeGreaterThan(n / 2);
  });
});
