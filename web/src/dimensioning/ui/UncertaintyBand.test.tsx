/**
 * The rain uncertainty band on screen (issue 19 part 1): the band line in German and English with
 * numbers in the UI language, the verdict on the upper end, the reason when there is no band, and
 * the shaded band in the volume chart. The results come from the engine's evaluate().
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { render, screen } from '@testing-library/react';
import { evaluate, parseProject, type MeasureResult, type Project } from '@rainplan/engine';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../i18n/index.ts';
import { UncertaintyBandText } from './UncertaintyBand.tsx';
import { VolumeChart } from './VolumeChart.tsx';

const project = (name: string): Project => {
  const parsed = parseProject(readFileSync(path.resolve(process.cwd(), '../fixtures/projects', name), 'utf8'));
  if (!parsed.ok) throw new Error(name);
  return parsed.project;
};
const measures = (name: string) => evaluate(project(name)).measures;
const measure = (name: string, id: string): MeasureResult => measures(name).find((m) => m.id === id)!;

function show(ui: React.ReactElement, language: 'de' | 'en') {
  return render(<I18nextProvider i18n={createI18n(language)}>{ui}</I18nextProvider>);
}

describe('UncertaintyBandText', () => {
  const mulde = measure('sizing-infiltration-2024.project.json', 'm-mulde');

  it('German: V_erf with the band in German numbers, the source and the verdict on the upper end', () => {
    show(<UncertaintyBandText result={mulde} />, 'de');
    expect(screen.getByTestId('band-text-m-mulde').textContent).toBe('V_erf 7,31 m³ (6,01 – 8,61 mit KOSTRA-Unsicherheit)');
    expect(screen.getByTestId('band-covers-m-mulde').textContent).toBe('Das vorhandene Volumen deckt auch das obere Ende.');
    // The governing duration moves at the lower end (30 → 20 min): said once.
    expect(screen.getByTestId('band-m-mulde').textContent).toContain('Maßgebende Regendauer 30 min (unteres Ende 20 min, oberes Ende 30 min)');
  });

  it('English: V_req with English numbers; a measure whose volume misses the upper end says so with both figures', () => {
    show(<UncertaintyBandText result={mulde} />, 'en');
    expect(screen.getByTestId('band-text-m-mulde').textContent).toBe('V_req 7.31 m³ (6.01 – 8.61 with KOSTRA uncertainty)');
    const short = measure('sizing-infiltration-2024.project.json', 'm-mulden-rigole');
    const band = short.uncertaintyBand!;
    show(<UncertaintyBandText result={short} />, 'en');
    const fmt = (x: number | undefined) => new Intl.NumberFormat('en', { maximumFractionDigits: 2 }).format(x!);
    expect(screen.getByTestId('band-covers-m-mulden-rigole').textContent).toBe(
      `The available volume (${fmt(band.availableVolumeM3)} m³) does not cover the upper end (${fmt(band.upper.requiredVolumeM3)} m³).`,
    );
    expect(screen.getByTestId('band-m-mulden-rigole').textContent).toMatch(/Required length [\d.]+ m \([\d.]+ – [\d.]+\)/);
  });

  it('no band: the reason (custom rain data, KOSTRA-DWD-2020 without UC), nothing while not sized', () => {
    const p = project('sizing-infiltration-2024.project.json');
    const custom = evaluate({ ...p, rainData: { ...p.rainData!, source: { edition: 'custom' } } }).measures[0]!;
    const first = show(<UncertaintyBandText result={custom} />, 'de');
    expect(screen.getByTestId(`band-none-${custom.id}`).textContent).toBe('Kein Unsicherheitsband: eigene Regendaten ohne Unsicherheit.');
    first.unmount();
    const noUc = evaluate({ ...p, rainData: { ...p.rainData!, source: { edition: 'KOSTRA-DWD-2020' } } }).measures[0]!;
    show(<UncertaintyBandText result={noUc} />, 'en');
    expect(screen.getByTestId(`band-none-${noUc.id}`).textContent).toBe('No uncertainty band: the KOSTRA-DWD-2020 data carry no uncertainty values.');
    const unsized = evaluate({ ...p, waterflow: { ...p.waterflow, measures: p.waterflow.measures.map((m) => ({ ...m, data: { ...m.data, safetyMargin: null } })) } }).measures[0]!;
    const { container } = show(<UncertaintyBandText result={unsized} />, 'de');
    expect(container.textContent).toBe('');
  });
});

describe('VolumeChart with the band', () => {
  it('shades the area between the lower and the upper curve, with a legend', () => {
    const m = measure('sizing-retention-2024.project.json', 'm-becken');
    const band = m.uncertaintyBand!;
    show(<VolumeChart title="Chart" points={band.design.chart} required={m.requiredVolume} band={{ lower: band.lower.chart, upper: band.upper.chart }} />, 'de');
    const shade = screen.getByTestId('chart-band');
    // One point per duration on each curve, closed.
    expect(shade.getAttribute('d')!.match(/[ML]/g)).toHaveLength(band.lower.chart!.length + band.upper.chart!.length);
    expect(shade.getAttribute('d')).toMatch(/Z$/);
    expect(screen.getByRole('figure').textContent).toContain('Band: unteres bis oberes Ende der Regenunsicherheit');
  });

  it('draws no band without band curves', () => {
    const m = measure('sizing-retention-2024.project.json', 'm-becken');
    show(<VolumeChart title="Chart" points={m.uncertaintyBand!.design.chart} required={m.requiredVolume} />, 'en');
    expect(screen.queryByTestId('chart-band')).toBeNull();
  });
});
