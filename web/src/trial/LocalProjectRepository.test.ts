import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { evaluate, type Project, type SealedSurface } from '@rainplan/engine';
import { fixtureProject } from '../projectFile/testing.ts';
import { LocalProjectRepository, TrialProjectNotFoundError } from './LocalProjectRepository.ts';
import { isTrialProjectId, projectBasePath } from './trialIds.ts';

const EMPTY: Project = { schemaVersion: 4, project: { name: 'Probeprojekt' }, waterflow: { sealedSurfaces: [], purifications: [], measures: [] } };

function repo() {
  let n = 0;
  return new LocalProjectRepository({ indexedDB: new IDBFactory(), randomId: () => `id-${++n}`, now: () => new Date(Date.UTC(2026, 10, 23, 12, 0, n)) });
}

describe('LocalProjectRepository', () => {
  it('creates a project and loads it as the dimensioning store expects', async () => {
    const r = repo();
    const id = await r.createProject(EMPTY);
    expect(isTrialProjectId(id)).toBe(true);
    const loaded = await r.load(id);
    expect(loaded).toEqual({
      shell: { id, name: 'Probeprojekt', location: null, airPollution: null, ruleEdition: 'DWA-A 138-1:2024', usesCustomRaindata: false },
      waterflow: EMPTY.waterflow,
      rainData: undefined,
      facilities: [],
    });
    expect(r.storage).toBe('browser');
  });

  it('creates, saves and deletes nodes with the engine rules; survives a new connection (reload)', async () => {
    const factory = new IDBFactory();
    const r = new LocalProjectRepository({ indexedDB: factory });
    const id = await r.createProject(EMPTY);
    const surface = (await r.createNode(id, 'surface', 'Dach')) as SealedSurface;
    const measure = await r.createNode(id, 'measure', 'Rigole');
    expect(measure.data).toMatchObject({ safetyMargin: expect.any(Number) });
    const saved = await r.saveNode(id, 'surface', { ...surface, value: 120, parentId: measure.id, drain: 'Groundwater', changed: true } as SealedSurface);
    expect(saved).not.toHaveProperty('changed');
    r.close();

    const again = new LocalProjectRepository({ indexedDB: factory });
    const loaded = await again.load(id);
    expect(loaded.waterflow.sealedSurfaces[0]).toMatchObject({ name: 'Dach', value: 120, parentId: measure.id });
    expect(loaded.waterflow.measures.map((m) => m.name)).toEqual(['Rigole']);

    await again.deleteNode(id, 'measure', measure.id);
    const after = await again.load(id);
    expect(after.waterflow.measures).toEqual([]);
    expect(after.waterflow.sealedSurfaces[0]!.parentId ?? null).toBeNull();
  });

  it('saves changed nodes in the spec order and reports failures without stopping', async () => {
    const r = repo();
    const id = await r.createProject(EMPTY);
    const s = await r.createNode(id, 'surface', 'A');
    const m = await r.createNode(id, 'measure', 'M');
    const result = await r.saveChanged(id, [
      { kind: 'measure', node: { ...m, name: 'M2' } },
      { kind: 'purification', node: { id: 'missing', name: 'X', parentId: null, sealedSurfaces: [], data: {} } as never },
      { kind: 'surface', node: { ...s, name: 'A2' } },
    ]);
    expect(result.saved.map((n) => n.node.name)).toEqual(['A2', 'M2']);
    expect(result.failed.map((f) => f.id)).toEqual(['missing']);
  });

  it('keeps a whole project file: project data, rule edition, custom rain data; evaluates like the file', async () => {
    const r = repo();
    const file = fixtureProject('sizing-retention-2024') as Project;
    const id = await r.createProject(file);
    await r.setRuleEdition(id, 'DWA-A 138:2005');
    await r.updateProjectData(id, { ...(await r.getProject(id)).project, name: 'Umbenannt' });
    const rain = { source: { edition: 'custom' as const }, raindataSeries: file.rainData!.raindataSeries };
    await r.setRainData(id, rain);
    const loaded = await r.load(id);
    expect(loaded.shell).toMatchObject({ name: 'Umbenannt', ruleEdition: 'DWA-A 138:2005', usesCustomRaindata: true });
    const stored = await r.getProject(id);
    expect(evaluate(stored).measures.map((m) => m.requiredVolume)).toEqual(evaluate({ ...file, rainData: rain, project: stored.project }).measures.map((m) => m.requiredVolume));
    await r.setRainData(id, null);
    expect(await r.getProject(id)).not.toHaveProperty('rainData');
  });

  it('lists the newest first, deletes, and says when a project is gone', async () => {
    const r = repo();
    const a = await r.createProject(EMPTY);
    const b = await r.createProject({ ...EMPTY, project: { name: 'B' } });
    await r.createNode(a, 'surface', 'x');
    expect((await r.list()).map((p) => p.id)).toEqual([a, b]);
    await r.deleteProject(a);
    expect((await r.list()).map((p) => p.id)).toEqual([b]);
    await expect(r.load(a)).rejects.toBeInstanceOf(TrialProjectNotFoundError);
    await expect(r.createNode(a, 'surface', 'y')).rejects.toBeInstanceOf(TrialProjectNotFoundError);
  });

  it('concurrent saves of different nodes both stick', async () => {
    const r = repo();
    const id = await r.createProject(EMPTY);
    const s1 = await r.createNode(id, 'surface', 'eins');
    const s2 = await r.createNode(id, 'surface', 'zwei');
    await Promise.all([r.saveNode(id, 'surface', { ...s1, name: 'EINS' }), r.saveNode(id, 'surface', { ...s2, name: 'ZWEI' })]);
    expect((await r.load(id)).waterflow.sealedSurfaces.map((s) => s.name)).toEqual(['EINS', 'ZWEI']);
  });

  it('paths of trial projects stay in the trial', () => {
    expect(projectBasePath('trial-1')).toBe('/trial/trial-1');
    expect(projectBasePath('4711')).toBe('/project/4711');
  });
});
