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

/** The parts of c1's WaterflowStore the upload needs. */
export interface WaterflowLike {
  readonly projectId: string | undefined;
  readonly repository: ProjectRepository;
  saveChanged(): Promise<boolean>;
  close(): Promise<void>;
  open(projectId: string, repository?: ProjectRepository): Promise<void>;
}

/**
 * Adds uploaded surfaces to the open project of the dimensioning store: pending edits saved
 * first, the surfaces created and saved through its repository (server or browser), then the
 * waterflow re-opened so the engine evaluates them. Resolves false when nothing could be saved.
 */
export async function addSurfacesToWaterflow(waterflow: WaterflowLike, surfaces: readonly NewSurface[]): Promise<boolean> {
  const projectId = waterflow.projectId;
  if (projectId === undefined) return false;
  const repository = waterflow.repository;
  await waterflow.saveChanged();
  try {
    await addSurfacesWithRepository(repository, projectId, surfaces);
  } finally {
    // also after a partial failure: show what was stored
    await waterflow.close();
    await waterflow.open(projectId, repository);
  }
  return true;
}
