/**
 * Semver discipline (issue 19 part 4, decision 0133): the public API of every entry point must
 * equal the committed report in engine/api-report/, unless the engine version was bumped and
 * CHANGELOG.md has an entry for the new version. Regenerate with
 * `npm run -w @rainplan/engine api-report`.
 */
import { describe, expect, it } from 'vitest';
import { checkApiReports, entryPoints, generateApiReports } from '../scripts/api-report.ts';

let cached: Map<string, string> | undefined;
/** Generating compiles the engine (tens of seconds on a busy machine): once per run. */
const generated = () => (cached ??= generateApiReports());

const report = (version: string, body: string) => `# API report\n\nEngine version: ${version}\n\n\`\`\`ts\n${body}\n\`\`\`\n`;

describe('API report', () => {
  it('the public API equals engine/api-report/ (or the version was bumped with a changelog entry)', () => {
    const result = checkApiReports(generated());
    if (result.status === 'changed') throw new Error(result.message);
    if (result.status === 'changed-with-release') console.warn(`API changed for ${result.version}: run npm run -w @rainplan/engine api-report (${result.files.join(', ')})`);
    expect(result.status).not.toBe('changed');
  }, 300_000);

  it('covers every subpath export of package.json', () => {
    expect(entryPoints().map((e) => e.subpath)).toEqual(expect.arrayContaining(['.', './rain', './sizing', './tables', './bom', './boxgrid', './catalogue']));
  });

  it('leaves out ./testing, declared only for the repository’s own sources (no built default, not published)', () => {
    expect(entryPoints().map((e) => e.subpath)).not.toContain('./testing');
  });

  it('the rule: a changed API fails unless the version is new and the changelog has it', () => {
    const committed = new Map([['index.api.md', report('0.3.0', 'export declare const A = 1;')]]);
    const same = new Map([['index.api.md', report('0.3.0', 'export declare const A = 1;')]]);
    const changed = new Map([['index.api.md', report('0.3.0', 'export declare const A = 2;')]]);
    const log = '# Changelog\n\n## 0.4.0 — next\n\n## 0.3.0 — box grid\n';
    expect(checkApiReports(same, committed, log, '0.3.0').status).toBe('same');
    // Only the version line differs: the same API.
    expect(checkApiReports(new Map([['index.api.md', report('0.4.0', 'export declare const A = 1;')]]), committed, log, '0.4.0').status).toBe('same');
    const notBumped = checkApiReports(changed, committed, log, '0.3.0');
    expect(notBumped.status).toBe('changed');
    if (notBumped.status === 'changed') expect(notBumped.message).toContain('the package version is still 0.3.0');
    const noEntry = checkApiReports(changed, committed, '# Changelog\n\n## 0.3.0\n', '0.4.0');
    expect(noEntry.status).toBe('changed');
    if (noEntry.status === 'changed') expect(noEntry.message).toContain('has no "## 0.4.0" entry');
    expect(checkApiReports(changed, committed, log, '0.4.0')).toEqual({ status: 'changed-with-release', version: '0.4.0', files: ['index.api.md'] });
    // A new entry point or a removed one is a change too; "## 0.4.01" is not an entry for 0.4.0.
    expect(checkApiReports(new Map([...same, ['x.api.md', report('0.3.0', '')]]), committed, log, '0.3.0').status).toBe('changed');
    expect(checkApiReports(new Map(), committed, log, '0.3.0').status).toBe('changed');
    expect(checkApiReports(changed, committed, '## 0.4.01\n', '0.4.0').status).toBe('changed');
  });

  it('records exported functions with their signatures and interfaces with their members', () => {
    const reports = generated();
    const sizing = reports.get('sizing.api.md')!;
    expect(sizing).toMatch(/^Engine version: \d+\.\d+\.\d+$/m);
    expect(sizing).toContain('export declare function measureUncertaintyBand(');
    expect(sizing).toMatch(/export interface MeasureUncertaintyBand \{[\s\S]*readonly coversUpper: boolean \| undefined;/);
    expect(sizing).not.toContain('/**');
  }, 300_000);
});
