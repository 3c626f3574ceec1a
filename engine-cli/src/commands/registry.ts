/**
 * The one list of `rainplan`'s commands: each with its name, its line in `rainplan --help`, its
 * own help and the function that runs it. `main` dispatches through it, `rainplan --help` lists
 * it, `rainplan help <command>` looks it up. A new command: its file in commands/, its help text
 * (help.ts) and its entry here.
 */
import type { ExitCode } from '../exitCodes.ts';
import {
  BOXES_HELP,
  CALC_HELP,
  EVALUATE_HELP,
  GAEB_HELP,
  MAIN_HELP_INTRO,
  MAIN_HELP_OPTIONS,
  MASSLIST_HELP,
  RAIN_LOOKUP_HELP,
  REPORT_HELP,
  VALIDATE_HELP,
  VARIANTS_HELP,
  VERIFY_HELP,
} from '../help.ts';
import type { CliIo } from '../io.ts';
import { boxesCommand } from './boxes.ts';
import { calcCommand } from './calc.ts';
import { evaluateCommand } from './evaluate.ts';
import { gaebCommand } from './gaeb.ts';
import { masslistCommand } from './masslist.ts';
import { rainCommand } from './rain.ts';
import { reportCommand } from './report.ts';
import { validateCommand } from './validate.ts';
import { variantsCommand } from './variants.ts';
import { verifyCommand } from './verify.ts';

export interface CliCommand {
  readonly name: string;
  /** The command and its main arguments, the first column of `rainplan --help`. */
  readonly synopsis: string;
  /** What it does: the lines of the second column of `rainplan --help`. */
  readonly summary: readonly string[];
  /** `rainplan <name> --help` and `rainplan help <name>`. */
  readonly help: string;
  readonly run: (args: readonly string[], io: CliIo) => Promise<ExitCode>;
}

/** In the order of `rainplan --help`. */
export const COMMANDS: readonly CliCommand[] = [
  {
    name: 'evaluate',
    synopsis: 'evaluate <file|->',
    summary: ['Evaluate a project and print the results (table or JSON)'],
    help: EVALUATE_HELP,
    run: evaluateCommand,
  },
  {
    name: 'validate',
    synopsis: 'validate <file|->',
    summary: ['Check a project file: parse errors and data issues'],
    help: VALIDATE_HELP,
    run: validateCommand,
  },
  {
    name: 'verify',
    synopsis: 'verify <dir>...',
    summary: ['Recompute fixture projects and worked examples and compare them with', 'their expected (published) results'],
    help: VERIFY_HELP,
    run: verifyCommand,
  },
  {
    name: 'calc',
    synopsis: 'calc <kind> <file|->',
    summary: ["One standard calculation (trough, tank, retention, m153, …), JSON in", "and out; 'rainplan calc --help' lists the kinds"],
    help: CALC_HELP,
    run: calcCommand,
  },
  {
    name: 'rain',
    synopsis: 'rain lookup --data <dir> --lat <deg> --lon <deg>',
    summary: ['The KOSTRA cell of a position and its table r(D,T) from DWD files'],
    help: RAIN_LOOKUP_HELP,
    run: rainCommand,
  },
  {
    name: 'boxes',
    synopsis: 'boxes <file|->',
    summary: ["Volumes, dimensions, checks and bill of materials of the project's box", 'configurations'],
    help: BOXES_HELP,
    run: boxesCommand,
  },
  {
    name: 'masslist',
    synopsis: 'masslist <file|->',
    summary: [
      "The project's mass list, grouped by none, measure or configuration,",
      'with or without prices, German or English (table, JSON, CSV, Excel or PDF)',
    ],
    help: MASSLIST_HELP,
    run: masslistCommand,
  },
  {
    name: 'gaeb',
    synopsis: 'gaeb <file|-> --phase 81|82',
    summary: ['The service catalogue (tender texts) as GAEB DA XML X81/X82 or GAEB 90', 'D81/D82'],
    help: GAEB_HELP,
    run: gaebCommand,
  },
  {
    name: 'report',
    synopsis: 'report <file|-> -o <pdf>',
    summary: ['The dimensioning report as PDF (German or English), as on the', 'documents page'],
    help: REPORT_HELP,
    run: reportCommand,
  },
  {
    name: 'variants',
    synopsis: 'variants <file|-> --measure <id>',
    summary: [
      "The comparison of a measure's variants: volumes, footprint, depth,",
      'draining time, verdict, cost and the differences (text, JSON or PDF)',
    ],
    help: VARIANTS_HELP,
    run: variantsCommand,
  },
];

export function commandNamed(name: string): CliCommand | undefined {
  return COMMANDS.find((c) => c.name === name);
}

const SUMMARY_COLUMN = 26;

/** One entry of the command list: the synopsis, then the summary from column 26 (below it when longer). */
function listEntry(synopsis: string, summary: readonly string[]): string[] {
  const indent = ' '.repeat(SUMMARY_COLUMN);
  const head = `  ${synopsis}`;
  if (head.length <= SUMMARY_COLUMN - 2) {
    return [head.padEnd(SUMMARY_COLUMN) + (summary[0] ?? ''), ...summary.slice(1).map((line) => indent + line)];
  }
  return [head, ...summary.map((line) => indent + line)];
}

/** `rainplan --help`: the commands of the registry, then `help` itself. */
export const MAIN_HELP =
  MAIN_HELP_INTRO +
  'Commands:\n' +
  [...COMMANDS.flatMap((c) => listEntry(c.synopsis, c.summary)), ...listEntry('help [command]', ['Show the help of rainplan or of a command'])]
    .map((line) => `${line}\n`)
    .join('') +
  MAIN_HELP_OPTIONS;
