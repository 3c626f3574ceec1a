/**
 * PLACEHOLDER route module: Sealed-surface editor (/project/{projectId}/dimensioning/sealedsurfaces/{sealedSurfaceId?}). Owner: engineer (c) — replace this file with the screen
 * (keep the file name and the `Component` export; see web/CONTEXT.md).
 */
import { Placeholder } from '../../components/Placeholder.tsx';

export function Component() {
  return <Placeholder screen="Sealed-surface editor (/project/{projectId}/dimensioning/sealedsurfaces/{sealedSurfaceId?})" />;
}
