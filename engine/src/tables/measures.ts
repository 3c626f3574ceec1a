/**
 * Measure (retention / infiltration installation) choices and rule editions.
 * Source: planning spec sections 2 ("Measure editor"), 3 ("Measure data") and 9
 * ("Recurrence", "Infiltration directions", "Throttle types", "Bypass"); rule editions from
 * docs/calculation-reference.md section 3.
 */

export const INSTALLATION_TARGETS = ['Infiltration', 'Retention'] as const satisfies readonly string[];
export type InstallationTarget = (typeof INSTALLATION_TARGETS)[number];

export const INSTALLATION_VARIANTS = ['infiltrationTank', 'troughInfiltrationTank', 'trough'] as const satisfies readonly string[];
export type InstallationVariant = (typeof INSTALLATION_VARIANTS)[number];

export const INFILTRATION_TANK_TYPES = ['Box', 'Pipe'] as const satisfies readonly string[];
export type InfiltrationTankType = (typeof INFILTRATION_TANK_TYPES)[number];

export const INSTALLATION_TYPES = ['retentionBasin', 'backwaterChannel'] as const satisfies readonly string[];
export type InstallationType = (typeof INSTALLATION_TYPES)[number];

export const INFILTRATION_DIRECTIONS = ['everySide', 'sealedSides', 'sealedSole'] as const satisfies readonly string[];
export type InfiltrationDirection = (typeof INFILTRATION_DIRECTIONS)[number];

/** Safety margins of the flooding check, percent; multiplier 1 + percent/100. Fz15 is default. */
export const FLOODING_SAFETY_MARGINS = [
  { id: 'Fz10', percent: 10 },
  { id: 'Fz15', percent: 15 },
  { id: 'Fz20', percent: 20 },
] as const satisfies readonly { id: string; percent: number }[];
export type FloodingSafetyMarginId = (typeof FLOODING_SAFETY_MARGINS)[number]['id'];
export const FLOODING_SAFETY_MARGIN_IDS = FLOODING_SAFETY_MARGINS.map((m) => m.id) as readonly FloodingSafetyMarginId[];

export const THROTTLE_TYPES = ['float', 'perforated', 'grid'] as const satisfies readonly string[];
export type ThrottleType = (typeof THROTTLE_TYPES)[number];

/** Bypass types of treatment facilities. */
export const BYPASS_TYPES = ['NoBypass', 'Optional', 'Required', 'DIBtApproved'] as const satisfies readonly string[];
export type BypassType = (typeof BYPASS_TYPES)[number];

/** Regulation a treatment facility is rated under. */
export const REGULATION_TYPES = ['M153', 'A102'] as const satisfies readonly string[];
export type RegulationType = (typeof REGULATION_TYPES)[number];

/** Rule editions for sizing; the default is the current DWA-A 138-1:2024. */
export const RULE_EDITIONS = ['DWA-A 138-1:2024', 'DWA-A 138:2005'] as const satisfies readonly string[];
export type RuleEdition = (typeof RULE_EDITIONS)[number];
export const DEFAULT_RULE_EDITION: RuleEdition = 'DWA-A 138-1:2024';

/** Drain targets of sealed surfaces (and, derived, of purifications and measures). */
export const DRAINS = ['Groundwater', 'Watercourse'] as const satisfies readonly string[];
export type Drain = (typeof DRAINS)[number];
