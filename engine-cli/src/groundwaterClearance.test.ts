/** `rainplan calc groundwater-clearance` and the groundwater clearance in `rainplan evaluate`. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { evaluate, parseProject } from '@rainplan/engine';
import { describe, expect, it } from 'vitest';
import { run, sampleProject } from './testing/run.ts';

const repo = fileURLToPath(new URL('../../', import.meta.url));
const calc = async (input: unknown) => run(['calc', 'groundwater-clearance', '-'], { stdin: JSON.stringify(input), cwd: repo });
const output = (stdout: string) => JSON.parse(stdout) as { standard: string; results: Record<string, unknown>; issues: { code: string; severity: string; params?: Record<string, unknown> }[] };

describe('calc groundwater-clearance', () => {
  it('runs the example: box tank of 1.5 layers under 0.5 m cover, base 99.73 m, 1.33 m above MHGW', async () => {
    const r = await run(['calc', 'groundwater-clearance', path.join('fixtures/cli-examples', 'groundwater-clearance.json')], { cwd: repo });
    expect(r.code).toBe(0);
    const o = output(r.stdout);
    expect(o.standard).toBe('DWA-A 138-1:2024 section 5.3');
    expect(o.results).toMatchObject({ status: 'pass', passes: true, thicknessM: 1.33, minThicknessM: 1, baseLevelM: 99.73, baseLevelSource: 'derived', depthBelowGroundM: 1.52 });
    expect(o.issues).toEqual([]);
  });

  it('a failing check reports SEEPAGE_ZONE_TOO_THIN as a warning (exit 0: the figure is the answer), with the 2005 clause', async () => {
    const r = await calc({ edition: 'DWA-A 138:2005', groundwaterLevelM: 99.5, groundLevelM: 100, installation: 'trough', troughDepthM: 0.3 });
    expect(r.code).toBe(0);
    const o = output(r.stdout);
    expect(o.results).toMatchObject({ status: 'fail', passes: false, thicknessM: 0.2, baseLevelM: 99.7, clause: 'DWA-A 138:2005 section 3.2.3' });
    expect(o.issues.map((i) => [i.code, i.severity])).toEqual([['SEEPAGE_ZONE_TOO_THIN', 'warning']]);
  });

  it('a typed base level; trough-tank with pipes: z + cover + H', async () => {
    expect(output((await calc({ groundwaterLevelM: 10, baseLevelM: 11 })).stdout).results).toMatchObject({ status: 'pass', thicknessM: 1, baseLevelSource: 'typed' });
    const tt = output((await calc({ groundwaterLevelM: 50, groundLevelM: 53, installation: 'trough-tank', troughDepthM: 0.3, coverM: 0.3, tankHeightM: 0.8 })).stdout);
    expect(tt.results).toMatchObject({ status: 'pass', depthBelowGroundM: 1.4, baseLevelM: 51.6, thicknessM: 1.6 });
  });

  it('refuses bad input with its path (exit 2): a level of 1e9, a string, a missing MHGW, mixed base forms, missing depth fields', async () => {
    const cases: [unknown, string][] = [
      [{ groundwaterLevelM: 1e9, baseLevelM: 1 }, '$.groundwaterLevelM'],
      [{ groundwaterLevelM: '98', baseLevelM: 1 }, '$.groundwaterLevelM'],
      [{ baseLevelM: 1 }, '$.groundwaterLevelM'],
      [{ groundwaterLevelM: 1, baseLevelM: 3, groundLevelM: 4 }, '$.groundLevelM'],
      [{ groundwaterLevelM: 1, groundLevelM: 4, installation: 'tank', layers: 1 }, '$.coverM'],
      [{ groundwaterLevelM: 1, groundLevelM: 4, installation: 'trough' }, '$.troughDepthM'],
      [{ groundwaterLevelM: 1, groundLevelM: 4, installation: 'tank', coverM: 0.5, layers: 1, tankHeightM: 0.66 }, '$.layers'],
      [{ groundwaterLevelM: 1, groundLevelM: 4, installation: 'tank', coverM: 0.5, layers: 0.3 }, '$.layers'],
      [{ groundwaterLevelM: 1, groundLevelM: 4, installation: 'tank', coverM: 25, layers: 1 }, '$.coverM'],
    ];
    for (const [input, at] of cases) {
      const r = await calc(input);
      expect(r.code, JSON.stringify(input)).toBe(2);
      expect(r.stderr, JSON.stringify(input)).toContain(at);
    }
  });

  it('gives the same figures as evaluate of the equivalent one-measure project', async () => {
    const project = sampleProject() as { waterflow: { measures: { data: Record<string, unknown> }[] } };
    Object.assign(project.waterflow.measures[0]!.data, { groundLevel: 101.25, coverDepth: 0.5, meanHighestGroundwaterLevel: 98.4 });
    const parsed = parseProject(project);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    const m = evaluate(parsed.project).measures[0]!;
    const tank = m.data.dimensioningInfiltrationTank!;
    const o = output((await calc({ groundwaterLevelM: 98.4, groundLevelM: 101.25, installation: 'tank', coverM: 0.5, layers: tank.levels })).stdout);
    expect(o.results['thicknessM']).toBe(m.groundwaterClearance?.thicknessM);
    expect(o.results['baseLevelM']).toBe(m.groundwaterClearance?.baseLevelM);
    expect(o.results['status']).toBe(m.groundwaterClearance?.status);
  });
});

describe('evaluate: groundwater clearance', () => {
  it('the table shows the check per measure, its lines and the summary; json carries it', async () => {
    const file = 'fixtures/projects/groundwater-clearance.project.json';
    const table = await run(['evaluate', file], { cwd: repo });
    expect(table.stdout).toContain('groundwater clearance');
    expect(table.stdout).toMatch(/m-mulde +Mulde .*pass 1\.20 m/);
    expect(table.stdout).toContain('Groundwater clearance (seepage zone between the base and MHGW, levels in m above datum)');
    expect(table.stdout).toContain(
      '  m-mulde: base 519.70 m (ground 520.00 − depth 0.30 m), MHGW 518.50 m, seepage zone 1.20 m, at least 1.00 m (DWA-A 138-1:2024 section 5.3): pass',
    );
    expect(table.stdout).toContain('  m-rigole-seiten-dicht: base 518.54 m (ground 520.00 − depth 1.46 m), MHGW 517.60 m, seepage zone 0.94 m, at least 1.00 m (DWA-A 138-1:2024 section 5.3): FAIL');
    expect(table.stdout).toContain('  m-rohrrigole: base 518.90 m (typed), MHGW 516.00 m, seepage zone 2.90 m');
    expect(table.stdout).toContain('  m-rigole-drossel: not checked (missing: meanHighestGroundwaterLevel, groundLevel, coverDepth)');
    expect(table.stdout).toMatch(/Groundwater clearance: +3 pass, 3 fail, 3 not checked/);
    expect(table.stdout).toContain('SEEPAGE_ZONE_TOO_THIN');
    const json = await run(['evaluate', '--format', 'json', file], { cwd: repo });
    const e = JSON.parse(json.stdout) as { summary: { groundwaterClearance: unknown }; measures: { id: string; groundwaterClearance: { status: string } | null }[] };
    expect(e.summary.groundwaterClearance).toEqual({ pass: 3, fail: 3, incomplete: 3 });
    expect(e.measures.find((m) => m.id === 'm-rigole-allseitig')?.groundwaterClearance?.status).toBe('pass');
  });
});
