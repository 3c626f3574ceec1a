import { reportDocument, reportInputs, reportProblems } from '@rainplan/engine/documents';
import { documentDate, parseCommandArgs, singlePositional } from '../args.ts';
import { loadBrandingDir } from '../branding.ts';
import { loadCatalogue } from '../catalogue.ts';
import { EXIT, type ExitCode } from '../exitCodes.ts';
import { count } from '../format.ts';
import { REPORT_HELP } from '../help.ts';
import { UserError, write, writeLines, writeOutput, type CliIo } from '../io.ts';
import { renderPdf } from '../pdf.ts';
import { loadProject } from '../project.ts';
import { parseErrorLine } from '../report.ts';
import { CLI_VERSION } from '../version.ts';
import { language } from './masslist.ts';

/** The `--date` of the report: `YYYY-MM-DD` (a real calendar day), default today (UTC). */
export const reportDate = (value: unknown, now: Date = new Date()): Date => documentDate('report', value, now);

/** The longest planner name printed on the cover (the web app's user names are shorter). */
const MAX_PLANNER = 200;

/**
 * `rainplan report <file|-> [-o report.pdf] [--lang de|en] [--planner <name>] [--date YYYY-MM-DD]
 * [--catalogue <dir>]`: the dimensioning report as PDF, from the same engine code as the documents
 * page. Exit 1 when the report could only be a message page (no rain data, a missing treatment
 * facility; the file is written and the problems are printed to stderr), 2 on usage errors or
 * unreadable input.
 */
export async function reportCommand(args: readonly string[], io: CliIo): Promise<ExitCode> {
  const { values, positionals } = parseCommandArgs('report', args, {
    output: { type: 'string', short: 'o' },
    lang: { type: 'string' },
    planner: { type: 'string' },
    date: { type: 'string' },
    catalogue: { type: 'string' },
    branding: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  });
  if (values['help'] === true) {
    write(io.stdout, REPORT_HELP);
    return EXIT.OK;
  }
  const lang = language('report', values['lang']);
  const now = reportDate(values['date']);
  const planner = values['planner'] as string | undefined;
  if (planner !== undefined && (planner.trim() === '' || planner.length > MAX_PLANNER)) {
    throw new UserError(`report: --planner must be 1 to ${MAX_PLANNER} characters`, { usageHint: 'report' });
  }
  const output = values['output'] as string | undefined;
  if (output !== undefined && output.trim() === '') throw new UserError('report: --output needs a file name', { usageHint: 'report' });
  const file = singlePositional('report', positionals, 'project file (or - for stdin)');
  const catalogue = await loadCatalogue(values['catalogue'] as string | undefined, io.cwd, 'report');
  const branding = await loadBrandingDir('report', values['branding'] as string | undefined, io.cwd);
  const { name, result } = await loadProject(file, io);
  if (!result.ok) {
    writeLines(io.stderr, [...result.errors.map((e) => parseErrorLine(name, e)), count(result.errors.length, 'parse error')]);
    return EXIT.USAGE;
  }
  const project = result.project;
  const inputs = reportInputs(project, { language: lang, catalogue });
  const evaluated = { project, evaluation: inputs.evaluation };
  const definition = reportDocument(evaluated, {
    language: lang,
    now,
    appVersion: CLI_VERSION,
    planner,
    branding,
    configurations: inputs.configurations,
    bill: inputs.bill,
  });
  const bytes = await renderPdf(definition);
  await writeOutput('report', bytes, output, io);
  const problems = reportProblems(evaluated);
  for (const p of problems) {
    writeLines(io.stderr, [
      p.code === 'RAIN_DATA_MISSING'
        ? `${name}: no rain data: the report is a message page (load rain data for the project)`
        : `${name}: treatment facility ${JSON.stringify(p.facility)} of purification ${JSON.stringify(p.purification)} is missing: the report is a message page`,
    ]);
  }
  return problems.length > 0 ? EXIT.FAILED : EXIT.OK;
}
