/**
 * The catalogue model: products (German and English texts, list prices), item types with cube
 * sides and shaft types, plants and property sets, and the catalogue's quantity rules. Read from
 * the two catalogue files with `parseCatalogue`; `indexCatalogue` builds the lookups the bill of
 * materials needs; `geometryLookup` gives the box grid what it needs of an item type.
 *
 * Source: planning spec §3 "Item type", "Property set", "Product line"; docs/configurator.md
 * "Catalogue". Product references are materialNumbers (article numbers); a property option's
 * `productId` may name a product by materialNumber or, failing that, by orderNumber.
 */
import type { TSchema } from 'typebox';
import type { MessageKeys, Problem } from '../problems.ts';
import { Settings } from 'typebox/system';
import Value from 'typebox/value';
import type { ItemGeometry, ItemGeometryLookup } from '../boxgrid/itemGeometry.ts';
import type { Plant, PropertySet } from '../boxgrid/propertySets.ts';
import { BOX_GRID, DEFAULT_SHAFT_DEPTH_M } from '../tables/defaults.ts';
import {
  BoxCatalogueFileSchema,
  ProductsFileSchema,
  type CatalogueProduct,
  type CataloguePlant,
  type CatalogueRules,
  type ItemType,
} from './schema.ts';

/** A whole catalogue: plain data, JSON-serialisable. */
export interface Catalogue {
  /** ISO 4217 currency of every list price (EUR in the demo catalogue). */
  readonly currency: string;
  readonly products: readonly CatalogueProduct[];
  readonly itemTypes: readonly ItemType[];
  readonly plants: readonly CataloguePlant[];
  readonly propertySets: readonly PropertySet[];
  readonly rules: CatalogueRules;
}

/** Stable codes of catalogue errors. */
export const CATALOGUE_ERROR_CODES = [
  /** A file is not JSON. */
  'INVALID_JSON',
  /** A value does not fit the catalogue's schema, or two of them disagree (currency, height, depth). */
  'SCHEMA',
  /** An id is used twice. */
  'DUPLICATE',
  /** A reference names no product or property set. */
  'REFERENCE',
] as const;
export type CatalogueErrorCode = (typeof CATALOGUE_ERROR_CODES)[number];

/** Message key of each catalogue error code (the catalogue import's keys, docs/catalogue-import.md). */
export const CATALOGUE_ERROR_MESSAGE_KEYS = {
  INVALID_JSON: 'catalogueImport.invalid',
  SCHEMA: 'catalogueImport.invalidValue',
  DUPLICATE: 'catalogueImport.duplicate',
  REFERENCE: 'catalogueImport.unknownReference',
} as const satisfies MessageKeys<CatalogueErrorCode>;

/** A problem that makes a catalogue unusable (a `Problem`, ../problems.ts), located by file and JSON path. */
export interface CatalogueError extends Problem<CatalogueErrorCode> {
  readonly severity: 'error';
  readonly file: 'products' | 'boxes';
  readonly path: string;
  /** What is wrong, in English (for logs and the import's report). */
  readonly message: string;
}

/** Builds a CatalogueError. */
export function catalogueError(code: CatalogueErrorCode, file: 'products' | 'boxes', path: string, message: string): CatalogueError {
  return { code, severity: 'error', messageKey: CATALOGUE_ERROR_MESSAGE_KEYS[code], file, path, message };
}

export type CatalogueResult = { readonly ok: true; readonly catalogue: Catalogue } | { readonly ok: false; readonly errors: readonly CatalogueError[] };

const MAX_ERRORS = 50;

function read(file: 'products' | 'boxes', input: unknown, errors: CatalogueError[]): unknown {
  if (typeof input !== 'string') return input;
  try {
    return JSON.parse(input);
  } catch (e) {
    errors.push(catalogueError('INVALID_JSON', file, '$', (e as Error).message));
    return undefined;
  }
}

function schemaErrors(file: 'products' | 'boxes', schema: TSchema, value: unknown, errors: CatalogueError[]): void {
  const previous = Settings.Get().maxErrors;
  Settings.Set({ maxErrors: MAX_ERRORS });
  let raw;
  try {
    raw = Value.Errors(schema, value);
  } finally {
    Settings.Set({ maxErrors: previous });
  }
  for (const e of raw.slice(0, MAX_ERRORS)) {
    const path = '$' + e.instancePath.replace(/\/(\d+)/g, '[$1]').replace(/\//g, '.');
    errors.push(catalogueError('SCHEMA', file, path, e.message));
  }
}

/**
 * Reads a catalogue from its two files (JSON text or parsed values): the products file
 * (`products.json`) and the box catalogue file (`boxes.json`). Never throws on bad data: every
 * schema error, duplicate id and dangling reference (a product, property set or plant that does
 * not exist) is returned with its file and JSON path.
 *
 * @example
 * const result = parseCatalogue(productsJsonText, boxesJsonText);
 * if (result.ok) configurationBill(configuration, result.catalogue);
 */
export function parseCatalogue(productsInput: unknown, boxesInput: unknown): CatalogueResult {
  const errors: CatalogueError[] = [];
  const products = read('products', productsInput, errors);
  const boxes = read('boxes', boxesInput, errors);
  if (errors.length > 0) return { ok: false, errors };
  if (!Value.Check(ProductsFileSchema, products)) schemaErrors('products', ProductsFileSchema, products, errors);
  if (!Value.Check(BoxCatalogueFileSchema, boxes)) schemaErrors('boxes', BoxCatalogueFileSchema, boxes, errors);
  if (errors.length > 0) return { ok: false, errors };
  const p = products as import('./schema.ts').ProductsFile;
  const b = boxes as import('./schema.ts').BoxCatalogueFile;
  const currency = p.currency ?? b.currency ?? 'EUR';
  const catalogue: Catalogue = {
    currency,
    products: p.products,
    itemTypes: b.itemTypes,
    plants: b.plants,
    propertySets: b.propertySets,
    rules: b.rules,
  };
  errors.push(...checkReferences(catalogue));
  if (errors.length > 0) return { ok: false, errors: errors.slice(0, MAX_ERRORS) };
  return { ok: true, catalogue };
}

/** Duplicate ids and references to products, property sets that do not exist. */
export function checkReferences(catalogue: Catalogue): CatalogueError[] {
  const errors: CatalogueError[] = [];
  const unique = <T>(file: 'products' | 'boxes', list: readonly T[], key: (t: T) => string, at: string) => {
    const seen = new Set<string>();
    list.forEach((t, i) => {
      const k = key(t);
      if (seen.has(k)) errors.push(catalogueError('DUPLICATE', file, `$.${at}[${i}]`, `duplicate id ${k}`));
      seen.add(k);
    });
    return seen;
  };
  const productNumbers = unique('products', catalogue.products, (x) => x.materialNumber, 'products');
  const orderNumbers = new Set(catalogue.products.flatMap((x) => (x.orderNumber ? [x.orderNumber] : [])));
  for (const product of catalogue.products) {
    if (product.currency !== undefined && product.currency !== catalogue.currency)
      errors.push(catalogueError('SCHEMA', 'products', `$.products[${catalogue.products.indexOf(product)}].currency`, `one currency per catalogue (${catalogue.currency})`));
  }
  unique('boxes', catalogue.itemTypes, (x) => x.businessId, 'itemTypes');
  unique('boxes', catalogue.plants, (x) => x.propertyId, 'plants');
  const sets = unique('boxes', catalogue.propertySets, (x) => x.id, 'propertySets');
  const product = (ref: string | undefined, path: string, orOrder = false) => {
    if (ref !== undefined && !productNumbers.has(ref) && !(orOrder && orderNumbers.has(ref)))
      errors.push(catalogueError('REFERENCE', 'boxes', path, `unknown product ${ref}`));
  };
  const set = (ref: string | undefined, path: string) => {
    if (ref !== undefined && !sets.has(ref)) errors.push(catalogueError('REFERENCE', 'boxes', path, `unknown property set ${ref}`));
  };
  catalogue.itemTypes.forEach((t, i) => {
    const at = `$.itemTypes[${i}]`;
    product(t.product, `${at}.product`);
    set(t.propertySetId, `${at}.propertySetId`);
    if (t.typeCustom === 'BOX' && t.heightMm === undefined) errors.push(catalogueError('SCHEMA', 'boxes', `${at}.heightMm`, 'a box needs its height'));
    if (t.typeCustom === 'SHAFT' && t.shaftDepthM === undefined) errors.push(catalogueError('SCHEMA', 'boxes', `${at}.shaftDepthM`, 'a shaft needs its depth'));
    t.cubeSides.forEach((s, j) => {
      product(s.product, `${at}.cubeSides[${j}].product`);
      set(s.propertySetId, `${at}.cubeSides[${j}].propertySetId`);
      for (const [dn, ref] of Object.entries(s.adapters ?? {})) product(ref, `${at}.cubeSides[${j}].adapters.${dn}`);
    });
    t.shaftConfiguration?.shaftTypes.forEach((s, j) => {
      product(s.product, `${at}.shaftConfiguration.shaftTypes[${j}].product`);
      set(s.propertySetId, `${at}.shaftConfiguration.shaftTypes[${j}].propertySetId`);
    });
  });
  catalogue.plants.forEach((pl, i) => {
    product(pl.product, `$.plants[${i}].product`);
    set(pl.configurationPropertySetId, `$.plants[${i}].configurationPropertySetId`);
  });
  catalogue.propertySets.forEach((ps, i) =>
    ps.groups.forEach((g, j) =>
      g.properties.forEach((prop, k) =>
        prop.options.forEach((o, l) => product(o.productId, `$.propertySets[${i}].groups[${j}].properties[${k}].options[${l}].productId`, true)),
      ),
    ),
  );
  const r = catalogue.rules;
  product(r.connector.product, '$.rules.connector.product');
  product(r.foil.product, '$.rules.foil.product');
  product(r.fleece.product, '$.rules.fleece.product');
  product(r.geotextile.product, '$.rules.geotextile.product');
  product(r.gravel.product, '$.rules.gravel.product');
  product(r.topsoil.product, '$.rules.topsoil.product');
  for (const [id, ref] of Object.entries(r.pipes)) product(ref, `$.rules.pipes.${id}`);
  return errors;
}

/**
 * Height in mm that a shaft of this depth stands for in the grid (spec §4): whole metres count
 * as that many box heights (660 mm), a fraction adds 360 mm. 0.5 m → 360, 1.0 m → 660,
 * 1.5 m → 1,020, 6.0 m → 3,960.
 */
export function shaftHeightMm(depthM: number): number {
  const whole = Math.floor(depthM + 1e-9);
  const fraction = depthM - whole > 1e-9;
  return whole * BOX_GRID.boxHeightMm + (fraction ? BOX_GRID.halfBoxHeightMm : 0);
}

/** The geometry of one item type (the box grid's view of it). */
export function itemGeometry(t: ItemType): ItemGeometry {
  const shaft = t.typeCustom === 'SHAFT';
  return {
    businessId: t.businessId,
    kind: t.typeCustom,
    lengthMm: t.lengthMm,
    widthMm: t.widthMm,
    heightMm: shaft ? shaftHeightMm(t.shaftDepthM ?? DEFAULT_SHAFT_DEPTH_M) : (t.heightMm ?? BOX_GRID.boxHeightMm),
    volumeNetL: shaft ? 0 : t.volumeNetL,
    shaftDepthM: shaft ? (t.shaftDepthM ?? DEFAULT_SHAFT_DEPTH_M) : undefined,
  };
}

/**
 * The box grid's lookup of item geometry by `boxTypeId` (= an item type's businessId), built once
 * from the catalogue's item types; undefined for an unknown type.
 *
 * @example
 * const lookup = geometryLookup(catalogue);
 * lookup('BOX_FULL'); // { kind: 'BOX', lengthMm: 800, widthMm: 800, heightMm: 660, volumeNetL: 401, … }
 */
export function geometryLookup(catalogue: Pick<Catalogue, 'itemTypes'>): ItemGeometryLookup {
  const byId = new Map(catalogue.itemTypes.map((t) => [t.businessId, itemGeometry(t)] as const));
  return (boxTypeId) => byId.get(boxTypeId);
}

/** The catalogue's plants with their property sets resolved (the `Plant` shape of the box grid's option rules). */
export function resolvedPlants(catalogue: Catalogue): Plant[] {
  const sets = new Map(catalogue.propertySets.map((s) => [s.id, s] as const));
  return catalogue.plants.map((p) => ({
    propertyId: p.propertyId,
    name: p.name,
    label: p.label,
    groupName: p.groupName,
    configurationPropertySet: (p.configurationPropertySetId !== undefined ? sets.get(p.configurationPropertySetId) : undefined) ?? { id: `${p.propertyId}.none`, groups: [] },
  }));
}

/** Lookups over a catalogue (built once per catalogue; not plain data, keep it in process). */
export interface CatalogueIndex {
  readonly catalogue: Catalogue;
  readonly product: (ref: string) => CatalogueProduct | undefined;
  readonly itemType: (businessId: string) => ItemType | undefined;
  readonly plant: (propertyId: string) => CataloguePlant | undefined;
  readonly propertySet: (id: string) => PropertySet | undefined;
}

/** Builds the lookups over a catalogue; products by materialNumber, else by orderNumber. */
export function indexCatalogue(catalogue: Catalogue): CatalogueIndex {
  const byNumber = new Map(catalogue.products.map((p) => [p.materialNumber, p] as const));
  const byOrder = new Map<string, CatalogueProduct>();
  for (const p of catalogue.products) if (p.orderNumber && !byOrder.has(p.orderNumber)) byOrder.set(p.orderNumber, p);
  const types = new Map(catalogue.itemTypes.map((t) => [t.businessId, t] as const));
  const plants = new Map(catalogue.plants.map((p) => [p.propertyId, p] as const));
  const sets = new Map(catalogue.propertySets.map((s) => [s.id, s] as const));
  return {
    catalogue,
    product: (ref) => byNumber.get(ref) ?? byOrder.get(ref),
    itemType: (id) => types.get(id),
    plant: (id) => plants.get(id),
    propertySet: (id) => sets.get(id),
  };
}
