/**
 * The `@example` blocks of the engine's TSDoc cannot rot (issue 19 part 4, decision 0132): every
 * block of every source file is compiled against the engine's public entry points, and every block
 * that needs nothing but the engine runs; a line `expression; // <number>` must give that number
 * (to the digits written).
 *
 * A block may use names of its own context (`series`, `table`, `params` …): they are not checked
 * beyond their use, but a *called* name that is not an engine export fails (a renamed function
 * shows up here).
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { ENGINE_DIR, entryPoints } from '../scripts/api-report.ts';

interface Example {
  readonly file: string;
  readonly line: number;
  readonly code: string;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'testing' ? [] : sourceFiles(full);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') && !name.endsWith('.d.ts') ? [full] : [];
  });
}

/** Every `@example` of the TSDoc comments of a file: the text up to the next tag or the comment's end. */
function examplesOf(file: string): Example[] {
  const text = readFileSync(file, 'utf8');
  const out: Example[] = [];
  for (const comment of text.matchAll(/\/\*\*[\s\S]*?\*\//g)) {
    const lines = comment[0].split('\n').map((l) => l.replace(/^\s*\/?\*\*?\/?\s?/, '').replace(/\s*\*\/$/, ''));
    const startLine = text.slice(0, comment.index).split('\n').length;
    for (let i = 0; i < lines.length; i++) {
      const m = /^@example\s?(.*)$/.exec(lines[i]!);
      if (m === null) continue;
      const body = m[1]!.trim() === '' ? [] : [m[1]!];
      let j = i + 1;
      for (; j < lines.length && !/^@\w/.test(lines[j]!); j++) body.push(lines[j]!);
      const code = body.join('\n').replace(/^```\w*\n?|```\s*$/gm, '').trim();
      if (code !== '') out.push({ file: path.relative(ENGINE_DIR, file), line: startLine + i, code });
      i = j - 1;
    }
  }
  return out;
}

const examples = sourceFiles(path.join(ENGINE_DIR, 'src')).flatMap(examplesOf);

/** Every export of the public entry points, with the entry it comes from (first entry wins). */
async function publicExports(): Promise<Map<string, { entry: string; value: unknown }>> {
  const names = new Map<string, { entry: string; value: unknown }>();
  for (const entry of entryPoints()) {
    const mod = (await import(entry.source)) as Record<string, unknown>;
    for (const [name, value] of Object.entries(mod)) if (!names.has(name)) names.set(name, { entry: entry.source, value });
  }
  return names;
}

/** Type names of the entry points (type-only exports are not visible at run time). */
function publicTypeNames(program: ts.Program): Map<string, string> {
  const checker = program.getTypeChecker();
  const out = new Map<string, string>();
  for (const entry of entryPoints()) {
    const sf = program.getSourceFile(entry.source);
    const symbol = sf === undefined ? undefined : checker.getSymbolAtLocation(sf);
    if (symbol === undefined) continue;
    for (const e of checker.getExportsOfModule(symbol)) if (!out.has(e.name)) out.set(e.name, entry.source);
  }
  return out;
}

const work = mkdtempSync(path.join(tmpdir(), 'rainplan-examples-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('TSDoc @example blocks', () => {
  it('there are examples to check', () => {
    expect(examples.length).toBeGreaterThan(30);
  });

  it('every example compiles against the public API, and the self-contained ones run with the results they state', async () => {
    const parsed = ts.getParsedCommandLineOfConfigFile(path.join(ENGINE_DIR, 'tsconfig.test.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined })!;
    // Examples are read by consumers with ordinary settings: the engine's extra strictness
    // (noUncheckedIndexedAccess, exactOptionalPropertyTypes) is not asked of them, names of the
    // example's own context are `any` (so a callback's parameter may be too), `console` exists.
    const options: ts.CompilerOptions = { ...parsed.options, noEmit: true, noUnusedLocals: false, noUnusedParameters: false, noUncheckedIndexedAccess: false, exactOptionalPropertyTypes: false, noImplicitAny: false, types: ['node'] };
    const entryProgram = ts.createProgram({ rootNames: entryPoints().map((e) => e.source), options });
    const types = publicTypeNames(entryProgram);
    const values = await publicExports();
    // One module per example, importing every public name it mentions.
    mkdirSync(work, { recursive: true });
    writeFileSync(path.join(work, 'package.json'), JSON.stringify({ type: 'module' }));
    const relative = (entry: string) => `./${path.relative(work, entry).split(path.sep).join('/')}`.replace(/^\.\/\.\.\//, '../');
    const files = examples.map((ex, i) => {
      const used = [...new Set(ex.code.match(/[A-Za-z_$][\w$]*/g) ?? [])].filter((n) => types.has(n));
      const byEntry = new Map<string, string[]>();
      for (const n of used) byEntry.set(types.get(n)!, [...(byEntry.get(types.get(n)!) ?? []), n]);
      const imports = [...byEntry].map(([entry, names]) => `import { ${names.map((n) => (values.has(n) ? n : `type ${n}`)).join(', ')} } from ${JSON.stringify(relative(entry))};`);
      const file = path.join(work, `example-${i}.ts`);
      writeFileSync(file, `${imports.join('\n')}\n${ex.code}\nexport {};\n`);
      return { ex, file, header: imports.length };
    });
    const program = ts.createProgram({ rootNames: files.map((f) => f.file), options });
    const failures: string[] = [];
    const free = new Map<string, Set<string>>();
    for (const { ex, file, header } of files) {
      const sf = program.getSourceFile(file)!;
      for (const d of [...program.getSyntacticDiagnostics(sf), ...program.getSemanticDiagnostics(sf)]) {
        const message = ts.flattenDiagnosticMessageText(d.messageText, ' ');
        const at = d.start === undefined ? 0 : sf.getLineAndCharacterOfPosition(d.start).line - header;
        // 2304/2552: cannot find name; 18004: no value for a shorthand property (`{ bill }`).
        if (d.code === 2304 || d.code === 2552 || d.code === 18004) {
          const name = /'([^']+)'/.exec(message)?.[1] ?? '';
          if (d.code === 18004) {
            free.set(file, (free.get(file) ?? new Set()).add(name));
            continue;
          }
          const called = d.start !== undefined && /^\s*\(/.test(sf.text.slice(d.start + name.length));
          if (!called) {
            free.set(file, (free.get(file) ?? new Set()).add(name));
            continue;
          }
        }
        failures.push(`${ex.file}:${ex.line + at} @example: ${message}`);
      }
    }
    // Run the examples that need nothing but the engine.
    let ran = 0;
    for (const { ex, file } of files) {
      if (free.has(file)) continue;
      const checked = ex.code
        .split('\n')
        .map((line) => {
          const m = /^(.*?);?\s*\/\/\s*(-?\d+(?:\.\d+)?)\s*$/.exec(line);
          return m === null || m[1]!.trim() === '' ? line : `__check((${m[1]}), ${JSON.stringify(m[2])});`;
        })
        .join('\n');
      const js = ts.transpileModule(checked, { compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext } }).outputText.replace(/^export \{\};?\s*$/m, '');
      const names = [...values.keys()];
      const check = (value: unknown, stated: string) => {
        const digits = stated.split('.')[1]?.length ?? 0;
        if (typeof value !== 'number' || Math.abs(value - Number(stated)) > 0.5 * 10 ** -digits + 1e-12) throw new Error(`gives ${String(value)}, the example says ${stated}`);
      };
      try {
        new Function('__check', ...names, js)(check, ...names.map((n) => values.get(n)!.value));
        ran++;
      } catch (error) {
        failures.push(`${ex.file}:${ex.line} @example does not run: ${(error as Error).message}`);
      }
    }
    expect(failures).toEqual([]);
    expect(ran).toBeGreaterThan(10);
  }, 300_000);
});
