/**
 * The link between a configuration and its measure (docs/configurator.md "Link to the measure"):
 * eligible measures, and `evaluate` taking a linked measure's tank dimensions and available
 * volume from its configuration.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { evaluate } from '../evaluate/evaluate.ts';
import type { BoxConfiguration, Project } from '../model/project.ts';
import { FULL, lookup } from '../testing/boxGeometry.test-helpers.ts';
import { createGrid, fillLayer, place } from './grid.ts';
import { eligibleMeasures, gridForMeasure, linkedTankDimensioning, standardItemGeometry } from './measureLink.ts';
import { configurationVolumes } from './volumes.ts';
import { toConfiguration } from './wire.ts';

const base = JSON.parse(readFileSync(new URL('../../../fixtures/projects/large-site-flooding.project.json', import.meta.url), 'utf8')) as Project;

function block(measureId: string | null, cellsX: number, cellsZ: number, layers: number): BoxConfiguration {
  let g = createGrid({ id: `cfg-${cellsX}`, name: 'Block', measureId, lengthM: cellsX * 0.8, widthM: cellsZ * 0.8, layers });
  for (let y = 0; y < layers; y++) g = fillLayer(g, lookup, y, FULL).grid;
  return toConfiguration(g, lookup);
}

const withConfigs = (configs: BoxConfiguration[]): Project => ({ ...base, boxConfigurations: configs });

describe('eligible measures (spec §5)', () => {
  it('box tanks and retention basins without a configuration', () => {
    expect(eligibleMeasures(base).map((m) => m.id)).toEqual(['m-becken', 'm-rigole-buero', 'm-rigole-pkw']);
    expect(eligibleMeasures(withConfigs([block('m-rigole-buero', 1, 1, 1)])).map((m) => m.id)).toEqual(['m-becken', 'm-rigole-pkw']);
  });
});

describe('evaluate: a linked measure takes its dimensions and available volume from its configuration', () => {
  const measure = (p: Project, id: string) => evaluate(p).measures.find((m) => m.id === id);

  it('a full block equal to the measure fields: the same dimensions and the same available volume (decision 0168)', () => {
    const own = measure(base, 'm-rigole-buero');
    const linked = measure(withConfigs([block('m-rigole-buero', 20, 3, 2)]), 'm-rigole-buero');
    // The measure's own fields give L · B · H · s = 16 × 2.4 × 1.32 × 0.95 = 48.1536 m³, and so do its 120 boxes (not 120 × 401 l rated).
    expect(own?.value).toBeCloseTo(48.1536, 9);
    expect(linked?.value).toBe(own?.value);
    expect(linked?.data.dimensioningInfiltrationTank?.storageCoefficient).toBe(95);
    expect(linked?.data.dimensioningInfiltrationTank).toMatchObject({ length: 16, width: 2.4, levels: 2, height: 1.32 });
  });

  it('a smaller configuration re-sizes the measure: its length and available volume follow the boxes', () => {
    const linked = measure(withConfigs([block('m-rigole-buero', 10, 3, 2)]), 'm-rigole-buero');
    expect(linked?.data.dimensioningInfiltrationTank).toMatchObject({ length: 8, width: 2.4, levels: 2 });
    expect(linked?.configurationId).toBe('cfg-10');
    expect(measure(base, 'm-rigole-buero')).not.toHaveProperty('configurationId');
    expect(linked?.value).toBeCloseTo(8 * 2.4 * 1.32 * 0.95, 9);
    const own = measure(base, 'm-rigole-buero');
    expect(linked?.requiredVolume).not.toBe(own?.requiredVolume);
    // The other measures are untouched.
    expect(measure(withConfigs([block('m-rigole-buero', 10, 3, 2)]), 'm-rigole-pkw')).toEqual(measure(base, 'm-rigole-pkw'));
  });

  it('a catalogue box\'s rated litres do not change the volume: the cells and the storage coefficient do (decision 0168)', () => {
    const p = withConfigs([block('m-rigole-buero', 10, 3, 2)]);
    const catalogueLike = (id: string) => (id === FULL ? { ...lookup(id)!, volumeNetL: 395 } : lookup(id));
    const m = evaluate(p, { itemGeometry: catalogueLike }).measures.find((x) => x.id === 'm-rigole-buero');
    expect(m?.value).toBeCloseTo(8 * 2.4 * 1.32 * 0.95, 9);
    const b10 = block('m-rigole-buero', 10, 3, 2);
    const c90 = { ...b10, dimensioning: { ...b10.dimensioning, storageCoefficient: 90 } };
    const m90 = evaluate(withConfigs([c90]), { itemGeometry: catalogueLike }).measures.find((x) => x.id === 'm-rigole-buero');
    expect(m90?.value).toBeCloseTo(8 * 2.4 * 1.32 * 0.9, 9);
  });

  it('an irregular configuration: available volume = net volume, not the envelope', () => {
    let g = createGrid({ id: 'c', name: 'L', measureId: 'm-rigole-pkw', lengthM: 4, widthM: 2.4 });
    g = fillLayer(g, lookup, 0, FULL, { x0: 0, z0: 0, x1: 4, z1: 0 }).grid;
    g = place(g, lookup, { x: 0, y: 0, z: 1, boxTypeId: FULL }).grid;
    const dims = linkedTankDimensioning(g, lookup);
    expect(dims).toMatchObject({ length: 4, width: 1.6, levels: 1, availableVolumeM3: 6 * 0.64 * 0.66 * 0.95 });
    const m = evaluate(withConfigs([toConfiguration(g, lookup)]), { itemGeometry: lookup }).measures.find((x) => x.id === 'm-rigole-pkw');
    expect(m?.value).toBeCloseTo(6 * 0.64 * 0.66 * 0.95, 9); // 2.40768 m³, six boxes as without configuration
  });

  it('a configuration without items or without measure changes nothing', () => {
    const empty = toConfiguration(createGrid({ id: 'e', name: 'e', measureId: 'm-rigole-buero' }), lookup);
    expect(evaluate(withConfigs([empty, block(null, 2, 2, 1)])).measures).toEqual(evaluate(base).measures);
  });
});

describe('gridForMeasure', () => {
  it('starts a configuration as a full block L × B × levels of the measure', () => {
    const m = base.waterflow.measures.find((x) => x.id === 'm-rigole-pkw');
    if (m === undefined) throw new Error('fixture changed');
    const g = gridForMeasure({ id: 'n', name: 'n' }, m, lookup, FULL);
    expect([g.sizeX, g.sizeZ, g.layers.length, g.boxCount]).toEqual([16, 3, 2, 96]);
    expect(configurationVolumes(g, lookup).netVolumeL).toBeCloseTo(12.8 * 2.4 * 1.32 * 0.95 * 1000, 9);
  });
});

describe('standardItemGeometry', () => {
  it('knows the shafts of spec §9 and treats other ids as full or half boxes', () => {
    expect(standardItemGeometry('SHAFT_C3_DROSSEL_250')).toMatchObject({ kind: 'SHAFT', shaftDepthM: 2.5, heightMm: 1680 });
    expect(standardItemGeometry('SHAFT_C3_X_650')).toBeUndefined();
    expect(standardItemGeometry('BOX_HALF')).toMatchObject({ kind: 'BOX', heightMm: 360 });
    expect(standardItemGeometry('ANY')).toMatchObject({ kind: 'BOX', heightMm: 660, volumeNetL: 401 });
    expect(standardItemGeometry('BOX_HALF')).toMatchObject({ volumeNetL: 218 });
  });
});
