/**
 * KOSTRA-DWD-2010R against DWD's real files in /work/shared/data/kostra-dwd-2010r (read with
 * node:fs here only; the engine takes bytes). When the folder is absent the suite is skipped and
 * says why; in CI it is always present.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ANNUALITIES_A, RAIN_DURATIONS_MIN } from '../tables/rain.ts';
import { readDbf, dbfFieldIndex, dbfNumber } from './dbf.ts';
import { buildKostra2010RIndex, kostra2010RCell, kostra2010RCells, kostra2010RLookup, type Kostra2010RFiles } from './kostra2010rIndex.ts';
import { kostraDurationFromFileName } from './kostraDbf.ts';
import { availableDurations, rainYield } from './series.ts';
import { rainHeightFromYield } from './units.ts';
import { rainSeriesFromRainData, rainSeriesToRainData } from './wire.ts';

const DIR = new URL('../../../../shared/data/kostra-dwd-2010r/', import.meta.url);
const present = existsSync(new URL('StatRR_KOSTRA-DWD-2010R_grid.shp', DIR));
if (!present) {
  console.warn(`kostra2010rReal.test: SKIPPED — DWD's KOSTRA-DWD-2010R files are not at ${DIR.pathname} (they are in CI).`);
}

function loadFiles(): Kostra2010RFiles {
  const names = readdirSync(DIR);
  return {
    shp: readFileSync(new URL('StatRR_KOSTRA-DWD-2010R_grid.shp', DIR)),
    shx: readFileSync(new URL('StatRR_KOSTRA-DWD-2010R_grid.shx', DIR)),
    prj: readFileSync(new URL('StatRR_KOSTRA-DWD-2010R_grid.prj', DIR), 'latin1'),
    dbf: names
      .filter((n) => n.endsWith('.dbf'))
      .map((n) => {
        const durationMin = kostraDurationFromFileName(n);
        if (durationMin === undefined) throw new Error(`no duration in ${n}`);
        return { durationMin, bytes: readFileSync(new URL(n, DIR)) };
      }),
  };
}

describe.skipIf(!present)('KOSTRA-DWD-2010R, DWD files', () => {
  const files = present ? loadFiles() : undefined;
  const started = performance.now();
  const built = files === undefined ? undefined : buildKostra2010RIndex(files);
  const buildMs = performance.now() - started;
  const index = built?.ok === true ? built.index : undefined;

  it('builds from the shp, prj and 18 dbf files in well under a second', () => {
    if (built?.ok === false) console.error(built.errors);
    expect(index).toBeDefined();
    expect(files?.dbf).toHaveLength(18);
    expect(index?.durationsMin).toEqual(RAIN_DURATIONS_MIN.filter((D) => D <= 4320));
    expect(index?.polygons.recordCount).toBe(79 * 107);
    expect(buildMs).toBeLessThan(1000);
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

  it('gives undefined outside Germany and for invalid positions', () => {
    expect(kostra2010RLookup(index!, 48.8566, 2.3522)).toBeUndefined(); // Paris
    expect(kostra2010RLookup(index!, 40.4168, -3.7038)).toBeUndefined(); // Madrid
    expect(kostra2010RLookup(index!, 54.9, 4.0)).toBeUndefined(); // North Sea, inside the grid's box
    expect(kostra2010RLookup(index!, Number.NaN, 11)).toBeUndefined();
    expect(kostra2010RLookup(index!, -91, 11)).toBeUndefined();
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

  it('looks a position up in well under 1 ms', () => {
    const n = 5000;
    const t0 = performance.now();
    let found = 0;
    for (let i = 0; i < n; i++) if (kostra2010RLookup(index!, 47.5 + (i % 50) * 0.1, 6 + Math.floor(i / 50) * 0.09) !== undefined) found++;
    const perLookupMs = (performance.now() - t0) / n;
    expect(found).toBeGreaterThan(n / 2);
    expect(perLookupMs).toBeLessThan(0.2);
  });
});
