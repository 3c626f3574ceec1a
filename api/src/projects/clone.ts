/**
 * Cloning a project as one transaction (the spec's client does it in many calls; the api keeps
 * those calls and adds POST /Project/{id}/clone, decision 0053): a new project with the name plus
 * a copy suffix, the same location, data and custom rain data, every node with a new id (parent
 * links, surface lists and M 153 surface data remapped), the measures' product lists; the caller
 * becomes creator and owner, support is closed; box configurations with their items (box ids
 * renumbered b1…bn, spec section 4 "box ids reset"), product lists and measure links (remapped).
 * Any failure rolls everything back.
 */
import { randomUUID } from 'node:crypto';
import type { Measure, Purification, SealedSurface, Waterflow } from '@rainplan/engine';
import { BoxConfiguration, type BoxItemData } from '../db/entities/box-configuration.ts';
import { MeasureProducts } from '../db/entities/catalogue.ts';
import { Project } from '../db/entities/project.ts';
import type { Culture } from '../db/entities/user.ts';
import { WaterflowNode as NodeRow } from '../db/entities/waterflow-node.ts';
import type { EntityManager } from '../db/orm.ts';

export const COPY_SUFFIX: Record<Culture, string> = { de: ' (Kopie)', en: ' (copy)' };

export type CloneStep = 'project' | 'nodes' | 'products' | 'configurations';

export interface CloneOptions {
  readonly name?: string | undefined;
  readonly culture?: Culture;
  /** Called after each step inside the transaction (tests inject failures here). */
  readonly afterStep?: (step: CloneStep) => void | Promise<void>;
}

/** Old id → new id for every node. */
function remapper(waterflow: Waterflow): (id: string) => string {
  const ids = new Map<string, string>();
  for (const node of [...waterflow.sealedSurfaces, ...waterflow.purifications, ...waterflow.measures]) ids.set(node.id, randomUUID());
  return (id) => ids.get(id) ?? id;
}

export function remapWaterflow(waterflow: Waterflow, map: (id: string) => string): Waterflow {
  const parent = (id: string | null | undefined): string | null => (id === null || id === undefined ? null : map(id));
  return {
    sealedSurfaces: waterflow.sealedSurfaces.map((s): SealedSurface => ({ ...s, id: map(s.id), parentId: parent(s.parentId) })),
    purifications: waterflow.purifications.map(
      (p): Purification => ({
        ...p,
        id: map(p.id),
        parentId: parent(p.parentId),
        sealedSurfaces: p.sealedSurfaces.map(map),
        data: p.data.surfacesM153Data == null ? p.data : { ...p.data, surfacesM153Data: p.data.surfacesM153Data.map((d) => ({ ...d, surfaceId: map(d.surfaceId) })) },
      }),
    ),
    measures: waterflow.measures.map((m): Measure => ({ ...m, id: map(m.id), parentId: parent(m.parentId), sealedSurfaces: m.sealedSurfaces.map(map) })),
  };
}

/** Clones `source` for `user`; returns the new project's id. */
export async function cloneProject(em: EntityManager, source: Project, user: { readonly id: string }, options: CloneOptions = {}): Promise<string> {
  return em.transactional(async (tx) => {
    const id = randomUUID();
    const now = new Date();
    const name = options.name?.trim() || `${source.name}${COPY_SUFFIX[options.culture ?? 'de']}`;
    await tx.insert(Project, {
      id,
      name: name.slice(0, 255),
      comment: source.comment ?? null,
      latitude: source.latitude ?? null,
      longitude: source.longitude ?? null,
      address: source.address ?? null,
      airPollution: source.airPollution ?? null,
      clientData: source.clientData ?? null,
      customRainData: source.customRainData ?? null,
      ruleEdition: source.ruleEdition,
      creator: user.id,
      owner: user.id,
      supportState: 'CLOSED',
      supportRequestDate: null,
      creationDate: now,
      updatedAt: now,
    });
    await options.afterStep?.('project');

    const rows = await tx.find(NodeRow, { project: source.id }, { orderBy: { position: 'asc' }, disableIdentityMap: true });
    const waterflow: Waterflow = {
      sealedSurfaces: rows.filter((r) => r.kind === 'surface').map((r) => r.data as unknown as SealedSurface),
      purifications: rows.filter((r) => r.kind === 'purification').map((r) => r.data as unknown as Purification),
      measures: rows.filter((r) => r.kind === 'measure').map((r) => r.data as unknown as Measure),
    };
    const map = remapper(waterflow);
    const copied = remapWaterflow(waterflow, map);
    const byId = new Map([...copied.sealedSurfaces, ...copied.purifications, ...copied.measures].map((n) => [n.id, n]));
    if (rows.length > 0) {
      await tx.insertMany(
        NodeRow,
        rows.map((row) => ({
          project: id,
          id: map(row.id),
          kind: row.kind,
          position: row.position,
          data: byId.get(map(row.id)) as unknown as Record<string, unknown>,
          version: 1,
          updatedAt: now,
        })),
      );
    }
    await options.afterStep?.('nodes');

    const products = await tx.find(MeasureProducts, { project: source.id }, { disableIdentityMap: true });
    if (products.length > 0) {
      await tx.insertMany(
        MeasureProducts,
        products.map((p) => ({ project: id, measureId: map(p.measureId), lines: p.lines, updatedAt: now })),
      );
    }
    await options.afterStep?.('products');

    // The copy keeps the catalogue version whose prices the original keeps (decision 0100).
    await tx.execute(
      'insert into project_catalogue_version (project_id, catalogue_version, pinned_at) select ?, catalogue_version, ? from project_catalogue_version where project_id = ?',
      [id, now, source.id],
    );

    const configurations = await tx.find(BoxConfiguration, { project: source.id }, { orderBy: { creationDate: 'asc', id: 'asc' }, disableIdentityMap: true });
    for (const [index, c] of configurations.entries()) {
      const copyId = randomUUID();
      // Keeps the list order of the original (creationDate orders the list).
      const created = new Date(now.getTime() + index);
      await tx.insert(BoxConfiguration, {
        id: copyId,
        project: id,
        measureId: c.measureId == null ? null : map(c.measureId),
        name: c.name,
        dimensioning: c.dimensioning,
        projectionAxes: c.projectionAxes,
        groundLevel: c.groundLevel,
        plantBottomLevel: c.plantBottomLevel,
        stormwaterObjective: c.stormwaterObjective,
        measureOwnDimensioning: c.measureOwnDimensioning ?? null,
        additionalProducts: c.additionalProducts,
        itemCount: c.itemCount,
        nextItemNumber: c.itemCount + 1,
        version: 1,
        creationDate: created,
        updatedAt: now,
      });
      const [row] = await tx.execute<Array<{ items: string }>>('select items::text as items from box_configuration_items where configuration_id = ?', [c.id]);
      const items = JSON.parse(row?.items ?? '[]') as BoxItemData[];
      const renumbered = items.map((item, n) => ({ ...item, boxId: `b${n + 1}` }));
      await tx.execute('insert into box_configuration_items (configuration_id, items) values (?, ?::json)', [copyId, JSON.stringify(renumbered)]);
    }
    await options.afterStep?.('configurations');
    return id;
  });
}
