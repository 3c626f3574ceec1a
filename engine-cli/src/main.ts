import { ENGINE_VERSION, SCHEMA_VERSION } from '@rainplan/engine';
import { MAIN_HELP, commandNamed } from './commands/registry.ts';
import { EXIT, type ExitCode } from './exitCodes.ts';
import { UserError, write, writeLines, type CliIo } from './io.ts';
import { CLI_VERSION } from './version.ts';

export type { CliIo } from './io.ts';

/** `rainplan <cli version> (engine <ENGINE_VERSION>, project schema <SCHEMA_VERSION>)` */
export function versionLine(): string {
  return `rainplan ${CLI_VERSION} (engine ${ENGINE_VERSION}, project schema ${SCHEMA_VERSION})`;
}

/**
 * Runs the `rainplan` command line and resolves to its exit code (see docs/cli.md). Never throws:
 * user errors print one line to stderr (exit 2); unexpected errors print a one-line message
 * (exit 70; the stack only with RAINPLAN_DEBUG=1).
 */
export async function main(argv: string[], io: CliIo): Promise<number> {
  guardStdout(io);
  try {
    return await dispatch(argv, io);
  } catch (e) {
    if (e instanceof UserError) {
      const lines = [`rainplan: ${e.message}`];
      if (e.usageHint !== undefined) lines.push(`Run 'rainplan ${e.usageHint === '' ? '' : `${e.usageHint} `}--help' for usage.`);
      writeLines(io.stderr, lines);
      return e.exitCode;
    }
    const message = e instanceof Error ? e.message.split('\n')[0] : String(e);
    writeLines(io.stderr, [`rainplan: internal error: ${message}`]);
    if (process.env['RAINPLAN_DEBUG'] && e instanceof Error && e.stack !== undefined) writeLines(io.stderr, [e.stack]);
    return EXIT.INTERNAL;
  }
}

const guarded = new WeakSet<NodeJS.WritableStream>();

/**
 * `rainplan evaluate -f json x | head`: the reader closing the pipe is not an error of ours, and
 * must not end in an uncaught EPIPE stack trace. The listener stays (the error may arrive after
 * main returns), once per stream.
 */
function guardStdout(io: CliIo): void {
  if (guarded.has(io.stdout)) return;
  guarded.add(io.stdout);
  io.stdout.on('error', (e: unknown) => {
    if ((e as { code?: unknown } | null)?.code !== 'EPIPE') io.stderr.write(`rainplan: cannot write output: ${e instanceof Error ? e.message : String(e)}\n`);
  });
}

async function dispatch(argv: readonly string[], io: CliIo): Promise<ExitCode> {
  const [first, ...rest] = argv;
  if (first === undefined) {
    writeLines(io.stderr, ['rainplan: missing command']);
    write(io.stderr, MAIN_HELP);
    return EXIT.USAGE;
  }
  if (first === '-h' || first === '--help') {
    write(io.stdout, MAIN_HELP);
    return EXIT.OK;
  }
  if (first === '-V' || first === '-v' || first === '--version') {
    writeLines(io.stdout, [versionLine()]);
    return EXIT.OK;
  }
  if (first === 'help') {
    if (rest.length === 0) {
      write(io.stdout, MAIN_HELP);
      return EXIT.OK;
    }
    const [topic, ...extra] = rest;
    const command = extra.length > 0 || topic === undefined ? undefined : commandNamed(topic);
    if (command === undefined) {
      throw new UserError(`help: unknown command ${JSON.stringify(rest.join(' '))}`, { usageHint: '' });
    }
    write(io.stdout, command.help);
    return EXIT.OK;
  }
  if (first.startsWith('-')) throw new UserError(`unknown option ${JSON.stringify(first)}`, { usageHint: '' });
  const command = commandNamed(first);
  if (command === undefined) throw new UserError(`unknown command ${JSON.stringify(first)}`, { usageHint: '' });
  return command.run(rest, io);
}
