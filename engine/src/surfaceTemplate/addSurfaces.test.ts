import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { expectEngineError } from '../testing/assertions.test-helpers.ts';
import type { Waterflow } from '../model/project.ts';
import { checkWaterflowLinks } from '../project/checkWaterflowLinks.ts';
import { assignSurfaces } from '../waterflow/assign.ts';
import { createMeasure, createSurface } from '../waterflow/nodes.ts';
import { setSurfaceDrain } from '../waterflow/surfaceEdits.ts';
import { addSurfaces } from './addSurfaces.ts';
import { parseSurfaceCsv, type NewSurface } from './parse.ts';

const empty: Waterflow = { sealedSurfaces: [], purifications: [], measures: [] };
const FIXTURE = new URL('../../../fixtures/surfaces/surface-template-v1.1.csv', import.meta.url);


/** A project as loaded: one default surface (groundwater) attached to a measure. */
function project(): Waterflow {
  let wf = createSurface(empty, { id: 's0', name: 'Fläche 1' }).waterflow;
  wf = setSurfaceDrain(wf, 's0', 'Groundwater').waterflow;
  wf = createMeasure(wf, { id: 'm1', name: 'Rigole' }).waterflow;
  return assignSurfaces(wf, 'm1', ['s0']).waterflow;
}

describe('addSurfaces', () => {
  it('appends the parsed fixture surfaces, unattached and changed, without the row numbers', () => {
    const parsed = parseSurfaceCsv(readFileSync(FIXTURE, 'utf8'), { defaultName: (i) => `Fläche ${i + 2}` });
    if (!parsed.ok) throw new Error('fixture does not parse');
    const before = project();
    const ids = parsed.surfaces.map((_, i) => `new${i}`);
    const { waterflow, changed } = addSurfaces(before, parsed.surfaces, ids);
    expect(changed).toEqual(ids);
    expect(checkWaterflowLinks(waterflow)).toEqual([]);
    expect(waterflow.sealedSurfaces.slice(0, 1)).toEqual(before.sealedSurfaces);
    expect(waterflow.measures).toEqual(before.measures);
    const added = waterflow.sealedSurfaces.slice(1);
    expect(added.map((s) => s.id)).toEqual(ids);
    expect(added[0]).toEqual({
      id: 'new0',
      name: 'Dach Haus A',
      parentId: null,
      drain: 'Groundwater',
      value: 420.5,
      data: { runoff: 'flatRoof', cm: 0.9, cs: 1, groundPollutionM153: 'F2' },
      changed: true,
    });
    // cm given in the file wins over the table (Zufahrt: Asphalt 0.9 → 0.85).
    expect(added[3]).toMatchObject({ name: 'Zufahrt', drain: 'Watercourse', data: { runoff: 'blacktop', cm: 0.85, cs: 1, areaGroupA102: 'V1' } });
    for (const [i, s] of added.entries()) {
      const p = parsed.surfaces[i]!;
      expect(s).not.toHaveProperty('row');
      expect({ name: s.name, value: s.value, drain: s.drain, data: s.data }).toEqual({ name: p.name, value: p.value, drain: p.drain, data: p.data });
    }
  });

  it('adds surfaces without drain, area or data', () => {
    const surfaces: NewSurface[] = [{ name: 'nur Name' }, { name: 'Koeffizienten', value: 0, data: { cm: 0.5, cs: null } }];
    const { waterflow } = addSurfaces(empty, surfaces, ['a', 'b']);
    expect(waterflow.sealedSurfaces).toEqual([
      { id: 'a', name: 'nur Name', parentId: null, data: {}, changed: true },
      { id: 'b', name: 'Koeffizienten', parentId: null, value: 0, data: { cm: 0.5, cs: null }, changed: true },
    ]);
  });

  it('adding nothing changes nothing', () => {
    const wf = project();
    expect(addSurfaces(wf, [], [])).toEqual({ waterflow: wf, changed: [] });
  });

  it('throws on misuse: ids do not match, an id exists or repeats, a category against the drain, an unknown runoff type', () => {
    const wf = project();
    expectEngineError(() => addSurfaces(wf, [{ name: 'a' }], []), 'INVALID_ARGUMENT');
    expectEngineError(() => addSurfaces(wf, 'x' as unknown as NewSurface[], ['a']), 'INVALID_ARGUMENT');
    expectEngineError(() => addSurfaces(wf, [{ name: 'a' }], ['']), 'INVALID_ARGUMENT');
    expectEngineError(() => addSurfaces(wf, [{ name: 'a' }], ['m1']), 'DUPLICATE_ID');
    expectEngineError(() => addSurfaces(wf, [{ name: 'a' }, { name: 'b' }], ['n', 'n']), 'DUPLICATE_ID');
    expectEngineError(() => addSurfaces(wf, [{ name: 'a', drain: 'Watercourse', data: { groundPollutionM153: 'F1' } }], ['n']), 'INVALID_ARGUMENT');
    expectEngineError(() => addSurfaces(wf, [{ name: 'a', data: { areaGroupA102: 'D' } }], ['n']), 'INVALID_ARGUMENT');
    expectEngineError(() => addSurfaces(wf, [{ name: 'a', data: { runoff: 'roof' as never } }], ['n']), 'INVALID_ARGUMENT');
  });

  it('adds 1,000 surfaces to a 1,000-surface waterflow quickly', () => {
    const surfaces: NewSurface[] = Array.from({ length: 1000 }, (_, i) => ({ name: `s${i}`, value: i, drain: 'Groundwater', data: { runoff: 'concrete', groundPollutionM153: 'F3' } }));
    const base = addSurfaces(empty, surfaces, surfaces.map((_, i) => `a${i}`)).waterflow;
    const t0 = performance.now();
    const { waterflow, changed } = addSurfaces(base, surfaces, surfaces.map((_, i) => `b${i}`));
    const ms = performance.now() - t0;
    expect(ms).toBeLessThan(2000);
    expect(waterflow.sealedSurfaces).toHaveLength(2000);
    expect(changed).toHaveLength(1000);
  });
});
