/**
 * evaluate(): the rain uncertainty band of every measure (issue 19 part 1) — present with
 * KOSTRA-DWD-2020 UC values and with KOSTRA-DWD-2010R (DWD's tolerance ranges), explicitly null
 * with a reason otherwise.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { evaluate, parseProject, type Project } from '../index.ts';
import { measureUncertaintyBand } from '../sizing/uncertaintyBand.ts';
import { rainSeriesFromRainData } from '../rain/wire.ts';
import { rainSeriesUncertainty } from '../rain/uncertainty.ts';

const FIXTURES = new URL('../../../fixtures/projects/', import.meta.url);
const load = (name: string): Project => {
  const parsed = parseProject(readFileSync(new URL(name, FIXTURES), 'utf8'));
  if (!parsed.ok) throw new Error(`${name} does not parse`);
  return parsed.project;
};

/** The fixture's rain data without the values' uncertainties. */
const withoutUncertainty = (p: Project): Project => ({
  ...p,
  rainData: {
    ...p.rainData!,
    raindataSeries: p.rainData!.raindataSeries.map((e) => ({ ...e, valuesForDurations: e.valuesForDurations.map(({ duration, value }) => ({ duration, value })) })),
  },
});

describe('evaluate: rain uncertainty band', () => {
  const project = load('sizing-retention-2024.project.json');

  it('KOSTRA-DWD-2020 with UC values: every sized measure has a band from the UC values', () => {
    const result = evaluate(project);
    for (const m of result.measures) {
      expect(m.uncertaintyBandReason).toBeNull();
      const band = m.uncertaintyBand!;
      expect(band.source).toBe('KOSTRA-DWD-2020-UC');
      expect(band.design.requiredVolumeM3).toBe(m.requiredVolume);
      expect(band.lower.requiredVolumeM3!).toBeLessThan(m.requiredVolume!);
      expect(band.upper.requiredVolumeM3!).toBeGreaterThan(m.requiredVolume!);
      expect(band.availableVolumeM3).toBe(m.value);
      expect(band.design.requiredLengthM).toBe(m.autoDimensioning?.lengthM);
    }
  });

  it('equals measureUncertaintyBand on the project rain (one code path)', () => {
    const result = evaluate(project);
    const series = rainSeriesFromRainData(project.rainData!);
    const u = rainSeriesUncertainty(series);
    if (!u.ok) throw new Error('expected UC values');
    const m = result.measures[0]!;
    const direct = measureUncertaintyBand({ data: { ...project.waterflow.measures[0]!.data, floodingVerification: m.floodingVerification }, acM2: m.AC, rain: { yieldsLsHa: series.yieldsLsHa }, nodeId: m.id, ruleEdition: result.ruleEdition, catchmentAreaM2: result.sealedSurfaces.reduce((s, x) => s + (x.areaM2 ?? 0), 0) }, u.pct, u.source);
    expect(m.uncertaintyBand?.upper.requiredVolumeM3).toBeCloseTo(direct!.upper.requiredVolumeM3!, 9);
    expect(m.uncertaintyBand?.lower.durationMin).toBe(direct!.lower.durationMin);
  });

  it('KOSTRA-DWD-2020 without UC values: no band, reason uncertaintyNotGiven', () => {
    const result = evaluate(withoutUncertainty(project));
    for (const m of result.measures) {
      expect(m.uncertaintyBand).toBeNull();
      expect(m.uncertaintyBandReason).toBe('uncertaintyNotGiven');
    }
  });

  it('KOSTRA-DWD-2010R: DWD tolerance ranges (±10 % at T = 5 a, ±15 % at 20 a)', () => {
    const p = withoutUncertainty(project);
    const result = evaluate({ ...p, rainData: { ...p.rainData!, source: { edition: 'KOSTRA-DWD-2010R', cell: '93049' } } });
    const [basin, channel] = result.measures;
    expect(basin!.uncertaintyBand?.source).toBe('KOSTRA-DWD-2010R-tolerance');
    // The upper end's rain at its governing duration is 1.10 (T = 5 a) resp. 1.15 (T = 20 a) times the table value.
    const series = rainSeriesFromRainData(p.rainData!);
    const r = (T: number, D: number) => series.yieldsLsHa[[1, 2, 3, 5, 10, 20, 30, 50, 100].indexOf(T)]![[5, 10, 15, 20, 30, 45, 60, 90, 120, 180, 240, 360, 540, 720, 1080, 1440, 2880, 4320, 5760, 7200, 8640, 10080].indexOf(D)]!;
    expect(basin!.uncertaintyBand!.upper.rLsHa).toBeCloseTo(1.1 * r(5, basin!.uncertaintyBand!.upper.durationMin!), 9);
    expect(channel!.uncertaintyBand!.upper.rLsHa).toBeCloseTo(1.15 * r(20, channel!.uncertaintyBand!.upper.durationMin!), 9);
    expect(channel!.uncertaintyBand!.lower.rLsHa).toBeCloseTo(0.85 * r(20, channel!.uncertaintyBand!.lower.durationMin!), 9);
  });

  it('custom rain data without uncertainty, no rain data, unsized measures: null with the reason', () => {
    const p = withoutUncertainty(project);
    const custom = evaluate({ ...p, rainData: { ...p.rainData!, source: { edition: 'custom' } } });
    expect(custom.measures.map((m) => [m.uncertaintyBand, m.uncertaintyBandReason])).toEqual(custom.measures.map(() => [null, 'customRainData']));
    const { rainData: _r, ...noRain } = p;
    const none = evaluate(noRain as Project);
    expect(none.measures.map((m) => m.uncertaintyBandReason)).toEqual(none.measures.map(() => 'noRainData'));
    const unsized = evaluate({ ...project, waterflow: { ...project.waterflow, measures: project.waterflow.measures.map((m) => ({ ...m, data: { ...m.data, safetyMargin: null } })) } });
    expect(unsized.measures.map((m) => [m.uncertaintyBand, m.uncertaintyBandReason])).toEqual(unsized.measures.map(() => [null, 'notSized']));
  });

  it('the result stays plain JSON (no undefined inside arrays, no NaN)', () => {
    const result = evaluate(project);
    const text = JSON.stringify(result.measures.map((m) => m.uncertaintyBand));
    expect(text).not.toMatch(/NaN|Infinity/);
  });
});
