/**
 * The API report of @rainplan/engine (issue 19 part 4, decision 0133): for every subpath export of
 * package.json, the exported declarations as TypeScript declarations (comments removed, sorted by
 * name) in `engine/api-report/<entry>.api.md`, stamped with the engine version. Committed; a change
 * of the public API shows up as a diff of these files in review.
 *
 * The declarations are emitted from the sources into a temporary directory (nothing is read from
 * dist/), then read back with the TypeScript compiler.
 *
 * Usage (Node 24):
 *   npm run -w @rainplan/engine api-report        write the report files
 *   node engine/scripts/api-report.ts --check     exit 1 when the public API differs from the
 *                                                 report without a version bump and changelog entry
 * The test src/apiReport.test.ts runs the same check in `npm test`.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export const ENGINE_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const REPORT_DIR = path.join(ENGINE_DIR, 'api-report');

interface PackageJson {
  readonly version: string;
  readonly exports: Record<string, string | Record<string, string>>;
}

const readPackage = (): PackageJson => JSON.parse(readFileSync(path.join(ENGINE_DIR, 'package.json'), 'utf8')) as PackageJson;

/**
 * The package's published entry points: subpath (`.`, `./rain` …), source file, report name
 * (`index`, `rain` …). A subpath declared only under the `@rainplan/source` condition, without a
 * built `default` (`./testing`: the repository's shared test helpers), is not published and has
 * no report and no API docs.
 */
export function entryPoints(): { subpath: string; source: string; name: string }[] {
  const pkg = readPackage();
  const out: { subpath: string; source: string; name: string }[] = [];
  for (const [subpath, target] of Object.entries(pkg.exports)) {
    if (typeof target !== 'object' || target['@rainplan/source'] === undefined || target['default'] === undefined) continue;
    out.push({ subpath, source: path.join(ENGINE_DIR, target['@rainplan/source']), name: subpath === '.' ? 'index' : subpath.slice(2).replace(/\//g, '-') });
  }
  return out.sort((a, b) => a.name.localeCompare(b.name));
}

const printer = ts.createPrinter({ removeComments: true, newLine: ts.NewLineKind.LineFeed });

function declarationText(decl: ts.Declaration): string {
  const sf = decl.getSourceFile();
  if (ts.isVariableDeclaration(decl)) {
    const list = decl.parent;
    const keyword = ts.isVariableDeclarationList(list) && (list.flags & ts.NodeFlags.Const) !== 0 ? 'const' : 'let';
    return `export declare ${keyword} ${printer.printNode(ts.EmitHint.Unspecified, decl, sf)};`;
  }
  const text = printer.printNode(ts.EmitHint.Unspecified, decl, sf);
  return /^export /.test(text) ? text : `export ${text}`;
}

/** The report text of every entry point: file name → Markdown. */
export function generateApiReports(): Map<string, string> {
  const pkg = readPackage();
  const entries = entryPoints();
  const parsed = ts.getParsedCommandLineOfConfigFile(path.join(ENGINE_DIR, 'tsconfig.json'), {}, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (d) => {
      throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    },
  });
  if (parsed === undefined) throw new Error('engine/tsconfig.json could not be read');
  const out = mkdtempSync(path.join(tmpdir(), 'rainplan-api-report-'));
  try {
    const options: ts.CompilerOptions = {
      ...parsed.options,
      noEmit: false,
      declaration: true,
      emitDeclarationOnly: true,
      declarationMap: false,
      sourceMap: false,
      rootDir: path.join(ENGINE_DIR, 'src'),
      outDir: out,
    };
    const program = ts.createProgram({ rootNames: entries.map((e) => e.source), options });
    const emitted = program.emit(undefined, undefined, undefined, true);
    const problems = [...ts.getPreEmitDiagnostics(program), ...emitted.diagnostics].filter((d) => d.category === ts.DiagnosticCategory.Error);
    if (problems.length > 0) throw new Error(`the engine does not compile:\n${ts.formatDiagnostics(problems.slice(0, 10), { getCanonicalFileName: (f) => f, getCurrentDirectory: () => ENGINE_DIR, getNewLine: () => '\n' })}`);
    const dtsOf = (source: string) => path.join(out, path.relative(path.join(ENGINE_DIR, 'src'), source)).replace(/\.ts$/, '.d.ts');
    const dtsProgram = ts.createProgram({
      rootNames: entries.map((e) => dtsOf(e.source)),
      options: { ...parsed.options, noEmit: true, types: [], customConditions: [] },
    });
    const checker = dtsProgram.getTypeChecker();
    const reports = new Map<string, string>();
    for (const entry of entries) {
      const sf = dtsProgram.getSourceFile(dtsOf(entry.source));
      const moduleSymbol = sf === undefined ? undefined : checker.getSymbolAtLocation(sf);
      if (moduleSymbol === undefined) throw new Error(`no declarations for ${entry.subpath}`);
      const blocks: string[] = [];
      for (const exported of [...checker.getExportsOfModule(moduleSymbol)].sort((a, b) => a.name.localeCompare(b.name))) {
        const target = (exported.flags & ts.SymbolFlags.Alias) !== 0 ? checker.getAliasedSymbol(exported) : exported;
        const decls = target.declarations ?? [];
        const renamed = target.name !== exported.name && target.name !== 'default' ? ` (declared as ${target.name})` : '';
        blocks.push([`// ${exported.name}${renamed}`, ...decls.map(declarationText)].join('\n'));
      }
      const module = entry.subpath === '.' ? '@rainplan/engine' : `@rainplan/engine/${entry.subpath.slice(2)}`;
      reports.set(
        `${entry.name}.api.md`,
        [
          `# API report: \`${module}\``,
          '',
          `Engine version: ${pkg.version}`,
          '',
          'Generated by `npm run -w @rainplan/engine api-report` from the TypeScript declarations of the',
          'sources (comments removed, exports sorted by name). Do not edit: a change here is a change of',
          'the public API and needs a version bump and a CHANGELOG entry (decision 0133).',
          '',
          '```ts',
          blocks.join('\n\n'),
          '```',
          '',
        ].join('\n'),
      );
    }
    return reports;
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

/** The committed report files: file name → text. */
export function committedApiReports(): Map<string, string> {
  const files = existsSync(REPORT_DIR) ? readdirSync(REPORT_DIR).filter((f) => f.endsWith('.api.md')) : [];
  return new Map(files.map((f) => [f, readFileSync(path.join(REPORT_DIR, f), 'utf8')]));
}

const withoutVersion = (text: string) => text.replace(/^Engine version: .*$/m, '');

/** Result of comparing the sources' API with the committed report. */
export type ApiReportCheck =
  | { readonly status: 'same' }
  | { readonly status: 'changed-with-release'; readonly version: string; readonly files: readonly string[] }
  | { readonly status: 'changed'; readonly files: readonly string[]; readonly message: string };

/**
 * Compares the generated report with the committed one. A difference is allowed only when the
 * package version differs from the version the committed report was made for AND
 * CHANGELOG.md has a `## <version>` heading for the new version.
 */
export function checkApiReports(generated = generateApiReports(), committed = committedApiReports(), changelog = readFileSync(path.join(ENGINE_DIR, 'CHANGELOG.md'), 'utf8'), version = readPackage().version): ApiReportCheck {
  const names = new Set([...generated.keys(), ...committed.keys()]);
  const files = [...names].filter((n) => withoutVersion(generated.get(n) ?? '') !== withoutVersion(committed.get(n) ?? '')).sort();
  if (files.length === 0) return { status: 'same' };
  const reportedVersions = new Set([...committed.values()].map((t) => /^Engine version: (.*)$/m.exec(t)?.[1]).filter((v): v is string => v !== undefined));
  const bumped = reportedVersions.size > 0 && !reportedVersions.has(version);
  const escaped = version.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const logged = new RegExp(`^## ${escaped}(\\s|$)`, 'm').test(changelog);
  if (bumped && logged) return { status: 'changed-with-release', version, files };
  const why = !bumped
    ? `the package version is still ${version}, the version of the committed report`
    : `engine/CHANGELOG.md has no "## ${version}" entry`;
  return {
    status: 'changed',
    files,
    message:
      `The public API of @rainplan/engine differs from engine/api-report/ (${files.join(', ')}), and ${why}. ` +
      'Bump the version in engine/package.json, add its entry to engine/CHANGELOG.md, then run `npm run -w @rainplan/engine api-report` and commit the report.',
  };
}

const isMain = process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  if (process.argv.includes('--check')) {
    const result = checkApiReports();
    if (result.status === 'changed') {
      console.error(result.message);
      process.exit(1);
    }
    console.log(result.status === 'same' ? 'api-report: the public API equals the committed report' : `api-report: API changed for release ${result.version}; regenerate the report`);
  } else {
    const reports = generateApiReports();
    mkdirSync(REPORT_DIR, { recursive: true });
    for (const f of committedApiReports().keys()) if (!reports.has(f)) rmSync(path.join(REPORT_DIR, f));
    for (const [f, text] of reports) writeFileSync(path.join(REPORT_DIR, f), text);
    console.log(`wrote ${reports.size} files to ${path.relative(process.cwd(), REPORT_DIR) || REPORT_DIR}`);
  }
}
