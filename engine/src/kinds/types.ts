/**
 * The interface every measure kind implements (decision 0164): the parts it is made of, the inputs
 * it needs, how it is sized and checked, its volumes, its default dimensions, its bill lines and
 * its labels. A kind is one module under `kinds/`; the registry (`registry.ts`) lists them in one
 * table keyed by {@link MeasureKindId}, so that a kind without a part does not compile.
 */
import type { Needs } from '../bom/needs.ts';
import type { BillIssue } from '../bom/types.ts';
import type { CatalogueIndex } from '../catalogue/catalogue.ts';
import type { IssueCode, IssueSeverity } from '../issues.ts';
import type { DimensioningInfiltrationTank, DimensioningTrough, Measure, MeasureData } from '../model/measure.ts';
import type { InfiltrationTankType, InstallationTarget, InstallationType, InstallationVariant } from '../tables/measures.ts';

/** The measure kinds of the project file (planning spec section 2 "Measure editor"). */
export const MEASURE_KIND_IDS = ['trough', 'boxTank', 'pipeTank', 'troughBoxTank', 'troughPipeTank', 'retentionBasin', 'backwaterChannel'] as const satisfies readonly string[];
export type MeasureKindId = (typeof MEASURE_KIND_IDS)[number];

/** The storage parts below ground: boxes, pipes in gravel, a retention pipe (backwater channel). */
export const TANK_PART_IDS = ['Box', 'Pipe', 'RetentionPipe'] as const satisfies readonly string[];
export type TankPartId = (typeof TANK_PART_IDS)[number];

/** Where a problem with a part's dimensions is reported: the field below the dimensions object (`length`, `pipeType`, …). */
export type DimensionProblemSink = (code: IssueCode, field: string, params?: Record<string, string | number>) => void;

/** A tank part's section resolved for sizing (without its length). Undefined members are not usable. */
export interface TankSectionSpec {
  readonly widthM: number | undefined;
  readonly heightM: number | undefined;
  /** Storage coefficient (boxes s, pipe tank s_R) as a fraction. */
  readonly s: number | undefined;
  /** Retention pipe: inner diameter, mm. */
  readonly innerDiameterMm: number | undefined;
}

/** The spec section 5 rules of a part's fields, reported through these two callbacks. */
export interface FieldRules {
  /** REQUIRED unless set; `field` below the part's dimensions object. */
  readonly required: (field: string, value: unknown) => void;
  readonly issue: (code: IssueCode, field: string, params: Record<string, string | number>, severity?: IssueSeverity) => void;
}

/** One row of the report's input table: a document label key and its value (number with decimals, or text). */
export interface ReportInputRow {
  readonly labelKey: string;
  readonly value: number | string | null | undefined;
  /** Decimals of a number (default 2). */
  readonly decimals?: number;
}

/** What a part's bill lines are computed from (measures without a configuration). */
export interface BillContext {
  readonly measure: Measure;
  readonly index: CatalogueIndex;
  /** JSON path of the measure, for the issues. */
  readonly path: string;
  readonly needs: Needs;
  readonly issues: BillIssue[];
}

/** A tank part (storage below ground). */
export interface TankPartModule<Id extends TankPartId = TankPartId> {
  readonly id: Id;
  /** Message key of the part's name (web `dimensioning` namespace). */
  readonly labelKey: string;
  /** The part has a rectangular section B × H (its infiltration area follows DWA-A 138; false: a pipe). */
  readonly rectangularSection: boolean;
  /** A box configuration can be linked to a measure with this part (spec section 5). */
  readonly takesConfiguration: boolean;
  /** Default dimensions of a new part. */
  defaultDimensions(): DimensioningInfiltrationTank;
  /** The dimensions after the rules of the part (spec section 4: e.g. fixed storage coefficient). */
  normalize(dims: DimensioningInfiltrationTank): DimensioningInfiltrationTank;
  /** Spec section 5: required fields and their limits (not the length's sign: sizing checks it). */
  validate(dims: DimensioningInfiltrationTank, rules: FieldRules): void;
  /** The section for sizing (everything but the length), with problems in the order sizing reports them. */
  readSection(dims: DimensioningInfiltrationTank, problem: DimensionProblemSink): TankSectionSpec;
  /** Available volume of the part at length L, m³ (undefined when not computable). */
  availableVolumeM3(section: TankSectionSpec, lengthM: number): number | undefined;
  /** Volume per metre of length, m³/m (the one-click length divides by it). */
  storagePerMetreM3(section: TankSectionSpec): number | undefined;
  /** The field blamed when the storage per metre is not positive. */
  readonly storagePerMetreField: 'storageCoefficient' | 'pipeType';
  /** The one-click length rounded to what can be built (boxes: the 0.8 m grid), m. */
  roundLengthM(lengthM: number): number | undefined;
  /** Rows of the report's input table after width, length and height. */
  reportRows(dims: DimensioningInfiltrationTank): readonly ReportInputRow[];
  /** Bill lines of the part (a measure without configuration). */
  billNeeds(ctx: BillContext): void;
}

/** The trough part (a shallow, vegetated basin that infiltrates through its sole). */
export interface TroughPartModule {
  readonly labelKey: string;
  defaultDimensions(): DimensioningTrough;
  /** The four dimensions, REQUIRED each (spec section 5). */
  readonly requiredFields: readonly ('length' | 'width' | 'depth' | 'slope')[];
  reportRows(dims: DimensioningTrough): readonly ReportInputRow[];
  billNeeds(ctx: BillContext): void;
}

/** The data fields that select a kind (planning spec section 2, step 1). */
export interface KindSelection {
  readonly installationTarget: InstallationTarget;
  readonly installationVariant?: InstallationVariant;
  readonly infiltrationTankType?: InfiltrationTankType;
  readonly installationType?: InstallationType;
}

/**
 * How a kind is sized (its one-click design):
 * - `troughArea`: the trough's mean infiltration area for a design depth (`troughAreaForDepth`);
 * - `tankLength`: the tank length at the chosen section (`requiredTankLength`, evaluate's auto-dimensioning).
 */
export type KindDesign = 'troughArea' | 'tankLength';

/**
 * How a kind is checked (`sizeMeasure`):
 * - `infiltration`: the DWA-A 138 storage balance of each part (a trough above a tank counts with its
 *   volume and top area in the tank's balance), draining times, permeability;
 * - `retention`: the DWA-A 117 simple method with the throttle discharge only.
 */
export type KindCheck = 'infiltration' | 'retention';

/** One measure kind. `Id` is its key in the registry. */
export interface MeasureKindModule<Id extends MeasureKindId = MeasureKindId> {
  readonly id: Id;
  /** Message key of the kind's name (web `dimensioning` namespace; the documents use `type.<id>`). */
  readonly labelKey: `variants.type.${Id}`;
  /** The data fields that select it. */
  readonly selection: KindSelection;
  /** The trough part, or null. */
  readonly trough: TroughPartModule | null;
  /** The tank part, or null. */
  readonly tank: TankPartModule | null;
  /** Water leaves the measure into the ground (DWA-A 138: soil data, permeability, groundwater clearance apply). */
  readonly infiltrates: boolean;
  /** A throttle discharge applies (retention, or infiltration with a tank). */
  readonly throttle: boolean;
  /**
   * The trough has its own soil, permeability and recurrence interval (trough with tank below);
   * otherwise a trough uses the measure's.
   */
  readonly troughOwnInputs: boolean;
  /** Inputs the kind needs besides every measure's (spec section 5): fields of the measure data. */
  readonly requiredInputs: readonly (keyof MeasureData)[];
  readonly design: KindDesign;
  readonly check: KindCheck;
  /** Dimensions of a new measure of this kind. */
  defaultDimensions(): Pick<MeasureData, 'dimensioningTrough' | 'dimensioningInfiltrationTank'>;
}
