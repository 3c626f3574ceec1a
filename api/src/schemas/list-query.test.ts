import { describe, expect, it } from 'vitest';
import { ApiError } from '../errors.ts';
import { ALL, defineListColumns, resolveListQuery, type ListQuery } from './list-query.ts';

const COLUMNS = defineListColumns({
  sort: { name: 'name', creationDate: 'creationDate', creator: 'creator.name', count: (alias: string) => `(select 1 from x where x.id = ${alias}.id)` },
  search: { name: 'name', creator: 'creator.name' },
  defaultSort: 'creationDate',
  defaultAscending: false,
});
const query = (fields: Partial<ListQuery> = {}): ListQuery => ({ Page: 1, PageSize: 10, ...fields });

describe('resolveListQuery', () => {
  it('uses the list defaults and ends every order with the id', () => {
    expect(resolveListQuery(query(), COLUMNS)).toEqual({
      page: 1,
      pageSize: 10,
      limit: 10,
      offset: 0,
      where: {},
      orderBy: [{ creationDate: 'desc' }, { id: 'asc' }],
    });
  });

  it('pages from 1, with "all" as the largest 32-bit integer', () => {
    expect(resolveListQuery(query({ Page: 3, PageSize: 20 }), COLUMNS)).toMatchObject({ limit: 20, offset: 40 });
    expect(resolveListQuery(query({ PageSize: 'all' }), COLUMNS)).toMatchObject({ pageSize: ALL, limit: ALL, offset: 0 });
  });

  it('sorts by a column of any case, nested paths and SQL expressions included', () => {
    expect(resolveListQuery(query({ SortByColumn: 'CREATOR', SortAscending: true }), COLUMNS).orderBy[0]).toEqual({ creator: { name: 'asc' } });
    const [raw] = resolveListQuery(query({ SortByColumn: 'count' }), COLUMNS).orderBy;
    const record = (raw ?? {}) as Record<PropertyKey, unknown>;
    expect(Reflect.ownKeys(record).map((key) => record[key])).toEqual(['desc']);
  });

  it('searches every searchable column, or one, with LIKE wildcards taken literally', () => {
    expect(resolveListQuery(query({ SearchString: ' 50%_a\\b ' }), COLUMNS).where).toEqual({
      $or: [{ name: { $ilike: '%50\\%\\_a\\\\b%' } }, { creator: { name: { $ilike: '%50\\%\\_a\\\\b%' } } }],
    });
    expect(resolveListQuery(query({ SearchString: 'x', SearchInColumn: 'Creator' }), COLUMNS).where).toEqual({
      creator: { name: { $ilike: '%x%' } },
    });
    expect(resolveListQuery(query({ SearchString: '   ' }), COLUMNS).where).toEqual({});
  });

  it('refuses unknown columns with code 2, naming the allowed ones', () => {
    for (const fields of [{ SortByColumn: 'password' }, { SearchInColumn: 'creationDate', SearchString: 'x' }]) {
      try {
        resolveListQuery(query(fields), COLUMNS);
        expect.unreachable();
      } catch (error) {
        expect(error).toBeInstanceOf(ApiError);
        expect((error as ApiError).body()).toMatchObject({ code: 2 });
        expect((error as ApiError).message).toMatch(/use one of /);
      }
    }
  });
});
