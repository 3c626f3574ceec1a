import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { Project } from './project.ts';

/** Regulations a treatment facility is rated for (planning spec section 3). */
export const REGULATION_TYPES = ['M153', 'A102'] as const;
/** Bypass types (planning spec section 9). */
export const BYPASS_TYPES = ['NoBypass', 'Optional', 'Required', 'DIBtApproved'] as const;

/** A treatment facility of the catalogue (GET /Project/purificationFacilities). */
export const CatalogueFacility = defineEntity({
  name: 'CatalogueFacility',
  tableName: 'catalogue_facility',
  properties: {
    businessId: p.string().length(100).primary(),
    position: p.integer(),
    type: p.string().length(100),
    m153Type: p.string().length(20).nullable(),
    /** Throughput value D (M 153) or efficiency η (A 102-2), 0 … 1. */
    value: p.double(),
    maxArea: p.double(),
    bypassType: p.enum(BYPASS_TYPES),
    regulationType: p.enum(REGULATION_TYPES),
    /** Data sheet file name (opened from /dataSheets/{file name}). */
    url: p.string().nullable(),
  },
});
export type CatalogueFacility = InferEntity<typeof CatalogueFacility>;

/** A product of the catalogue: article number, names and texts in German and English, list price. */
export const CatalogueProduct = defineEntity({
  name: 'CatalogueProduct',
  tableName: 'catalogue_product',
  properties: {
    materialNumber: p.string().length(64).primary(),
    position: p.integer(),
    orderNumber: p.string().length(64).nullable(),
    nameDe: p.text(),
    nameEn: p.text().nullable(),
    longTextDe: p.text().nullable(),
    longTextEn: p.text().nullable(),
    unit: p.string().length(20),
    /** List price excluding VAT, exact (numeric(12,2), read as a decimal string). */
    listPrice: p.decimal('string').precision(12).scale(2),
    currency: p.string().length(3).default('EUR'),
  },
});
export type CatalogueProduct = InferEntity<typeof CatalogueProduct>;

/** One line of a measure's additional-products list (stored as the planner edited it). */
export interface ProductLineData {
  materialNumber: string;
  orderNumber: string | null;
  text: string;
  longText: string | null;
  unit: string;
  /** Decimal strings (decimal.js on the server). */
  quantity: string;
  unitPrice: string;
}

/** The additional products of a measure (GET/PUT /Project/{projectId}/measure/{measureId}/additionalProducts). */
export const MeasureProducts = defineEntity({
  name: 'MeasureProducts',
  tableName: 'measure_products',
  properties: {
    project: () => p.manyToOne(Project).primary().deleteRule('cascade'),
    measureId: p.string().length(64).primary(),
    lines: p.json<ProductLineData[]>(),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  },
});
export type MeasureProducts = InferEntity<typeof MeasureProducts>;
