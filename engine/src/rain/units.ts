/**
 * Rain height ↔ rain yield. Source: docs/calculation-reference.md section 0 ("rain height hN … r = hN · 10000 /
 * (60 · D) = 166.67 · hN / D"): 1 mm of rain on 1 ha is 10 m³ = 10,000 l, spread over D · 60 s.
 */

/**
 * Rain yield r in l/(s·ha) of a rain height hN in mm falling within D minutes:
 * `r = hN · 10000 / (60 · D)`.
 *
 * @param heightMm rain height hN, mm
 * @param durationMin duration D, min (> 0)
 * @returns r in l/(s·ha); `undefined` when an input is not finite or D ≤ 0
 * @example
 * rainYieldFromHeight(11.8, 15); // 131.11 l/(s·ha)
 */
export function rainYieldFromHeight(heightMm: number, durationMin: number): number | undefined {
  if (!Number.isFinite(heightMm) || !Number.isFinite(durationMin) || durationMin <= 0) return undefined;
  const r = (heightMm * 10000) / (60 * durationMin);
  return Number.isFinite(r) ? r : undefined;
}

/**
 * Rain height hN in mm of a rain yield r in l/(s·ha) over D minutes: `hN = r · 60 · D / 10000`
 * (the inverse of {@link rainYieldFromHeight}).
 *
 * @param yieldLsHa rain yield r, l/(s·ha)
 * @param durationMin duration D, min (> 0)
 * @returns hN in mm; `undefined` when an input is not finite or D ≤ 0
 */
export function rainHeightFromYield(yieldLsHa: number, durationMin: number): number | undefined {
  if (!Number.isFinite(yieldLsHa) || !Number.isFinite(durationMin) || durationMin <= 0) return undefined;
  const h = (yieldLsHa * 60 * durationMin) / 10000;
  return Number.isFinite(h) ? h : undefined;
}
