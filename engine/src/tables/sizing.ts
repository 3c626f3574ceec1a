/**
 * Limits of measure sizing and the flooding checks: draining times, the trough's area ratio, the
 * DWA-A 117 simple method, the DIN 1986-100 check rains and the groundwater clearance of
 * infiltration installations. Each constant cites its source.
 * (The k_f range is `INPUT_LIMITS` in ./defaults.ts.)
 */
import type { RuleEdition } from './measures.ts';

/** The facility kinds that carry their own draining-time limit. */
export type DrainingFacilityKind = 'trough' | 'tank';

/**
 * Maximum draining (emptying) time t_E in hours, per rule edition and facility kind.
 *
 * - DWA-A 138:2005: 24 h for every infiltration facility (docs/calculation-reference.md section 3, "Checks to
 *   report": "draining time (24 h in 2005 …)").
 * - DWA-A 138-1:2024: 24 h, except planted troughs (Mulden; every trough of this product is a
 *   planted one), for which the 2024 edition allows longer emptying (docs/calculation-reference.md section 3). The
 *   value 48 h is **provisional**: it could not be verified against the text of DWA-A 138-1:2024
 *   (not publicly available); confirm it before release.
 */
export const DRAINING_TIME_LIMITS_H = {
  'DWA-A 138:2005': { trough: 24, tank: 24 },
  'DWA-A 138-1:2024': { trough: 48, tank: 24 },
} as const satisfies Record<RuleEdition, Record<DrainingFacilityKind, number>>;

/**
 * Maximum ratio of connected area to infiltration area A_C / A_S of a trough (hydraulic load of the
 * planted soil). Source: DWA-A 138:2005 section 3.3.2 (trough infiltration, A_u : A_s ≤ 15),
 * matching the 15:1 class of the above-ground passages in DWA-M 153 / planning spec section 9
 * "Connected-area ratios 5:1, 15:1, 50:1". Not re-verified for the 2024 edition; the same value is
 * used for both editions. Tanks (trenches) are not checked.
 */
export const TROUGH_AREA_RATIO_MAX = 15;

/**
 * Limits of the simple method (einfaches Verfahren) of DWA-A 117 (retention): catchment area
 * A_E ≤ 200 ha and exceedance frequency n ≥ 0.1/a (i.e. annuality T ≤ 10 years).
 * Source: docs/calculation-reference.md section 3 "Retention"; DWA-A 117 (2013) scope of the simple method.
 */
export const A117_SIMPLE_METHOD_LIMITS = {
  /** Catchment area A_E, m² (200 ha). */
  maxCatchmentAreaM2: 2_000_000,
  /** Exceedance frequency n = 1/T, per year. */
  minFrequencyPerYear: 0.1,
} as const;

/**
 * DIN 1986-100:2016 flooding check constants: eq. 20 uses r(D, 30) and r(D, 2); eq. 21 uses
 * r(D, 30) for D = 5, 10 and 15 min. Source: docs/calculation-reference.md section 4 "Site check".
 * (The 800 m² threshold above which the check is required is `DEFAULTS.acThresholdM2`.)
 */
export const DIN_1986_100 = {
  /** Annuality of the check rain, years. */
  checkAnnualityA: 30,
  /** Annuality of the drain's design rain in eq. 20, years. */
  drainAnnualityA: 2,
  /** Durations of eq. 21, min. */
  eq21DurationsMin: [5, 10, 15],
} as const;

/**
 * Groundwater clearance: the least thickness of the unsaturated seepage zone between the base of
 * an infiltration installation and the mean highest groundwater level (MHGW), per rule edition,
 * with the clause that requires it. Both editions ask for at least 1 m as a rule (less only as an
 * exception the water authority accepts, with further treatment).
 *
 * - DWA-A 138:2005 section 3.2.3 ("Mächtigkeit des Sickerraums"): at least 1 m, referred to MHGW.
 * - DWA-A 138-1:2024 section 5.3 (seepage zone, "Sickerraum"): at least 1 m, referred to MHGW.
 *
 * The thickness (1 m) is the same in both editions. The clause numbers are **provisional**: the
 * texts of the norms are not in the repository, and the numbers could not be checked against
 * them; confirm them before release (docs/decisions/0173-groundwater-clearance.md). They live only
 * here.
 */
export const SEEPAGE_ZONE_MIN_THICKNESS = {
  'DWA-A 138:2005': { minThicknessM: 1, clause: 'DWA-A 138:2005 section 3.2.3' },
  'DWA-A 138-1:2024': { minThicknessM: 1, clause: 'DWA-A 138-1:2024 section 5.3' },
} as const satisfies Record<RuleEdition, { readonly minThicknessM: number; readonly clause: string }>;
