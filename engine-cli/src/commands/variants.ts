import { compareVariants, type VariantComparison } from '@rainplan/engine';
import { LANGUAGES, type Language } from '@rainplan/engine/bom';
import { variantComparisonModel, variantComparisonPdfOfModel, type VariantComparisonModel } from '@rainplan/engine/documents';
import { documentDate, parseCommandArgs, singlePositional } from '../args.ts';
import { loadCatalogue } from '../catalogue.ts';
import { EXIT, type ExitCode } from '../exitCodes.ts';
import { count, formatParams, renderTable } from '../format.ts';
import { VARIANTS_HELP } from '../help.ts';
import { UserError, write, writeLines, writeOutput, type CliIo } from '../io.ts';
import { renderPdf } from '../pdf.ts';
import { loadProject } from '../project.ts';
import { parseErrorLine } from '../report.ts';

const FORMATS = ['text', 'json', 'pdf'] as const;
type VariantsFormat = (typeof FORMATS)[number];

function oneOf<T extends string>(option: string, allowed: readonly T[], value: unknown, fallback: T): T {
  if (value === undefined) return fallback;
  if (typeof value === 'string' && (allowed as readonly string[]).includes(value)) return value as T;
  throw new UserError(`variants: invalid --${option} ${JSON.stringify(value)} (expected ${allowed.join(', ')})`, { usageHint: 'variants' });
}

/**
 * The comparison as text lines: the title, the header facts, a table with one line per variant
 * and, under each variant that is not chosen, a Δ line with its differences to the chosen one;
 * then the notes. The same cells as the PDF (the engine's `variantComparisonModel`).
 */
export function variantComparisonLines(model: VariantComparisonModel): string[] {
  type Line = { readonly cells: readonly string[] };
  const lines: Line[] = [];
  for (const row of model.rows) {
    lines.push({ cells: row.cells.map((c) => c.text) });
    if (!row.chosen) lines.push({ cells: row.cells.map((c, i) => (i === 0 ? '  Δ' : (c.difference ?? ''))) });
  }
  const columns = model.columns.map((c, i) => ({ header: c.header, cell: (l: Line) => l.cells[i] ?? '', right: c.numeric }));
  const width = Math.max(...model.info.map((f) => f.label.length));
  return [
    `${model.title}`,
    ...model.info.map((f) => `${`${f.label}:`.padEnd(width + 1)} ${f.value}`),
    '',
    ...renderTable(columns, lines, ''),
    '',
    `${model.notes.heading}:`,
    ...model.notes.lines.map((l) => `- ${l}`),
  ];
}

/**
 * `rainplan variants <file|-> --measure <id> [--format text|json|pdf] [--output <file>]
 * [--lang de|en] [--date YYYY-MM-DD] [--catalogue <dir> | --no-prices]`: the comparison of a
 * measure's variants (the engine's `compareVariants`) as a text table, JSON or the printable PDF.
 * Exit 1 when a variant's bill left something out (issues on stderr), 2 on unreadable input.
 */
export async function variantsCommand(args: readonly string[], io: CliIo): Promise<ExitCode> {
  const { values, positionals } = parseCommandArgs('variants', args, {
    measure: { type: 'string', short: 'm' },
    format: { type: 'string', short: 'f' },
    output: { type: 'string', short: 'o' },
    lang: { type: 'string' },
    date: { type: 'string' },
    catalogue: { type: 'string' },
    'no-prices': { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  });
  if (values['help'] === true) {
    write(io.stdout, VARIANTS_HELP);
    return EXIT.OK;
  }
  const format: VariantsFormat = oneOf('format', FORMATS, values['format'], 'text');
  const lang: Language = oneOf('lang', LANGUAGES, values['lang'], 'de');
  const date = documentDate('variants', values['date']);
  if (values['no-prices'] === true && values['catalogue'] !== undefined) {
    throw new UserError('variants: --catalogue and --no-prices exclude each other', { usageHint: 'variants' });
  }
  const measureId = values['measure'];
  if (typeof measureId !== 'string') throw new UserError('variants: missing --measure <id>', { usageHint: 'variants' });
  const file = singlePositional('variants', positionals, 'project file (or - for stdin)');
  const catalogue = values['no-prices'] === true ? undefined : await loadCatalogue(values['catalogue'] as string | undefined, io.cwd, 'variants');
  const { name, result } = await loadProject(file, io);
  if (!result.ok) {
    writeLines(io.stderr, [...result.errors.map((e) => parseErrorLine(name, e)), count(result.errors.length, 'parse error')]);
    return EXIT.USAGE;
  }
  const project = result.project;
  if (!project.waterflow.measures.some((m) => m.id === measureId)) {
    throw new UserError(`variants: no measure ${JSON.stringify(measureId)} (measures: ${project.waterflow.measures.map((m) => m.id).join(', ') || 'none'})`);
  }
  const comparison: VariantComparison = compareVariants(project, measureId, { catalogue, language: lang });
  if (format === 'json') {
    await writeOutput('variants', `${JSON.stringify(comparison, null, 2)}\n`, values['output'], io);
  } else {
    const model = variantComparisonModel({ comparison, projectName: project.project.name, date, language: lang });
    if (format === 'pdf') await writeOutput('variants', await renderPdf(variantComparisonPdfOfModel(model)), values['output'], io);
    else await writeOutput('variants', `${variantComparisonLines(model).join('\n')}\n`, values['output'], io);
  }
  let billIssues = 0;
  for (const row of comparison.rows) {
    for (const i of row.billIssues) {
      billIssues++;
      if (format !== 'json') writeLines(io.stderr, [`${name}: ${row.name}: ${i.severity} ${i.code}${i.path === null ? '' : ` at ${i.path}`}: ${i.messageKey} (${formatParams(i.params)})`]);
    }
  }
  return billIssues > 0 ? EXIT.FAILED : EXIT.OK;
}
