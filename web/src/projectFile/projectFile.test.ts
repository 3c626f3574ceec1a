import { describe, expect, it } from 'vitest';
import { evaluate, parseProject, type Project } from '@rainplan/engine';
import { fixtureProject } from './testing.ts';
import { creationBody, customRainData, inputsOnly, nodesInSaveOrder, projectFileName, remapWaterflow, serverRequirements } from './projectFile.ts';

const minimal = fixtureProject('minimal');
const retention = fixtureProject('sizing-retention-2024');

const parsed = (value: unknown): Project => {
  const result = parseProject(value);
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.project;
};


describe('projectFileName', () => {
  it('uses the project name and replaces characters file systems refuse', () => {
    expect(projectFileName('Haus Berger')).toBe('Haus Berger.rainplan.json');
    expect(projectFileName('A/B: "C"  <D>?')).toBe('A_B_ _C_ _D_.rainplan.json');
    expect(projectFileName('   ')).toBe('project.rainplan.json');
    expect(projectFileName('..hidden')).toBe('hidden.rainplan.json');
  });
});

describe('opening a file on the server', () => {
  it('requires what POST /Project requires, with JSON paths', () => {
    const file = parsed(retention);
    expect(serverRequirements(file).map((e) => e.path)).toEqual(['$.project.location']);
    const noAir = parsed({ ...minimal, project: { name: 'X', location: { latitude: 1, longitude: 2 } } });
    expect(serverRequirements(noAir).map((e) => e.path)).toEqual(['$.project.airPollution']);
  });

  it('creation body: address from the coordinates when missing, no blank fields', () => {
    const file = parsed({ ...minimal, project: { name: ' X ', location: { latitude: 1, longitude: 2 }, airPollution: 'L2', comment: '', clientData: { name: 'Y', city: null } } });
    expect(creationBody(file)).toEqual({ project: { name: 'X', airPollutionType: 'L2' }, location: { latitude: 1, longitude: 2, address: '1, 2' }, clientData: { name: 'Y' } });
  });

  it('saves surfaces, purifications, measures in that order without computed values', () => {
    const file = parsed(minimal);
    const order = nodesInSaveOrder(file.waterflow);
    expect(order.map((n) => n.kind)).toEqual(['surface', 'purification', 'measure']);
    const measure = order[2]!.node as Record<string, unknown>;
    expect(measure).not.toHaveProperty('AC');
    expect(measure).not.toHaveProperty('value');
    expect(order[1]!.node).not.toHaveProperty('AC');
    expect(order[0]!.node).toHaveProperty('value', 120);
    expect(inputsOnly('measure', { ...file.waterflow.measures[0]!, data: { ...file.waterflow.measures[0]!.data, requiredVolume: 3, soilData: 'S5' } }).data).toEqual(
      expect.not.objectContaining({ requiredVolume: 3 }),
    );
  });

  it('remaps every id: own, parent, surface lists, M 153 rows', () => {
    const file = parsed(minimal);
    const p = file.waterflow.purifications[0]!;
    const wf = { ...file.waterflow, purifications: [{ ...p, data: { ...p.data, surfacesM153Data: [{ surfaceId: 's-dach', area: 108, areaShare: 1, dischargedLoad: 12 }] } }] };
    const out = remapWaterflow(wf, (id) => `new-${id}`);
    expect(out.sealedSurfaces[0]).toMatchObject({ id: 'new-s-dach', parentId: 'new-p-dach' });
    expect(out.purifications[0]).toMatchObject({ id: 'new-p-dach', parentId: 'new-m-rigole', sealedSurfaces: ['new-s-dach'] });
    expect(out.purifications[0]!.data.surfacesM153Data![0]!.surfaceId).toBe('new-s-dach');
    expect(out.measures[0]).toMatchObject({ id: 'new-m-rigole', parentId: null, sealedSurfaces: ['new-s-dach'] });
    // the remapped file still evaluates like the original
    const a = evaluate(file);
    const b = evaluate({ ...file, waterflow: out });
    expect(b.measures.map((m) => m.requiredVolume)).toEqual(a.measures.map((m) => m.requiredVolume));
  });

  it('uploads only custom rain data', () => {
    expect(customRainData(parsed(retention))).toBeUndefined();
    const custom = parsed({ ...retention, rainData: { ...retention.rainData, source: { edition: 'custom' } } });
    expect(customRainData(custom)?.raindataSeries).toEqual(retention.rainData.raindataSeries);
  });
});
