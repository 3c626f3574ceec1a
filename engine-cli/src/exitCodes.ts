/** Exit codes of the `rainplan` command (documented in docs/cli.md). */
export const EXIT = {
  /** Success: the project has no error-severity issues, or every fixture matches. */
  OK: 0,
  /** The project has error-severity issues (evaluate, validate) or fixtures differ (verify). */
  FAILED: 1,
  /** Usage error or unreadable input: unknown command/option, missing file, invalid JSON, schema errors. */
  USAGE: 2,
  /**
   * The position lies inside the KOSTRA grid, in a cell the rain data files hold no data for
   * (rain lookup, evaluate --rain-data); the message names the cell (decision 0176).
   */
  CELL_WITHOUT_DATA: 3,
  /** Unexpected internal error (a bug in rainplan; EX_SOFTWARE of sysexits.h). */
  INTERNAL: 70,
} as const;
export type ExitCode = (typeof EXIT)[keyof typeof EXIT];
