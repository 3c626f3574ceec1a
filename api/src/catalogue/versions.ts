/**
 * Catalogue versions and the prices a project keeps (decision 0100).
 *
 * The catalogue's version is `box_catalogue.version`: 1 for the demo catalogue loaded on first
 * start, raised by every import (products alone or the whole catalogue) together with its import
 * time. An import, in its one transaction, (1) keeps the list prices of the version it replaces
 * in `catalogue_version`, (2) pins every project that has no pin yet to that version
 * (`project_catalogue_version`), (3) replaces the catalogue and (4) keeps the new prices. So a
 * project keeps the prices it was planned with; a project created after the import has no pin
 * and is priced with the current catalogue. `updatePrices` moves a project to the current
 * version: the pin goes, and every stored product line whose unit price was the old catalogue
 * price takes the new one (lines with a price of the planner's own stay as they are).
 */
import type { Catalogue } from '@rainplan/engine/catalogue';
import type { BoxCatalogueFile } from '@rainplan/engine/catalogue';
import { Decimal } from 'decimal.js';
import { boxCatalogue } from '../box-configurator/catalogue.ts';
import { engineCatalogue } from '../box-configurator/bill.ts';
import { BoxConfiguration } from '../db/entities/box-configuration.ts';
import { CatalogueProduct, MeasureProducts } from '../db/entities/catalogue.ts';
import type { EntityManager } from '../db/orm.ts';
import { insertProducts, type ProductInput } from './store.ts';

/** A catalogue version as the answers carry it. */
export interface CatalogueVersionDto {
  readonly version: number;
  /** ISO 8601 time of the import (of the first load for the demo catalogue). */
  readonly importedAt: string;
}

/** The price fields of an answer that carries prices. */
export interface PriceVersionFields {
  readonly catalogueVersion: CatalogueVersionDto;
  readonly newerPricesAvailable: boolean;
  /** The current catalogue version when it is newer than the one used. */
  readonly newestCatalogueVersion?: CatalogueVersionDto;
}

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

/** The current catalogue version (the demo catalogue is loaded first when the table is empty). */
export async function currentCatalogueVersion(em: EntityManager): Promise<CatalogueVersionDto> {
  await boxCatalogue(em);
  const [row] = await em.execute<Array<{ version: number; imported_at: Date | string }>>('select version, imported_at from box_catalogue where id = 1');
  if (row === undefined) throw new Error('box catalogue missing');
  return { version: Number(row.version), importedAt: iso(row.imported_at) };
}

interface VersionRow {
  current_version: number;
  current_at: Date | string;
  version: number | null;
  imported_at: Date | string | null;
  changed: boolean | null;
  prices?: Record<string, string> | string | null;
}

/**
 * The version whose prices a project keeps: its pin, or the current version (one query; the
 * prices only when `withPrices` and the pin is older than the current version).
 */
export async function projectPriceVersion(
  em: EntityManager,
  projectId: string,
  withPrices = true,
): Promise<PriceVersionFields & { readonly prices: ReadonlyMap<string, string> | undefined }> {
  // Newer prices exist only when the kept version's list prices differ from the current ones
  // (jsonb equality: the same products at the same prices), not merely when a newer import exists:
  // re-importing an unchanged catalogue changes no price (decision 0207).
  const sql =
    `select b.version as current_version, b.imported_at as current_at, v.version, v.imported_at, (v.version < b.version and v.prices is distinct from c.prices) as changed${withPrices ? ', case when v.version < b.version then v.prices end as prices' : ''} ` +
    'from box_catalogue b left join project_catalogue_version p on p.project_id = ? left join catalogue_version v on v.version = p.catalogue_version ' +
    'left join catalogue_version c on c.version = b.version where b.id = 1';
  let [row] = await em.execute<VersionRow[]>(sql, [projectId]);
  if (row === undefined) {
    await boxCatalogue(em); // loads the demo catalogue into an empty database
    [row] = await em.execute<VersionRow[]>(sql, [projectId]);
    if (row === undefined) throw new Error('box catalogue missing');
  }
  const current = { version: Number(row.current_version), importedAt: iso(row.current_at) };
  if (row.version === null || row.imported_at === null || Number(row.version) >= current.version) return { catalogueVersion: current, newerPricesAvailable: false, prices: undefined };
  // The kept version's prices are the current ones: nothing newer to take (its prices equal the catalogue's).
  if (row.changed !== true) return { catalogueVersion: { version: Number(row.version), importedAt: iso(row.imported_at) }, newerPricesAvailable: false, prices: undefined };
  const raw = row.prices ?? null;
  const prices = raw === null ? undefined : new Map(Object.entries(typeof raw === 'string' ? (JSON.parse(raw) as Record<string, string>) : raw));
  return { catalogueVersion: { version: Number(row.version), importedAt: iso(row.imported_at) }, newerPricesAvailable: true, newestCatalogueVersion: current, prices };
}

/** The price fields of a project's answers (without the prices themselves). */
export async function priceVersionFields(em: EntityManager, projectId: string): Promise<PriceVersionFields> {
  const { prices: _prices, ...fields } = await projectPriceVersion(em, projectId, false);
  return fields;
}

/**
 * The catalogue as the engine checks it, with the list prices of the version the project keeps
 * (a product that is newer than that version has its current price), and the version fields.
 */
export async function projectCatalogue(em: EntityManager, projectId: string): Promise<{ catalogue: Catalogue; fields: PriceVersionFields }> {
  const [catalogue, version] = await Promise.all([engineCatalogue(em), projectPriceVersion(em, projectId)]);
  const { prices, ...fields } = version;
  if (prices === undefined) return { catalogue, fields };
  return { catalogue: { ...catalogue, products: catalogue.products.map((p) => ({ ...p, listPrice: prices.get(p.materialNumber) ?? p.listPrice })) }, fields };
}

/**
 * The catalogue products by number with the list prices the project keeps (product-line
 * defaults), and the project's price fields.
 */
export async function pricedProducts(em: EntityManager, projectId: string, products: Map<string, CatalogueProduct>): Promise<{ products: Map<string, CatalogueProduct>; fields: PriceVersionFields }> {
  const { prices, ...fields } = await projectPriceVersion(em, projectId);
  if (prices === undefined) return { products, fields };
  return { products: new Map([...products].map(([number, p]) => [number, { ...p, listPrice: prices.get(number) ?? p.listPrice }] as const)), fields };
}

const PRICES_SQL = `select coalesce(jsonb_object_agg(material_number, to_char(list_price, 'FM999999999990.00')), '{}'::jsonb)::text as prices from catalogue_product`;

/**
 * Replaces the catalogue in one transaction (nothing changes when anything fails): products
 * always, the box catalogue document when the file had one. Answers the new version.
 */
export async function replaceCatalogue(em: EntityManager, products: readonly ProductInput[], boxes?: BoxCatalogueFile): Promise<CatalogueVersionDto> {
  await boxCatalogue(em);
  return em.transactional(async (tx) => {
    // The single row serialises concurrent imports.
    const [old] = await tx.execute<Array<{ version: number; imported_at: Date | string }>>('select version, imported_at from box_catalogue where id = 1 for update');
    if (old === undefined) throw new Error('box catalogue missing');
    const oldVersion = Number(old.version);
    await tx.execute(`insert into catalogue_version (version, imported_at, prices) select ?, ?, (${PRICES_SQL})::jsonb on conflict (version) do nothing`, [oldVersion, old.imported_at]);
    await tx.execute(
      'insert into project_catalogue_version (project_id, catalogue_version, pinned_at) select id, ?, ? from project where not exists (select 1 from project_catalogue_version p where p.project_id = project.id)',
      [oldVersion, new Date()],
    );
    await tx.nativeDelete(CatalogueProduct, {});
    await insertProducts(tx, products);
    const importedAt = new Date();
    const version = oldVersion + 1;
    if (boxes === undefined) await tx.execute('update box_catalogue set version = ?, imported_at = ? where id = 1', [version, importedAt]);
    else await tx.execute('update box_catalogue set version = ?, imported_at = ?, document = ?::jsonb where id = 1', [version, importedAt, JSON.stringify(boxes)]);
    await tx.execute(`insert into catalogue_version (version, imported_at, prices) select ?, ?, (${PRICES_SQL})::jsonb`, [version, importedAt]);
    return { version, importedAt: importedAt.toISOString() };
  });
}

/** Stored lines with the current catalogue's prices where they had the kept version's price. */
function repriced<T extends { readonly materialNumber: string; readonly unitPrice?: string | null | undefined }>(lines: readonly T[], old: ReadonlyMap<string, string>, current: ReadonlyMap<string, string>): { lines: T[]; changed: number } {
  let changed = 0;
  const out = lines.map((line) => {
    const was = old.get(line.materialNumber);
    const now = current.get(line.materialNumber);
    // A line without a price of its own (a variant's from a project file) is priced at bill time.
    if (line.unitPrice == null) return line;
    if (was === undefined || now === undefined || !new Decimal(was).equals(new Decimal(line.unitPrice)) || new Decimal(now).equals(new Decimal(line.unitPrice))) return line;
    changed++;
    return { ...line, unitPrice: new Decimal(now).toFixed(2) };
  });
  return { lines: out, changed };
}

/**
 * Moves a project to the current catalogue's prices (call inside the transaction that holds the
 * project's lock): the pin goes; product lines of measures, of measure variants and of
 * configurations that carried the kept version's list price take the current one. Answers the number of lines repriced.
 */
export async function updateProjectPrices(em: EntityManager, projectId: string): Promise<{ updatedLines: number; fields: PriceVersionFields }> {
  const version = await projectPriceVersion(em, projectId);
  let updatedLines = 0;
  if (version.prices !== undefined) {
    const rows = await em.find(CatalogueProduct, {}, { fields: ['materialNumber', 'listPrice'], disableIdentityMap: true });
    const current = new Map(rows.map((p) => [p.materialNumber, p.listPrice] as const));
    for (const list of await em.find(MeasureProducts, { project: projectId }, { disableIdentityMap: true })) {
      const { lines, changed } = repriced(list.lines, version.prices, current);
      if (changed === 0) continue;
      updatedLines += changed;
      await em.nativeUpdate(MeasureProducts, { project: projectId, measureId: list.measureId }, { lines, updatedAt: new Date() });
    }
    for (const configuration of await em.find(BoxConfiguration, { project: projectId }, { fields: ['id', 'additionalProducts'], disableIdentityMap: true })) {
      const { lines, changed } = repriced(configuration.additionalProducts, version.prices, current);
      if (changed === 0) continue;
      updatedLines += changed;
      await em.nativeUpdate(BoxConfiguration, { id: configuration.id }, { additionalProducts: lines, updatedAt: new Date() });
    }
    // The product lists of measure variants live in their measure's node (decision 0146); the node's version stays (decision 0051).
    const measures = await em.execute<Array<{ id: string; data: unknown }>>("select id, data from waterflow_node where project_id = ? and kind = 'measure'", [projectId]);
    const old = version.prices;
    for (const row of measures) {
      const node = (typeof row.data === 'string' ? JSON.parse(row.data) : row.data) as { variants?: Array<{ additionalProducts?: Array<{ materialNumber: string; unitPrice?: string | null }> }> };
      let changedHere = 0;
      const variants = (node.variants ?? []).map((variant) => {
        if (variant.additionalProducts === undefined) return variant;
        const { lines, changed } = repriced(variant.additionalProducts, old, current);
        changedHere += changed;
        return changed === 0 ? variant : { ...variant, additionalProducts: lines };
      });
      if (changedHere === 0) continue;
      updatedLines += changedHere;
      await em.execute('update waterflow_node set data = ?::jsonb, updated_at = ? where project_id = ? and id = ?', [JSON.stringify({ ...node, variants }), new Date(), projectId, row.id]);
    }
  }
  await em.execute('delete from project_catalogue_version where project_id = ?', [projectId]);
  return { updatedLines, fields: { catalogueVersion: await currentCatalogueVersion(em), newerPricesAvailable: false } };
}

/**
 * The price fields on an answer that is a list (the additional-products calls, whose body the spec
 * fixes as an array): `Catalogue-Version`, `Newer-Prices-Available` and, when newer,
 * `Newest-Catalogue-Version` headers.
 */
export function priceHeaders(fields: PriceVersionFields): Record<string, string> {
  return {
    'catalogue-version': String(fields.catalogueVersion.version),
    'newer-prices-available': String(fields.newerPricesAvailable),
    ...(fields.newestCatalogueVersion === undefined ? {} : { 'newest-catalogue-version': String(fields.newestCatalogueVersion.version) }),
  };
}
