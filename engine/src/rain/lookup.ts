/**
 * The answer of a KOSTRA lookup by position: the cell with its series, or why there is none —
 * the position lies outside the edition's grid (`OUTSIDE_GRID`), or inside it in a cell the data
 * hold no values for (`CELL_WITHOUT_DATA`: sea, abroad, or a dataset that covers only part of
 * the grid), naming that cell. Returned as values, never thrown (decision 0176).
 */
import type { KostraCellRef } from './indexRc.ts';

export type KostraEdition = 'KOSTRA-DWD-2020' | 'KOSTRA-DWD-2010R';

/** Stable codes of a lookup that found no series. */
export const KOSTRA_LOOKUP_MISS_CODES = ['OUTSIDE_GRID', 'CELL_WITHOUT_DATA'] as const;
export type KostraLookupMissCode = (typeof KOSTRA_LOOKUP_MISS_CODES)[number];

/** Message key of each code (translated by the apps, never here). */
export const KOSTRA_LOOKUP_MISS_MESSAGE_KEYS = {
  OUTSIDE_GRID: 'rainData.outsideGrid',
  CELL_WITHOUT_DATA: 'rainData.cellWithoutData',
} as const satisfies Record<KostraLookupMissCode, string>;

/** No series at the position. `detail` is an English explanation for logs and the CLI. */
export type KostraLookupMiss =
  | { readonly ok: false; readonly code: 'OUTSIDE_GRID'; readonly messageKey: 'rainData.outsideGrid'; readonly edition: KostraEdition; readonly detail: string }
  | {
      readonly ok: false;
      readonly code: 'CELL_WITHOUT_DATA';
      readonly messageKey: 'rainData.cellWithoutData';
      readonly edition: KostraEdition;
      /** The grid cell that contains the position. */
      readonly cell: KostraCellRef;
      readonly detail: string;
    };

/** What a lookup by position returns. */
export type KostraLookupResult<C> = { readonly ok: true; readonly cell: C } | KostraLookupMiss;

/**
 * The miss of a lookup: `CELL_WITHOUT_DATA` for a cell of the grid, `OUTSIDE_GRID` without one.
 *
 * @example
 * kostraLookupMiss('KOSTRA-DWD-2010R', kostraCellRef(52, 1)).detail;
 * // "the position lies in cell 52001 (row 52, column 1) of the KOSTRA-DWD-2010R grid, which has no data"
 */
export function kostraLookupMiss(edition: KostraEdition, cell?: KostraCellRef): KostraLookupMiss {
  if (cell === undefined) {
    return { ok: false, code: 'OUTSIDE_GRID', messageKey: KOSTRA_LOOKUP_MISS_MESSAGE_KEYS.OUTSIDE_GRID, edition, detail: `the position lies outside the ${edition} grid` };
  }
  return {
    ok: false,
    code: 'CELL_WITHOUT_DATA',
    messageKey: KOSTRA_LOOKUP_MISS_MESSAGE_KEYS.CELL_WITHOUT_DATA,
    edition,
    cell,
    detail: `the position lies in cell ${cell.id} (row ${cell.row}, column ${cell.column}) of the ${edition} grid, which has no data`,
  };
}
