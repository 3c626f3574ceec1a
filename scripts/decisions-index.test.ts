/**
 * docs/decisions/README.md is the index generated from the records (scripts/decisions-index.ts):
 * regenerated in memory, it must equal the file; every record has a number, a title and a status,
 * and a status names records that exist and come later.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  DECISIONS_DIR,
  INDEX_FILE,
  parseRecord,
  readRecords,
  recordProblems,
  renderIndex,
  unusedRanges,
  type DecisionRecord,
} from './decisions-index.ts';

describe('the decision index', () => {
  const records = readRecords();

  it('is the one generated from the records (run `npm run docs:decisions` after adding one)', () => {
    const current = readFileSync(path.join(DECISIONS_DIR, INDEX_FILE), 'utf8');
    expect(current).toBe(renderIndex(records));
  });

  it('lists every record with its number, title and status, and no two share a number', () => {
    expect(records.length).toBeGreaterThan(100);
    for (const record of records) {
      expect(record.number).toBeGreaterThan(0);
      expect(record.title.length).toBeGreaterThan(3);
      expect(['accepted', 'amended', 'superseded']).toContain(record.status.kind);
    }
    expect(recordProblems(records)).toEqual([]);
    const index = renderIndex(records);
    for (const record of records) expect(index).toContain(`](${record.file})`);
  });

  it('names the numbers never used, the gaps of the numbering included', () => {
    const index = renderIndex(records);
    const used = new Set(records.map((r) => r.number));
    const unused = unusedRanges(records).flatMap(([from, to]) =>
      Array.from({ length: to - from + 1 }, (_, i) => from + i),
    );
    for (const n of unused) expect(used.has(n)).toBe(false);
    expect(unused.length + used.size).toBe(Math.max(...used));
    expect(unused).toContain(166);
    expect(index).toContain('0179–0184');
  });
});

describe('reading a record', () => {
  const rec = (file: string, text: string) => parseRecord(file, text);

  it('reads the three heading forms and the two statuses', () => {
    expect(rec('0001-a.md', '# 0001 — One thing\n\nText.')).toEqual({
      number: 1,
      file: '0001-a.md',
      title: 'One thing',
      status: { kind: 'accepted' },
    });
    expect(rec('0002-b.md', '# 0002: Web: two\n').title).toBe('Web: two');
    expect(rec('0003-c.md', '# 0003 api: three\n').title).toBe('api: three');
    expect(rec('0004-d.md', '# 0004 — Four\n\n**Status.** Superseded by [0009](0009-x.md).\n').status).toEqual({
      kind: 'superseded',
      by: [9],
    });
    expect(rec('0005-e.md', '# 0005 — Five\n\n**Status.** Amended by [0007](x) and [0008](y).').status).toEqual({
      kind: 'amended',
      by: [7, 8],
    });
  });

  it('refuses a record without number, title or a readable status, naming the file', () => {
    expect(() => rec('notes.md', '# 0001 — x')).toThrow('docs/decisions/notes.md: the file name');
    expect(() => rec('0001-a.md', 'Title without heading')).toThrow('the first line');
    expect(() => rec('0001-a.md', '# 0002 — Other number')).toThrow('differs from the file name');
    expect(() => rec('0001-a.md', '# 0001 — ')).toThrow('the first line');
    expect(() => rec('0001-a.md', '# 0001 — T\n\n**Status.** Withdrawn.')).toThrow('**Status.** line is not');
    expect(() => rec('0001-a.md', '# 0001 — T\n\n**Status.** Amended by someone.')).toThrow('names no record');
    expect(() => rec('0001-a.md', '# 0001 — T\n**Status.** Amended by 0002.\n**Status.** Amended by 0003.')).toThrow(
      'more than one',
    );
  });

  it('finds a status naming a record that does not exist or is not later, and duplicate numbers', () => {
    const r = (number: number, by?: number[]): DecisionRecord => ({
      number,
      file: `${String(number).padStart(4, '0')}-x.md`,
      title: 'T',
      status: by === undefined ? { kind: 'accepted' } : { kind: 'superseded', by },
    });
    expect(recordProblems([r(1, [2]), r(2)])).toEqual([]);
    expect(recordProblems([r(1, [3]), r(2)])).toEqual(['0001-x.md: superseded by 0003, which does not exist']);
    expect(recordProblems([r(1), r(2, [1])])).toEqual(['0002-x.md: superseded by 0001, which is not a later record']);
    expect(recordProblems([r(1), r(1)])).toEqual(['0001-x.md and 0001-x.md carry the same number']);
  });

  it('accepts a record added later once the index is regenerated', () => {
    const before = readRecords();
    const added = parseRecord('9999-a-new-record.md', '# 9999 — A new record\n');
    const after = renderIndex([...before, added]);
    expect(after).toContain('| 9999 | [A new record](9999-a-new-record.md) | accepted |');
    expect(after).not.toBe(renderIndex(before));
  });
});
