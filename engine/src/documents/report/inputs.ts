/**
 * Everything the report needs beside the project, computed by the engine in one place so that the
 * browser worker and `rainplan report` make the same document: the evaluation, the box
 * configurations with volumes, materials and drawings, and the bill of materials (grouped by
 * measure, with prices) when a catalogue is given.
 */
import type { Project } from '../../model/project.ts';
import type { Evaluation } from '../../evaluate/types.ts';
import { evaluate } from '../../evaluate/evaluate.ts';
import type { TreatmentFacility } from '../../model/purification.ts';
import { configurationBill, projectMassList } from '../../bom/massList.ts';
import type { BillOfMaterials } from '../../bom/types.ts';
import { geometryLookup, type Catalogue } from '../../catalogue/catalogue.ts';
import type { ItemType } from '../../catalogue/schema.ts';
import { standardItemGeometry } from '../../boxgrid/measureLink.ts';
import { gridFromConfiguration } from '../../boxgrid/wire.ts';
import { configurationVolumes } from '../../boxgrid/volumes.ts';
import { configurationDrawings } from '../../boxgrid/drawing.ts';
import type { DocumentLanguage } from '../labels/index.ts';
import type { ReportConfiguration } from './reportDocument.ts';

export interface ReportInputOptions {
  readonly language: DocumentLanguage;
  /** The box catalogue (item geometry, products, prices); without it: no bill, the standard item geometry. */
  readonly catalogue?: Catalogue | undefined;
  /**
   * Item types for the geometry when no whole catalogue is at hand (the web app has the item types
   * of the API, and the bill from its mass-list data); ignored when `catalogue` is given.
   */
  readonly itemTypes?: readonly ItemType[] | undefined;
  /** A bill made elsewhere (e.g. the API's mass-list data grouped by measure with prices); default: from `catalogue`. */
  readonly bill?: BillOfMaterials | null | undefined;
  /** Treatment facility list (default: the project's own). */
  readonly facilities?: readonly TreatmentFacility[] | undefined;
}

export interface ReportInputs {
  readonly evaluation: Evaluation;
  readonly configurations: readonly ReportConfiguration[];
  readonly bill: BillOfMaterials | null;
}

/** The evaluation, configurations and bill of a project for `reportDocument`. */
export function reportInputs(project: Project, options: ReportInputOptions): ReportInputs {
  const catalogue = options.catalogue;
  const lookup = catalogue !== undefined ? geometryLookup(catalogue) : options.itemTypes !== undefined ? geometryLookup({ itemTypes: options.itemTypes }) : standardItemGeometry;
  // with the balances the report's calculation path prints (MeasureResult.balances)
  const evaluation = evaluate(project, { itemGeometry: lookup, calculationPath: true, ...(options.facilities === undefined ? {} : { facilities: options.facilities }) });
  const configurations = (project.boxConfigurations ?? []).map((config): ReportConfiguration => {
    const { grid, skipped } = gridFromConfiguration(config, lookup);
    const volumes = configurationVolumes(grid, lookup);
    const quantities = catalogue === undefined ? undefined : configurationBill(config, catalogue, { language: options.language, prices: false }).quantities;
    return {
      id: config.id,
      name: config.name,
      measureId: config.measureId ?? null,
      stormwaterObjective: config.stormwaterObjective ?? null,
      volumes,
      materials: quantities === undefined ? null : { foilM2: String(quantities.foilM2), fleeceM2: String(quantities.fleeceM2), geotextileM2: String(quantities.geotextileM2) },
      drawings: configurationDrawings(grid, lookup, { language: options.language }),
      messages: [...skipped, ...volumes.messages],
    };
  });
  const bill =
    options.bill !== undefined ? options.bill : catalogue === undefined ? null : projectMassList(project, catalogue, { groupBy: 'measure', prices: true, language: options.language });
  return { evaluation, configurations, bill };
}
