/**
 * dBase reading and DWD's per-duration KOSTRA tables, on small .dbf files written here (a tiny
 * dBase III writer below), including malformed files.
 */
import { describe, expect, it } from 'vitest';
import { EngineError } from '../errors.ts';
import { ANNUALITIES_A, RAIN_DURATIONS_MIN } from '../tables/rain.ts';
import { dbfFieldIndex, dbfIsDeleted, dbfNumber, dbfText, readDbf } from './dbf.ts';
import { buildKostra2020Dataset, kostra2020DatasetCell, kostra2020DatasetLocate, kostra2020DatasetLookup } from './kostra2020Dataset.ts';
import { kostraDurationFromFileName, readKostraDbf, type KostraDurationTable } from './kostraDbf.ts';
import { availableDurations, rainUncertainty, rainYield } from './series.ts';
import { rainYieldFromHeight } from './units.ts';

interface FieldSpec {
  readonly name: string;
  readonly type?: string;
  readonly length: number;
  readonly decimals?: number;
}
type Value = string | number | null;

/** A minimal dBase III writer (numbers right-aligned with fixed decimals, text left-aligned). */
function writeDbf(fields: readonly FieldSpec[], records: readonly (readonly Value[])[], deleted: readonly number[] = []): Uint8Array {
  const recordLength = 1 + fields.reduce((s, f) => s + f.length, 0);
  const headerLength = 32 + 32 * fields.length + 1;
  const bytes = new Uint8Array(headerLength + records.length * recordLength + 1).fill(0x20);
  const view = new DataView(bytes.buffer);
  bytes.fill(0, 0, headerLength);
  bytes[0] = 0x03;
  bytes.set([125, 1, 1], 1);
  view.setUint32(4, records.length, true);
  view.setUint16(8, headerLength, true);
  view.setUint16(10, recordLength, true);
  fields.forEach((f, i) => {
    const at = 32 + 32 * i;
    for (let k = 0; k < f.name.length; k++) bytes[at + k] = f.name.charCodeAt(k);
    bytes[at + 11] = (f.type ?? 'N').charCodeAt(0);
    bytes[at + 16] = f.length;
    bytes[at + 17] = f.decimals ?? 0;
  });
  bytes[headerLength - 1] = 0x0d;
  records.forEach((rec, r) => {
    let at = headerLength + r * recordLength;
    bytes[at] = deleted.includes(r) ? 0x2a : 0x20;
    at++;
    fields.forEach((f, i) => {
      const v = rec[i];
      let text = v === null || v === undefined ? '' : typeof v === 'number' ? v.toFixed(f.decimals ?? 0) : v;
      text = (f.type ?? 'N') === 'C' ? text.padEnd(f.length) : text.padStart(f.length);
      for (let k = 0; k < f.length; k++) bytes[at + k] = text.charCodeAt(k) || 0x20;
      at += f.length;
    });
  });
  bytes[bytes.length - 1] = 0x1a;
  return bytes;
}

const T_TAGS = ANNUALITIES_A.map((T) => String(T).padStart(3, '0'));
const HN_FIELDS: FieldSpec[] = T_TAGS.map((t) => ({ name: `HN_${t}A_`, length: 6, decimals: 1 }));

describe('readDbf', () => {
  it('reads fields and records', () => {
    const bytes = writeDbf(
      [{ name: 'INDEX_RC', length: 11 }, { name: 'NAME', type: 'C', length: 8 }, { name: 'HN', length: 6, decimals: 1 }],
      [
        [93049, 'München', 11.8],
        [1, null, -99.9],
        [2, 'x', null],
      ],
      [2],
    );
    const r = readDbf(bytes);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const t = r.table;
    expect(t.recordCount).toBe(3);
    expect(t.fields.map((f) => [f.name, f.type, f.length, f.decimals])).toEqual([
      ['INDEX_RC', 'N', 11, 0],
      ['NAME', 'C', 8, 0],
      ['HN', 'N', 6, 1],
    ]);
    expect(dbfFieldIndex(t, 'hn')).toBe(2);
    expect(dbfFieldIndex(t, 'nope')).toBe(-1);
    expect(dbfNumber(t, 0, 0)).toBe(93049);
    expect(dbfNumber(t, 0, 2)).toBe(11.8);
    expect(dbfNumber(t, 1, 2)).toBe(-99.9);
    expect(dbfNumber(t, 2, 2)).toBeUndefined();
    expect(dbfText(t, 1, 1)).toBe('');
    expect(dbfIsDeleted(t, 2)).toBe(true);
    expect(dbfIsDeleted(t, 0)).toBe(false);
    expect(dbfNumber(t, 5, 0)).toBeUndefined();
  });
  it('parses numbers exactly like Number()', () => {
    const values = [0, 0.1, 11.8, 0.3, 99.9, 123.45, -0.05, 1e9 + 0.7, 4.35, 2.675];
    for (const decimals of [0, 1, 2, 3]) {
      const bytes = writeDbf([{ name: 'V', length: 16, decimals }], values.map((v) => [v]));
      const r = readDbf(bytes);
      if (!r.ok) throw new Error('unreadable');
      values.forEach((v, i) => expect(dbfNumber(r.table, i, 0)).toBe(Number(v.toFixed(decimals))));
    }
  });
  it('gives NaN for text that is not a number, and reads exotic forms', () => {
    const r = readDbf(writeDbf([{ name: 'V', type: 'C', length: 8 }], [['*****'], ['1,5'], ['1e3'], ['+2'], ['-'], ['.']]));
    if (!r.ok) throw new Error('unreadable');
    expect(dbfNumber(r.table, 0, 0)).toBeNaN();
    expect(dbfNumber(r.table, 1, 0)).toBe(1.5);
    expect(dbfNumber(r.table, 2, 0)).toBe(1000);
    expect(dbfNumber(r.table, 3, 0)).toBe(2);
    expect(dbfNumber(r.table, 4, 0)).toBeNaN();
    expect(dbfNumber(r.table, 5, 0)).toBeNaN();
  });
  it('rejects malformed files with INVALID_DATA, never throws', () => {
    const good = writeDbf([{ name: 'A', length: 4 }], [[1], [2]]);
    const cases: Uint8Array[] = [
      new Uint8Array(0),
      new Uint8Array(10),
      good.slice(0, good.length - 6), // records cut off
      (() => {
        const b = good.slice();
        b[32 + 32] = 0x20; // no terminator
        return b;
      })(),
      (() => {
        const b = good.slice();
        new DataView(b.buffer).setUint16(10, 9, true); // record length ≠ fields
        return b;
      })(),
      (() => {
        const b = good.slice();
        new DataView(b.buffer).setUint16(8, 60000, true); // header longer than the file
        return b;
      })(),
      (() => {
        const b = good.slice();
        b[32 + 16] = 0; // zero-length field
        return b;
      })(),
      new Uint8Array(1000).fill(0xff),
    ];
    for (const bytes of cases) {
      const r = readDbf(bytes);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.errors[0]).toMatchObject({ code: 'INVALID_DATA', messageKey: 'rainData.invalidData' });
    }
    expect(readDbf('x' as unknown as Uint8Array).ok).toBe(false);
  });
});

describe('kostraDurationFromFileName', () => {
  it('reads DWD file names of both editions', () => {
    expect(kostraDurationFromFileName('StatRR_KOSTRA-DWD-2010R_D0015.dbf')).toBe(15);
    expect(kostraDurationFromFileName('/data/StatRR_KOSTRA-DWD-2010R_D4320.dbf')).toBe(4320);
    expect(kostraDurationFromFileName('GIS_KOSTRA-DWD-2020_D00005.zip')).toBe(5);
    expect(kostraDurationFromFileName('KOSTRA-DWD-2020_D10080.dbf')).toBe(10080);
    expect(kostraDurationFromFileName('StatRR_KOSTRA-DWD-2010R_grid.shp')).toBeUndefined();
    expect(kostraDurationFromFileName('StatRR_KOSTRA-DWD-2010R_D0007.dbf')).toBeUndefined();
  });
});

describe('readKostraDbf, KOSTRA-DWD-2010R layout', () => {
  const fields: FieldSpec[] = [{ name: 'INDEX_RC', length: 11 }, ...HN_FIELDS];
  it('reads heights, -99.9 = missing, deleted records have no data', () => {
    const bytes = writeDbf(
      fields,
      [
        [0, ...ANNUALITIES_A.map(() => -99.9)],
        [93049, 11.8, 15.1, 17.0, 19.4, 22.7, 26.0, 27.9, 30.3, 32.2],
        [93050, 11.9, 15.2, 17.1, 19.5, 22.8, 26.1, 28.0, 30.4, -99.9],
        [93051, 1, 1, 1, 1, 1, 1, 1, 1, 1],
      ],
      [3],
    );
    const r = readKostraDbf(bytes, 15);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const t = r.table;
    expect(t.durationMin).toBe(15);
    expect(Array.from(t.indexRc)).toEqual([0, 93049, 93050, -1]);
    expect(t.cellsWithData).toBe(2);
    expect(Array.from(t.heightsMm.subarray(9, 18))).toEqual([11.8, 15.1, 17.0, 19.4, 22.7, 26.0, 27.9, 30.3, 32.2]);
    expect(t.heightsMm[2 * 9 + 8]).toBe(0);
    expect(Array.from(t.heightsMm.subarray(0, 9)).every((v) => v === 0)).toBe(true);
    expect(t.uncertaintyPct).toBeUndefined();
  });
  it('throws for a duration off the rain axis (misuse)', () => {
    expect(() => readKostraDbf(writeDbf(fields, []), 7)).toThrow(EngineError);
  });
  it('reports bad values with record and field', () => {
    const bytes = writeDbf(
      [{ name: 'INDEX_RC', type: 'C', length: 8 }, { name: 'HN_001A_', type: 'C', length: 6 }],
      [
        ['1', '5.0'],
        ['x', '5.0'],
        ['3', 'abc'],
      ],
    );
    const r = readKostraDbf(bytes, 5);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors.map((e) => [e.code, e.row, e.field])).toEqual([
      ['INVALID_DATA', 2, 'INDEX_RC'],
      ['INVALID_DATA', 3, 'HN_001A_'],
    ]);
  });
  it('reports missing fields', () => {
    const noIndex = readKostraDbf(writeDbf([{ name: 'ID', length: 5 }, ...HN_FIELDS], [[1, 1, 1, 1, 1, 1, 1, 1, 1, 1]]), 5);
    expect(noIndex.ok === false && noIndex.errors[0]?.field).toBe('INDEX_RC');
    const noValues = readKostraDbf(writeDbf([{ name: 'INDEX_RC', length: 5 }, { name: 'X', length: 3 }], [[1, 2]]), 5);
    expect(noValues.ok === false && noValues.errors[0]?.detail).toMatch(/HN_xxxA_/);
    const notDbf = readKostraDbf(new Uint8Array([1, 2, 3]), 5);
    expect(notDbf.ok).toBe(false);
  });
});

/** Cell 49125 (Sylt) of KOSTRA-DWD-2020: heights (mm) and uncertainties (± %), shared reference data. */
const HN_49125: Record<number, number[]> = {
  5: [6.0, 7.4, 8.2, 9.3, 10.8, 12.4, 13.5, 14.9, 16.9],
  60: [13.5, 16.4, 18.3, 20.7, 24.2, 27.8, 30.2, 33.3, 37.7],
  1440: [32.4, 39.5, 44.0, 49.8, 58.3, 66.9, 72.6, 80.1, 90.7],
  10080: [55.0, 67.2, 74.8, 84.7, 99.0, 113.7, 123.4, 136.0, 154.2],
};
const UC_49125: Record<number, number[]> = {
  5: [16, 17, 18, 19, 20, 20, 21, 21, 22],
  60: [17, 19, 21, 22, 23, 24, 25, 25, 26],
  1440: [18, 17, 18, 18, 18, 18, 19, 19, 19],
  10080: [30, 29, 28, 28, 27, 27, 27, 27, 27],
};

/** A KOSTRA-DWD-2020 GIS table (INDEX_RC zero-padded text, BELEG, HN_, RN_, UC_) for one duration. */
function gis2020Dbf(D: number): Uint8Array {
  const fields: FieldSpec[] = [
    { name: 'INDEX_RC', type: 'C', length: 6 },
    { name: 'BELEG', length: 1 },
    ...HN_FIELDS,
    ...T_TAGS.map((t) => ({ name: `RN_${t}A_`, length: 7, decimals: 1 })),
    ...T_TAGS.map((t) => ({ name: `UC_${t}A_`, length: 3 })),
  ];
  const hn = HN_49125[D] ?? [];
  const rn = hn.map((h) => Math.round((rainYieldFromHeight(h, D) ?? 0) * 10) / 10);
  const uc = UC_49125[D] ?? [];
  return writeDbf(fields, [
    ['000000', 0, ...hn.map(() => -99.9), ...hn.map(() => -99.9), ...hn.map(() => -99.9)],
    ['049125', 1, ...hn, ...rn, ...uc],
    ['049126', 0, ...hn, ...rn, ...uc], // BELEG 0: no data even though values stand there
  ]);
}

function tableOf(D: number): KostraDurationTable {
  const r = readKostraDbf(gis2020Dbf(D), D);
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.table;
}

describe('readKostraDbf, KOSTRA-DWD-2020 layout', () => {
  it('reads heights and uncertainties, honours BELEG, reads padded INDEX_RC', () => {
    const t = tableOf(60);
    expect(Array.from(t.indexRc)).toEqual([0, 49125, 49126]);
    expect(t.cellsWithData).toBe(1);
    expect(Array.from(t.heightsMm.subarray(9, 18))).toEqual(HN_49125[60]);
    expect(Array.from(t.uncertaintyPct?.subarray(9, 18) ?? [])).toEqual(UC_49125[60]);
    expect(Array.from(t.heightsMm.subarray(18, 27)).every((v) => v === 0)).toBe(true);
  });
  it('falls back to RN_ fields when HN_ fields are absent', () => {
    const D = 60;
    const hn = HN_49125[D] ?? [];
    const rn = hn.map((h) => rainYieldFromHeight(h, D) ?? 0);
    const bytes = writeDbf([{ name: 'INDEX_RC', length: 7 }, ...T_TAGS.map((t) => ({ name: `RN_${t}A`, length: 12, decimals: 6 }))], [[49125, ...rn]]);
    const r = readKostraDbf(bytes, D);
    if (!r.ok) throw new Error('unreadable');
    Array.from(r.table.heightsMm).forEach((h, k) => expect(h).toBeCloseTo(hn[k] ?? 0, 5));
  });
});

describe('buildKostra2020Dataset', () => {
  const durations = [5, 60, 1440, 10080];
  const built = buildKostra2020Dataset(durations.map(tableOf));
  it('joins the durations by cell, with uncertainties', () => {
    expect(built.ok).toBe(true);
    if (!built.ok) return;
    const ds = built.dataset;
    expect(Array.from(ds.cells)).toEqual([49125]);
    expect(ds.durationsMin).toEqual(durations);
    const cell = kostra2020DatasetCell(ds, '049125');
    expect(cell).toMatchObject({ row: 49, column: 125, id: '49125' });
    const s = cell!.series;
    expect(s.stamp).toEqual({ edition: 'KOSTRA-DWD-2020', cell: '49125' });
    expect(s.kostraCell).toEqual({ row: 49, column: 125 });
    expect(availableDurations(s, 100)).toEqual(durations);
    expect(rainYield(s, 60, 100)).toBeCloseTo((37.7 * 10000) / 3600, 10);
    expect(rainYield(s, 10080, 1)).toBeCloseTo((55.0 * 10000) / (60 * 10080), 10);
    expect(rainUncertainty(s, 60, 100)).toBe(26);
    expect(rainUncertainty(s, 10080, 1)).toBe(30);
    expect(rainUncertainty(s, 15, 1)).toBeUndefined();
    expect(kostra2020DatasetCell(ds, 49126)).toBeUndefined();
    expect(kostra2020DatasetCell(ds, 'junk')).toBeUndefined();
  });
  it('finds the cell by position (Sylt, 55.069 N 8.537 E) and nothing at sea or abroad', () => {
    if (!built.ok) throw new Error('not built');
    expect(kostra2020DatasetLookup(built.dataset, 55.069, 8.537)?.id).toBe('49125');
    expect(kostra2020DatasetLookup(built.dataset, 51.44617, 7.020153)).toBeUndefined();
    expect(kostra2020DatasetLookup(built.dataset, 41.9, 12.5)).toBeUndefined();
  });
  it('says why a position has no series: a cell of the grid without data (Essen: 129102, named), or outside the grid', () => {
    if (!built.ok) throw new Error('not built');
    expect(kostra2020DatasetLocate(built.dataset, 55.069, 8.537)).toMatchObject({ ok: true, cell: { id: '49125' } });
    expect(kostra2020DatasetLocate(built.dataset, 51.44617, 7.020153)).toEqual({
      ok: false,
      code: 'CELL_WITHOUT_DATA',
      messageKey: 'rainData.cellWithoutData',
      edition: 'KOSTRA-DWD-2020',
      cell: { row: 129, column: 102, indexRc: 129102, id: '129102' },
      detail: 'the position lies in cell 129102 (row 129, column 102) of the KOSTRA-DWD-2020 grid, which has no data',
    });
    expect(kostra2020DatasetLocate(built.dataset, 41.9, 12.5)).toMatchObject({ ok: false, code: 'OUTSIDE_GRID', messageKey: 'rainData.outsideGrid', edition: 'KOSTRA-DWD-2020' });
    expect(kostra2020DatasetLocate(built.dataset, Number.NaN, 8)).toMatchObject({ ok: false, code: 'OUTSIDE_GRID' });
  });
  it('rejects a duration given twice and a cell listed twice', () => {
    const twice = buildKostra2020Dataset([tableOf(5), tableOf(5)]);
    expect(twice.ok === false && twice.errors[0]?.detail).toMatch(/twice/);
    const t = tableOf(5);
    const dup = { ...t, indexRc: Int32Array.from([49125, 49125, 1]) };
    const dupCell = buildKostra2020Dataset([dup]);
    expect(dupCell.ok === false && dupCell.errors[0]).toMatchObject({ code: 'INVALID_DATA', row: 2 });
  });
  it('covers every duration of the rain axis', () => {
    expect(RAIN_DURATIONS_MIN.every((D) => readKostraDbf(gis2020Dbf(D), D).ok)).toBe(true);
  });
});
