/**
 * Soil categories with their default permeability coefficient k_f = x · 10^-y m/s.
 * Source: planning spec section 9 "Soil categories" (typical k_f after DWA-A 138-1:2024, Table 6).
 */
export interface SoilCategory {
  readonly id: string;
  /** Mantissa x of the default k_f = x · 10^-y in m/s. */
  readonly permeabilityX: number;
  /** Exponent y of the default k_f = x · 10^-y in m/s. */
  readonly permeabilityY: number;
  readonly messageKey: string;
}

const s = <const Id extends string>(id: Id, name: string, x: number, y: number) =>
  ({ id, permeabilityX: x, permeabilityY: y, messageKey: `soil.${name}` }) as const;

export const SOIL_CATEGORIES = [
  s('S1', 'topsoil', 1.13, 5),
  s('S2', 'gravel', 1.04, 3),
  s('S3', 'sandyGravel', 1.04, 4),
  s('S4', 'coarseSand', 8.68, 5),
  s('S5', 'mediumSand', 5.67, 5),
  s('S6', 'fineSand', 3.47, 5),
  s('S7', 'siltySand', 6.83, 6),
  s('S8', 'silt', 1.5, 6),
] as const satisfies readonly SoilCategory[];

export type SoilCategoryId = (typeof SOIL_CATEGORIES)[number]['id'];
export const SOIL_CATEGORY_IDS = SOIL_CATEGORIES.map((c) => c.id) as readonly SoilCategoryId[];

/** Permeability coefficient k_f in m/s from the spec's mantissa/exponent input: k = x · 10^-y. */
export function permeabilityMs(x: number, y: number): number {
  return x * 10 ** -y;
}
