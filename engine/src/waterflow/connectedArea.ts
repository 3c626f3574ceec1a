import type { SealedSurface } from '../model/surface.ts';

const finite = (x: number | null | undefined): x is number => typeof x === 'number' && Number.isFinite(x);

/**
 * Connected area of one surface, A_C = A_E · C_m in m² (design/domain.md section 2).
 * Undefined when the area or C_m is missing or not finite.
 */
export function surfaceConnectedArea(surface: SealedSurface): number | undefined {
  const area = surface.value;
  const cm = surface.data.cm;
  return finite(area) && finite(cm) ? area * cm : undefined;
}

/**
 * Connected area of a node, A_C = Σ A_E,i · C_m,i over its surfaces, m². Surfaces without a
 * connected area count 0; undefined when the node has no surfaces at all.
 */
export function connectedArea(surfaceIds: readonly string[], surfacesById: ReadonlyMap<string, SealedSurface>): number | undefined {
  if (surfaceIds.length === 0) return undefined;
  let sum = 0;
  for (const id of surfaceIds) {
    const surface = surfacesById.get(id);
    const ac = surface === undefined ? undefined : surfaceConnectedArea(surface);
    if (ac !== undefined) sum += ac;
  }
  return sum;
}
