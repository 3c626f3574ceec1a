/**
 * The one shape of a problem in the user's data, returned as a value and never thrown: a stable
 * `code`, its `severity`, the `messageKey` the apps translate and, where the message has
 * placeholders, `params`. Each kind of problem adds where it sits (a node and field, a JSON
 * path, a row and column, an ordinal number): `Issue`, `ParseError`, `RainDataError`,
 * `SurfaceTemplateError` / `SurfaceTemplateWarning`, `CatalogueError`, `BillIssue`, `GaebIssue`,
 * `BrandingError` and the box grid's `GridMessage` all extend `Problem`.
 *
 * Every kind keeps its message keys in one table keyed by code, typed `MessageKeys<Code>`: a new
 * code without a message key does not compile. `assertNever` closes a `switch` over codes the
 * same way.
 */
import { EngineError } from './errors.ts';

/**
 * How much a problem weighs: `error` (the data cannot be used so), `warning` (it can, but should be
 * looked at) or `info` (a notice, nothing wrong: the box grid's nothing to undo / redo and its empty
 * configuration). A kind whose problems are never notices narrows `severity` (`Issue`:
 * `error` | `warning`).
 */
export type ProblemSeverity = 'error' | 'warning' | 'info';

/** The values that fill a message's placeholders. */
export type ProblemParams = Readonly<Record<string, string | number>>;

/** What every problem in the user's data carries. */
export interface Problem<Code extends string = string> {
  readonly code: Code;
  readonly severity: ProblemSeverity;
  /** The key the apps translate (never translated here). */
  readonly messageKey: string;
  /** Fill the message's placeholders. */
  readonly params?: ProblemParams;
}

/**
 * The message key of each code of a kind of problem. Written `{ … } as const satisfies
 * MessageKeys<Code>`, the table must name every code and no other.
 */
export type MessageKeys<Code extends string> = { readonly [C in Code]: string };

/**
 * Closes a `switch` (or `if` chain) over a union: the call compiles only where every member was
 * handled, so a new code or kind that is not handled fails to compile. Reached at run time only
 * with a value outside the type (data from elsewhere): throws `EngineError` `INVALID_ARGUMENT`.
 *
 * @example
 * const symbol = (severity: ProblemSeverity): string => {
 *   switch (severity) {
 *     case 'error':
 *       return '✗';
 *     case 'warning':
 *       return '!';
 *     case 'info':
 *       return 'i';
 *     default:
 *       return assertNever(severity);
 *   }
 * };
 * symbol('warning');
 */
export function assertNever(value: never, what = 'value'): never {
  throw new EngineError('INVALID_ARGUMENT', `unexpected ${what}: ${JSON.stringify(value)}`, { value: String(value) });
}
