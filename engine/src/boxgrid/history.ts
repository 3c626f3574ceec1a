/**
 * Undo / redo over any immutable state (the box grid): a bounded history of earlier states.
 * Grids share unchanged layers, so keeping 100 states costs little. Pure: every function returns
 * a new history.
 *
 * ```ts
 * let h = createHistory(grid);
 * h = record(h, place(h.present, lookup, input).grid);
 * h = undo(h).history; // h.present is the grid before the placement (Ctrl+Z)
 * h = redo(h).history; // and back (Ctrl+Y)
 * ```
 */
import { gridNotice, type GridNotice } from './messages.ts';

/** Default number of undo steps kept. */
export const DEFAULT_HISTORY_LIMIT = 100;

export interface History<T> {
  readonly past: readonly T[];
  readonly present: T;
  readonly future: readonly T[];
  readonly limit: number;
}

export function createHistory<T>(present: T, limit: number = DEFAULT_HISTORY_LIMIT): History<T> {
  return { past: [], present, future: [], limit: Math.max(1, Math.floor(Number.isFinite(limit) ? limit : DEFAULT_HISTORY_LIMIT)) };
}

/** Record a new present (after an operation); clears the redo list. A state identical to the present is not recorded. */
export function record<T>(history: History<T>, next: T): History<T> {
  if (next === history.present) return history;
  const past = [...history.past, history.present];
  if (past.length > history.limit) past.splice(0, past.length - history.limit);
  return { past, present: next, future: [], limit: history.limit };
}

export function canUndo(history: History<unknown>): boolean {
  return history.past.length > 0;
}
export function canRedo(history: History<unknown>): boolean {
  return history.future.length > 0;
}

/** Step back (Ctrl+Z); refused with NOTHING_TO_UNDO when the history is empty. */
export function undo<T>(history: History<T>): { history: History<T>; refused?: GridNotice } {
  if (history.past.length === 0) return { history, refused: gridNotice('NOTHING_TO_UNDO') };
  const previous = history.past[history.past.length - 1] as T;
  return { history: { past: history.past.slice(0, -1), present: previous, future: [history.present, ...history.future], limit: history.limit } };
}

/** Step forward again (Ctrl+Y); refused with NOTHING_TO_REDO when nothing was undone. */
export function redo<T>(history: History<T>): { history: History<T>; refused?: GridNotice } {
  if (history.future.length === 0) return { history, refused: gridNotice('NOTHING_TO_REDO') };
  const [next, ...rest] = history.future as [T, ...T[]];
  return { history: { past: [...history.past, history.present], present: next, future: rest, limit: history.limit } };
}
