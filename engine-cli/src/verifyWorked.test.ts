import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { run, sampleProject } from './testing/run.ts';
import { valueAt } from './workedExamples.ts';

const repo = fileURLToPath(new URL('../../', import.meta.url));
let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'rainplan-worked-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const eq21 = (published: number, tolerance: number) => ({
  kind: 'din1986-eq21',
  source: { title: 'test' },
  calc: {
    kind: 'din1986-eq21',
    input: { totalAreaM2: 147, fullFlowLs: 2, rain: [{ durationMin: 15, r30LsHa: 305.6 }] },
    checks: [
      { label: 'V m³', path: 'results.volumeM3', published, tolerance },
      { label: 'D min', path: 'results.governingDurationMin', published: 15 },
    ],
  },
});
const put = (name: string, value: unknown) => writeFile(path.join(dir, name), typeof value === 'string' ? value : JSON.stringify(value, null, 2));

describe('verify: worked examples', () => {
  it('checks the published figures within their tolerance', async () => {
    await put('eq21.json', eq21(2.24, 0.005));
    await put('README.md', '# not a fixture');
    const r = await run(['verify', dir]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(['ok  eq21', '  calc din1986-eq21:', '    ok   V m³: 2.24309 (published 2.24 ± 0.005)', '    ok   D min: 15 (published 15 ± 0)', '1 passed, 0 failed', ''].join('\n'));
  });

  it('fails when a figure is off by more than the tolerance', async () => {
    await put('eq21.json', eq21(2.25, 0.005));
    const r = await run(['verify', dir]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('FAIL eq21');
    expect(r.stdout).toContain('    FAIL V m³: 2.24309 (published 2.25 ± 0.005)');
    expect(r.stdout).toContain('0 passed, 1 failed');
  });

  it('fails on an input the kind rejects, an unknown kind, no checks and broken JSON', async () => {
    const bad = eq21(2.24, 0.005);
    (bad.calc.input as Record<string, unknown>)['fullFlowLs'] = 'two';
    await put('a-bad-input.json', bad);
    await put('b-unknown-kind.json', { calc: { kind: 'swale', input: {}, checks: [] } });
    await put('c-no-checks.json', { calc: { kind: 'din1986-eq21', input: eq21(1, 1).calc.input, checks: [] } });
    await put('d-broken.json', '{ "calc": { ');
    await put('e-other.json', { hello: 'world' });
    const r = await run(['verify', dir]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('FAIL a-bad-input\n  calc.input.fullFlowLs: expected a number ≥ 0 (l/s), got "two"');
    expect(r.stdout).toContain('FAIL b-unknown-kind\n  calc.kind: unknown kind "swale"');
    expect(r.stdout).toContain('FAIL c-no-checks\n  calc.checks: expected at least one');
    expect(r.stdout).toMatch(/FAIL d-broken\n {2}d-broken\.json is not valid JSON/);
    expect(r.stdout).toContain('skip e-other.json (neither a project fixture nor a worked example with a "calc" block)');
    expect(r.stdout).toContain('0 passed, 4 failed');
  });

  it('takes several directories, heads each, and never rewrites worked examples with --update', async () => {
    const projects = path.join(dir, 'projects');
    const worked = path.join(dir, 'worked');
    await Promise.all([mkdir(projects), mkdir(worked)]);
    await writeFile(path.join(projects, 'a.project.json'), JSON.stringify(sampleProject()));
    await writeFile(path.join(worked, 'eq21.json'), JSON.stringify(eq21(9.99, 0.005)));
    const before = await readFile(path.join(worked, 'eq21.json'), 'utf8');
    const u = await run(['verify', '--update', projects, worked]);
    expect(u.code).toBe(0);
    expect(u.stdout).toContain(`${projects}:\ncreated a\n`);
    expect(u.stdout).toContain(`${worked}:\n1 worked example left as published (never rewritten)`);
    expect(await readFile(path.join(worked, 'eq21.json'), 'utf8')).toBe(before);
    const v = await run(['verify', projects, worked]);
    expect(v.code).toBe(1);
    expect(v.stdout).toMatch(new RegExp(`^${projects.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}:\nok  a\n`, 'm'));
    expect(v.stdout).toContain('1 passed, 1 failed');
  });

  it('the committed worked examples all pass', async () => {
    const r = await run(['verify', 'fixtures/worked-examples'], { cwd: repo });
    expect(r.stdout).not.toContain('FAIL');
    expect(r.stdout).not.toContain('skip');
    expect(r.code).toBe(0);
  });

  it('valueAt reads dotted paths with array indices', () => {
    expect(valueAt({ a: { b: [{ c: 1 }, { c: 2 }] } }, 'a.b[1].c')).toBe(2);
    expect(valueAt({ a: 1 }, 'a.b.c')).toBeUndefined();
  });
});
