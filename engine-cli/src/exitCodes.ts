/** Exit codes of the `rainplan` command (documented in docs/cli.md). */
export const EXIT = {
  /** Success: the project has no error-severity issues, or every fixture matches. */
  OK: 0,
  /** The project has error-severity issues (evaluate, validate) or fixtures differ (verify). */
  FAILED: 1,
  /** Usage error or unreadable input: unknown command/option, missing file, invalid JSON, schema errors. */
  USAGE: 2,
  /** Unexpected internal error (a bug in rainplan; EX_SOFTWARE of sysexits.h). */
  INTERNAL: 70,
} as const;
export type ExitCode = (typeof EXIT)[keyof typeof EXIT];
