import { evaluate, type Issue } from '@rainplan/engine';
import { outputFormat, parseCommandArgs, singlePositional } from '../args.ts';
import { EXIT, type ExitCode } from '../exitCodes.ts';
import { count } from '../format.ts';
import { VALIDATE_HELP } from '../help.ts';
import { write, writeLines, type CliIo } from '../io.ts';
import { loadProject } from '../project.ts';
import { issueLine, parseErrorJson, parseErrorLine } from '../report.ts';

/**
 * `rainplan validate <file|-> [--format json|table]`: parse errors (exit 2) or the data issues of
 * the project (exit 1 when one has severity error). The findings are the command's output and go to
 * stdout; only unreadable input and usage errors go to stderr.
 */
export async function validateCommand(args: readonly string[], io: CliIo): Promise<ExitCode> {
  const { values, positionals } = parseCommandArgs('validate', args, {
    format: { type: 'string', short: 'f' },
    help: { type: 'boolean', short: 'h' },
  });
  if (values['help'] === true) {
    write(io.stdout, VALIDATE_HELP);
    return EXIT.OK;
  }
  const format = outputFormat('validate', values['format']);
  const file = singlePositional('validate', positionals, 'project file (or - for stdin)');

  const { name, result } = await loadProject(file, io);
  const issues: readonly Issue[] = result.ok ? evaluate(result.project).issues : [];
  const errors = issues.filter((i) => i.severity === 'error');
  const warnings = issues.filter((i) => i.severity === 'warning');
  const exitCode = !result.ok ? EXIT.USAGE : errors.length > 0 ? EXIT.FAILED : EXIT.OK;

  if (format === 'json') {
    const report = {
      file: name,
      ok: exitCode === EXIT.OK,
      ...(result.ok && result.migratedFrom !== undefined ? { migratedFrom: result.migratedFrom } : {}),
      parseErrors: result.ok ? [] : result.errors.map(parseErrorJson),
      issues,
    };
    write(io.stdout, `${JSON.stringify(report, null, 2)}\n`);
    return exitCode;
  }

  if (!result.ok) {
    writeLines(io.stdout, [...result.errors.map((e) => parseErrorLine(name, e)), `${count(result.errors.length, 'parse error')}`]);
    return exitCode;
  }
  const lines = [...errors, ...warnings].map((i) => issueLine(name, i));
  if (result.migratedFrom !== undefined) lines.unshift(`${name}: note: read as project schema ${result.migratedFrom}, migrated in memory`);
  if (errors.length > 0) lines.push(`${count(errors.length, 'error')}, ${count(warnings.length, 'warning')}`);
  else lines.push(warnings.length > 0 ? `ok (${count(warnings.length, 'warning')})` : 'ok');
  writeLines(io.stdout, lines);
  return exitCode;
}
