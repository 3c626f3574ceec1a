/**
 * Runoff surface types with mean runoff coefficient cm (C_m) and peak runoff coefficient cs (C_s).
 * Source: planning spec section 9 "Runoff surface types (Cm / Cs)" (values as in DWA-A 138-1:2024
 * Table 3 / DIN 1986-100:2016 Table 9). Both coefficients are dimensionless, in [0, 1].
 */
export interface RunoffType {
  readonly id: string;
  /** Mean runoff coefficient C_m (volume), dimensionless. */
  readonly cm: number;
  /** Peak runoff coefficient C_s (flow, flooding checks), dimensionless. */
  readonly cs: number;
  /** Message key of the display name (translated by the apps). */
  readonly messageKey: string;
}

const t = <const Id extends string>(id: Id, cm: number, cs: number) =>
  ({ id, cm, cs, messageKey: `runoff.${id}` }) as const;

export const RUNOFF_TYPES = [
  t('pitchedRoof', 0.9, 1),
  t('pitchedRoofBricks', 0.8, 1),
  t('flatRoof', 0.9, 1),
  t('flatRoofGravel', 0.8, 0.8),
  t('extensiveGreenRoofAbove5Deg', 0.4, 0.7),
  t('intensiveGreenRoof', 0.1, 0.2),
  t('extensiveGreenRoofBelow5Deg', 0.2, 0.4),
  t('extensiveGreenRoofBelow5DegThin', 0.3, 0.5),
  t('concrete', 0.9, 1),
  t('blacktop', 0.9, 1),
  t('pavingJointCompaction', 0.8, 1),
  t('aboveGroundTrackSystem', 0.9, 1),
  t('rampsSlopingToBuilding', 1, 1),
  t('syntheticSportsSurfaces', 0.5, 1),
  t('concreteBlockPaving', 0.7, 0.9),
  t('pavingOver15PercentJoints', 0.6, 0.7),
  t('waterBoundSurfaces', 0.7, 0.9),
  t('looseGravel', 0.2, 0.3),
  t('interlockingBlocksSeepageJoints', 0.25, 0.4),
  t('grassPaversHighTraffic', 0.2, 0.4),
  t('grassPaversLowTraffic', 0.1, 0.2),
  t('ballastPermeableSubstructure', 0.1, 0.2),
  t('ballastSlightlyPermeableSubstructure', 0.4, 0.6),
  t('sportsAreaSynthetic', 0.1, 0.1),
  t('dirt', 0.3, 0.3),
  t('lawn', 0.1, 0.1),
  t('greenSpaceFlat', 0.1, 0.2),
  t('greenSpaceSteep', 0.2, 0.3),
  t('permanentlyDammedWater', 1, 1),
] as const satisfies readonly RunoffType[];

export type RunoffTypeId = (typeof RUNOFF_TYPES)[number]['id'];
export const RUNOFF_TYPE_IDS = RUNOFF_TYPES.map((r) => r.id) as readonly RunoffTypeId[];
