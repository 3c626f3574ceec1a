/**
 * The catalogue: treatment facilities and products. An empty database gets the demo catalogue of
 * `fixtures/catalogue/` at start (`ensureCatalogue`, idempotent); an import replaces the
 * products and the box catalogue in one transaction (versions.ts `replaceCatalogue`).
 */
import { readFile } from 'node:fs/promises';
import type { TreatmentFacility } from '@rainplan/engine';
import { Decimal } from 'decimal.js';
import { CatalogueFacility, CatalogueProduct } from '../db/entities/catalogue.ts';
import type { EntityManager, Orm } from '../db/orm.ts';

export const DEMO_CATALOGUE_DIR = new URL('../../../fixtures/catalogue/', import.meta.url);

export interface ProductInput {
  materialNumber: string;
  orderNumber: string | null;
  nameDe: string;
  nameEn: string | null;
  longTextDe: string | null;
  longTextEn: string | null;
  unit: string;
  /** Decimal string with at most 2 decimals. */
  listPrice: string;
  currency: string;
}

/** A product as a products file holds it: the optional texts may be missing. */
export type StoredProduct = Omit<ProductInput, 'currency' | 'orderNumber' | 'nameEn' | 'longTextDe' | 'longTextEn'> & Partial<Omit<ProductInput, 'currency'>>;

/** A product of a products file as an import row: missing optional texts as null, priced in `currency`. */
export function productInputOf(p: StoredProduct, currency: string): ProductInput {
  return {
    materialNumber: p.materialNumber,
    orderNumber: p.orderNumber ?? null,
    nameDe: p.nameDe,
    nameEn: p.nameEn ?? null,
    longTextDe: p.longTextDe ?? null,
    longTextEn: p.longTextEn ?? null,
    unit: p.unit,
    listPrice: p.listPrice,
    currency,
  };
}

interface FacilityFile {
  facilities: Array<Omit<TreatmentFacility, 'neededAmount'>>;
}
interface ProductFile {
  currency?: string;
  products: Array<Omit<ProductInput, 'currency'> & { currency?: string }>;
}

/** Loads the demo catalogue into empty catalogue tables (each table on its own). */
export async function ensureCatalogue(orm: Orm, dir: URL = DEMO_CATALOGUE_DIR): Promise<void> {
  const em = orm.em.fork();
  if ((await em.count(CatalogueFacility, {})) === 0) {
    const file = JSON.parse(await readFile(new URL('facilities.json', dir), 'utf8')) as FacilityFile;
    await loadOnce(em, 'catalogue_facility', async (tx) => {
      await tx.insertMany(
        CatalogueFacility,
        file.facilities.map((f, position) => ({
          businessId: f.businessId,
          position,
          type: f.type,
          m153Type: f.m153Type ?? null,
          value: f.value,
          maxArea: f.maxArea,
          bypassType: f.bypassType,
          regulationType: f.regulationType,
          url: f.url ?? null,
        })),
      );
    });
  }
  if ((await em.count(CatalogueProduct, {})) === 0) {
    const file = JSON.parse(await readFile(new URL('products.json', dir), 'utf8')) as ProductFile;
    const products = file.products.map((p) => ({ ...p, currency: p.currency ?? file.currency ?? 'EUR' }));
    await loadOnce(em, 'catalogue_product', (tx) => insertProducts(tx, products));
  }
}

/**
 * Fills an empty table in one transaction. Two processes starting on one empty database race:
 * the loser's insert fails on the primary key, and it finds the table filled.
 */
async function filled(em: EntityManager, table: string): Promise<boolean> {
  const rows = await em.execute<Array<{ any: boolean }>>(`select exists (select 1 from ${table}) as any`);
  return rows[0]?.any === true;
}

async function loadOnce(em: EntityManager, table: 'catalogue_facility' | 'catalogue_product', fill: (tx: EntityManager) => Promise<void>): Promise<void> {
  try {
    await em.transactional(async (tx) => {
      if ((await filled(tx, table))) return;
      await fill(tx);
    });
  } catch (error) {
    if (!(await filled(em.fork(), table))) throw error;
  }
}

export async function insertProducts(em: EntityManager, products: readonly ProductInput[]): Promise<void> {
  const BATCH = 1000;
  for (let i = 0; i < products.length; i += BATCH) {
    await em.insertMany(
      CatalogueProduct,
      products.slice(i, i + BATCH).map((p, k) => ({ ...p, listPrice: new Decimal(p.listPrice).toFixed(2), position: i + k })),
    );
  }
}

/**
 * Facilities are read on every waterflow write; they change only when the database is set up, so
 * each process keeps them for a minute (per database: the key is the ORM's metadata).
 */
const FACILITY_CACHE_MS = 60_000;
const facilityCache = new WeakMap<object, { readonly at: number; readonly facilities: TreatmentFacility[] }>();

/** The facilities as the engine and the clients see them, in catalogue order. */
export async function loadFacilities(em: EntityManager): Promise<TreatmentFacility[]> {
  const key = em.getMetadata();
  const cached = facilityCache.get(key);
  if (cached !== undefined && performance.now() - cached.at < FACILITY_CACHE_MS) return cached.facilities;
  const facilities = await readFacilities(em);
  facilityCache.set(key, { at: performance.now(), facilities });
  return facilities;
}

async function readFacilities(em: EntityManager): Promise<TreatmentFacility[]> {
  const rows = await em.find(CatalogueFacility, {}, { orderBy: { position: 'asc' }, disableIdentityMap: true });
  return rows.map((f) => ({
    businessId: f.businessId,
    type: f.type,
    m153Type: f.m153Type ?? null,
    value: Number(f.value),
    maxArea: Number(f.maxArea),
    bypassType: f.bypassType,
    regulationType: f.regulationType,
    url: f.url ?? null,
  }));
}
