import { GROUP_BY, LANGUAGES, projectMassList, type BillOfMaterials, type GroupBy, type Language } from '@rainplan/engine/bom';
import { parseCommandArgs, singlePositional } from '../args.ts';
import { loadCatalogue } from '../catalogue.ts';
import { EXIT, type ExitCode } from '../exitCodes.ts';
import { count, formatParams, renderTable } from '../format.ts';
import { commandHelp } from '../help.ts';
import { UserError, write, writeLines, type CliIo } from '../io.ts';
import { loadProject } from '../project.ts';
import { parseErrorLine } from '../report.ts';

const FORMATS = ['table', 'json', 'csv'] as const;
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

/**
 * `rainplan masslist <file|-> [--group-by none|measure|configuration] [--prices] [--lang de|en]
 * [--format table|json|csv] [--catalogue <dir>]`: the project's mass list. Exit 1 when something
 * was left out (bill issues, printed to stderr), 2 on unreadable input.
 */
export async function masslistCommand(args: readonly string[], io: CliIo): Promise<ExitCode> {
  const { values, positionals } = parseCommandArgs('masslist', args, {
    'group-by': { type: 'string', short: 'g' },
    prices: { type: 'boolean', short: 'p' },
    lang: { type: 'string' },
    format: { type: 'string', short: 'f' },
    catalogue: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  });
  if (values['help'] === true) {
    write(io.stdout, commandHelp('masslist'));
    return EXIT.OK;
  }
  const groupBy: GroupBy = oneOf('masslist', 'group-by', GROUP_BY, values['group-by'], 'none');
  const format: MassListFormat = oneOf('masslist', 'format', FORMATS, values['format'], 'table');
  const lang = language('masslist', values['lang']);
  const file = singlePositional('masslist', positionals, 'project file (or - for stdin)');
  const catalogue = await loadCatalogue(values['catalogue'] as string | undefined, io.cwd, 'masslist');
  const { name, result } = await loadProject(file, io);
  if (!result.ok) {
    writeLines(io.stderr, [...result.errors.map((e) => parseErrorLine(name, e)), count(result.errors.length, 'parse error')]);
    return EXIT.USAGE;
  }
  const bill = projectMassList(result.project, catalogue, { groupBy, prices: values['prices'] === true, language: lang });
  const code = bill.issues.length > 0 ? EXIT.FAILED : EXIT.OK;
  if (format === 'json') write(io.stdout, `${JSON.stringify(bill, null, 2)}\n`);
  else if (format === 'csv') write(io.stdout, billCsv(bill));
  else writeLines(io.stdout, billLines(bill));
  if (format !== 'json') {
    for (const i of bill.issues) writeLines(io.stderr, [`${name}: ${i.severity} ${i.code}${i.path === null ? '' : ` at ${i.path}`}: ${i.messageKey} (${formatParams(i.params)})`]);
  }
  return code;
}
