/**
 * The box part: a block of plastic infiltration or retention boxes, length × width on the 0.8 m
 * grid, levels of 0.66 m (a half level 0.36 m), storage coefficient fixed at 95 % (planning spec
 * sections 4 and 5). Used by the box tank, the trough with box tank and the retention basin.
 */
import { configurationNeeds } from '../../bom/configuration.ts';
import { mergeNeeds } from '../../bom/needs.ts';
import { billIssue, type BillIssue } from '../../bom/types.ts';
import { MAX_CELLS_PER_EDGE } from '../../boxgrid/grid.ts';
import type { CatalogueIndex } from '../../catalogue/catalogue.ts';
import type { DimensioningInfiltrationTank, Measure } from '../../model/measure.ts';
import type { BoxConfiguration } from '../../model/project.ts';
import { boxBlockDimensions, boxLevelsHeightMm, boxTankVolumeM3 } from '../../sizing/boxBlock.ts';
import { fin } from '../../sizing/core.ts';
import { BOX_GRID, DEFAULTS, INPUT_LIMITS, SIZE_LIMITS } from '../../tables/defaults.ts';
import type { TankPartModule, TankSectionSpec } from '../types.ts';
import { dimension, nonNeg, pos } from './dimensions.ts';

const EPS = 1e-9;
const isSet = (v: unknown) => v !== undefined && v !== null;
/** Whether a value is a whole multiple of the step (within 1e-9 relative). */
function step(value: number, stepSize: number): boolean {
  const q = value / stepSize;
  return Math.abs(q - Math.round(q)) < EPS * Math.max(1, Math.abs(q));
}

/** Box layers → height in m: whole layers × 0.66 m, a half layer adds 0.36 m (planning spec section 5). */
export function boxTankHeightM(levels: number): number {
  // In whole millimetres, so 5 layers give exactly 3.3 m rather than 3.3000000000000003 (the grid's rule, sizing/boxBlock.ts).
  return boxLevelsHeightMm(levels) / 1000;
}

/** Default box tank dimensions: one box, 0.8 × 0.8 m, one layer of 0.66 m, storage coefficient 95 %. */
export function defaultBoxTank(): DimensioningInfiltrationTank {
  return {
    width: DEFAULTS.boxWidthM,
    length: DEFAULTS.boxLengthM,
    levels: DEFAULTS.levels,
    height: DEFAULTS.boxHeightM,
    storageCoefficient: DEFAULTS.storageCoefficientPercent,
  };
}

/** Rounds a length up to the 0.8 m box grid, at least one box (spec section 5: min 0.8, step 0.8). */
export function boxGridLengthM(lengthM: number): number | undefined {
  const cell = BOX_GRID.cellMm;
  const cells = Math.max(1, Math.ceil((lengthM * 1000) / cell - 1e-9));
  return fin((cells * cell) / 1000) ?? undefined;
}

/** The synthetic configuration of a box-tank measure: a full block of boxes (docs/configurator.md "Link to the measure"). */
export function blockConfiguration(measure: Measure, index: CatalogueIndex, issues: BillIssue[], path: string): BoxConfiguration | undefined {
  const d = measure.data?.dimensioningInfiltrationTank ?? {};
  // The block on the grid, rounded down: the block `sizeMeasure` evaluates (sizing/boxBlock.ts, decision 0168).
  const block = pos(d.length) && pos(d.width) ? boxBlockDimensions(d.length, d.width, d.levels ?? DEFAULTS.levels) : undefined;
  const nx = block?.cellsX ?? 0;
  const nz = block?.cellsZ ?? 0;
  const full = block?.fullLevels ?? 0;
  const half = block?.halfLevel ?? false;
  if (nx < 1 || nz < 1 || full + (half ? 1 : 0) < 1 || nx > MAX_CELLS_PER_EDGE || nz > MAX_CELLS_PER_EDGE || full + (half ? 1 : 0) > BOX_GRID.maxLayers) {
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

export const BOX_PART = {
  id: 'Box',
  labelKey: 'tankType.Box',
  rectangularSection: true,
  takesConfiguration: true,
  defaultDimensions: defaultBoxTank,
  normalize(dims) {
    const levels = dims.levels ?? DEFAULTS.levels;
    return { ...dims, storageCoefficient: DEFAULTS.storageCoefficientPercent, height: boxTankHeightM(levels) };
  },
  validate(tank, rules) {
    for (const f of ['length', 'width'] as const) {
      const v = tank[f];
      rules.required(f, v);
      if (isSet(v) && v! < INPUT_LIMITS.boxDimensionMinM - EPS) rules.issue('BELOW_MINIMUM', f, { field: f, min: INPUT_LIMITS.boxDimensionMinM });
      // A box tank is laid out on the configurator's grid (decision 0190).
      else if (isSet(v) && v! > SIZE_LIMITS.boxTankEdgeMaxM + EPS) rules.issue('ABOVE_MAXIMUM', f, { field: f, max: SIZE_LIMITS.boxTankEdgeMaxM });
      // A length or width off the 0.8 m step is put on the grid by sizing, whose warning
      // BOX_DIMENSION_ROUNDED names the typed and the rounded value: no second warning here (decision 0224).
    }
    const levels = tank.levels;
    rules.required('levels', levels);
    if (isSet(levels)) {
      if (levels! < INPUT_LIMITS.levelsMin) rules.issue('BELOW_MINIMUM', 'levels', { field: 'levels', min: INPUT_LIMITS.levelsMin });
      else if (levels! > DEFAULTS.maxLevels) rules.issue('ABOVE_MAXIMUM', 'levels', { field: 'levels', max: DEFAULTS.maxLevels });
      else if (!step(levels!, INPUT_LIMITS.levelsStep)) rules.issue('STEP_MISMATCH', 'levels', { field: 'levels', step: INPUT_LIMITS.levelsStep });
    }
  },
  readSection(dims, problem): TankSectionSpec {
    const widthM = dimension(dims.width, 'width', pos, problem);
    let heightM: number | undefined;
    if (dims.levels != null) {
      const levels = dimension(dims.levels, 'levels', pos, problem);
      const h = levels === undefined ? undefined : boxTankHeightM(levels);
      if (h !== undefined && !pos(h)) problem(Number.isFinite(h) ? 'VALUE_NOT_POSITIVE' : 'NOT_COMPUTABLE', 'levels', { field: 'levels' });
      else heightM = h;
    } else heightM = dimension(dims.height, 'height', pos, problem);
    let s: number | undefined;
    const percent = dims.storageCoefficient ?? DEFAULTS.storageCoefficientPercent;
    if (nonNeg(percent) && percent <= 100) s = percent / 100;
    else problem('VALUE_NOT_POSITIVE', 'storageCoefficient', { field: 'storageCoefficient' });
    return { widthM, heightM, s, innerDiameterMm: undefined };
  },
  // The volume of the block's boxes (sizing/boxBlock.ts, the formula boxgrid/volumes.ts uses too; decision 0168).
  availableVolumeM3: (t, L) => (t.widthM === undefined || t.heightM === undefined || t.s === undefined ? undefined : fin(boxTankVolumeM3(L, t.widthM, t.heightM, t.s))),
  storagePerMetreM3: (t) => (t.widthM === undefined || t.heightM === undefined || t.s === undefined ? undefined : t.widthM * t.heightM * t.s),
  storagePerMetreField: 'storageCoefficient',
  roundLengthM: boxGridLengthM,
  reportRows: (t) => [
    { labelKey: 'input.levels', value: t.levels, decimals: 1 },
    { labelKey: 'input.storageCoefficient', value: t.storageCoefficient, decimals: 0 },
  ],
  billNeeds({ measure, index, path, needs, issues }) {
    const block = blockConfiguration(measure, index, issues, path);
    if (block !== undefined) {
      const part = configurationNeeds(block, index, path);
      mergeNeeds(needs, part.needs);
      issues.push(...part.issues);
    }
  },
} as const satisfies TankPartModule<'Box'>;
