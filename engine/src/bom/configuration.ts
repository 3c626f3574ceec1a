/**
 * The bill of materials of one box configuration, read straight from the wire form
 * (`BoxConfiguration.items`), one pass over the items plus one over the occupied cells.
 *
 * Rules (docs/configurator.md "Bill of materials"; decision 0090):
 * - boxes and shafts: one item-type product per item;
 * - shafts: the selected shaft type's product (throttle element) and every selected option
 *   that carries a product; boxes: their selected options with products;
 * - side wall plates: per outer vertical face of a box (the neighbour cell in the same layer holds
 *   no box and no shaft), the plate of the cube side facing there (rotation aware:
 *   N, W, S, E turn the item by 0°, 90°, 180°, 270°), `productsAmount` plates per face;
 * - connectors: `perHorizontalPair` per pair of boxes side by side in one layer,
 *   `perStackedPair` per box standing on a box;
 * - per configured connection (`side.<side>.plant<1|2>` = plant id, decision 0086): the plant's
 *   product, the cube side's adapter for its diameter, and the plant's options with products;
 * - foil + fleece (retention) or geotextile (infiltration) by the faces of the occupied cells
 *   that touch soil plus the overlap allowance at inner edges (`bodySurface`, decision 0170; for
 *   a full rectangular block the cuboid's 2(LB + LH + BH)), each rounded up to its sales unit;
 * - the configuration's additional products.
 */
import type { CatalogueIndex } from '../catalogue/catalogue.ts';
import type { CubeSideDefinition, ItemType } from '../catalogue/schema.ts';
import { bodySurface } from '../boxgrid/body.ts';
import { MAX_CELLS_PER_EDGE } from '../boxgrid/grid.ts';
import { SHAFT_PREFIX, SHAFT_PROPERTY } from '../boxgrid/options.ts';
import type { PropertySet } from '../boxgrid/propertySets.ts';
import type { BoxConfiguration } from '../model/project.ts';
import { boxBlockVolumeM3 } from '../sizing/boxBlock.ts';
import { BOX_GRID, DEFAULT_SHAFT_DEPTH_M, DEFAULTS } from '../tables/defaults.ts';
import { shaftHeightMm } from '../catalogue/catalogue.ts';
import { Dec } from './money.ts';
import { addAdditional, addNeed, newNeeds, type Needs } from './needs.ts';
import { billIssue, type BillIssue } from './types.ts';

/** Compass directions of a cell's vertical faces: north = −z, west = −x, south = +z, east = +x. */
const COMPASS = [
  [0, -1],
  [-1, 0],
  [0, 1],
  [1, 0],
] as const;
const DX = COMPASS.map(([dx]) => dx);
const DZ = COMPASS.map(([, dz]) => dz);
const ROTATION_STEPS: Readonly<Record<string, number>> = { North: 0, West: 1, South: 2, East: 3 };
const SIDE_ORDER = ['front', 'left', 'back', 'right'] as const;

/** The cube side of an item rotated by `rotation` that faces compass direction `c` (0 N, 1 W, 2 S, 3 E). */
export function cubeSideFacing(rotation: string, c: number): (typeof SIDE_ORDER)[number] {
  const k = ROTATION_STEPS[rotation] ?? 0;
  return SIDE_ORDER[(c - k + 4) % 4]!;
}

/** Prefix of the options of a cube side's connection: `side.<side>.` (decision 0086). */
const SIDE_PREFIX = 'side.';

/** Counts and envelope of a configuration (what its bill is made of). */
export interface ConfigurationQuantities {
  readonly boxes: number;
  readonly shafts: number;
  /** Items per item type (businessId). */
  readonly countsByType: Readonly<Record<string, number>>;
  readonly outerFaces: number;
  readonly horizontalPairs: number;
  readonly stackedPairs: number;
  readonly connections: number;
  /** Net volume of the boxes, l (`boxBlockVolumeM3` of their cells and the storage coefficient, decision 0168; shafts not included). */
  readonly boxVolumeNetL: number;
  /** Envelope: bounding cuboid of the occupied cells, mm; height of the layer stack or the deepest shaft. */
  readonly lengthMm: number;
  readonly widthMm: number;
  readonly heightMm: number;
  /** Faces of the occupied cells that touch soil, m² (decimal string, exact; decision 0170). */
  readonly surfaceAreaM2: string;
  /** Overlap allowance at the inner edges, m² (decimal string, exact; 0 for a full block). */
  readonly overlapAllowanceM2: string;
  /** Material quantities after rounding to sales units, m² (decimal strings). */
  readonly foilM2: string;
  readonly fleeceM2: string;
  readonly geotextileM2: string;
}

type WireItem = NonNullable<BoxConfiguration['items']>[number];

const isCell = (v: number, max: number) => Number.isInteger(v) && v >= 0 && v < max;

/** Rounds an area (m², Dec) up to a multiple of the sales unit. */
export function roundUpToSalesUnit(area: Dec, salesUnitM2: number): Dec {
  const unit = new Dec(salesUnitM2);
  return area.dividedBy(unit).ceil().times(unit);
}

/** Needs, quantities and issues of one configuration. `path` is its JSON path in the project file. */
/** A configuration's storage coefficient in 0 … 100 %, else the default 95 % (as the grid reads it). */
const storagePercent = (v: number | null | undefined): number => (v != null && Number.isFinite(v) && v >= 0 && v <= 100 ? v : DEFAULTS.storageCoefficientPercent);
/** Litres to 0.001 l (the grid's `netVolumeL` precision). */
const round3 = (v: number): number => Math.round(v * 1000) / 1000;

export function configurationNeeds(
  config: BoxConfiguration,
  index: CatalogueIndex,
  path: string,
): { needs: Needs; quantities: ConfigurationQuantities; issues: BillIssue[] } {
  const issues: BillIssue[] = [];
  const owner = config.id;
  const edge = MAX_CELLS_PER_EDGE;
  const layers = BOX_GRID.maxLayers;
  // cell → position in `placed` + 1 (0 = empty); shafts by column. One pass, no allocation per
  // item beyond its entry: the bill of a 20,160-box site stays within a few milliseconds.
  const items = config.items ?? [];
  // the arrays span the occupied part of the grid only (x, z below the largest valid coordinate)
  let spanX = 1;
  let spanZ = 1;
  for (let i = 0; i < items.length; i++) {
    const { x, z } = items[i]!;
    if (isCell(x, edge) && x >= spanX) spanX = x + 1;
    if (isCell(z, edge) && z >= spanZ) spanZ = z + 1;
  }
  const boxAt = new Int32Array(spanX * spanZ * layers);
  const shaftAt = new Int32Array(spanX * spanZ);
  const placedItem: number[] = [];
  const placedType: (ItemType | null)[] = [];
  const itemAt = (k: number) => `${path}.items[${placedItem[k]!}]`;
  let lastId: string | undefined;
  let lastType: ItemType | undefined;
  for (let i = 0; i < items.length; i++) {
    const item = items[i]!;
    const type = item.boxTypeId === lastId ? lastType : index.itemType(item.boxTypeId);
    lastId = item.boxTypeId;
    lastType = type;
    if (type === undefined) {
      issues.push(billIssue('UNKNOWN_ITEM_TYPE', owner, `${path}.items[${i}]`, { boxTypeId: item.boxTypeId }));
      continue;
    }
    const shaft = type.typeCustom === 'SHAFT';
    const y = shaft ? 0 : item.y;
    if (!isCell(item.x, edge) || !isCell(item.z, edge) || !isCell(y, layers)) {
      issues.push(billIssue('ITEM_OUTSIDE_GRID', owner, `${path}.items[${i}]`, { x: item.x, y: item.y, z: item.z }));
      continue;
    }
    const column = item.x * spanZ + item.z;
    if (shaft) {
      // A shaft takes its whole column: boxes already there are dropped.
      for (let l = 0; l < layers; l++) {
        const prev = boxAt[l * spanX * spanZ + column]!;
        if (prev !== 0) {
          issues.push(billIssue('SHAFT_COLUMN_OCCUPIED', owner, itemAt(prev - 1), { x: item.x, z: item.z }));
          placedType[prev - 1] = null;
          boxAt[l * spanX * spanZ + column] = 0;
        }
      }
      const prev = shaftAt[column]!;
      if (prev !== 0) {
        issues.push(billIssue('CELL_OCCUPIED_TWICE', owner, itemAt(prev - 1), { x: item.x, y: 0, z: item.z }));
        placedType[prev - 1] = null;
      }
      placedItem.push(i);
      placedType.push(type);
      shaftAt[column] = placedItem.length;
      continue;
    }
    if (shaftAt[column] !== 0) {
      issues.push(billIssue('SHAFT_COLUMN_OCCUPIED', owner, `${path}.items[${i}]`, { x: item.x, z: item.z }));
      continue;
    }
    const cell = y * spanX * spanZ + column;
    const prev = boxAt[cell]!;
    if (prev !== 0) {
      issues.push(billIssue('CELL_OCCUPIED_TWICE', owner, itemAt(prev - 1), { x: item.x, y, z: item.z }));
      placedType[prev - 1] = null;
    }
    placedItem.push(i);
    placedType.push(type);
    boxAt[cell] = placedItem.length;
  }

  const needs = newNeeds();
  // Whole-number quantities are counted in plain numbers and become decimals once per product:
  // a decimal operation per item would dominate the bill of a large site.
  const counts = new Map<string, number>();
  const count: Count = (product, n) => counts.set(product, (counts.get(product) ?? 0) + n);
  const countsByType = new Map<string, number>();
  let boxes = 0;
  let shafts = 0;
  let outerFaces = 0;
  let horizontalPairs = 0;
  let stackedPairs = 0;
  let connections = 0;
  let halfBoxes = 0;
  let minX = edge;
  let maxX = -1;
  let minZ = edge;
  let maxZ = -1;
  let shaftHeight = 0;
  const layerHeight = new Array<number>(layers).fill(0);
  const plates = new Map<string, number>();
  const layerSize = spanX * spanZ;
  const isBox = (x: number, y: number, z: number) => x >= 0 && z >= 0 && x < spanX && z < spanZ && boxAt[y * layerSize + x * spanZ + z] !== 0;
  const isShaft = (x: number, z: number) => x >= 0 && z >= 0 && x < spanX && z < spanZ && shaftAt[x * spanZ + z] !== 0;
  // per item type and rotation: the plate product and amount of each compass direction
  const plateCache = new Map<ItemType, Map<string, readonly ({ product: string; amount: number } | undefined)[]>>();
  const platesOf = (type: ItemType, rotation: string) => {
    let byRotation = plateCache.get(type);
    if (byRotation === undefined) plateCache.set(type, (byRotation = new Map()));
    let list = byRotation.get(rotation);
    if (list === undefined) {
      list = [0, 1, 2, 3].map((c) => {
        const side = sideOf(type, cubeSideFacing(rotation, c));
        return side?.product === undefined ? undefined : { product: side.product, amount: side.productsAmount ?? 1 };
      });
      byRotation.set(rotation, list);
    }
    return list;
  };

  // items of one type usually come in runs: count a run, then add it to its type
  let runType: ItemType | undefined;
  let runCount = 0;
  for (let k = 0; k < placedItem.length; k++) {
    const type = placedType[k];
    if (type == null) continue;
    const item = items[placedItem[k]!]!;
    const x = item.x;
    const z = item.z;
    if (type === runType) runCount++;
    else {
      if (runType !== undefined) countsByType.set(runType.businessId, (countsByType.get(runType.businessId) ?? 0) + runCount);
      runType = type;
      runCount = 1;
    }
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (z < minZ) minZ = z;
    if (z > maxZ) maxZ = z;
    const hasOptions = item.options != null && item.options.length > 0;
    if (type.typeCustom === 'SHAFT') {
      shafts++;
      shaftHeight = Math.max(shaftHeight, shaftHeightMm(type.shaftDepthM ?? DEFAULT_SHAFT_DEPTH_M));
      if (hasOptions) connections += optionNeeds(item, type, index, count, issues, owner, itemAt(k));
      continue;
    }
    const y = item.y;
    boxes++;
    const h = type.heightMm ?? BOX_GRID.boxHeightMm;
    if (h <= BOX_GRID.halfBoxHeightMm) halfBoxes++;
    if (h > layerHeight[y]!) layerHeight[y] = h;
    const facePlates = platesOf(type, item.rotation);
    for (let c = 0; c < 4; c++) {
      const nx = x + DX[c]!;
      const nz = z + DZ[c]!;
      if (isBox(nx, y, nz) || isShaft(nx, nz)) continue;
      outerFaces++;
      const plate = facePlates[c];
      if (plate !== undefined) plates.set(plate.product, (plates.get(plate.product) ?? 0) + plate.amount);
    }
    if (isBox(x + 1, y, z)) horizontalPairs++;
    if (isBox(x, y, z + 1)) horizontalPairs++;
    if (y + 1 < layers && isBox(x, y + 1, z)) stackedPairs++;
    if (hasOptions) connections += optionNeeds(item, type, index, count, issues, owner, itemAt(k));
  }
  if (runType !== undefined) countsByType.set(runType.businessId, (countsByType.get(runType.businessId) ?? 0) + runCount);
  // boxes and shafts first, then the products of their options, plates, connectors, materials
  for (const [businessId, n] of countsByType) addNeed(needs, index.itemType(businessId)!.product, n);
  for (const [product, n] of counts) addNeed(needs, product, n);
  for (const [product, n] of plates) addNeed(needs, product, n);
  const rules = index.catalogue.rules;
  addNeed(needs, rules.connector.product, horizontalPairs * rules.connector.perHorizontalPair + stackedPairs * rules.connector.perStackedPair);

  // Envelope (docs/configurator.md "Volumes and materials"): layers up to the highest occupied one;
  // a layer of half boxes only counts 360 mm, an empty layer below an occupied one 660 mm.
  let top = -1;
  for (let l = 0; l < layers; l++) if (layerHeight[l]! > 0) top = l;
  const layerHeightsMm: number[] = [];
  for (let l = 0; l <= top; l++) layerHeightsMm.push(layerHeight[l]! === 0 ? BOX_GRID.boxHeightMm : layerHeight[l]!);
  const stackMm = layerHeightsMm.reduce((a, b) => a + b, 0);
  const occupied = boxes + shafts > 0;
  const lengthMm = occupied ? (maxX - minX + 1) * BOX_GRID.cellMm : 0;
  const widthMm = occupied ? (maxZ - minZ + 1) * BOX_GRID.cellMm : 0;
  const heightMm = occupied ? Math.max(stackMm, shaftHeight) : 0;
  // The body that touches soil (decision 0170): one column per occupied cell of the plan.
  const columnSeen = new Uint8Array(layerSize);
  const columns: number[] = [];
  for (let k = 0; k < placedItem.length; k++) {
    if (placedType[k] == null) continue;
    const item = items[placedItem[k]!]!;
    const c = item.x * spanZ + item.z;
    if (columnSeen[c] === 0) {
      columnSeen[c] = 1;
      columns.push(c);
    }
  }
  const body = bodySurface({
    sizeZ: spanZ,
    layerHeightsMm,
    columns,
    isBox,
    shaftHeightMm: (x, z) => {
      const k = shaftAt[x * spanZ + z]!;
      const type = k === 0 ? null : placedType[k - 1];
      return type == null ? 0 : shaftHeightMm(type.shaftDepthM ?? DEFAULT_SHAFT_DEPTH_M);
    },
  });
  const area = new Dec(body.areaMm2).dividedBy(1_000_000);
  const overlap = new Dec(body.overlapMm2).dividedBy(1_000_000);
  const material = area.plus(overlap);
  const retention = config.stormwaterObjective === 'retention';
  const infiltration = config.stormwaterObjective === 'infiltration';
  const foil = retention ? roundUpToSalesUnit(material, rules.foil.salesUnitM2) : new Dec(0);
  const fleece = retention ? roundUpToSalesUnit(material.times(rules.fleece.layers), rules.fleece.salesUnitM2) : new Dec(0);
  const geotextile = infiltration ? roundUpToSalesUnit(material, rules.geotextile.salesUnitM2) : new Dec(0);
  addNeed(needs, rules.foil.product, foil);
  addNeed(needs, rules.fleece.product, fleece);
  addNeed(needs, rules.geotextile.product, geotextile);
  for (const product of config.additionalProducts ?? []) addAdditional(needs, product);
  return {
    needs,
    issues,
    quantities: {
      boxes,
      shafts,
      countsByType: Object.fromEntries(countsByType),
      outerFaces,
      horizontalPairs,
      stackedPairs,
      connections,
      boxVolumeNetL: round3((boxBlockVolumeM3({ fullBoxes: boxes - halfBoxes, halfBoxes }, storagePercent(config.dimensioning?.storageCoefficient)) ?? 0) * 1000),
      lengthMm,
      widthMm,
      heightMm,
      surfaceAreaM2: area.toString(),
      overlapAllowanceM2: overlap.toString(),
      foilM2: foil.toString(),
      fleeceM2: fleece.toString(),
      geotextileM2: geotextile.toString(),
    },
  };
}

type Count = (product: string, n: number) => void;

function sideOf(type: ItemType, side: string): CubeSideDefinition | undefined {
  return type.cubeSides.find((s) => s.side === side);
}

function findProperty(set: PropertySet | undefined, propertyId: string) {
  if (set === undefined) return undefined;
  for (const g of set.groups) for (const p of g.properties) if (p.id === propertyId) return p;
  return undefined;
}

/**
 * Products of one selected option in a property set: the option's product once (radio, combo,
 * bool unless `value` is false, navigation, tree view), or `value` times for an amount field.
 * Returns false when the property set does not know the option.
 */
function addOption(set: PropertySet | undefined, option: { propertyId: string; optionId?: string | null | undefined; value?: string | number | boolean | null | undefined }, propertyId: string, index: CatalogueIndex, count: Count): boolean {
  const property = findProperty(set, propertyId);
  if (property === undefined) return false;
  if (property.fieldType === 'amount') {
    const n = typeof option.value === 'number' ? option.value : typeof option.value === 'string' ? Number(option.value) : NaN;
    const chosen = option.optionId == null ? property.options[0] : property.options.find((o) => o.id === option.optionId);
    if (chosen === undefined) return false;
    if (Number.isInteger(n) && n > 0 && chosen.productId !== undefined) count(index.product(chosen.productId)?.materialNumber ?? chosen.productId, n);
    return Number.isFinite(n);
  }
  if (property.fieldType === 'value') return true;
  const chosen = option.optionId == null ? (property.options.length === 1 ? property.options[0] : undefined) : property.options.find((o) => o.id === option.optionId);
  if (chosen === undefined) return false;
  if (property.fieldType === 'bool' && option.value === false) return true;
  if (chosen.productId !== undefined) count(index.product(chosen.productId)?.materialNumber ?? chosen.productId, 1);
  return true;
}

/** Adds the products of an item's selected options; returns the number of connected plants. */
function optionNeeds(item: WireItem, type: ItemType, index: CatalogueIndex, count: Count, issues: BillIssue[], owner: string, at: string): number {
  const p = { type, options: item.options ?? [] };
  if (p.options.length === 0) return 0;
  const set = (id: string | undefined) => (id === undefined ? undefined : index.propertySet(id));
  const general = set(p.type.propertySetId);
  const shaftTypes = p.type.shaftConfiguration?.shaftTypes ?? [];
  const shaftOption = p.options.find((o) => o.propertyId === SHAFT_PROPERTY);
  const shaftTypeId = shaftOption === undefined ? undefined : (shaftOption.optionId ?? (typeof shaftOption.value === 'string' ? shaftOption.value : undefined));
  const shaftType = shaftTypes.find((t) => t.id === shaftTypeId);
  if (shaftType?.product !== undefined) count(shaftType.product, 1);
  const shaftSet = set(shaftType?.propertySetId);
  // plants per side and slot: `connection.<side>.plant<k>` → plant id
  const plantOf = new Map<string, string>();
  let connections = 0;
  p.options.forEach((o, j) => {
    if (!o.propertyId.startsWith(SIDE_PREFIX)) return;
    const [side, slot, ...rest] = o.propertyId.slice(SIDE_PREFIX.length).split('.');
    if (rest.length > 0 || slot === undefined || !/^plant[12]$/.test(slot)) return;
    const plantId = typeof o.value === 'string' ? o.value : (o.optionId ?? undefined);
    const cubeSide = side === undefined ? undefined : sideOf(p.type, side);
    const plant = plantId == null ? undefined : index.plant(plantId);
    const adapter = plant === undefined ? undefined : cubeSide?.adapters?.[String(plant.diameterMm)];
    const allowed = cubeSide !== undefined && (cubeSide.connectionConfiguration?.connections ?? 0) >= Number(slot.slice(5));
    if (plant === undefined || adapter === undefined || !allowed || (cubeSide.maxPipeDiameter !== undefined && plant.diameterMm > cubeSide.maxPipeDiameter)) {
      issues.push(billIssue('CONNECTION_NOT_POSSIBLE', owner, `${at}.options[${j}]`, { propertyId: o.propertyId, plant: String(plantId ?? '') }));
      return;
    }
    plantOf.set(`${side}.${slot}`, plant.propertyId);
    count(plant.product, 1);
    count(adapter, 1);
    connections++;
  });
  p.options.forEach((o, j) => {
    if (o.propertyId === SHAFT_PROPERTY) {
      if (shaftType === undefined) issues.push(billIssue('UNKNOWN_OPTION', owner, `${at}.options[${j}]`, { propertyId: o.propertyId }));
      return;
    }
    let known: boolean;
    if (o.propertyId.startsWith(SIDE_PREFIX)) {
      const [side, slot, ...rest] = o.propertyId.slice(SIDE_PREFIX.length).split('.');
      if (slot !== undefined && /^plant[12]$/.test(slot)) {
        if (rest.length === 0) return; // the plant choice itself, handled above
        const plantId = plantOf.get(`${side}.${slot}`);
        const plant = plantId === undefined ? undefined : index.plant(plantId);
        known = plant !== undefined && addOption(set(plant.configurationPropertySetId), o, rest.join('.'), index, count);
      } else {
        const cubeSide = side === undefined ? undefined : sideOf(p.type, side);
        known = slot !== undefined && rest.length === 0 && addOption(set(cubeSide?.propertySetId), o, slot, index, count);
      }
    } else if (o.propertyId.startsWith(SHAFT_PREFIX)) {
      known = addOption(shaftSet, o, o.propertyId.slice(SHAFT_PREFIX.length), index, count);
    } else {
      known = addOption(general, o, o.propertyId, index, count);
    }
    if (!known) issues.push(billIssue('UNKNOWN_OPTION', owner, `${at}.options[${j}]`, { propertyId: o.propertyId }));
  });
  return connections;
}
