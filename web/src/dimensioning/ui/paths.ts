/** Paths of the dimensioning routes (planning spec section 2). */
import type { NodeKind } from '@rainplan/engine';
import { projectBasePath } from '../../trial/trialIds.ts'; // trial projects (/trial/{id}/…, c2)

const SEGMENT: Record<NodeKind, string> = { surface: 'sealedsurfaces', purification: 'purifications', measure: 'measures' };

export const dimensioningPath = (projectId: string) => `${projectBasePath(projectId)}/dimensioning`;
export const nodePath = (projectId: string, kind: NodeKind, id?: string) => `${dimensioningPath(projectId)}/${SEGMENT[kind]}${id === undefined ? '' : `/${id}`}`;
export const configuratorPath = (projectId: string) => `${projectBasePath(projectId)}/configurator`;
