/**
 * What a person who clones rainplan reads must stand on its own:
 * - every citation of a design note resolves inside the repository: no path under `design/` or
 *   `../shared/design/`, no bare `domain.md`, and `configurator.md` / `documents.md` only where
 *   they name docs/configurator.md and docs/documents.md (the repository's own references);
 * - code and docs speak of the code, not of who wrote it: no team roles ("owner: engineer (b)").
 * Both over the source and documentation files of the whole tree (node_modules, builds and
 * screenshots excepted).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
const SKIP_DIRS = new Set(['node_modules', 'dist', '.git', '.turbo', 'coverage', 'screens', '.vite']);
const TEXT_FILES = /\.(?:ts|tsx|js|mjs|cjs|md|json|css|html|ya?ml)$/;
const THIS_FILE = path.relative(ROOT, import.meta.filename);

function* textFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name)) yield* textFiles(path.join(dir, entry.name));
    } else if (TEXT_FILES.test(entry.name)) {
      yield path.join(dir, entry.name);
    }
  }
}

interface Finding {
  readonly file: string;
  readonly line: number;
  readonly text: string;
}

function findings(check: (line: string, file: string) => string | undefined): Finding[] {
  const out: Finding[] = [];
  for (const absolute of textFiles(ROOT)) {
    const file = path.relative(ROOT, absolute);
    if (file === THIS_FILE) continue;
    readFileSync(absolute, 'utf8')
      .split('\n')
      .forEach((text, i) => {
        const found = check(text, file);
        if (found !== undefined) out.push({ file, line: i + 1, text: found });
      });
  }
  return out;
}

const DESIGN_PATH = /(?:\.\.\/)*(?:shared\/)?design\/[\w.-]+\.md|shared\/design\b/;
const BARE_NOTE = /(?<![\w/.-])(?:domain|architecture|style)\.md\b/;
/** `configurator.md` or `documents.md` with the path in front of it, if any. */
const OWN_REFERENCE = /(?<![\w.-])((?:[\w.-]+\/)*)(configurator|documents)\.md\b/g;

/** Why a line cites a file outside the repository, or undefined. */
export function outsideCitation(line: string, file: string): string | undefined {
  const design = DESIGN_PATH.exec(line) ?? BARE_NOTE.exec(line);
  if (design !== null) return design[0];
  for (const match of line.matchAll(OWN_REFERENCE)) {
    const cited = `${match[1] ?? ''}${match[2]}.md`;
    const resolves = [path.join(ROOT, path.dirname(file), cited), path.join(ROOT, cited)].some(
      (candidate) => candidate.startsWith(ROOT + path.sep) && existsSync(candidate),
    );
    if (!resolves) return cited;
  }
  return undefined;
}

const TEAM_ROLE =
  /\bengineers? \(|\bengineer [a-d]\d?\b|\bowner: (?:engineer|\([a-d]\d?\))|\b(?:other|another|every|seven) engineers?\b|\b(?:dimensioning|catalogue|document's) engineer|\blead's decision/i;

/** The team role a line names, or undefined. */
export function teamRole(line: string): string | undefined {
  return TEAM_ROLE.exec(line)?.[0];
}

const show = (list: readonly Finding[]) => list.map((f) => `${f.file}:${f.line}: ${f.text}`).join('\n');

describe('the repository text', () => {
  it('cites no design note outside the repository', () => {
    const found = findings(outsideCitation);
    expect(show(found)).toBe('');
  });

  it('names no team roles', () => {
    const found = findings((line) => teamRole(line));
    expect(show(found)).toBe('');
  });
});

describe('the checks themselves', () => {
  it('find a design note outside the repository, and accept the repository own references', () => {
    expect(outsideCitation('see design/domain.md section 3', 'engine/src/x.ts')).toBe('design/domain.md');
    expect(outsideCitation('(../shared/design/configurator.md)', 'web/src/x.ts')).toBe('../shared/design/configurator.md');
    expect(outsideCitation('the domain.md consistency case', 'engine/src/x.ts')).toBe('domain.md');
    expect(outsideCitation('configurator.md "Scale"', 'engine/src/x.ts')).toBe('configurator.md');
    expect(outsideCitation('docs/configurator.md "Scale"', 'engine/src/x.ts')).toBeUndefined();
    expect(outsideCitation('[box configurator](configurator.md)', 'docs/cli.md')).toBeUndefined();
    expect(outsideCitation('docs/calculation-reference.md §3', 'engine/src/x.ts')).toBeUndefined();
    expect(outsideCitation('[0112](0112-plants-for-the-configurator.md)', 'docs/decisions/README.md')).toBeUndefined();
    expect(outsideCitation('engine/src/documents/index.ts', 'engine/src/x.ts')).toBeUndefined();
  });

  it('find a team role, not a planner who is an engineer', () => {
    expect(teamRole(' * Owner: engineer (c).')).toBe('Owner: engineer');
    expect(teamRole('(engineer a): landing')).toBe('engineer a');
    expect(teamRole('while other engineers\' test runs')).toBe('other engineers');
    expect(teamRole("Lead's decision: on software renderers")).toBe("Lead's decision");
    expect(teamRole('An engineer reproduces a textbook example')).toBeUndefined();
    expect(teamRole('throw new EngineError(…)')).toBeUndefined();
  });
});
