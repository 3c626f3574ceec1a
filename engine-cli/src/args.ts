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
