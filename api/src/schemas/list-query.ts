/**
 * The list parameters of the spec (section 7): SearchString, Page, PageSize, SortAscending,
 * SortByColumn, SearchInColumn — one schema and one resolver for every paged list
 * (GET /Admin/users, /Admin/organizations, /Admin/{userId}/projects, /Project/userProjects, …).
 *
 * Each list declares which columns may be sorted by and searched in (`defineListColumns`);
 * `resolveListQuery` turns the query into MikroORM `where`, `orderBy`, `limit` and `offset`.
 * Column names are matched without regard to case; an unknown column answers 400, code 2, naming
 * the allowed ones. A list answers `{ entries, totalCount }` (`Paged(entry)`).
 *
 *   const COLUMNS = defineListColumns({
 *     sort: { name: 'name', creationDate: 'creationDate', creator: 'creator.name' },
 *     search: { name: 'name', address: 'address' },
 *     defaultSort: 'creationDate',
 *     defaultAscending: false,
 *   });
 *   app.get('/userProjects', { schema: { querystring: ListQuery, response: { 200: Paged(ProjectSummary) } } },
 *     async (request) => {
 *       const list = resolveListQuery(request.query, COLUMNS);
 *       const [rows, totalCount] = await request.em.findAndCount(Project,
 *         { $and: [{ owner: userId }, list.where] }, { orderBy: list.orderBy, limit: list.limit, offset: list.offset });
 *       return { entries: rows.map(toSummary), totalCount };
 *     });
 */
import { raw } from '@mikro-orm/core';
import { Type, type Static, type TSchema } from 'typebox';
import { validation } from '../errors.ts';

/** The spec's "all" page size: the largest 32-bit integer (section 9). */
export const ALL = 2_147_483_647;
export const DEFAULT_PAGE_SIZE = 10;

/** The fields of the list query; spread them into a route's querystring schema to add more. */
export const LIST_QUERY_FIELDS = {
  SearchString: Type.Optional(Type.String({ maxLength: 200, description: 'Text to look for (case-insensitive, anywhere in the value)' })),
  Page: Type.Integer({ minimum: 1, maximum: ALL, default: 1, description: 'Page number, from 1' }),
  PageSize: Type.Union([Type.Integer({ minimum: 1, maximum: ALL }), Type.Literal('all')], {
    default: DEFAULT_PAGE_SIZE,
    description: `Entries per page (10, 20, 50, …); ${ALL} or "all" for every entry`,
  }),
  SortAscending: Type.Optional(Type.Boolean({ description: "Sort order; default: the list's own" })),
  SortByColumn: Type.Optional(Type.String({ maxLength: 64, description: "A sortable column of the list; default: the list's own" })),
  SearchInColumn: Type.Optional(
    Type.String({ maxLength: 64, description: 'Search only in this column; default: every searchable column' }),
  ),
};
export const ListQuery = Type.Object(LIST_QUERY_FIELDS);
export type ListQuery = Static<typeof ListQuery>;

/** The answer of a paged list. */
export const Paged = <T extends TSchema>(entry: T) =>
  Type.Object({ entries: Type.Array(entry), totalCount: Type.Integer({ description: 'Entries on all pages' }) });

/**
 * Where a column's values come from: a property path (`name`, `owner.name`), or SQL for values
 * that are not a property, given the table alias (`(alias) => \`(select count(*) … ${alias}.id)\``).
 */
export type ColumnSource = string | ((alias: string) => string);

export interface ListColumns {
  /** Column name (as clients send it) → its source. */
  readonly sort: Readonly<Record<string, ColumnSource>>;
  /** Column name → property path of a text property. */
  readonly search: Readonly<Record<string, string>>;
  readonly defaultSort: string;
  readonly defaultAscending: boolean;
  /** Appended to every order, so that pages do not overlap (default `id`). */
  readonly tieBreaker?: string;
}

export function defineListColumns<const C extends ListColumns>(columns: C & { defaultSort: keyof C['sort'] & string }): C {
  if (!(columns.defaultSort in columns.sort)) throw new Error(`defaultSort ${columns.defaultSort} is not a sort column`);
  return columns;
}

export interface ResolvedList {
  readonly page: number;
  readonly pageSize: number;
  readonly limit: number;
  readonly offset: number;
  /** A filter for the search (`{}` without one); combine it with the list's own filter in `$and`. */
  readonly where: Record<string, unknown>;
  readonly orderBy: Array<Record<string, unknown>>;
}

/** The query as MikroORM options; 400 (code 2) for a column the list does not have. */
export function resolveListQuery(query: ListQuery, columns: ListColumns): ResolvedList {
  const pageSize = query.PageSize === 'all' ? ALL : query.PageSize;
  const page = query.Page;
  const sortName = query.SortByColumn === undefined || query.SortByColumn === '' ? columns.defaultSort : query.SortByColumn;
  const sortKey = findColumn(columns.sort, sortName, 'SortByColumn');
  const direction = (query.SortAscending ?? columns.defaultAscending) ? 'asc' : 'desc';
  const source = columns.sort[sortKey] as ColumnSource;
  const orderBy = [orderFor(source, direction), { [columns.tieBreaker ?? 'id']: 'asc' }];

  let where: Record<string, unknown> = {};
  const text = query.SearchString?.trim() ?? '';
  const only = query.SearchInColumn === undefined || query.SearchInColumn === '' ? undefined : findColumn(columns.search, query.SearchInColumn, 'SearchInColumn');
  if (text !== '') {
    const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const paths = only === undefined ? Object.values(columns.search) : [columns.search[only] as string];
    const conditions = paths.map((path) => nest(path, { $ilike: pattern }));
    where = conditions.length === 1 ? (conditions[0] as Record<string, unknown>) : { $or: conditions };
  }
  return { page, pageSize, limit: pageSize, offset: (page - 1) * pageSize, where, orderBy };
}

function findColumn(columns: Readonly<Record<string, unknown>>, name: string, parameter: string): string {
  const wanted = name.toLowerCase();
  const found = Object.keys(columns).find((key) => key.toLowerCase() === wanted);
  if (found === undefined) {
    throw validation(`querystring/${parameter}: unknown column "${name}"; use one of ${Object.keys(columns).join(', ')}`);
  }
  return found;
}

function orderFor(source: ColumnSource, direction: 'asc' | 'desc'): Record<string, unknown> {
  if (typeof source === 'function') return { [raw(source)]: direction };
  return nest(source, direction);
}

function nest(path: string, value: unknown): Record<string, unknown> {
  return path
    .split('.')
    .reverse()
    .reduce<unknown>((inner, key) => ({ [key]: inner }), value) as Record<string, unknown>;
}
