import { LANGUAGES, type Language } from '@rainplan/engine/bom';
import { GaebError, serviceCatalogue, type GaebFormat, type GaebPhase } from '@rainplan/engine/documents';
import { documentDate, parseCommandArgs, singlePositional } from '../args.ts';
import { loadCatalogue } from '../catalogue.ts';
import { EXIT, type ExitCode } from '../exitCodes.ts';
import { count, formatParams } from '../format.ts';
import { GAEB_HELP } from '../help.ts';
import { UserError, write, writeLines, writeOutput, type CliIo } from '../io.ts';
import { loadProject } from '../project.ts';
import { parseErrorLine } from '../report.ts';

function oneOf<T extends string>(option: string, allowed: readonly T[], value: unknown, fallback: T | undefined): T {
  if (value === undefined && fallback !== undefined) return fallback;
  if (typeof value === 'string' && (allowed as readonly string[]).includes(value)) return value as T;
  const what = value === undefined ? 'missing' : `invalid ${JSON.stringify(value)}`;
  throw new UserError(`gaeb: ${what} --${option} (expected ${allowed.join(', ')})`, { usageHint: 'gaeb' });
}

/** `--date`: a calendar day `YYYY-MM-DD`, default today (UTC). */
const fileDate = (value: unknown): string => documentDate('gaeb', value).toISOString().slice(0, 10);

/**
 * `rainplan gaeb <file|-> --phase 81|82 --format xml|gaeb90 [--lang de|en] [--group-by
 * measure|configuration] [--date YYYY-MM-DD] [--output <file>] [--catalogue <dir>]`: the
 * project's service catalogue (tender texts) as GAEB DA XML 3.3 X81 / X82 or GAEB 90 D81 / D82,
 * written by the engine (the same code as the API's serviceCatalogue call). Exit 1 when
 * something was left out of the bill or the file cannot hold it, 2 on usage errors or unreadable
 * input.
 */
export async function gaebCommand(args: readonly string[], io: CliIo): Promise<ExitCode> {
  const { values, positionals } = parseCommandArgs('gaeb', args, {
    phase: { type: 'string' },
    format: { type: 'string', short: 'f' },
    lang: { type: 'string' },
    'group-by': { type: 'string', short: 'g' },
    date: { type: 'string' },
    output: { type: 'string', short: 'o' },
    catalogue: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  });
  if (values['help'] === true) {
    write(io.stdout, GAEB_HELP);
    return EXIT.OK;
  }
  const phase = Number(oneOf('phase', ['81', '82'] as const, values['phase'], undefined)) as GaebPhase;
  const format: GaebFormat = oneOf('format', ['xml', 'gaeb90'] as const, values['format'], 'xml');
  const language: Language = oneOf('lang', LANGUAGES, values['lang'], 'de');
  const groupBy = oneOf('group-by', ['measure', 'configuration'] as const, values['group-by'], 'measure');
  const date = fileDate(values['date']);
  const file = singlePositional('gaeb', positionals, 'project file (or - for stdin)');
  const catalogue = await loadCatalogue(values['catalogue'] as string | undefined, io.cwd, 'gaeb');
  const { name, result } = await loadProject(file, io);
  if (!result.ok) {
    writeLines(io.stderr, [...result.errors.map((e) => parseErrorLine(name, e)), count(result.errors.length, 'parse error')]);
    return EXIT.USAGE;
  }
  let gaeb;
  try {
    gaeb = serviceCatalogue(result.project, catalogue, { phase, format, language, groupBy, date });
  } catch (e) {
    if (e instanceof GaebError) throw new UserError(`gaeb: ${name}: ${e.code}: ${e.message}`, { exitCode: EXIT.FAILED });
    throw e;
  }
  const output = values['output'];
  await writeOutput('gaeb', gaeb.bytes, output, io);
  for (const i of gaeb.billIssues) writeLines(io.stderr, [`${name}: ${i.severity} ${i.code}${i.path === null ? '' : ` at ${i.path}`}: ${i.messageKey} (${formatParams(i.params)})`]);
  for (const i of gaeb.issues) writeLines(io.stderr, [`${name}: ${i.severity} ${i.code}${i.ordinal === null ? '' : ` at item ${i.ordinal}`}: ${i.messageKey} (${formatParams(i.params)})`]);
  if (typeof output === 'string') writeLines(io.stderr, [`${output}: ${gaeb.boq.groups.length} groups, ${gaeb.boq.itemCount} items${gaeb.boq.totalPrice === null ? '' : `, total ${gaeb.boq.totalPrice} ${gaeb.boq.currency}`} (suggested name ${gaeb.fileName})`]);
  return gaeb.billIssues.length > 0 ? EXIT.FAILED : EXIT.OK;
}
