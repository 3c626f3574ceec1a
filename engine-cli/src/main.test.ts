import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable, Writable } from 'node:stream';
import { ENGINE_VERSION, SCHEMA_VERSION } from '@rainplan/engine';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { main } from './main.ts';
import { run, sampleProject, sampleProjectWithIssue } from './testing/run.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'rainplan-cli-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
async function writeProject(name: string, value: unknown): Promise<string> {
  const file = path.join(dir, name);
  await writeFile(file, typeof value === 'string' ? value : json(value));
  return file;
}

describe('help and version', () => {
  it('prints the main help with --help, -h and help', async () => {
    for (const argv of [['--help'], ['-h'], ['help']]) {
      const r = await run(argv);
      expect(r.code).toBe(0);
      expect(r.stdout).toContain('Usage: rainplan <command>');
      expect(r.stdout).toMatch(/evaluate <file\|->/);
      expect(r.stdout).toMatch(/verify <dir>/);
      expect(r.stdout).toContain('Exit codes:');
      expect(r.stderr).toBe('');
    }
  });

  it('prints the help of each command', async () => {
    for (const command of ['evaluate', 'validate', 'verify']) {
      const a = await run([command, '--help']);
      expect(a.code).toBe(0);
      expect(a.stdout).toContain(`Usage: rainplan ${command}`);
      const b = await run(['help', command]);
      expect(b.stdout).toBe(a.stdout);
    }
    expect((await run(['verify', '--help'])).stdout).toContain('--update');
    expect((await run(['evaluate', '-h'])).stdout).toContain('--format');
  });

  it('prints the versions', async () => {
    const r = await run(['--version']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(`rainplan 0.1.0 (engine ${ENGINE_VERSION}, project schema ${SCHEMA_VERSION})\n`);
  });
});

describe('usage errors (exit 2, no stack trace)', () => {
  it.each([
    [[], 'missing command'],
    [['frobnicate'], 'unknown command "frobnicate"'],
    [['--frob'], 'unknown option "--frob"'],
    [['evaluate'], 'evaluate: missing project file'],
    [['evaluate', 'a.json', 'b.json'], 'evaluate: expected one project file'],
    [['evaluate', 'a.json', '--bogus'], "evaluate: Unknown option '--bogus'"],
    [['evaluate', 'a.json', '--format'], "--format <value>' argument missing"],
    [['evaluate', 'a.json', '--format', 'xml'], 'evaluate: invalid --format "xml" (expected json or table)'],
    [['validate', '--format=csv', 'a.json'], 'validate: invalid --format "csv"'],
    [['verify'], 'verify: missing fixture directory'],
    [['help', 'nope'], 'help: unknown command "nope"'],
  ])('%j', async (argv, message) => {
    const r = await run(argv as string[]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(message);
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(r.stdout).toBe('');
  });

  it('points to the command help', async () => {
    const r = await run(['evaluate', '--bogus', 'x']);
    expect(r.stderr).toContain("Run 'rainplan evaluate --help' for usage.");
  });
});

describe('evaluate', () => {
  it('prints a table report of a valid project (exit 0)', async () => {
    const file = await writeProject('sample.project.json', sampleProject());
    const r = await run(['evaluate', file]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const out = r.stdout;
    expect(out).toMatch(/^File: +.*sample\.project\.json$/m);
    expect(out).toMatch(/^Project: +CLI sample$/m);
    expect(out).toMatch(/^Rule edition: +DWA-A 138-1:2024$/m);
    expect(out).toMatch(/^Rain dataset: +custom$/m);
    expect(out).toMatch(new RegExp(`^Engine: +${ENGINE_VERSION.replace(/\./g, '\\.')} \\(project schema ${SCHEMA_VERSION}\\)$`, 'm'));
    expect(out).toContain('Sealed surfaces (2)');
    // Surfaces: area and A_C = A_E · C_m with 2 decimals.
    expect(out).toMatch(/^ {2}s1 +Roof +120\.00 +108\.00 +Groundwater +yes$/m);
    expect(out).toMatch(/^ {2}s2 +Yard +80\.00 +56\.00 +Groundwater +yes$/m);
    // Purification: M 153 throughput value G / B = 10 / (1 + 5) with 3 decimals.
    expect(out).toContain('Purifications (1)');
    expect(out).toMatch(/^ {2}p1 +Sediment shaft +108\.00 +Groundwater +M153 +1\.667 +passing +--- +yes$/m);
    // Measure: available 7.2 · 1.6 · 0.66 · 0.95 = 7.22 m³ covers the required volume of the project's rain.
    expect(out).toContain('Measures (1)');
    // Groundwater clearance: the sample has no MHGW, so the check is not done (never a pass).
    expect(out).toMatch(/^ {2}m1 +Box tank +164\.00 +Groundwater +7\.22 +3\.65 +no +not checked +yes$/m);
    expect(out).toContain('  m1: not checked (missing: meanHighestGroundwaterLevel, groundLevel, coverDepth)');
    expect(out).toMatch(/^Issues \(0 errors, 0 warnings\)\n {2}\(none\)$/m);
    expect(out).toMatch(/^Total AC: +164\.00 m²$/m);
    expect(out).not.toMatch(/undefined|NaN|null/);
  });

  it('prints the Evaluation as JSON with --format json', async () => {
    const file = await writeProject('sample.project.json', sampleProject());
    const r = await run(['evaluate', '--format', 'json', file]);
    expect(r.code).toBe(0);
    const evaluation = JSON.parse(r.stdout);
    expect(evaluation.engineVersion).toBe(ENGINE_VERSION);
    expect(evaluation.schemaVersion).toBe(SCHEMA_VERSION);
    expect(evaluation.sealedSurfaces.map((s: { id: string }) => s.id)).toEqual(['s1', 's2']);
    expect(evaluation.sealedSurfaces[0].AC).toBeCloseTo(108, 10);
    expect(evaluation.purifications[0].messageKey).toBe('passing');
    expect(evaluation.measures[0].AC).toBeCloseTo(164, 10);
    expect(evaluation.summary.errorCount).toBe(0);
  });

  it('exits 1 and lists the issues when the project has errors', async () => {
    const file = await writeProject('issue.project.json', sampleProjectWithIssue());
    const table = await run(['evaluate', file]);
    expect(table.code).toBe(1);
    expect(table.stdout).toMatch(/^ {2}s2 +Yard +80\.00 +--- +Groundwater +no$/m);
    expect(table.stdout).toMatch(/^Issues \(1 error, 0 warnings\)$/m);
    expect(table.stdout).toMatch(/^ {2}error +s2 +data\.cm +REQUIRED +validation\.required +field=cm$/m);
    const asJson = await run(['evaluate', file, '-f', 'json']);
    expect(asJson.code).toBe(1);
    expect(JSON.parse(asJson.stdout).issues).toContainEqual({
      nodeId: 's2',
      field: 'data.cm',
      code: 'REQUIRED',
      messageKey: 'validation.required',
      severity: 'error',
      params: { field: 'cm' },
    });
  });

  it('reads stdin for -', async () => {
    const r = await run(['evaluate', '-', '--format', 'json'], { stdin: JSON.stringify(sampleProject()) });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).summary.surfaceCount).toBe(2);
    const table = await run(['evaluate', '-'], { stdin: JSON.stringify(sampleProject()) });
    expect(table.stdout).toMatch(/^File: +<stdin>$/m);
  });

  it('resolves relative files against cwd', async () => {
    await writeProject('rel.project.json', sampleProject());
    const r = await run(['evaluate', 'rel.project.json'], { cwd: dir });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^File: +rel\.project\.json$/m);
  });

  it('exits 2 on a missing file, naming it', async () => {
    const r = await run(['evaluate', 'does-not-exist.json'], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('rainplan: cannot read does-not-exist.json: no such file or directory\n');
    expect(r.stdout).toBe('');
  });

  it('exits 2 on a directory', async () => {
    const r = await run(['evaluate', dir]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('is a directory');
  });

  it('exits 2 on invalid JSON, naming the file', async () => {
    await writeProject('broken.json', '{ "schemaVersion": 1, ');
    const r = await run(['evaluate', 'broken.json'], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^broken\.json: \$: expected JSON text, got .+\n$/);
    expect(r.stdout).toBe('');
  });

  it('exits 2 on schema errors, printing the JSON path to stderr', async () => {
    const project = sampleProject() as { waterflow: { sealedSurfaces: { data: Record<string, unknown> }[] } };
    project.waterflow.sealedSurfaces[0]!.data['cm'] = '0.9';
    await writeProject('bad.json', project);
    const r = await run(['evaluate', 'bad.json'], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('bad.json: $.waterflow.sealedSurfaces[0].data.cm: expected a value of type number, got "0.9"');
    expect(r.stdout).toBe('');
  });
});

describe('validate', () => {
  it('prints ok for a valid project', async () => {
    const file = await writeProject('ok.json', sampleProject());
    const r = await run(['validate', file]);
    expect(r).toEqual({ code: 0, stdout: 'ok\n', stderr: '' });
  });

  it('names the JSON path of a schema error (exit 2)', async () => {
    const project = sampleProject() as { waterflow: { sealedSurfaces: { data: Record<string, unknown> }[] } };
    project.waterflow.sealedSurfaces[0]!.data['cm'] = 'high';
    await writeProject('bad.json', project);
    const r = await run(['validate', 'bad.json'], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stdout.split('\n')).toContain('bad.json: $.waterflow.sealedSurfaces[0].data.cm: expected a value of type number, got "high"');
    expect(r.stdout).toMatch(/^1 parse error$/m);
  });

  it('reports reference errors (surface lists disagreeing with parentIds)', async () => {
    const project = sampleProject() as { waterflow: { measures: { sealedSurfaces: string[] }[] } };
    project.waterflow.measures[0]!.sealedSurfaces = ['s2'];
    await writeProject('ref.json', project);
    const r = await run(['validate', 'ref.json'], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stdout).toContain('ref.json: $.waterflow.measures[0].sealedSurfaces: expected to list surface "s1"');
  });

  it('lists error issues and exits 1', async () => {
    await writeProject('issue.json', sampleProjectWithIssue());
    const r = await run(['validate', 'issue.json'], { cwd: dir });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('issue.json: error REQUIRED at node s2, field data.cm: validation.required (field=cm)\n1 error, 0 warnings\n');
  });

  it('prints warnings but still passes', async () => {
    const project = sampleProject() as { waterflow: { sealedSurfaces: { data: Record<string, unknown> }[] } };
    project.waterflow.sealedSurfaces[1]!.data['areaGroupA102'] = 'D';
    await writeProject('warn.json', project);
    const r = await run(['validate', 'warn.json'], { cwd: dir });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^warn\.json: warning POLLUTION_CATEGORY_MISMATCH at node s2, field data\.areaGroupA102: .*\nok \(1 warning\)\n$/);
  });

  it('exits 2 on invalid JSON and on a missing file', async () => {
    await writeProject('broken.json', 'not json');
    const broken = await run(['validate', 'broken.json'], { cwd: dir });
    expect(broken.code).toBe(2);
    expect(broken.stdout).toMatch(/^broken\.json: \$: expected JSON text, got /);
    const missing = await run(['validate', 'missing.json'], { cwd: dir });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toBe('rainplan: cannot read missing.json: no such file or directory\n');
  });

  it('prints a JSON report with --format json', async () => {
    await writeProject('issue.json', sampleProjectWithIssue());
    const r = await run(['validate', '--format', 'json', 'issue.json'], { cwd: dir });
    expect(r.code).toBe(1);
    const report = JSON.parse(r.stdout);
    expect(report.file).toBe('issue.json');
    expect(report.ok).toBe(false);
    expect(report.parseErrors).toEqual([]);
    expect(report.issues).toHaveLength(1);

    const bad = await run(['validate', '--format', 'json', '-'], { stdin: '{"schemaVersion": 99}' });
    expect(bad.code).toBe(2);
    const badReport = JSON.parse(bad.stdout);
    expect(badReport.file).toBe('<stdin>');
    expect(badReport.parseErrors[0]).toMatchObject({ code: 'UNSUPPORTED_VERSION', path: '$.schemaVersion' });
  });
});

describe('verify', () => {
  async function fixtures(): Promise<void> {
    await writeProject('a.project.json', sampleProject());
    await writeProject('b.project.json', sampleProjectWithIssue());
    const invalid = sampleProject() as { waterflow: { sealedSurfaces: { data: Record<string, unknown> }[] } };
    invalid.waterflow.sealedSurfaces[0]!.data['cm'] = 'high';
    await writeProject('invalid.project.json', invalid);
  }

  it('creates the expected files with --update, then passes', async () => {
    await fixtures();
    const created = await run(['verify', '--update', dir]);
    expect(created.code).toBe(0);
    expect(created.stdout).toMatch(/^created a$/m);
    expect(created.stdout).toMatch(/^created invalid \(the project does not parse: expecting 1 parse error\)$/m);
    expect(created.stdout).toMatch(/^0 unchanged, 3 updated$/m);

    const a = JSON.parse(await readFile(path.join(dir, 'a.expected.json'), 'utf8'));
    expect(a).not.toHaveProperty('engineVersion');
    expect(a.schemaVersion).toBe(SCHEMA_VERSION);
    const invalid = JSON.parse(await readFile(path.join(dir, 'invalid.expected.json'), 'utf8'));
    expect(Object.keys(invalid)).toEqual(['parseErrors']);
    expect(invalid.parseErrors[0].path).toBe('$.waterflow.sealedSurfaces[0].data.cm');

    const r = await run(['verify', dir]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('ok  a\nok  b\nok  invalid\n3 passed, 0 failed\n');

    const again = await run(['verify', '-u', dir]);
    expect(again.stdout).toMatch(/^3 unchanged, 0 updated$/m);
  });

  it('fails with the differing JSON paths (exit 1)', async () => {
    await fixtures();
    await run(['verify', '--update', dir]);
    const file = path.join(dir, 'a.expected.json');
    const expected = JSON.parse(await readFile(file, 'utf8'));
    expected.sealedSurfaces[0].AC = 107.5;
    expected.summary.extra = true;
    delete expected.ruleEdition;
    await writeFile(file, json(expected));

    const r = await run(['verify', dir]);
    expect(r.code).toBe(1);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe('FAIL a');
    expect(r.stdout).toContain('  $.ruleEdition: expected (missing), actual "DWA-A 138-1:2024"');
    expect(r.stdout).toContain('  $.sealedSurfaces[0].AC: expected 107.5, actual 108');
    expect(r.stdout).toContain('  $.summary.extra: expected true, actual (missing)');
    expect(lines).toContain('ok  b');
    expect(lines.at(-1)).toBe('2 passed, 1 failed');

    const fixed = await run(['verify', '--update', dir]);
    expect(fixed.stdout).toMatch(/^updated a$/m);
    expect((await run(['verify', dir])).code).toBe(0);
  });

  it('tolerates tiny numeric differences', async () => {
    await writeProject('a.project.json', sampleProject());
    await run(['verify', '--update', dir]);
    const file = path.join(dir, 'a.expected.json');
    const expected = JSON.parse(await readFile(file, 'utf8'));
    expected.sealedSurfaces[0].AC *= 1 + 1e-12;
    await writeFile(file, json(expected));
    expect((await run(['verify', dir])).code).toBe(0);
  });

  it('fails when a parse-error fixture starts to parse, or a valid one stops parsing', async () => {
    await fixtures();
    await run(['verify', '--update', dir]);
    // swap: the invalid fixture becomes valid and a becomes invalid
    await writeProject('invalid.project.json', sampleProject());
    await writeProject('a.project.json', '{');
    const r = await run(['verify', dir]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^FAIL invalid\n {2}expected the project to be rejected with 1 parse error, but it parsed$/m);
    expect(r.stdout).toMatch(/^FAIL a\n {2}expected an evaluation, but the project does not parse \(1 parse error\):\n {4}\$: expected JSON text/m);
    expect(r.stdout).toMatch(/^1 passed, 2 failed$/m);
  });

  it('fails on a missing expected file, an invalid expected file and an orphan', async () => {
    await writeProject('a.project.json', sampleProject());
    await writeProject('b.project.json', sampleProject());
    await writeProject('b.expected.json', '{ nope');
    await writeProject('gone.expected.json', {});
    const r = await run(['verify', dir]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('FAIL a\n  missing a.expected.json');
    expect(r.stdout).toContain('FAIL b\n  b.expected.json is not valid JSON');
    expect(r.stdout).toContain('FAIL gone\n  gone.expected.json has no gone.project.json');
    expect(r.stdout.trimEnd().split('\n').at(-1)).toBe('0 passed, 3 failed');
  });

  it('prints at most 20 differences per fixture', async () => {
    await writeProject('a.project.json', sampleProject());
    await run(['verify', '--update', dir]);
    const file = path.join(dir, 'a.expected.json');
    const expected = JSON.parse(await readFile(file, 'utf8'));
    for (let i = 0; i < 30; i++) expected.summary[`k${i}`] = i;
    await writeFile(file, json(expected));
    const r = await run(['verify', dir]);
    const diffLines = r.stdout.split('\n').filter((l) => l.startsWith('  $.'));
    expect(diffLines).toHaveLength(20);
    expect(r.stdout).toContain('  … and 10 more differences');
  });

  it('exits 2 when the directory is missing or has no fixtures', async () => {
    const missing = await run(['verify', path.join(dir, 'nope')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/^rainplan: verify: cannot read directory .*nope: no such file or directory\n$/);
    const empty = await run(['verify', dir]);
    expect(empty.code).toBe(2);
    expect(empty.stderr).toContain('verify: no fixtures in');
  });
});

describe('internal errors', () => {
  it('print one line and exit 70', async () => {
    let stderr = '';
    const stdout = new Writable({
      write() {
        throw new Error('disk on fire\nsecond line');
      },
    });
    const errStream = new Writable({
      write(chunk: Buffer, _enc, cb) {
        stderr += chunk.toString();
        cb();
      },
    });
    const code = await main(['--version'], { stdout, stderr: errStream, stdin: Readable.from([]), cwd: process.cwd() });
    expect(code).toBe(70);
    expect(stderr).toBe('rainplan: internal error: disk on fire\n');
  });
});
