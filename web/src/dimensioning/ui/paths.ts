/** Paths of the dimensioning routes (planning spec section 2). */
import type { NodeKind } from '@rainplan/engine';

const SEGMENT: Record<NodeKind, string> = { surface: 'sealedsurfaces', purification: 'purifications', measure: 'measures' };

export const dimensioningPath = (projectId: string) => `/project/${projectId}/dimensioning`;
export const nodePath = (projectId: string, kind: NodeKind, id?: string) => `${dimensioningPath(projectId)}/${SEGMENT[kind]}${id === undefined ? '' : `/${id}`}`;
export const configuratorPath = (projectId: string) => `/project/${projectId}/configurator`;
