/** Pieces shared by the project list and the support project list. */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { SortingState, PaginationState } from '../../components/DataTable.tsx';
import { Button } from '../../components/Button.tsx';
import { TextField } from '../../components/TextField.tsx';
import type { ListState } from '../../stores/ListState.ts';

export function formatDate(value: string | null | undefined, language: string): string {
  if (value === null || value === undefined || value === '') return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/** DataTable's controlled sorting / pagination ↔ ListState.query (page 1-based). */
export function tableState<T>(list: ListState<T>) {
  const sorting: SortingState = [{ id: list.query.sortByColumn, desc: !list.query.sortAscending }];
  const pagination: PaginationState = { pageIndex: list.query.page - 1, pageSize: list.query.pageSize };
  return {
    sorting,
    pagination,
    totalCount: list.totalCount,
    loading: list.loading,
    onSortingChange: (next: SortingState) => {
      const first = next[0];
      void list.setQuery(first === undefined ? { sortByColumn: 'creationDate', sortAscending: false, page: 1 } : { sortByColumn: first.id, sortAscending: !first.desc, page: 1 });
    },
    onPaginationChange: (next: PaginationState) => {
      void list.setQuery({ page: next.pageIndex + 1, pageSize: next.pageSize });
    },
  };
}

/** Search on column name: Enter or the search button triggers, the clear button resets. */
export function ProjectSearch<T>({ list }: { list: ListState<T> }) {
  const { t } = useTranslation('projects');
  const [text, setText] = useState(list.query.searchString);
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    void list.setQuery({ searchString: text.trim(), page: 1 });
  };
  return (
    <form role="search" className="rp-projects__search" onSubmit={submit}>
      <TextField label={t('list.search')} value={text} onChange={setText} type="search" />
      <Button type="submit" variant="secondary">
        {t('common:actions.search')}
      </Button>
      <Button
        variant="ghost"
        isDisabled={text === '' && list.query.searchString === ''}
        onPress={() => {
          setText('');
          void list.setQuery({ searchString: '', page: 1 });
        }}
      >
        {t('common:actions.clear')}
      </Button>
    </form>
  );
}

/** Address, comment and the four links of an expanded row. */
export function ProjectDetails({ projectId, name, address, comment }: { projectId: string; name: string; address: string | null | undefined; comment: string | null | undefined }) {
  const { t } = useTranslation('projects');
  const base = `/project/${encodeURIComponent(projectId)}`;
  return (
    <div className="rp-projects__details">
      <dl>
        <dt>{t('list.address')}</dt>
        <dd>{address === null || address === undefined || address === '' ? '—' : address}</dd>
        <dt>{t('list.comment')}</dt>
        <dd>{comment === null || comment === undefined || comment === '' ? '—' : comment}</dd>
      </dl>
      <nav aria-label={t('list.linksOf', { name })} className="rp-projects__links">
        <Link to={`${base}/projectData`}>{t('list.linkProjectData')}</Link>
        <Link to={`${base}/dimensioning`}>{t('list.linkDimensioning')}</Link>
        <Link to={`${base}/configurator`}>{t('list.linkConfigurator')}</Link>
        <Link to={`${base}/documents`}>{t('list.linkDocuments')}</Link>
      </nav>
    </div>
  );
}
