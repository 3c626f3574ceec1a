/**
 * docs/cli.md cannot rot: every `$ rainplan …` line of its `console` blocks is run from the
 * repository root, and the lines shown under it must follow in the output (stderr, then stdout;
 * `…` skips lines). Each calc kind has exactly one example, whose `json` input block equals its
 * file in fixtures/cli-examples/.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CALC_KINDS } from './calc/kinds.ts';
import { run } from './testing/run.ts';

const repo = fileURLToPath(new URL('../../', import.meta.url));
const doc = readFileSync(path.join(repo, 'docs/cli.md'), 'utf8');

interface Example {
  readonly line: number;
  readonly argv: string[];
  readonly shown: string[];
}

interface Block {
  readonly info: string;
  readonly line: number;
  readonly body: string[];
  /** The paragraph line before the block. */
  readonly before: string;
}

function blocks(text: string): Block[] {
  const lines = text.split('\n');
  const out: Block[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(\w*)$/.exec(lines[i]!);
    if (open === null) continue;
    const start = i;
    const body: string[] = [];
    for (i++; i < lines.length && lines[i] !== '```'; i++) body.push(lines[i]!);
    let b = start - 1;
    while (b >= 0 && lines[b]!.trim() === '') b--;
    out.push({ info: open[1] ?? '', line: start + 1, body, before: lines[b] ?? '' });
  }
  return out;
}

/** `$ rainplan calc trough fixtures/…` → argv (no quoting needed in the examples). */
function examples(): Example[] {
  const out: Example[] = [];
  for (const block of blocks(doc).filter((b) => b.info === 'console')) {
    let current: { line: number; argv: string[]; shown: string[] } | undefined;
    block.body.forEach((text, i) => {
      const command = /^\$ rainplan (.*)$/.exec(text);
      if (command !== null) {
        current = { line: block.line + i + 1, argv: command[1]!.trim().split(/\s+/), shown: [] };
        out.push(current);
      } else if (current !== undefined) {
        current.shown.push(text);
      } else {
        throw new Error(`docs/cli.md:${block.line + i + 1}: a console block must start with "$ rainplan …"`);
      }
    });
  }
  return out;
}

/** The lines shown must occur in order; `…` allows any lines in between (and at the ends). */
function followsIn(shown: readonly string[], actual: readonly string[]): string | undefined {
  let at = 0;
  let gap = true;
  for (const line of shown) {
    if (line === '…') {
      gap = true;
      continue;
    }
    const expected = line.trimEnd();
    if (gap) {
      while (at < actual.length && actual[at]!.trimEnd() !== expected) at++;
      if (at === actual.length) return `line not found: ${JSON.stringify(line)}`;
    } else if (actual[at]?.trimEnd() !== expected) {
      return `expected ${JSON.stringify(line)}, got ${JSON.stringify(actual[at] ?? '(end of output)')}`;
    }
    at++;
    gap = false;
  }
  return undefined;
}

const all = examples();
const shared = path.resolve(repo, '../shared/data');
const haveShared = existsSync(shared);
if (!haveShared && process.env['CI'] === 'true') throw new Error(`${shared} is missing: CI must provide ../shared/data`);

describe('docs/cli.md examples', () => {
  it('has runnable examples', () => {
    expect(all.length).toBeGreaterThan(CALC_KINDS.length);
  });

  it.each(all.map((e) => [`line ${e.line}: rainplan ${e.argv.join(' ')}`, e] as const))('%s', async (_name, example) => {
    if (!haveShared && example.argv.some((a) => a.startsWith('../shared/'))) {
      console.warn(`skipping docs/cli.md line ${example.line}: ${shared} is missing`);
      return;
    }
    const r = await run(example.argv, { cwd: repo });
    const isFailure = example.argv[0] === 'evaluate' && !example.argv.includes('--rain-data');
    expect(r.code, `${r.stderr}`).toBe(isFailure ? 1 : 0);
    const lines = (t: string) => (t === '' ? [] : t.replace(/\n$/, '').split('\n'));
    const actual = [...lines(r.stderr), ...lines(r.stdout)];
    expect(followsIn(example.shown, actual), `docs/cli.md line ${example.line}`).toBeUndefined();
  });

  it('has exactly one example per calc kind, with its input file shown as it is', () => {
    const jsonBlocks = blocks(doc).filter((b) => b.info === 'json');
    for (const kind of CALC_KINDS) {
      const file = `fixtures/cli-examples/${kind.name}.json`;
      const runs = all.filter((e) => e.argv[0] === 'calc' && e.argv[1] === kind.name);
      expect(runs.map((e) => e.argv.slice(2)), kind.name).toEqual([[file]]);
      const input = jsonBlocks.filter((b) => b.before.includes(`\`${file}\``));
      expect(input, `input block of ${file}`).toHaveLength(1);
      expect(JSON.parse(input[0]!.body.join('\n'))).toEqual(JSON.parse(readFileSync(path.join(repo, file), 'utf8')));
    }
  });

  it('documents every command and calc kind', () => {
    for (const command of ['evaluate', 'validate', 'verify', 'calc', 'rain lookup']) expect(doc).toContain(`\`rainplan ${command}`);
    for (const kind of CALC_KINDS) expect(doc).toContain(`### \`calc ${kind.name}\``);
  });

  it('followsIn matches in order with gaps', () => {
    expect(followsIn(['a', '…', 'c'], ['a', 'b', 'c'])).toBeUndefined();
    expect(followsIn(['a', 'c'], ['a', 'b', 'c'])).toBe('expected "c", got "b"');
    expect(followsIn(['…', 'x'], ['a'])).toBe('line not found: "x"');
  });
});
