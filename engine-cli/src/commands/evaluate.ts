import { evaluate, type Project } from '@rainplan/engine';
import { rainSeriesToRainData } from '@rainplan/engine/rain';
import { outputFormat, parseCommandArgs, singlePositional } from '../args.ts';
import { EXIT, type ExitCode } from '../exitCodes.ts';
import { EVALUATE_HELP } from '../help.ts';
import { UserError, write, writeLines, type CliIo } from '../io.ts';
import { loadProject } from '../project.ts';
import { loadRainDataDir, lookupMissMessage } from '../rainData.ts';
import { evaluationReport, parseErrorLine } from '../report.ts';
import { editionOption } from './rain.ts';

/** `rainplan evaluate <file|-> [--format json|table]` */
export async function evaluateCommand(args: readonly string[], io: CliIo): Promise<ExitCode> {
  const { values, positionals } = parseCommandArgs('evaluate', args, {
    format: { type: 'string', short: 'f' },
    'rain-data': { type: 'string' },
    'rain-edition': { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  });
  if (values['help'] === true) {
    write(io.stdout, EVALUATE_HELP);
    return EXIT.OK;
  }
  const format = outputFormat('evaluate', values['format']);
  const file = singlePositional('evaluate', positionals, 'project file (or - for stdin)');
  const rainDir = values['rain-data'];
  if (rainDir !== undefined && (typeof rainDir !== 'string' || rainDir === '')) throw new UserError('evaluate: --rain-data needs a directory', { usageHint: 'evaluate' });
  const rainEdition = editionOption('evaluate', values['rain-edition']);
  if (rainEdition !== undefined && rainDir === undefined) throw new UserError('evaluate: --rain-edition needs --rain-data <dir>', { usageHint: 'evaluate' });

  const { name, result } = await loadProject(file, io);
  if (!result.ok) {
    writeLines(io.stderr, result.errors.map((e) => parseErrorLine(name, e)));
    return EXIT.USAGE;
  }
  if (result.migratedFrom !== undefined) {
    writeLines(io.stderr, [`${name}: note: read as project schema ${result.migratedFrom}, migrated in memory (the file is unchanged)`]);
  }
  let project: Project = result.project;
  if (typeof rainDir === 'string') project = await withRainDataFrom(rainDir, rainEdition, project, name, io);
  const evaluation = evaluate(project);
  if (format === 'json') write(io.stdout, `${JSON.stringify(evaluation, null, 2)}\n`);
  else writeLines(io.stdout, evaluationReport(name, project, evaluation));
  return evaluation.issues.some((i) => i.severity === 'error') ? EXIT.FAILED : EXIT.OK;
}

/**
 * `--rain-data <dir>`: looks the project's location up in the DWD files of the directory and
 * replaces the project's rain data with that cell's series (in memory). Says on stderr which
 * dataset and cell were used. No location, or a location outside the grid, is a usage error (exit
 * 2); a location in a cell without data exits 3 (EXIT.CELL_WITHOUT_DATA) with the cell named.
 */
async function withRainDataFrom(dir: string, edition: Parameters<typeof loadRainDataDir>[2], project: Project, name: string, io: CliIo): Promise<Project> {
  const location = project.project.location;
  if (location === undefined || location === null) {
    throw new UserError(`evaluate: ${name} has no project.location (latitude, longitude) to look up in ${dir}`);
  }
  const dataset = await loadRainDataDir(dir, io.cwd, edition);
  const result = dataset.locate(location.latitude, location.longitude);
  if (!result.ok) {
    const message = `evaluate: ${lookupMissMessage(result, dir, location.latitude, location.longitude, `${name}'s location `)}`;
    throw new UserError(message, result.code === 'CELL_WITHOUT_DATA' ? { exitCode: EXIT.CELL_WITHOUT_DATA } : {});
  }
  const found = result.found;
  const replaced = project.rainData !== undefined && project.rainData !== null ? ' (replacing the rain data in the file)' : '';
  writeLines(io.stderr, [
    `${name}: note: rain data ${found.edition} cell ${found.cell.id} (row ${found.cell.row}, column ${found.cell.column}) at ${location.latitude} N, ${location.longitude} E from ${dir}${replaced}`,
  ]);
  return { ...project, rainData: rainSeriesToRainData(found.series) };
}
