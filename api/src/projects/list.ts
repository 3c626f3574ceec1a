/**
 * A page of projects for the lists, by one SQL statement: the list query is resolved (and its
 * columns checked) by the shared `resolveListQuery`, and its sort and search are translated to SQL
 * here, with the people's names joined and the total counted in the same statement
 * (`count(*) over ()`). Through the ORM the same page took three queries and hydrating every
 * project with its people — about three times the CPU (docs/performance.md).
 */
import type { Project } from '../db/entities/project.ts';
import type { EntityManager } from '../db/orm.ts';
import { resolveListQuery, type ListColumns, type ListQuery } from '../schemas/list-query.ts';

/** Property paths of the list columns → SQL over `project p`, creator `c`, owner `o`. */
const SQL_OF: Readonly<Record<string, string>> = {
  id: 'p.id',
  name: 'p.name',
  creationDate: 'p.creation_date',
  address: 'p.address',
  comment: 'p.comment',
  supportState: 'p.support_state',
  supportRequestDate: 'p.support_request_date',
  'creator.name': 'c.name',
  'owner.name': 'o.name',
};

/** A list entry's data (what `toProjectSummary` reads). */
export type ProjectListRow = Pick<Project, 'id' | 'name' | 'creationDate' | 'address' | 'comment' | 'supportState' | 'supportRequestDate'> & {
  creator: { id: string; name: string } | null;
  owner: { id: string; name: string } | null;
};

/** The scope of a list as SQL over `p`, `c`, `o` with `?` parameters. */
export interface ListScope {
  readonly sql: string;
  readonly params: readonly unknown[];
}

/** Leaf paths of a MikroORM condition or order object: `{ creator: { name: X } }` → ['creator.name', X]. */
function leaves(value: unknown, prefix = ''): Array<[string, unknown]> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return [[prefix, value]];
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 1 && entries[0]?.[0].startsWith('$')) return [[prefix, value]];
  return entries.flatMap(([key, inner]) => leaves(inner, prefix === '' ? key : `${prefix}.${key}`));
}

function sqlOf(path: string): string {
  const sql = SQL_OF[path];
  if (sql === undefined) throw new Error(`projects/list.ts: no SQL for the list column ${path}`);
  return sql;
}

interface Row {
  id: string;
  name: string;
  creation_date: Date | string;
  address: string | null;
  comment: string | null;
  support_state: Project['supportState'];
  support_request_date: Date | string | null;
  creator_id: string | null;
  creator_name: string | null;
  owner_id: string | null;
  owner_name: string | null;
  total: number | string;
}

export async function projectPage(em: EntityManager, scope: ListScope, query: ListQuery, columns: ListColumns): Promise<{ rows: ProjectListRow[]; totalCount: number }> {
  const list = resolveListQuery(query, columns);
  const order = list.orderBy.flatMap((entry) => leaves(entry)).map(([path, direction]) => `${sqlOf(path)} ${direction === 'desc' ? 'desc' : 'asc'}`);
  const params: unknown[] = [...scope.params];
  let search = '';
  const conditions = '$or' in list.where ? (list.where['$or'] as unknown[]) : Object.keys(list.where).length > 0 ? [list.where] : [];
  if (conditions.length > 0) {
    const parts = conditions.flatMap((condition) => leaves(condition)).map(([path, operator]) => {
      params.push((operator as { $ilike: string }).$ilike);
      return `${sqlOf(path)} ilike ?`;
    });
    search = ` and (${parts.join(' or ')})`;
  }
  const from = 'from project p left join app_user c on c.id = p.creator_id left join app_user o on o.id = p.owner_id';
  const rows = await em.execute<Row[]>(
    'select p.id, p.name, p.creation_date, p.address, p.comment, p.support_state, p.support_request_date, ' +
      'p.creator_id, c.name as creator_name, p.owner_id, o.name as owner_name, count(*) over () as total ' +
      `${from} where (${scope.sql})${search} order by ${order.join(', ')} limit ? offset ?`,
    [...params, list.limit, list.offset],
  );
  let totalCount = Number(rows[0]?.total ?? 0);
  if (rows.length === 0 && list.offset > 0) {
    const [count] = await em.execute<Array<{ total: number | string }>>(`select count(*) as total ${from} where (${scope.sql})${search}`, params);
    totalCount = Number(count?.total ?? 0);
  }
  const date = (value: Date | string) => (value instanceof Date ? value : new Date(value));
  return {
    totalCount,
    rows: rows.map((r) => ({
      id: r.id,
      name: r.name,
      creationDate: date(r.creation_date),
      address: r.address,
      comment: r.comment,
      supportState: r.support_state,
      supportRequestDate: r.support_request_date === null ? null : date(r.support_request_date),
      creator: r.creator_id === null ? null : { id: r.creator_id, name: r.creator_name ?? '' },
      owner: r.owner_id === null ? null : { id: r.owner_id, name: r.owner_name ?? '' },
    })),
  };
}
