import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { Project } from './project.ts';

/**
 * The list prices of one catalogue version (decision 0100): `version` is the box catalogue's
 * version (`box_catalogue.version`, raised by every import), `prices` maps each product's
 * materialNumber to its list price (decimal string). Kept so that a project planned with an
 * older catalogue keeps its prices until its planner updates them.
 */
export const CatalogueVersion = defineEntity({
  name: 'CatalogueVersion',
  tableName: 'catalogue_version',
  properties: {
    version: p.integer().primary().autoincrement(false),
    importedAt: p.datetime(),
    prices: p.json<Record<string, string>>(),
  },
});
export type CatalogueVersion = InferEntity<typeof CatalogueVersion>;

/**
 * The catalogue version whose prices a project keeps (decision 0100). A project without a row
 * is priced with the current catalogue; every import first pins the projects without a row to
 * the version they were planned with. `POST /Project/{projectId}/updatePrices` removes the pin.
 */
export const ProjectCatalogueVersion = defineEntity({
  name: 'ProjectCatalogueVersion',
  tableName: 'project_catalogue_version',
  properties: {
    project: () => p.oneToOne(Project).primary().deleteRule('cascade'),
    catalogueVersion: p.integer(),
    pinnedAt: p.datetime(),
  },
});
export type ProjectCatalogueVersion = InferEntity<typeof ProjectCatalogueVersion>;
