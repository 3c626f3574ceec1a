/**
 * Help texts of `rainplan <command> --help` and the fixed parts of `rainplan --help`; its list of
 * commands comes from the registry (commands/registry.ts).
 */
import { CALC_KINDS } from './calc/kinds.ts';

const EXIT_CODES = `Exit codes:
  0   success: no error-severity issues, every fixture matches, the calculation was computed,
      the cell was found
  1   the project has error-severity issues (evaluate, validate), fixtures differ (verify),
      the calculation is not computable (calc), the position lies outside the KOSTRA grid
      (rain lookup)
  2   usage error or unreadable input: unknown command or option, missing file,
      invalid JSON, schema or reference errors in the project file, a calc input that does
      not fit its kind, a directory without KOSTRA files, --rain-data for a location outside
      the grid
  3   the position lies in a KOSTRA cell without data (rain lookup, evaluate --rain-data);
      the message names the cell
  70  internal error (a bug in rainplan; please report it)
`;

/** `rainplan --help` above the list of commands. */
export const MAIN_HELP_INTRO = `Usage: rainplan <command> [options]

Evaluate, validate and verify rainplan project files, run the engine's standard calculations
and look KOSTRA rain data up with the rainplan engine.

`;

/** `rainplan --help` below the list of commands. */
export const MAIN_HELP_OPTIONS = `
Options:
  -h, --help              Show this help
  -V, --version           Show the versions of rainplan, the engine and the project schema

A file argument of - reads the project (or calc input) from standard input.

${EXIT_CODES}
Run 'rainplan <command> --help' for the options of a command. Documentation: docs/cli.md
`;

export const BOXES_HELP = `Usage: rainplan boxes <file|-> [--configuration <id>] [--lang de|en] [--no-prices]
                     [--catalogue <dir>] [--format table|json]

For each box configuration of a project (or the one --configuration names): net and gross
volume, the envelope L × B × H, surface area, foil + fleece (retention) or geotextile
(infiltration) in sales units, construction pit and cover with the ground-level and plant-bottom
checks, the items skipped on load, and the priced bill of materials (boxes, shafts and their
options, side wall plates per outer face, connectors, adapters and plants per connection,
materials, additional products). Prices are list prices excluding VAT of the catalogue.

Options:
  -c, --configuration <id>  only this configuration (unknown id: exit 2)
  --lang <de|en>            texts of the bill lines (default de)
  --no-prices               bill without unit and total prices
  --catalogue <dir>         products.json and boxes.json of a catalogue (default: the demo
                            catalogue fixtures/catalogue of this repository, invented prices)
  -f, --format <format>     table (default) or json: { file, currency, configurations: [{ id,
                            name, measureId, stormwaterObjective, volumes, skipped, quantities,
                            bill }] }
  -h, --help                Show this help

Exit codes:
  0   every configuration was read completely and its checks pass
  1   an item was skipped, something was left out of a bill (unknown type, option, product,
      impossible connection) or a check has severity error
  2   usage error or unreadable input (missing file, invalid JSON, schema errors, invalid
      catalogue, unknown configuration id)
  70  internal error

Examples:
  rainplan boxes fixtures/projects/box-configurations.project.json
  rainplan boxes --configuration c-hof --lang en --format json project.json
`;

export const MASSLIST_HELP = `Usage: rainplan masslist <file|-> [--group-by none|measure|configuration | --measure <id> |
                        --configuration <id>] [--prices] [--lang de|en]
                        [--format table|json|csv|xlsx|pdf] [--output <file>] [--date YYYY-MM-DD]
                        [--catalogue <dir>] [--branding <dir>]

The mass list of a project: every measure with its box configuration (or, without one, its own
list: box block, pipe tank, retention pipe, trough), every custom configuration and the
additional products, as product lines (article, order number, text, quantity, unit and, with
--prices, unit price and total rounded half-up to cents; sums exact). With --measure or
--configuration, the list of that one measure or configuration. xlsx and pdf are the files of the
documents page (the same engine code): Excel with number cells, group subtotals and the total as
values equal to the bill; PDF on A4 (landscape with prices).

Options:
  -g, --group-by <g>     none (default: one list), measure (one group per measure, then custom
                         configurations) or configuration (one group per configuration, then
                         what the measures add)
  -m, --measure <id>     the list of one measure (with its configuration and products)
  -c, --configuration <id>
                         the list of one box configuration (items and its additional products)
  -p, --prices           with unit prices, line, group and grand totals (list prices excluding VAT)
  --lang <de|en>         texts of the lines and labels of the files (default de)
  -f, --format <format>  table (default), json (the engine's BillOfMaterials), csv (one row per
                         line, comma-separated, decimal points, header in English), xlsx or pdf
  -o, --output <file>    where xlsx or pdf go (default: stdout)
  --date <YYYY-MM-DD>    the date printed on xlsx and pdf (default: today, UTC); the same input
                         and date give the same file
  --catalogue <dir>      products.json and boxes.json of a catalogue (default: the demo catalogue)
  --branding <dir>       with --format pdf: an operator's branding folder (branding.json and its
                         SVG logo, see docs/branding.md): the logo and company head the PDF, as on
                         the report (default: none; the repository's demo is fixtures/branding/demo)
  -h, --help             Show this help

Exit codes:
  0   the list is complete
  1   something was left out (issues printed to stderr; in JSON under "issues"); files are written
  2   usage error or unreadable input
  70  internal error

Examples:
  rainplan masslist fixtures/projects/box-configurations.project.json --group-by measure --prices
  rainplan masslist project.json --lang en --format csv > masslist.csv
  rainplan masslist project.json -g measure -p --format xlsx -o masslist.xlsx
  rainplan masslist project.json --configuration c-hof --format pdf -o hof.pdf
`;

export const GAEB_HELP = `Usage: rainplan gaeb <file|-> --phase 81|82 [--format xml|gaeb90] [--lang de|en]
                    [--group-by measure|configuration] [--date YYYY-MM-DD] [-o <file>]
                    [--catalogue <dir>]

The project's service catalogue (Leistungsverzeichnis, tender texts) as a GAEB file: one section
(Titel) per measure with its box configuration and one per custom configuration, one item per
product line of the mass list with its quantity, unit, short text (the product's name), long text
and article number; ordinal numbers 01.0010, 01.0020, … (mask 11PPPP, widened when a bill needs
more digits). Prices are the catalogue's list prices excluding VAT.

Options:
  --phase <81|82>           81: bill of quantities without prices (Leistungsbeschreibung);
                            82: with unit prices, item, section and grand totals (Kostenanschlag)
  -f, --format <format>     xml (default): GAEB DA XML 3.3 (.X81 / .X82, UTF-8);
                            gaeb90: GAEB 90 (.D81 / .D82, 80-column records in code page 850)
  --lang <de|en>            texts of the items (default de)
  -g, --group-by <grouping> sections per measure (default) or per configuration
  --date <YYYY-MM-DD>       date written into the file (default today, UTC)
  -o, --output <file>       write the file there (default: the bytes go to stdout)
  --catalogue <dir>         products.json and boxes.json of a catalogue (default: the demo
                            catalogue fixtures/catalogue of this repository, invented prices)
  -h, --help                Show this help

Texts the format cannot hold (units over 4 characters, characters outside code page 850) are
shortened or replaced and reported on stderr as warnings.

Exit codes:
  0   the file was written
  1   something was left out of the bill (unknown product, missing dimensions: listed on stderr;
      the file is still written), or a quantity, amount or ordinal number does not fit the format
      (nothing written)
  2   usage error or unreadable input (missing or invalid --phase, --format, --lang, --date;
      missing file, invalid JSON, schema errors, invalid catalogue)
  70  internal error

Examples:
  rainplan gaeb fixtures/projects/box-configurations.project.json --phase 81 -o lv.X81
  rainplan gaeb project.json --phase 82 --format gaeb90 --lang en -o lv.D82
`;

export const REPORT_HELP = `Usage: rainplan report <file|-> [-o <file.pdf>] [--lang de|en] [--planner <name>]
                      [--date YYYY-MM-DD] [--catalogue <dir>] [--branding <dir>]

The dimensioning report of a project as PDF, made by the same engine code as the documents page:
cover page, contents, site and rain data, connected surfaces, treatment assessments (DWA-M 153,
DWA-A 102-2), every measure with inputs, results, checks and its volume chart, flooding checks
(per measure and DIN 1986-100 for the site) with the calculation path (each equation with its
values), box configurations with drawings on landscape pages and the bill of materials summary.
Without rain data (or with a treatment facility the project does not have)
the file is a message page that says what is missing and what to do.

Options:
  -o, --output <file>    where the PDF goes (default: stdout)
  --lang <de|en>         language of the report and its numbers (default de: decimal comma)
  --planner <name>       the planner named on the cover (1 to 200 characters)
  --date <YYYY-MM-DD>    the date of the report (default: today, UTC); the same input and date
                         give the same file
  --catalogue <dir>      products.json and boxes.json of a catalogue for the drawings and the
                         bill (default: the demo catalogue)
  --branding <dir>       an operator's branding folder (branding.json and its SVG logo, see
                         docs/branding.md): the logo on the cover and the sales contacts
                         (default: none; the repository's demo is fixtures/branding/demo)
  -h, --help             Show this help

Exit codes:
  0   the report is written
  1   the report is written, but only as a message page (no rain data, a missing treatment
      facility); the problems are printed to stderr
  2   usage error or unreadable input (missing file, invalid JSON, schema errors, invalid
      catalogue, unwritable output)
  70  internal error

Examples:
  rainplan report fixtures/projects/box-configurations.project.json -o report.pdf
  rainplan report project.json --lang en --planner "J. Doe" --date 2026-11-25 -o report-en.pdf
`;

export const VARIANTS_HELP = `Usage: rainplan variants <file|-> --measure <id> [--format text|json|pdf] [--output <file>]
                        [--lang de|en] [--date YYYY-MM-DD] [--catalogue <dir> | --no-prices]

Compares the variants of a measure (project file version 3, docs/project-file.md): one row for
the chosen variant and one per variant, each sized by the engine with that variant chosen:
required and available volume, required tank length, footprint, depth, draining time, extra
flooding volume, verdict, whether the upper end of the rain's uncertainty is covered, the
material cost (the measure's bill of materials at list prices, net) and, under each variant, the
difference to the chosen one. pdf is the printable comparison (A4 landscape), the same engine code
as in the app.

Options:
  -m, --measure <id>     the measure (required)
  -f, --format <format>  text (default), json (the engine's VariantComparison) or pdf
  -o, --output <file>    write to <file> instead of stdout
  --lang <de|en>         labels and number format of text and pdf, texts of the bill (default de)
  --date <YYYY-MM-DD>    the date printed on text and pdf (default: today, UTC)
  --catalogue <dir>      products.json and boxes.json of a catalogue (default: the demo catalogue)
  --no-prices            compare without cost (no catalogue)
  -h, --help             Show this help

Exit codes:
  0   the comparison was written
  1   a variant's bill left something out (issues printed to stderr; in JSON under billIssues)
  2   usage error or unreadable input (unknown measure, invalid file or catalogue)
  70  internal error

Examples:
  rainplan variants fixtures/projects/measure-variants.project.json --measure m-versickerung
  rainplan variants project.json -m m1 --lang en --format pdf -o variants.pdf
  rainplan variants project.json -m m1 --format json --no-prices
`;

export const EVALUATE_HELP = `Usage: rainplan evaluate <file|-> [--format table|json] [--rain-data <dir>]

Evaluates a project file with the engine: connected areas, drains, DWA-M 153 / DWA-A 102-2
assessments, sizing of the measures, completion and data issues. The rain data is the project's
own rainData, or with --rain-data the cell of the project's location in a directory of DWD files.

Options:
  -f, --format <format>  table (default): a readable report of surfaces, purifications, measures,
                         each measure's rain uncertainty band (required volume at the lower and
                         upper end of the rain's uncertainty) and issues; values not set print as ---.
                         json: the engine's Evaluation object as JSON.
  --rain-data <dir>      look project.location up in the DWD KOSTRA files of <dir> (either
                         edition, see 'rainplan rain --help') and use that cell's series instead
                         of the file's rainData; a note on stderr names the dataset and cell
  --rain-edition <ed>    KOSTRA-DWD-2010R or KOSTRA-DWD-2020: force the edition of <dir>
  -h, --help             Show this help

Parse errors of the file are printed to stderr as
  <file>: <json path>: expected <expected>, got <received>

${EXIT_CODES}
Examples:
  rainplan evaluate fixtures/projects/example.project.json
  rainplan evaluate --format json project.json > evaluation.json
  cat project.json | rainplan evaluate -
`;

export const VALIDATE_HELP = `Usage: rainplan validate <file|-> [--format table|json]

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
`;

export const VERIFY_HELP = `Usage: rainplan verify <dir>... [--update]

Fixture regression test over one or more directories.

Project fixtures: every <dir>/<name>.project.json has a sibling <name>.expected.json with the JSON
of evaluate(project) without its engineVersion field, or { "parseErrors": [...] } for a
deliberately invalid project. verify recomputes each fixture and compares deeply (numbers equal
within a relative 1e-9 or an absolute 1e-12; a key present on one side only is a difference).

Worked examples: every other <dir>/<name>.json with a "calc" block { "kind", "input", "checks" }
is run through 'rainplan calc <kind>', and each check { "path", "published", "tolerance" } must
hold: |result at path − published| ≤ tolerance (the published rounding).

Prints "ok  <name>" or "FAIL <name>" with the first ${20} differences, then "N passed, M failed".

Options:
  -u, --update  Rewrite the expected files of project fixtures from the current engine instead
                of comparing (for intentional changes; review the diff before committing).
                Worked examples are never rewritten: their figures are published.
  -h, --help    Show this help

Exit codes:
  0   every fixture matches (or --update succeeded)
  1   a fixture differs, has no expected file, or cannot be recomputed
  2   usage error, or the directory is missing or holds no fixtures
  70  internal error

Examples:
  rainplan verify fixtures/projects fixtures/worked-examples
  rainplan verify --update fixtures/projects
`;

export const CALC_HELP = `Usage: rainplan calc <kind> <file|->
       rainplan calc <kind> --help

Runs one standard calculation of the engine on a JSON input and prints the result as JSON: the
inputs echoed (with defaults), the results (units in the key names: …M2, …M3, …LsHa, …Min, …H),
the governing duration, the rule edition and any issues. Give exactly a textbook's inputs to
reproduce its example: areas, coefficients, k_f, the rain yield of one duration (or a series),
f_Z (or a safety margin in %), chosen dimensions, edition (DWA-A 138-1:2024 default, DWA-A 138:2005).

Kinds:
${CALC_KINDS.map((k) => `  ${k.name.padEnd(21)} ${k.title}`).join('\n')}

Input errors name the JSON path and what was expected, e.g.
  input.json: $.kfMs: expected a number > 0 (m/s), got "1e-5"

Exit codes:
  0   computed
  1   not computable with these inputs (an issue of severity error; e.g. infiltration
      insufficient, no KOSTRA cell at the position)
  2   usage error, unreadable file, invalid JSON or an input that does not fit the kind
  70  internal error

Examples:
  rainplan calc trough fixtures/cli-examples/trough.json
  echo '{"latitude": 48.137, "longitude": 11.575}' | rainplan calc kostra-cell -
`;

export const RAIN_LOOKUP_HELP = `Usage: rainplan rain lookup --data <dir> --lat <deg> --lon <deg> [--format json|table|rain-data]
                           [--edition KOSTRA-DWD-2010R|KOSTRA-DWD-2020]

Looks a position (WGS84) up in a directory of DWD KOSTRA files and prints its cell and the table
r(D,T) (with hN and, where the dataset has it, the uncertainty UC in ± %).

The directory holds either edition; it is detected from the file names (2010R / 2020):
  KOSTRA-DWD-2010R  StatRR_KOSTRA-DWD-2010R_Dxxxx.dbf per duration, the grid
                    StatRR_KOSTRA-DWD-2010R_grid.shp (+ .shx) and its .prj
  KOSTRA-DWD-2020   per-duration GIS attribute tables (.dbf with INDEX_RC, HN_/RN_/UC_ fields,
                    duration in the name, e.g. …_D00015.dbf) and/or Parameter_KOSTRA-DWD-2020.csv
                    (the table then follows from the cell's five parameters)

Options:
  -d, --data <dir>       the directory of DWD files
  --lat <deg>            latitude, degrees north
  --lon <deg>            longitude, degrees east
  -f, --format <format>  json (default): { dataset, position, cell, annualitiesA, table }
                         table: readable tables of r, hN and UC
                         rain-data: the cell's series as a project file's rainData
  --edition <edition>    force the edition instead of detecting it
  -h, --help             Show this help

Exit codes:
  0   found
  1   the position lies outside the edition's grid (OUTSIDE_GRID)
  2   usage error, or the directory is missing or holds no readable KOSTRA files
  3   the position lies inside the grid in a cell the files hold no data for (sea, abroad,
      files of part of the grid): the message names the cell (CELL_WITHOUT_DATA)
  70  internal error

DWD publishes the files at https://opendata.dwd.de/climate_environment/CDC/grids_germany/
return_periods/precipitation/KOSTRA/ (CC BY 4.0); the repository ships one KOSTRA-DWD-2020 cell.

Example (that cell, Sylt):
  rainplan rain lookup --data fixtures/rain/kostra-dwd-2020-gis --lat 55.069 --lon 8.537 --format table
`;
