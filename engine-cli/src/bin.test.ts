import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ENGINE_VERSION } from '@rainplan/engine';
import { describe, expect, it } from 'vitest';
import { sampleProject } from './testing/run.ts';

const bin = fileURLToPath(new URL('../bin/rainplan.js', import.meta.url));
const built = existsSync(fileURLToPath(new URL('../dist/main.js', import.meta.url)));
// Node 24 of the repository (the system node may be older); else the node running the tests.
const repoNode = fileURLToPath(new URL('../../node_modules/.bin/node', import.meta.url));
const node = existsSync(repoNode) ? repoNode : process.execPath;

const rainplan = (args: string[], input?: string) => spawnSync(node, [bin, ...args], { encoding: 'utf8', input, timeout: 20_000 });

// Runs the real executable against the build; turbo builds engine-cli before its tests
// (engine-cli/turbo.json), so a missing dist/ is a failure, never a skip.
describe('bin/rainplan.js (built)', () => {
  it('is built', () => {
    expect(built, 'engine-cli/dist is missing: run `npx turbo run build --filter=@rainplan/engine-cli`').toBe(true);
  });

  it('prints the version and sets the exit code', () => {
    const r = rainplan(['--version']);
    expect(r.status).toBe(0);
    expect(r.stdout).toBe(`rainplan 0.1.0 (engine ${ENGINE_VERSION}, project schema 1)\n`);
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
});
