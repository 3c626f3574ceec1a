import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ENGINE_VERSION, SCHEMA_VERSION } from '@rainplan/engine';
import { describe, expect, it } from 'vitest';
import { CALC_KINDS } from './calc/kinds.ts';
import { run, sampleProject } from './testing/run.ts';

const bin = fileURLToPath(new URL('../bin/rainplan.js', import.meta.url));
const built = existsSync(fileURLToPath(new URL('../dist/main.js', import.meta.url)));
// Node 24 of the repository (the system node may be older); else the node running the tests.
const repoNode = fileURLToPath(new URL('../../node_modules/.bin/node', import.meta.url));
const node = existsSync(repoNode) ? repoNode : process.execPath;

const repo = fileURLToPath(new URL('../../', import.meta.url));
// The spawn's own limit only stops a hung process (a synchronous spawn cannot be interrupted by
// the test's timeout): 50 s, under the config's 60 s test timeout. A CLI run takes well under a
// second alone, but the test suite shares a 2-core CI machine with the other packages' tests
// (root `npm test`), where 20 s was too little for one run under load 12.
const rainplan = (args: string[], input?: string) => spawnSync(node, [bin, ...args], { encoding: 'utf8', input, timeout: 50_000, cwd: repo });

// Runs the real executable against the build; turbo builds engine-cli before its tests
// (engine-cli/turbo.json), so a missing dist/ is a failure, never a skip.
describe('bin/rainplan.js (built)', () => {
  it('is built', () => {
    expect(built, 'engine-cli/dist is missing: run `npx turbo run build --filter=@rainplan/engine-cli`').toBe(true);
  });

  it('prints the version and sets the exit code', () => {
    const r = rainplan(['--version']);
    expect(r.status).toBe(0);
    expect(r.stdout).toBe(`rainplan 0.1.0 (engine ${ENGINE_VERSION}, project schema ${SCHEMA_VERSION})\n`);
  });

  it('evaluates stdin', () => {
    const r = rainplan(['evaluate', '-', '--format', 'json'], JSON.stringify(sampleProject()));
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout).summary.surfaceCount).toBe(2);
  });

  it('exits 2 without a stack trace on a missing file', () => {
    const r = rainplan(['validate', 'no/such/file.json']);
    expect(r.status).toBe(2);
    expect(r.stderr).toBe('rainplan: cannot read no/such/file.json: no such file or directory\n');
  });

  it('runs a calc kind on stdin and on an example file', () => {
    const r = rainplan(['calc', 'kostra-cell', '-'], JSON.stringify({ latitude: 47.99609, longitude: 7.8494 }));
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout).results.cell.id).toBe('206112');
    const t = rainplan(['calc', 'trough-tank', 'fixtures/cli-examples/trough-tank.json']);
    expect(t.status).toBe(0);
    expect(JSON.parse(t.stdout).results.requiredLength.lengthM).toBeCloseTo(7.102, 3);
  });

  it('exits 2 with the JSON path of a bad calc input', () => {
    const r = rainplan(['calc', 'retention', '-'], JSON.stringify({ acM2: 'big', rain: { durationMin: 5, rLsHa: 100 } }));
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('<stdin>: $.acM2: expected a number ≥ 0 (m²), got "big"');
  });

  it('looks up a KOSTRA-DWD-2020 cell', () => {
    const r = rainplan(['rain', 'lookup', '--data', 'fixtures/rain/kostra-dwd-2020-gis', '--lat', '55.069', '--lon', '8.537']);
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout).cell.id).toBe('49125');
  });

  it('verifies the fixture projects and the published worked examples', () => {
    const r = rainplan(['verify', 'fixtures/projects', 'fixtures/worked-examples']);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^fixtures\/worked-examples:$/m);
    expect(r.stdout).toMatch(/^ok {2}trough-2005-ebooktipp-ae200$/m);
    expect(r.stdout).toMatch(/^ {4}ok {3}A_s m²: 18\.0465 \(published 18 ± 0\.05\)$/m);
    expect(r.stdout).toMatch(/^\d+ passed, 0 failed$/m);
  });

  it.each(CALC_KINDS.map((k) => k.name))('calc %s: the example computes like in-process; an empty input exits 2 naming a required field', async (name) => {
    const file = `fixtures/cli-examples/${name}.json`;
    const r = rainplan(['calc', name, file]);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toBe((await run(['calc', name, file], { cwd: repo })).stdout);
    const empty = rainplan(['calc', name, '-'], '{}');
    expect(empty.status).toBe(2);
    expect(empty.stdout).toBe('');
    expect(empty.stderr).toMatch(/^<stdin>: \$\.\w+: expected .*\(required\), got nothing$/m);
  });
});
