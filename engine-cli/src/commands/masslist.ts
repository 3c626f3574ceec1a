import ExcelJS from 'exceljs';
import { configurationBill, GROUP_BY, LANGUAGES, measureMassList, projectMassList, type BillOfMaterials, type GroupBy, type Language } from '@rainplan/engine/bom';
import { documentTranslator, massListModel, massListPdf, massListXlsx, type MassListScope } from '@rainplan/engine/documents';
import type { Project } from '@rainplan/engine';
import { documentDate, parseCommandArgs, singlePositional } from '../args.ts';
import { loadBrandingDir } from '../branding.ts';
import { loadCatalogue } from '../catalogue.ts';
import { EXIT, type ExitCode } from '../exitCodes.ts';
import { count, formatParams, renderTable } from '../format.ts';
import { MASSLIST_HELP } from '../help.ts';
import { UserError, write, writeLines, writeOutput, type CliIo } from '../io.ts';
import { renderPdf } from '../pdf.ts';
import { loadProject } from '../project.ts';
import { parseErrorLine } from '../report.ts';

const FORMATS = ['table', 'json', 'csv', 'xlsx', 'pdf'] as const;
type MassListFormat = (typeof FORMATS)[number];

function oneOf<T extends string>(command: string, option: string, allowed: readonly T[], value: unknown, fallback: T): T {
  if (value === undefined) return fallback;
  if (typeof value === 'string' && (allowed as readonly string[]).includes(value)) return value as T;
  throw new UserError(`${command}: invalid --${option} ${JSON.stringify(value)} (expected ${allowed.join(', ')})`, { usageHint: command });
}

/** The value of `--lang`: `de` (default) or `en`. */
export const language = (command: string, value: unknown): Language => oneOf(command, 'lang', LANGUAGES, value, 'de');

type Line = BillOfMaterials['massListGroups'][number]['lines'][number];

/** A bill as table lines: per group a header, the lines and (with prices) the group total; then the grand total. */
export function billLines(bill: BillOfMaterials): string[] {
  const prices = bill.totalPrice !== null;
  const columns = [
    { header: 'Pos', cell: (r: Line & { pos: number }) => String(r.pos), right: true },
    { header: 'Article', cell: (r: Line) => r.materialNumber },
    { header: 'Order no.', cell: (r: Line) => r.orderNumber ?? '---' },
    { header: 'Text', cell: (r: Line) => r.text },
    { header: 'Quantity', cell: (r: Line) => r.quantity, right: true },
    { header: 'Unit', cell: (r: Line) => r.unit },
    ...(prices
      ? [
          { header: `Unit price ${bill.currency}`, cell: (r: Line) => r.unitPrice ?? '---', right: true },
          { header: `Total ${bill.currency}`, cell: (r: Line) => r.totalPrice ?? '---', right: true },
        ]
      : []),
  ];
  const lines: string[] = [];
  for (const g of bill.massListGroups) {
    lines.push(`${g.order}. ${g.groupName} (${g.systemType})`);
    if (g.lines.length === 0) lines.push('  (no products)');
    else lines.push(...renderTable(columns, g.lines.map((l, i) => ({ ...l, pos: i + 1 }))));
    if (prices) lines.push(`  Group total: ${g.totalPrice} ${bill.currency}`);
  }
  if (prices) lines.push(`Total (excluding VAT): ${bill.totalPrice} ${bill.currency}`);
  return lines;
}

/** One CSV field (RFC 4180: quoted when it holds a comma, quote or line break). */
const csvField = (v: string | number | null): string => {
  const s = v === null ? '' : String(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

/** A bill as CSV: one row per line, comma-separated, decimal points, UTF-8, header in English. */
export function billCsv(bill: BillOfMaterials): string {
  const prices = bill.totalPrice !== null;
  const header = ['group', 'groupName', 'systemType', 'position', 'materialNumber', 'orderNumber', 'text', 'longText', 'quantity', 'unit', ...(prices ? ['unitPrice', 'totalPrice', 'currency'] : [])];
  const rows = bill.massListGroups.flatMap((g) =>
    g.lines.map((l, i) => [g.order, g.groupName, g.systemType, i + 1, l.materialNumber, l.orderNumber, l.text, l.longText, l.quantity, l.unit, ...(prices ? [l.unitPrice, l.totalPrice, bill.currency] : [])]),
  );
  return [header, ...rows].map((r) => r.map(csvField).join(',')).join('\r\n') + '\r\n';
}

/** The bill the options ask for: the project's (grouped), one measure's or one configuration's. */
function selectBill(project: Project, catalogue: Parameters<typeof projectMassList>[1], values: Record<string, string | boolean | undefined>, groupBy: GroupBy, prices: boolean, lang: Language): { bill: BillOfMaterials; scope: MassListScope } {
  const measureId = values['measure'];
  const configurationId = values['configuration'];
  if (typeof measureId === 'string' && typeof configurationId === 'string') {
    throw new UserError('masslist: --measure and --configuration exclude each other', { usageHint: 'masslist' });
  }
  if ((typeof measureId === 'string' || typeof configurationId === 'string') && values['group-by'] !== undefined) {
    throw new UserError('masslist: --group-by applies to the whole project, not to one measure or configuration', { usageHint: 'masslist' });
  }
  if (typeof measureId === 'string') {
    const measure = project.waterflow.measures.find((m) => m.id === measureId);
    const bill = measure === undefined ? undefined : measureMassList(project, measureId, catalogue, { prices, language: lang });
    if (measure === undefined || bill === undefined) {
      throw new UserError(`masslist: no measure ${JSON.stringify(measureId)} (measures: ${project.waterflow.measures.map((m) => m.id).join(', ') || 'none'})`);
    }
    return { bill, scope: { kind: 'measure', name: measure.name } };
  }
  if (typeof configurationId === 'string') {
    const configurations = project.boxConfigurations ?? [];
    const configuration = configurations.find((c) => c.id === configurationId);
    if (configuration === undefined) {
      throw new UserError(`masslist: no configuration ${JSON.stringify(configurationId)} (configurations: ${configurations.map((c) => c.id).join(', ') || 'none'})`);
    }
    const { quantities: _quantities, ...bill } = configurationBill(configuration, catalogue, { prices, language: lang });
    return { bill, scope: { kind: 'configuration', name: configuration.name } };
  }
  return { bill: projectMassList(project, catalogue, { groupBy, prices, language: lang }), scope: { kind: 'project' } };
}

/**
 * `rainplan masslist <file|-> [--group-by none|measure|configuration | --measure <id> |
 * --configuration <id>] [--prices] [--lang de|en] [--format table|json|csv|xlsx|pdf]
 * [--output <file>] [--date YYYY-MM-DD] [--catalogue <dir>]`: the project's mass list (or one
 * measure's or configuration's). xlsx and pdf are the documents of the documents page, built by
 * the engine's `@rainplan/engine/documents` (the same code as in the browser). Exit 1 when
 * something was left out (bill issues, printed to stderr), 2 on unreadable input.
 */
export async function masslistCommand(args: readonly string[], io: CliIo): Promise<ExitCode> {
  const { values, positionals } = parseCommandArgs('masslist', args, {
    'group-by': { type: 'string', short: 'g' },
    measure: { type: 'string', short: 'm' },
    configuration: { type: 'string', short: 'c' },
    prices: { type: 'boolean', short: 'p' },
    lang: { type: 'string' },
    format: { type: 'string', short: 'f' },
    output: { type: 'string', short: 'o' },
    date: { type: 'string' },
    catalogue: { type: 'string' },
    branding: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  });
  if (values['help'] === true) {
    write(io.stdout, MASSLIST_HELP);
    return EXIT.OK;
  }
  const groupBy: GroupBy = oneOf('masslist', 'group-by', GROUP_BY, values['group-by'], 'none');
  const format: MassListFormat = oneOf('masslist', 'format', FORMATS, values['format'], 'table');
  const lang = language('masslist', values['lang']);
  const binary = format === 'xlsx' || format === 'pdf';
  const date = documentDate('masslist', values['date']);
  if (values['output'] !== undefined && !binary) {
    throw new UserError(`masslist: --output is for --format xlsx or pdf (${format} goes to stdout)`, { usageHint: 'masslist' });
  }
  const file = singlePositional('masslist', positionals, 'project file (or - for stdin)');
  const catalogue = await loadCatalogue(values['catalogue'] as string | undefined, io.cwd, 'masslist');
  if (values['branding'] !== undefined && format !== 'pdf') {
    throw new UserError(`masslist: --branding is for --format pdf (the logo and company head the PDF)`, { usageHint: 'masslist' });
  }
  const branding = await loadBrandingDir('masslist', values['branding'] as string | undefined, io.cwd);
  const { name, result } = await loadProject(file, io);
  if (!result.ok) {
    writeLines(io.stderr, [...result.errors.map((e) => parseErrorLine(name, e)), count(result.errors.length, 'parse error')]);
    return EXIT.USAGE;
  }
  const { bill, scope } = selectBill(result.project, catalogue, values, groupBy, values['prices'] === true, lang);
  const code = bill.issues.length > 0 ? EXIT.FAILED : EXIT.OK;
  if (binary) {
    const model = massListModel({ bill, projectName: result.project.project.name, scope, date, t: documentTranslator('masslist', lang), language: lang });
    const bytes = format === 'xlsx' ? await massListXlsx(ExcelJS, model) : await renderPdf(massListPdf(model, { branding }));
    await writeOutput('masslist', bytes, values['output'], io);
  } else if (format === 'json') write(io.stdout, `${JSON.stringify(bill, null, 2)}\n`);
  else if (format === 'csv') write(io.stdout, billCsv(bill));
  else writeLines(io.stdout, billLines(bill));
  if (format !== 'json') {
    for (const i of bill.issues) writeLines(io.stderr, [`${name}: ${i.severity} ${i.code}${i.path === null ? '' : ` at ${i.path}`}: ${i.messageKey} (${formatParams(i.params)})`]);
  }
  return code;
}
