import type { Issue } from '../issues.ts';
import type { Measure } from '../model/measure.ts';
import type { PurificationA102Data, SurfaceM153Data } from '../model/purification.ts';
import type { RainDatasetStamp } from '../model/rain.ts';
import type { Drain, RegulationType, RuleEdition } from '../tables/measures.ts';
import type { RainUncertaintyUnavailableReason } from '../rain/uncertainty.ts';
import type { GroundwaterClearanceResult } from '../sizing/groundwaterClearance.ts';
import type { MeasureUncertaintyBand } from '../sizing/uncertaintyBand.ts';
import type { MeasureBalances } from '../sizing/sizeMeasure.ts';

/**
 * Why a measure has no rain uncertainty band: the rain data's reason
 * (`noRainData`, `customRainData`, `uncertaintyNotGiven`, `uncertaintyIncomplete`), or
 * `notSized` when the measure has no required volume at the design rain.
 */
export type UncertaintyBandReason = RainUncertaintyUnavailableReason | 'notSized';

/** Result of one sealed surface. Areas in m². */
export interface SurfaceResult {
  readonly id: string;
  readonly name: string;
  /** Sealed area A_E, m² (undefined when not set). */
  readonly areaM2: number | undefined;
  /** Connected area A_C = A_E · C_m, m² (undefined when area or cm is missing). */
  readonly AC: number | undefined;
  readonly drain: Drain | undefined;
  readonly parentId: string | null;
  readonly fullyCompleted: boolean;
}

/** DWA-M 153 assessment of a purification on a groundwater drain. */
export interface M153Result {
  readonly airPollutionPoints: number | undefined;
  readonly waterCategoryPoints: number | undefined;
  readonly surfaces: readonly SurfaceM153Data[];
  /** Σ A_u,i of the surfaces, m² (the calculation table's total area); undefined when the sum overflows. */
  readonly areaTotal: number | undefined;
  /** Σ f_i, the calculation table's share total (1 when any surface has area, else 0). */
  readonly areaShareTotal: number;
  /** Total discharged load B, points. */
  readonly dischargedLoad: number | undefined;
  /** Throughput value G / B (the purification's value). */
  readonly throughputValue: number | undefined;
  /** Combined reduction factor D = D_facility · D_pretreatment · D_D4 (1 when nothing chosen). */
  readonly combinedFactor: number;
  /** Emission E = B · D, points. */
  readonly emission: number | undefined;
  readonly treatmentNeeded: boolean | undefined;
}

/** DWA-A 102-2 assessment of a purification on a watercourse drain. */
export interface A102Result {
  readonly data: PurificationA102Data;
  /** Required restraint total − permitted ablation, kg/a (missing values count 0). */
  readonly requiredRestraint: number;
  /** Required efficiency η in [0, 1) (the purification's value). */
  readonly requiredEfficiency: number;
  readonly thresholdExceeded: boolean;
}

export interface PurificationResult {
  readonly id: string;
  readonly name: string;
  readonly AC: number | undefined;
  readonly drain: Drain | undefined;
  readonly regulation: RegulationType | undefined;
  /** Throughput value (M 153) or required efficiency (A 102-2). */
  readonly value: number | undefined;
  readonly m153: M153Result | undefined;
  readonly a102: A102Result | undefined;
  /** Whether the treatment options are shown (M153: value < 1; A102: area-specific ≥ threshold). */
  readonly showTreatmentOptions: boolean;
  /** true passing, false not passing, undefined not assessable yet. */
  readonly passing: boolean | undefined;
  /** 'passing' or 'notPassing' (then hintKey 'useOptions'); undefined when not assessable. */
  readonly messageKey: 'passing' | 'notPassing' | undefined;
  readonly hintKey: 'useOptions' | undefined;
  /** Needed amount of the chosen facility, ceil(A_C / maxArea). */
  readonly neededAmount: number | undefined;
  readonly fullyCompleted: boolean;
}

export interface MeasureStepState {
  /** Step 2 (parameters) and step 3 (dimensioning) are enabled. */
  readonly parameters: boolean;
  readonly dimensioning: boolean;
}

/**
 * One-click auto-dimensioning of a measure's tank (`requiredTankLength`): the length at the chosen
 * width and height (box layers) at which the tank's available volume equals its required volume.
 */
export interface AutoDimensioningResult {
  /** Exact length, m. */
  readonly lengthM: number;
  /** Box tanks and basins: rounded up to the 0.8 m box grid (at least one box); otherwise = lengthM. */
  readonly roundedLengthM: number | undefined;
  /** Governing duration of the length, min, and its rain yield, l/(s·ha). */
  readonly durationMin: number | undefined;
  readonly rLsHa: number | undefined;
}

export interface MeasureResult {
  readonly id: string;
  readonly name: string;
  readonly AC: number | undefined;
  readonly drain: Drain | undefined;
  /** Available (planned) volume computed from the dimensions, m³ (the measure's value; trough + tank when combined). */
  readonly value: number | undefined;
  /** Required volume, m³ (undefined when the measure cannot be sized: see the issues). */
  readonly requiredVolume: number | undefined;
  /** Rule edition and rain dataset the measure was sized with (the evaluation carries the engine version). */
  readonly ruleEdition: RuleEdition;
  readonly rainDataset: RainDatasetStamp | null;
  /** Each part (trough, tank) covers its own required volume; undefined when not computable. */
  readonly partsSufficient: boolean | undefined;
  /** Required tank length at the chosen width and height; undefined for measures without a tank or when not computable. */
  readonly autoDimensioning: AutoDimensioningResult | undefined;
  /**
   * Id of the box configuration this measure takes its tank dimensions and available volume from
   * (docs/configurator.md "Link to the measure"); absent when the measure uses its own fields.
   */
  readonly configurationId?: string | undefined;
  /**
   * The storage balances the sizing ran, at their governing durations with every term (trough,
   * tank, flooding and the tank's flooding share); only with `evaluate(…, { calculationPath: true })`,
   * the dimensioning report's calculation path.
   */
  readonly balances?: MeasureBalances | undefined;
  /**
   * The required volume (and tank length) at the lower and upper end of the rain's uncertainty
   * beside the design value, each sized again with the scaled rain series (the governing duration
   * may differ), and whether the available volume also covers the upper end. null when there is
   * no band: see `uncertaintyBandReason`.
   */
  readonly uncertaintyBand: MeasureUncertaintyBand | null;
  /** Why `uncertaintyBand` is null; null when there is a band. */
  readonly uncertaintyBandReason: UncertaintyBandReason | null;
  /**
   * The groundwater clearance check (seepage zone between the base and MHGW against the rule
   * edition's minimum; `sizing/groundwaterClearance.ts`, decision 0173): pass, fail, or incomplete
   * ("not checked", with the missing inputs). null for a measure that does not infiltrate.
   */
  readonly groundwaterClearance: GroundwaterClearanceResult | null;
  /** Flooding verification in effect (ticked, or forced at A_C ≥ 800 m²). */
  readonly floodingVerification: boolean;
  /** The flooding checkbox is locked (A_C not a number, or at/above the threshold). */
  readonly floodingVerificationLocked: boolean;
  readonly steps: MeasureStepState;
  readonly fullyCompleted: boolean;
  /** The measure's data with every computed field the engine derives. */
  readonly data: Measure['data'];
}

export interface EvaluationSummary {
  readonly surfaceCount: number;
  readonly purificationCount: number;
  readonly measureCount: number;
  /** Σ A_E over all surfaces, m² (undefined if it overflows). */
  readonly totalAreaM2: number | undefined;
  /** Σ A_C over all surfaces, m² (undefined if it overflows). */
  readonly totalACM2: number | undefined;
  readonly completedNodes: number;
  readonly incompleteNodes: number;
  readonly errorCount: number;
  readonly warningCount: number;
  /** Infiltration measures by the state of their groundwater clearance check (retention measures are not counted). */
  readonly groundwaterClearance: { readonly pass: number; readonly fail: number; readonly incomplete: number };
}

/** Everything `evaluate(project)` derives; plain JSON-serialisable data. */
export interface Evaluation {
  readonly engineVersion: string;
  readonly schemaVersion: number;
  readonly ruleEdition: RuleEdition;
  readonly rainDataset: RainDatasetStamp | null;
  readonly sealedSurfaces: readonly SurfaceResult[];
  readonly purifications: readonly PurificationResult[];
  readonly measures: readonly MeasureResult[];
  readonly issues: readonly Issue[];
  readonly summary: EvaluationSummary;
}
