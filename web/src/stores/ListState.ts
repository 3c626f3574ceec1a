/**
 * State of one server-paged, sortable, searchable list (project lists, admin lists): the spec's
 * list parameters, the loaded page and a loading flag. Stores own one per list and call `load`.
 */
import { action, makeObservable, observable, observableRef, runInAction } from 'mobx';
import type { ListParams, Paged } from '../api/index.ts';

export interface ListQuery {
  page: number;
  pageSize: number;
  sortByColumn: string;
  sortAscending: boolean;
  searchString: string;
  searchInColumn: string | undefined;
}

export class ListState<T> {
  entries: readonly T[] = [];
  totalCount = 0;
  loading = false;
  loaded = false;
  query: ListQuery;
  private requestId = 0;

  private readonly fetchPage: (params: ListParams) => Promise<Paged<T>>;

  constructor(fetchPage: (params: ListParams) => Promise<Paged<T>>, initial: Partial<ListQuery> = {}) {
    this.fetchPage = fetchPage;
    this.query = { page: 1, pageSize: 10, sortByColumn: 'creationDate', sortAscending: false, searchString: '', searchInColumn: undefined, ...initial };
    makeObservable(this, { entries: observableRef, totalCount: observable, loading: observable, loaded: observable, query: observable, setQuery: action, load: action });
  }

  get pageCount(): number {
    return Math.max(1, Math.ceil(this.totalCount / this.query.pageSize));
  }

  /** Changes parameters (e.g. page, sort, search) and reloads. */
  setQuery(change: Partial<ListQuery>): Promise<void> {
    Object.assign(this.query, change);
    return this.load();
  }

  /** Loads the current page; a later load supersedes an earlier one. */
  async load(): Promise<void> {
    const id = ++this.requestId;
    this.loading = true;
    const q = this.query;
    try {
      const page = await this.fetchPage({
        Page: q.page,
        PageSize: q.pageSize,
        SortByColumn: q.sortByColumn,
        SortAscending: q.sortAscending,
        SearchString: q.searchString === '' ? undefined : q.searchString,
        SearchInColumn: q.searchString === '' ? undefined : q.searchInColumn,
      });
      if (id !== this.requestId) return;
      runInAction(() => {
        this.entries = page.entries;
        this.totalCount = page.totalCount;
        this.loaded = true;
      });
    } finally {
      if (id === this.requestId) runInAction(() => (this.loading = false));
    }
  }

  /** After a deletion: step back a page when the current one would lie beyond the last, then reload (spec section 4). */
  async reloadAfterDelete(): Promise<void> {
    const lastPage = Math.max(1, Math.ceil((this.totalCount - 1) / this.query.pageSize));
    if (this.query.page > lastPage) runInAction(() => (this.query.page = lastPage));
    await this.load();
  }
}
