/**
 * Reader of DWD's per-duration KOSTRA attribute tables (`.dbf`), both editions:
 *
 * - KOSTRA-DWD-2010R `StatRR_KOSTRA-DWD-2010R_Dxxxx.dbf`: `INDEX_RC`, `HN_001A_` … `HN_100A_`
 *   (rain height hN in mm, one decimal), `-99.9` = no data (DWD data set description 2010R).
 * - KOSTRA-DWD-2020 GIS files per duration: `INDEX_RC`, `BELEG` (1 = cell carries data),
 *   `HN_xxxA_` (mm), `RN_xxxA_` (rain yield, l/(s·ha)) and `UC_xxxA_` (uncertainty, ± percent)
 *   for xxx = 001 … 100 (field names as read by dimfalk/kostra2020, R/data.R and
 *   data-raw/kostra_dwd_2020.R).
 *
 * Fields are found by name (trailing `_` optional, any case); other fields are ignored.
 * Source of the layout: docs/calculation-reference.md section 1.
 */
import { EngineError } from '../errors.ts';
import { ANNUALITIES_A, RAIN_DURATIONS_MIN, type RainDurationMin } from '../tables/rain.ts';
import { dbfFieldIndex, dbfIsDeleted, dbfNumber, dbfText, readDbf, type DbfTable } from './dbf.ts';
import { MAX_RAIN_DATA_ERRORS, rainDataError, type RainDataError } from './errors.ts';
import { parseIndexRc } from './indexRc.ts';

/**
 * One duration of a KOSTRA dataset, record by record in file order (the order of the
 * shapefile's polygons). Plain data.
 */
export interface KostraDurationTable {
  readonly durationMin: RainDurationMin;
  readonly recordCount: number;
  /** INDEX_RC of each record; -1 for a deleted record. */
  readonly indexRc: Int32Array;
  /** hN in mm, `recordCount × 9` (record-major, annualities in ANNUALITIES_A order); 0 = missing. */
  readonly heightsMm: Float64Array;
  /** Uncertainty in ± percent, same layout; present when the file has `UC_` fields (2020). */
  readonly uncertaintyPct?: Float64Array;
  /** Records with at least one height. */
  readonly cellsWithData: number;
}

/** What {@link readKostraDbf} returns. */
export type KostraDbfResult =
  | { readonly ok: true; readonly table: KostraDurationTable }
  | { readonly ok: false; readonly errors: readonly RainDataError[] };

const FIELD = /^(HN|RN|UC)_(\d{3})A_?$/i;

/**
 * The duration of a DWD KOSTRA file from its name: `StatRR_KOSTRA-DWD-2010R_D0015.dbf` → 15,
 * `GIS_KOSTRA-DWD-2020_D00005.zip` → 5.
 *
 * @returns the duration in min, or `undefined` when the name holds none on the rain axis
 */
export function kostraDurationFromFileName(fileName: string): RainDurationMin | undefined {
  const m = /(?:^|[^A-Za-z0-9])D(\d{4,5})(?=[^0-9]|$)/i.exec(fileName.replace(/^.*[\\/]/, ''));
  if (m === null) return undefined;
  const d = Number(m[1]);
  return (RAIN_DURATIONS_MIN as readonly number[]).includes(d) ? (d as RainDurationMin) : undefined;
}

/**
 * Reads one per-duration KOSTRA `.dbf`. Heights come from `HN_` fields, or from `RN_` fields
 * (`hN = r · 60 · D / 10000`) where a height field is absent. Negative values (DWD's `-99.9`),
 * blank values and records with `BELEG` ≠ 1 are missing (0).
 *
 * @param bytes the `.dbf` file
 * @param durationMin the file's duration (e.g. from {@link kostraDurationFromFileName})
 * @returns the table, or `INVALID_DATA` errors (`row` = 1-based record, `field` = attribute)
 * @throws EngineError `INVALID_ARGUMENT` when `durationMin` is not on the rain axis
 */
export function readKostraDbf(bytes: Uint8Array, durationMin: number): KostraDbfResult {
  if (!(RAIN_DURATIONS_MIN as readonly number[]).includes(durationMin)) {
    throw new EngineError('INVALID_ARGUMENT', `duration ${durationMin} min is not on the rain axis`, { durationMin });
  }
  const D = durationMin as RainDurationMin;
  const read = readDbf(bytes);
  if (!read.ok) return read;
  const table = read.table;

  const indexField = dbfFieldIndex(table, 'INDEX_RC');
  const belegField = dbfFieldIndex(table, 'BELEG');
  const hn = ANNUALITIES_A.map(() => -1);
  const rn = ANNUALITIES_A.map(() => -1);
  const uc = ANNUALITIES_A.map(() => -1);
  table.fields.forEach((f, i) => {
    const m = FIELD.exec(f.name);
    if (m === null) return;
    const t = (ANNUALITIES_A as readonly number[]).indexOf(Number(m[2]));
    if (t < 0) return;
    const kind = (m[1] ?? '').toUpperCase();
    (kind === 'HN' ? hn : kind === 'RN' ? rn : uc)[t] = i;
  });
  const errors: RainDataError[] = [];
  if (indexField < 0) errors.push(rainDataError('INVALID_DATA', 'the table has no INDEX_RC field', { field: 'INDEX_RC' }));
  if (hn.every((i) => i < 0) && rn.every((i) => i < 0)) {
    errors.push(rainDataError('INVALID_DATA', 'the table has no HN_xxxA_ or RN_xxxA_ fields', { field: 'HN_001A_' }));
  }
  if (errors.length > 0) return { ok: false, errors };

  const n = table.recordCount;
  const nt = ANNUALITIES_A.length;
  const indexRc = new Int32Array(n).fill(-1);
  const heights = new Float64Array(n * nt);
  const hasUc = uc.some((i) => i >= 0);
  const uncertainty = hasUc ? new Float64Array(n * nt) : undefined;
  let cellsWithData = 0;

  const value = (record: number, fieldIndex: number): number | 'bad' => {
    const v = dbfNumber(table, record, fieldIndex);
    if (v === undefined) return 0;
    if (Number.isNaN(v)) return 'bad';
    return v > 0 ? v : 0;
  };
  const bad = (record: number, fieldIndex: number) =>
    errors.push(
      rainDataError('INVALID_DATA', `"${dbfText(table, record, fieldIndex)}" is not a number`, {
        row: record + 1,
        field: table.fields[fieldIndex]?.name,
      }),
    );

  for (let r = 0; r < n && errors.length < MAX_RAIN_DATA_ERRORS; r++) {
    if (dbfIsDeleted(table, r)) continue;
    const id = readIndexRc(table, r, indexField);
    if (id === undefined) {
      errors.push(rainDataError('INVALID_DATA', `INDEX_RC "${dbfText(table, r, indexField)}" is not a cell id`, { row: r + 1, field: 'INDEX_RC' }));
      continue;
    }
    indexRc[r] = id;
    if (belegField >= 0 && dbfNumber(table, r, belegField) !== 1) continue;
    let any = false;
    for (let t = 0; t < nt; t++) {
      let h = 0;
      const hi = hn[t] ?? -1;
      const ri = rn[t] ?? -1;
      if (hi >= 0) {
        const v = value(r, hi);
        if (v === 'bad') {
          bad(r, hi);
          continue;
        }
        h = v;
      } else if (ri >= 0) {
        const v = value(r, ri);
        if (v === 'bad') {
          bad(r, ri);
          continue;
        }
        h = (v * 60 * D) / 10000;
      }
      heights[r * nt + t] = h;
      if (h > 0) any = true;
      const ui = uc[t] ?? -1;
      if (uncertainty !== undefined && ui >= 0) {
        const u = value(r, ui);
        if (u === 'bad') bad(r, ui);
        else uncertainty[r * nt + t] = h > 0 ? u : 0;
      }
    }
    if (any) cellsWithData++;
  }
  if (errors.length > 0) return { ok: false, errors };
  return {
    ok: true,
    table: { durationMin: D, recordCount: n, indexRc, heightsMm: heights, ...(uncertainty === undefined ? {} : { uncertaintyPct: uncertainty }), cellsWithData },
  };
}

function readIndexRc(table: DbfTable, record: number, field: number): number | undefined {
  const type = table.fields[field]?.type.toUpperCase();
  if (type === 'N' || type === 'F') {
    const v = dbfNumber(table, record, field);
    return v === undefined || !Number.isFinite(v) ? undefined : parseIndexRc(v)?.indexRc;
  }
  return parseIndexRc(dbfText(table, record, field))?.indexRc;
}
