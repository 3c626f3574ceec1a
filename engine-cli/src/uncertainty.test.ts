/**
 * The rain uncertainty band in `rainplan evaluate` (table and JSON) and `rainplan calc` (issue 19
 * part 1).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { run, sampleRainData } from './testing/run.ts';

const repo = fileURLToPath(new URL('../../', import.meta.url));
const fixture = (name: string) => path.join('fixtures/projects', name);
const calc = async (kind: string, input: unknown) => run(['calc', kind, '-'], { stdin: JSON.stringify(input), cwd: repo });
const example = (kind: string) => JSON.parse(readFileSync(path.join(repo, 'fixtures/cli-examples', `${kind}.json`), 'utf8')) as Record<string, unknown>;

interface Band {
  source: string;
  lower: Record<string, unknown>;
  upper: Record<string, unknown>;
}

describe('evaluate: rain uncertainty band', () => {
  it('table: one line per measure with the band, its source, the durations and whether the upper end is covered', async () => {
    const r = await run(['evaluate', fixture('sizing-retention-2024.project.json')], { cwd: repo });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Rain uncertainty (required volume at the lower and upper end)');
    expect(r.stdout).toMatch(/^ {2}m-becken: V_req 39\.45 m³ \(\d+\.\d\d – \d+\.\d\d with KOSTRA-DWD-2020 uncertainty UC\), D 60 min \(\d+ \/ \d+\), length [\d.]+ m \([\d.]+ – [\d.]+\); available 77\.05 m³ covers the upper end: yes$/m);
  });

  it('table: DWD tolerance for KOSTRA-DWD-2010R, "no" when the available volume misses the upper end', async () => {
    const r = await run(['evaluate', fixture('sizing-infiltration-2024.project.json')], { cwd: repo });
    expect(r.stdout).toMatch(/m-mulde: V_req 7\.31 m³ \(6\.01 – 8\.61 with KOSTRA-DWD-2010R tolerance \(DWD\)\), D 30 min \(20 \/ 30\); available 14\.00 m³ covers the upper end: yes/);
    expect(r.stdout).toMatch(/m-mulden-rigole: .* covers the upper end: no$/m);
  });

  it('table: no band with the reason (no rain data)', async () => {
    const r = await run(['evaluate', fixture('sizing-no-rain-data.project.json')], { cwd: repo });
    expect(r.stdout).toMatch(/^ {2}\S+: no band \(no rain data\)$/m);
  });

  it('JSON: uncertaintyBand with lower, design and upper, or null with uncertaintyBandReason', async () => {
    const r = await run(['evaluate', fixture('sizing-retention-2024.project.json'), '--format', 'json'], { cwd: repo });
    const measures = (JSON.parse(r.stdout) as { measures: { requiredVolume: number; uncertaintyBand: { source: string; lower: { requiredVolumeM3: number }; design: { requiredVolumeM3: number }; upper: { requiredVolumeM3: number } }; uncertaintyBandReason: null }[] }).measures;
    for (const m of measures) {
      expect(m.uncertaintyBandReason).toBeNull();
      expect(m.uncertaintyBand.source).toBe('KOSTRA-DWD-2020-UC');
      expect(m.uncertaintyBand.design.requiredVolumeM3).toBe(m.requiredVolume);
      expect(m.uncertaintyBand.lower.requiredVolumeM3).toBeLessThan(m.requiredVolume);
      expect(m.uncertaintyBand.upper.requiredVolumeM3).toBeGreaterThan(m.requiredVolume);
    }
    const none = await run(['evaluate', fixture('sizing-no-rain-data.project.json'), '--format', 'json'], { cwd: repo });
    const first = (JSON.parse(none.stdout) as { measures: { uncertaintyBand: unknown; uncertaintyBandReason: string }[] }).measures[0]!;
    expect(first.uncertaintyBand).toBeNull();
    expect(first.uncertaintyBandReason).toBe('noRainData');
  });
});

describe('calc: rain uncertainty band', () => {
  it('rainUncertaintyPct: results again at r·0.9 and r·1.1 (retention, worked by hand)', async () => {
    // A_C = 0.2 ha, q_Dr = 1 l/s / 0.2 ha = 5 l/(s·ha), f_Z = 1.2: V(D) = (r − 5)·0.2·D·60·1.2/1000.
    // Governing D = 360 min, r = 23.01: design (23.01 − 5)·0.2·360·0.072 = 93.36384 m³;
    // lower r = 20.709: 15.709·5.184 = 81.435456 m³; upper r = 25.311: 20.311·5.184 = 105.292224 m³.
    const r = await calc('retention', { ...example('retention'), rainUncertaintyPct: 10 });
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as { results: Record<string, number>; uncertaintyBand: Band; inputs: Record<string, unknown> };
    expect(out.inputs['rainUncertaintyPct']).toBe(10);
    expect(out.results['requiredVolumeM3']).toBeCloseTo(93.36384, 9);
    expect(out.uncertaintyBand.source).toBe('rainUncertaintyPct');
    expect(out.uncertaintyBand.lower['requiredVolumeM3']).toBeCloseTo(81.435456, 9);
    expect(out.uncertaintyBand.upper['requiredVolumeM3']).toBeCloseTo(105.292224, 9);
    expect(out.uncertaintyBand.upper['governingRLsHa']).toBeCloseTo(25.311, 9);
  });

  it('a KOSTRA-DWD-2010R rain table brings DWD tolerance (±15 % at T = 10 a); zero uncertainty gives the design results', async () => {
    const rainData = { ...sampleRainData(), source: { edition: 'KOSTRA-DWD-2010R', cell: '93049' } };
    const input = { ...example('retention'), annualityA: 10, rain: { annualityA: 10, rainData } };
    const r = await calc('retention', input);
    const out = JSON.parse(r.stdout) as { results: Record<string, number>; uncertaintyBand: Band };
    expect(out.uncertaintyBand.source).toBe('KOSTRA-DWD-2010R-tolerance');
    expect(out.uncertaintyBand.upper['governingRLsHa']).toBeCloseTo(1.15 * (rainAt(rainData, 10, out.uncertaintyBand.upper['governingDurationMin'] as number)), 9);
    const zero = JSON.parse((await calc('retention', { ...input, rainUncertaintyPct: 0 })).stdout) as { results: Record<string, number>; uncertaintyBand: Band };
    expect(zero.uncertaintyBand.lower).toEqual(zero.results);
    expect(zero.uncertaintyBand.upper).toEqual(zero.results);
  });

  it('no band for single rain points without rainUncertaintyPct, or for custom rain tables', async () => {
    const single = JSON.parse((await calc('trough', example('trough'))).stdout) as Record<string, unknown>;
    expect(single['uncertaintyBand']).toBeNull();
    expect(single['uncertaintyBandReason']).toBe('notGiven');
    const custom = JSON.parse((await calc('retention', { ...example('retention'), rain: { annualityA: 5, rainData: sampleRainData() } })).stdout) as Record<string, unknown>;
    expect(custom['uncertaintyBand']).toBeNull();
    expect(custom['uncertaintyBandReason']).toBe('customRainData');
  });

  it('kinds without a design rain have no band field; a bad percentage is an input error (exit 2)', async () => {
    const m153 = JSON.parse((await calc('m153', example('m153'))).stdout) as Record<string, unknown>;
    expect('uncertaintyBand' in m153).toBe(false);
    const bad = await calc('retention', { ...example('retention'), rainUncertaintyPct: 120 });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('$.rainUncertaintyPct: expected a number ≥ 0 and ≤ 100 (± %), got 120');
    const text = await calc('retention', { ...example('retention'), rainUncertaintyPct: '10' });
    expect(text.code).toBe(2);
  });

  it('--help lists rainUncertaintyPct for kinds with a design rain', async () => {
    const r = await run(['calc', 'tank', '--help']);
    expect(r.stdout).toMatch(/^ {2}rainUncertaintyPct +a number ≥ 0 and ≤ 100 \(± %\); optional$/m);
  });
});

function rainAt(rainData: Record<string, unknown>, T: number, D: number): number {
  const series = rainData['raindataSeries'] as { annuality: number; valuesForDurations: { duration: number; value: number }[] }[];
  return series.find((e) => e.annuality === T)!.valuesForDurations.find((v) => v.duration === D)!.value;
}
