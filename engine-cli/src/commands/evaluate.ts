import { evaluate } from '@rainplan/engine';
import { outputFormat, parseCommandArgs, singlePositional } from '../args.ts';
import { EXIT, type ExitCode } from '../exitCodes.ts';
import { commandHelp } from '../help.ts';
import { write, writeLines, type CliIo } from '../io.ts';
import { loadProject } from '../project.ts';
import { evaluationReport, parseErrorLine } from '../report.ts';

/** `rainplan evaluate <file|-> [--format json|table]` */
export async function evaluateCommand(args: readonly string[], io: CliIo): Promise<ExitCode> {
  const { values, positionals } = parseCommandArgs('evaluate', args, {
    format: { type: 'string', short: 'f' },
    help: { type: 'boolean', short: 'h' },
  });
  if (values['help'] === true) {
    write(io.stdout, commandHelp('evaluate'));
    return EXIT.OK;
  }
  const format = outputFormat('evaluate', values['format']);
  const file = singlePositional('evaluate', positionals, 'project file (or - for stdin)');

  const { name, result } = await loadProject(file, io);
  if (!result.ok) {
    writeLines(io.stderr, result.errors.map((e) => parseErrorLine(name, e)));
    return EXIT.USAGE;
  }
  if (result.migratedFrom !== undefined) {
    writeLines(io.stderr, [`${name}: note: read as project schema ${result.migratedFrom}, migrated in memory (the file is unchanged)`]);
  }
  const evaluation = evaluate(result.project);
  if (format === 'json') write(io.stdout, `${JSON.stringify(evaluation, null, 2)}\n`);
  else writeLines(io.stdout, evaluationReport(name, result.project, evaluation));
  return evaluation.issues.some((i) => i.severity === 'error') ? EXIT.FAILED : EXIT.OK;
}
