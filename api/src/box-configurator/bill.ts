/**
 * The project as the engine's project file (the engine's schema version) with its box configurations and
 * product lists, and the catalogue checked by the engine — what the mass lists need (engine
 * `@rainplan/engine/bom`, decimal.js). Nothing is computed here: the engine builds every bill.
 */
import type { Project as EngineProject } from '@rainplan/engine';
import { parseCatalogue, type Catalogue } from '@rainplan/engine/catalogue';
import { Decimal } from 'decimal.js';
import { BoxConfiguration, type BoxItemData } from '../db/entities/box-configuration.ts';
import { MeasureProducts, type ProductLineData } from '../db/entities/catalogue.ts';
import type { EntityManager } from '../db/orm.ts';
import { ApiError, ErrorCode } from '../errors.ts';
import type { ProjectFields } from '../projects/access.ts';
import { engineContext, loadWaterflow, toEngineProject } from '../projects/waterflow.ts';
import { boxCatalogue, productsFile } from './catalogue.ts';

/** A stored product line as the engine's additional product (quantity at most 3 decimals). */
export function engineProductLine(line: ProductLineData) {
  return {
    materialNumber: line.materialNumber,
    ...(line.orderNumber === null ? {} : { orderNumber: line.orderNumber }),
    text: line.text,
    ...(line.longText === null ? {} : { longText: line.longText }),
    unit: line.unit,
    quantity: new Decimal(line.quantity).toDecimalPlaces(3, Decimal.ROUND_HALF_UP).toString(),
    unitPrice: new Decimal(line.unitPrice).toFixed(2),
  };
}

/** The engine file's client block keys (engine ClientDataSchema); other stored keys stay out. */
const CLIENT_KEYS = ['formOfAddress', 'name', 'street', 'streetNo', 'zipCode', 'city'] as const;

/** The project's comment and client block as the project file holds them (absent when empty). */
async function commentAndClient(em: EntityManager, projectId: string): Promise<Pick<EngineProject['project'], 'comment' | 'clientData'>> {
  const [row] = await em.execute<Array<{ comment: string | null; client_data: unknown }>>('select comment, client_data from project where id = ?', [projectId]);
  const out: { comment?: string; clientData?: NonNullable<EngineProject['project']['clientData']> } = {};
  if (row === undefined) return out;
  if (typeof row.comment === 'string' && row.comment.trim() !== '') out.comment = row.comment;
  const stored = typeof row.client_data === 'string' ? (JSON.parse(row.client_data) as unknown) : row.client_data;
  if (stored !== null && typeof stored === 'object' && !Array.isArray(stored)) {
    const client: Record<string, string> = {};
    for (const key of CLIENT_KEYS) {
      const v = (stored as Record<string, unknown>)[key];
      if (typeof v === 'string' && v !== '') client[key] = v;
    }
    if (Object.keys(client).length > 0) out.clientData = client as NonNullable<EngineProject['project']['clientData']>;
  }
  return out;
}

/**
 * The whole project for the engine — the one project file of every document: waterflow, comment
 * and client block, every configuration with items, product lists. The planner's report and
 * project-file download (GET /Documents/{projectId}/projectFile), the share view (GET /Share/{token}),
 * the mass lists and the GAEB files all read this file, so a shared document equals the planner's.
 */
export async function engineProjectWithConfigurations(em: EntityManager, project: ProjectFields, only?: { configurationId: string }): Promise<EngineProject> {
  const [{ waterflow }, context, extra] = await Promise.all([loadWaterflow(em, project.id), engineContext(em, project), commentAndClient(em, project.id)]);
  const rows = await em.find(BoxConfiguration, { project: project.id, ...(only === undefined ? {} : { id: only.configurationId }) }, { orderBy: { creationDate: 'asc', id: 'asc' }, disableIdentityMap: true });
  const items = new Map<string, BoxItemData[]>();
  if (rows.length > 0) {
    const stored = await em.execute<Array<{ configuration_id: string; items: string }>>(
      `select configuration_id, items::text as items from box_configuration_items where configuration_id in (${rows.map(() => '?').join(', ')})`,
      rows.map((r) => r.id),
    );
    for (const s of stored) items.set(s.configuration_id, JSON.parse(s.items) as BoxItemData[]);
  }
  const products = await em.find(MeasureProducts, { project: project.id }, { disableIdentityMap: true });
  const base = toEngineProject(project, waterflow, context);
  return {
    ...base,
    project: { ...base.project, ...extra },
    boxConfigurations: rows.map((c) => ({
      id: c.id,
      name: c.name,
      measureId: c.measureId ?? null,
      dimensioning: c.dimensioning,
      projectionAxes: c.projectionAxes,
      groundLevel: Number(c.groundLevel),
      plantBottomLevel: Number(c.plantBottomLevel),
      stormwaterObjective: c.stormwaterObjective,
      items: (items.get(c.id) ?? []).map((i) => ({ ...i, options: i.options.map((o) => ({ propertyId: o.propertyId, ...(o.optionId == null ? {} : { optionId: o.optionId }), ...(o.value == null ? {} : { value: o.value }) })) })),
      additionalProducts: c.additionalProducts.map(engineProductLine),
    })),
    measureProducts: products.map((p) => ({ measureId: p.measureId, products: p.lines.map(engineProductLine) })),
  };
}

/** The catalogue (products and box catalogue) as the engine checks it; an inconsistent one answers 409. */
export async function engineCatalogue(em: EntityManager): Promise<Catalogue> {
  const boxes = await boxCatalogue(em);
  const result = parseCatalogue(await productsFile(em), boxes.document);
  if (!result.ok) {
    const first = result.errors[0];
    throw new ApiError(409, ErrorCode.GENERIC, `The catalogue is inconsistent (${result.errors.length} problems; first: ${first?.file ?? ''} ${first?.path ?? ''}: ${first?.message ?? ''}); an administrator must import a complete catalogue`);
  }
  return result.catalogue;
}
