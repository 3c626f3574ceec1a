/**
 * The list of a measure without a box configuration (docs/configurator.md "Bill of
 * materials"; decision 0090). Each part of the measure's kind bills its own lines (kinds/parts/,
 * decision 0164):
 * - box tank: a full block of boxes length/0.8 × width/0.8 × levels (a half level is a top layer
 *   of half boxes), billed like a configuration (plates, connectors, foil/fleece or geotextile);
 * - pipe tank: pipes a × L of the pipe type (m), gravel L·B·H − a·π/4·d_a²·L (m³, rounded up to
 *   0.1 m³), geotextile around the gravel body 2(LB + LH + BH) (m², rounded up to its sales unit);
 * - retention pipe (backwater channel): pipes a × L of the pipe type (m);
 * - trough: topsoil width × length × the catalogue's topsoil depth (m³, rounded up to 0.1 m³);
 * - plus the measure's additional products.
 */
import type { CatalogueIndex } from '../catalogue/catalogue.ts';
import { TROUGH_PART } from '../kinds/parts/trough.ts';
import { tankPart } from '../kinds/registry.ts';
import type { Measure } from '../model/measure.ts';
import type { AdditionalProduct } from '../model/project.ts';
import { addAdditional, newNeeds, type Needs } from './needs.ts';
import { measureKind } from '../waterflow/measureRules.ts';
import type { BillIssue } from './types.ts';

export { blockConfiguration } from '../kinds/parts/box.ts';

/** Needs of a measure that has no configuration (its own dimensions), plus its additional products. */
export function measureNeeds(measure: Measure, index: CatalogueIndex, additional: readonly AdditionalProduct[], path: string): { needs: Needs; issues: BillIssue[] } {
  const issues: BillIssue[] = [];
  const needs = newNeeds();
  // A trough variant bills its trough already while the tank type is open (measureKind's shared parts).
  const kind = measureKind(measure.data ?? {});
  const ctx = { measure, index, path, needs, issues };
  if (kind.tank !== null) tankPart(kind.tank).billNeeds(ctx);
  if (kind.trough) TROUGH_PART.billNeeds(ctx);
  for (const product of additional) addAdditional(needs, product);
  return { needs, issues };
}
