import { parseCommandArgs } from '../args.ts';
import { calcJson, calcKind, kindHelp, runCalc } from '../calc/run.ts';
import { EXIT, type ExitCode } from '../exitCodes.ts';
import { CALC_HELP } from '../help.ts';
import { UserError, displayName, readInput, write, writeLines, type CliIo } from '../io.ts';

/** `rainplan calc <kind> <file|->`: one standard calculation, JSON in and out. */
export async function calcCommand(args: readonly string[], io: CliIo): Promise<ExitCode> {
  const { values, positionals } = parseCommandArgs('calc', args, {
    help: { type: 'boolean', short: 'h' },
  });
  const [kindName, file, ...extra] = positionals;
  if (kindName === undefined) {
    if (values['help'] === true) {
      write(io.stdout, CALC_HELP);
      return EXIT.OK;
    }
    throw new UserError('calc: missing kind (e.g. rainplan calc trough input.json)', { usageHint: 'calc' });
  }
  const kind = calcKind(kindName);
  if (kind === undefined) throw new UserError(`calc: unknown kind ${JSON.stringify(kindName)}`, { usageHint: 'calc' });
  if (values['help'] === true) {
    write(io.stdout, kindHelp(kind));
    return EXIT.OK;
  }
  if (file === undefined) throw new UserError(`calc ${kind.name}: missing input file (or - for stdin)`, { usageHint: `calc ${kind.name}` });
  if (extra.length > 0) throw new UserError(`calc ${kind.name}: expected one input file, got ${extra.length + 1}`, { usageHint: `calc ${kind.name}` });

  const name = displayName(file);
  const text = await readInput(file, io);
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch (e) {
    writeLines(io.stderr, [`${name}: $: expected valid JSON (${e instanceof Error ? e.message : String(e)})`]);
    return EXIT.USAGE;
  }
  const run = runCalc(kind, value);
  if (!run.ok) {
    writeLines(io.stderr, run.errors.map((e) => `${name}: ${e.path}: expected ${e.expected}${e.received === undefined ? '' : `, got ${e.received}`}`));
    writeLines(io.stderr, [`Run 'rainplan calc ${kind.name} --help' for the fields.`]);
    return EXIT.USAGE;
  }
  write(io.stdout, calcJson(run.output));
  return run.failed ? EXIT.FAILED : EXIT.OK;
}
