/**
 * Saves uploaded surfaces through a `ProjectRepository` (server or browser): one `createNode` per
 * surface (the repository chooses the id), then the surface as the engine builds it
 * (`addSurfaces`: runoff, drain and category rules) saved with `saveNode`. Use it when the screen
 * has no waterflow store action for it; the store must reload the waterflow afterwards.
 */
import { addSurfaces, type NewSurface, type SealedSurface } from '@rainplan/engine';
import type { ProjectRepository } from '../dimensioning/repository.ts';

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
