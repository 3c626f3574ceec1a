/**
 * The box catalogue in the database (decision 0096): item types, plants, property sets and
 * quantity rules as one document (the engine's `BoxCatalogueFile`), checked by the engine's
 * `parseCatalogue` together with the product catalogue. An empty database gets the demo
 * catalogue of `fixtures/catalogue/boxes.json` on first use. Each process keeps the parsed
 * document and its geometry lookup until the stored version changes.
 */
import { readFile } from 'node:fs/promises';
import { geometryLookup, parseCatalogue, type BoxCatalogueFile } from '@rainplan/engine/catalogue';
import type { ItemGeometryLookup } from '@rainplan/engine/boxgrid';
import { BoxCatalogue } from '../db/entities/box-configuration.ts';
import { CatalogueProduct } from '../db/entities/catalogue.ts';
import type { EntityManager } from '../db/orm.ts';
import { DEMO_CATALOGUE_DIR } from '../catalogue/store.ts';

export interface LoadedBoxCatalogue {
  readonly version: number;
  readonly document: BoxCatalogueFile;
  readonly lookup: ItemGeometryLookup;
}

let cached: LoadedBoxCatalogue | undefined;

/** The product catalogue as the engine's products file (for `parseCatalogue`). */
export async function productsFile(em: EntityManager): Promise<{ currency: string; products: unknown[] }> {
  const rows = await em.find(CatalogueProduct, {}, { orderBy: { position: 'asc' }, disableIdentityMap: true });
  return {
    currency: rows[0]?.currency ?? 'EUR',
    products: rows.map((p) => ({
      materialNumber: p.materialNumber,
      ...(p.orderNumber == null ? {} : { orderNumber: p.orderNumber }),
      nameDe: p.nameDe,
      ...(p.nameEn == null ? {} : { nameEn: p.nameEn }),
      ...(p.longTextDe == null ? {} : { longTextDe: p.longTextDe }),
      ...(p.longTextEn == null ? {} : { longTextEn: p.longTextEn }),
      unit: p.unit,
      listPrice: p.listPrice,
    })),
  };
}

/** Loads the demo box catalogue when the table is empty (idempotent, safe with several processes). */
async function ensureBoxCatalogue(em: EntityManager, dir: URL = DEMO_CATALOGUE_DIR): Promise<void> {
  const boxes = JSON.parse(await readFile(new URL('boxes.json', dir), 'utf8')) as unknown;
  await em.execute('insert into box_catalogue (id, version, document, imported_at) values (1, 1, ?::jsonb, ?) on conflict (id) do nothing', [
    JSON.stringify(boxes),
    new Date(),
  ]);
}

/** The current box catalogue (cached per process by version). */
export async function boxCatalogue(em: EntityManager): Promise<LoadedBoxCatalogue> {
  let [row] = await em.execute<Array<{ version: number }>>('select version from box_catalogue where id = 1');
  if (row === undefined) {
    await ensureBoxCatalogue(em);
    [row] = await em.execute<Array<{ version: number }>>('select version from box_catalogue where id = 1');
  }
  const version = Number(row?.version ?? 0);
  if (cached !== undefined && cached.version === version) return cached;
  const stored = await em.findOne(BoxCatalogue, { id: 1 }, { disableIdentityMap: true });
  if (stored === null) throw new Error('box catalogue missing after loading the demo catalogue');
  const document = stored.document as unknown as BoxCatalogueFile;
  cached = { version: stored.version, document, lookup: geometryLookup({ itemTypes: document.itemTypes }) };
  return cached;
}

/** The whole catalogue checked by the engine (products from the database, boxes from the document). */
export async function fullCatalogue(em: EntityManager) {
  const boxes = await boxCatalogue(em);
  const result = parseCatalogue(await productsFile(em), boxes.document);
  return { ...boxes, result };
}
