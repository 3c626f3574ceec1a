import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { evaluate, parseProject, type Project } from '@rainplan/engine';
import { projectMassList } from '@rainplan/engine/bom';
import type { Catalogue } from '@rainplan/engine/catalogue';
import { loadCatalogue } from '../catalogue.ts';
import { boxesReport } from './boxes.ts';
import { parseCommandArgs } from '../args.ts';
import { deepCompare, describeValue } from '../deepCompare.ts';
import { EXIT, type ExitCode } from '../exitCodes.ts';
import { count } from '../format.ts';
import { parseErrorJson } from '../report.ts';
import { VERIFY_HELP } from '../help.ts';
import { UserError, describeFsError, write, writeLines, type CliIo } from '../io.ts';
import { checkWorkedExample, isWorkedExample, type WorkedOutcome } from '../workedExamples.ts';

export const PROJECT_SUFFIX = '.project.json';
export const EXPECTED_SUFFIX = '.expected.json';
/** Expected bills of a fixture's box configurations and its mass list (demo catalogue). */
export const BILL_SUFFIX = '.bill.json';
/** Differences printed per failing fixture. */
const MAX_DIFFERENCES = 20;

type Json = unknown;

/**
 * What a fixture's expected file holds: the evaluation without `engineVersion` (so that a version
 * bump alone does not fail every fixture), or `{ "parseErrors": [...] }` for a deliberately
 * invalid project. Normalised through JSON (undefined fields dropped) like the file itself.
 */
export function fixtureResult(projectText: string): Json {
  const parsed = parseProject(projectText);
  if (!parsed.ok) return toJson({ parseErrors: parsed.errors.map(parseErrorJson) });
  const { engineVersion: _engineVersion, ...rest } = evaluate(parsed.project);
  return toJson(rest);
}

/**
 * What a fixture's `<name>.bill.json` holds: `rainplan boxes --format json` of every configuration
 * (volumes, checks, quantities, bill with prices, German) and the project's mass list grouped by
 * measure with prices, on the demo catalogue. Undefined when the project does not parse.
 */
export function billFixtureResult(projectText: string, catalogue: Catalogue): Json | undefined {
  const parsed = parseProject(projectText);
  if (!parsed.ok) return undefined;
  return toJson({
    configurations: boxesReport(parsed.project, catalogue),
    massList: projectMassList(parsed.project, catalogue, { groupBy: 'measure', prices: true, language: 'de' }),
  });
}

/** Whether `--update` creates a bill file for a project that has none: it has configurations or product lists. */
function wantsBill(project: Project): boolean {
  return (project.boxConfigurations ?? []).length > 0 || (project.measureProducts ?? []).length > 0;
}

/** The text `--update` writes: 2-space JSON with a trailing newline. */
export function expectedText(result: Json): string {
  return `${JSON.stringify(result, null, 2)}\n`;
}

const toJson = (value: unknown): Json => JSON.parse(JSON.stringify(value)) as Json;

function isParseErrorsShape(value: Json): value is { parseErrors: unknown[] } {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.keys(value).length === 1 &&
    Array.isArray((value as { parseErrors?: unknown }).parseErrors)
  );
}

interface Outcome {
  readonly name: string;
  readonly passed: boolean;
  /** Lines printed under `FAIL <name>` (indented). */
  readonly details: readonly string[];
}

/** `rainplan verify <dir> [--update]` */
export async function verifyCommand(args: readonly string[], io: CliIo): Promise<ExitCode> {
  const { values, positionals } = parseCommandArgs('verify', args, {
    update: { type: 'boolean', short: 'u' },
    help: { type: 'boolean', short: 'h' },
  });
  if (values['help'] === true) {
    write(io.stdout, VERIFY_HELP);
    return EXIT.OK;
  }
  if (positionals.length === 0) throw new UserError('verify: missing fixture directory', { usageHint: 'verify' });
  const dirs: FixtureDir[] = [];
  for (const dirArg of positionals) dirs.push(await fixtureDir(dirArg, io));
  const many = dirs.length > 1;

  if (values['update'] === true) {
    let code: ExitCode = EXIT.OK;
    for (const d of dirs) {
      if (many) writeLines(io.stdout, [`${d.dirArg}:`]);
      if (d.names.length > 0) {
        const c = await update(d.dir, d.names, d.orphans, io);
        if (c !== EXIT.OK) code = c;
      }
      if (d.worked.length > 0) writeLines(io.stdout, [`${count(d.worked.length, 'worked example')} left as published (never rewritten)`]);
    }
    return code;
  }

  let passed = 0;
  let failed = 0;
  for (const d of dirs) {
    if (many) writeLines(io.stdout, [`${d.dirArg}:`]);
    for (const name of d.names) {
      const outcome = await verifyOne(d.dir, name);
      if (outcome.passed) {
        passed++;
        writeLines(io.stdout, [`ok  ${name}`]);
      } else {
        failed++;
        writeLines(io.stdout, [`FAIL ${name}`, ...outcome.details.map((x) => `  ${x}`)]);
      }
    }
    for (const name of d.orphans) {
      failed++;
      writeLines(io.stdout, [`FAIL ${name}`, `  ${name}${EXPECTED_SUFFIX} has no ${name}${PROJECT_SUFFIX} (remove it, or restore the project)`]);
    }
    for (const w of d.worked) {
      const outcome = await verifyWorked(d.dir, w);
      if (outcome.passed) passed++;
      else failed++;
      writeLines(io.stdout, [`${outcome.passed ? 'ok ' : 'FAIL'} ${w.slice(0, -JSON_SUFFIX.length)}`, ...outcome.lines.map((x) => `  ${x}`)]);
    }
    for (const other of d.others) writeLines(io.stdout, [`skip ${other} (neither a project fixture nor a worked example with a "calc" block)`]);
  }
  writeLines(io.stdout, [`${passed} passed, ${failed} failed`]);
  return failed > 0 ? EXIT.FAILED : EXIT.OK;
}

const JSON_SUFFIX = '.json';

interface FixtureDir {
  readonly dirArg: string;
  readonly dir: string;
  /** Project fixtures (names without suffix). */
  readonly names: readonly string[];
  readonly orphans: readonly string[];
  /** Worked examples (file names). */
  readonly worked: readonly string[];
  /** Other .json files (file names). */
  readonly others: readonly string[];
}

async function fixtureDir(dirArg: string, io: CliIo): Promise<FixtureDir> {
  const dir = path.resolve(io.cwd, dirArg);
  let entries: string[];
  try {
    entries = (await readdir(dir, { withFileTypes: true })).filter((e) => e.isFile()).map((e) => e.name);
  } catch (e) {
    throw new UserError(`verify: cannot read directory ${dirArg}: ${describeFsError(e)}`);
  }
  entries.sort();
  const names = entries.filter((f) => f.endsWith(PROJECT_SUFFIX) && f.length > PROJECT_SUFFIX.length).map((f) => f.slice(0, -PROJECT_SUFFIX.length));
  const orphans = entries
    .filter((f) => f.endsWith(EXPECTED_SUFFIX))
    .map((f) => f.slice(0, -EXPECTED_SUFFIX.length))
    .filter((n) => !names.includes(n));
  const plain = entries.filter((f) => f.endsWith(JSON_SUFFIX) && !f.endsWith(PROJECT_SUFFIX) && !f.endsWith(EXPECTED_SUFFIX) && !f.endsWith(BILL_SUFFIX));
  const worked: string[] = [];
  const others: string[] = [];
  for (const f of plain) {
    const text = await readText(path.join(dir, f));
    let value: unknown;
    try {
      value = text.ok ? (JSON.parse(text.text) as unknown) : undefined;
    } catch {
      value = undefined;
    }
    // A worked example that does not parse must fail, not vanish: "calc" in the text decides.
    if (isWorkedExample(value) || (text.ok && value === undefined && text.text.includes('"calc"'))) worked.push(f);
    else others.push(f);
  }
  if (names.length === 0 && worked.length === 0) {
    throw new UserError(`verify: no fixtures in ${dirArg} (expected <name>${PROJECT_SUFFIX} files or worked examples <name>.json with a "calc" block)`);
  }
  return { dirArg, dir, names, orphans, worked, others };
}

async function verifyWorked(dir: string, file: string): Promise<WorkedOutcome> {
  const text = await readText(path.join(dir, file));
  if (!text.ok) return { passed: false, lines: [`cannot read ${file}: ${text.reason}`] };
  let value: unknown;
  try {
    value = JSON.parse(text.text) as unknown;
  } catch (e) {
    return { passed: false, lines: [`${file} is not valid JSON: ${(e as Error).message}`] };
  }
  if (!isWorkedExample(value)) return { passed: false, lines: [`${file} has no "calc" block`] };
  try {
    return checkWorkedExample(value);
  } catch (e) {
    return { passed: false, lines: [`the engine threw on ${file}: ${e instanceof Error ? e.message : String(e)}`] };
  }
}

async function readText(file: string): Promise<{ ok: true; text: string } | { ok: false; reason: string; missing: boolean }> {
  try {
    const text = await readFile(file, 'utf8');
    return { ok: true, text: text.startsWith('\uFEFF') ? text.slice(1) : text };
  } catch (e) {
    return { ok: false, reason: describeFsError(e), missing: (e as { code?: unknown }).code === 'ENOENT' };
  }
}

/** Recomputes a fixture; an engine crash is reported as this fixture's failure, not the run's. */
async function actualResult(dir: string, name: string): Promise<{ ok: true; value: Json } | { ok: false; reason: string }> {
  const project = await readText(path.join(dir, name + PROJECT_SUFFIX));
  if (!project.ok) return { ok: false, reason: `cannot read ${name}${PROJECT_SUFFIX}: ${project.reason}` };
  try {
    return { ok: true, value: fixtureResult(project.text) };
  } catch (e) {
    return { ok: false, reason: `the engine threw on ${name}${PROJECT_SUFFIX}: ${e instanceof Error ? e.message : String(e)}` };
  }
}

async function verifyOne(dir: string, name: string): Promise<Outcome> {
  const fail = (...details: string[]): Outcome => ({ name, passed: false, details });
  const actual = await actualResult(dir, name);
  if (!actual.ok) return fail(actual.reason);
  const expectedFile = await readText(path.join(dir, name + EXPECTED_SUFFIX));
  if (!expectedFile.ok) {
    return fail(
      expectedFile.missing
        ? `missing ${name}${EXPECTED_SUFFIX} (create it with: rainplan verify --update <dir>)`
        : `cannot read ${name}${EXPECTED_SUFFIX}: ${expectedFile.reason}`,
    );
  }
  let parsedExpected: Json;
  try {
    parsedExpected = JSON.parse(expectedFile.text) as Json;
  } catch (e) {
    return fail(`${name}${EXPECTED_SUFFIX} is not valid JSON: ${(e as Error).message}`);
  }
  const expected = parsedExpected;
  const computed = actual.value;

  const expectsParseErrors = isParseErrorsShape(expected);
  const hasParseErrors = isParseErrorsShape(computed);
  if (expectsParseErrors && !hasParseErrors) {
    return fail(`expected the project to be rejected with ${count(expected.parseErrors.length, 'parse error')}, but it parsed`);
  }
  if (!expectsParseErrors && hasParseErrors) {
    const errors = computed.parseErrors as { path?: unknown; expected?: unknown; received?: unknown }[];
    return fail(
      `expected an evaluation, but the project does not parse (${count(errors.length, 'parse error')}):`,
      ...errors.slice(0, MAX_DIFFERENCES).map((e) => `  ${String(e.path)}: expected ${String(e.expected)}${e.received === undefined ? '' : `, got ${String(e.received)}`}`),
    );
  }
  const differences = deepCompare(expected, computed);
  const billDifferences = await compareBill(dir, name);
  if (typeof billDifferences === 'string') return fail(billDifferences);
  if (differences.length === 0 && billDifferences.length === 0) return { name, passed: true, details: [] };
  const all = [...differences, ...billDifferences.map((d) => ({ ...d, path: `${BILL_SUFFIX.slice(1)} ${d.path}` }))];
  const shown = all.slice(0, MAX_DIFFERENCES).map((d) => `${d.path}: expected ${describeValue(d.expected)}, actual ${describeValue(d.actual)}`);
  if (all.length > MAX_DIFFERENCES) shown.push(`… and ${count(all.length - MAX_DIFFERENCES, 'more difference')}`);
  return { name, passed: false, details: shown };
}

/** Differences between `<name>.bill.json` (when it exists) and the recomputed bills; a string says why it could not compare. */
async function compareBill(dir: string, name: string): Promise<ReturnType<typeof deepCompare> | string> {
  const billFile = await readText(path.join(dir, name + BILL_SUFFIX));
  if (!billFile.ok) return billFile.missing ? [] : `cannot read ${name}${BILL_SUFFIX}: ${billFile.reason}`;
  let expected: Json;
  try {
    expected = JSON.parse(billFile.text) as Json;
  } catch (e) {
    return `${name}${BILL_SUFFIX} is not valid JSON: ${(e as Error).message}`;
  }
  const project = await readText(path.join(dir, name + PROJECT_SUFFIX));
  if (!project.ok) return `cannot read ${name}${PROJECT_SUFFIX}: ${project.reason}`;
  try {
    const actual = billFixtureResult(project.text, await loadCatalogue(undefined, dir, 'verify'));
    if (actual === undefined) return `${name}${BILL_SUFFIX} exists, but the project does not parse`;
    return deepCompare(expected, actual);
  } catch (e) {
    if (e instanceof UserError) throw e;
    return `the engine threw on the bill of ${name}${PROJECT_SUFFIX}: ${e instanceof Error ? e.message : String(e)}`;
  }
}

/** `--update` of a bill file: rewritten when it exists and differs, created for a project with configurations or product lists. */
async function updateBill(dir: string, name: string, io: CliIo): Promise<'unchanged' | 'updated' | 'created' | 'none'> {
  const project = await readText(path.join(dir, name + PROJECT_SUFFIX));
  if (!project.ok) return 'none';
  const parsed = parseProject(project.text);
  const file = path.join(dir, name + BILL_SUFFIX);
  const existing = await readText(file);
  if (!parsed.ok || (!existing.ok && !wantsBill(parsed.project))) return 'none';
  const actual = billFixtureResult(project.text, await loadCatalogue(undefined, dir, 'verify'));
  if (actual === undefined) return 'none';
  if (existing.ok) {
    try {
      if (deepCompare(JSON.parse(existing.text), actual).length === 0) return 'unchanged';
    } catch {
      // rewrite an unreadable bill file
    }
  }
  try {
    await writeFile(file, expectedText(actual), 'utf8');
  } catch (e) {
    throw new UserError(`verify: cannot write ${name}${BILL_SUFFIX}: ${describeFsError(e)}`);
  }
  writeLines(io.stdout, [`${existing.ok ? 'updated' : 'created'} ${name}${BILL_SUFFIX}`]);
  return existing.ok ? 'updated' : 'created';
}

/** `--update`: (re)writes every expected file whose content differs from the recomputed result. */
async function update(dir: string, names: readonly string[], orphans: readonly string[], io: CliIo): Promise<ExitCode> {
  let unchanged = 0;
  let updated = 0;
  let failed = 0;
  for (const name of names) {
    const actual = await actualResult(dir, name);
    if (!actual.ok) {
      failed++;
      writeLines(io.stdout, [`FAIL ${name}`, `  ${actual.reason}`]);
      continue;
    }
    const bill = await updateBill(dir, name, io);
    if (bill === 'updated' || bill === 'created') updated++;
    const file = path.join(dir, name + EXPECTED_SUFFIX);
    const existing = await readText(file);
    let same = false;
    if (existing.ok) {
      try {
        same = deepCompare(JSON.parse(existing.text), actual.value).length === 0;
      } catch {
        same = false;
      }
    }
    const note = isParseErrorsShape(actual.value) ? ` (the project does not parse: expecting ${count(actual.value.parseErrors.length, 'parse error')})` : '';
    if (same) {
      unchanged++;
      writeLines(io.stdout, [`ok  ${name}`]);
      continue;
    }
    try {
      await writeFile(file, expectedText(actual.value), 'utf8');
    } catch (e) {
      throw new UserError(`verify: cannot write ${name}${EXPECTED_SUFFIX}: ${describeFsError(e)}`);
    }
    updated++;
    writeLines(io.stdout, [`${existing.ok ? 'updated' : 'created'} ${name}${note}`]);
  }
  for (const name of orphans) {
    writeLines(io.stderr, [`warning: ${name}${EXPECTED_SUFFIX} has no ${name}${PROJECT_SUFFIX} (left in place)`]);
  }
  writeLines(io.stdout, [`${unchanged} unchanged, ${updated} updated${failed > 0 ? `, ${failed} failed` : ''}`]);
  return failed > 0 ? EXIT.FAILED : EXIT.OK;
}
