import { parseArgs, type ParseArgsConfig } from 'node:util';
import { UserError } from './io.ts';

type Options = NonNullable<ParseArgsConfig['options']>;

export interface ParsedArgs {
  readonly values: Record<string, string | boolean | undefined>;
  readonly positionals: readonly string[];
}

/**
 * Parses a command's arguments strictly (unknown options are usage errors). A lone `-` is a
 * positional (stdin); `--` ends the options.
 */
export function parseCommandArgs(command: string, args: readonly string[], options: Options): ParsedArgs {
  try {
    const { values, positionals } = parseArgs({ args: [...args], options, allowPositionals: true, strict: true });
    return { values: values as Record<string, string | boolean | undefined>, positionals };
  } catch (e) {
    // node:util messages are long ("Unknown option '--x'. To specify a positional …"): keep the first sentence.
    const message = e instanceof Error ? (e.message.split(/\.\s/)[0] ?? e.message) : String(e);
    throw new UserError(`${command}: ${message}`, { usageHint: command });
  }
}

export type OutputFormat = 'json' | 'table';

/** The value of `--format`: `table` (default) or `json`. */
export function outputFormat(command: string, value: string | boolean | undefined): OutputFormat {
  if (value === undefined) return 'table';
  if (value === 'json' || value === 'table') return value;
  throw new UserError(`${command}: invalid --format ${JSON.stringify(value)} (expected json or table)`, { usageHint: command });
}

/** Exactly one positional argument, named `what` in the error message. */
export function singlePositional(command: string, positionals: readonly string[], what: string): string {
  if (positionals.length === 0) throw new UserError(`${command}: missing ${what}`, { usageHint: command });
  if (positionals.length > 1) {
    throw new UserError(`${command}: expected one ${what}, got ${positionals.length} (${positionals.map((p) => JSON.stringify(p)).join(' ')})`, {
      usageHint: command,
    });
  }
  return positionals[0]!;
}

/**
 * A document's `--date`: `YYYY-MM-DD`, a real calendar day (as UTC midnight), default today (UTC);
 * anything else is a UserError of `command`.
 */
export function documentDate(command: string, value: unknown, now: Date = new Date()): Date {
  if (value === undefined) return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const match = typeof value === 'string' ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null;
  const date = match === null ? undefined : new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  if (date === undefined || date.toISOString().slice(0, 10) !== value) {
    throw new UserError(`${command}: invalid --date ${JSON.stringify(value)} (expected a day as YYYY-MM-DD)`, { usageHint: command });
  }
  return date;
}
