/**
 * The list of a measure without a box configuration (design configurator.md "Bill of
 * materials"; decision 0090):
 * - box tank: a full block of boxes length/0.8 × width/0.8 × levels (a half level is a top layer
 *   of half boxes), billed like a configuration (plates, connectors, foil/fleece or geotextile);
 * - pipe tank: pipes a × L of the pipe type (m), gravel L·B·H − a·π/4·d_a²·L (m³, rounded up to
 *   0.1 m³), geotextile around the gravel body 2(LB + LH + BH) (m², rounded up to its sales unit);
 * - retention pipe (backwater channel): pipes a × L of the pipe type (m);
 * - trough: topsoil width × length × the catalogue's topsoil depth (m³, rounded up to 0.1 m³);
 * - plus the measure's additional products.
 */
import type { CatalogueIndex } from '../catalogue/catalogue.ts';
import type { Measure } from '../model/measure.ts';
import type { AdditionalProduct, BoxConfiguration } from '../model/project.ts';
import { BOX_GRID, DEFAULTS } from '../tables/defaults.ts';
import { PIPE_TYPES } from '../tables/pipes.ts';
import { measureKind } from '../waterflow/measureRules.ts';
import { MAX_CELLS_PER_EDGE } from '../boxgrid/grid.ts';
import { configurationNeeds, roundUpToSalesUnit } from './configuration.ts';
import { Dec } from './money.ts';
import { addAdditional, addNeed, mergeNeeds, newNeeds, type Needs } from './needs.ts';
import { billIssue, type BillIssue } from './types.ts';

const pos = (v: number | null | undefined): v is number => typeof v === 'number' && Number.isFinite(v) && v > 0;
/** Rounds a volume up to 0.1 m³ (after dropping float noise below 1e-6 m³). */
const upToTenth = (m3: number): Dec => new Dec(m3.toFixed(6)).times(10).ceil().dividedBy(10);

/** The synthetic configuration of a box-tank measure: a full block of boxes (configurator.md "Link to the measure"). */
export function blockConfiguration(measure: Measure, index: CatalogueIndex, issues: BillIssue[], path: string): BoxConfiguration | undefined {
  const d = measure.data?.dimensioningInfiltrationTank ?? {};
  const cell = BOX_GRID.cellMm / 1000;
  const nx = pos(d.length) ? Math.floor(d.length / cell + 1e-9) : 0;
  const nz = pos(d.width) ? Math.floor(d.width / cell + 1e-9) : 0;
  const levels = d.levels ?? DEFAULTS.levels;
  const full = Math.floor(levels + 1e-9);
  const half = levels - full > 1e-9;
  if (nx < 1 || nz < 1 || !(levels > 0) || nx > MAX_CELLS_PER_EDGE || nz > MAX_CELLS_PER_EDGE || full + (half ? 1 : 0) > BOX_GRID.maxLayers) {
    issues.push(billIssue('MEASURE_DIMENSIONS_MISSING', measure.id, `${path}.data.dimensioningInfiltrationTank`, {}));
    return undefined;
  }
  const boxes = index.catalogue.itemTypes.filter((t) => t.typeCustom === 'BOX');
  const fullBox = boxes.find((t) => t.heightMm === BOX_GRID.boxHeightMm) ?? boxes[0];
  const halfBox = boxes.find((t) => t.heightMm === BOX_GRID.halfBoxHeightMm);
  if (fullBox === undefined || (half && halfBox === undefined)) {
    issues.push(billIssue('UNKNOWN_ITEM_TYPE', measure.id, path, { boxTypeId: half ? 'half box' : 'box' }));
    return undefined;
  }
  const items: NonNullable<BoxConfiguration['items']> = [];
  for (let y = 0; y < full + (half ? 1 : 0); y++) {
    const type = y < full ? fullBox.businessId : halfBox!.businessId;
    for (let x = 0; x < nx; x++) for (let z = 0; z < nz; z++) items.push({ boxTypeId: type, x, y, z, rotation: 'North' });
  }
  return {
    id: measure.id,
    name: measure.name,
    measureId: measure.id,
    stormwaterObjective: measure.data?.installationTarget === 'Retention' ? 'retention' : 'infiltration',
    items,
  };
}

/** Needs of a measure that has no configuration (its own dimensions), plus its additional products. */
export function measureNeeds(measure: Measure, index: CatalogueIndex, additional: readonly AdditionalProduct[], path: string): { needs: Needs; issues: BillIssue[] } {
  const issues: BillIssue[] = [];
  const needs = newNeeds();
  const data = measure.data ?? {};
  const kind = measureKind(data);
  const rules = index.catalogue.rules;
  if (kind.tank === 'Box') {
    const block = blockConfiguration(measure, index, issues, path);
    if (block !== undefined) {
      const part = configurationNeeds(block, index, path);
      mergeNeeds(needs, part.needs);
      issues.push(...part.issues);
    }
  } else if (kind.tank === 'Pipe' || kind.tank === 'RetentionPipe') {
    const d = data.dimensioningInfiltrationTank ?? {};
    const a = d.numberOfPipes ?? DEFAULTS.numberOfPipes;
    const pipe = PIPE_TYPES.find((p) => p.id === d.pipeType);
    const product = pipe === undefined ? undefined : (rules.pipes as Readonly<Record<string, string | undefined>>)[pipe.id];
    if (!pos(d.length) || !pos(a) || !Number.isInteger(a) || pipe === undefined || product === undefined) {
      issues.push(billIssue('MEASURE_DIMENSIONS_MISSING', measure.id, `${path}.data.dimensioningInfiltrationTank`, {}));
    } else {
      addNeed(needs, product, new Dec(a).times(new Dec(d.length)));
      if (kind.tank === 'Pipe') {
        if (!pos(d.width) || !pos(d.height)) {
          issues.push(billIssue('MEASURE_DIMENSIONS_MISSING', measure.id, `${path}.data.dimensioningInfiltrationTank`, {}));
        } else {
          const L = d.length;
          const B = d.width;
          const H = d.height;
          const da = pipe.outerDiameterMm / 1000;
          const gravel = L * B * H - a * (Math.PI / 4) * da * da * L;
          if (gravel > 0) addNeed(needs, rules.gravel.product, upToTenth(gravel));
          const area = new Dec(L).times(B).plus(new Dec(L).times(H)).plus(new Dec(B).times(H)).times(2);
          addNeed(needs, rules.geotextile.product, roundUpToSalesUnit(area, rules.geotextile.salesUnitM2));
        }
      }
    }
  }
  if (kind.trough) {
    const t = data.dimensioningTrough ?? {};
    if (!pos(t.width) || !pos(t.length)) issues.push(billIssue('MEASURE_DIMENSIONS_MISSING', measure.id, `${path}.data.dimensioningTrough`, {}));
    else addNeed(needs, rules.topsoil.product, upToTenth(t.width * t.length * rules.topsoil.depthM));
  }
  for (const product of additional) addAdditional(needs, product);
  return { needs, issues };
}
