import type { SealedSurface } from '../model/surface.ts';
import type { Drain } from '../tables/measures.ts';

/**
 * A node's drain is taken from its surfaces: their common drain, or undefined when they
 * disagree, when one has none, or when there are no surfaces (planning spec section 4).
 */
export function deriveDrain(surfaceIds: readonly string[], surfacesById: ReadonlyMap<string, SealedSurface>): Drain | undefined {
  let drain: Drain | undefined;
  for (const id of surfaceIds) {
    const d = surfacesById.get(id)?.drain ?? undefined;
    if (d === undefined) return undefined;
    if (drain === undefined) drain = d;
    else if (drain !== d) return undefined;
  }
  return drain;
}
