/**
 * Saves uploaded surfaces through a `ProjectRepository` (server or browser): one `createNode` per
 * surface (the repository chooses the id), then the surface as the engine builds it
 * (`addSurfaces`: runoff, drain and category rules) saved with `saveNode`. Use it when the screen
 * has no waterflow store action for it; the store must reload the waterflow afterwards.
 */
import { addSurfaces, type NewSurface, type SealedSurface } from '@rainplan/engine';
import type { ProjectRepository } from '../dimensioning/repository.ts';
import { call, type OperationCall } from '../engine/shared/call.ts';

export async function addSurfacesWithRepository(repository: ProjectRepository, projectId: string, surfaces: readonly NewSurface[]): Promise<SealedSurface[]> {
  const ids: string[] = [];
  for (const surface of surfaces) ids.push((await repository.createNode(projectId, 'surface', surface.name)).id);
  const built = addSurfaces({ sealedSurfaces: [], purifications: [], measures: [] }, surfaces, ids).waterflow.sealedSurfaces;
  const saved: SealedSurface[] = [];
  for (const surface of built) {
    const { changed: _changed, ...node } = surface as SealedSurface & { changed?: boolean };
    saved.push((await repository.saveNode(projectId, 'surface', node)) as SealedSurface);
  }
  return saved;
}

/** The parts of c1's WaterflowStore the upload needs. */
export interface WaterflowLike {
  readonly projectId: string | undefined;
  createNode(kind: 'surface'): Promise<string | undefined>;
  edit(operation: OperationCall): Promise<boolean>;
  saveChanged(): Promise<boolean>;
}

/**
 * Adds uploaded surfaces to the open project of the dimensioning store through its own actions:
 * each surface is created by the store's repository (server or browser), then drain, runoff type
 * and the plain fields are set with the engine's operations (their rules hold, the engine
 * re-evaluates), and everything is saved. Resolves false when a surface could not be created or
 * saved (the ones before it stay).
 */
export async function addSurfacesToWaterflow(waterflow: WaterflowLike, surfaces: readonly NewSurface[]): Promise<boolean> {
  if (waterflow.projectId === undefined) return false;
  for (const surface of surfaces) {
    const id = await waterflow.createNode('surface');
    if (id === undefined) return false;
    const data = surface.data ?? {};
    const ops: OperationCall[] = [];
    if (surface.drain !== undefined && surface.drain !== null) ops.push(call('setSurfaceDrain', id, surface.drain));
    if (data.runoff !== undefined && data.runoff !== null) ops.push(call('setSurfaceRunoff', id, data.runoff));
    const plainData = {
      ...(data.cm === undefined || data.cm === null ? {} : { cm: data.cm }),
      ...(data.cs === undefined || data.cs === null ? {} : { cs: data.cs }),
      ...(data.groundPollutionM153 === undefined || data.groundPollutionM153 === null ? {} : { groundPollutionM153: data.groundPollutionM153 }),
      ...(data.areaGroupA102 === undefined || data.areaGroupA102 === null ? {} : { areaGroupA102: data.areaGroupA102 }),
    };
    ops.push(call('updateSurface', id, { name: surface.name, ...(surface.value === undefined ? {} : { value: surface.value }), data: plainData }));
    for (const op of ops) if (!(await waterflow.edit(op))) return false;
  }
  return waterflow.saveChanged();
}
