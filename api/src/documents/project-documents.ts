/**
 * What every document of a project is made from, loaded once per call: the engine's project file
 * (`engineProjectWithConfigurations`: comment, client, configurations with items, product lists)
 * and the catalogue with the list prices the project keeps (`projectCatalogue`), for the planner's
 * calls (GET /Documents/…) and the share link's (GET /Share/{token}/…) alike, so a shared document
 * equals the planner's (decision 0196).
 */
import type { Project as EngineProject } from '@rainplan/engine';
import { projectMassList } from '@rainplan/engine/bom';
import type { Catalogue } from '@rainplan/engine/catalogue';
import type { Static } from 'typebox';
import { engineProjectWithConfigurations } from '../box-configurator/bill.ts';
import { languageOf } from '../catalogue/products.ts';
import { projectCatalogue, type PriceVersionFields } from '../catalogue/versions.ts';
import type { EntityManager } from '../db/orm.ts';
import type { ProjectFields } from '../projects/access.ts';
import type { MassListQuery } from '../schemas/documents.ts';

export interface ProjectDocumentInputs {
  readonly file: EngineProject;
  readonly catalogue: Catalogue;
  /** The price version the catalogue's prices come from (answered beside every mass list). */
  readonly fields: PriceVersionFields;
}

/** The project file (all configurations, or only `only.configurationId`'s) and the project's priced catalogue. */
export async function projectDocumentInputs(em: EntityManager, project: ProjectFields, only?: { configurationId: string }): Promise<ProjectDocumentInputs> {
  const [file, { catalogue, fields }] = await Promise.all([engineProjectWithConfigurations(em, project, only), projectCatalogue(em, project.id)]);
  return { file, catalogue, fields };
}

/**
 * The project's mass list as GET /Documents/{projectId}/masslist/data and GET /Share/{token}/masslist/data
 * answer it: the engine's bill (groupBy none by default, prices unless `prices=false`) with the price version fields.
 */
export async function projectMassListData(em: EntityManager, project: ProjectFields, query: Static<typeof MassListQuery>) {
  const { file, catalogue, fields } = await projectDocumentInputs(em, project);
  const bill = projectMassList(file, catalogue, {
    groupBy: query.groupBy ?? 'none',
    language: languageOf(query.languageCode),
    prices: query.prices !== 'false',
  });
  return { ...bill, ...fields };
}
