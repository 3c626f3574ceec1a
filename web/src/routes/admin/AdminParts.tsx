/** Shared parts of the admin screens: the menu tabs (users, organizations, rain data import) and the page / perPage query sync. */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useSearchParams } from 'react-router';
import type { PaginationState, SortingState } from '../../components/DataTable.tsx';
import type { ListState } from '../../stores/ListState.ts';

export function AdminTabs() {
  const { t } = useTranslation('admin');
  return (
    <nav className="rp-tabs" aria-label={t('tabs.label')}>
      <NavLink to="/admin/users">{t('tabs.users')}</NavLink>
      <NavLink to="/admin/organizations">{t('tabs.organizations')}</NavLink>
      <NavLink to="/admin/raindata">{t('tabs.raindata')}</NavLink>
    </nav>
  );
}

function positiveInt(value: string | null, fallback: number): number {
  const number = Number(value);
  return value !== null && Number.isInteger(number) && number > 0 ? number : fallback;
}

/**
 * Keeps a server list in step with the route's `page` and `perPage` query parameters: the URL is
 * the source; table changes write it. Returns the DataTable's controlled props.
 */
export function useListQuery<T>(list: ListState<T>) {
  const [params, setParams] = useSearchParams();
  const page = positiveInt(params.get('page'), 1);
  const perPage = positiveInt(params.get('perPage'), 10);

  useEffect(() => {
    void list.setQuery({ page, pageSize: perPage }).catch(() => undefined);
  }, [list, page, perPage]);

  const pagination: PaginationState = { pageIndex: page - 1, pageSize: perPage };
  const sorting: SortingState = [{ id: list.query.sortByColumn, desc: !list.query.sortAscending }];
  return {
    totalCount: list.totalCount,
    pagination,
    sorting,
    onPaginationChange: (next: PaginationState) => setParams({ page: String(next.pageIndex + 1), perPage: String(next.pageSize) }),
    onSortingChange: (next: SortingState) => {
      const first = next[0];
      void list.setQuery(first === undefined ? { sortAscending: !list.query.sortAscending } : { sortByColumn: first.id, sortAscending: !first.desc }).catch(() => undefined);
    },
    loading: list.loading && !list.loaded,
  };
}

/** Keeps the page query in step after a deletion stepped the list back a page. */
export function usePageFollows<T>(list: ListState<T>) {
  const [params, setParams] = useSearchParams();
  const page = positiveInt(params.get('page'), 1);
  useEffect(() => {
    if (list.loaded && list.query.page !== page) setParams({ page: String(list.query.page), perPage: String(list.query.pageSize) }, { replace: true });
  }, [list.loaded, list.query.page, list.query.pageSize, page, setParams]);
}
