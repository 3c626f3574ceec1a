/**
 * KOSTRA cell ids. DWD numbers the cells of both KOSTRA grids as `INDEX_RC = row · 1000 + column`
 * (row 0 in the north, column 0 in the west), written without leading zeros in some files
 * (`49125`) and zero-padded to 6 digits in others (`049125`). Source: docs/calculation-reference.md section 1;
 * DWD, KOSTRA-DWD-2010R data set description ("line number multiplied by 1000 plus column number").
 */

/** A KOSTRA grid cell: its row, column, numeric INDEX_RC and the canonical id (INDEX_RC without leading zeros). */
export interface KostraCellRef {
  readonly row: number;
  readonly column: number;
  readonly indexRc: number;
  readonly id: string;
}

/** The cell of row and column (both integers ≥ 0, column < 1000), or `undefined`. */
export function kostraCellRef(row: number, column: number): KostraCellRef | undefined {
  if (!Number.isInteger(row) || !Number.isInteger(column) || row < 0 || column < 0 || column >= 1000 || row >= 1000) return undefined;
  const indexRc = row * 1000 + column;
  return { row, column, indexRc, id: String(indexRc) };
}

/**
 * Reads an INDEX_RC, padded or not: `"049125"`, `"49125"`, `" 49125 "` and `49125` all give row 49,
 * column 125.
 *
 * @returns the cell, or `undefined` for anything that is not a non-negative integer of at most 6 digits
 */
export function parseIndexRc(value: string | number): KostraCellRef | undefined {
  let n: number;
  if (typeof value === 'number') {
    n = value;
  } else if (typeof value === 'string') {
    const text = value.trim();
    if (!/^\d{1,6}$/.test(text)) return undefined;
    n = Number(text);
  } else {
    return undefined;
  }
  if (!Number.isInteger(n) || n < 0 || n > 999_999) return undefined;
  return kostraCellRef(Math.floor(n / 1000), n % 1000);
}

/**
 * Writes an INDEX_RC: `formatIndexRc(49, 125)` → `"49125"`, with `{ padded: true }` → `"049125"`.
 */
export function formatIndexRc(row: number, column: number, options: { readonly padded?: boolean } = {}): string {
  const text = String(row * 1000 + column);
  return options.padded === true ? text.padStart(6, '0') : text;
}
