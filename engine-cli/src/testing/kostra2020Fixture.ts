/**
 * Writes the small KOSTRA-DWD-2020 test directories of fixtures/rain/ (see its README):
 *
 * - `kostra-dwd-2020-gis/`: 22 per-duration GIS attribute tables shaped like DWD's
 *   (`StatRR_KOSTRA-DWD-2020_Dxxxxx.dbf`, fields INDEX_RC (zero-padded text), BELEG, HN_xxxA_,
 *   UC_xxxA_), with the published values of cell 49125 (../shared/data/kostra-dwd-2020-reference)
 *   and a neighbour 49126 without data (BELEG 0, -99.9);
 * - `kostra-dwd-2020-parameters/Parameter_KOSTRA-DWD-2020.csv`: DWD's parameter table layout with
 *   cell 117111 (parameters as published by dimfalk/kostra2020) and 117112 without data (-99,9).
 *
 * Run by kostra2020Fixture.test.ts: it compares the committed files with these bytes, and
 * rewrites them when UPDATE_FIXTURES=1.
 */
import { ANNUALITIES_A, RAIN_DURATIONS_MIN } from '@rainplan/engine/tables';

export interface DbfField {
  readonly name: string;
  readonly type: 'C' | 'N';
  readonly length: number;
  readonly decimals: number;
}

/** A dBase III table (header, field descriptors, 0x0D, records, 0x1A) with a fixed date. */
export function writeDbf(fields: readonly DbfField[], records: readonly (readonly (string | number)[])[]): Uint8Array {
  const headerLength = 32 + 32 * fields.length + 1;
  const recordLength = 1 + fields.reduce((s, f) => s + f.length, 0);
  const bytes = new Uint8Array(headerLength + recordLength * records.length + 1);
  const view = new DataView(bytes.buffer);
  bytes[0] = 0x03;
  bytes[1] = 126; // 2026
  bytes[2] = 1;
  bytes[3] = 1;
  view.setUint32(4, records.length, true);
  view.setUint16(8, headerLength, true);
  view.setUint16(10, recordLength, true);
  fields.forEach((f, i) => {
    const at = 32 + 32 * i;
    for (let c = 0; c < f.name.length; c++) bytes[at + c] = f.name.charCodeAt(c);
    bytes[at + 11] = f.type.charCodeAt(0);
    bytes[at + 16] = f.length;
    bytes[at + 17] = f.decimals;
  });
  bytes[headerLength - 1] = 0x0d;
  records.forEach((record, r) => {
    let at = headerLength + r * recordLength;
    bytes[at++] = 0x20;
    fields.forEach((f, i) => {
      const v = record[i]!;
      const text = typeof v === 'number' ? v.toFixed(f.decimals).padStart(f.length) : v.padEnd(f.length);
      for (let c = 0; c < f.length; c++) bytes[at + c] = text.charCodeAt(c);
      at += f.length;
    });
  });
  bytes[bytes.length - 1] = 0x1a;
  return bytes;
}

/** Rows `D_min;v1;…;v9` of the reference CSVs (comment line and header skipped). */
export function readReferenceCsv(text: string): Map<number, number[]> {
  const rows = new Map<number, number[]>();
  for (const line of text.split(/\r?\n/)) {
    if (!/^\d/.test(line)) continue;
    const [d, ...values] = line.split(';').map(Number);
    rows.set(d!, values);
  }
  return rows;
}

const tag = (T: number) => String(T).padStart(3, '0');

/** The GIS directory: file name → bytes. */
export function kostra2020GisFiles(heights: Map<number, number[]>, uncertainties: Map<number, number[]>): Map<string, Uint8Array> {
  const fields: DbfField[] = [
    { name: 'INDEX_RC', type: 'C', length: 6, decimals: 0 },
    { name: 'BELEG', type: 'N', length: 1, decimals: 0 },
    ...ANNUALITIES_A.map((T): DbfField => ({ name: `HN_${tag(T)}A_`, type: 'N', length: 6, decimals: 1 })),
    ...ANNUALITIES_A.map((T): DbfField => ({ name: `UC_${tag(T)}A_`, type: 'N', length: 5, decimals: 0 })),
  ];
  const files = new Map<string, Uint8Array>();
  for (const D of RAIN_DURATIONS_MIN) {
    const hn = heights.get(D);
    const uc = uncertainties.get(D);
    if (hn === undefined || uc === undefined) throw new Error(`reference has no duration ${D}`);
    const noData = ANNUALITIES_A.map(() => -99.9);
    files.set(`StatRR_KOSTRA-DWD-2020_D${String(D).padStart(5, '0')}.dbf`, writeDbf(fields, [
      ['049125', 1, ...hn, ...uc],
      ['049126', 0, ...noData, ...noData],
    ]));
  }
  return files;
}

/** The parameter table (DWD layout: `;`, decimal comma, -99,9 = missing). */
export function kostra2020ParameterCsv(): string {
  const comma = (x: number) => String(x).replace('.', ',');
  return [
    'INDEX_RC;LOCAL_XI;SCALE_ALPHA;SHAPE_KAPPA;KOUT_1_THETA;KOUT_2_ETA',
    ['117111', 15.1, 5.45, -0.1, 0.0185, 0.752].map((v) => (typeof v === 'number' ? comma(v) : v)).join(';'),
    '117112;-99,9;-99,9;-99,9;-99,9;-99,9',
    '',
  ].join('\r\n');
}
