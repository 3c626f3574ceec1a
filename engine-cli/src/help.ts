/** Help texts of `rainplan --help` and `rainplan <command> --help`. */

export const COMMANDS = ['evaluate', 'validate', 'verify'] as const;
export type Command = (typeof COMMANDS)[number];

const EXIT_CODES = `Exit codes:
  0   success: no error-severity issues, or every fixture matches
  1   the project has error-severity issues (evaluate, validate), or fixtures differ (verify)
  2   usage error or unreadable input: unknown command or option, missing file,
      invalid JSON, schema or reference errors in the project file
  70  internal error (a bug in rainplan; please report it)
`;

export const MAIN_HELP = `Usage: rainplan <command> [options]

Evaluate, validate and verify rainplan project files with the rainplan engine.

Commands:
  evaluate <file|->   Evaluate a project and print the results (table or JSON)
  validate <file|->   Check a project file: parse errors and data issues
  verify <dir>        Recompute fixture projects and compare them with their expected results
  help [command]      Show the help of rainplan or of a command

Options:
  -h, --help          Show this help
  -V, --version       Show the versions of rainplan, the engine and the project schema

A file argument of - reads the project from standard input.

${EXIT_CODES}
Run 'rainplan <command> --help' for the options of a command. Documentation: docs/cli.md
`;

const HELP: Record<Command, string> = {
  evaluate: `Usage: rainplan evaluate <file|-> [--format table|json]

Evaluates a project file with the engine: connected areas, drains, DWA-M 153 / DWA-A 102-2
assessments, measures, completion and data issues.

Options:
  -f, --format <format>  table (default): a readable report of surfaces, purifications, measures
                         and issues; values not set print as ---.
                         json: the engine's Evaluation object as JSON.
  -h, --help             Show this help

Parse errors of the file are printed to stderr as
  <file>: <json path>: expected <expected>, got <received>

${EXIT_CODES}
Examples:
  rainplan evaluate fixtures/projects/example.project.json
  rainplan evaluate --format json project.json > evaluation.json
  cat project.json | rainplan evaluate -
`,
  validate: `Usage: rainplan validate <file|-> [--format table|json]

Checks a project file without printing the results: prints ok, or each problem:
  <file>: <json path>: expected <expected>, got <received>          (parse errors, exit 2)
  <file>: error <CODE> at node <id>, field <field>: <message key>   (data issues, exit 1)
Warnings are printed too but do not fail validation.

Options:
  -f, --format <format>  table (default): one line per problem.
                         json: { file, ok, parseErrors, issues }.
  -h, --help             Show this help

${EXIT_CODES}
Examples:
  rainplan validate project.json
  rainplan validate --format json - < project.json
`,
  verify: `Usage: rainplan verify <dir> [--update]

Fixture regression test. Every <dir>/<name>.project.json has a sibling <name>.expected.json with
the JSON of evaluate(project) without its engineVersion field, or { "parseErrors": [...] } for a
deliberately invalid project. verify recomputes each fixture and compares deeply (numbers equal
within a relative 1e-9 or an absolute 1e-12; a key present on one side only is a difference).

Prints "ok  <name>" or "FAIL <name>" with the first ${20} differing JSON paths, then
"N passed, M failed".

Options:
  -u, --update  Rewrite the expected files from the current engine instead of comparing
                (for intentional changes; review the diff before committing)
  -h, --help    Show this help

Exit codes:
  0   every fixture matches (or --update succeeded)
  1   a fixture differs, has no expected file, or cannot be recomputed
  2   usage error, or the directory is missing or holds no fixtures
  70  internal error

Examples:
  rainplan verify fixtures/projects
  rainplan verify --update fixtures/projects
`,
};

export function commandHelp(command: Command): string {
  return HELP[command];
}

export function isCommand(name: string): name is Command {
  return (COMMANDS as readonly string[]).includes(name);
}
