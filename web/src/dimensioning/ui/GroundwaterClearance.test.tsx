/**
 * The groundwater clearance on screen (decision 0173): the result block in German and English from
 * the engine's evaluate() of the fixture project, "not checked" without MHGW, the level fields
 * (only valid numbers are committed; a wrong one is named once the field was left) and the
 * summary line.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fireEvent, render, screen } from '@testing-library/react';
import { evaluate, parseProject, type MeasureResult, type Project } from '@rainplan/engine';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../i18n/index.ts';
import { GroundwaterClearanceResult, GroundwaterFields, GroundwaterSummary, LevelField } from './GroundwaterClearance.tsx';

const project = ((): Project => {
  const parsed = parseProject(readFileSync(path.resolve(process.cwd(), '../fixtures/projects/groundwater-clearance.project.json'), 'utf8'));
  if (!parsed.ok) throw new Error('fixture');
  return parsed.project;
})();
const evaluation = evaluate(project);
const measure = (id: string): MeasureResult => evaluation.measures.find((m) => m.id === id)!;

function show(ui: React.ReactElement, language: 'de' | 'en') {
  return render(<I18nextProvider i18n={createI18n(language)}>{ui}</I18nextProvider>);
}

describe('GroundwaterClearanceResult', () => {
  it('German: derived base level, thickness, minimum with the clause, met', () => {
    show(<GroundwaterClearanceResult result={measure('m-mulde')} />, 'de');
    expect(screen.getByTestId('groundwater-results').dataset['status']).toBe('pass');
    expect(screen.getByTestId('groundwater-base-used').textContent).toBe('519,70 m = 520,00 m − 0,30 m');
    expect(screen.getByTestId('groundwater-thickness').textContent).toBe('1,20 m');
    expect(screen.getByTestId('groundwater-results').textContent).toContain('1,00 m (DWA-A 138-1:2024 section 5.3)');
    expect(screen.getByTestId('groundwater-status').textContent).toBe('Der Grundwasserabstand ist eingehalten.');
  });

  it('English: a failing tank, and a typed base level', () => {
    const first = show(<GroundwaterClearanceResult result={measure('m-rigole-seiten-dicht')} />, 'en');
    expect(screen.getByTestId('groundwater-thickness').textContent).toBe('0.94 m');
    expect(screen.getByTestId('groundwater-status').textContent).toBe('The groundwater clearance is not met: the seepage zone is too thin.');
    first.unmount();
    show(<GroundwaterClearanceResult result={measure('m-rohrrigole')} />, 'en');
    expect(screen.getByTestId('groundwater-base-used').textContent).toBe('518.90 m (entered)');
  });

  it('without MHGW: not checked, naming the missing fields; never a pass', () => {
    show(<GroundwaterClearanceResult result={measure('m-rigole-drossel')} />, 'de');
    expect(screen.getByTestId('groundwater-results').dataset['status']).toBe('incomplete');
    expect(screen.getByTestId('groundwater-status').textContent).toBe('Nicht geprüft: MHGW, Geländehöhe, Überdeckung fehlt.');
    expect(screen.getByTestId('groundwater-thickness').textContent).toBe('---');
  });

  it('nothing for a measure that does not infiltrate or is not evaluated', () => {
    const { container } = show(
      <>
        <GroundwaterClearanceResult result={{ ...measure('m-mulde'), groundwaterClearance: null }} />
        <GroundwaterClearanceResult result={undefined} />
      </>,
      'de',
    );
    expect(container.textContent).toBe('');
  });

  it('the summary line counts the checks', () => {
    show(<GroundwaterSummary counts={evaluation.summary.groundwaterClearance} testId="gw" />, 'en');
    expect(screen.getByTestId('gw').textContent).toBe('Groundwater clearance: 3 met, 3 not met, 3 not checked.');
  });
});

describe('LevelField and GroundwaterFields', () => {
  const input = (testId: string) => screen.getByTestId(testId).querySelector('input')!;

  it('commits a valid level as typed (German decimal comma) and clears with an empty text', () => {
    const onCommit = vi.fn();
    const first = show(<LevelField label="MHGW" value={undefined} min={-500} max={5000} testId="f" onCommit={onCommit} />, 'de');
    fireEvent.change(input('f'), { target: { value: '98,4' } });
    expect(onCommit).toHaveBeenLastCalledWith(98.4);
    first.unmount();
    show(<LevelField label="MHGW" value={98.4} min={-500} max={5000} testId="f" onCommit={onCommit} />, 'de');
    expect(input('f').value).toBe('98,4');
    fireEvent.change(input('f'), { target: { value: '' } });
    expect(onCommit).toHaveBeenLastCalledWith(null);
  });

  it('never commits 1e9, a text or a value out of bounds; names it only after the field was left', () => {
    const onCommit = vi.fn();
    show(<LevelField label="MHGW" value={100} min={-500} max={5000} testId="f" onCommit={onCommit} />, 'en');
    fireEvent.change(input('f'), { target: { value: '1000000000' } });
    expect(onCommit).not.toHaveBeenCalled();
    expect(screen.getByTestId('f').textContent).not.toContain('Enter a value');
    fireEvent.blur(input('f'));
    expect(screen.getByTestId('f').textContent).toContain('Enter a value from -500 to 5,000 m.');
    expect(input('f').getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(input('f'), { target: { value: '1e9' } });
    expect(screen.getByTestId('f').textContent).toContain('Enter a number in metres.');
    fireEvent.change(input('f'), { target: { value: 'abc' } });
    expect(onCommit).not.toHaveBeenCalled();
    fireEvent.change(input('f'), { target: { value: '101.5' } });
    expect(onCommit).toHaveBeenCalledWith(101.5);
    expect(screen.getByTestId('f').textContent).not.toContain('Enter');
  });

  it('the cover field only for a measure with a tank part; each field patches its own data field', () => {
    const onChange = vi.fn();
    const first = show(<GroundwaterFields data={{}} tank={false} onChange={onChange} />, 'de');
    expect(screen.queryByTestId('groundwater-cover')).toBeNull();
    first.unmount();
    show(<GroundwaterFields data={{ groundLevel: 100 }} tank onChange={onChange} />, 'de');
    expect(input('groundwater-ground').value).toBe('100');
    fireEvent.change(input('groundwater-cover'), { target: { value: '0,5' } });
    expect(onChange).toHaveBeenLastCalledWith({ coverDepth: 0.5 });
    fireEvent.change(input('groundwater-cover'), { target: { value: '-1' } });
    expect(onChange).toHaveBeenCalledTimes(1);
    fireEvent.change(input('groundwater-mhgw'), { target: { value: '97,25' } });
    expect(onChange).toHaveBeenLastCalledWith({ meanHighestGroundwaterLevel: 97.25 });
    fireEvent.change(input('groundwater-base'), { target: { value: '98' } });
    expect(onChange).toHaveBeenLastCalledWith({ baseLevel: 98 });
  });
});
