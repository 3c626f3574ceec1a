import { describe, expect, it } from 'vitest';
import { expectEngineError } from '../testing/assertions.test-helpers.ts';
import type { Waterflow } from '../model/project.ts';
import { checkWaterflowLinks } from '../project/checkWaterflowLinks.ts';
import { assignSurfaces, detachSurface, eligibleSurfaces, setPurificationMeasure } from './assign.ts';
import { createMeasure, createPurification, createSurface, deleteNode, duplicateSurface, renameNode } from './nodes.ts';
import { choosePurificationFacility, setWaterCategory } from './purificationEdits.ts';
import { setSurfaceDrain, setSurfaceRunoff, updateSurface } from './surfaceEdits.ts';

const empty: Waterflow = { sealedSurfaces: [], purifications: [], measures: [] };

/** Three groundwater surfaces (roof 600 m² flat roof, yard 400 m² concrete, path 100 m² paving) and a watercourse surface. */
function site(): Waterflow {
  let wf = empty;
  const add = (id: string, drain: 'Groundwater' | 'Watercourse', area: number, runoff: 'flatRoof' | 'concrete' | 'concreteBlockPaving') => {
    wf = createSurface(wf, { id, name: id }).waterflow;
    wf = setSurfaceDrain(wf, id, drain).waterflow;
    wf = setSurfaceRunoff(wf, id, runoff).waterflow;
    wf = updateSurface(wf, id, { value: area }).waterflow;
  };
  add('roof', 'Groundwater', 600, 'flatRoof');
  add('yard', 'Groundwater', 400, 'concrete');
  add('path', 'Groundwater', 100, 'concreteBlockPaving');
  add('street', 'Watercourse', 300, 'concrete');
  return wf;
}

const node = (wf: Waterflow, id: string) =>
  wf.sealedSurfaces.find((n) => n.id === id) ?? wf.purifications.find((n) => n.id === id) ?? wf.measures.find((n) => n.id === id);


describe('create, duplicate, rename', () => {
  it('creates nodes, marks them changed and refuses duplicate ids', () => {
    const r = createSurface(empty, { id: 's1', name: 'Dach' });
    expect(r.changed).toEqual(['s1']);
    expect(r.waterflow.sealedSurfaces[0]).toMatchObject({ id: 's1', name: 'Dach', parentId: null, changed: true, data: {} });
    expectEngineError(() => createMeasure(r.waterflow, { id: 's1', name: 'x' }), 'DUPLICATE_ID');
    expectEngineError(() => createMeasure(r.waterflow, { id: '', name: 'x' }), 'INVALID_ARGUMENT');
  });

  it('gives a new measure the spec defaults', () => {
    const m = createMeasure(empty, { id: 'm', name: 'M' }).waterflow.measures[0]!;
    expect(m.data).toMatchObject({ recurrenceInterval: 5, safetyMargin: 20, throttleDischarge: 0, floodingVerification: false, recurrenceIntervalFloodingVerification: 30, safetyMarginFlooding: 'Fz15' });
  });

  it('duplicates only surfaces; the copy is unattached and follows the original', () => {
    let wf = createMeasure(site(), { id: 'm', name: 'M' }).waterflow;
    wf = assignSurfaces(wf, 'm', ['roof']).waterflow;
    const r = duplicateSurface(wf, 'roof', { id: 'roof2', name: 'Dach (Kopie)' });
    expect(r.waterflow.sealedSurfaces.map((s) => s.id)).toEqual(['roof', 'roof2', 'yard', 'path', 'street']);
    expect(node(r.waterflow, 'roof2')).toMatchObject({ value: 600, drain: 'Groundwater', parentId: null, data: { runoff: 'flatRoof', cm: 0.9 } });
    expect(r.changed).toEqual(['roof2']);
    expectEngineError(() => duplicateSurface(wf, 'm', { id: 'x', name: 'x' }), 'NOT_A_SURFACE');
    expectEngineError(() => duplicateSurface(wf, 'nope', { id: 'x', name: 'x' }), 'NODE_NOT_FOUND');
  });

  it('renames any node', () => {
    const wf = renameNode(site(), 'roof', 'Hauptdach').waterflow;
    expect(node(wf, 'roof')?.name).toBe('Hauptdach');
    expectEngineError(() => renameNode(wf, 'missing', 'x'), 'NODE_NOT_FOUND');
  });
});

describe('surface edits', () => {
  it('sets cm and cs from the runoff type', () => {
    const s = node(site(), 'path');
    expect(s).toMatchObject({ data: { runoff: 'concreteBlockPaving', cm: 0.7, cs: 0.9 } });
  });

  it('changing the drain clears the categories and detaches the surface', () => {
    let wf = createMeasure(site(), { id: 'm', name: 'M' }).waterflow;
    wf = updateSurface(wf, 'roof', { data: { groundPollutionM153: 'F2' } }).waterflow;
    wf = assignSurfaces(wf, 'm', ['roof', 'yard']).waterflow;
    const r = setSurfaceDrain(wf, 'roof', 'Watercourse');
    expect(node(r.waterflow, 'roof')).toMatchObject({ drain: 'Watercourse', parentId: null });
    expect(node(r.waterflow, 'roof')?.data).not.toHaveProperty('groundPollutionM153');
    expect(node(r.waterflow, 'm')).toMatchObject({ sealedSurfaces: ['yard'], drain: 'Groundwater', AC: 360 });
    expect([...r.changed].sort()).toEqual(['m', 'roof']);
    // the same drain again changes nothing
    expect(setSurfaceDrain(r.waterflow, 'roof', 'Watercourse').changed).toEqual([]);
  });

  it('refuses a category that does not belong to the drain', () => {
    expectEngineError(() => updateSurface(site(), 'street', { data: { groundPollutionM153: 'F1' } }), 'INVALID_ARGUMENT');
    expectEngineError(() => updateSurface(site(), 'roof', { data: { areaGroupA102: 'D' } }), 'INVALID_ARGUMENT');
  });
});

describe('assignment', () => {
  it('attaches surfaces to a measure, derives drain and AC', () => {
    let wf = createMeasure(site(), { id: 'm', name: 'M' }).waterflow;
    const r = assignSurfaces(wf, 'm', ['roof', 'yard']);
    wf = r.waterflow;
    expect(node(wf, 'm')).toMatchObject({ sealedSurfaces: ['roof', 'yard'], drain: 'Groundwater', AC: 600 * 0.9 + 400 * 0.9 });
    expect(node(wf, 'roof')?.parentId).toBe('m');
    expect([...r.changed].sort()).toEqual(['m', 'roof', 'yard']);
    expect(checkWaterflowLinks(wf)).toEqual([]);
  });

  it('offers only surfaces with the same drain that are free or already its own', () => {
    let wf = createMeasure(site(), { id: 'm', name: 'M' }).waterflow;
    wf = createMeasure(wf, { id: 'm2', name: 'M2' }).waterflow;
    wf = assignSurfaces(wf, 'm2', ['path']).waterflow;
    wf = createSurface(wf, { id: 'nodrain', name: 'n' }).waterflow;
    expect(eligibleSurfaces(wf, 'm')).toEqual(['roof', 'yard', 'street']);
    expect(eligibleSurfaces(wf, 'm', ['roof'])).toEqual(['roof', 'yard']);
    expectEngineError(() => assignSurfaces(wf, 'm', ['path']), 'SURFACE_NOT_ELIGIBLE');
    expectEngineError(() => assignSurfaces(wf, 'm', ['roof', 'street']), 'SURFACE_NOT_ELIGIBLE');
    expectEngineError(() => assignSurfaces(wf, 'm', ['nodrain']), 'SURFACE_NOT_ELIGIBLE');
    expectEngineError(() => assignSurfaces(wf, 'roof', ['yard']), 'INVALID_PARENT');
  });

  it('deselecting on a measure detaches the surface, also from its purification', () => {
    let wf = createMeasure(site(), { id: 'm', name: 'M' }).waterflow;
    wf = assignSurfaces(wf, 'm', ['roof', 'yard']).waterflow;
    wf = createPurification(wf, { id: 'p', name: 'P' }).waterflow;
    wf = setPurificationMeasure(wf, 'p', 'm').waterflow;
    wf = assignSurfaces(wf, 'm', ['yard']).waterflow;
    expect(node(wf, 'roof')?.parentId).toBeNull();
    expect(node(wf, 'p')).toMatchObject({ sealedSurfaces: ['yard'] });
    expect(node(wf, 'm')).toMatchObject({ sealedSurfaces: ['yard'] });
    expect(checkWaterflowLinks(wf)).toEqual([]);
  });

  it('deselecting on a purification leaves the surface with the measure', () => {
    let wf = createMeasure(site(), { id: 'm', name: 'M' }).waterflow;
    wf = assignSurfaces(wf, 'm', ['roof', 'yard']).waterflow;
    wf = createPurification(wf, { id: 'p', name: 'P' }).waterflow;
    wf = setPurificationMeasure(wf, 'p', 'm').waterflow;
    wf = assignSurfaces(wf, 'p', ['yard']).waterflow;
    expect(node(wf, 'roof')?.parentId).toBe('m');
    expect(node(wf, 'p')).toMatchObject({ sealedSurfaces: ['yard'], AC: 360 });
    expect(node(wf, 'm')).toMatchObject({ sealedSurfaces: ['roof', 'yard'], AC: 900 });
  });

  it('choosing a purification measure resets its surfaces to the measure surfaces; No-measure keeps them', () => {
    let wf = createMeasure(site(), { id: 'm', name: 'M' }).waterflow;
    wf = assignSurfaces(wf, 'm', ['roof', 'yard']).waterflow;
    wf = createPurification(wf, { id: 'p', name: 'P' }).waterflow;
    wf = assignSurfaces(wf, 'p', ['path']).waterflow;
    expect(node(wf, 'p')).toMatchObject({ sealedSurfaces: ['path'], drain: 'Groundwater' });
    const r = setPurificationMeasure(wf, 'p', 'm');
    wf = r.waterflow;
    expect(node(wf, 'p')).toMatchObject({ parentId: 'm', sealedSurfaces: ['roof', 'yard'], drain: 'Groundwater' });
    expect(node(wf, 'path')?.parentId).toBeNull();
    expect([...r.changed].sort()).toEqual(['p', 'path', 'roof', 'yard']);
    wf = setPurificationMeasure(wf, 'p', null).waterflow;
    expect(node(wf, 'p')).toMatchObject({ parentId: null, sealedSurfaces: ['roof', 'yard'] });
    expect(node(wf, 'm')).toMatchObject({ sealedSurfaces: [], drain: null, AC: null });
    expectEngineError(() => setPurificationMeasure(wf, 'p', 'missing'), 'NODE_NOT_FOUND');
  });

  it('moving a purification to another measure returns its surfaces to the previous measure', () => {
    let wf = createMeasure(site(), { id: 'm1', name: 'M1' }).waterflow;
    wf = createMeasure(wf, { id: 'm2', name: 'M2' }).waterflow;
    wf = assignSurfaces(wf, 'm1', ['roof']).waterflow;
    wf = assignSurfaces(wf, 'm2', ['yard']).waterflow;
    wf = createPurification(wf, { id: 'p', name: 'P' }).waterflow;
    wf = setPurificationMeasure(wf, 'p', 'm1').waterflow;
    wf = setPurificationMeasure(wf, 'p', 'm2').waterflow;
    expect(node(wf, 'roof')?.parentId).toBe('m1');
    expect(node(wf, 'p')).toMatchObject({ sealedSurfaces: ['yard'] });
    expect(node(wf, 'm1')).toMatchObject({ sealedSurfaces: ['roof'] });
  });

  it('detachSurface clears the parent and the parent drain when no surfaces remain', () => {
    let wf = createMeasure(site(), { id: 'm', name: 'M' }).waterflow;
    wf = assignSurfaces(wf, 'm', ['roof']).waterflow;
    wf = detachSurface(wf, 'roof').waterflow;
    expect(node(wf, 'm')).toMatchObject({ sealedSurfaces: [], drain: null });
  });

  it('switches flooding verification on when the measure reaches 800 m² of A_C', () => {
    let wf = createMeasure(site(), { id: 'm', name: 'M' }).waterflow;
    wf = assignSurfaces(wf, 'm', ['roof']).waterflow;
    expect(wf.measures[0]?.data.floodingVerification).toBe(false);
    wf = assignSurfaces(wf, 'm', ['roof', 'yard']).waterflow;
    expect(wf.measures[0]?.AC).toBe(900);
    expect(wf.measures[0]?.data.floodingVerification).toBe(true);
  });
});

describe('delete rules', () => {
  it('refuses to delete the last surface', () => {
    const wf = createSurface(empty, { id: 'only', name: 'x' }).waterflow;
    expectEngineError(() => deleteNode(wf, 'only'), 'LAST_SURFACE');
    expectEngineError(() => deleteNode(wf, 'missing'), 'NODE_NOT_FOUND');
  });

  it('deleting a surface detaches it and clears the parent drain when none remain', () => {
    let wf = createMeasure(site(), { id: 'm', name: 'M' }).waterflow;
    wf = assignSurfaces(wf, 'm', ['roof']).waterflow;
    const r = deleteNode(wf, 'roof');
    expect(node(r.waterflow, 'roof')).toBeUndefined();
    expect(node(r.waterflow, 'm')).toMatchObject({ sealedSurfaces: [], drain: null, AC: null });
    expect([...r.changed].sort()).toEqual(['m', 'roof']);
  });

  it('deleting a purification moves its surfaces up to its measure', () => {
    let wf = createMeasure(site(), { id: 'm', name: 'M' }).waterflow;
    wf = assignSurfaces(wf, 'm', ['roof', 'yard']).waterflow;
    wf = createPurification(wf, { id: 'p', name: 'P' }).waterflow;
    wf = setPurificationMeasure(wf, 'p', 'm').waterflow;
    wf = deleteNode(wf, 'p').waterflow;
    expect(node(wf, 'roof')?.parentId).toBe('m');
    expect(node(wf, 'm')).toMatchObject({ sealedSurfaces: ['roof', 'yard'] });
    expect(checkWaterflowLinks(wf)).toEqual([]);
  });

  it('deleting a purification without measure detaches its surfaces', () => {
    let wf = createPurification(site(), { id: 'p', name: 'P' }).waterflow;
    wf = assignSurfaces(wf, 'p', ['roof']).waterflow;
    wf = deleteNode(wf, 'p').waterflow;
    expect(node(wf, 'roof')?.parentId).toBeNull();
  });

  it('deleting a measure detaches its purifications and surfaces', () => {
    let wf = createMeasure(site(), { id: 'm', name: 'M' }).waterflow;
    wf = assignSurfaces(wf, 'm', ['roof', 'yard']).waterflow;
    wf = createPurification(wf, { id: 'p', name: 'P' }).waterflow;
    wf = setPurificationMeasure(wf, 'p', 'm').waterflow;
    wf = assignSurfaces(wf, 'p', ['roof']).waterflow;
    wf = deleteNode(wf, 'm').waterflow;
    expect(node(wf, 'p')).toMatchObject({ parentId: null, sealedSurfaces: ['roof'] });
    expect(node(wf, 'yard')?.parentId).toBeNull();
    expect(checkWaterflowLinks(wf)).toEqual([]);
  });
});

describe('purification edits', () => {
  const facility = { businessId: 'SF-1', type: 'sedimentShaft', value: 0.35, maxArea: 400, bypassType: 'NoBypass', regulationType: 'M153' } as const;

  it('choosing a facility sets the needed amount ceil(A_C / maxArea); changing the water category clears it', () => {
    let wf = createPurification(site(), { id: 'p', name: 'P' }).waterflow;
    wf = assignSurfaces(wf, 'p', ['roof', 'yard']).waterflow;
    wf = choosePurificationFacility(wf, 'p', facility).waterflow;
    expect(node(wf, 'p')?.data).toMatchObject({ purificationFacilityData: { businessId: 'SF-1', neededAmount: 3 } });
    wf = setWaterCategory(wf, 'p', 'G12').waterflow;
    expect(node(wf, 'p')?.data).toEqual({ waterCategory: 'G12' });
  });

  it('the noOption facility is dropped', () => {
    let wf = createPurification(site(), { id: 'p', name: 'P' }).waterflow;
    wf = choosePurificationFacility(wf, 'p', facility).waterflow;
    wf = choosePurificationFacility(wf, 'p', { ...facility, businessId: 'noOption' }).waterflow;
    expect(node(wf, 'p')?.data).not.toHaveProperty('purificationFacilityData');
  });
});
