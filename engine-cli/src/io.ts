import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { EXIT, type ExitCode } from './exitCodes.ts';

/** The process streams and working directory `main` runs with (in-memory streams in tests). */
export interface CliIo {
  readonly stdout: NodeJS.WritableStream;
  readonly stderr: NodeJS.WritableStream;
  readonly stdin: NodeJS.ReadableStream;
  readonly cwd: string;
}

/**
 * A problem caused by the user (bad arguments, unreadable input). Reported as one line on stderr,
 * never with a stack trace, and mapped to its exit code.
 */
export class UserError extends Error {
  override readonly name = 'UserError';
  readonly exitCode: ExitCode;
  /** Print the "Run 'rainplan … --help'" hint after the message. */
  readonly usageHint: string | undefined;

  constructor(message: string, options: { exitCode?: ExitCode; usageHint?: string } = {}) {
    super(message);
    this.exitCode = options.exitCode ?? EXIT.USAGE;
    this.usageHint = options.usageHint;
  }
}

/** The name a user-given input is shown by in messages. */
export function displayName(file: string): string {
  return file === '-' ? '<stdin>' : file;
}

/** Reads a whole input as UTF-8 text: a file (relative to `io.cwd`) or stdin for `-`. */
export async function readInput(file: string, io: CliIo): Promise<string> {
  let text: string;
  if (file === '-') {
    text = await readStream(io.stdin);
  } else {
    try {
      text = await readFile(path.resolve(io.cwd, file), 'utf8');
    } catch (e) {
      throw new UserError(`cannot read ${file}: ${describeFsError(e)}`);
    }
  }
  // A byte order mark is not JSON; editors on some systems write one.
  return text.startsWith('\uFEFF') ? text.slice(1) : text;
}

async function readStream(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : Buffer.from(chunk));
  } catch (e) {
    throw new UserError(`cannot read <stdin>: ${describeFsError(e)}`);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** A short human description of a file system error (no stack, no errno numbers). */
export function describeFsError(e: unknown): string {
  const code = (e as { code?: unknown } | null)?.code;
  switch (code) {
    case 'ENOENT':
      return 'no such file or directory';
    case 'EISDIR':
      return 'is a directory';
    case 'ENOTDIR':
      return 'not a directory';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    default:
      return e instanceof Error ? e.message : String(e);
  }
}

/**
 * Writes a command's document to `output` (a path relative to the working directory) or, when no
 * `--output` was given, to stdout; a file that cannot be written is a UserError naming `command`.
 */
export async function writeOutput(command: string, data: string | Uint8Array, output: unknown, io: CliIo): Promise<void> {
  if (typeof output !== 'string') {
    if (typeof data === 'string') write(io.stdout, data);
    else io.stdout.write(data);
    return;
  }
  try {
    await writeFile(path.resolve(io.cwd, output), data);
  } catch (e) {
    throw new UserError(`${command}: cannot write ${output}: ${describeFsError(e)}`);
  }
}

/** Writes text to a stream. */
export function write(stream: NodeJS.WritableStream, text: string): void {
  stream.write(text);
}

/** Writes lines to a stream, each terminated by a newline. */
export function writeLines(stream: NodeJS.WritableStream, lines: readonly string[]): void {
  if (lines.length > 0) stream.write(`${lines.join('\n')}\n`);
}
