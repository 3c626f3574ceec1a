/**
 * The side-by-side comparison of a measure's variants (issue 19 part 2, decision 0141): one row
 * for the chosen variant (the measure as it is) and one per variant, each computed by choosing
 * the variant in a copy of the project and running the engine's own `evaluate` (no second sizing
 * path), with the measure's bill-of-materials total from `measureMassList` when a catalogue is
 * given, and each figure's difference to the chosen row.
 */
import { measureMassList } from '../bom/massList.ts';
import { Dec } from '../bom/money.ts';
import type { BillIssue, Language } from '../bom/types.ts';
import type { Catalogue } from '../catalogue/catalogue.ts';
import type { ItemGeometryLookup } from '../boxgrid/itemGeometry.ts';
import { evaluate } from '../evaluate/evaluate.ts';
import type { Issue } from '../issues.ts';
import type { MeasureData } from '../model/measure.ts';
import type { Project } from '../model/project.ts';
import type { RainDatasetStamp } from '../model/rain.ts';
import type { TreatmentFacility } from '../model/purification.ts';
import { DEFAULT_RULE_EDITION, type InfiltrationTankType, type InstallationTarget, type InstallationType, type InstallationVariant, type RuleEdition } from '../tables/measures.ts';
import { PIPE_TYPES } from '../tables/pipes.ts';
import { DEFAULTS } from '../tables/defaults.ts';
import { measureKindOf, tankPart } from '../kinds/registry.ts';
import type { MeasureKindId } from '../kinds/types.ts';
import { measureKind } from '../waterflow/measureRules.ts';
import { CHOSEN_VARIANT_DEFAULT_NAME, chooseVariant } from './variants.ts';
import { EngineError } from '../errors.ts';
import { ENGINE_VERSION } from '../version.ts';
import { shownDifference, VARIANT_FIGURE_DECIMALS, type VariantNumberFigure } from './figures.ts';
import { measurePassing } from '../evaluate/measureVerdict.ts';

/** Options of {@link compareVariants}. */
export interface CompareVariantsOptions {
  /** Catalogue for the bill-of-materials totals; without one the totals are undefined (`billUnavailableReason: 'noCatalogue'`). */
  readonly catalogue?: Catalogue | undefined;
  /** Language of the bill's texts (does not change the totals); default `de`. */
  readonly language?: Language | undefined;
  /** Passed to `evaluate` (treatment facility catalogue). */
  readonly facilities?: readonly TreatmentFacility[] | undefined;
  /** Passed to `evaluate` (item geometry of linked box configurations). */
  readonly itemGeometry?: ItemGeometryLookup | undefined;
}

/**
 * What the measure is, in one word: `trough`, `boxTank`, `pipeTank`, `troughBoxTank`,
 * `troughPipeTank` (infiltration), `retentionBasin`, `backwaterChannel` (retention); null while
 * the type is not chosen.
 */
/** The measure kind's id (kinds/registry.ts). */
export type VariantMeasureType = MeasureKindId;

/** The figures of one row; every number is undefined when it cannot be computed. */
export interface VariantFigures {
  /** Required volume of the whole measure, m³. */
  readonly requiredVolumeM3: number | undefined;
  /** Available (planned) volume from the dimensions, m³. */
  readonly availableVolumeM3: number | undefined;
  /** Required tank length at the chosen width and height, m (measures with a tank only). */
  readonly requiredLengthM: number | undefined;
  /** Ground area taken, m²: trough top area, tank L × B, the larger of both for a trough above a tank. */
  readonly footprintM2: number | undefined;
  /** Construction depth, m: trough depth z, tank height H, z + H for a trough above a tank (cover not included). */
  readonly depthM: number | undefined;
  /** Draining time, h (the longest part's when combined). */
  readonly drainingTimeH: number | undefined;
  /** Extra flooding volume to hold on the site, m³ (only where the flooding verification is computed). */
  readonly floodingExtraVolumeM3: number | undefined;
  /** Net list price of the measure's bill of materials, decimal string with 2 decimals; undefined without a catalogue. */
  readonly billTotal: string | undefined;
}

/**
 * Difference of each figure to the chosen row (this row − chosen) as the figures are shown: both
 * rounded to the figure's decimals (`VARIANT_FIGURE_DECIMALS`) first, decision 0218; bill totals
 * exact. undefined when either side is undefined.
 */
export type VariantDifferences = VariantFigures;

/** One row of the comparison. */
export interface VariantComparisonRow extends VariantFigures {
  /** The variant's id; null for the chosen variant (the measure). */
  readonly variantId: string | null;
  readonly chosen: boolean;
  /** Display name (the chosen one's `variantName`, `V1` when it has none). */
  readonly name: string;
  readonly type: VariantMeasureType | null;
  readonly installationTarget: InstallationTarget | undefined;
  readonly installationVariant: InstallationVariant | undefined;
  readonly infiltrationTankType: InfiltrationTankType | undefined;
  readonly installationType: InstallationType | undefined;
  /** The verdict the measure's result shows: every part holds its required volume (true), not (false), not computable (undefined). */
  readonly passes: boolean | undefined;
  /** Flooding verification in effect for this variant. */
  readonly floodingVerification: boolean;
  /** The available volume also covers the upper end of the rain's uncertainty band; undefined without a band. */
  readonly coversUpperBand: boolean | undefined;
  /** Required volume at the upper end of the band, m³; undefined without a band. */
  readonly upperBandRequiredVolumeM3: number | undefined;
  /** The measure's evaluation issues for this variant (errors and warnings). */
  readonly issues: readonly Issue[];
  /** Problems that left something out of this row's bill (empty without a catalogue). */
  readonly billIssues: readonly BillIssue[];
  /** Each figure minus the chosen row's, as shown (all 0 on the chosen row where defined; decision 0218). */
  readonly differences: VariantDifferences;
}

/** The comparison of a measure's variants (plain JSON-serialisable data). */
export interface VariantComparison {
  readonly measureId: string;
  readonly measureName: string;
  readonly engineVersion: string;
  readonly ruleEdition: RuleEdition;
  readonly rainDataset: RainDatasetStamp | null;
  /** Currency of the bill totals (the catalogue's); undefined without a catalogue. */
  readonly currency: string | undefined;
  /** Why the bill totals are undefined; null when they are computed. */
  readonly billUnavailableReason: 'noCatalogue' | null;
  /** The chosen variant first, then the variants in their order. */
  readonly rows: readonly VariantComparisonRow[];
}

const fin = (x: number | null | undefined): number | undefined => (typeof x === 'number' && Number.isFinite(x) ? x : undefined);
const pos = (x: number | null | undefined): number | undefined => (typeof x === 'number' && Number.isFinite(x) && x > 0 ? x : undefined);

/** The one-word type of a measure's data. */
export function variantMeasureType(data: MeasureData): VariantMeasureType | null {
  return measureKindOf(data)?.id ?? null;
}

/** Footprint (m²) and depth (m) of a measure from its (evaluated) dimensions. */
function geometry(data: MeasureData): { footprintM2: number | undefined; depthM: number | undefined } {
  const kind = measureKind(data);
  const trough = data.dimensioningTrough ?? {};
  const tank = data.dimensioningInfiltrationTank ?? {};
  const troughArea = kind.trough ? (pos(data.troughArea) ?? (pos(trough.width) !== undefined && pos(trough.length) !== undefined ? trough.width! * trough.length! : undefined)) : undefined;
  const troughDepth = kind.trough ? pos(trough.depth) : undefined;
  let tankArea: number | undefined;
  let tankDepth: number | undefined;
  if (kind.tank !== null) {
    const pipe = PIPE_TYPES.find((p) => p.id === tank.pipeType);
    if (pos(tank.length) !== undefined && pos(tank.width) !== undefined) tankArea = tank.length! * tank.width!;
    else if (!tankPart(kind.tank).rectangularSection && pos(tank.length) !== undefined && pipe !== undefined) tankArea = tank.length! * (tank.numberOfPipes ?? DEFAULTS.numberOfPipes) * (pipe.outerDiameterMm / 1000);
    tankDepth = !tankPart(kind.tank).rectangularSection && pipe !== undefined && pos(tank.height) === undefined ? pipe.outerDiameterMm / 1000 : pos(tank.height);
  }
  if (kind.trough && kind.tank !== null) {
    return {
      footprintM2: troughArea === undefined || tankArea === undefined ? undefined : Math.max(troughArea, tankArea),
      depthM: troughDepth === undefined || tankDepth === undefined ? undefined : troughDepth + tankDepth,
    };
  }
  if (kind.trough) return { footprintM2: troughArea, depthM: troughDepth };
  return { footprintM2: tankArea, depthM: tankDepth };
}

function drainingTime(data: MeasureData): number | undefined {
  const whole = fin(data.drainingTime);
  if (whole !== undefined) return whole;
  const parts = [fin(data.drainingTimeTrough), fin(data.drainingTimeInfiltrationTank)].filter((x): x is number => x !== undefined);
  return parts.length === 0 ? undefined : Math.max(...parts);
}

/** A figure's difference as shown: both rounded to the figure's decimals first (decision 0218). */
const diff = (key: VariantNumberFigure, row: VariantFigures, chosen: VariantFigures): number | undefined => shownDifference(row[key], chosen[key], VARIANT_FIGURE_DECIMALS[key]);

function differences(row: VariantFigures, chosen: VariantFigures): VariantDifferences {
  return {
    requiredVolumeM3: diff('requiredVolumeM3', row, chosen),
    availableVolumeM3: diff('availableVolumeM3', row, chosen),
    requiredLengthM: diff('requiredLengthM', row, chosen),
    footprintM2: diff('footprintM2', row, chosen),
    depthM: diff('depthM', row, chosen),
    drainingTimeH: diff('drainingTimeH', row, chosen),
    floodingExtraVolumeM3: diff('floodingExtraVolumeM3', row, chosen),
    billTotal: row.billTotal === undefined || chosen.billTotal === undefined ? undefined : new Dec(row.billTotal).minus(chosen.billTotal).toFixed(2),
  };
}

type RowWithoutDiff = Omit<VariantComparisonRow, 'differences'>;

function row(project: Project, measureId: string, variantId: string | null, options: CompareVariantsOptions): RowWithoutDiff {
  const evaluation = evaluate(project, {
    ...(options.facilities === undefined ? {} : { facilities: options.facilities }),
    ...(options.itemGeometry === undefined ? {} : { itemGeometry: options.itemGeometry }),
  });
  const result = evaluation.measures.find((m) => m.id === measureId)!;
  const measure = project.waterflow.measures.find((m) => m.id === measureId)!;
  const data = result.data;
  const bill = options.catalogue === undefined ? undefined : measureMassList(project, measureId, options.catalogue, { prices: true, language: options.language ?? 'de' });
  return {
    variantId,
    chosen: variantId === null,
    name: measure.variantName ?? CHOSEN_VARIANT_DEFAULT_NAME,
    type: variantMeasureType(data),
    installationTarget: data.installationTarget ?? undefined,
    installationVariant: data.installationVariant ?? undefined,
    infiltrationTankType: data.infiltrationTankType ?? undefined,
    installationType: data.installationType ?? undefined,
    requiredVolumeM3: result.requiredVolume,
    availableVolumeM3: result.value,
    requiredLengthM: result.autoDimensioning?.lengthM,
    ...geometry(data),
    drainingTimeH: drainingTime(data),
    floodingExtraVolumeM3: fin(data.extraVolume),
    billTotal: bill?.totalPrice ?? undefined,
    passes: measurePassing(result),
    floodingVerification: result.floodingVerification,
    coversUpperBand: result.uncertaintyBand?.coversUpper,
    upperBandRequiredVolumeM3: result.uncertaintyBand?.upper.requiredVolumeM3,
    issues: evaluation.issues.filter((i) => i.nodeId === measureId),
    billIssues: bill?.issues ?? [],
  };
}

/**
 * Compares a measure's variants side by side: the chosen variant (the measure as it is) first,
 * then each variant, each evaluated by the engine's own `evaluate` on a copy of the project in
 * which that variant is chosen (`chooseVariant`), with the bill total of `measureMassList` when
 * a catalogue is given. Throws NODE_NOT_FOUND for an unknown measure.
 *
 * @example
 * const cmp = compareVariants(project, 'm1', { catalogue });
 * cmp.rows.map((r) => [r.name, r.requiredVolumeM3, r.billTotal, r.differences.billTotal]);
 */
export function compareVariants(project: Project, measureId: string, options: CompareVariantsOptions = {}): VariantComparison {
  const measure = project.waterflow.measures.find((m) => m.id === measureId);
  if (measure === undefined) throw new EngineError('NODE_NOT_FOUND', `No measure with id ${measureId}.`, { id: measureId });
  const rows: RowWithoutDiff[] = [row(project, measureId, null, options)];
  for (const v of measure.variants ?? []) rows.push(row(chooseVariant(project, measureId, v.id), measureId, v.id, options));
  const chosen = rows[0]!;
  return {
    measureId,
    measureName: measure.name,
    engineVersion: ENGINE_VERSION,
    ruleEdition: project.project.ruleEdition ?? DEFAULT_RULE_EDITION,
    rainDataset: project.rainData?.source ?? null,
    currency: options.catalogue?.currency,
    billUnavailableReason: options.catalogue === undefined ? 'noCatalogue' : null,
    rows: rows.map((r) => ({ ...r, differences: differences(r, chosen) })),
  };
}
