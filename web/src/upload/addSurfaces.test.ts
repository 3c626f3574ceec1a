import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { runOperation } from '../engine/shared/operations.ts';
import { call } from '../engine/shared/call.ts';
import type { Waterflow } from '@rainplan/engine';
import { LocalProjectRepository } from '../trial/LocalProjectRepository.ts';
import { addSurfacesToWaterflow, addSurfacesWithRepository, type WaterflowLike } from './addSurfacesWithRepository.ts';

const SURFACES = [
  { name: 'Dach', value: 120, drain: 'Groundwater' as const, data: { runoff: 'flatRoof' as const, groundPollutionM153: 'F2' as const } },
  { name: 'Hof', value: 80, drain: 'Watercourse' as const, data: { runoff: 'blacktop' as const, cm: 0.5, areaGroupA102: 'V2' as const } },
];

describe('adding uploaded surfaces', () => {
  it('through a repository: created and saved with the engine rules', async () => {
    const repo = new LocalProjectRepository({ indexedDB: new IDBFactory() });
    const id = await repo.createProject({ schemaVersion: 4, project: { name: 'P' }, waterflow: { sealedSurfaces: [], purifications: [], measures: [] } });
    await addSurfacesWithRepository(repo, id, SURFACES);
    const { waterflow } = await repo.load(id);
    expect(waterflow.sealedSurfaces).toMatchObject([
      { name: 'Dach', value: 120, drain: 'Groundwater', data: { runoff: 'flatRoof', cm: 0.9, cs: 1, groundPollutionM153: 'F2' } },
      { name: 'Hof', value: 80, drain: 'Watercourse', data: { runoff: 'blacktop', cm: 0.5, cs: 1, areaGroupA102: 'V2' } },
    ]);
  });

  it('through the dimensioning store: create, drain, runoff, fields, then save', async () => {
    let waterflow: Waterflow = { sealedSurfaces: [], purifications: [], measures: [] };
    let n = 0;
    let saved = 0;
    const store: WaterflowLike = {
      projectId: 'p1',
      createNode: async () => {
        const id = `s${++n}`;
        waterflow = runOperation(waterflow, call('createSurface', { id, name: `Fläche ${n}` })).waterflow;
        return id;
      },
      edit: async (op) => {
        waterflow = runOperation(waterflow, op).waterflow;
        return true;
      },
      saveChanged: async () => {
        saved++;
        return true;
      },
    };
    expect(await addSurfacesToWaterflow(store, SURFACES)).toBe(true);
    expect(saved).toBe(1);
    expect(waterflow.sealedSurfaces).toMatchObject([
      { id: 's1', name: 'Dach', value: 120, drain: 'Groundwater', data: { runoff: 'flatRoof', cm: 0.9, cs: 1, groundPollutionM153: 'F2' } },
      { id: 's2', name: 'Hof', value: 80, drain: 'Watercourse', data: { runoff: 'blacktop', cm: 0.5, cs: 1, areaGroupA102: 'V2' } },
    ]);
    expect(await addSurfacesToWaterflow({ ...store, createNode: async () => undefined }, SURFACES)).toBe(false);
  });
});
