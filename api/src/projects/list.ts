/**
 * A page of projects for the lists. Creator and owner names are loaded with one query by id:
 * MikroORM's populate of two to-one relations on a paged query (joins inside a limit/offset
 * subquery) cost about six times the page query itself (docs/performance.md).
 */
import type { FilterQuery } from '@mikro-orm/core';
import { Project } from '../db/entities/project.ts';
import { User } from '../db/entities/user.ts';
import type { EntityManager } from '../db/orm.ts';
import type { ResolvedList } from '../schemas/list-query.ts';

export async function projectPage(em: EntityManager, where: FilterQuery<Project>, list: ResolvedList): Promise<[Project[], number]> {
  const sortsByPerson = JSON.stringify(list.orderBy).match(/"(creator|owner)"/) !== null;
  const [rows, totalCount] = await em.findAndCount(Project, where, {
    orderBy: list.orderBy as never,
    limit: list.limit,
    offset: list.offset,
    // Sorting by a person's name needs the join; otherwise people are loaded below.
    ...(sortsByPerson ? { populate: ['creator', 'owner'] as never } : {}),
  });
  if (!sortsByPerson) {
    const ids = [...new Set(rows.flatMap((p) => [p.creator?.id, p.owner?.id]).filter((id): id is string => id !== undefined))];
    if (ids.length > 0) await em.find(User, { id: { $in: ids } }, { fields: ['id', 'name'] });
  }
  return [rows, totalCount];
}
