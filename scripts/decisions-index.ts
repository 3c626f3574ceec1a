/**
 * The index of the decision records, docs/decisions/README.md, generated from the records.
 *
 *   npm run docs:decisions            writes the index
 *   npm run docs:decisions -- --check fails (exit 1) when the index is not the generated one
 *
 * A record is `docs/decisions/NNNN-short-title.md` whose first line is `# NNNN — Title` (older
 * records use `# NNNN: Title` or `# NNNN Title`). Its status is "accepted" unless a line
 * `**Status.** …` right below the heading says otherwise:
 *
 *   **Status.** Superseded by [0200](0200-shared-report-names-the-planner.md).
 *   **Status.** Amended by [0185](0185-…md) and [0187](0187-…md).
 *
 * "Superseded" means the later record replaces this one as a whole; "amended" that it replaces
 * a part (the record says which part where it matters). Numbers between 0001 and the highest
 * record that no record carries are listed as never used.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const DECISIONS_DIR = path.join(import.meta.dirname, '..', 'docs', 'decisions');
export const INDEX_FILE = 'README.md';

export type Status =
  | { readonly kind: 'accepted' }
  | { readonly kind: 'superseded'; readonly by: readonly number[] }
  | { readonly kind: 'amended'; readonly by: readonly number[] };

export interface DecisionRecord {
  readonly number: number;
  readonly file: string;
  readonly title: string;
  readonly status: Status;
}

/** A record that cannot be indexed: the file and what is wrong with it. */
export class RecordError extends Error {
  readonly file: string;
  constructor(file: string, problem: string) {
    super(`docs/decisions/${file}: ${problem}`);
    this.name = 'RecordError';
    this.file = file;
  }
}

const FILE_NAME = /^(\d{4})-[a-z0-9][a-z0-9.-]*\.md$/;
const HEADING = /^# (\d{4})(?:\s*[—:–-]\s*|\s+)([^\s—:–-].*)$/;
const STATUS = /^\*\*Status\.\*\*\s+(Superseded|Amended) by (.+?)\.?\s*$/;
const NUMBER_IN_STATUS = /\b(\d{4})\b/g;

const pad = (n: number): string => String(n).padStart(4, '0');

/** Reads one record's number, title and status from its file name and text. */
export function parseRecord(file: string, text: string): DecisionRecord {
  const name = FILE_NAME.exec(file);
  if (name === null) throw new RecordError(file, 'the file name is not NNNN-short-title.md');
  const lines = text.split('\n');
  const heading = HEADING.exec(lines[0]?.trimEnd() ?? '');
  if (heading === null) throw new RecordError(file, 'the first line is not "# NNNN — Title"');
  if (heading[1] !== name[1]) {
    throw new RecordError(file, `the heading's number ${heading[1]} differs from the file name's`);
  }
  const title = heading[2]!.trim();
  const number = Number(name[1]);
  const statusLines = lines.filter((line) => line.startsWith('**Status.**'));
  if (statusLines.length > 1) throw new RecordError(file, 'more than one **Status.** line');
  if (statusLines.length === 0) return { number, file, title, status: { kind: 'accepted' } };
  const status = STATUS.exec(statusLines[0]!.trimEnd());
  if (status === null) {
    throw new RecordError(file, 'the **Status.** line is not "Superseded by NNNN" or "Amended by NNNN"');
  }
  const by = [...status[2]!.matchAll(NUMBER_IN_STATUS)].map((m) => Number(m[1]));
  if (by.length === 0) throw new RecordError(file, 'the **Status.** line names no record');
  const kind = status[1] === 'Superseded' ? 'superseded' : 'amended';
  return { number, file, title, status: { kind, by: [...new Set(by)] } };
}

/** Every record of a directory (README.md excluded), by number; throws on the first bad one. */
export function readRecords(dir: string = DECISIONS_DIR): DecisionRecord[] {
  return readdirSync(dir)
    .filter((file) => file.endsWith('.md') && file !== INDEX_FILE)
    .sort()
    .map((file) => parseRecord(file, readFileSync(path.join(dir, file), 'utf8')));
}

/** What is inconsistent between the records: duplicate numbers, statuses naming no record. */
export function recordProblems(records: readonly DecisionRecord[]): string[] {
  const problems: string[] = [];
  const byNumber = new Map<number, DecisionRecord>();
  for (const record of records) {
    const other = byNumber.get(record.number);
    if (other !== undefined) problems.push(`${record.file} and ${other.file} carry the same number`);
    byNumber.set(record.number, record);
  }
  for (const record of records) {
    if (record.status.kind === 'accepted') continue;
    for (const by of record.status.by) {
      const later = byNumber.get(by);
      if (later === undefined) problems.push(`${record.file}: ${record.status.kind} by ${pad(by)}, which does not exist`);
      else if (by <= record.number) {
        problems.push(`${record.file}: ${record.status.kind} by ${pad(by)}, which is not a later record`);
      }
    }
  }
  return problems;
}

/** Numbers from 1 to the highest record that no record carries, as ranges [from, to]. */
export function unusedRanges(records: readonly DecisionRecord[]): Array<readonly [number, number]> {
  const used = new Set(records.map((r) => r.number));
  const max = Math.max(0, ...used);
  const ranges: Array<[number, number]> = [];
  for (let n = 1; n <= max; n++) {
    if (used.has(n)) continue;
    const last = ranges.at(-1);
    if (last !== undefined && last[1] === n - 1) last[1] = n;
    else ranges.push([n, n]);
  }
  return ranges;
}

const escapeCell = (text: string): string => text.replaceAll('|', '\\|');

function statusText(status: Status, byNumber: ReadonlyMap<number, DecisionRecord>): string {
  if (status.kind === 'accepted') return 'accepted';
  const links = status.by.map((n) => {
    const record = byNumber.get(n);
    return record === undefined ? pad(n) : `[${pad(n)}](${record.file})`;
  });
  return `${status.kind} by ${links.join(', ')}`;
}

/** The text of docs/decisions/README.md for these records. */
export function renderIndex(records: readonly DecisionRecord[]): string {
  const sorted = [...records].sort((a, b) => a.number - b.number);
  const byNumber = new Map(sorted.map((r) => [r.number, r]));
  const count = (kind: Status['kind']) => sorted.filter((r) => r.status.kind === kind).length;
  const unused = unusedRanges(sorted);
  const unusedCount = unused.reduce((sum, [from, to]) => sum + to - from + 1, 0);
  const lines = [
    '# Decision records',
    '',
    '<!-- Generated by `npm run docs:decisions` (scripts/decisions-index.ts) from the records in',
    '     this folder; scripts/decisions-index.test.ts fails when it is out of date. Do not edit. -->',
    '',
    'Each record says what was decided, why, and what was not chosen. A record keeps its number',
    'for good. When a later record changes an earlier one, the earlier record gets a',
    '`**Status.**` line below its heading: **superseded by N** (N replaces it as a whole) or',
    '**amended by N** (N replaces a part of it; read both). All others are **accepted**.',
    '',
    '**Adding a record.** Take the next number (numbers are handed out one at a time, so two pieces',
    'of work never pick the same one), write `NNNN-short-title.md` starting with',
    '`# NNNN — Title`, then **Context.**, **Decision.** and, where it helps, **Not chosen.**; if it',
    'replaces an earlier record, add the `**Status.**` line to that one. Then run',
    '`npm run docs:decisions` and commit the index with the record.',
    '',
    `${sorted.length} records: ${count('accepted')} accepted, ${count('amended')} amended, ` +
      `${count('superseded')} superseded; ${unusedCount} numbers never used.`,
    '',
    '| No. | Decision | Status |',
    '| --- | --- | --- |',
    ...sorted.map(
      (r) => `| ${pad(r.number)} | [${escapeCell(r.title)}](${r.file}) | ${statusText(r.status, byNumber)} |`,
    ),
    '',
    '## Numbers never used',
    '',
    'The gaps are not lost records: no record was ever deleted or renumbered. The first numbers were',
    'handed out in blocks of ten, one block per piece of work (0001–0009 the workspace and the',
    'engine, 0020–0024 the api, 0030–0038 the sizing, …), and a block was rarely filled. Later',
    'numbers were reserved one at a time when a piece of work started; work that ended without a',
    'decision of its own left its number unused, and numbers are never reused, so a reference to a',
    'number always means one record.',
    '',
    unused.length === 0
      ? 'None.'
      : unused.map(([from, to]) => (from === to ? pad(from) : `${pad(from)}–${pad(to)}`)).join(', ') + '.',
    '',
  ];
  return lines.join('\n');
}

/** The index as it should be now, from the records on disk; throws on a bad record. */
export function generateIndex(dir: string = DECISIONS_DIR): string {
  const records = readRecords(dir);
  const problems = recordProblems(records);
  if (problems.length > 0) throw new Error(`docs/decisions: ${problems.join('; ')}`);
  return renderIndex(records);
}

if (import.meta.main) {
  const target = path.join(DECISIONS_DIR, INDEX_FILE);
  const generated = generateIndex();
  if (process.argv.includes('--check')) {
    let current = '';
    try {
      current = readFileSync(target, 'utf8');
    } catch {
      // a missing index is out of date
    }
    if (current !== generated) {
      console.error('docs/decisions/README.md is out of date: run `npm run docs:decisions`.');
      process.exit(1);
    }
  } else {
    writeFileSync(target, generated);
    console.log(`docs/decisions/README.md: ${readRecords().length} records.`);
  }
}
