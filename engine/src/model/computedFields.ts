/**
 * The fields of a measure's data that the engine computes: `evaluate` writes them, a project
 * file may carry them, and they are recomputed on every evaluation. A variant stores only its
 * inputs, so these are stripped from it; a client saving an opened file leaves them out; the API
 * compares the numeric ones a client sends with its own (code 55, "calculations could not be
 * validated"). The measure schema (model/measure.ts) declares exactly these fields as computed.
 * A module without imports, so that a client bundle takes the list without the schemas.
 */
/** A computed field of a measure's data. */
export type MeasureComputedField =
  | 'AC'
  | `${'duration' | 'precipitation' | 'standardVolume' | 'drainingTime'}${'' | 'Trough' | 'Flooding' | 'InfiltrationTank' | 'FloodingInfiltrationTank'}`
  | 'requiredVolume'
  | 'requiredVolumeTrough'
  | 'requiredVolumeInfiltrationTank'
  | 'plannedVolumeTrough'
  | 'plannedVolumeInfiltrationTank'
  | 'floodingVolume'
  | 'floodingVolumeInfiltrationTank'
  | 'extraVolume'
  | 'extraVolumeInfiltrationTank'
  | 'permeability'
  | 'permeabilityTrough'
  | 'troughArea'
  | 'troughGroundArea'
  | 'reportData'
  | 'seepageZoneBaseLevel'
  | 'seepageZoneThickness'
  | 'groundwaterClearance';

const SUFFIXES = ['', 'Trough', 'Flooding', 'InfiltrationTank', 'FloodingInfiltrationTank'] as const;

export const MEASURE_COMPUTED_FIELDS: readonly MeasureComputedField[] = [
  'AC',
  ...SUFFIXES.flatMap((suffix) => [`duration${suffix}`, `precipitation${suffix}`, `standardVolume${suffix}`, `drainingTime${suffix}`] as const),
  'requiredVolume',
  'requiredVolumeTrough',
  'requiredVolumeInfiltrationTank',
  'plannedVolumeTrough',
  'plannedVolumeInfiltrationTank',
  'floodingVolume',
  'floodingVolumeInfiltrationTank',
  'extraVolume',
  'extraVolumeInfiltrationTank',
  'permeability',
  'permeabilityTrough',
  'troughArea',
  'troughGroundArea',
  'reportData',
  'seepageZoneBaseLevel',
  'seepageZoneThickness',
  'groundwaterClearance',
];
