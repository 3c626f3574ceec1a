import type { SealedSurface } from '../model/surface.ts';

const finite = (x: number | null | undefined): x is number => typeof x === 'number' && Number.isFinite(x);

/**
 * Connected area of one surface, A_C = A_E · C_m in m² (docs/calculation-reference.md section 2).
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

/**
 * Σ A_E,i · C_s,i (peak runoff coefficients) over a node's surfaces, m²: the area of the flooding
 * check (docs/calculation-reference.md section 4). Surfaces without area or C_s count 0; undefined without surfaces.
 */
export function peakConnectedArea(surfaceIds: readonly string[], surfacesById: ReadonlyMap<string, SealedSurface>): number | undefined {
  if (surfaceIds.length === 0) return undefined;
  let sum = 0;
  for (const id of surfaceIds) {
    const s = surfacesById.get(id);
    if (s !== undefined && finite(s.value) && finite(s.data.cs)) sum += s.value * s.data.cs;
  }
  return sum;
}

/** Σ A_E over a node's surfaces (sealed area), m²; surfaces without area count 0; undefined without surfaces. */
export function sealedArea(surfaceIds: readonly string[], surfacesById: ReadonlyMap<string, SealedSurface>): number | undefined {
  if (surfaceIds.length === 0) return undefined;
  let sum = 0;
  for (const id of surfaceIds) {
    const s = surfacesById.get(id);
    if (s !== undefined && finite(s.value)) sum += s.value;
  }
  return sum;
}
