import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ENGINE_VERSION } from '@rainplan/engine';
import { describe, expect, it } from 'vitest';
import { CALC_KINDS } from './calc/kinds.ts';
import { run, sampleRainData } from './testing/run.ts';

const repo = fileURLToPath(new URL('../../', import.meta.url));
const example = (kind: string) => path.join('fixtures/cli-examples', `${kind}.json`);
const calc = async (kind: string, input: unknown) => run(['calc', kind, '-'], { stdin: typeof input === 'string' ? input : JSON.stringify(input), cwd: repo });
const results = (stdout: string) => (JSON.parse(stdout) as { results: Record<string, unknown> }).results;

describe('calc: help', () => {
  it('lists every kind', async () => {
    const r = await run(['calc', '--help']);
    expect(r.code).toBe(0);
    for (const k of CALC_KINDS) expect(r.stdout).toContain(`  ${k.name} `);
    expect((await run(['help', 'calc'])).stdout).toBe(r.stdout);
  });

  it.each(CALC_KINDS.map((k) => k.name))('%s --help lists its fields with units', async (name) => {
    const r = await run(['calc', name, '--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`Usage: rainplan calc ${name} <file|->`);
    const kind = CALC_KINDS.find((k) => k.name === name)!;
    for (const field of Object.keys(kind.input.fields)) expect(r.stdout).toMatch(new RegExp(`^ {2}${field} `, 'm'));
    expect(r.stdout).toContain(`fixtures/cli-examples/${name}.json`);
  });

  it('shows units and defaults', async () => {
    const r = (await run(['calc', 'trough', '--help'])).stdout;
    expect(r).toMatch(/acM2 +a number ≥ 0 \(m²\); optional/);
    expect(r).toMatch(/aeM2 +a number ≥ 0 \(m²\); optional/);
    expect(r).toMatch(/kfMs +a number > 0 \(m\/s\); required/);
    expect(r).toMatch(/edition +one of "DWA-A 138-1:2024", "DWA-A 138:2005"; default "DWA-A 138-1:2024"/);
    expect(r).toContain('{ "durationMin": 240, "rLsHa": 23.3 }');
  });
});

describe('calc: every kind on its example (fixtures/cli-examples)', () => {
  it.each(CALC_KINDS.map((k) => k.name))('%s computes (exit 0) and echoes its inputs', async (name) => {
    const r = await run(['calc', name, example(name)], { cwd: repo });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as { kind: string; engineVersion: string; inputs: object; standard: string };
    expect(out.kind).toBe(name);
    expect(out.engineVersion).toBe(ENGINE_VERSION);
    expect(typeof out.standard).toBe('string');
    expect(out.inputs).toBeTypeOf('object');
    expect(r.stdout).not.toMatch(/NaN|Infinity/);
  });

  it('trough: the 2024 consistency case\'s inputs (the trough area receives rain: A_S 73.910 m²) and the check of a chosen trough', async () => {
    const r = await run(['calc', 'trough', example('trough')], { cwd: repo });
    const out = JSON.parse(r.stdout) as { edition: string; inputs: Record<string, unknown>; results: { design: Record<string, number>; check: Record<string, unknown> } };
    expect(out.edition).toBe('DWA-A 138-1:2024');
    expect(out.inputs['reductionFactor']).toBe(1);
    expect(out.results.design['infiltrationAreaM2']).toBeCloseTo(0.013 / (0.3 / 2160 - 1.3e-5 + 5e-5), 9); // 73.910
    expect(out.results.design['volumeM3']).toBeCloseTo(out.results.design['infiltrationAreaM2']! * 0.3, 12);
    expect(out.results.design['governingDurationMin']).toBe(30);
    expect(out.results.check['availableVolumeM3']).toBeCloseTo(19.824, 9);
    expect(out.results.check['sufficient']).toBe(false);
  });

  it('trough: the published 2024 example (A_C 131.2 m², k_i 7.2e-6 m/s → A_S 17.1 m²); the designed trough passes the check at A_S and fails at 0.99·A_S', async () => {
    const input = { edition: 'DWA-A 138-1:2024', acM2: 131.2, kfMs: 7.2e-6, safetyFactor: 1.2, depthM: 0.3, rain: { durationMin: 240, rLsHa: 28.3 } };
    const d = results((await calc('trough', input)).stdout)['design'] as Record<string, number>;
    expect(Math.abs(d['infiltrationAreaM2']! - 17.1)).toBeLessThan(0.05); // 17.086
    const area = d['infiltrationAreaM2']!;
    const at = results((await calc('trough', { ...input, lengthM: area / 2, widthM: 2, slope: 0 })).stdout)['check'] as Record<string, unknown>;
    expect(at['sufficient']).toBe(true);
    expect(at['requiredVolumeM3'] as number).toBeCloseTo(d['volumeM3']!, 9);
    const less = results((await calc('trough', { ...input, lengthM: (0.99 * area) / 2, widthM: 2, slope: 0 })).stdout)['check'] as Record<string, unknown>;
    expect(less['sufficient']).toBe(false);
  });

  it('trough: the published 2005 example (ebook-tipp, A_s 18.0 m², V 5.42 m³, t_E 8.8 h)', async () => {
    const r = await calc('trough', { edition: 'DWA-A 138:2005', acM2: 190, kfMs: 1.9e-5, safetyFactor: 1.2, depthM: 0.3, rain: { durationMin: 240, rLsHa: 23.3 } });
    const d = results(r.stdout)['design'] as Record<string, number>;
    expect(d['infiltrationAreaM2']).toBeCloseTo(18.05, 2);
    expect(d['volumeM3']).toBeCloseTo(5.414, 3);
    expect(d['drainingTimeH']).toBeCloseTo(8.77, 2);
  });

  it('trough: the safety margin in percent equals f_Z, and the rain height equals its yield', async () => {
    const base = { edition: 'DWA-A 138:2005', acM2: 190, kfMs: 1.9e-5, depthM: 0.3 };
    const a = results((await calc('trough', { ...base, safetyFactor: 1.2, rain: { durationMin: 240, rLsHa: 23.3 } })).stdout);
    const b = results((await calc('trough', { ...base, safetyMarginPct: 20, rain: { durationMin: 240, hNMm: (23.3 * 60 * 240) / 10000 } })).stdout);
    expect((b['design'] as Record<string, number>)['infiltrationAreaM2']).toBeCloseTo((a['design'] as Record<string, number>)['infiltrationAreaM2']!, 9);
  });

  it('tank: pipe tank of the consistency case (s_R 0.317166, L 52.464 m) and the check of L = 55 m', async () => {
    const r = results((await run(['calc', 'tank', example('tank')], { cwd: repo })).stdout);
    expect(r['storageCoefficient']).toBeCloseTo(0.317166, 6);
    expect((r['requiredLength'] as Record<string, number>)['lengthM']).toBeCloseTo(52.464, 3);
    expect((r['check'] as Record<string, unknown>)['sufficient']).toBe(true);
  });

  it('tank: box layers give the height (1.5 layers = 0.66 + 0.36 m), and the 2005 trench example (L 35.48 m)', async () => {
    const boxes = results((await calc('tank', { acM2: 500, kfMs: 1e-5, widthM: 1.6, layers: 1.5, storageCoefficient: 0.95, rain: { durationMin: 60, rLsHa: 100 } })).stdout);
    expect(boxes['heightM']).toBeCloseTo(1.02, 12);
    const trench = results(
      (await calc('tank', { edition: 'DWA-A 138:2005', acM2: 2000, kfMs: 8e-5, safetyFactor: 1.2, widthM: 2.5, heightM: 1, storageCoefficient: 0.35, rain: { durationMin: 45, rLsHa: 69.2 } })).stdout,
    );
    expect((trench['requiredLength'] as Record<string, number>)['lengthM']).toBeCloseTo(35.48, 2);
  });

  it('pipe-storage: s_R 0.317166 and a pipe type from the spec table', async () => {
    const r = results((await run(['calc', 'pipe-storage', example('pipe-storage')], { cwd: repo })).stdout);
    expect(r['storageCoefficient']).toBeCloseTo(0.317166, 6);
    expect(r['availableVolumeM3']).toBeCloseTo(52.464 * 0.317166, 4);
    const typed = results((await calc('pipe-storage', { widthM: 1, heightM: 1, numberOfPipes: 1, pipeType: 'DN_ID_200' })).stdout);
    expect(typed['innerDiameterMm']).toBe(200);
    expect(typed['outerDiameterMm']).toBe(232);
  });

  it('pipe-storage: pipes that do not fit exit 1 with PIPES_DO_NOT_FIT', async () => {
    const r = await calc('pipe-storage', { widthM: 0.5, heightM: 0.5, numberOfPipes: 1, pipeType: 'DN_ID_600' });
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout).issues[0].code).toBe('PIPES_DO_NOT_FIT');
    expect(results(r.stdout)['storageCoefficient']).toBeNull();
  });

  it('trough-tank: the published example (L 7.10 m, V 6.08 m³), and a trough given by its dimensions', async () => {
    const r = results((await run(['calc', 'trough-tank', example('trough-tank')], { cwd: repo })).stdout);
    expect((r['requiredLength'] as Record<string, number>)['lengthM']).toBeCloseTo(7.102, 3);
    expect(r['totalVolumeM3']).toBeCloseTo(6.084, 3);
    const dims = await calc('trough-tank', {
      acM2: 500,
      kfMs: 2e-5,
      trough: { lengthM: 10, widthM: 2, depthM: 0.3, slope: 2, rain: [{ durationMin: 60, rLsHa: 60 }] },
      widthM: 1.6,
      layers: 1,
      storageCoefficient: 0.95,
      lengthM: 10,
      rain: [{ durationMin: 30, rLsHa: 150 }, { durationMin: 60, rLsHa: 90 }],
    });
    expect(dims.code).toBe(0);
    const d = results(dims.stdout);
    expect((d['trough'] as Record<string, number>)['volumeM3']).toBeCloseTo(3.984, 3);
    expect((d['requiredLength'] as Record<string, number>)['lengthM']).toBeGreaterThan(0);
    expect(d['check']).toBeTypeOf('object');
  });

  it('retention: A 117 simple method over a row, and the limits of the method', async () => {
    const r = results((await run(['calc', 'retention', example('retention')], { cwd: repo })).stdout);
    expect(r['throttleRateLsHa']).toBe(5);
    expect(r['governingDurationMin']).toBe(360);
    // (23.01 − 5)·360·1.2·0.06 = 466.8192 m³/ha · 0.2 ha
    expect(r['specificVolumeM3Ha']).toBeCloseTo(466.8192, 9);
    expect(r['requiredVolumeM3']).toBeCloseTo(93.36384, 9);
    expect(r['sufficient']).toBe(false);
    const big = await calc('retention', { acM2: 2e6, throttleLs: 100, catchmentAreaM2: 2.5e6, annualityA: 20, rain: { durationMin: 60, rLsHa: 100 } });
    expect(big.code).toBe(0);
    expect(JSON.parse(big.stdout).issues.map((i: { code: string }) => i.code)).toEqual(['SIMPLE_METHOD_LIMIT', 'SIMPLE_METHOD_LIMIT']);
  });

  it('retention: a whole rain table in the project file form (annualityA + rainData)', async () => {
    const r = await calc('retention', { acM2: 1000, rain: { annualityA: 5, rainData: sampleRainData() } });
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as { inputs: { rain: { annualityA: number; points: unknown[]; source: unknown } }; results: Record<string, unknown> };
    expect(out.inputs.rain.annualityA).toBe(5);
    expect(out.inputs.rain.points).toHaveLength(22);
    expect(out.inputs.rain.source).toEqual({ edition: 'custom' });
    expect(out.results['perDuration']).toHaveLength(22);
  });

  it('surface-infiltration: A_S = A_C/(q·1e7/r − 1), and exit 1 when the soil cannot take the rain', async () => {
    const r = results((await run(['calc', 'surface-infiltration', example('surface-infiltration')], { cwd: repo })).stdout);
    expect(r['infiltrationAreaM2']).toBeCloseTo(100 / (500 / 333.33 - 1), 6);
    const bad = await calc('surface-infiltration', { acM2: 100, kfMs: 1e-5, rain: { durationMin: 5, rLsHa: 300 } });
    expect(bad.code).toBe(1);
    expect(JSON.parse(bad.stdout).issues[0]).toMatchObject({ code: 'INFILTRATION_INSUFFICIENT', severity: 'error' });
  });

  it('flooding: the volume of the T_f row with f_flood 1.15 and the extra volume', async () => {
    const r = results((await run(['calc', 'flooding', example('flooding')], { cwd: repo })).stdout);
    expect(r['floodingFactor']).toBe(1.15);
    expect(r['extraVolumeM3']).toBeCloseTo((r['floodingVolumeM3'] as number) - 20, 9);
    const direct = results((await calc('flooding', { peakAreaM2: 1000, floodingFactor: 1, rain: { durationMin: 10, rLsHa: 100 } })).stdout);
    expect(direct['floodingVolumeM3']).toBeCloseTo(1000 * 1e-5 * 600, 9);
  });

  it('din1986-eq20 and eq21: the published examples', async () => {
    const a = results((await run(['calc', 'din1986-eq20', example('din1986-eq20')], { cwd: repo })).stdout);
    expect(a['volumeM3']).toBeCloseTo(6.7602, 4);
    expect(a['required']).toBe(true);
    const b = results((await run(['calc', 'din1986-eq21', example('din1986-eq21')], { cwd: repo })).stdout);
    expect(b['volumeM3']).toBeCloseTo(2.2431, 4);
    expect(b['governingDurationMin']).toBe(15);
  });

  it('din1986: eq. 20 and eq. 21 together, the larger governs (Düsseldorf site with a 15 l/s drain)', async () => {
    const r = results((await run(['calc', 'din1986', example('din1986')], { cwd: repo })).stdout);
    const eq20 = r['eq20'] as Record<string, number>;
    const eq21 = r['eq21'] as Record<string, number>;
    expect(eq20['volumeM3']).toBeCloseTo(6.7602, 4);
    // eq. 21 at D = 5 min: (433·950/1e4 − 15)·300/1000 = 7.8405 m³
    expect(eq21['volumeM3']).toBeCloseTo(7.8405, 4);
    expect(r['governingEquation']).toBe(21);
    expect(r['volumeM3']).toBeCloseTo(7.8405, 4);
    expect(r['required']).toBe(true);
    const base = { totalAreaM2: 950, roofAreaM2: 350, roofCs: 1, pavedAreaM2: 600, pavedCs: 0.9 };
    // A larger drain: eq. 20 governs; without a drain eq. 21 is not computed.
    const big = results((await calc('din1986', { ...base, fullFlowLs: 30, rain: { durationMin: 5, r30LsHa: 433, r2LsHa: 209 } })).stdout);
    expect(big['governingEquation']).toBe(20);
    expect(big['volumeM3']).toBeCloseTo(6.7602, 4);
    const only20 = results((await calc('din1986', { ...base, rain: { durationMin: 5, r30LsHa: 433, r2LsHa: 209 } })).stdout);
    expect(only20['governingEquation']).toBe(20);
    expect(only20['eq21']).toBeUndefined();
    // r2LsHa may be left out at durations only eq. 21 uses.
    const mixed = results((await calc('din1986', { ...base, fullFlowLs: 15, rain: [{ durationMin: 5, r30LsHa: 433, r2LsHa: 209 }, { durationMin: 10, r30LsHa: 330 }] })).stdout);
    expect((mixed['eq21'] as Record<string, number>)['volumeM3']).toBeCloseTo((330 * 0.095 - 15) * 0.6, 9);
    expect((mixed['eq20'] as Record<string, number>)['governingDurationMin']).toBe(5);
  });

  it('din1986: a whole rain table gives the rows T = 30 a and T = 2 a; the same as the points of those rows', async () => {
    const rainData = sampleRainData() as { raindataSeries: { annuality: number; valuesForDurations: { duration: number; value: number }[] }[] };
    const base = { totalAreaM2: 2000, roofAreaM2: 800, roofCs: 1, pavedAreaM2: 1200, pavedCs: 0.9, fullFlowLs: 20 };
    const table = await calc('din1986', { ...base, rainData });
    expect(table.code).toBe(0);
    const row = (T: number) => rainData.raindataSeries.find((s) => s.annuality === T)!.valuesForDurations;
    const r2 = new Map(row(2).map((p) => [p.duration, p.value]));
    const points = row(30).map((p) => ({ durationMin: p.duration, r30LsHa: p.value, r2LsHa: r2.get(p.duration)! }));
    const byPoints = await calc('din1986', { ...base, rain: points });
    expect(results(table.stdout)['volumeM3']).toBeCloseTo(results(byPoints.stdout)['volumeM3'] as number, 9);
    expect(results(table.stdout)['governingEquation']).toBe(results(byPoints.stdout)['governingEquation']);
    const both = await calc('din1986', { ...base, rainData, rain: points });
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('$: expected rain or rainData, not more than one of them');
    const none = await calc('din1986', base);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('$.rain: expected rain or rainData (required), got nothing');
  });

  it('the sizing kinds take A_E with C_m (or surfaces) instead of A_C and report A_C', async () => {
    const rain = { durationMin: 240, rLsHa: 23.3 };
    const byAc = results((await calc('trough', { edition: 'DWA-A 138:2005', acM2: 190, kfMs: 1.9e-5, depthM: 0.3, rain })).stdout);
    const byAe = results((await calc('trough', { edition: 'DWA-A 138:2005', aeM2: 200, cm: 0.95, kfMs: 1.9e-5, depthM: 0.3, rain })).stdout);
    expect(byAe['acM2']).toBeCloseTo(190, 12);
    expect(byAe['aeM2']).toBe(200);
    expect(byAc['acM2']).toBe(190);
    expect((byAe['design'] as Record<string, number>)['infiltrationAreaM2']).toBeCloseTo((byAc['design'] as Record<string, number>)['infiltrationAreaM2']!, 9);
    const surfaces = results((await calc('tank', { surfaces: [{ aeM2: 300, cm: 0.9 }, { aeM2: 200, cm: 0.5 }], kfMs: 1e-5, widthM: 1, heightM: 1, storageCoefficient: 0.95, rain })).stdout);
    expect(surfaces['acM2']).toBeCloseTo(370, 12);
    expect(surfaces['aeM2']).toBe(500);
    const tank370 = results((await calc('tank', { acM2: 370, kfMs: 1e-5, widthM: 1, heightM: 1, storageCoefficient: 0.95, rain })).stdout);
    expect(surfaces['requiredLength']).toEqual(tank370['requiredLength']);
    // retention: A_E also feeds the 200 ha limit of the simple method
    const big = await calc('retention', { aeM2: 2.5e6, cm: 0.8, throttleLs: 100, annualityA: 20, rain: { durationMin: 60, rLsHa: 100 } });
    expect(results(big.stdout)['acM2']).toBeCloseTo(2e6, 6);
    expect(big.stdout).toContain('"limit": "catchmentArea"');
    for (const [kind, input] of [['retention', { aeM2: 100, rain }], ['surface-infiltration', { aeM2: 100, kfMs: 1e-5, rain }]] as const) {
      const r = await calc(kind, input);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain('$.cm: expected a value (required together with aeM2, cm), got nothing');
    }
    const twice = await calc('trough', { acM2: 190, aeM2: 200, cm: 0.95, kfMs: 1e-5, depthM: 0.3, rain });
    expect(twice.code).toBe(2);
    expect(twice.stderr).toContain('$: expected acM2 or aeM2 + cm or surfaces, not more than one of them');
    const none = await calc('trough', { kfMs: 1e-5, depthM: 0.3, rain });
    expect(none.stderr).toContain('$.acM2: expected acM2 or aeM2 + cm or surfaces (required), got nothing');
    const badCm = await calc('trough', { aeM2: 200, cm: 1.5, kfMs: 1e-5, depthM: 0.3, rain });
    expect(badCm.stderr).toContain('$.cm: expected a number ≥ 0 and ≤ 1, got 1.5');
  });

  it('trough-tank: the trough\'s draining time, from its depth or V_M/A_VA', async () => {
    const input = JSON.parse(readFileSync(path.join(repo, example('trough-tank')), 'utf8')) as Record<string, unknown>;
    const q = 1.9e-5 / 2; // 2005: q = k_f/2
    const plain = results((await calc('trough-tank', input)).stdout)['trough'] as Record<string, number>;
    expect(plain['depthM']).toBeCloseTo(3.3 / 13.5, 12);
    expect(plain['drainingTimeH']).toBeCloseTo(3.3 / 13.5 / q / 3600, 9);
    const deep = await calc('trough-tank', { ...input, trough: { volumeM3: 3.3, areaM2: 13.5, depthM: 0.3 } });
    const t = results(deep.stdout)['trough'] as Record<string, number>;
    expect(t['drainingTimeH']).toBeCloseTo(0.3 / q / 3600, 9); // 8.77 h as published for the trough
    expect(t['drainingTimeH']).toBeCloseTo(8.77, 2);
    // The tank length does not depend on the depth (V_M and A_VA are given).
    expect(results(deep.stdout)['requiredLength']).toEqual(results((await calc('trough-tank', input)).stdout)['requiredLength']);
    const slow = await calc('trough-tank', { ...input, trough: { volumeM3: 3.3, areaM2: 13.5, depthM: 1.5 } });
    expect(slow.stdout).toContain('DRAINING_TIME_EXCEEDED');
    const dims = { lengthM: 10, widthM: 1.5, slope: 1 };
    const noDepth = await calc('trough-tank', { ...input, trough: dims });
    expect(noDepth.code).toBe(2);
    expect(noDepth.stderr).toContain('$.trough.depthM: expected a value (required together with lengthM, widthM, slope), got nothing');
    const withDims = results((await calc('trough-tank', { ...input, trough: { ...dims, depthM: 0.3 } })).stdout)['trough'] as Record<string, number>;
    expect(withDims['drainingTimeH']).toBeGreaterThan(0);
  });

  it('m153: B 36, E 7.2 ≤ G 10 (published example); without treatment the value G/B decides', async () => {
    const r = results((await run(['calc', 'm153', example('m153')], { cwd: repo })).stdout);
    expect(r).toMatchObject({ dischargedLoadB: 36, waterCategoryPointsG: 10, combinedFactorD: 0.2, passes: true, treatmentNeeded: true });
    expect(r['emissionE']).toBeCloseTo(7.2, 12);
    const plain = results((await calc('m153', { airPollution: 'L1', waterCategory: 'G12', surfaces: [{ areaM2: 100, cm: 0.9, groundPollution: 'F1' }] })).stdout);
    expect(plain).toMatchObject({ dischargedLoadB: 6, passes: true, treatmentNeeded: false });
  });

  it('a102: area-specific ablation 472 kg/(ha·a), η 0.407, passes with a 50 % facility', async () => {
    const r = results((await run(['calc', 'a102', example('a102')], { cwd: repo })).stdout);
    expect(r['areaSpecificAblationKgHaA']).toBeCloseTo(472, 9);
    expect(r['requiredEfficiency']).toBeCloseTo(1 - 280 / 472, 9);
    expect(r['passes']).toBe(true);
  });

  it('kostra-cell: Munich lies in 2020 cell 203167; outside the grid exits 1', async () => {
    const r = results((await run(['calc', 'kostra-cell', example('kostra-cell')], { cwd: repo })).stdout);
    expect(r['cell']).toMatchObject({ id: '203167', row: 203, column: 167 });
    const checks = results((await calc('kostra-cell', { latitude: 47.99609, longitude: 7.8494 })).stdout);
    expect((checks['cell'] as { id: string }).id).toBe('206112');
    const outside = await calc('kostra-cell', { latitude: 40, longitude: -30 });
    expect(outside.code).toBe(1);
    expect(results(outside.stdout)['cell']).toBeNull();
  });

  it('kostra-table: cell 117111 from its published parameters (hN(5 min, 1 a) = 7.0 mm)', async () => {
    const r = results((await run(['calc', 'kostra-table', example('kostra-table')], { cwd: repo })).stdout);
    const rows = r['table'] as { durationMin: number; hNMm: number[]; rLsHa: number[] }[];
    expect(rows).toHaveLength(22);
    expect(rows[0]).toMatchObject({ durationMin: 5 });
    expect(rows[0]!.hNMm[0]).toBe(7);
    expect(rows[0]!.rLsHa[0]).toBeCloseTo((7 * 10000) / 300, 9);
    expect((r['rainData'] as { source: unknown }).source).toEqual({ edition: 'KOSTRA-DWD-2020', cell: '117111' });
  });
});

describe('calc: input errors name the JSON path and what was expected (exit 2)', () => {
  it.each([
    ['trough', { acM2: 190, kfMs: '1e-5', depthM: 0.3, rain: { durationMin: 240, rLsHa: 23.3 } }, '$.kfMs: expected a number > 0 (m/s), got "1e-5"'],
    ['trough', { acM2: 190, kfMs: 1e-5, rain: { durationMin: 240, rLsHa: 23.3 } }, '$.depthM: expected a number > 0 (m) (required), got nothing'],
    ['trough', { acM2: 190, kfMs: 1e-5, depthM: 0.3, lengthM: 10, rain: { durationMin: 240, rLsHa: 23.3 } }, '$.widthM: expected a value (lengthM, widthM, slope go together)'],
    ['trough', { acM2: 190, kfMs: 1e-5, depthM: 0.3, safetyFactor: 1.2, safetyMarginPct: 20, rain: { durationMin: 240, rLsHa: 23.3 } }, '$.safetyMarginPct: expected either safetyFactor or safetyMarginPct, not both'],
    ['trough', { edition: 'DWA-A 138:2005', acM2: 190, kfMs: 1e-5, fSite: 0.5, depthM: 0.3, rain: { durationMin: 240, rLsHa: 23.3 } }, '$.fSite: expected no fSite with DWA-A 138:2005'],
    ['trough', { edition: 'A 138', acM2: 190, kfMs: 1e-5, depthM: 0.3, rain: { durationMin: 240, rLsHa: 23.3 } }, '$.edition: expected one of "DWA-A 138-1:2024", "DWA-A 138:2005", got "A 138"'],
    ['trough', { acM2: 190, kfMs: 1e-5, depthM: 0.3, rain: { durationMin: 240 } }, '$.rain.rLsHa: expected a number ≥ 0 (l/(s·ha)) (required, or give "hNMm"), got nothing'],
    ['trough', { acM2: 190, kfMs: 1e-5, depthM: 0.3, rain: [{ durationMin: 5, rLsHa: 1 }, { durationMin: -5, rLsHa: 1 }] }, '$.rain[1].durationMin: expected a number > 0 (min), got -5'],
    ['trough', { acM2: 190, kfMs: 1e-5, depthM: 0.3, rain: [] }, '$.rain: expected at least one duration, got an empty array'],
    ['trough', { acM2: 190, kfMs: 1e-5, depthM: 0.3, ac: 1, rain: { durationMin: 5, rLsHa: 1 } }, '$.ac: expected no such field (known fields: edition, acM2, aeM2, cm, surfaces, kfMs'],
    ['tank', { acM2: 100, kfMs: 1e-5, widthM: 1, heightM: 1, rain: { durationMin: 5, rLsHa: 1 } }, '$.storageCoefficient: expected storageCoefficient or pipes (required), got nothing'],
    ['tank', { acM2: 100, kfMs: 1e-5, widthM: 1, heightM: 1, layers: 1, storageCoefficient: 0.95, rain: { durationMin: 5, rLsHa: 1 } }, '$: expected heightM or layers, not more than one of them'],
    ['tank', { acM2: 100, kfMs: 1e-5, widthM: 1, layers: 1.2, storageCoefficient: 0.95, rain: { durationMin: 5, rLsHa: 1 } }, '$.layers: expected a number > 0 in steps of 0.5 (box layers), got 1.2'],
    ['tank', { acM2: 100, kfMs: 1e-5, widthM: 1, heightM: 1, pipes: { numberOfPipes: 1, innerDiameterMm: 184 }, rain: { durationMin: 5, rLsHa: 1 } }, '$.pipes.outerDiameterMm: expected a value (required together with innerDiameterMm, outerDiameterMm), got nothing'],
    ['pipe-storage', { widthM: 1, heightM: 1, numberOfPipes: 1.5, pipeType: 'DN_ID_200' }, '$.numberOfPipes: expected an integer ≥ 0, got 1.5'],
    ['trough-tank', { acM2: 190, kfMs: 1e-5, trough: { volumeM3: 3 }, widthM: 1, heightM: 1, storageCoefficient: 0.3, rain: { durationMin: 5, rLsHa: 1 } }, '$.trough.areaM2: expected a value (required together with volumeM3, areaM2), got nothing'],
    ['retention', { acM2: 1000, rain: { annualityA: 7, rainData: {} } }, '$.rain.annualityA: expected one of 1, 2, 3, 5, 10, 20, 30, 50, 100 (years), got 7'],
    ['retention', { acM2: 1000, rain: { annualityA: 5, rainData: { source: {} } } }, '$.rain.rainData.raindataSeries: expected an array'],
    ['surface-infiltration', { acM2: -1, kfMs: 1e-5, rain: { durationMin: 5, rLsHa: 1 } }, '$.acM2: expected a number ≥ 0 (m²), got -1'],
    ['flooding', { peakAreaM2: 100, asM2: 10, rain: { durationMin: 5, rLsHa: 1 } }, '$.kfMs: expected a number > 0 (m/s) (required when asM2 > 0), got nothing'],
    ['flooding', { peakAreaM2: 100, floodingMargin: 'Fz30', rain: { durationMin: 5, rLsHa: 1 } }, '$.floodingMargin: expected one of "Fz10", "Fz15", "Fz20", got "Fz30"'],
    ['din1986-eq20', { totalAreaM2: 950, roofAreaM2: 350, roofCs: 1.2, pavedAreaM2: 600, pavedCs: 0.9, rain: { durationMin: 5, r30LsHa: 433, r2LsHa: 209 } }, '$.roofCs: expected a number ≥ 0 and ≤ 1, got 1.2'],
    ['din1986-eq20', { totalAreaM2: 950, roofAreaM2: 350, roofCs: 1, pavedAreaM2: 600, pavedCs: 0.9, rain: { durationMin: 5, r30LsHa: 433 } }, '$.rain.r2LsHa: expected a number ≥ 0 (l/(s·ha)) (required), got nothing'],
    ['din1986-eq21', { totalAreaM2: 147, fullFlowLs: 2, rain: [{ durationMin: 20, r30LsHa: 300 }] }, '$.rain[0].durationMin: expected one of 5, 10, 15 (min; eq. 21 is defined for these), got 20'],
    ['m153', { airPollution: 'L5', waterCategory: 'G12', surfaces: [{ connectedAreaM2: 1, groundPollution: 'F1' }] }, '$.airPollution: expected one of "L1", "L2", "L3", "L4", got "L5"'],
    ['m153', { airPollution: 'L1', waterCategory: 'G12', surfaces: [{ connectedAreaM2: 1, groundPollution: 'F1' }], treatment: { pretreatmentOption: 'TOPSOIL_30CM' } }, '$.treatment.proportion: expected one of FIVE, FIFTEEN, FIFTY (required with pretreatmentOption or withD4), got nothing'],
    ['m153', { airPollution: 'L1', waterCategory: 'G12', surfaces: [] }, '$.surfaces: expected an array of at least 1, got an array'],
    ['a102', { surfaces: [{ areaM2: 100, areaGroup: 'X' }] }, '$.surfaces[0].areaGroup: expected one of "D", "VW1"'],
    ['kostra-cell', { latitude: 91, longitude: 0 }, '$.latitude: expected a number ≥ -90 and ≤ 90 (° N, WGS84), got 91'],
    ['kostra-table', { parameters: { xi: 1, alpha: 1, kappa: 0, theta: 0 } }, '$.parameters.eta: expected a number > 0 (required), got nothing'],
    ['kostra-table', { parameters: { xi: 1, alpha: 1, kappa: 0, theta: 0, eta: 1 }, indexRc: '1234567' }, '$.indexRc: expected an INDEX_RC of at most 6 digits'],
  ])('%s %j', async (kind, input, message) => {
    const r = await calc(kind, input);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(`<stdin>: ${message}`);
    expect(r.stderr).toContain(`Run 'rainplan calc ${kind} --help' for the fields.`);
    expect(r.code).toBe(2);
  });

  it('lists every problem, not only the first', async () => {
    const r = await calc('tank', { acM2: 'x', kfMs: -1, rain: 5 });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('$.acM2: expected a number ≥ 0 (m²), got "x"');
    expect(r.stderr).toContain('$.kfMs: expected a number > 0 (m/s), got -1');
    expect(r.stderr).toContain('$.widthM: expected a number > 0 (m) (required), got nothing');
    expect(r.stderr).toMatch(/\$\.rain: expected \{ "durationMin", "rLsHa" \}.*, got 5/);
  });

  it('rejects invalid JSON, a non-object, an unknown kind and a missing file', async () => {
    const bad = await calc('trough', '{ "acM2": ');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^<stdin>: \$: expected valid JSON/);
    const arr = await calc('trough', '[1]');
    expect(arr.stderr).toContain('<stdin>: $: expected an object, got an array');
    const unknown = await run(['calc', 'swale', 'x.json']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('rainplan: calc: unknown kind "swale"');
    const noKind = await run(['calc']);
    expect(noKind.code).toBe(2);
    expect(noKind.stderr).toContain('calc: missing kind');
    const noFile = await run(['calc', 'trough']);
    expect(noFile.stderr).toContain('calc trough: missing input file (or - for stdin)');
    const missing = await run(['calc', 'trough', 'no/such.json']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toBe('rainplan: cannot read no/such.json: no such file or directory\n');
  });
});
